"""The player view's HTTP server: aiohttp's low-level server on the running
asyncio loop.

Endpoints (names kept stable for tools and tests):

* ``GET /?token=T``            the page (static HTML; no data in it)
* ``GET /state.json?token=T``  the player-safe document (docs/json.md)
* ``GET /events?token=T``      Server-Sent Events: the same document, sent
                               at once and again after every change
* ``GET /app.js``, ``GET /app.css``  the page's assets

Every request needs the token: the ``token`` query parameter or the
``X-Player-Token`` header (the page sends it on each of its requests; no
cookie holds it, as a cookie would go to every port of the host); compared in
constant time; 403 otherwise. Only GET (405 for any other method); a path not
in the fixed list is 404, and no path of a request ever reaches the file
system: the assets are read from the package once, at start. A ``Host``
header the server was not bound for is 421 (DNS rebinding). Every answer,
aiohttp's own 400s included, carries the security headers and no ``Server``.

Connections are bounded (issue 28): one that has not sent a request head
within ``HEAD_TIMEOUT`` seconds (from when it opens, and between requests) is
closed; a refusal closes its connection; at most ``max_connections`` are kept
(``MAX_CONNECTIONS``, fewer when the process's descriptor limit is low, so
``FD_RESERVE`` descriptors stay free for the console's own files), and at
most ``MAX_PER_ADDRESS`` from one address of the network. The server takes
connections one at a time; a new one over either cap takes the place of the
oldest idle one (no request being answered); when every one is busy it is
closed at once. A stream whose viewer reads nothing for ``STUCK`` seconds is
closed.
"""

from __future__ import annotations

import asyncio
import errno
import hmac
import ipaddress
import json
import os
import re
import secrets
import socket
from collections.abc import Callable
from importlib import resources
from typing import TYPE_CHECKING, Any

from aiohttp import web

if TYPE_CHECKING:
    from aiohttp.web_protocol import RequestHandler

TOKEN_HEADER = "X-Player-Token"  # how the page's fetch sends the token (EventSource cannot set a header: its query does)
HEARTBEAT = 15.0  # seconds between SSE comments: a dead connection is noticed
RETRY_MS = 1000  # what the browser's EventSource waits before reconnecting
STUCK = 60.0  # seconds a write to a viewer may wait for it to read before it is disconnected
PING = b"event: ping\ndata: 1\n\n"
HEAD_TIMEOUT = 5.0  # seconds a connection may stay open without a request head (after it opens, and between requests)
MAX_CONNECTIONS = 64  # connections kept at once, in all
MAX_PER_ADDRESS = 16  # ... from one client address, but the loopback (a browser opens at most 6 to a host)
MIN_CONNECTIONS = 8  # the cap however low the descriptor limit
BACKLOG = 128  # connections the kernel holds until the server takes them (they cost the process no descriptor)
FD_RESERVE = 64  # descriptors the view leaves free for the console (saves, the journal, logs)
ACCEPT_RETRY = 0.5  # seconds the server waits to take connections again when the system has no descriptor left
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


TOKEN_CHARS = re.compile(r"[A-Za-z0-9_-]{1,200}")  # what secrets.token_urlsafe makes and --token accepts


def page_with_token(page: bytes, token: str) -> bytes:
    """The page with its script's and style's links carrying the token (they
    are requests of their own, and no cookie carries it)."""
    tagged = page
    for link in (b'src="app.js"', b'href="app.css"'):
        if link not in tagged:
            raise ValueError(f"the page has no {link.decode()}")
        tagged = tagged.replace(link, link[:-1] + b"?token=" + token.encode("ascii") + b'"')
    return tagged


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


