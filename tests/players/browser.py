"""Headless Chromium (Debian's /usr/bin/chromium) driven over the DevTools
protocol with aiohttp's websocket client: no Playwright, nothing downloaded."""

from __future__ import annotations

import asyncio
import base64
import itertools
import json
import os
import re
import shutil
import tempfile
from pathlib import Path
from typing import Any

import aiohttp

CHROMIUM = "/usr/bin/chromium"


def chromium_path() -> str | None:
    for path in (CHROMIUM, shutil.which("chromium") or ""):
        if path and os.path.exists(path):
            return path
    return None


class Browser:
    """One headless Chromium and one page (a DevTools session on it)."""

    def __init__(self) -> None:
        self.proc: asyncio.subprocess.Process | None = None
        self._dir = tempfile.mkdtemp(prefix="gm-chromium-")
        self._session: aiohttp.ClientSession | None = None
        self._ws: aiohttp.ClientWebSocketResponse | None = None
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future] = {}
        self._tasks: list[asyncio.Task] = []

    async def start(self, width: int = 1280, height: int = 800) -> Browser:
        path = chromium_path()
        assert path is not None, "Chromium is not installed (apt-get install chromium)"
        self.proc = await asyncio.create_subprocess_exec(
            path, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--disable-extensions", "--disable-default-apps", "--mute-audio", "--hide-scrollbars",
            "--disable-features=Translate,MediaRouter,OptimizationHints", "--font-render-hinting=none",
            f"--user-data-dir={self._dir}", "--remote-debugging-port=0", f"--window-size={width},{height}", "about:blank",
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE,
        )  # fmt: skip
        browser_ws = await asyncio.wait_for(self._devtools_url(), 30)
        port = re.search(r":(\d+)/", browser_ws).group(1)
        self._session = aiohttp.ClientSession()
        async with self._session.get(f"http://127.0.0.1:{port}/json/list") as r:
            pages = [t for t in await r.json() if t["type"] == "page"]
        self._ws = await self._session.ws_connect(pages[0]["webSocketDebuggerUrl"], max_msg_size=0)
        self._tasks.append(asyncio.create_task(self._read()))
        await self.send("Page.enable")
        await self.send("Runtime.enable")
        return self

    async def _devtools_url(self) -> str:
        assert self.proc is not None and self.proc.stderr is not None
        while True:
            line = (await self.proc.stderr.readline()).decode(errors="replace")
            if not line:
                raise RuntimeError("Chromium exited before it listened")
            m = re.search(r"DevTools listening on (ws://\S+)", line)
            if m:
                self._tasks.append(asyncio.create_task(self._drain()))
                return m.group(1)

    async def _drain(self) -> None:
        assert self.proc is not None and self.proc.stderr is not None
        while await self.proc.stderr.readline():
            pass

    async def _read(self) -> None:
        assert self._ws is not None
        async for msg in self._ws:
            if msg.type != aiohttp.WSMsgType.TEXT:
                continue
            data = json.loads(msg.data)
            future = self._waiting.pop(data.get("id", -1), None)
            if future is not None and not future.done():
                future.set_result(data)

    async def send(self, method: str, **params: Any) -> dict[str, Any]:
        assert self._ws is not None
        mid = next(self._ids)
        future = asyncio.get_running_loop().create_future()
        self._waiting[mid] = future
        await self._ws.send_str(json.dumps({"id": mid, "method": method, "params": params}))
        data = await asyncio.wait_for(future, 30)
        if "error" in data:
            raise RuntimeError(f"{method}: {data['error']}")
        return data.get("result", {})

    async def goto(self, url: str) -> None:
        await self.send("Page.navigate", url=url)
        await self.wait_for("document.readyState === 'complete'")

    async def eval(self, expression: str) -> Any:
        result = await self.send("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    async def wait_for(self, expression: str, timeout: float = 10.0, every: float = 0.01) -> Any:
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            value = await self.eval(expression)
            if value:
                return value
            if asyncio.get_running_loop().time() > deadline:
                raise AssertionError(f"not true in {timeout} s: {expression}")
            await asyncio.sleep(every)

    async def viewport(self, width: int, height: int, mobile: bool = False) -> None:
        await self.send(
            "Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1, mobile=mobile
        )

    async def screenshot(self, path: Path) -> bytes:
        data = base64.b64decode((await self.send("Page.captureScreenshot", format="png"))["data"])
        path.write_bytes(data)
        return data

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        if self._ws is not None:
            await self._ws.close()
        if self._session is not None:
            await self._session.close()
        if self.proc is not None and self.proc.returncode is None:
            self.proc.terminate()
            try:
                await asyncio.wait_for(self.proc.wait(), 10)
            except asyncio.TimeoutError:
                self.proc.kill()
                await self.proc.wait()
        shutil.rmtree(self._dir, ignore_errors=True)


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
