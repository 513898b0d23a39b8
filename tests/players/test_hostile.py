"""The player view's server against hostile sockets (issue 28), over real
sockets on 127.0.0.1: connections that never speak or stop reading, far more
of them than the server keeps, a forged Host, requests aiohttp refuses itself.
Every loop here is bounded by a deadline."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import textwrap
import time
from typing import Any

import pytest

from gm_console.core.playerview import player_document
from gm_console.files.atomic import atomic_write
from gm_console.players import server as server_module
from gm_console.players.server import SECURITY_HEADERS, PlayerServer
from tests.conftest import ROOT
from tests.players.fights import FIGHTS

TOKEN = "hostile-test-token"
LINUX = sys.platform.startswith("linux")


async def started(**kw) -> tuple[PlayerServer, Any]:
    game = FIGHTS["conflict"](steps=0).game
    server = PlayerServer(lambda: player_document(game), port=0, token=TOKEN, **kw)
    await server.start()
    return server, game


def server_connections(server: PlayerServer) -> int:
    """The connections the server holds now (accepted, not yet closed)."""
    return len(server._runner.server.connections)


def connect(port: int, source: str | None = None) -> socket.socket:
    """A connection to the server that says nothing (from ``source``, another loopback address)."""
    s = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0) if source else None)
    s.setblocking(False)
    return s


class Watch:
    """Idle client sockets and when each was seen closed by the server (``poll`` often)."""

    def __init__(self) -> None:
        self.sockets: list[socket.socket] = []
        self.opened: list[float] = []
        self.closed: dict[int, float] = {}

    def add(self, s: socket.socket) -> None:
        self.sockets.append(s)
        self.opened.append(time.monotonic())

    def poll(self) -> None:
        now = time.monotonic()
        for i, s in enumerate(self.sockets):
            if i not in self.closed and closed_by_server(s):
                self.closed[i] = now

    @property
    def still_open(self) -> int:
        return len(self.sockets) - len(self.closed)

    @property
    def longest(self) -> float:
        """The longest a socket stayed open (seconds, from its connect to the close seen)."""
        return max((at - self.opened[i] for i, at in self.closed.items()), default=0.0)

    def closed_within(self, seconds: float) -> int:
        return sum(1 for i, at in self.closed.items() if at - self.opened[i] < seconds)

    def close(self) -> None:
        for s in self.sockets:
            s.close()


def closed_by_server(s: socket.socket) -> bool:
    """The server closed its end: end of stream (or a reset) after whatever it sent."""
    try:
        while True:
            got = s.recv(1 << 16)
            if not got:
                return True
    except BlockingIOError:
        return False
    except OSError:  # reset
        return True


async def get(port: int, request: bytes, timeout: float = 5.0) -> tuple[int, dict[str, str], bytes]:
    """Send ``request`` as written on a fresh socket; the answer's status, headers (the
    names in lower case, each once) and body, read until the server closes or the
    body is whole."""
    reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), timeout)
    try:
        writer.write(request)
        await writer.drain()
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), timeout)
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        headers: dict[str, str] = {}
        for line in lines[1:]:
            if line:
                name, _, value = line.partition(":")
                assert name.lower() not in headers or name.lower() == "set-cookie", f"{name} twice"
                headers[name.lower()] = value.strip()
        body = b""
        if "content-length" in headers:
            body = await asyncio.wait_for(reader.readexactly(int(headers["content-length"])), timeout)
        return status, headers, body
    finally:
        writer.close()


def request(path: str, host: str | None) -> bytes:
    hostline = f"Host: {host}\r\n" if host is not None else ""
    return f"GET {path} HTTP/1.1\r\n{hostline}Connection: close\r\n\r\n".encode()


async def first_document(port: int, timeout: float = 5.0) -> dict:
    """A viewer with the token: its stream's first document."""
    reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), timeout)
    try:
        writer.write(request(f"/events?token={TOKEN}", f"127.0.0.1:{port}").replace(b"Connection: close\r\n", b""))
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            line = await asyncio.wait_for(reader.readline(), deadline - time.monotonic())
            if not line:
                break
            if line.startswith(b"data: "):
                return json.loads(line[6:])
        raise AssertionError("no document in time")
    finally:
        writer.close()


# ---------------------------------------------------------------- sockets that never speak


