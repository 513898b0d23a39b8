"""The player view in a running console (Pilot): palette commands, the
status line, the QR link screen, publishing after actions, undo, redo,
replay steps and encounter switches (live state only)."""

from __future__ import annotations

import json
import subprocess
import sys

import aiohttp

from gm_console.files import load_encounter
from gm_console.ui.app import GMConsoleApp
from gm_console.ui.screens.players_link import PlayersLink
from gm_console.ui.widgets.status_line import StatusLine
from tests.conftest import ENCOUNTERS, ROOT

TOKEN = "app-test-token"


def console(name: str = "conflict-relay-station.toml", players: dict | None = None) -> GMConsoleApp:
    path = ENCOUNTERS / name
    return GMConsoleApp(load_encounter(path), path=path, players=players)


async def until(pilot, check, timeout: float = 5.0) -> None:
    for _ in range(int(timeout / 0.02)):
        if check():
            return
        await pilot.pause(0.02)
    raise AssertionError("condition not met in time")


async def state(server) -> dict:
    async with aiohttp.ClientSession() as s:
        async with s.get(f"http://127.0.0.1:{server.port}/state.json?token={server.token}") as r:
            return await r.json()


async def test_players_flag_starts_the_view_and_every_change_is_published(tmp_path):
    app = console(players={"host": "127.0.0.1", "port": 0, "token": TOKEN})
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.fight.players_server is not None)
        server = app.fight.players_server
        assert server.token == TOKEN and server.url == f"http://127.0.0.1:{server.port}/?token={TOKEN}"
        status = str(app.query_one(StatusLine).render())
        assert "players: 0 watching" in status
        doc = await state(server)
        assert "Reactor Gallery" not in json.dumps(doc)
        await pilot.press(*"say Hold the dock", "enter")
        await pilot.pause()
        assert (await state(server))["log"][-1]["text"] == "Hold the dock"
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert all(line["text"] != "Hold the dock" for line in (await state(server))["log"])
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert (await state(server))["log"][-1]["text"] == "Hold the dock"
        # replay: the GM browses the past, the players keep the live state
        await pilot.press("f3", "home")
        await pilot.pause()
        assert app.fight.replay_at == 0
        assert (await state(server))["log"][-1]["text"] == "Hold the dock"
        await pilot.press("f3")
        # another encounter: the view follows
        app.fight.load_game(load_encounter(ENCOUNTERS / "ctb-training-yard.toml"), ENCOUNTERS / "ctb-training-yard.toml")
        await until(pilot, lambda: not app.fight._swapping)
        await pilot.pause()
        assert (await state(server))["systems"] == ["ctb"]


async def test_keystrokes_and_redraws_that_leave_the_live_game_as_it_was_publish_nothing(monkeypatch):
    """The document is built only when the live game changed (an action, an
    undo, a redo, another encounter): a keystroke previews the draft, which
    the players never see, and a viewer's arrival only redraws the status
    line; each built the whole document again (about 1 ms with 50 viewers)."""
    app = console(players={"host": "127.0.0.1", "port": 0, "token": TOKEN})
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.fight.players_server is not None)
        server = app.fight.players_server
        told = []
        changed = type(server).changed
        monkeypatch.setattr(type(server), "changed", lambda self: told.append(len(app.game.log)) or changed(self))
        await pilot.press(*"say first")
        app.fight.redraw()
        await pilot.pause()
        assert told == []
        await pilot.press("enter")
        await pilot.pause()
        assert told == [len(app.game.log)]
        await pilot.press("ctrl+z")  # an undo: the log is shorter
        await pilot.pause()
        await pilot.press(*"say other", "enter")  # as long a log as before the undo, another last line
        await pilot.pause()
        assert len(told) == 3 and told[1] + 1 == told[2]
        assert (await state(server))["log"][-1]["text"] == "other"
        await pilot.press(*"note a note for the gm")
        await pilot.pause()
        assert len(told) == 3


