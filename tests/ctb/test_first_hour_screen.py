"""Issue 27, what the CTB screen shows: a Recalled unit off the map, conditions
in the order they matter, the odds with each attack's best weapon, and the
acting unit's row kept in view at 80x24."""

from __future__ import annotations

from pathlib import Path

from gm_console.core.state import Condition
from gm_console.files import load_encounter
from gm_console.ui.app import GMConsoleApp
from gm_console.ui.panes.ctb import CTBPane
from gm_console.ui.widgets.lines_view import LinesView

ROOT = Path(__file__).resolve().parents[2]
CAUSEWAY = ROOT / "encounters" / "ctb-causeway-ambush.toml"


# ---------------------------------------------------------------- the map


async def test_a_recalled_unit_is_off_the_map_and_named_under_it():
    # the Recall Beacon is an emergency extraction: a Recalled unit has left the battle
    app = GMConsoleApp(load_encounter(CAUSEWAY))
    async with app.run_test(size=(120, 40)) as pilot:  # tabbed: the zone map behind the CTB pane
        await pilot.pause()
        for line in ("set oskar hp 0", "recall oskar", "set raider1 hp 0"):
            app.fight.apply_line(line)
        app.fight.action_next_pane()
        await pilot.pause()
        zones = app.query_one("#pane-zones")
        drawn = zones.query_one("#zones-map").render().plain
        assert "Oskar" not in drawn  # not standing on West Landing
        assert "Mira" in drawn and "Raider Downed" in drawn  # the Downed stay where they fell, Downed first
        off = zones.query_one("#zones-off")
        assert off.display and "Recalled, off the map: Oskar" in off.render().plain
        app.fight.apply_line("set oskar recalled 0")  # brought back by GM fiat: on its zone again
        await pilot.pause()
        assert "Oskar" in zones.query_one("#zones-map").render().plain
        assert not off.display


def test_conditions_are_listed_in_the_order_they_matter():
    from gm_console.ui.render.conditions import unit_conditions

    game = load_encounter(CAUSEWAY)
    unit = game.state.units["oskar"]
    unit.conditions.clear()
    for name in ("Blinded", "Shaken", "Dying", "Downed", "Recalled"):
        unit.conditions[name.lower()] = Condition(name)
    assert unit_conditions(unit).plain == "Recalled Downed Dying Blinded Shaken"
    assert unit_conditions(unit, frozenset({"downed"})).plain == "Recalled Dying Blinded Shaken"


# ---------------------------------------------------------------- the odds


def test_the_odds_take_each_attack_with_its_best_weapon_and_name_it():
    from gm_console.ui.render.ctb import matchups

    game = load_encounter(CAUSEWAY)  # brk_amount = weapon_brk: Mira's Staff brk 3, her Ember Bolt brk 0
    while game.state.clock.active != "mira":
        game.push_line("next")
    rows = [row.plain for row in matchups(game.state, game.rules, 76)]
    brk = next(row for row in rows if row.startswith("brk Hexer"))
    hit = next(row for row in rows if row.startswith("hit Hexer"))
    assert "Staff" in brk and "raw   3" in brk  # not the first weapon's 1
    assert "Ember Bolt" in hit and "raw  10" in hit  # 15 MAG + 4 + 1 - (4 AR + 6 MR)
    assert all(len(row) <= 76 for row in rows)


def test_the_best_weapon_is_the_one_that_takes_the_most():
    from gm_console.core.systems.ctb.view import Brk, Hit, best_strike

    game = load_encounter(CAUSEWAY)
    state, rules = game.state, game.rules
    assert best_strike(state, rules, Brk(attacker="mira", target="warlord")).weapon == "staff"
    assert best_strike(state, rules, Hit(attacker="mira", target="warlord")).weapon == "bolt"
    named = Brk(attacker="mira", target="warlord", weapon="bolt")
    assert best_strike(state, rules, named) is named  # a weapon the GM named stays
    only = Hit(attacker="ren", target="warlord")
    assert best_strike(state, rules, only) is only  # one weapon: nothing to choose


# ---------------------------------------------------------------- the acting row in view


def acting_row_in_view(body: LinesView) -> bool:
    row = next(i for i, line in enumerate(body.lines) if line.plain.startswith("▶ "))
    top = round(body.scroll_y)
    return top <= row < top + body.scrollable_content_region.height


async def test_at_80x24_the_body_scrolls_to_the_acting_row_on_a_turn_change_only():
    app = GMConsoleApp(load_encounter(CAUSEWAY))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        body = app.query_one(CTBPane).query_one(LinesView)
        acted = set()
        for _ in range(8):  # turns of units low in the roster (Raider Skirmisher, Hexer, Raider Warlord...)
            app.fight.apply_line("next")
            await pilot.pause()
            assert acting_row_in_view(body), app.game.state.clock.active
            acted.add(app.game.state.clock.active)
            if app.game.state.clock.active == "raider2":  # the last row: its odds come straight under it
                top, height = round(body.scroll_y), body.scrollable_content_region.height
                shown = [line.plain for line in body.lines[top : top + height]]
                assert shown[0].startswith("▶ Raider S") and any(row.startswith("hit Ren") for row in shown)
        assert {"raider2", "hexer", "warlord"} <= acted
        body.scroll_to(y=body.max_scroll_y, animate=False, immediate=True)  # the GM reads the timeline mid-turn
        await pilot.pause()
        where = body.scroll_y
        app.fight.apply_line("cond ren Blinded for=2t")  # a redraw within the turn
        await pilot.pause()
        assert body.scroll_y == where
        app.fight.apply_line("next")  # a new turn: back to the acting row
        await pilot.pause()
        assert acting_row_in_view(body)