async def test_sockets_that_never_speak_are_closed_in_seconds_and_never_lock_the_players_out(monkeypatch, tmp_path):
    """100 idle connections and 20 that send half a request head (slowloris), more than
    the server keeps: it never holds more than its cap, a viewer with the token still
    gets its document at once, a save works, and every one of them is closed within
    the head timeout (here 1 s) of its arrival."""
    monkeypatch.setattr(server_module, "HEAD_TIMEOUT", 1.0, raising=False)
    server, _game = await started()
    cap = server.max_connections
    hostile = Watch()
    most = 0
    try:
        for i in range(120):
            s = connect(server.port)
            if i >= 100:
                s.send(b"GET /events?token=" + TOKEN.encode()[:5])  # half a request line, never finished
            hostile.add(s)
            await asyncio.sleep(0)
            most = max(most, server.connections)
            hostile.poll()
        for _ in range(10):
            await asyncio.sleep(0.02)
            most = max(most, server.connections)
        assert most <= cap, (most, cap)
        assert (await first_document(server.port))["log"][-1]["text"] == "Sirens wail somewhere below"
        atomic_write(tmp_path / "fight.toml", b"saved while the view was flooded\n")
        assert (tmp_path / "fight.toml").read_bytes() == b"saved while the view was flooded\n"
        # every hostile socket is closed by the server within the head timeout (and a margin)
        deadline = time.monotonic() + 1.0 + 3.0
        while hostile.still_open and time.monotonic() < deadline:
            hostile.poll()
            await asyncio.sleep(0.02)
        assert not hostile.still_open, f"{hostile.still_open} of 120 still open"
        assert hostile.longest < 1.0 + 1.0, hostile.longest
        assert server.connections == 0
    finally:
        hostile.close()
        await server.stop()


@pytest.mark.skipif(not LINUX, reason="connects from 127.0.0.2-12 (Linux answers for all of 127/8)")
async def test_the_caps_hold_per_address_and_in_all_and_never_cut_a_viewers_stream(monkeypatch):
    """96 idle connections from eight addresses (12 each), 20 more from another:
    over 64 in all, each newcomer takes the place of the oldest idle connection;
    a viewer's stream (busy) is never the one to go. The loopback's addresses
    are the GM's own machine and share the cap in all only; taken for network
    addresses, each keeps at most 16, and with 16 streams open from one, a 17th
    connection from it is closed at once."""
    server, game = await started()
    hostile = Watch()

    async def flood(addresses: list[str]) -> tuple[int, dict[str, int]]:
        most, per_address = 0, {}
        for source in addresses:
            hostile.add(connect(server.port, source))
            await asyncio.sleep(0.005)
            most = max(most, server.connections)
            counts: dict[str, int] = {}
            for address in server._connections.open.values():
                counts[address] = counts.get(address, 0) + 1
            for address, n in counts.items():
                per_address[address] = max(per_address.get(address, 0), n)
        return most, per_address

    try:
        watching = await asyncio.open_connection("127.0.0.1", server.port)
        watching[1].write(request(f"/events?token={TOKEN}", f"127.0.0.1:{server.port}").replace(b"Connection: close\r\n", b""))
        while not (await asyncio.wait_for(watching[0].readline(), 5)).startswith(b"data: "):
            pass
        addresses = [f"127.0.0.{2 + i % 8}" for i in range(96)] + ["127.0.0.10"] * 20
        most, per_address = await flood(addresses)
        assert most <= server.max_connections == 64, most
        assert per_address["127.0.0.10"] == 20  # the loopback: no cap of its own
        await asyncio.sleep(0.05)
        hostile.poll()
        assert hostile.still_open <= 64, hostile.still_open  # the rest were closed as newcomers came
        # the viewer kept its stream and hears the next change; a new viewer gets in
        game.push_line("say still here")
        assert server.changed()
        while not (line := await asyncio.wait_for(watching[0].readline(), 5)).startswith(b"data: "):
            pass
        assert json.loads(line[6:])["log"][-1]["text"] == "still here"
        watching[1].close()
        assert (await first_document(server.port))["log"][-1]["text"] == "still here"

        # as if they were addresses of the table's network: 16 each
        monkeypatch.setattr(server_module, "capped_per_address", lambda address: True)
        _most, per_address = await flood(["127.0.0.11"] * 20)
        assert per_address["127.0.0.11"] == 16, per_address
        # 16 streams from one address, all busy: a 17th connection from it is closed at once
        streams = []
        for _ in range(16):
            s = connect(server.port, "127.0.0.12")
            s.send(request(f"/events?token={TOKEN}", f"127.0.0.1:{server.port}").replace(b"Connection: close\r\n", b""))
            streams.append(s)
        for _ in range(250):
            if server.viewers == 16:
                break
            await asyncio.sleep(0.02)
        assert server.viewers == 16
        extra = connect(server.port, "127.0.0.12")
        for _ in range(100):
            await asyncio.sleep(0.01)
            if closed_by_server(extra):
                break
        else:
            raise AssertionError("the 17th connection of one address was kept")
        assert server.viewers == 16 and server._connections.refused >= 1
        for s in streams + [extra]:
            s.close()
    finally:
        hostile.close()
        await server.stop()


