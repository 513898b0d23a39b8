"""Point, don't type (issue 29): a click on a unit (a CTB roster row, a
conflict map token, a reactor board card) selects it; a click on a second
unit puts the line of the first acting on it in the prompt; a click on a zone
its move (a Facility: a strike on it); a right-click (F9) opens the unit's
menu; F8 and ``unit: show NAME`` its stat block, which in replay shows the
unit at that point. Every click makes a line of notation, in the prompt or
applied (config ``point = "apply"``), so the log is what typing makes. SVG
snapshots of the stat block at 80x24 and 120x40 (tests/ui/__snapshots__/test_point)."""

from __future__ import annotations

import pytest

from gm_console.files import load_encounter
from gm_console.ui.app import GMConsoleApp
from gm_console.ui.config import Config
from gm_console.ui.screens.pick_flow import PickFlow
from gm_console.ui.screens.stat_block import StatBlockScreen
from gm_console.ui.screens.strike_flow import StrikeFlow
from gm_console.ui.screens.unit_menu import UnitMenu
from tests.conftest import ENCOUNTERS
from tests.ui.explore import console_label, run_hit
from tests.ui.settle import settle

CTB = ENCOUNTERS / "ctb-causeway-ambush.toml"
CONFLICT = ENCOUNTERS / "conflict-relay-station.toml"
REACTOR = ENCOUNTERS / "reactor-night-shift.toml"
SIZES = [(80, 24), (120, 40)]


def make_app(path, lines=(), point: str = "prompt") -> GMConsoleApp:
    game = load_encounter(path)
    for line in lines:
        game.push_line(line)
    return GMConsoleApp(game, path=None, config=Config(point=point))


def where(app, kind: str, ident: str) -> tuple[int, int]:
    """A cell of the screen whose drawn text points at ``kind`` ``ident`` (a zone: a cell of its box, no unit on it)."""
    screen = app.screen
    for y in range(app.size.height):
        for x in range(app.size.width):
            meta = screen.get_style_at(x, y).meta
            if meta.get(kind) == ident and (kind != "zone" or "unit" not in meta):
                return x, y
    raise AssertionError(f"no {kind} {ident!r} on screen")


async def click(pilot, kind: str, ident: str, button: int = 1) -> None:
    await pilot.click(offset=where(pilot.app, kind, ident), button=button)
    await settle(pilot)


def prompt(app) -> str:
    return app.fight.prompt().value


# ---------------------------------------------------------------- select, target, move in each system


async def test_ctb_a_row_selects_a_second_row_fills_the_hit_a_zone_the_move():
    app = make_app(CTB, ["next"])
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        state = app.game.state
        acting = state.clock.active
        foe = next(u for u, unit in state.units.items() if unit.side != state.units[acting].side)
        await click(pilot, "unit", acting)
        assert app.fight.selected == acting
        assert f"selected: {state.units[acting].name}" in app.fight.query_one("StatusLine").content.plain
        await click(pilot, "unit", foe)
        assert prompt(app) == f"hit {acting} {foe}"  # the legal action between them
        assert len(app.game.log) == 1, "a click in prompt mode applies nothing"
        await pilot.press("f5")  # the zone map, behind its tab at 120 columns
        await settle(pilot)
        zone = next(z for z in state.zones if z != state.units[acting].zone)
        await click(pilot, "zone", zone)
        assert prompt(app) == f"move {acting} {zone}"
        await click(pilot, "unit", acting)  # on the map now: a click on the selected unit clears it
        assert app.fight.selected is None and "selected:" not in app.fight.query_one("StatusLine").content.plain


async def test_conflict_a_token_selects_a_second_token_fills_the_attack_a_zone_the_stride():
    app = make_app(CONFLICT, ["turn rhea"])
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await click(pilot, "unit", "rhea")
        assert app.fight.selected == "rhea"
        await click(pilot, "unit", "raider1")
        line = prompt(app)
        assert line.startswith("attack rhea raider1") and app.game.is_legal(app.game.parse(line))
        state = app.game.state
        zone = next(z for z in state.zones[state.units["rhea"].zone].adjacent)
        await click(pilot, "zone", zone)
        assert prompt(app) == f"stride rhea {zone}" and app.game.is_legal(app.game.parse(prompt(app)))


