"""The player view's server over real HTTP on 127.0.0.1 (port 0): the token,
GET only, the fixed assets, the security headers, the stream; and no byte it
sends holds hidden data (scripted fights of every system)."""

from __future__ import annotations

import asyncio
import json

import aiohttp
import pytest

from gm_console.core.playerview import player_document
from gm_console.players.server import CSP, PlayerServer, read_assets
from tests.players.fights import FIGHTS, leaks, npc_figures

TOKEN = "test-token-123"


async def started(game, **kw) -> PlayerServer:
    server = PlayerServer(lambda: player_document(game), port=0, token=TOKEN, **kw)
    await server.start()
    return server


async def read_events(response: aiohttp.ClientResponse, count: int, timeout: float = 5.0) -> list[bytes]:
    """The next ``count`` data lines of an SSE stream."""
    out: list[bytes] = []
    raw: list[bytes] = []

    async def read() -> None:
        while len(out) < count:
            line = await response.content.readline()
            raw.append(line)
            if line.startswith(b"data: "):
                out.append(line[6:].rstrip(b"\n"))

    await asyncio.wait_for(read(), timeout)
    return out


async def test_every_request_needs_the_token_and_only_get_is_served():
    game = FIGHTS["ctb"](steps=3).game
    server = await started(game)
    base = f"http://127.0.0.1:{server.port}"
    try:
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as s:  # (unsafe: an IP address)
            for path in ("/", "/state.json", "/events", "/app.js", "/app.css", "/nothing"):
                async with s.get(base + path) as r:
                    assert r.status == 403, path
                async with s.get(base + path + "?token=wrong") as r:
                    assert r.status == 403, path
                async with s.get(base + path, headers={"X-Player-Token": "wrong"}) as r:
                    assert r.status == 403, path
            for method in ("POST", "PUT", "DELETE", "HEAD", "OPTIONS", "PATCH"):
                async with s.request(method, base + "/state.json?token=" + TOKEN) as r:
                    assert r.status == 405 and r.headers["Allow"] == "GET", method
            async with s.get(base + "/?token=" + TOKEN) as r:
                assert r.status == 200
                assert r.headers["Content-Security-Policy"] == CSP
                assert "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'" in CSP
                assert r.headers["X-Content-Type-Options"] == "nosniff"
                assert r.headers["Referrer-Policy"] == "no-referrer"
                assert "Set-Cookie" not in r.headers  # the token never goes into a cookie (every port of the host would get it)
                page = await r.text()
                # the page asks for its script and style with the token
                assert f'src="app.js?token={TOKEN}"' in page and f'href="app.css?token={TOKEN}"' in page
            assert len(s.cookie_jar) == 0
            # a cookie holding the token is no way in (a page of an older console may have left one)
            async with s.get(base + "/state.json", headers={"Cookie": f"gm_players={TOKEN}"}) as r:
                assert r.status == 403
            # the page's own requests: the token as a header (fetch) or in the query (EventSource)
            async with s.get(base + "/state.json", headers={"X-Player-Token": TOKEN}) as r:
                assert r.status == 200 and r.headers["Cache-Control"] == "no-store"
                assert r.content_type == "application/json"
                assert (await r.json())["player_json_version"] == 1
            for path in ("/../pyproject.toml", "/%2e%2e/gm_console/cli.py", "/page/app.js", "/index.html", "//etc/passwd", "/app.js/"):
                async with s.get(base + path + "?token=" + TOKEN) as r:
                    assert r.status == 404, path
    finally:
        await server.stop()


async def test_the_stream_sends_the_document_at_once_and_after_each_change():
    game = FIGHTS["conflict"](steps=0).game
    seen = []
    server = await started(game, on_viewers=seen.append)
    try:
        async with aiohttp.ClientSession() as s:
            async with s.get(f"http://127.0.0.1:{server.port}/events?token={TOKEN}") as r:
                assert r.headers["Content-Type"].startswith("text/event-stream")
                first = json.loads((await read_events(r, 1))[0])
                assert first["log"][-1]["text"] == "Sirens wail somewhere below"
                assert server.viewers == 1
                game.push_line("say Hold the dock")
                assert server.publish(player_document(game))
                assert not server.publish(player_document(game))  # nothing changed: nothing sent
                second = json.loads((await read_events(r, 1))[0])
                assert second["log"][-1]["text"] == "Hold the dock"
        for _ in range(50):
            if server.viewers == 0:
                break
            await asyncio.sleep(0.02)
        assert server.viewers == 0 and seen[:1] == [1] and seen[-1] == 0
    finally:
        await server.stop()