async def test_fifty_viewers_on_the_gms_own_machine_are_all_served():
    """The loopback has no cap of its own (the benchmark's 50 co-located viewers)."""
    server, _game = await started()
    viewers = []
    try:
        for _ in range(50):
            s = connect(server.port)
            s.send(request(f"/events?token={TOKEN}", f"127.0.0.1:{server.port}").replace(b"Connection: close\r\n", b""))
            viewers.append(s)
        for _ in range(250):
            if server.viewers == 50:
                break
            await asyncio.sleep(0.02)
        assert server.viewers == 50 and server._connections.refused == 0
    finally:
        for s in viewers:
            s.close()
        await server.stop()


async def test_a_tokenless_request_gets_its_refusal_and_the_connection_is_closed():
    """A client without the token cannot keep a connection by asking again and again
    (each request would start the idle timer over): a refusal closes it."""
    server, _game = await started()
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        writer.write(f"GET /state.json HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n\r\n".encode())
        answer = await asyncio.wait_for(reader.read(), 3)  # to the end: the server closed it
        assert answer.startswith(b"HTTP/1.1 403")
        writer.close()
    finally:
        await server.stop()


def server_socket_inode(server: PlayerServer, viewer: socket.socket) -> int:
    (handler,) = [h for h in server._runner.server.connections if h.transport.get_extra_info("peername")[1] == viewer.getsockname()[1]]
    return os.fstat(handler.transport.get_extra_info("socket").fileno()).st_ino


def open_inodes() -> set[int]:
    out = set()
    for fd in os.listdir("/proc/self/fd"):
        try:
            out.add(os.stat(f"/proc/self/fd/{fd}").st_ino)
        except OSError:
            pass
    return out


@pytest.mark.skipif(not LINUX, reason="reads /proc/self/fd")
async def test_a_stream_whose_viewer_stops_reading_is_dropped_and_its_descriptor_freed(monkeypatch):
    monkeypatch.setattr(server_module, "STUCK", 0.5)
    server, game = await started()
    slow = socket.socket()
    slow.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 16384)
    slow.connect(("127.0.0.1", server.port))
    slow.sendall(f"GET /events?token={TOKEN} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n\r\n".encode())
    slow.setblocking(False)
    try:
        for _ in range(250):
            if server.viewers == 1:
                break
            await asyncio.sleep(0.02)
        inode = server_socket_inode(server, slow)
        handler = server._runner.server.connections[0]
        handler.transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 16384)
        assert inode in open_inodes()
        started_at = time.monotonic()
        for i in range(400):  # the viewer reads nothing: its buffers fill, the writes wait, STUCK ends it
            game.push_line(f"say line {i}")
            server.changed()
            await asyncio.sleep(0.002)
            if server.viewers == 0:
                break
        for _ in range(250):
            if server.viewers == 0 and inode not in open_inodes() and server_connections(server) == 0:
                break
            await asyncio.sleep(0.02)
        assert server.viewers == 0
        assert inode not in open_inodes()  # the server's socket is closed, not only forgotten
        assert server_connections(server) == 0
        assert time.monotonic() - started_at < 5
    finally:
        slow.close()
        await server.stop()


CHILD = textwrap.dedent(
    """
    import asyncio, os, resource, sys
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (@LIMIT@, hard))
    from gm_console.core.playerview import player_document
    from gm_console.files.atomic import atomic_write
    from gm_console.players import server as m
    from tests.players.fights import FIGHTS
    m.HEAD_TIMEOUT = 2.0

    async def main():
        game = FIGHTS["conflict"](steps=0).game
        srv = m.PlayerServer(lambda: player_document(game), port=0, token=@TOKEN@)
        await srv.start()
        print(srv.port, getattr(srv, "max_connections", "-"), flush=True)
        loop = asyncio.get_running_loop()
        while True:
            command = (await loop.run_in_executor(None, sys.stdin.readline)).strip()
            if command == "save":
                try:
                    atomic_write(os.path.join(@FOLDER@, "fight.toml"), b"x = 1\\n" * 1000)
                    print("saved", flush=True)
                except OSError as exc:
                    print("failed", exc, flush=True)
            else:
                break
        await srv.stop()

    asyncio.run(main())
    """
)


def child_descriptors(pid: int) -> int:
    try:
        return len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return 0