async def test_reactor_a_card_selects_a_second_card_fills_the_strike_a_facility_a_strike_on_it():
    app = make_app(REACTOR)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await click(pilot, "unit", "k1")
        assert app.fight.selected == "k1"
        await click(pilot, "unit", "reserve")
        line = prompt(app)
        assert line.startswith("strike k1 -> reserve") and app.game.is_legal(app.game.parse(line))
        facility = next(f for f in app.game.state.boards["reactor"].facilities.values() if f.side == "plant")
        await click(pilot, "facility", facility.id)
        assert prompt(app).startswith(f"strike k1 -> {facility.id}")


async def test_a_facility_clicked_with_no_unit_selected_shows_its_card():
    app = make_app(REACTOR)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        facility = next(f for f in app.game.state.boards["reactor"].facilities.values() if f.card)
        await click(pilot, "facility", facility.id)
        block = app.screen
        assert isinstance(block, StatBlockScreen) and block.seen.blocks[0].kind == "Facility"
        assert f"{facility.name} ({facility.id})" in block.plain and "Integrity" in block.plain


async def test_a_conflict_track_line_points_at_its_character_too():
    app = make_app(CONFLICT, ["turn rhea"])
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        region = app.screen.query_one("#cf-tracks").region
        marked = [
            (meta["unit"], (x, y))
            for y in range(region.y, region.bottom)
            for x in range(region.x, region.right)
            if isinstance((meta := app.screen.get_style_at(x, y).meta).get("unit"), str)
        ]
        assert {uid for uid, _ in marked} == set(app.game.state.units)  # every character's track line is marked
        uid, at = next((u, a) for u, a in marked if u == "warden")
        await pilot.click(offset=at)
        await settle(pilot)
        assert app.fight.selected == "warden"


async def test_with_point_apply_a_click_applies_its_line_to_the_log():
    app = make_app(CTB, ["next"], point="apply")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        state = app.game.state
        acting = state.clock.active
        foe = next(u for u, unit in state.units.items() if unit.side != state.units[acting].side)
        await click(pilot, "unit", acting)
        await click(pilot, "unit", foe)
        assert app.game.lines()[-1].startswith(f"hit {acting} {foe}") and len(app.game.log) == 2
        assert prompt(app) == ""


# ---------------------------------------------------------------- with a selection: F7, the palette, the menu


async def test_with_a_selection_f7_opens_on_its_actions():
    app = make_app(CONFLICT, ["turn rhea"])
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await click(pilot, "unit", "rhea")
        await pilot.press("f7")
        await settle(pilot)
        flow = app.screen
        assert isinstance(flow, PickFlow) and flow.chosen == {"actor": "rhea"} and flow.step_key == "verb"


async def test_with_a_selection_the_reactor_flow_opens_on_its_targets():
    app = make_app(REACTOR)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await click(pilot, "unit", "ranger")
        await pilot.press("f7")
        await settle(pilot)
        assert isinstance(app.screen, StrikeFlow) and app.screen.striker == "ranger" and app.screen.step == "target"


async def test_with_a_selection_the_palette_lists_its_actions_first():
    from gm_console.ui.commands import ActionsProvider

    app = make_app(REACTOR)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        before = [label for label, _, _ in ActionsProvider(app.screen)._items()]
        await click(pilot, "unit", "blox")
        after = [label for label, _, _ in ActionsProvider(app.screen)._items()]
        blox = app.game.state.units["blox"].name
        assert not before[0].startswith(f"strike: {blox}") and after[0].startswith(f"strike: {blox}")
        assert sorted(before) == sorted(after)


