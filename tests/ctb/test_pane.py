"""The AP timeline pane: Pilot tests of what it shows, and SVG snapshots at
80x24 and 120x40 (tests/ctb/__snapshots__; refresh with --snapshot-update)."""

from __future__ import annotations

from pathlib import Path

from gm_console.files import load_encounter
from gm_console.ui.app import GMConsoleApp
from gm_console.ui.panes.ctb import CTBPane
from gm_console.ui.widgets.action_prompt import ActionPrompt
from gm_console.ui.widgets.lines_view import LinesView
from gm_console.ui.widgets.literal import LiteralStatic

ROOT = Path(__file__).resolve().parents[2]
YARD = ROOT / "encounters" / "ctb-training-yard.toml"
CAUSEWAY = ROOT / "encounters" / "ctb-causeway-ambush.toml"
FIGHT = ["next", "hit drone ren [9]", "next", "brk mira golem [15]", "next", "brk ren golem [12]",
         "next", "hit golem ren [3]", "next", "set drone hp 0"]  # fmt: skip


def make_app(path: Path = YARD, lines: list[str] = ()) -> GMConsoleApp:
    game = load_encounter(path)
    for line in lines:
        game.push_line(line)
    return GMConsoleApp(game)


def bar_text(pane: CTBPane) -> str:
    """The turn bar and the line under it, as the pane shows them."""
    return "\n".join(line.plain for line in pane.query_one("#ctb-bar", LiteralStatic).content.renderables)


def body_text(pane: CTBPane) -> str:
    """The pane's scrolling body (unit rows, attack odds, AP timeline), every row of it."""
    return pane.query_one(LinesView).plain


async def type_text(pilot, text: str, enter: bool = False) -> None:
    prompt = pilot.app.query_one(ActionPrompt)
    prompt.focus()
    prompt.value = text
    await pilot.pause()
    if enter:
        await pilot.press("enter")
        await pilot.pause()


async def test_pane_shows_turn_bar_rows_and_marks():
    app = make_app(lines=FIGHT)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        pane = app.query_one(CTBPane)
        first = bar_text(pane).splitlines()[0]
        active = app.game.state.units[app.game.state.clock.active].name
        assert first.startswith(f"NOW {active}")
        rows = body_text(pane).splitlines()
        golem = next(r for r in rows if r[2:].startswith("Sparring…") and " HP " in r)
        assert "BROKEN" in golem and " 0/12" in golem
        drone = next(r for r in rows if "Drone" in r and " HP " in r)
        assert "DOWN" in drone  # DOWNED where the bar is wide enough
        assert any(r.startswith("▶ ") and active[:6] in r for r in rows)
        assert "K90" in body_text(pane) and "KI" in body_text(pane)
        assert "AP timeline" in body_text(pane)


async def test_what_if_preview_appears_while_typing_and_goes_when_cleared():
    app = make_app(lines=["next"])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        pane = app.query_one(CTBPane)
        before = bar_text(pane).splitlines()
        assert not before[1].startswith("IF")
        await type_text(pilot, "set golem ap_total 40")
        lines = bar_text(pane).splitlines()
        assert lines[1].startswith("IF") and lines[1].count("Sparring") > before[0].count("Sparring")
        assert app.game.state.units["golem"].stats["ap_total"] == 8  # nothing applied
        await type_text(pilot, "haste ren 30")
        assert bar_text(pane).splitlines()[1].startswith("IF")
        await type_text(pilot, "")
        assert not bar_text(pane).splitlines()[1].startswith("IF")
        assert bar_text(pane).splitlines()[0] == before[0]


async def test_hit_preview_shows_the_odds_then_applying_logs_the_sum():
    app = make_app(lines=["next"])  # drone's turn
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        pane = app.query_one(CTBPane)
        await type_text(pilot, "hit drone ren")
        assert "hit drone ren: 9+2+0 - (8+2) = 1 │ 1-6 1 │ 7-19 1 │ 20 2 HP" in bar_text(pane)
        await type_text(pilot, "hit drone ren [9]", enter=True)
        assert app.game.lines()[-1] == "hit drone ren [9]"
        assert app.game.state.units["ren"].stats["hp"] == 39


async def test_bigger_encounter_fits_at_80_columns():
    app = make_app(CAUSEWAY, ["next", "next"])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        pane = app.query_one(CTBPane)
        width = pane.content_size.width
        for line in bar_text(pane).splitlines() + body_text(pane).splitlines():
            assert len(line) <= width, line


def test_snapshot_80x24(snap_compare):
    assert snap_compare(make_app(lines=FIGHT), terminal_size=(80, 24))


def test_snapshot_120x40(snap_compare):
    assert snap_compare(make_app(lines=FIGHT), terminal_size=(120, 40))


def test_snapshot_120x40_what_if(snap_compare):
    async def typing(pilot):
        await pilot.pause()  # the fight's panes mounted
        await type_text(pilot, "set golem ap_total 20")

    # the yard has no zones, so no other pane (the zone map) shares the screen
    assert snap_compare(make_app(YARD, ["next", "next"]), terminal_size=(120, 40), run_before=typing)


def test_odds_lines_under_every_brk_amount_rule():
    """Regression (seen in tmux): the odds under brk_amount = weapon_brk."""
    from gm_console.core.systems.ctb.view import Brk, Hit
    from gm_console.ui.render.ctb import matchups, odds_line

    game = load_encounter(CAUSEWAY)  # brk_amount = weapon_brk
    game.push_line("next")
    lines = [line.plain for line in matchups(game.state, game.rules, 100)]
    assert any(line.startswith("brk Raider Wa… Longbow") and "raw   2" in line for line in lines)  # Tamsin's bow: brk 2
    assert "raw   1" in odds_line(game.state, game.rules, Hit(attacker="tamsin", target="warlord"), full=False).plain
    assert "BRK 2" in odds_line(game.state, game.rules, Brk(attacker="tamsin", target="warlord")).plain


def test_a_recalled_unit_says_so_where_its_ap_bar_was():
    """Downed and Recalled take the place of their bars, cut to the room there is."""
    from gm_console.ui.render.ctb import layout, unit_rows

    game = load_encounter(YARD)
    game.push_line("set drone hp 0")
    game.push_line("recall drone")
    drone = game.state.units["drone"]
    wide, narrow = (unit_rows(game.state, game.rules, drone, layout(w), w)[0].plain for w in (90, 60))
    assert "AP   RECALLED " in wide and "HP  DOWNED " in wide
    assert "AP R " in narrow and "HP DOWN " in narrow


def test_a_unit_row_ends_whole_at_every_width():
    """Issue 27 (sizes): a 114-cell pane cut the demo's Kennel to `K1…`. The row's
    last cells (KI numbers, Kennel) are measured on the units, so no row is cut."""
    from gm_console.ui.render import ctb as r

    for path in (YARD, CAUSEWAY):
        game = load_encounter(path)
        game.push_line("set ren ki_base 100")  # a three-digit KI widens the tail
        state = game.state
        for width in range(70, 241):  # (narrower than any pane the layouts give it: there a row is cut with …)
            lay = r.layout(width, state.units.values())
            for unit in state.units.values():
                row = r.unit_row(state, game.rules, unit, lay)
                assert row.cell_len <= width, (path.name, width, unit.id, row.plain)