def read_line(proc: subprocess.Popen, timeout: float) -> str:
    import select

    ready, _, _ = select.select([proc.stdout], [], [], timeout)
    assert ready, "the console process said nothing in time"
    return proc.stdout.readline().strip()


@pytest.mark.slow
@pytest.mark.skipif(not LINUX, reason="counts the process's descriptors in /proc; connects from 127.0.0.2-20")
def test_with_256_descriptors_300_idle_connections_leave_the_save_and_the_players_working(tmp_path):
    """As on macOS (ulimit -n 256): the view in a process of its own, 300 idle
    connections from another (from 19 loopback addresses); the process never
    nears its limit, the GM's save works, a viewer with the token gets its
    document, and every idle connection is closed by the head timeout (2 s here)
    if a newcomer did not take its place first."""
    script = CHILD.replace("@LIMIT@", "256").replace("@TOKEN@", repr(TOKEN)).replace("@FOLDER@", repr(str(tmp_path)))
    with open(tmp_path / "stderr.txt", "wb") as stderr:
        proc = subprocess.Popen([sys.executable, "-c", script], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr, text=True)
    idle = Watch()
    try:
        port, cap = read_line(proc, 30).split()
        port = int(port)
        before = peak = child_descriptors(proc.pid)
        began = time.monotonic()
        deadline = began + 20
        for i in range(300):
            if time.monotonic() > deadline:
                break
            try:
                idle.add(connect(port, f"127.0.0.{2 + i % 19}"))  # from 19 addresses: over the cap in all, not only per address
            except OSError:
                pass
            peak = max(peak, child_descriptors(proc.pid))
            idle.poll()
        connecting = time.monotonic() - began
        for _ in range(20):
            time.sleep(0.02)
            peak = max(peak, child_descriptors(proc.pid))
        connected = len(idle.sockets)
        assert connected >= 250, connected
        proc.stdin.write("save\n")
        proc.stdin.flush()
        assert read_line(proc, 10) == "saved"
        assert asyncio.run(first_document(port))["log"][-1]["text"] == "Sirens wail somewhere below"
        deadline = time.monotonic() + 2.0 + 6.0
        while idle.still_open and time.monotonic() < deadline:
            idle.poll()
            time.sleep(0.02)
        print(
            f"\ncap {cap}; descriptors: {before} at start, at most {peak} while {connected} connections came in"
            f" ({connecting:.2f} s); {idle.closed_within(0.5)} closed within 0.5 s of their connect (a newcomer took their"
            f" place), all within {idle.longest:.2f} s"
        )
        assert not idle.still_open, f"{idle.still_open} of {connected} idle connections still open"
        assert idle.longest < 2.0 + 1.0, idle.longest
        assert peak <= 256 - 64, peak  # the reserve stays free for the console's own files
    finally:
        idle.close()
        try:
            proc.stdin.write("quit\n")
            proc.stdin.flush()
        except OSError:
            pass
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


# ---------------------------------------------------------------- the Host header


@pytest.mark.parametrize("host", ["evil.example", "evil.example:{port}", "127.0.0.1.evil.example:{port}", "localhost:1", "127.0.0.2:{port}", "", None])
async def test_a_host_the_server_was_not_bound_for_is_refused_even_with_the_token(host):
    """DNS rebinding: a page of evil.example whose name now points at 127.0.0.1 sends
    ``Host: evil.example``; it gets nothing, token or not."""
    server, _game = await started()
    try:
        header = None if host is None else host.format(port=server.port)
        for path in ("/", "/state.json", "/events", "/app.js"):
            status, headers, body = await get(server.port, request(f"{path}?token={TOKEN}", header))
            assert status == (421 if header is not None else 400), (header, path, status)  # (no Host at all: aiohttp's 400)
            assert TOKEN.encode() not in body and b"player_json_version" not in body
            for name, value in SECURITY_HEADERS.items():
                assert headers[name.lower()] == value
    finally:
        await server.stop()


@pytest.mark.parametrize("host", ["127.0.0.1:{port}", "127.0.0.1", "localhost:{port}", "localhost", "LOCALHOST:{port}"])
async def test_the_hosts_the_server_was_bound_for_are_served(host):
    server, _game = await started()
    try:
        status, _headers, body = await get(server.port, request(f"/state.json?token={TOKEN}", host.format(port=server.port)))
        assert status == 200 and json.loads(body)["player_json_version"] == 1
    finally:
        await server.stop()


