"""Atomic file writes: the file is present, whole, at every instant.

Used for encounters, starters, the config and party files alike. A save:

1. writes the new bytes to a temporary file in the same folder and fsyncs it;
2. keeps the previous version as ``NAME.bak`` by hard-linking it (a copy
   where links are not possible), so ``NAME`` itself never moves away;
3. renames the temporary file over ``NAME`` (``os.replace``, atomic on POSIX
   and Windows) and fsyncs the folder.

A kill at any moment leaves ``NAME`` as the old or the new version. Temporary
files left by a killed save (``.NAME.*.tmp``) are removed by the next save.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

TEMP_SUFFIX = ".tmp"


def _temp_prefix(path: Path) -> str:
    return f".{path.name}."


def atomic_write(path: str | Path, data: bytes | list[bytes] | Callable[[BinaryIO], None], *, backup: bool = True) -> None:
    """Write ``data`` to ``path`` so that a crash leaves the old or the new file,
    never a torn one and never none. The previous version is kept as
    ``NAME.bak`` when ``backup``. ``data`` may be a list of byte strings,
    written one after the other (no joined copy of a large file in memory),
    or a function that writes the file's bytes to the binary handle it is
    given (it may seek back and write over what it wrote: the reopen cache's
    header, which holds the hash of what follows it)."""
    import tempfile  # here, not at the top: with shutil and random it costs ~10 ms of every start, and only a save needs it

    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    _remove_stale_temps(folder, path)
    fd, tmp = tempfile.mkstemp(prefix=_temp_prefix(path), suffix=TEMP_SUFFIX, dir=folder)
    try:
        _keep_mode(fd, tmp, path)
        with os.fdopen(fd, "wb") as handle:
            if callable(data):
                data(handle)
            else:
                for chunk in data if isinstance(data, list) else (data,):
                    handle.write(chunk)
            handle.flush()
            os.fsync(handle.fileno())
        if backup and path.exists():
            _keep_backup(path, folder)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    _fsync_dir(folder)


def _keep_mode(fd: int, tmp: str, path: Path) -> None:
    """The new file gets the mode of the one it replaces (a new file: what
    ``open`` would give it under the umask), not mkstemp's 0600."""
    import stat

    try:
        mode = stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        umask = os.umask(0o022)
        os.umask(umask)
        mode = 0o666 & ~umask
    if hasattr(os, "fchmod"):
        os.fchmod(fd, mode)
    else:  # (Windows before Python 3.13)
        os.chmod(tmp, mode)


def _keep_backup(path: Path, folder: Path) -> None:
    """``NAME.bak`` becomes the current ``NAME`` while ``NAME`` stays where it is:
    a hard link (or a copy) under a temporary name, renamed over the old .bak."""
    import tempfile

    bak = path.with_name(path.name + ".bak")
    try:
        if bak.exists() and os.path.samefile(path, bak):
            return  # a save killed after its backup step: .bak already is this version
    except OSError:
        pass
    fd, staged = tempfile.mkstemp(prefix=_temp_prefix(path) + "bak.", suffix=TEMP_SUFFIX, dir=folder)
    os.close(fd)
    try:
        os.unlink(staged)
        try:
            os.link(path, staged)
        except OSError:  # no hard links here (some network and FAT folders): copy it
            import shutil

            shutil.copy2(path, staged)
        os.replace(staged, bak)
        if os.path.lexists(staged):  # rename() of two links to one file does nothing (POSIX)
            os.unlink(staged)
    except OSError:
        try:
            os.unlink(staged)
        except OSError:
            pass
        # a missing backup must not stop the save itself


def _remove_stale_temps(folder: Path, path: Path) -> None:
    """Temporary files of this name that a killed save left behind."""
    prefix = _temp_prefix(path)
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        if entry.name.startswith(prefix) and entry.name.endswith(TEMP_SUFFIX):
            try:
                os.unlink(entry.path)
            except OSError:
                pass


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
