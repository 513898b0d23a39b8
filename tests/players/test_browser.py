"""The player view in a real browser: Debian's Chromium, headless, over the
DevTools protocol, against a console run by Pilot in the same event loop.
Skipped only when Chromium is missing outside CI (in CI it must run)."""

from __future__ import annotations

import os

import pytest

from gm_console.files import load_encounter
from gm_console.ui.app import GMConsoleApp
from tests.conftest import ENCOUNTERS
from tests.players.browser import Browser, chromium_path, png_size

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(chromium_path() is None and not os.environ.get("CI"), reason="Chromium is not installed (apt-get install chromium)"),
]

TOKEN = "browser-test-token"
LAYOUTS = {"phone": (390, 844, True), "tv": (1920, 1080, False)}


async def running(app, pilot):
    for _ in range(250):
        if app.fight.players_server is not None:
            return app.fight.players_server
        await pilot.pause(0.02)
    raise AssertionError("the player view did not start")


async def test_the_page_shows_the_turn_order_and_follows_the_console_without_a_reload(tmp_path):
    path = ENCOUNTERS / "ctb-causeway-ambush.toml"
    app = GMConsoleApp(load_encounter(path), path=path, players={"host": "127.0.0.1", "port": 0, "token": TOKEN})
    async with app.run_test(size=(120, 40)) as pilot:
        server = await running(app, pilot)
        browser = await Browser().start()
        try:
            await browser.goto(server.url)
            await browser.wait_for("document.querySelectorAll('#next li').length === 5")
            order = await browser.eval("[...document.querySelectorAll('#next li')].map(li => li.textContent)")
            expected = [t["name"] for t in (app.fight.players_server._document())["next"]]
            assert order == expected and len(order) == 5
            assert await browser.eval("document.getElementById('link').textContent") == "live"
            await browser.eval("window.__same_page = 42")
            await pilot.press(*"next", "enter")
            await pilot.pause()
            active = app.game.state.units[app.game.state.clock.active].name
            await browser.wait_for(f"document.getElementById('now').textContent === {active!r}")
            await pilot.press(*"say The causeway groans", "enter")
            await browser.wait_for("document.querySelector('#log li.say')?.textContent === 'The causeway groans'")
            assert await browser.eval("window.__same_page") == 42  # no reload
            # the console stops the view: the page says it is stale; it starts again (same port and token): live
            app.fight.players_stop()
            await browser.wait_for("document.body.classList.contains('stale')")
            app.fight.players_start()
            await running(app, pilot)
            await browser.wait_for("!document.body.classList.contains('stale')", timeout=15)
            assert await browser.eval("window.__same_page") == 42
        finally:
            await browser.close()


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
@pytest.mark.parametrize("name", ["conflict-relay-station.toml", "reactor-night-shift.toml", "ctb-causeway-ambush.toml"])
async def test_phone_and_tv_layouts_render_without_horizontal_overflow(tmp_path, layout, name):
    width, height, mobile = LAYOUTS[layout]
    path = ENCOUNTERS / name
    app = GMConsoleApp(load_encounter(path), path=path, players={"host": "127.0.0.1", "port": 0, "token": TOKEN})
    async with app.run_test(size=(120, 40)) as pilot:
        server = await running(app, pilot)
        browser = await Browser().start(width, height)
        try:
            await browser.viewport(width, height, mobile)
            await browser.goto(server.url)
            await browser.wait_for("document.querySelectorAll('.card').length > 0")
            metrics = await browser.eval(
                "({scroll: document.documentElement.scrollWidth, inner: innerWidth,"
                " font: getComputedStyle(document.documentElement).fontSize,"
                " columns: getComputedStyle(document.getElementById('main')).gridTemplateColumns.split(' ').length,"
                " text: document.body.innerText})"
            )
            assert metrics["inner"] == width
            assert metrics["scroll"] <= metrics["inner"], metrics
            if layout == "tv":
                assert metrics["font"] == "24px" and metrics["columns"] == 3  # big type, three columns
            else:
                assert metrics["font"] == "16px" and metrics["columns"] == 1  # one column
            if name.startswith("conflict"):
                assert "Docking Bay" in metrics["text"] and "Reactor Gallery" not in metrics["text"]
            shot = await browser.screenshot(tmp_path / f"{layout}-{name}.png")
            assert png_size(shot) == (width, height) and len(shot) > 10_000
        finally:
            await browser.close()


