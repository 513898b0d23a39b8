"""SVG snapshots of the build screen (pytest-textual-snapshot) at 80x24 and
120x40: a unit's fields with their ranges and a refused change, and the
library search. Refresh after a deliberate change with ``--snapshot-update``
and look at the report before committing."""

from __future__ import annotations

import shutil

import pytest

from gm_console.build.draft import Draft
from gm_console.ui.build_app import BuildConsole
from gm_console.ui.config import Config
from tests.conftest import ENCOUNTERS
from tests.ui.test_snapshots import SIZES, ids, steady_cursors


def builder(tmp_path, name: str) -> BuildConsole:
    path = tmp_path / name
    shutil.copy(ENCOUNTERS / name, path)
    return BuildConsole(Draft.open(path), config=Config())


@pytest.mark.parametrize("size", SIZES, ids=ids)
def test_a_unit_with_its_ranges_and_a_refusal(snap_compare, tmp_path, size):
    async def run(pilot) -> None:
        await steady_cursors(pilot)
        screen = pilot.app.screen
        entries = screen.query_one("#entries")
        entries.highlighted = screen.keys.index("units:warlord")
        await pilot.press("enter", "down", "down", "down")  # the fields: ctb.ap_total, ctb.ap ...
        line = screen.query_one("#line")
        line.value = "set warlord.ctb.kennel=250"
        line.focus()
        await pilot.press("enter")
        await steady_cursors(pilot)
        screen.query_one("#fields").focus()
        await steady_cursors(pilot)

    assert snap_compare(builder(tmp_path, "ctb-causeway-ambush.toml"), run_before=run, terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=ids)
def test_the_library_search(snap_compare, tmp_path, size):
    async def run(pilot) -> None:
        await steady_cursors(pilot)
        screen = pilot.app.screen
        screen.query_one("#entries").highlighted = screen.keys.index("units:raider1")
        await pilot.press("a")
        await steady_cursors(pilot)
        await pilot.press(*"minor")
        await steady_cursors(pilot)

    assert snap_compare(builder(tmp_path, "conflict-relay-station.toml"), run_before=run, terminal_size=size)
