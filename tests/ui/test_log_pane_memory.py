"""What the log pane keeps in memory (issue 16, memory_ratio): its window's
wrapped rows as plain segments, a Textual Strip only for a row painted.
Counts of objects, never sizes or RSS (those are tests/bench/run.py's)."""

from __future__ import annotations

from textual.strip import Strip

from gm_console.files import load_encounter
from gm_console.ui.app import GMConsoleApp
from gm_console.ui.widgets.log_pane import LogPane
from tests.bench.generate import encounter_text


async def test_the_window_keeps_its_rows_as_segments_not_strips(tmp_path):
    path = tmp_path / "long.toml"
    path.write_text(encounter_text(6, 600))
    app = GMConsoleApp(load_encounter(path, cache=False), path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        log = app.query_one(LogPane)
        rows = [row for entry in log._wrapped for row in entry]
        assert len(rows) > log.scrollable_content_region.height  # more rows than the view shows
        assert not any(isinstance(row, Strip) for row in rows)
        # a Strip only for each row painted (the rows in view)
        assert 0 < len(log._painted) <= log.scrollable_content_region.height
        for row, painted in log._painted.values():
            assert isinstance(painted, Strip) and not isinstance(row, Strip)
        before = log.render_lines(log.region.reset_offset)
        log.refresh()
        await pilot.pause()
        assert log.render_lines(log.region.reset_offset) == before  # painted once, then the same
