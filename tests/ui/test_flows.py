"""Pick, don't type: the guided act flows (F7) of CTB and the zone conflict,
the odds they and the conflict pane's preview show, the reactor strike
flow's outcomes at each choice, and SVG snapshots of each flow at 80x24 and
120x40 (tests/ui/__snapshots__/test_flows; refresh with --snapshot-update)."""

from __future__ import annotations

import pytest

from gm_console.files import load_encounter
from gm_console.ui.app import GMConsoleApp
from gm_console.ui.screens.pick_flow import PickFlow
from gm_console.ui.widgets.action_prompt import ActionPrompt
from tests.conftest import ENCOUNTERS
from tests.ui.settle import palette_searched, settle

SIZES = [(80, 24), (120, 40)]
CTB = ENCOUNTERS / "ctb-causeway-ambush.toml"
CONFLICT = ENCOUNTERS / "conflict-relay-station.toml"


def make_app(path, lines=()) -> GMConsoleApp:
    game = load_encounter(path)
    for line in lines:
        game.push_line(line)
    return GMConsoleApp(game, path=None)


def options(flow: PickFlow) -> list[tuple[str, str, bool]]:
    menu = flow.query_one("OptionList")
    return [(o.id, str(o.prompt), o.disabled) for o in (menu.get_option_at_index(i) for i in range(menu.option_count))]


async def open_flow(pilot) -> PickFlow:
    await pilot.press("f7")
    await pilot.pause()
    assert isinstance(pilot.app.screen, PickFlow)
    return pilot.app.screen


async def choose(pilot, flow: PickFlow, oid: str) -> None:
    """Move the highlight to the choice ``oid`` (with the arrow keys) and press Enter."""
    ids = [o[0] for o in options(flow)]
    assert oid in ids, (oid, ids)
    menu = flow.query_one("OptionList")
    while menu.highlighted != ids.index(oid):
        await pilot.press("down" if menu.highlighted < ids.index(oid) else "up")
    await pilot.press("enter")
    await pilot.pause()


async def type_in(pilot, text: str) -> None:
    prompt = pilot.app.query_one(ActionPrompt)
    prompt.focus()
    await pilot.press(*text)
    await pilot.pause()


# ---------------------------------------------------------------- CTB


@pytest.mark.parametrize("size", SIZES)
async def test_ctb_flow_picks_a_hit_through_to_the_log_and_back_to_the_prompt(size):
    app = make_app(CTB, ["next"])  # Tamsin's turn
    async with app.run_test(size=size) as pilot:
        await type_in(pilot, "note half")  # typed, not applied: the flow keeps it
        flow = await open_flow(pilot)
        assert flow.step_key == "actor"
        first = options(flow)[0]
        assert first[0] == "tamsin" and "acting now" in first[1]
        assert any(o[0] == "=next" and "end Tamsin's turn" in o[1] for o in options(flow))
        await pilot.press("enter")  # the acting unit is highlighted first
        await pilot.pause()
        assert flow.step_key == "verb" and flow.line_text() == "… tamsin …"
        await pilot.press("enter")  # hit
        await pilot.pause()
        assert flow.step_key == "target"
        hexer = next(o for o in options(flow) if o[0] == "hexer")
        assert "d20 1-5 5 │ 6-16 11 │ 17-20 22 HP" in hexer[1] and "HP 26/26" in hexer[1]  # the damage bands
        await choose(pilot, flow, "hexer")
        assert flow.line_text() == "hit tamsin hexer"
        assert flow.step_key == "assist"
        assert [o[0] for o in options(flow)] == ["0", "1", "2"]
        await pilot.press("enter")
        await pilot.pause()
        assert flow.step_key == "confirm"
        shown = flow.info_text()
        assert "d20 1-5 Glancing: HP 26 -> 21" in shown and "d20 17-20 Critical: HP 26 -> 4" in shown
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, PickFlow)
        assert app.game.lines()[-1].startswith("hit tamsin hexer [")  # rolled and logged as typed
        assert app.focused is app.query_one(ActionPrompt)
        assert app.query_one(ActionPrompt).value == "note half"
        app.fight.action_undo()  # undoable like any line
        await pilot.pause()
        assert app.game.lines() == ["next"]