def _ip(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """``text`` as an address (an IPv4 address mapped into IPv6 as the IPv4 one), or None."""
    try:
        address = ipaddress.ip_address(text.split("%", 1)[0])
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def split_host(host: str) -> tuple[str, str | None] | None:
    """A Host header as (name, port or None); None when it is not one."""
    if host.startswith("["):  # [v6] or [v6]:port
        end = host.find("]")
        if end < 0:
            return None
        name, rest = host[1:end], host[end + 1 :]
        if rest and not rest.startswith(":"):
            return None
        return name, (rest[1:] if rest else None)
    name, colon, port = host.partition(":")
    if ":" in port:
        return None
    return name, (port if colon else None)


def host_allowed(host: str | None, *, bound: str, port: int, local: str) -> bool:
    """Whether a request's ``Host`` names this server: ``localhost``, the address
    it is bound to, the address the connection came in on (bound to 0.0.0.0:
    any of the machine's, a LAN one or the loopback), and, bound to anything
    but the loopback, the machine's name (and NAME.local); with this port or
    none. Any other name may have been pointed at this machine by someone
    else's DNS (rebinding) and is refused, whatever token comes with it."""
    parts = split_host(host or "")
    if parts is None:
        return False
    name, given_port = parts
    name = name.lower()
    if not name or (given_port is not None and given_port != str(port)):
        return False
    if name == "localhost":
        return True
    address = _ip(name)
    if address is not None:  # an address: the one this connection came in on, or the one bound (never 0.0.0.0 itself)
        return not address.is_unspecified and address in (_ip(local), _ip(bound))
    if _ip(bound) is None and name == bound.lower():  # bound by name (--host gm-laptop)
        return True
    if is_loopback(bound):
        return False
    machine = socket.gethostname().lower()
    return name in (machine, machine.split(".")[0], machine.split(".")[0] + ".local")


def open_descriptors() -> int | None:
    """How many descriptors the process has open, where the system says (Linux, macOS)."""
    for folder in ("/proc/self/fd", "/dev/fd"):
        try:
            return len(os.listdir(folder)) - 1  # (less the one listing it)
        except OSError:
            continue
    return None


def connection_cap() -> int:
    """``MAX_CONNECTIONS``, or fewer when the descriptor limit is low: what the
    view may hold (its connections, one more being taken, its listening socket)
    leaves ``FD_RESERVE`` descriptors free for the console."""
    try:
        import resource
    except ImportError:  # (Windows: no such limit on sockets)
        return MAX_CONNECTIONS
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    used = open_descriptors()
    if soft == resource.RLIM_INFINITY or used is None:
        return MAX_CONNECTIONS
    room = soft - used - FD_RESERVE - 2
    return max(MIN_CONNECTIONS, min(MAX_CONNECTIONS, room))


def capped_per_address(address: str) -> bool:
    """Whether a client's connections count against ``MAX_PER_ADDRESS``: every
    address's but the loopback's, the GM's own machine (its browser, a TV on its
    HDMI, a benchmark's 50 viewers), whose connections the cap in all bounds."""
    ip = _ip(address)
    return ip is None or not ip.is_loopback


class _Request(web.BaseRequest):
    """Every answer goes out through here, aiohttp's own (a 400 for a malformed
    request) too: the security headers on each, and no ``Server`` header.
    (``_prepare_hook`` runs after aiohttp set its headers and before they are
    written; tests/players/test_hostile.py checks every kind of answer.)"""

    async def _prepare_hook(self, response: web.StreamResponse) -> None:
        response.headers.update(SECURITY_HEADERS)
        response.headers.popall("Server", None)


class _Connections(web.Server):
    """aiohttp's low-level server, keeping count: the connections open, by
    address and in arrival order, and those answering a request (busy)."""

    def __init__(self, handler: Any, *, cap: int, per_address: int, **kwargs: Any) -> None:
        super().__init__(handler, request_factory=self._request, **kwargs)
        self.cap = cap
        self.per_address = per_address
        self.open: dict[RequestHandler, str] = {}  # connection -> client address, oldest first
        self.busy: set[RequestHandler] = set()
        self.refused = 0  # connections closed at once: over a cap with none idle to make way

    def _request(self, message: Any, payload: Any, protocol: RequestHandler, writer: Any, task: Any) -> web.BaseRequest:
        return _Request(message, payload, protocol, writer, task, asyncio.get_running_loop(), client_max_size=1024)

    def connection_made(self, handler: RequestHandler, transport: asyncio.Transport) -> None:
        super().connection_made(handler, transport)
        peer = transport.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple) else str(peer)
        self.open[handler] = address
        same = [h for h, a in self.open.items() if a == address] if capped_per_address(address) else []
        if (len(same) > self.per_address and not self._make_way(same[:-1])) or (
            len(self.open) > self.cap and not self._make_way(list(self.open)[:-1])
        ):
            self.refused += 1
            self._close(handler)

    def connection_lost(self, handler: RequestHandler, exc: BaseException | None = None) -> None:
        self.open.pop(handler, None)
        self.busy.discard(handler)
        super().connection_lost(handler, exc)

    def _make_way(self, older: list[RequestHandler]) -> bool:
        """Close the oldest idle connection of ``older``; False when all are busy."""
        for handler in older:
            if handler not in self.busy:
                self._close(handler)
                return True
        return False

    def _close(self, handler: RequestHandler) -> None:
        self.open.pop(handler, None)
        self.busy.discard(handler)
        if handler.transport is not None:
            handler.transport.abort()  # the descriptor is freed at once, whatever is left to send


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
        if not TOKEN_CHARS.fullmatch(self.token):  # it goes into links as written
            raise ValueError("a token is 1-200 letters, digits, - or _")
        self._on_viewers = on_viewers
        self._body: bytes = b""
        self._version = 0
        self._streams: set[asyncio.Event] = set()  # each viewer's stream: set when there is a new document
        self._stale = False  # the game changed since self._body was built (no stream was open)
        self._runner: web.ServerRunner | None = None
        self._connections: _Connections | None = None
        self._listener: socket.socket | None = None
        self._accepting: asyncio.Task[None] | None = None
        self._assets = read_assets()
        page, kind = self._assets["/"]
        self._assets["/"] = (page_with_token(page, self.token), kind)
        self.max_connections = MAX_CONNECTIONS  # worked out again at start, from the descriptor limit
        self.closing = False

    # ------------------------------------------------------------ life
    async def start(self) -> None:
        self._body = encode(self._document())
        self.max_connections = connection_cap()
        # handler_cancellation: a browser that goes away ends its stream at once (the count of viewers).
        # keepalive_timeout: aiohttp closes a connection idle that long, from when it opens (no request
        # head, or half of one) and between requests; lingering_time 0: a request's unread body is not
        # waited for; access_log None: nothing is logged per request.
        self._connections = _Connections(
            self._handle, cap=self.max_connections, per_address=min(MAX_PER_ADDRESS, self.max_connections),
            handler_cancellation=True, keepalive_timeout=HEAD_TIMEOUT, lingering_time=0, access_log=None,
        )  # fmt: skip
        self._runner = web.ServerRunner(self._connections, handle_signals=False, shutdown_timeout=0.5)
        await self._runner.setup()
        family = socket.AF_INET6 if ":" in self.host else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM)
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind((self.host, self.port))
            sock.listen(BACKLOG)
            sock.setblocking(False)
        except OSError:
            sock.close()
            await self._runner.cleanup()
            self._runner = None
            raise
        self.port = sock.getsockname()[1]
        self._listener = sock
        self._accepting = asyncio.get_running_loop().create_task(self._accept(sock))

    async def _accept(self, listener: socket.socket) -> None:
        """Take the connections one at a time (asyncio's own server takes up to
        its backlog at once, each a descriptor before any check): a connection
        over a cap is closed, or makes way for an idle one, before the next is
        taken, so the view never holds more than its cap and one."""
        loop = asyncio.get_running_loop()
        connections = self._connections
        assert connections is not None
        while True:
            try:
                conn, _peer = await loop.sock_accept(listener)
            except (BlockingIOError, InterruptedError, ConnectionAbortedError):
                continue
            except OSError as exc:
                if listener.fileno() < 0:  # closed: the view stops
                    return
                if exc.errno in (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM):
                    await asyncio.sleep(ACCEPT_RETRY)  # out of descriptors (not for the view's sake: it keeps to its cap)
                    continue
                raise
            try:
                await loop.connect_accepted_socket(connections, conn)
            except OSError:  # gone before it was set up
                conn.close()

    async def stop(self) -> None:
        self.closing = True
        for wake in self._streams:
            wake.set()
        accepting, self._accepting = self._accepting, None
        if accepting is not None:
            accepting.cancel()
            await asyncio.wait({accepting})  # (not its outcome: stopping goes on whatever it was)
            if not accepting.cancelled():
                accepting.exception()
        if self._listener is not None:
            self._listener.close()
            self._listener = None
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        self._streams.clear()

    @property
    def running(self) -> bool:
        return self._runner is not None

    @property
    def address(self) -> str:
        """The link without its token (what may stay on the GM's screen)."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}/"

    @property
    def url(self) -> str:
        """The link the players open: the address and the token."""
        return f"{self.address}?token={self.token}"

    @property
    def connections(self) -> int:
        """The connections open now (viewers, page loads, and any not yet heard from)."""
        return len(self._connections.open) if self._connections is not None else 0

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
        the documents that came while it was behind. A stream waiting for the
        next document writes it on the loop's next turn, before Textual
        composites the GM's frame (the console publishes as its redraw ends)."""
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
    def _authorised(self, request: web.BaseRequest) -> bool:
        """The token, from the query (the page's link, its assets, its event stream) or
        the ``X-Player-Token`` header (its fetch); never from a cookie."""
        given = request.query.get("token")
        if given is None:
            given = request.headers.get(TOKEN_HEADER)
        return given is not None and hmac.compare_digest(given.encode("utf-8", "replace"), self.token.encode())

    async def _handle(self, request: web.BaseRequest) -> web.StreamResponse:
        connections = self._connections
        assert connections is not None
        connections.busy.add(request.protocol)  # busy until its answer is written: never closed to make way
        try:
            response = await self._answer(request)
            if not response.prepared:  # (a stream writes its own)
                try:
                    await response.prepare(request)
                    await response.write_eof()
                except ConnectionError:  # the client went away
                    pass
            return response
        finally:
            connections.busy.discard(request.protocol)

    async def _answer(self, request: web.BaseRequest) -> web.StreamResponse:
        transport = request.transport
        local = transport.get_extra_info("sockname") if transport is not None else None
        if not host_allowed(request.headers.get("Host"), bound=self.host, port=self.port, local=str(local[0]) if local else ""):
            return refusal(421, "this server does not answer for that host name\n")
        if request.method != "GET":
            response = refusal(405, "only GET\n")
            response.headers["Allow"] = "GET"
            return response
        if not self._authorised(request):
            return refusal(403, "a valid token is needed: ask the GM for the link\n")
        path = request.path
        if path == "/state.json":
            return web.Response(body=self._fresh_body(), content_type="application/json", charset="utf-8")
        if path == "/events":
            return await self._events(request)
        asset = self._assets.get(path)
        if asset is None:
            return refusal(404, "not found\n")
        body, kind = asset
        return web.Response(body=body, headers={"Content-Type": kind})

    async def _events(self, request: web.BaseRequest) -> web.StreamResponse:
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream; charset=utf-8"})
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
                try:  # (not wait_for: its inner task woke this one two turns of the loop later, after the GM's frame)
                    async with asyncio.timeout(HEARTBEAT):
                        await wake.wait()
                except TimeoutError:
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
    async def _write(request: web.BaseRequest, response: web.StreamResponse, data: bytes) -> bool:
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


def refusal(status: int, text: str) -> web.Response:
    """A refused request's answer; it closes the connection (a client cannot keep one
    open without the token by asking again before the idle timeout)."""
    response = web.Response(status=status, text=text)
    response.force_close()
    return response
