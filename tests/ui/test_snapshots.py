"""SVG snapshots of the whole console (pytest-textual-snapshot): each
system's main screen, replay mode, the palette, the help screen, the rules
panel, the rules lookup's top three and the light and high-contrast themes, at 80x24 and 120x40.

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
    app = GMConsoleApp(load_encounter(ENCOUNTERS / name), path=None, config=Config(theme=theme))
    # a notice stays until the snapshot is taken: its timeout (the replay notice's 6 s) is no race
    # against a loaded machine (it had gone before the snapshot of a run beside another suite)
    notify = app.notify
    app.notify = lambda *args, timeout=None, **options: notify(*args, timeout=3600, **options)  # type: ignore[method-assign]
    return app


async def steady_cursors(pilot) -> None:
    """Blinking cursors make a snapshot depend on the millisecond it is taken."""
    from textual.widgets import Input

    for screen in pilot.app.screen_stack:
        for field in screen.query(Input):
            field.cursor_blink = False
    await pilot.pause()


def pressing(keys: list[str]):
    async def run(pilot) -> None:
        await steady_cursors(pilot)
        if keys:
            await pilot.press(*keys)
        await steady_cursors(pilot)

    return run


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
    assert snap_compare(console(name), run_before=pressing(keys), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=ids)
def test_replay_mode(snap_compare, size):
    assert snap_compare(console("reactor-worked-exchange.toml"), run_before=pressing(["f3", "home", "right", "right"]), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=ids)
def test_palette(snap_compare, size):
    async def open_and_search(pilot) -> None:
        await pilot.press("ctrl+p")
        await steady_cursors(pilot)
        await pilot.press(*"attack")
        await pilot.pause(0.4)

    assert snap_compare(console("ctb-training-yard.toml"), run_before=open_and_search, terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=ids)
def test_help_screen(snap_compare, size):
    assert snap_compare(console("ctb-training-yard.toml"), run_before=pressing(["f1"]), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=ids)
def test_rules_panel(snap_compare, size):
    async def look_up(pilot) -> None:
        await pilot.press("ctrl+r")
        await steady_cursors(pilot)
        await pilot.press(*"armor broken")
        await pilot.pause(0.4)
        await pilot.press("enter")
        await steady_cursors(pilot)

    assert snap_compare(console("ctb-training-yard.toml"), run_before=look_up, terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=ids)
def test_rules_lookup_top_three(snap_compare, size):
    """ctrl+r on a misspelt question: "did you mean", then the top three each with the sentence that matched."""

    async def look_up(pilot) -> None:
        from tests.ui.settle import palette_searched

        await pilot.press("ctrl+r")
        await steady_cursors(pilot)
        await pilot.press(*"armr brokn")
        await palette_searched(pilot)
        await steady_cursors(pilot)

    assert snap_compare(console("ctb-training-yard.toml"), run_before=look_up, terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=ids)
@pytest.mark.parametrize("theme", ["gm-light", "gm-contrast"])
def test_themes(snap_compare, theme, size):
    assert snap_compare(console("conflict-relay-station.toml", theme), run_before=pressing([]), terminal_size=size)