async def test_ctb_flow_escape_midway_leaves_no_trace_and_backspace_steps_back():
    app = make_app(CTB, ["next"])
    async with app.run_test(size=(120, 40)) as pilot:
        await type_in(pilot, "hit tam")
        flow = await open_flow(pilot)
        await pilot.press("enter", "down", "enter")  # tamsin, brk
        await pilot.pause()
        assert flow.step_key == "target" and flow.line_text() == "brk tamsin …"
        await pilot.press("backspace")
        await pilot.pause()
        assert flow.step_key == "verb"
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, PickFlow)
        assert app.game.lines() == ["next"]
        assert app.query_one(ActionPrompt).value == "hit tam"
        assert app.focused is app.query_one(ActionPrompt)


async def test_ctb_flow_offers_next_and_refuses_a_second_attack_with_the_rule():
    app = make_app(CTB, ["next", "hit tamsin hexer [10]"])
    async with app.run_test(size=(120, 40)) as pilot:
        flow = await open_flow(pilot)
        tamsin = next(o for o in options(flow) if o[0] == "tamsin")
        assert tamsin[2] and "next ends the turn" in tamsin[1]  # greyed: the attack is used
        assert flow.query_one("OptionList").highlighted == [o[0] for o in options(flow)].index("=next") or True
        await choose(pilot, flow, "=next")
        assert flow.step_key == "confirm" and flow.line_text() == "next"
        await pilot.press("enter")
        await pilot.pause()
        assert app.game.lines()[-1] == "next"


# ---------------------------------------------------------------- zone conflict


@pytest.mark.parametrize("size", SIZES)
async def test_conflict_flow_picks_an_attack_with_odds_at_each_choice(size):
    app = make_app(CONFLICT, ["turn rhea"])
    async with app.run_test(size=size) as pilot:
        await type_in(pilot, "note keep me")
        flow = await open_flow(pilot)
        assert options(flow)[0][0] == "rhea" and flow.step_key == "actor"
        await pilot.press("enter")
        await pilot.pause()
        assert flow.step_key == "verb" and options(flow)[0][0] == "attack"
        await pilot.press("enter")
        await pilot.pause()
        targets = {o[0]: o for o in options(flow)}
        assert "44% success +0.12 M" in targets["raider1"][1]
        assert "win · Warden Sarn" in targets["warden"][1] and "(opposed)" in targets["warden"][1]  # in cover
        await choose(pilot, flow, "raider1")
        await choose(pilot, flow, "field-sidearm|stun")
        assert flow.step_key == "buy" and flow.line_text() == "attack rhea raider1 field-sidearm stun"
        buys = {o[0]: o for o in options(flow)}
        assert "70% success" in buys["1"][1] and not buys["1"][2]
        assert buys["2"][2] and "costs 3 Momentum; the pool holds 2" in buys["2"][1]  # refused with the rule
        await choose(pilot, flow, "1")
        assert flow.step_key == "confirm" and flow.line_text() == "attack rhea raider1 field-sidearm stun buy=1"
        shown = flow.info_text()
        assert "Control 10 + Security 2 = 12, Difficulty 2" in shown and "odds: 70% success" in shown
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, PickFlow)
        assert app.game.lines()[-1].startswith("attack rhea raider1 field-sidearm stun buy=1 [")
        assert app.focused is app.query_one(ActionPrompt) and app.query_one(ActionPrompt).value == "note keep me"


async def test_conflict_flow_builds_an_opposed_task():
    app = make_app(CONFLICT, ["turn rhea"])
    async with app.run_test(size=(120, 40)) as pilot:
        flow = await open_flow(pilot)
        await pilot.press("enter")
        await pilot.pause()
        await choose(pilot, flow, "task")
        assert flow.step_key == "attr"
        await choose(pilot, flow, "daring")
        specs = {o[0]: o for o in options(flow)}
        assert "target 11" in specs["security"][1] and "80% success" in specs["security"][1]
        await choose(pilot, flow, "security")
        assert flow.step_key == "diff" and flow.query_one("OptionList").highlighted == 1  # Difficulty 1 first
        await pilot.press("enter")
        await pilot.pause()
        assert flow.step_key == "vs"
        raider = next(o for o in options(flow) if o[0] == "raider1")
        assert "win · Raider Kos" in raider[1]
        await choose(pilot, flow, "raider1")
        await choose(pilot, flow, "0")
        assert flow.line_text() == "task rhea daring security vs=raider1"
        shown = flow.info_text()
        assert "Rhea Okonkwo wins 44%" in shown and "Raider Kos 56%" in shown
        await pilot.press("enter")
        await pilot.pause()
        assert app.game.lines()[-1].startswith("task rhea daring security vs=raider1 [")


