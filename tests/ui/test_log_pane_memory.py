"""What the log pane keeps in memory (issue 16, memory_ratio): its window's
wrapped rows as plain segments, a Textual Strip only for a row painted.
Counts of objects, never sizes or RSS (those are tests/bench/run.py's)."""

from __future__ import annotations

import gc

from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip

from gm_console.files import load_encounter
from gm_console.ui.app import GMConsoleApp
from gm_console.ui.widgets.log_pane import LogPane
from tests.bench.generate import encounter_text


async def test_the_window_keeps_its_rows_as_segments_not_strips(tmp_path):
    path = tmp_path / "long.toml"
    path.write_text(encounter_text(6, 600))
    app = GMConsoleApp(load_encounter(path), path=path)
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


ROWS = [
    ([Segment("abc", Style(bold=True)), Segment(" de")], 6),
    ([Segment("x" * 10)], 10),
    ([], 0),
    ([Segment("héllo", Style(italic=True))], 5),
]


def test_a_painted_row_is_what_the_strip_methods_give():
    base = Style(color="red", bgcolor="black")
    for segments, length in ROWS:
        for width in (length, length + 1, 12):
            chained = Strip(segments, length).crop_extend(0, width, base).apply_style(base).apply_meta({"entry": 3})
            painted = LogPane._paint((segments, length), 3, width, base)
            assert list(painted) == list(chained) and painted.cell_length == chained.cell_length == width


def test_painting_a_row_leaves_no_garbage_for_the_collector():
    """A Strip as wide as its crop keeps itself in its crop cache (a cycle): the
    pane makes none on the way to a painted row, so a paint is freed as it goes."""
    base = Style(color="red")
    collecting = gc.isenabled()
    gc.disable()
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        kept = [LogPane._paint(row, 1, row[1], base) for row in ROWS for _ in range(3)]  # as wide as the pane
        gc.collect()
        assert not [o for o in gc.garbage if isinstance(o, Strip)]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        if collecting:
            gc.enable()
    assert len(kept) == 3 * len(ROWS)