def test_which_hosts_a_server_bound_to_every_address_answers(monkeypatch):
    """Bound to 0.0.0.0: the machine's name and the address each connection came
    in on (a LAN address, the loopback), with or without the port; nothing else."""
    from gm_console.players.server import host_allowed

    monkeypatch.setattr(socket, "gethostname", lambda: "GM-Laptop")
    allowed = dict(bound="0.0.0.0", port=8765)
    for host, local in [
        ("192.168.1.5:8765", "192.168.1.5"), ("192.168.1.5", "192.168.1.5"), ("gm-laptop:8765", "192.168.1.5"),
        ("gm-laptop.local:8765", "192.168.1.5"), ("localhost:8765", "127.0.0.1"), ("127.0.0.1:8765", "127.0.0.1"),
        ("192.168.1.5:8765", "::ffff:192.168.1.5"), ("[fe80::1]:8765", "fe80::1"),
    ]:  # fmt: skip
        assert host_allowed(host, local=local, **allowed), (host, local)
    for host, local in [
        ("evil.example:8765", "192.168.1.5"), ("192.168.1.6:8765", "192.168.1.5"), ("192.168.1.5:8766", "192.168.1.5"),
        ("gm-laptop.evil.example", "192.168.1.5"), ("192.168.1.5:8765:1", "192.168.1.5"), ("[fe80::2]:8765", "fe80::1"),
        ("", "192.168.1.5"), ("gm-laptop:x", "192.168.1.5"), ("user@gm-laptop", "192.168.1.5"),
        ("0.0.0.0:8765", "192.168.1.5"), ("0.0.0.0", "0.0.0.0"), ("[::]:8765", "::"), ("[fe80::1:8765", "fe80::1"),
    ]:  # fmt: skip
        assert not host_allowed(host, local=local, **allowed), (host, local)
    # bound to one address: that address, and localhost when it is the loopback
    assert host_allowed("127.0.0.1:8765", bound="127.0.0.1", port=8765, local="127.0.0.1")
    assert host_allowed("[::1]:8765", bound="::1", port=8765, local="::1")
    assert not host_allowed("gm-laptop:8765", bound="127.0.0.1", port=8765, local="127.0.0.1")
    assert host_allowed("localhost:8765", bound="127.0.0.1", port=8765, local="127.0.0.1")
    # bound by name: that name
    assert host_allowed("gm-laptop.lan:8765", bound="gm-laptop.lan", port=8765, local="192.168.1.5")
    assert not host_allowed("evil.example:8765", bound="gm-laptop.lan", port=8765, local="192.168.1.5")


# ---------------------------------------------------------------- every answer: the same headers, no Server


@pytest.mark.parametrize(
    "raw",
    [
        b"GARBAGE\r\n\r\n",
        b"GET / HTTP/1.1 extra\r\nHost: 127.0.0.1\r\n\r\n",
        b"GET /\x00 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
        b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header\r\n\r\n",
        b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: x\r\n\r\n",
        b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
    ],
    ids=["no-method", "request-line", "nul", "header-line", "content-length", "long-line"],
)
async def test_the_answers_aiohttp_makes_itself_carry_the_security_headers_and_no_server(raw):
    server, _game = await started()
    try:
        status, headers, _body = await get(server.port, raw)
        assert 400 <= status < 500, status
        assert "server" not in headers, headers.get("server")
        for name, value in SECURITY_HEADERS.items():
            assert headers.get(name.lower()) == value, name
    finally:
        await server.stop()


async def test_every_answer_carries_the_security_headers_and_no_server():
    server, _game = await started()
    host = f"127.0.0.1:{server.port}"
    try:
        for path, method, expected in [
            (f"/?token={TOKEN}", "GET", 200), (f"/app.js?token={TOKEN}", "GET", 200), (f"/state.json?token={TOKEN}", "GET", 200),
            ("/state.json", "GET", 403), (f"/nothing?token={TOKEN}", "GET", 404), (f"/?token={TOKEN}", "POST", 405),
        ]:  # fmt: skip
            raw = f"{method} {path} HTTP/1.1\r\nHost: {host}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".encode()
            status, headers, _body = await get(server.port, raw)
            assert status == expected, (path, method, status)
            assert "server" not in headers, (path, headers.get("server"))
            for name, value in SECURITY_HEADERS.items():
                assert headers.get(name.lower()) == value, (path, name)
        # the stream's head too
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        writer.write(f"GET /events?token={TOKEN} HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
        head = (await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 5)).decode().lower()
        writer.close()
        assert head.startswith("http/1.1 200") and "\r\nserver:" not in head
        assert all(f"\r\n{name.lower()}: {value.lower()}" in head for name, value in SECURITY_HEADERS.items())
    finally:
        await server.stop()
