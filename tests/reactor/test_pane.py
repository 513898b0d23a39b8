"""The reactor board pane and the strike flow: Pilot tests of what they show
and offer, and SVG snapshots at 80x24 and 120x40 (tests/reactor/__snapshots__;
refresh with --snapshot-update)."""

from __future__ import annotations

from gm_console.core.game import Game
from gm_console.files import load_encounter
from gm_console.ui.app import GMConsoleApp
from gm_console.ui.panes.reactor import ReactorPane
from gm_console.ui.screens.strike_flow import StrikeFlow
from gm_console.ui.widgets.action_prompt import ActionPrompt
from tests.conftest import ENCOUNTERS
from tests.reactor.helpers import drawn, seen
from tests.ui.settle import palette_searched

WORKED = ENCOUNTERS / "reactor-worked-exchange.toml"
NIGHT = ENCOUNTERS / "reactor-night-shift.toml"


def make_app(path=WORKED, keep: int | None = None, lines: list[str] = ()) -> GMConsoleApp:
    game = load_encounter(path)
    game = Game.load(game.setup, game.lines()[:keep] if keep is not None else game.lines())
    for line in lines:
        game.push_line(line)
    return GMConsoleApp(game)


def options(flow: StrikeFlow) -> list[tuple[str, bool]]:
    menu = flow.query_one("OptionList")
    return [(str(menu.get_option_at_index(i).prompt), menu.get_option_at_index(i).disabled) for i in range(menu.option_count)]


async def open_flow(pilot) -> StrikeFlow:
    pilot.app.query_one(ReactorPane).focus()
    await pilot.press("s")
    await pilot.pause()
    assert isinstance(pilot.app.screen, StrikeFlow)
    return pilot.app.screen


async def test_the_board_shows_gauges_counters_load_and_personnel():
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        pane = app.query_one(ReactorPane)
        board = seen(pane, "board")
        assert "HEAT" in board and "200/1000 K" in board and "NOMINAL" in board
        assert "HACK ●●○ 2" in board
        assert "Base Load +150 K" in board and "Hostile Raid" in board
        assert "Power Order 1" in board
        assert "EXH STN Junior Watchman" in board and "Weston SMG" in board and "GUARD" in board
        assert "† WNAF Conscript #1" in board
        assert "Player B" in seen(pane, "bar") and "Incident" in seen(pane, "bar")


async def test_the_board_at_80x24_keeps_one_line_per_personnel_and_a_summary_header():
    app = make_app(path=NIGHT)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        pane = app.query_one(ReactorPane)
        board = seen(pane, "board").splitlines()
        assert pane.content_size.width >= 70
        assert any("Switchyard" in row and "PO+1" in row and "Cooling Loop" in row for row in board)
        assert any(row.startswith("RDY STN Senior Guard") for row in board)
        assert all(len(row) <= pane.inner_width for row in board)


async def test_the_wide_board_puts_the_sides_side_by_side_with_the_last_strike():
    app = make_app(keep=1)
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.pause()
        pane = app.query_one(ReactorPane)
        board = seen(pane, "board")
        top = board.splitlines()[0]
        assert "Player A" in top and "Player B" in top
        assert "Last strike" in board and "GUARD: Junior Watchman deals its damage first" in board
        assert "ATK card 1 +1 Weston SMG · HP card 3 +1 Weston SMG" in board and "HP 4" in board


