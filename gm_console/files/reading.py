"""Reading a file a GM named: only a regular file, only so much of it.

An encounter, party, library, theme or config path may point anywhere:
``/dev/zero`` would be read until memory runs out, a named pipe or
``/dev/stdin`` would be waited on for ever. ``read_user_file`` opens without
blocking (a FIFO is refused, not waited on), refuses what is not a regular
file, and reads at most ``MAX_BYTES`` (a file that grows past it while read
is refused too).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

MAX_BYTES = 16 * 1024 * 1024  # 16 MiB: a 10,000-action fight is about 250 KB


class UnreadableFile(OSError):
    """A path that names no regular file of a readable size; ``reason`` says why."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def read_user_file(path: str | Path, limit: int = MAX_BYTES) -> bytes:
    """The bytes of the regular file ``path``. Raises FileNotFoundError,
    IsADirectoryError, UnreadableFile (a device, a pipe, a socket, or more
    than ``limit`` bytes) or another OSError."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError(21, "Is a directory", str(path))
        if not stat.S_ISREG(info.st_mode):
            raise UnreadableFile(f"not a regular file ({_kind(info.st_mode)}); give the path of a file")
        if info.st_size > limit:
            raise UnreadableFile(_too_big(info.st_size, limit))
        chunks: list[bytes] = []
        size = 0
        while True:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            size += len(chunk)
            if size > limit:
                raise UnreadableFile(_too_big(size, limit, growing=True))
            chunks.append(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def _too_big(size: int, limit: int, *, growing: bool = False) -> str:
    what = f"more than {limit // (1024 * 1024)} MiB" if growing else f"{size:,} bytes"
    return f"too big to read: {what}, at most {limit // (1024 * 1024)} MiB (files.reading.MAX_BYTES)"


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a file"
