"""Pilot tests of issue 14 at the table: what the board shows, what the prompt
accepts and says, where focus goes, the dice mode kept with the encounter."""

from __future__ import annotations

import pytest

from gm_console.files import load_encounter
from gm_console.ui.app import GMConsoleApp
from gm_console.ui.widgets.action_prompt import ActionPrompt
from tests.conftest import ENCOUNTERS

SIZES = [(80, 24), (120, 40)]


def open_app(name: str, tmp_path=None, **kwargs) -> GMConsoleApp:
    path = ENCOUNTERS / name
    if tmp_path is not None:  # a copy the test may save
        copy = tmp_path / name
        copy.write_text(path.read_text())
        path = copy
    return GMConsoleApp(load_encounter(path), path=path, **kwargs)


async def type_line(pilot, line: str) -> None:
    prompt = pilot.app.query_one(ActionPrompt)
    prompt.focus()
    prompt.value = line
    await pilot.press("enter")
    await pilot.pause()


def errors(app) -> list[str]:
    return [str(n.message) for n in app.notices if n.severity == "error"]


@pytest.mark.parametrize("size", SIZES)
async def test_a_typed_strike_a_guard_could_block_is_refused_with_the_fix(size):
    app = open_app("reactor-night-shift.toml")
    async with app.run_test(size=size) as pilot:
        await type_line(pilot, "strike k1 -> reactor")
        assert app.game.lines() == []
        assert app.query_one(ActionPrompt).value == "strike k1 -> reactor"  # kept, to add the answer
        text = errors(app)[-1]
        assert "block=senior (Senior Guard)" in text and "block=none" in text
        await type_line(pilot, "strike k1 -> reactor block=none")
        assert app.game.lines() == ["strike k1 -> reactor block=none"]


@pytest.mark.parametrize("size", SIZES)
async def test_names_and_prefixes_work_at_the_prompt_and_the_log_writes_ids(size):
    app = open_app("ctb-causeway-ambush.toml")
    async with app.run_test(size=size) as pilot:
        await type_line(pilot, "set Hex hp 5")
        assert app.game.lines()[-1] == "set hexer hp 5"
        await type_line(pilot, "set rai hp 5")
        assert "raider1 (Raider)" in errors(app)[-1] and "raider2 (Raider Skirmisher)" in errors(app)[-1]


@pytest.mark.parametrize("size", SIZES)
async def test_the_dice_mode_belongs_to_the_encounter_saved_and_restored_on_reopen(tmp_path, size):
    app = open_app("ctb-training-yard.toml", tmp_path)
    path = app.fight.path
    async with app.run_test(size=size) as pilot:
        assert app.fight.dice_mode == "auto" and not app.fight.dirty
        await pilot.press("f2")
        await pilot.pause()
        assert app.fight.dice_mode == "manual" and app.fight.dirty  # a change to the file: quit asks
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not app.fight.dirty
    assert 'dice = "manual"' in path.read_text()
    again = GMConsoleApp(load_encounter(path), path=path)
    async with again.run_test(size=size) as pilot:
        assert again.fight.dice_mode == "manual"
        status = again.query_one("#status")
        assert "dice: manual" in str(status.render())


@pytest.mark.parametrize("size", SIZES)
async def test_the_prompt_hints_this_systems_lines_and_a_refusal_says_ctrl_u(size):
    for name, words, absent in (
        ("ctb-causeway-ambush.toml", "hit UNIT TARGET", "roll 2d20"),
        ("conflict-relay-station.toml", "attack UNIT TARGET WEAPON", "roll 2d20"),
        ("reactor-night-shift.toml", "strike UNIT -> TARGET block=none", "roll 2d20"),
    ):
        app = open_app(name)
        async with app.run_test(size=size) as pilot:
            prompt = app.query_one(ActionPrompt)
            assert words in str(prompt.placeholder) and absent not in str(prompt.placeholder)
            await type_line(pilot, "sett x")
            refused = [n for n in app.notices if n.severity == "error"][-1]
            assert "ctrl+u" in refused.title
            assert prompt.value == "sett x"
            await pilot.press("ctrl+u")
            assert prompt.value == ""


