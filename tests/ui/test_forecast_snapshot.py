"""An SVG snapshot of the forecast screen (pytest-textual-snapshot): the
training yard forecast from its start, 40 fights in the console's process,
its win chances at the start of the round (h), scrolled to the charts.
Seeded: the same each time.

Refresh after a deliberate change with ``pytest tests/ui/test_forecast_snapshot.py
--snapshot-update`` and look at the report before committing."""

from __future__ import annotations

from textual.containers import VerticalScroll

from gm_console.ui.screens.forecast_screen import ForecastScreen
from tests.ui.settle import until
from tests.ui.test_snapshots import console, steady_cursors


def test_the_forecast_screen(snap_compare):
    async def forecast(pilot) -> None:
        app = pilot.app
        app.push_screen(ForecastScreen(app.game, runs=40, workers=1))
        await pilot.pause()
        screen = app.screen
        await until(pilot, lambda: screen.figures is not None, "the figures")
        await pilot.press("h")
        await until(pilot, lambda: screen.rounds_by_history is not None, "the win chances by round")
        screen.query_one(VerticalScroll).scroll_end(animate=False)  # the charts, below the tables
        await steady_cursors(pilot)

    assert snap_compare(console("ctb-training-yard.toml"), run_before=forecast, terminal_size=(120, 40))