@pytest.mark.parametrize("system", sorted(FIGHTS))
async def test_no_byte_sent_holds_hidden_data(system):
    """Page, assets, state.json and the stream over a whole scripted fight:
    no hidden zone or unit, GM note, seed, path or NPC figure."""
    fight = FIGHTS[system](steps=0)
    game = fight.game
    server = await started(game)
    sent: list[bytes] = []
    documents: list[dict] = []
    import random

    from gm_console.core.actions import Next
    from gm_console.core.errors import GMError

    rng = random.Random(11)
    try:
        async with aiohttp.ClientSession() as s:
            base = f"http://127.0.0.1:{server.port}"
            for path in ("/", "/app.js", "/app.css"):
                async with s.get(f"{base}{path}?token={TOKEN}") as r:
                    body = await r.read()
                    sent.append(body)
            assets = read_assets()
            sent[0] = sent[0].replace(f"?token={TOKEN}".encode(), b"")  # the page's links to its script and style carry the token
            assert sent == [assets[p][0] for p in ("/", "/app.js", "/app.css")]  # the page carries no data
            async with s.get(f"{base}/events?token={TOKEN}") as stream:
                sent += await read_events(stream, 1)
                for step in range(30):
                    offers = [a for a in game.legal_actions() if a.VERB not in ("hide", "reveal", "chip", "endbattle")] + [Next()]  # endbattle: the walk would stop at once
                    try:
                        game.push(rng.choice(offers))
                    except GMError:
                        continue
                    if step % 5 == 0:
                        game.push_line(f"note {fight.notes[step % 2]}")
                    if server.publish(player_document(game)):
                        sent += await read_events(stream, 1)
                async with s.get(f"{base}/state.json?token={TOKEN}") as r:
                    sent.append(await r.read())
    finally:
        await server.stop()
    documents = [json.loads(b) for b in sent[3:]]
    assert len(documents) > 5
    page = b"".join(sent[:3]).decode().lower()
    everything = b"\n".join(sent).decode("utf-8").lower()
    assert [t for t in leaks(game, seen_text=page) if t.lower() in everything] == []
    for doc in documents:
        assert npc_figures(doc) == []


# ---------------------------------------------------------------- fan-out and slow viewers

import socket  # noqa: E402

from gm_console.players import server as server_module  # noqa: E402


def raw_viewer(port: int, rcvbuf: int | None = None) -> socket.socket:
    """An SSE client on a bare socket (a small receive buffer, and not reading, makes it slow)."""
    s = socket.socket()
    if rcvbuf is not None:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    s.connect(("127.0.0.1", port))
    s.sendall(f"GET /events?token={TOKEN} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    s.setblocking(False)
    return s


async def until(check, tries: int = 250) -> None:
    for _ in range(tries):
        if check():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("condition not met in time")


async def read_all(s: socket.socket, quiet: float = 0.3) -> bytes:
    """What ``s`` receives until nothing more comes for ``quiet`` seconds."""
    out = b""
    loop = asyncio.get_running_loop()
    while True:
        try:
            got = await asyncio.wait_for(loop.sock_recv(s, 1 << 16), quiet)
        except asyncio.TimeoutError:
            return out
        if not got:  # closed
            return out
        out += got


def documents_in(stream: bytes) -> list[dict]:
    """The data lines of a chunked SSE stream, parsed (a line may span chunks: the chunk
    framing is taken out first)."""
    head, _, body = stream.partition(b"\r\n\r\n")
    assert b"transfer-encoding: chunked" in head.lower()
    text, rest = b"", body
    while rest:
        size, _, rest = rest.partition(b"\r\n")
        n = int(size, 16)
        text, rest = text + rest[:n], rest[n + 2 :]
    return [json.loads(line[6:]) for line in text.split(b"\n") if line.startswith(b"data: ")]


def changed(game, i: int) -> dict:
    game.push_line(f"say line {i}")
    return player_document(game)


def server_transport(server: PlayerServer, viewer: socket.socket):
    """The server's end of ``viewer``'s connection."""
    (handler,) = [h for h in server._runner.server.connections if h.transport.get_extra_info("peername")[1] == viewer.getsockname()[1]]
    return handler.transport


async def test_publish_sends_each_document_once_to_every_viewer():
    game = FIGHTS["conflict"](steps=0).game
    server = await started(game)
    viewers = [raw_viewer(server.port) for _ in range(5)]
    try:
        await until(lambda: server.viewers == 5)
        got = [await read_all(v) for v in viewers]
        for i in range(3):
            assert server.publish(changed(game, i))
            got = [g + await read_all(v, 0.1) for g, v in zip(got, viewers)]
        assert not server.publish(player_document(game))  # unchanged: nothing sent
        for g, v in zip(got, viewers):
            docs = documents_in(g + await read_all(v, 0.1))
            assert [d["log"][-1]["text"] for d in docs] == ["Sirens wail somewhere below", "line 0", "line 1", "line 2"]
            assert docs[-1] == player_document(game)
    finally:
        for v in viewers:
            v.close()
        await server.stop()


async def test_a_viewer_that_does_not_read_is_skipped_and_then_sent_only_the_latest_document():
    game = FIGHTS["conflict"](steps=0).game
    server = await started(game)
    fast = raw_viewer(server.port)
    slow = raw_viewer(server.port, rcvbuf=16384)
    try:
        await until(lambda: server.viewers == 2)
        got_fast, got_slow = await read_all(fast), await read_all(slow)  # the first document; then the slow one stops reading
        stuck = server_transport(server, slow)
        stuck.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 16384)
        size = len(server_module.encode(player_document(game))) + 200
        low, _high = stuck.get_write_buffer_limits()
        for i in range(300):
            assert server.publish(changed(game, i))
            got_fast += await read_all(fast, 0.01)
            # what waits for the slow viewer stays bounded: aiohttp writes up to 64 KiB
            # before it waits for the transport to drain under its low-water mark
            assert stuck.get_write_buffer_size() <= low + 0x10000 + size
        got_fast += await read_all(fast)
        assert len(documents_in(got_fast)) == 301  # the fast viewer got every document
        got_slow += await read_all(slow, 1.0)  # it reads at last: what was queued, then the latest document
        docs = documents_in(got_slow)
        assert docs[-1] == player_document(game)
        assert len(docs) < 100
        assert server.viewers == 2
    finally:
        fast.close()
        slow.close()
        await server.stop()