async def test_the_page_updates_only_what_changed_and_ends_as_a_fresh_page_would(tmp_path):
    """Keyed updates: after a run of actions the page's DOM is the one a fresh
    load of the same document builds; a card whose unit did not change is the
    same node (not rebuilt), the log keeps its shown lines and adds the new one."""
    path = ENCOUNTERS / "ctb-causeway-ambush.toml"
    app = GMConsoleApp(load_encounter(path), path=path, players={"host": "127.0.0.1", "port": 0, "token": TOKEN})
    main_html = "document.getElementById('main').innerHTML + document.getElementById('top').innerHTML.replace(/>(live|connecting…)</, '><')"
    async with app.run_test(size=(120, 40)) as pilot:
        server = await running(app, pilot)
        live, fresh = await Browser().start(), await Browser().start()
        try:
            await live.goto(server.url)
            await live.wait_for("document.querySelectorAll('.card').length > 0")
            cards = await live.eval("document.querySelectorAll('#units .card').length")
            # mark every card and log line: the marks say which nodes the updates kept
            await live.eval("document.querySelectorAll('#units .card, #log li').forEach((n, i) => { n.gmMark = i; }); true")
            await pilot.press(*"say The causeway groans", "enter")
            await live.wait_for("document.querySelector('#log li')?.textContent === 'The causeway groans'")
            kept = await live.eval("[...document.querySelectorAll('#units .card')].filter((n) => n.gmMark !== undefined).length")
            assert kept == cards  # a line said to the table changes no unit: no card rebuilt
            log = await live.eval("[...document.querySelectorAll('#log li')].map((n) => n.gmMark === undefined)")
            assert log[0] and not any(log[1:])  # the new line is the only new node of the log
            for line in ("next", "say Hold", "next", "say Hold", "next"):  # turns move (cards change), a line said twice
                await pilot.press(*line, "enter")
                await pilot.pause()
            doc = server._document()
            await live.wait_for(f"document.getElementById('now').textContent === {doc['active']['name']!r} && "
                                "[...document.querySelectorAll('#log li')].filter((n) => n.textContent === 'Hold').length === 2")
            kept = await live.eval("[...document.querySelectorAll('#units .card')].filter((n) => n.gmMark !== undefined).length")
            assert 0 < kept < cards  # the cards of the units whose turn came were rebuilt, the others kept
            await fresh.goto(server.url)
            await fresh.wait_for(f"document.getElementById('now').textContent === {doc['active']['name']!r}")
            assert await live.eval(main_html) == await fresh.eval(main_html)
        finally:
            await live.close()
            await fresh.close()


async def test_the_token_stays_out_of_cookies_and_the_page_still_follows_the_console(tmp_path):
    """Cookies do not keep ports apart: a cookie the view set would go to every
    service on 127.0.0.1. The page keeps its token itself and sends it on its
    own requests; the browser holds no cookie, another port of the host gets no
    token, a request without it is refused, and the page still updates live."""
    import asyncio

    path = ENCOUNTERS / "ctb-causeway-ambush.toml"
    app = GMConsoleApp(load_encounter(path), path=path, players={"host": "127.0.0.1", "port": 0, "token": TOKEN})
    heads: list[bytes] = []

    async def other_service(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            heads.append(await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 5))
            writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok")
            await writer.drain()
        finally:
            writer.close()

    other = await asyncio.start_server(other_service, "127.0.0.1", 0)
    other_port = other.sockets[0].getsockname()[1]
    async with app.run_test(size=(120, 40)) as pilot:
        server = await running(app, pilot)
        browser = await Browser().start()
        try:
            await browser.goto(server.url)
            await browser.wait_for("document.getElementById('link').textContent === 'live'")
            assert (await browser.send("Storage.getCookies"))["cookies"] == []
            await pilot.press(*"say The causeway groans", "enter")
            await browser.wait_for("document.querySelector('#log li.say')?.textContent === 'The causeway groans'")
            # the page's origin, without the token: refused
            assert await browser.eval("fetch('/state.json', {cache: 'no-store'}).then((r) => r.status)") == 403
            assert await browser.eval("fetch('/', {cache: 'no-store'}).then((r) => r.status)") == 403
            # another service on the same host: no token reaches it
            await browser.goto(f"http://127.0.0.1:{other_port}/")
            assert heads and all(TOKEN.encode() not in head for head in heads), heads
            # back on the view (its link): live again, still no cookie
            await browser.goto(server.url)
            await browser.wait_for("document.getElementById('link').textContent === 'live'")
            assert (await browser.send("Storage.getCookies"))["cookies"] == []
        finally:
            await browser.close()
            other.close()
            await other.wait_closed()


async def test_an_npc_that_is_down_reads_as_down_not_struck_out(tmp_path):
    """Issue 27: the Down band was drawn struck through, which reads as "not down".
    In a real page it is a filled badge, no line through it, apart from the other bands."""
    path = ENCOUNTERS / "conflict-relay-station.toml"
    game = load_encounter(path)
    for line in ("turn rhea", "attack rhea raider1 field-sidearm stun [2,5]", "suffer raider1"):
        game.push_line(line)
    app = GMConsoleApp(game, path=None, players={"host": "127.0.0.1", "port": 0, "token": TOKEN})
    async with app.run_test(size=(120, 40)) as pilot:
        server = await running(app, pilot)
        browser = await Browser().start()
        try:
            await browser.goto(server.url)
            await browser.wait_for("document.querySelector('.band.Down') !== null")
            style = await browser.eval(
                "(() => { const s = getComputedStyle(document.querySelector('.band.Down'));"
                " const u = getComputedStyle(document.querySelector('.band.Unhurt'));"
                " return {text: document.querySelector('.band.Down').textContent, line: s.textDecorationLine,"
                " bg: s.backgroundColor, unhurt_bg: u.backgroundColor, color: s.color, unhurt: u.color}; })()"
            )
            assert style["text"] == "Down"
            assert "line-through" not in style["line"]
            assert style["bg"] != style["unhurt_bg"] and style["color"] != style["unhurt"]  # it stands out
        finally:
            await browser.close()
