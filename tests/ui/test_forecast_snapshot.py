"""SVG snapshots of the forecast screen (pytest-textual-snapshot): the
training yard forecast from its start, 40 fights in the console's process,
its win chances at the start of the round (h). At 120 columns the charts stand
beside the tables; at 80 they are below them, scrolled to. Seeded: the same each time.

Refresh after a deliberate change with ``pytest tests/ui/test_forecast_snapshot.py
--snapshot-update`` and look at the report before committing."""

from __future__ import annotations

import pytest
from textual.containers import Container

from gm_console.ui.screens.forecast_screen import ForecastScreen
from tests.ui.settle import until
from tests.ui.test_snapshots import console, steady_cursors


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_forecast_screen(snap_compare, size):
    async def forecast(pilot) -> None:
        app = pilot.app
        app.push_screen(ForecastScreen(app.game, runs=40, workers=1))
        await pilot.pause()
        screen = app.screen
        await until(pilot, lambda: screen.figures is not None, "the figures")
        await pilot.press("h")
        await until(pilot, lambda: screen.rounds_by_history is not None, "the win chances by round")
        assert screen.has_class("-narrow") == (size[0] < ForecastScreen.WIDE)
        if screen.has_class("-narrow"):
            screen.query_one("#forecast-body", Container).scroll_end(animate=False)  # the charts, below the tables
        await steady_cursors(pilot)

    assert snap_compare(console("ctb-training-yard.toml"), run_before=forecast, terminal_size=size)