async def test_a_view_started_after_the_start_up_freeze_freezes_the_servers_modules_once(monkeypatch):
    """Once the console froze its start-up heap (the launcher's way,
    GMConsoleApp.fight_drawn), the first view started collects, then freezes
    (the server's modules join that heap, and no garbage with them); a second
    start freezes nothing more. In a process that froze nothing (these
    tests), nothing is frozen."""
    from gm_console.ui import players

    calls = []

    class Collector:
        frozen = 0

        def isenabled(self):
            return True

        def get_freeze_count(self):
            return self.frozen

        def collect(self):
            calls.append("collect")

        def freeze(self):
            calls.append("freeze")

    fake = Collector()
    monkeypatch.setattr(players, "gc", fake)
    monkeypatch.setattr(players, "_FROZE_SERVER", False)
    for frozen, expected in ((0, []), (110_000, ["collect", "freeze"]), (110_000, [])):
        fake.frozen, calls[:] = frozen, []
        app = console()
        async with app.run_test(size=(120, 40)) as pilot:
            app.fight.players_start()
            await until(pilot, lambda: app.fight.players_server is not None)
            assert calls == expected


async def test_palette_commands_start_show_the_link_and_stop():
    app = console()
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.fight.players_server is None
        assert "players:" not in str(app.query_one(StatusLine).render())
        app.fight.players_show_link()  # off: says so
        app.fight.players_start()
        await until(pilot, lambda: app.fight.players_server is not None)
        server = app.fight.players_server
        assert server.host == "127.0.0.1" and server.port > 0 and len(server.token) >= 20
        async with aiohttp.ClientSession() as s:
            async with s.get(f"http://127.0.0.1:{server.port}/events?token={server.token}") as r:
                await r.content.readline()
                await until(pilot, lambda: "players: 1 watching" in str(app.query_one(StatusLine).render()))
        await until(pilot, lambda: "players: 0 watching" in str(app.query_one(StatusLine).render()))
        app.fight.players_show_link()
        await pilot.pause()
        assert isinstance(app.screen, PlayersLink)
        url = str(app.screen.query_one("#players-url").render())
        assert url == server.url
        qr = str(app.screen.query_one("#players-qr").render())
        assert "█" in qr and "[" not in qr
        await pilot.press("escape")
        app.fight.players_stop()
        await until(pilot, lambda: app.fight.players_server is None)
        assert "players:" not in str(app.query_one(StatusLine).render())


async def test_a_network_bind_is_warned_about_in_the_status_line(monkeypatch):
    # (another loopback address, taken for a network one: the test opens nothing to the network)
    monkeypatch.setattr("gm_console.players.server.is_loopback", lambda host: False)
    app = console(players={"host": "127.0.0.2", "port": 0, "token": TOKEN})
    async with app.run_test(size=(160, 40)) as pilot:
        await until(pilot, lambda: app.fight.players_server is not None)
        assert "OPEN TO THE NETWORK" in str(app.query_one(StatusLine).render())


async def test_the_palette_lists_the_players_commands():
    from gm_console.ui.commands import ConsoleProvider

    app = console()
    async with app.run_test(size=(120, 40)):
        provider = ConsoleProvider(app.screen)
        labels = [label for label, _, _ in provider._items()]
        assert {"players: start", "players: stop", "players: show link"} <= set(labels)


def test_importing_the_app_does_not_import_aiohttp():
    out = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", "import gm_console.ui.app"], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert "aiohttp" not in out.stderr and "segno" not in out.stderr


async def test_the_start_up_notice_shows_the_link_without_its_token():
    """The notice stays on the GM's screen for seconds (a shoulder surfer reads
    it): it shows where the view is, not its token; ``players: show link``
    shows the token and the QR code when the GM asks for them."""
    for players in ({"host": "127.0.0.1", "port": 0, "token": TOKEN}, None):
        app = console(players=players)
        async with app.run_test(size=(120, 40)) as pilot:
            if players is None:
                app.fight.players_start()  # palette: players: start, a random token
            await until(pilot, lambda: app.fight.players_server is not None)
            await pilot.pause()
            server = app.fight.players_server
            notices = [n for n in app.notices if n.title == "Player view"]
            assert len(notices) == 1
            assert f"http://127.0.0.1:{server.port}/" in notices[0].message
            assert all(server.token not in n.message and server.token not in n.title for n in app.notices)
            assert "players: show link" in notices[0].message
            app.fight.players_start()  # again: "already on", still without the token
            await pilot.pause()
            assert any("already on" in n.message for n in app.notices)
            assert all(server.token not in n.message for n in app.notices)
            app.fight.players_show_link()
            await pilot.pause()
            assert isinstance(app.screen, PlayersLink)
            assert server.token in str(app.screen.query_one("#players-url").render())