@pytest.mark.slow  # every screen of the console, at each size: 10-18 s
async def test_focus_returns_to_the_prompt_after_the_strike_flow_and_every_screen():
    from gm_console.ui.panes.reactor import ReactorPane

    for size in SIZES:
        app = open_app("reactor-night-shift.toml")
        async with app.run_test(size=size) as pilot:
            pane = app.query_one(ReactorPane)
            pane.focus()
            await pilot.press("s")  # the strike flow: Conscript #1 -> reactor, no block
            await pilot.pause()
            for _ in range(3):
                await pilot.press("enter")
                await pilot.pause()
            await pilot.press("enter")  # apply
            await pilot.pause()
            assert app.game.lines()[-1].startswith("strike k1 -> ")
            assert app.focused is app.query_one(ActionPrompt)
            await pilot.press(*"strike")  # typed into the prompt, not a second flow
            await pilot.pause()
            assert app.query_one(ActionPrompt).value == "strike"
            app.query_one(ActionPrompt).value = ""
            for key in ("f1", "ctrl+r", "ctrl+p"):
                pane.focus()
                await pilot.press(key)
                await pilot.pause()
                await pilot.press("escape")
                await pilot.pause()
                assert app.focused is app.query_one(ActionPrompt), key


@pytest.mark.parametrize("size", SIZES)
async def test_ctb_rows_label_ap_show_conditions_and_names_and_only_legal_attacks(size):
    from gm_console.ui.panes.ctb import CTBPane
    from gm_console.ui.widgets.lines_view import LinesView

    app = open_app("ctb-causeway-ambush.toml")
    async with app.run_test(size=size) as pilot:
        for line in ("next", "cond tamsin Blinded for=2t", "cond Hex Slowed for=3r"):
            await type_line(pilot, line)
        body = app.query_one(CTBPane).query_one(LinesView).plain
        rows = body.splitlines()
        tamsin = next(r for r in rows if "Tamsin" in r and " HP " in r)
        assert " AP " in tamsin  # the AP number is labelled
        assert "Blinded 2t" in body and "Slowed 3r" in body  # what is left of each duration
        # each unit's row by its name (ui/render/names.py), whole or cut, and no two rows alike: Raider, Raider W…, Raider S…
        units = list(app.game.state.units.values())
        shown = [r[2 : r.index(" AP ")].rstrip() for r in rows if " AP " in r and r[:2] in ("  ", "▶ ") and r[2] != " "]
        assert len(shown) == len(units) and len(set(shown)) == len(shown), shown
        for label, unit in zip(shown, units):
            others = [w.lower() for u in units if u is not unit for w in (u.name, u.id)]
            if label.endswith("…"):  # a cut: of its name, and no other unit's name or id begins so
                cut = label[:-1].lower()
                assert unit.name.lower().startswith(cut) and not any(w.startswith(cut) for w in others), (label, unit.id)
            else:
                assert label == unit.name and unit.name.lower() not in others, (label, unit.id)
        assert "Tamsin's attacks" in body and "hit Hexer" in body
        await type_line(pilot, "hit tamsin hexer [12]")
        body = app.query_one(CTBPane).query_one(LinesView).plain
        assert "hit Hexer" not in body and "Tamsin's attacks" not in body  # used: nothing offered the console refuses
        assert "Tamsin has made this turn's attack: next ends the turn" in body
        await type_line(pilot, "next")  # a condition counts down at the end of its holder's turn
        assert "Blinded 1t" in app.query_one(CTBPane).query_one(LinesView).plain


@pytest.mark.parametrize("size", SIZES + [(200, 50)])
async def test_conflict_shows_dying_and_conditions_on_tracks_and_map_tokens(size):
    from gm_console.ui.panes.conflict import ConflictPane
    from gm_console.ui.widgets.zone_map import ZoneMap
    from tests.conflict.helpers import game

    g = game(conflict={"opening": "gm"})
    for line in ("turn gob", "attack gob kai field-sidearm deadly [1,1]", "suffer kai", "cond gob Blinded for=2r"):
        g.push(g.parse(line))
    app = GMConsoleApp(g)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        pane = app.query_one(ConflictPane)
        tracks = pane.query_one("#cf-tracks").content.plain
        kai = next(line for line in tracks.splitlines() if "Dying" in line or "Dyi" in line)
        assert "Defeated" in kai or "Def" in kai  # Dying and Defeated, at every width
        assert "Blinded 2r" in tracks  # the GM's condition with what is left of it
        assert "Blinded 2r" in app.query_one(ZoneMap).render().plain or "Blinded" in tracks


# ---------------------------------------------------------------- snapshots of the new states


def _typed(*lines: str):
    async def run(pilot) -> None:
        from textual.widgets import Input

        for line in lines:
            prompt = pilot.app.query_one(ActionPrompt)
            prompt.value = line
            await pilot.press("enter")
            await pilot.pause()
        for screen in pilot.app.screen_stack:
            for field in screen.query(Input):
                field.cursor_blink = False
        await pilot.pause()

    return run