async def test_a_right_click_opens_the_unit_menu_whose_lines_go_to_the_prompt():
    app = make_app(CTB, ["next", "cond ren Blinded for=2r"])
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await click(pilot, "unit", "ren", button=3)
        menu = app.screen
        assert isinstance(menu, UnitMenu)
        lines = [item.line for item in menu.items]
        assert lines[:2] == ["ren", "ren"] and "cond ren " in lines and "uncond ren Blinded" in lines and "set ren " in lines
        refused = {item.line: item.why for item in menu.items if item.why}
        assert "hide ren" in refused and "player character" in refused["hide ren"]  # the rule's own refusal
        menu.dismiss(("line", "uncond ren Blinded"))
        await settle(pilot)
        assert prompt(app) == "uncond ren Blinded" and len(app.game.log) == 2


# ---------------------------------------------------------------- the stat block


async def test_f8_shows_the_acting_unit_and_the_palette_any_unit():
    app = make_app(CTB, ["next"])
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("f8")
        await settle(pilot)
        block = app.screen
        acting = app.game.state.units[app.game.state.clock.active]
        assert isinstance(block, StatBlockScreen) and block.seen.uid == acting.id
        assert f"{acting.name} ({acting.id})" in block.plain and "Legal actions now" in block.plain
        await pilot.press("escape")
        await settle(pilot)
        label = console_label(app, f"unit: show {app.game.state.units['warlord'].name}")
        assert label is not None
        await run_hit(pilot, label)
        await settle(pilot)
        assert isinstance(app.screen, StatBlockScreen) and app.screen.seen.uid == "warlord"


async def test_a_double_click_on_a_unit_shows_its_stat_block():
    app = make_app(CONFLICT)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.click(offset=where(app, "unit", "warden"), times=2)
        await settle(pilot)
        assert isinstance(app.screen, StatBlockScreen) and app.screen.seen.uid == "warden"
        assert app.fight.selected == "warden" and prompt(app) == ""


async def test_in_replay_the_stat_block_shows_the_unit_at_that_point():
    game = load_encounter(CTB)
    game.push_line("next")
    acting = game.state.clock.active
    foe = next(u for u, unit in game.state.units.items() if unit.side != game.state.units[acting].side)
    game.push_line(f"hit {acting} {foe}")
    hurt = game.state.units[foe].stats["hp"]
    assert hurt < game.state_at(1).units[foe].stats["hp"]
    app = GMConsoleApp(game, path=None, replay=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("right")  # after "next", before the hit
        await settle(pilot)
        assert app.fight.replay_at == 1
        await click(pilot, "unit", foe)  # a click in replay selects (and writes nothing)
        await pilot.press("f8")
        await settle(pilot)
        block = app.screen
        assert isinstance(block, StatBlockScreen) and not block.seen.live and block.seen.index == 1
        hp = next(f for b in block.seen.blocks for f in b.figures if f.key == "hp")
        assert hp.value == game.state_at(1).units[foe].stats["hp"] != hurt
        assert "replay shows the past" in block.plain and "up to action 1 (replay)" in block.plain
        await pilot.press("escape", "right")
        await settle(pilot)
        await pilot.press("f8")
        await settle(pilot)
        hp = next(f for b in app.screen.seen.blocks for f in b.figures if f.key == "hp")
        assert hp.value == hurt and app.screen.seen.history  # the hit, from the log's events


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("name", ["ctb-causeway-ambush.toml", "conflict-relay-station.toml", "reactor-night-shift.toml"])
def test_stat_block_snapshot(snap_compare, name, size):
    app = GMConsoleApp(load_encounter(ENCOUNTERS / name), path=None)
    first = {"ctb-causeway-ambush.toml": "hexer", "conflict-relay-station.toml": "rhea", "reactor-night-shift.toml": "ranger"}[name]

    async def open_block(pilot) -> None:
        await settle(pilot)
        app.fight.show_unit(first)
        await settle(pilot)

    assert snap_compare(app, run_before=open_block, terminal_size=size)