async def test_conflict_flow_escape_midway_and_lines_without_an_actor():
    app = make_app(CONFLICT)
    async with app.run_test(size=(80, 24)) as pilot:
        await type_in(pilot, "turn rh")
        flow = await open_flow(pilot)
        assert any(o[0] == "=line:next" for o in options(flow))
        await choose(pilot, flow, "rhea")
        assert [o[0] for o in options(flow)][:2] == ["task", "turn"]
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, PickFlow) and app.game.lines() == []
        assert app.query_one(ActionPrompt).value == "turn rh" and app.focused is app.query_one(ActionPrompt)
        flow = await open_flow(pilot)
        await choose(pilot, flow, "rhea")
        await choose(pilot, flow, "turn")
        await choose(pilot, flow, "turn rhea")
        await pilot.press("enter")
        await pilot.pause()
        assert app.game.lines() == ["turn rhea"]


def shown(pane) -> str:
    """The conflict pane's head and tracks, as drawn (the odds line goes to one or the other by width)."""
    return "\n".join(pane.query_one(f"#cf-{part}").content.plain for part in ("head", "tracks"))


@pytest.mark.parametrize("size", SIZES)
async def test_the_conflict_pane_previews_the_odds_of_the_roll_being_typed(size):
    from gm_console.ui.panes.conflict import ConflictPane

    app = make_app(CONFLICT, ["turn rhea"])
    async with app.run_test(size=size) as pilot:
        pane = app.query_one(ConflictPane)
        await type_in(pilot, "task rhea daring security")
        assert "odds: 80% success · Momentum +0.50 avg · complication 10% (2d20 vs 11, Difficulty 1)" in shown(pane)
        app.query_one(ActionPrompt).value = "task rhea daring security vs=raider1"
        await pilot.pause()
        assert "odds: Rhea Okonkwo wins 44% (+0.40 avg) · Raider Kos 56% (+0.20 avg; both fail 6%)" in shown(pane)
        app.query_one(ActionPrompt).value = "attack rhea raider1 field-sidearm"
        await pilot.pause()
        assert "attack: Field Sidearm can Stun or kill: add stun or deadly" in shown(pane)
        app.query_one(ActionPrompt).value = "note nothing to roll"
        await pilot.pause()
        assert "odds:" not in shown(pane)


async def test_typing_a_conflict_roll_lays_nothing_out(monkeypatch):
    app = make_app(CONFLICT, ["turn rhea"])
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)  # the console's opening laid out, the key bar built
        calls = []
        original = app.screen._refresh_layout
        monkeypatch.setattr(app.screen, "_refresh_layout", lambda *a, **k: (calls.append(1), original(*a, **k))[1])
        await type_in(pilot, "task rhea daring security diff=2")
        assert calls == []


# ---------------------------------------------------------------- the key in every system


