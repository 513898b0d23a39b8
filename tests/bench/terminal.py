"""Run a program in a real pseudo-terminal and time what appears on it.

Both run in a modern terminal (xterm-256color with truecolor). The parent keeps reading the terminal's output; "first frame" is the moment
a marker text (drawn only by the first complete frame) shows up in it. Both
our console and the baselines are measured the same way.
"""

from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import struct
import subprocess
import termios
import time


class Terminal:
    def __init__(self, argv: list[str], size: tuple[int, int] = (120, 40), env: dict[str, str] | None = None) -> None:
        master, slave = pty.openpty()
        cols, rows = size
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        full_env = dict(os.environ, TERM="xterm-256color", COLORTERM="truecolor", COLUMNS=str(cols), LINES=str(rows), **(env or {}))
        self.started = time.perf_counter()
        self.proc = subprocess.Popen(
            argv, stdin=slave, stdout=slave, stderr=slave, env=full_env, start_new_session=True, close_fds=True
        )
        os.close(slave)
        self.master = master
        self.buffer = b""

    def wait_for(self, marker: str, timeout: float = 30.0, since: int = 0) -> float:
        """Read output until ``marker`` appears after byte ``since``; return the time."""
        needle = marker.encode()
        deadline = time.perf_counter() + timeout
        while True:
            if needle in self.buffer[since:]:
                return time.perf_counter()
            left = deadline - time.perf_counter()
            if left <= 0:
                tail = self.buffer[-400:].decode(errors="replace")
                raise TimeoutError(f"{marker!r} did not appear; last output: {tail!r}")
            ready, _, _ = select.select([self.master], [], [], min(left, 0.5))
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:
                    chunk = b""
                if not chunk and self.proc.poll() is not None:
                    raise TimeoutError(f"the program exited before {marker!r} appeared")
                self.buffer += chunk

    def drain(self, seconds: float = 0.05) -> None:
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            ready, _, _ = select.select([self.master], [], [], 0.01)
            if ready:
                try:
                    self.buffer += os.read(self.master, 65536)
                except OSError:
                    return

    def send(self, data: str) -> int:
        """Write keys to the program; return the output position before them."""
        self.drain(0.0)
        mark = len(self.buffer)
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
