"""Benchmark figures of the player view (run by tests/bench/run.py):

* ``players_ratio``: the GM's Enter on an action to the browser's update (a
  headless Chromium on the page: the moment its DOM changes, seen through a
  DevTools binding) against the GM's own key-to-frame (the console's next
  frame on its pseudo-terminal) for the same key presses. Goal: <= 1.0.
* ``viewers_ratio``: the GM's key-to-frame with 50 connected SSE viewers
  against none, in the same console process, blocks of actions interleaved.
  Goal: <= 1.1.

Both drive the real console (``gm-console open FILE --players``) in a
pseudo-terminal, on 127.0.0.1 only; every loop is bounded.
"""

from __future__ import annotations

import asyncio
import select
import socket
import statistics
import threading
import time
from pathlib import Path

from tests.bench.generate import encounter_text
from tests.bench.terminal import Terminal

TOKEN = "bench-token"
MARKER = "acting:"
LOG_FULL = 40
NOTICE = 8.5  # seconds the player view's start notice stays


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_console(console: list[str], tmp: Path, env: dict[str, str]) -> tuple[Terminal, int]:
    path = tmp / "players-fifty.toml"
    path.write_text(encounter_text(50, LOG_FULL))
    port = free_port()
    term = Terminal(console + ["open", str(path), "--players", "--port", str(port), "--token", TOKEN], env=env)
    term.wait_for(MARKER, timeout=60)
    shown = time.perf_counter()
    for _ in range(200):  # the server starts just after the first frame
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            break
        except OSError:
            time.sleep(0.02)
    # the "player view on: URL" notice (8 s) covers the log's title, where each frame's count shows
    term.drain(max(0.3, NOTICE - (time.perf_counter() - shown)))
    return term, port


def line(i: int) -> str:
    return f"hit u{(2 * i) % 50} u{(2 * i + 1) % 50} free [{1 + i % 20}]"


def press(term: Terminal, i: int) -> tuple[float, int]:
    """Type action ``i`` (untimed), then Enter; (when Enter was sent, where the frame starts)."""
    typed = line(i)
    mark = term.send(typed)
    term.wait_for(typed[-12:], since=mark)
    term.drain(0.05)
    mark = term.send("\r")
    return time.perf_counter(), mark


def frame(term: Terminal, i: int, mark: int) -> float:
    return term.wait_for(f"{LOG_FULL + i + 1} actions", since=mark)


# ---------------------------------------------------------------- Enter to the browser

async def _enter_to_browser(term: Terminal, port: int, repeats: int) -> tuple[list[float], list[float]]:
    from tests.players.browser import Browser

    browser = await Browser().start(1920, 1080)
    seen: asyncio.Queue[tuple[float, str]] = asyncio.Queue()
    try:
        original = browser._read

        async def read_with_bindings() -> None:  # time each binding call as it arrives
            import json

            import aiohttp

            async for msg in browser._ws:
                if msg.type != aiohttp.WSMsgType.TEXT:
                    continue
                data = json.loads(msg.data)
                if data.get("method") == "Runtime.bindingCalled":
                    seen.put_nowait((time.perf_counter(), data["params"].get("payload", "")))
                    continue
                future = browser._waiting.pop(data.get("id", -1), None)
                if future is not None and not future.done():
                    future.set_result(data)

        for task in browser._tasks[1:]:
            task.cancel()
        browser._tasks = browser._tasks[:1] + [asyncio.create_task(read_with_bindings())]
        del original
        await browser.send("Runtime.addBinding", name="gmSeen")
        await browser.goto(f"http://127.0.0.1:{port}/?token={TOKEN}")
        await browser.wait_for("document.querySelectorAll('.card').length > 0")
        await browser.eval(
            "new MutationObserver(() => gmSeen(document.getElementById('log').textContent))"
            ".observe(document.getElementById('main'), {childList: true, subtree: true, characterData: true}); true"
        )
        to_browser, to_frame = [], []
        for i in range(repeats):
            await asyncio.sleep(0.1)
            while not seen.empty():
                seen.get_nowait()
            before = await browser.eval("document.getElementById('log').textContent")
            sent, mark = await asyncio.to_thread(press, term, i)
            framed = asyncio.create_task(asyncio.to_thread(frame, term, i, mark))
            try:
                while True:  # the first change of the page's log after Enter (this action's line)
                    shown, log = await asyncio.wait_for(seen.get(), 10)
                    if log != before:
                        break
            except asyncio.TimeoutError:
                await framed
                continue
            to_browser.append(shown - sent)
            to_frame.append(await framed - sent)
        return to_browser, to_frame
    finally:
        await browser.close()


def bench_enter_to_browser(console: list[str], tmp: Path, env: dict[str, str], repeats: int) -> dict:
    term, port = start_console(console, tmp, env)
    try:
        browser, frames = asyncio.run(_enter_to_browser(term, port, repeats))
    finally:
        term.close()
    return _figure(browser, frames, "browser", "gm_frame")


# ---------------------------------------------------------------- 50 viewers

class Viewers:
    """``count`` SSE connections read by one thread until closed."""

    def __init__(self, port: int, count: int) -> None:
        self.socks = []
        for _ in range(count):
            s = socket.create_connection(("127.0.0.1", port), timeout=5)
            s.sendall(f"GET /events?token={TOKEN} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n".encode())
            s.setblocking(False)
            self.socks.append(s)
        self.received = 0
        self._stop = False
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        while not self._stop:
            ready, _, _ = select.select(self.socks, [], [], 0.2)
            for s in ready:
                try:
                    self.received += len(s.recv(65536))
                except (BlockingIOError, OSError):
                    pass

    def close(self) -> None:
        self._stop = True
        self.thread.join(2)
        for s in self.socks:
            s.close()


def bench_viewers(console: list[str], tmp: Path, env: dict[str, str], repeats: int, count: int = 50) -> dict:
    term, port = start_console(console, tmp, env)
    with_viewers, without = [], []
    i = 0
    try:
        block = max(3, repeats // 4)
        while len(without) < repeats:
            for _ in range(block):  # none
                sent, mark = press(term, i)
                without.append(frame(term, i, mark) - sent)
                i += 1
            viewers = Viewers(port, count)
            try:
                term.drain(0.3)  # the 50 first documents go out
                for _ in range(block):
                    sent, mark = press(term, i)
                    with_viewers.append(frame(term, i, mark) - sent)
                    i += 1
                received = viewers.received
            finally:
                viewers.close()
            term.drain(0.3)
            assert received > count * 1000, "the viewers received nothing"
    finally:
        term.close()
    return _figure(with_viewers, without, "viewers_50", "viewers_0")


def _figure(ours: list[float], base: list[float], ours_name: str, base_name: str) -> dict:
    def spread(xs: list[float]) -> list[float]:
        qs = statistics.quantiles(xs, n=4) if len(xs) >= 2 else [xs[0]] * 3
        return [round(qs[0] * 1000, 2), round(qs[2] * 1000, 2)]

    return {
        "ours_s": statistics.median(ours),
        "baseline_s": statistics.median(base),
        "measured": {ours_name: len(ours), base_name: len(base)},
        "quartiles_ms": {ours_name: spread(ours), base_name: spread(base)},
        "spread": {"ours": [min(ours), max(ours)], "baseline": [min(base), max(base)]},
        "samples": {"ours": list(ours), "baseline": list(base)},
        "ratio_of_each": [round(a / b, 3) for a, b in zip(ours, base)] if ours_name == "browser" else None,
    }