async def test_f7_opens_the_reactor_strike_flow_and_nothing_in_replay_mode():
    from gm_console.ui.screens.strike_flow import StrikeFlow

    app = make_app(ENCOUNTERS / "reactor-night-shift.toml")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f7")
        await pilot.pause()
        assert isinstance(app.screen, StrikeFlow)
        await pilot.press("escape")
        await pilot.pause()
        assert app.focused is app.query_one(ActionPrompt)
    app = GMConsoleApp(load_encounter(CTB), replay=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("f7")
        await pilot.pause()
        assert not isinstance(app.screen, PickFlow)


async def test_the_strike_flow_shows_each_outcome_before_it_commits():
    from gm_console.ui.panes.reactor import ReactorPane
    from gm_console.ui.screens.strike_flow import StrikeFlow

    app = make_app(ENCOUNTERS / "reactor-worked-exchange.toml")
    game = load_encounter(ENCOUNTERS / "reactor-worked-exchange.toml")
    app = GMConsoleApp(type(game).load(game.setup, []), path=None)
    async with app.run_test(size=(120, 40)) as pilot:
        app.query_one(ReactorPane).focus()
        await pilot.press("s")
        await pilot.pause()
        flow = app.screen
        assert isinstance(flow, StrikeFlow)
        menu = flow.query_one("OptionList")
        await pilot.press("enter")  # the first striker
        await pilot.pause()
        targets = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
        assert any("→" in t and "HEAT" in t for t in targets)  # each target with what the strike does
        await pilot.press("enter")
        await pilot.pause()
        blocks = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
        assert blocks[0].startswith("No block") and "→" in blocks[0]
        assert any("→" in b and "killed" in b for b in blocks[1:])  # the block's outcome: who dies


async def test_conflict_flow_buys_dice_with_threat_as_the_verb_allows():
    """Issue 27: the buy step offered only Momentum while the verb takes pay=threat (a
    player character adds Threat to the GM's pool instead); the GM's side pays Threat."""
    app = make_app(CONFLICT, ["turn rhea"])
    async with app.run_test(size=(120, 40)) as pilot:
        flow = await open_flow(pilot)
        for oid in ("rhea", "attack", "raider1", "field-sidearm|stun"):
            await choose(pilot, flow, oid)
        buys = {o[0]: o for o in options(flow)}
        assert buys["2"][2]  # 3 Momentum: the pool holds 2
        assert not buys["2|threat"][2] and "buy=2 pay=threat: 4d20, adding 3 Threat to the GM's pool" in buys["2|threat"][1]
        assert "85% success" in buys["2|threat"][1]
        await choose(pilot, flow, "2|threat")
        assert flow.step_key == "confirm" and flow.line_text() == "attack rhea raider1 field-sidearm stun buy=2 pay=threat"
        threat = app.game.state.pools["threat"]
        await pilot.press("enter")
        await pilot.pause()
        assert app.game.lines()[-1].startswith("attack rhea raider1 field-sidearm stun buy=2 pay=threat [")
        assert app.game.state.pools["threat"] >= threat + 3 and app.game.state.pools["momentum"] >= 2
    app = make_app(CONFLICT, ["turn rhea", "next", "turn raider2"])
    async with app.run_test(size=(120, 40)) as pilot:
        flow = await open_flow(pilot)
        for oid in ("raider2", "attack", "rhea", "field-sidearm|stun"):
            await choose(pilot, flow, oid)
        buys = options(flow)
        assert [o[0] for o in buys if "|" in o[0]] == [] and "buy=1: 3d20 for 1 Threat" in buys[1][1]


async def test_conflict_flow_names_first_aid_once():
    """Issue 27: the First Aid choice read "firstaid tomas ilse  firstaid tomas ilse"."""
    lines = ["turn rhea", "next", "turn raider2", "attack raider2 ilse field-sidearm deadly [1,1]", "suffer ilse",
             "next", "stride tomas dock near=ilse"]  # (next starts Tomas's turn: the players' only one left)
    app = make_app(CONFLICT, lines)
    async with app.run_test(size=(120, 40)) as pilot:
        flow = await open_flow(pilot)
        await choose(pilot, flow, "tomas")
        await choose(pilot, flow, "firstaid")
        (oid, label, disabled), = options(flow)
        assert oid == "firstaid tomas ilse" and not disabled
        assert label.count("firstaid tomas ilse") == 1 and "Tomas Vey gives First Aid to Ilse (tech)" in label


@pytest.mark.parametrize("size", SIZES)
async def test_conflict_flow_wraps_descriptions_to_the_dialogs_width(size):
    """Issue 27: a verb's description was cut at 80 columns (72 and an ellipsis) inside a
    110-column dialog; it is whole, wrapped to the dialog's width."""
    from tests.ui.explore import screen_text

    app = make_app(CONFLICT, ["turn rhea"])
    async with app.run_test(size=size) as pilot:
        flow = await open_flow(pilot)
        await choose(pilot, flow, "rhea")
        minor = next(label for oid, label, _ in options(flow) if oid == "minor")
        assert minor.endswith("(aim, prepare, prone, stand, draw, interact, conceal, ...); Movement is stride")
        shown = " ".join(row.strip("┃│ ").strip() for row in screen_text(app).splitlines())
        assert "Movement is stride" in shown and "conceal, ...);" in shown
        assert "…" not in "".join(label for _, label, _ in options(flow))


# ---------------------------------------------------------------- snapshots


def _flow_at(path, lines, keys):
    async def run_before(pilot) -> None:
        for field in pilot.app.query(ActionPrompt):
            field.cursor_blink = False
        await pilot.press("f7")
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
            await pilot.pause()

    return make_app(path, lines), run_before


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_snapshot_ctb_flow_target_step(snap_compare, size):
    app, run_before = _flow_at(CTB, ["next"], ["enter", "enter"])
    assert snap_compare(app, run_before=run_before, terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_snapshot_conflict_flow_buy_step(snap_compare, size):
    app, run_before = _flow_at(CONFLICT, ["turn rhea"], ["enter", "enter", "enter", "enter"])
    assert snap_compare(app, run_before=run_before, terminal_size=size)


async def test_the_palette_opens_the_act_flow():
    app = make_app(CONFLICT, ["turn rhea"])
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"act: pick an action")
        await palette_searched(pilot)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PickFlow) and app.screen.step_key == "actor"
        await pilot.press("escape")
        await pilot.pause()
        assert app.focused is app.query_one(ActionPrompt)
