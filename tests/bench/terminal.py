"""Run a program in a real pseudo-terminal and time what appears on it.

Every program runs in a modern terminal (xterm-256color with truecolor), 120x40.
The parent keeps reading the terminal's output; "first frame" is the moment a
marker text (drawn only by the first complete frame) shows up in it, and a
key's frame the moment the text only that frame draws does. The console and
the baselines are measured the same way.

A marker is looked for in the raw output, or (``plain=True``) in the output
with its escape sequences taken out, for text a program may draw in more
than one style run (the command palette's hits).
"""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import signal
import struct
import subprocess
import termios
import time

ESCAPES = re.compile(rb"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[@-Z\\-_])")


def plain_text(data: bytes) -> str:
    """Terminal output without its escape sequences (colours, cursor moves)."""
    return ESCAPES.sub(b"", data).decode(errors="replace")


class Terminal:
    def __init__(
        self,
        argv: list[str],
        size: tuple[int, int] = (120, 40),
        env: dict[str, str] | None = None,
        stderr=None,
    ) -> None:
        master, slave = pty.openpty()
        cols, rows = size
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        full_env = dict(os.environ, TERM="xterm-256color", COLORTERM="truecolor", COLUMNS=str(cols), LINES=str(rows), **(env or {}))
        self.started = time.perf_counter()
        self.proc = subprocess.Popen(
            argv, stdin=slave, stdout=slave, stderr=stderr if stderr is not None else slave,
            env=full_env, start_new_session=True, close_fds=True,
        )
        os.close(slave)
        self.master = master
        self.buffer = b""

    def _found(self, needles: list[bytes] | list[str], since: int, plain: bool) -> str | None:
        if plain:
            text = plain_text(self.buffer[since:])
            return next((n for n in needles if n in text), None)  # type: ignore[operator]
        tail = self.buffer[since:]
        return next((n.decode() for n in needles if n in tail), None)  # type: ignore[union-attr,operator]

    def wait_for(self, marker: str | tuple[str, ...] | list[str], timeout: float = 30.0, since: int = 0, plain: bool = False) -> float:
        """Read output until ``marker`` (or any of several) appears after byte
        ``since``; return the time. ``self.seen`` is the marker that did."""
        markers = [marker] if isinstance(marker, str) else list(marker)
        needles = markers if plain else [m.encode() for m in markers]
        deadline = time.perf_counter() + timeout
        while True:
            found = self._found(needles, since, plain)
            if found is not None:
                self.seen = found
                return time.perf_counter()
            left = deadline - time.perf_counter()
            if left <= 0:
                tail = self.buffer[-400:].decode(errors="replace")
                raise TimeoutError(f"{markers[:3]!r} did not appear; last output: {tail!r}")
            ready, _, _ = select.select([self.master], [], [], min(left, 0.5))
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:
                    chunk = b""
                if not chunk and self.proc.poll() is not None:
                    raise TimeoutError(f"the program exited before {markers[:3]!r} appeared")
                self.buffer += chunk

    def drain(self, seconds: float = 0.05) -> None:
        """Read what the program writes for ``seconds`` (and what is already waiting)."""
        end = time.perf_counter() + seconds
        while True:
            ready, _, _ = select.select([self.master], [], [], max(0.0, min(0.01, end - time.perf_counter())))
            if ready and time.perf_counter() < end + 1.0:  # a program that never stops writing still returns
                try:
                    self.buffer += os.read(self.master, 65536)
                except OSError:
                    return
            elif time.perf_counter() >= end:
                return

    def send(self, data: str) -> int:
        """Write keys to the program; return the output position before them.
        ``self.sent`` is the time just before the write: taken after it, a
        benchmark preempted between the write and the clock (a loaded machine)
        could read a frame the program drew meanwhile as drawn at once."""
        self.drain(0.0)
        mark = len(self.buffer)
        self.sent = time.perf_counter()
        os.write(self.master, data.encode())
        return mark

    def peak_rss_kib(self) -> int:
        with open(f"/proc/{self.proc.pid}/status") as handle:
            for line in handle:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
        raise RuntimeError("no VmHWM")

    def close(self) -> None:
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.proc.wait()
        os.close(self.master)


SETTLE = 0.3  # s between the output settling and a timed key


class Keyed:
    """A program in a pseudo-terminal, its first frame out, ready for timed keys.

    A timed key is sent ``SETTLE`` after the program's output (the typed
    line's echo, the previous frame) has come: what the program puts off
    until after a frame (the console's FRAME_OUT, 50 ms, and the layouts a
    frame may leave for the next timer tick) is done by then, as it is when
    a GM reads the screen before the next key. With 50 ms, a ctrl+z sent
    after a `next` frame in a 12-unit fight took 1.6 times the `next`: it
    waited for the layouts the turn change had left."""

    def __init__(self, argv: list[str], env: dict[str, str], ready: str, timeout: float = 60) -> None:
        self.term = Terminal(argv, env=env)
        self.term.wait_for(ready, timeout=timeout)
        self.term.drain(0.5)

    def press(self, key: str, typed: str = "", settle: float = SETTLE) -> tuple[float, int]:
        """Type ``typed`` (untimed, waited for), let the output settle, then send
        ``key``: (when it was sent, where its frame's output starts)."""
        term = self.term
        if typed:
            mark = term.send(typed)
            term.wait_for(typed[-12:], since=mark)
        term.drain(settle)
        mark = term.send(key)
        return term.sent, mark

    def key(self, key: str, shown, typed: str = "", plain: bool = False, timeout: float = 30, settle: float = SETTLE) -> float:
        """Seconds from ``key`` to the frame showing ``shown`` (see ``press``)."""
        sent, mark = self.press(key, typed, settle)
        return self.term.wait_for(shown, since=mark, plain=plain, timeout=timeout) - sent

    def close(self) -> None:
        self.term.close()
