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
            for method in ("POST", "PUT", "DELETE", "HEAD", "OPTIONS", "PATCH"):
                async with s.request(method, base + "/state.json?token=" + TOKEN) as r:
                    assert r.status == 405 and r.headers["Allow"] == "GET", method
            async with s.get(base + "/?token=" + TOKEN) as r:
                assert r.status == 200
                assert r.headers["Content-Security-Policy"] == CSP
                assert "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'" in CSP
                assert r.headers["X-Content-Type-Options"] == "nosniff"
                assert r.headers["Referrer-Policy"] == "no-referrer"
                cookie = r.headers["Set-Cookie"]
                assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and f"gm_players={TOKEN}" in cookie
            # the cookie alone lets the page load its assets and state
            async with s.get(base + "/state.json") as r:
                assert r.status == 200 and r.headers["Cache-Control"] == "no-store"
                assert r.content_type == "application/json"
                assert (await r.json())["player_json_version"] == 1
            for path in ("/../pyproject.toml", "/%2e%2e/gm_console/cli.py", "/page/app.js", "/index.html", "//etc/passwd", "/app.js/"):
                async with s.get(base + path) as r:
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