async def test_typing_a_strike_previews_it_or_says_why_not():
    app = make_app(keep=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        pane = app.query_one(ReactorPane)
        prompt = app.query_one(ActionPrompt)
        prompt.value = "strike c2 -> reactor"
        await pilot.pause()
        assert "add block=UNIT or block=none; unblocked: +200 K HEAT" in seen(pane, "bar")  # the Watchman could block
        prompt.value = "strike c2 -> reactor block=none"
        await pilot.pause()
        assert "+200 K HEAT on Player A's core" in seen(pane, "bar")
        prompt.value = "strike c2 -> reactor block=operator"
        await pilot.pause()
        assert "Reactor Operator cannot block: not STATIONED" in seen(pane, "bar")
        assert app.game.lines() == []


async def test_the_strike_flow_offers_only_legal_choices_and_says_why_not():
    app = make_app(keep=1)  # Conscript #1 is dead, the Watchman is spent
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        flow = await open_flow(pilot)
        strikers = options(flow)
        enabled = [text for text, off in strikers if not off]
        assert len(enabled) == 3 and all("RDY" in t for t in enabled)  # c2, c3, ranger
        await pilot.press("down", "down", "enter")  # the Ranger
        await pilot.pause()
        targets = options(flow)
        assert "Player A's reactor" in targets[0][0] and not targets[0][1]
        await pilot.press("enter")
        await pilot.pause()
        assert flow.step == "mode"  # the Ranger has HACK: HEAT or counters
        await pilot.press("down", "enter")
        await pilot.pause()
        blocks = options(flow)
        assert blocks[0][0].startswith("No block  → ") and not blocks[0][1]  # with its outcome
        refused = {text for text, off in blocks if off}
        assert any("Junior Watchman" in t and "cannot block: EXHAUSTED" in t for t in refused)
        assert any("Reactor Operator" in t and "cannot block: not STATIONED" in t for t in refused)
        await pilot.press("enter")
        await pilot.pause()
        assert flow.step == "confirm"
        assert "+2 HACK counters on Player A's SKALA panel (now 2)" in drawn(flow.query_one("#sf-steps"))  # the resolution, step by step
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, StrikeFlow)
        assert app.game.lines()[-1] == "strike ranger -> reactor hack"
        assert app.game.state.boards["reactor"].plants["a"].hack == 2


async def test_the_flow_walks_back_and_cancels_without_a_trace():
    app = make_app(keep=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        flow = await open_flow(pilot)
        await pilot.press("enter", "enter")  # c1 -> reactor
        await pilot.pause()
        assert flow.step == "block"
        await pilot.press("down", "enter")
        await pilot.pause()
        assert flow.line_text() == "strike c1 -> reactor block=watchman"
        await pilot.press("backspace")
        await pilot.pause()
        assert flow.step == "block" and flow.block is None
        await pilot.press("backspace", "backspace")
        await pilot.pause()
        assert flow.step == "striker"
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, StrikeFlow) and app.game.lines() == []


async def test_no_strike_flow_in_replay_mode():
    app = GMConsoleApp(load_encounter(WORKED), replay=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.query_one(ReactorPane).focus()
        await pilot.press("s")
        await pilot.pause()
        assert not isinstance(app.screen, StrikeFlow)


def test_snapshot_80x24(snap_compare):
    assert snap_compare(make_app(), terminal_size=(80, 24))


def test_snapshot_120x40(snap_compare):
    assert snap_compare(make_app(), terminal_size=(120, 40))


def test_snapshot_120x40_strike_flow_block_step(snap_compare):
    async def run_before(pilot):
        await pilot.pause()  # the fight's panes mounted
        pilot.app.query_one(ReactorPane).focus()
        await pilot.press("s")
        await pilot.pause()
        await pilot.press("enter", "enter")
        await pilot.pause()

    assert snap_compare(make_app(keep=1), terminal_size=(120, 40), run_before=run_before)


def test_snapshot_80x24_night_shift(snap_compare):
    assert snap_compare(make_app(path=NIGHT, lines=["strike blox -> reactor"]), terminal_size=(80, 24))


async def test_the_palette_offers_legal_strikes_in_table_words():
    from textual.command import CommandPalette

    app = make_app(keep=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        await pilot.press(*"strike: WNAF Conscript #2")
        await palette_searched(pilot)
        await pilot.press("enter")
        await pilot.pause()
        assert app.game.lines()[-1].startswith("strike c2 -> ")
    labels = [f"{a.PALETTE}: {a.label(app.game.state)}" for a in make_app(keep=1).game.legal_actions()]
    assert "strike: WNAF Conscript #2 -> Player A's reactor" in labels
    assert "strike: Federal Ranger -> Player A's reactor (hack)" in labels
    assert not any("blocked by Junior Watchman" in label for label in labels)  # spent on its post
