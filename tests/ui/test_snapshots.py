"""SVG snapshots of the whole console (pytest-textual-snapshot): each
system's main screen, replay mode, the palette, the help screen, the rules
panel and the light and high-contrast themes, at 80x24 and 120x40.

Refresh after a deliberate change with ``pytest tests/ui/test_snapshots.py
--snapshot-update`` and look at the report before committing."""

from __future__ import annotations

import pytest

from gm_console.files import load_encounter
from gm_console.ui.app import GMConsoleApp
from gm_console.ui.config import Config
from tests.conftest import ENCOUNTERS

SIZES = [(80, 24), (120, 40)]
ids = [f"{w}x{h}" for w, h in SIZES]


def console(name: str, theme: str | None = None) -> GMConsoleApp:
    # path=None: the status line shows a fixed label, not a temporary path
    return GMConsoleApp(load_encounter(ENCOUNTERS / name), path=None, config=Config(theme=theme))


@pytest.mark.parametrize("size", SIZES, ids=ids)
@pytest.mark.parametrize(
    "name, keys",
    [
        ("ctb-causeway-ambush.toml", ["n", "e", "x", "t", "enter", *"hit tamsin hexer [17]", "enter"]),
        ("conflict-worked-example.toml", []),
        ("reactor-worked-exchange.toml", []),
    ],
    ids=["ctb", "conflict", "reactor"],
)
def test_main_screen_of_each_system(snap_compare, name, keys, size):
    assert snap_compare(console(name), press=keys, terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=ids)
def test_replay_mode(snap_compare, size):
    assert snap_compare(console("reactor-worked-exchange.toml"), press=["f3", "home", "right", "right"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=ids)
def test_palette(snap_compare, size):
    assert snap_compare(console("ctb-training-yard.toml"), press=["ctrl+p", *"attack", "wait:400"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=ids)
def test_help_screen(snap_compare, size):
    assert snap_compare(console("ctb-training-yard.toml"), press=["f1"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=ids)
def test_rules_panel(snap_compare, size):
    press = ["ctrl+r", *"armor broken", "wait:400", "enter"]
    assert snap_compare(console("ctb-training-yard.toml"), press=press, terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=ids)
@pytest.mark.parametrize("theme", ["gm-light", "gm-contrast"])
def test_themes(snap_compare, theme, size):
    assert snap_compare(console("conflict-relay-station.toml", theme), terminal_size=size)