async def test_a_viewer_that_reads_nothing_for_long_is_disconnected(monkeypatch):
    monkeypatch.setattr(server_module, "STUCK", 0.5)
    game = FIGHTS["conflict"](steps=0).game
    server = await started(game)
    slow = raw_viewer(server.port, rcvbuf=16384)
    try:
        await until(lambda: server.viewers == 1)
        await read_all(slow)
        server_transport(server, slow).get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 16384)
        for i in range(400):  # the viewer's writes wait once its buffers are full
            server.publish(changed(game, i))
            await asyncio.sleep(0.002)
        await until(lambda: server.viewers == 0)  # closed: the page's EventSource reconnects when it can
    finally:
        slow.close()
        await server.stop()


async def test_the_document_is_built_only_when_someone_watches():
    game = FIGHTS["conflict"](steps=0).game
    built = []

    def document() -> dict:
        built.append(1)
        return player_document(game)

    server = PlayerServer(document, port=0, token=TOKEN)
    await server.start()
    try:
        assert len(built) == 1  # the first, at start
        for i in range(5):  # nobody watches: changes are noted, no document built
            game.push_line(f"say line {i}")
            assert not server.changed()
        assert len(built) == 1
        async with aiohttp.ClientSession() as s:
            async with s.get(f"http://127.0.0.1:{server.port}/state.json?token={TOKEN}") as r:
                assert (await r.json())["log"][-1]["text"] == "line 4"  # built when asked for
            assert len(built) == 2
            game.push_line("say line 5")
            server.changed()
            async with s.get(f"http://127.0.0.1:{server.port}/events?token={TOKEN}") as r:
                first = json.loads((await read_events(r, 1))[0])
                assert first["log"][-1]["text"] == "line 5"  # built when the stream opened
                assert len(built) == 3
                game.push_line("say line 6")
                assert server.changed() and len(built) == 4  # watched: built and sent at once
                assert json.loads((await read_events(r, 1))[0])["log"][-1]["text"] == "line 6"
                assert not server.changed() and len(built) == 5  # built, unchanged: not sent
    finally:
        await server.stop()


async def test_a_viewer_that_goes_away_leaves_the_others_their_stream():
    game = FIGHTS["conflict"](steps=0).game
    server = await started(game)
    good, gone = raw_viewer(server.port), raw_viewer(server.port)
    try:
        await until(lambda: server.viewers == 2)
        got = await read_all(good)
        gone.close()
        await until(lambda: server.viewers == 1)
        assert server.publish(changed(game, 1))
        assert documents_in(got + await read_all(good))[-1]["log"][-1]["text"] == "line 1"
    finally:
        good.close()
        await server.stop()


async def test_a_document_leaves_on_the_first_turn_of_the_loop_after_publish(monkeypatch):
    # The console publishes at the end of its redraw, and Textual composites the GM's frame on
    # a later turn of the loop. Each viewer's stream, woken by publish, writes the document
    # (aiohttp's response.write) on the next turn: its wait is an asyncio timeout, not
    # wait_for, whose inner task took two turns more and let the GM's frame go first
    # (the browser's update 1.04-1.16 times the GM's frame; before it again, 0.5-0.6).
    game = FIGHTS["conflict"](steps=0).game
    server = await started(game)
    viewers = [raw_viewer(server.port) for _ in range(3)]
    try:
        await until(lambda: server.viewers == 3)
        for viewer in viewers:
            await read_all(viewer)
        written: list[int] = []
        for i, viewer in enumerate(viewers):
            transport = server_transport(server, viewer)
            for name in ("write", "writelines"):
                original = getattr(transport, name)
                monkeypatch.setattr(transport, name, lambda data, i=i, original=original: (written.append(i), original(data))[1])
        assert server.publish(changed(game, 1))
        assert written == []  # publish writes nothing itself: the streams do
        await asyncio.sleep(0)  # one turn of the loop (this task runs after the streams it woke)
        assert sorted(set(written)) == [0, 1, 2]
        for viewer in viewers:
            assert b'"line 1"' in await read_all(viewer)
    finally:
        for viewer in viewers:
            viewer.close()
        await server.stop()
