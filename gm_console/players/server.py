"""The player view's HTTP server: aiohttp on the running asyncio loop.

Endpoints (names kept stable for tools and tests):

* ``GET /?token=T``            the page (static HTML; no data in it)
* ``GET /state.json?token=T``  the player-safe document (docs/json.md)
* ``GET /events?token=T``      Server-Sent Events: the same document, sent
                               at once and again after every change
* ``GET /app.js``, ``GET /app.css``  the page's assets

Every request needs the token: the ``token`` query parameter, else the
cookie the server sets when the query had it (HttpOnly, SameSite=Strict);
compared in constant time; 403 otherwise. Only GET (405 for any other
method); a path not in the fixed list is 404, and no path of a request ever
reaches the file system: the assets are read from the package once, at start.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import secrets
import socket
from collections.abc import Callable
from importlib import resources
from typing import Any

from aiohttp import web

COOKIE = "gm_players"
HEARTBEAT = 15.0  # seconds between SSE comments: a dead connection is noticed
RETRY_MS = 1000  # what the browser's EventSource waits before reconnecting
STUCK = 60.0  # seconds a write to a viewer may wait for it to read before it is disconnected
PING = b"event: ping\ndata: 1\n\n"
CSP = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
SECURITY_HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cache-Control": "no-store",
    "Cross-Origin-Resource-Policy": "same-origin",
}
# request path -> (package file, content type): the only files the server sends
ASSETS = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/app.js": ("app.js", "text/javascript; charset=utf-8"),
    "/app.css": ("app.css", "text/css; charset=utf-8"),
}


def read_assets() -> dict[str, tuple[bytes, str]]:
    page = resources.files("gm_console.players") / "page"
    return {path: ((page / name).read_bytes(), kind) for path, (name, kind) in ASSETS.items()}


# One encoder for every document (json.dumps builds one per call). No check for
# circular references: a document is built fresh of dicts, lists and scalars.
_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False)


def encode(document: dict[str, Any]) -> bytes:
    """The document as one line of UTF-8 JSON (an SSE data line holds no newline)."""
    return _ENCODER.encode(document).encode("utf-8")


def sse_message(body: bytes) -> bytes:
    """``body`` (a document's JSON) as one server-sent event."""
    return b"data: " + body + b"\n\n"


def is_loopback(host: str) -> bool:
    return host in ("localhost", "::1") or host.startswith("127.")


class PlayerServer:
    """The server; ``publish`` hands it each new document (from the app, on the loop)."""

    def __init__(
        self,
        document: Callable[[], dict[str, Any]],
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        token: str | None = None,
        on_viewers: Callable[[int], None] | None = None,
    ) -> None:
        self._document = document
        self.host = host
        self.port = port
        self.token = token or secrets.token_urlsafe(18)
        self._on_viewers = on_viewers
        self._body: bytes = b""
        self._version = 0
        self._streams: set[asyncio.Event] = set()  # each viewer's stream: set when there is a new document
        self._stale = False  # the game changed since self._body was built (no stream was open)
        self._runner: web.AppRunner | None = None
        self._assets = read_assets()
        self.closing = False

    # ------------------------------------------------------------ life
    async def start(self) -> None:
        self._body = encode(self._document())
        app = web.Application(middlewares=[self._guard], client_max_size=1024)
        app.router.add_route("*", "/{tail:.*}", self._route)
        # handler_cancellation: a browser that goes away ends its stream at once (the count of viewers)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False, handler_cancellation=True, shutdown_timeout=0.5)
        await self._runner.setup()
        family = socket.AF_INET6 if ":" in self.host else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM)
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind((self.host, self.port))
        except OSError:
            sock.close()
            await self._runner.cleanup()
            self._runner = None
            raise
        self.port = sock.getsockname()[1]
        site = web.SockSite(self._runner, sock)
        await site.start()

    async def stop(self) -> None:
        self.closing = True
        for wake in self._streams:
            wake.set()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        self._streams.clear()

    @property
    def running(self) -> bool:
        return self._runner is not None

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}/?token={self.token}"

    @property
    def viewers(self) -> int:
        return len(self._streams)

    @property
    def exposed(self) -> bool:
        """Bound where the table's network reaches it (not the loopback)."""
        return not is_loopback(self.host)

    # ------------------------------------------------------------ publishing
    def changed(self) -> bool:
        """The game changed: publish its document now when someone watches;
        with no stream open, only note it (the document is built when
        /state.json is asked for or a stream opens, not after every action)."""
        if not self._streams:
            self._stale = True
            return False
        return self.publish(self._document())

    def _fresh_body(self) -> bytes:
        """The latest document's bytes, built first if a change came while nobody watched."""
        if self._stale:
            self.publish(self._document())
        return self._body

    def publish(self, document: dict[str, Any]) -> bool:
        """Send ``document`` to every viewer when it differs from the last one;
        True when it did. Each viewer's stream writes the latest document when
        its last write is done: a slow viewer never blocks this call and skips
        the documents that came while it was behind."""
        self._stale = False
        body = encode(document)
        if body == self._body:
            return False
        self._body = body
        self._version += 1
        for wake in self._streams:
            wake.set()
        return True

    # ------------------------------------------------------------ requests
    def _authorised(self, request: web.Request) -> tuple[bool, bool]:
        """(allowed, from the query): the query's token, else the cookie's."""
        given = request.query.get("token")
        if given is not None:
            return hmac.compare_digest(given.encode("utf-8", "replace"), self.token.encode()), True
        cookie = request.cookies.get(COOKIE)
        if cookie is not None:
            return hmac.compare_digest(cookie.encode("utf-8", "replace"), self.token.encode()), False
        return False, False

    @web.middleware
    async def _guard(self, request: web.Request, handler) -> web.StreamResponse:
        if request.method != "GET":
            response: web.StreamResponse = web.Response(status=405, text="only GET\n", headers={"Allow": "GET"})
        else:
            allowed, by_query = self._authorised(request)
            if not allowed:
                response = web.Response(status=403, text="a valid token is needed: ask the GM for the link\n")
            else:
                response = await handler(request)
                if by_query and not response.prepared:
                    response.set_cookie(COOKIE, self.token, httponly=True, samesite="Strict", path="/")
        if not response.prepared:
            response.headers.update(SECURITY_HEADERS)
        return response

    async def _route(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/state.json":
            return web.Response(body=self._fresh_body(), content_type="application/json", charset="utf-8")
        if path == "/events":
            return await self._events(request)
        asset = self._assets.get(path)
        if asset is None:
            return web.Response(status=404, text="not found\n")
        body, kind = asset
        return web.Response(body=body, headers={"Content-Type": kind})

    async def _events(self, request: web.Request) -> web.StreamResponse:
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream; charset=utf-8", **SECURITY_HEADERS})
        allowed, by_query = self._authorised(request)
        if by_query and allowed:
            response.set_cookie(COOKIE, self.token, httponly=True, samesite="Strict", path="/")
        await response.prepare(request)
        wake = asyncio.Event()
        self._streams.add(wake)
        self._viewers_changed()
        sent = None  # the version of the last document written
        message = f"retry: {RETRY_MS}\n\n".encode()  # sent with the first document
        try:
            while not self.closing:
                wake.clear()
                if sent != self._version:
                    body = self._fresh_body()
                    sent = self._version
                    if not await self._write(request, response, message + sse_message(body)):
                        break
                    message = b""
                    continue
                try:
                    await asyncio.wait_for(wake.wait(), HEARTBEAT)
                except asyncio.TimeoutError:
                    if not await self._write(request, response, PING):
                        break
        except ConnectionError:  # the browser went away mid-write
            pass
        finally:
            self._streams.discard(wake)
            if not self.closing:
                self._viewers_changed()
        return response

    @staticmethod
    async def _write(request: web.Request, response: web.StreamResponse, data: bytes) -> bool:
        """Write ``data`` to the stream; False (and the connection closed) when
        the viewer has read nothing of what it was sent for ``STUCK`` seconds
        (``write`` waits while more than aiohttp's limit is unread)."""
        try:
            async with asyncio.timeout(STUCK):
                await response.write(data)
        except TimeoutError:
            if request.transport is not None:
                request.transport.abort()
            return False
        return True

    def _viewers_changed(self) -> None:
        if self._on_viewers is not None:
            try:
                self._on_viewers(len(self._streams))
            except Exception:  # the console's display must never break the server
                pass
