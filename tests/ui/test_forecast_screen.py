"""The forecast screen (palette ``forecast``): the figures and charts for
every bundled encounter, the console still answering while fights run, Esc
stopping them and closing the screen, and the game left as it was."""

from __future__ import annotations

import glob
from pathlib import Path

import pytest

from gm_console.files import load_encounter
from gm_console.ui.app import GMConsoleApp
from gm_console.ui.screens.forecast_screen import ForecastScreen
from gm_console.ui.widgets.bar_chart import BarChart, bar, chart
from tests.ui.settle import palette_searched, until

ENCOUNTERS = sorted(glob.glob("encounters/*.toml"))


@pytest.mark.parametrize("path", ENCOUNTERS)
async def test_every_bundled_encounter_forecasts_in_the_console(path):
    app = GMConsoleApp(load_encounter(path), path=Path(path))
    async with app.run_test(size=(120, 40)) as pilot:
        lines = app.game.lines()
        app.push_screen(ForecastScreen(app.game, runs=6, workers=1))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ForecastScreen)
        await until(pilot, lambda: screen.figures is not None, "the forecast's figures")
        assert screen.figures["fights"] == 6
        assert screen.query_one("#forecast-rounds", BarChart).rows  # the rounds distribution is drawn
        await pilot.press("h")
        await until(pilot, lambda: screen.rounds_by_history is not None, "the win chances by round")
        assert screen.rounds_by_history[0][1] == 0  # the first round starts before any action
        assert screen.query_one("#forecast-history", BarChart).rows
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, ForecastScreen)
        assert app.game.lines() == lines


@pytest.mark.slow  # the palette searched at each key press, and a pool of processes started
async def test_the_palette_opens_the_forecast_and_esc_stops_it():
    app = GMConsoleApp(load_encounter("encounters/ctb-causeway-ambush.toml"), path=None)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"forecast: how")
        await palette_searched(pilot)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ForecastScreen), "the forecast screen")
        screen = app.screen
        await until(pilot, lambda: screen.query_one("ProgressBar").progress > 0, "the first fights", timeout=60)
        await pilot.press("escape")
        await pilot.pause()
        assert screen.stop.is_set() and not isinstance(app.screen, ForecastScreen)


def test_the_bars_are_drawn_in_eighths_of_a_cell():
    assert bar(1, 4) == "████" and bar(0, 4) == "" and bar(0.5, 3) == "█▌"
    text = chart([("a", 1.0, "10"), ("bb", 0.25, "2")], 20).plain.splitlines()
    assert text[0].startswith("a  ████") and text[0].endswith("10") and len(text[0]) == len(text[1]) == 20


async def test_in_replay_mode_the_forecast_starts_at_the_step_shown():
    from gm_console.ui.commands import open_forecast

    app = GMConsoleApp(load_encounter("encounters/reactor-worked-exchange.toml"), path=None)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f3", "home", "right", "right")
        await until(pilot, lambda: app.fight.replay_at == 2, "the replay at step 2")
        open_forecast(app)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ForecastScreen) and screen.start == 2
        await until(pilot, lambda: screen.figures is not None, "the figures", timeout=60)
        assert screen.figures["start"] == 2 and len(app.game.log) == 5
        await pilot.press("escape")