def _night_shift_after_a_raid() -> GMConsoleApp:
    """The night shift with the Cooling Loop destroyed and four HACK counters on the plant's panel."""
    from gm_console.files import loads_encounter

    text = (ENCOUNTERS / "reactor-night-shift.toml").read_text()
    text = text.replace('card = "cooling-loop" }', 'card = "cooling-loop", damage = 3 }')
    text = text.replace('doctrine = "DEFENSE", heat = 300 }', 'doctrine = "DEFENSE", heat = 300, hack = 4 }')
    return GMConsoleApp(loads_encounter(text), path=None)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_snapshot_reactor_destroyed_facility_and_four_hack_pips(snap_compare, size):
    app = _night_shift_after_a_raid()
    assert snap_compare(app, run_before=_typed(), terminal_size=size)


async def test_a_destroyed_facility_and_four_hack_counters_read_at_80x24():
    from gm_console.ui.panes.reactor import ReactorPane
    from tests.reactor.helpers import seen

    for size in SIZES:
        app = _night_shift_after_a_raid()
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            board = seen(app.query_one(ReactorPane), "board")
            assert "HACK ●●●● 4" in board
            cooling = next(line for line in board.splitlines() if "Cooling Loop" in line)
            assert "DESTROYED" in cooling and "0/3" in cooling, size


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_snapshot_ctb_conditions_on_rows(snap_compare, size):
    app = GMConsoleApp(load_encounter(ENCOUNTERS / "ctb-causeway-ambush.toml"), path=None)
    assert snap_compare(app, run_before=_typed("next", "cond tamsin Blinded for=2t", "cond Hex Slowed for=3r"), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_snapshot_conflict_conditions_on_the_map_and_tracks(snap_compare, size):
    app = GMConsoleApp(load_encounter(ENCOUNTERS / "conflict-relay-station.toml"), path=None)
    assert snap_compare(app, run_before=_typed("cond rhea Blinded for=2r"), terminal_size=size)


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 50)])
async def test_zone_names_are_whole_when_the_map_has_room_and_the_header_fits(size):
    from gm_console.ui.widgets.zone_map import map_lines

    g = load_encounter(ENCOUNTERS / "ctb-causeway-ambush.toml")
    lines = "\n".join(line.plain for line in map_lines(g.state, 75, 30))
    for zone in g.state.zones.values():
        assert f" {zone.name} " in lines  # a map 75 wide (200 columns) has room for every name
    app = GMConsoleApp(load_encounter(ENCOUNTERS / "reactor-night-shift.toml"), path=ENCOUNTERS / "reactor-night-shift.toml")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        status = app.query_one("#status")
        shown = status.render().plain if hasattr(status.render(), "plain") else str(status.render())
        assert shown.rstrip().endswith("reactor-night-shift.toml")  # the header ends whole, not cut


def _one_left_game():
    from tests.conflict.helpers import game

    g = game()
    for line in ("cond ava Defeated", "turn kai", "next", "turn gob", "next"):
        g.push(g.parse(line))
    return g


def test_the_only_character_who_can_go_mid_round_and_at_a_rounds_start_alike():
    g = _one_left_game()
    # mid-round: Kai has acted, Ava is Defeated: Boss is the only one; next started Boss's turn and says why
    assert g.state.clock.active == "boss"
    assert any("Boss is the only one who can take the next turn: it starts" in e.text for e in g.events[-1])
    g.push(g.parse("next"))  # round 2: Kai is the players' only one, but the GM's side may still seize
    assert g.state.clock.round == 2 and g.state.clock.active is None
    assert any("Kai is the only one of the players who can go: next starts the turn, unless" in e.text for e in g.events[-1])
    g.push(g.parse("next"))
    assert g.state.clock.active == "kai"
    assert any("Kai is the only one who can take the next turn: it starts" in e.text for e in g.events[-1])
    for line in ("cond gob Defeated", "cond boss Defeated", "next"):  # no one else left: round 3 starts Kai's turn by itself
        g.push(g.parse(line))
    assert g.state.clock.round == 3 and g.state.clock.active == "kai"
    assert any("Kai is the only one who can take the next turn: it starts" in e.text for e in g.events[-1])


@pytest.mark.parametrize("size", SIZES)
async def test_the_log_says_when_the_only_character_who_can_go_starts(size):
    from gm_console.ui.widgets.log_pane import LogPane

    app = GMConsoleApp(_one_left_game())
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        log = app.query_one(LogPane)
        text = "\n".join(log.entry_text(i) for i in range(log.option_count))
        assert "Boss is the only one who can take the next turn: it starts (house rule auto_pick)" in " ".join(text.split())
