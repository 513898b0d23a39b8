"""A forecast is the GM's alone: running one in the console (its screen, its
worker, its processes) sends the players nothing. The player view is built
from the live game's state (core/playerview.py), which a forecast never
touches: the document the server gives is the same before, during and after."""

from __future__ import annotations

import json

from gm_console.core.playerview import player_document
from gm_console.ui.commands import open_forecast
from gm_console.ui.screens.forecast_screen import ForecastScreen
from tests.players.test_app import TOKEN, console, state, until


async def test_nothing_of_a_forecast_reaches_the_player_view():
    app = console("ctb-causeway-ambush.toml", players={"host": "127.0.0.1", "port": 0, "token": TOKEN})
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.fight.players_server is not None)
        server = app.fight.players_server
        before = await state(server)
        document = player_document(app.game)
        lines = app.game.lines()
        open_forecast(app)  # what the palette's "forecast" runs
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ForecastScreen)
        await until(pilot, lambda: screen.figures is not None, timeout=60)
        during = await state(server)
        await pilot.press("escape")
        await pilot.pause()
        after = await state(server)
        assert before == during == after
        assert player_document(app.game) == document and app.game.lines() == lines
        assert "forecast" not in json.dumps(after).lower()
