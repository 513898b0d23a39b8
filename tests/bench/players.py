"""The player view's benchmarks (run by tests/bench/run.py), on the real
console (``gm-console open FILE --players``) in a pseudo-terminal, on
127.0.0.1 only; every loop is bounded:

* ``enter_to_browser``: the GM's Enter on an action to the browser's update
  (a headless Chromium on the page: the moment its DOM changes, seen through a
  DevTools binding) and, for the same key presses, the GM's own key-to-frame
  (the console's next frame on its pseudo-terminal); the browser is one of
  ``viewers`` viewers, the others plain SSE connections.
* ``gm_frames_by_viewers``: the GM's key-to-frame with 0, 8 and 50 SSE viewers
  connected to the same console process, in blocks of actions taken in turn.
  The viewers are read by a thread of this process, on the same machine.
"""

from __future__ import annotations

import asyncio
import json
import select
import socket
import threading
import time
from pathlib import Path

from tests.bench.generate import action_line
from tests.bench.terminal import Keyed

TOKEN = "bench-token"
MARKER = "acting:"
NOTICE = 8.5  # seconds the player view's start notice stays (it covers the log's title, where each frame's count shows)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_console(console: list[str], path: Path, env: dict[str, str]) -> tuple[Keyed, int]:
    port = free_port()
    gm = Keyed(console + ["open", str(path), "--players", "--port", str(port), "--token", TOKEN], env, MARKER)
    shown = time.perf_counter()
    for _ in range(200):  # the server starts just after the first frame
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            break
        except OSError:
            time.sleep(0.02)
    gm.term.drain(max(0.3, NOTICE - (time.perf_counter() - shown)))
    return gm, port


class Viewers:
    """``count`` SSE connections, read by one thread until closed."""

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
        while not self._stop and self.socks:
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


class Fight:
    """The GM's console on ``path`` (a fight of ``units`` units and ``actions``
    actions), typing the benchmarks' actions one after another."""

    def __init__(self, gm: Keyed, units: int, actions: int) -> None:
        self.gm, self.units, self.actions = gm, units, actions
        self.typed = 0

    def press(self) -> tuple[float, int]:
        return self.gm.press("\r", typed=action_line(self.typed, self.units))

    def frame(self, mark: int) -> float:
        """When the frame of the action just pressed is out."""
        self.typed += 1
        return self.gm.term.wait_for(f"{self.actions + self.typed} actions", since=mark)

    def one(self) -> float:
        sent, mark = self.press()
        return self.frame(mark) - sent


# ---------------------------------------------------------------- Enter to the browser

async def _enter_to_browser(fight: Fight, port: int, repeats: int) -> tuple[list[float], list[float]]:
    import aiohttp

    from tests.players.browser import Browser

    browser = await Browser().start(1920, 1080)
    seen: asyncio.Queue[tuple[float, str]] = asyncio.Queue()
    try:
        async def read_with_bindings() -> None:  # the binding's calls timed as they arrive
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
        await browser.send("Runtime.addBinding", name="gmSeen")
        await browser.goto(f"http://127.0.0.1:{port}/?token={TOKEN}")
        await browser.wait_for("document.querySelectorAll('.card').length > 0")
        await browser.eval(
            "new MutationObserver(() => gmSeen(document.getElementById('log').textContent))"
            ".observe(document.getElementById('main'), {childList: true, subtree: true, characterData: true}); true"
        )
        to_browser, to_frame = [], []
        for _ in range(repeats):
            await asyncio.sleep(0.1)
            while not seen.empty():
                seen.get_nowait()
            before = await browser.eval("document.getElementById('log').textContent")
            sent, mark = await asyncio.to_thread(fight.press)
            framed = asyncio.create_task(asyncio.to_thread(fight.frame, mark))
            try:
                while True:  # the first change of the page's log after Enter (this action's line)
                    shown, log = await asyncio.wait_for(seen.get(), 10)
                    if log != before:
                        break
            except TimeoutError:
                await framed
                continue
            to_browser.append(shown - sent)
            to_frame.append(await framed - sent)
        return to_browser, to_frame
    finally:
        await browser.close()


def enter_to_browser(console: list[str], path: Path, env: dict[str, str], units: int, actions: int, repeats: int, viewers: int) -> dict:
    """(Enter to the browser's update, Enter to the GM's frame), seconds; the
    browser and ``viewers - 1`` SSE connections watching."""
    gm, port = start_console(console, path, env)
    others = Viewers(port, viewers - 1)
    try:
        gm.term.drain(0.3)  # their first documents go out
        browser, frames = asyncio.run(_enter_to_browser(Fight(gm, units, actions), port, repeats))
    finally:
        others.close()
        gm.close()
    return {"browser": browser, "gm_frame": frames}


# ---------------------------------------------------------------- the GM's frame by viewers

def gm_frames_by_viewers(console: list[str], path: Path, env: dict[str, str], units: int, actions: int, repeats: int, counts: tuple[int, ...]) -> dict[int, list[float]]:
    """The GM's key-to-frame (seconds), ``repeats`` actions with each count of
    SSE viewers, in blocks taken in turn (none, then each count)."""
    gm, port = start_console(console, path, env)
    fight = Fight(gm, units, actions)
    frames: dict[int, list[float]] = {count: [] for count in (0, *counts)}
    block = max(3, repeats // 4)
    try:
        while len(frames[0]) < repeats:
            for count in frames:
                if count == 0:
                    frames[0] += [fight.one() for _ in range(block)]
                    continue
                viewers = Viewers(port, count)
                try:
                    gm.term.drain(0.3)  # their first documents go out
                    frames[count] += [fight.one() for _ in range(block)]
                    received = viewers.received
                finally:
                    viewers.close()
                gm.term.drain(0.3)
                assert received > count * 1000, f"the {count} viewers received nothing"
    finally:
        gm.close()
    return frames
