"""How the console's work grows (issue 16): with what an action changed, not
with the fight or the log. Counts of calls and rows, never timings (those are
tests/bench/run.py's)."""

from __future__ import annotations

import pytest
from textual.command import CommandPalette

import gm_console.ui.panes.ctb as ctb_pane
from gm_console.files import load_encounter
from gm_console.ui.app import FRAME_OUT, GMConsoleApp
from gm_console.ui.commands import ActionsProvider, ConsoleProvider
from gm_console.ui.panes.ctb import CTBPane
from gm_console.ui.widgets.footer import KeyFooter
from gm_console.ui.widgets.lines_view import LazyLine, LinesView
from gm_console.ui.widgets.literal import LiteralStatic
from gm_console.ui.widgets.log_pane import WINDOW, LogPane
from tests.bench.generate import encounter_text


@pytest.fixture
def work(monkeypatch) -> dict[str, int]:
    """How often the CTB pane worked something out: projections of the turn
    order, legality checks of an offered strike, odds lines worded (counted
    where the pane calls them, as they run)."""
    from gm_console.ui.render import ctb as render

    counts = {"projections": 0, "legality": 0, "odds": 0}

    def counting(name, original):
        def counted(*args, **kwargs):
            counts[name] += 1
            return original(*args, **kwargs)

        return counted

    monkeypatch.setattr(ctb_pane, "project", counting("projections", ctb_pane.project))
    monkeypatch.setattr(CTBPane, "legal_now", staticmethod(counting("legality", CTBPane.legal_now)))
    monkeypatch.setattr(render, "odds_row", counting("odds", render.odds_row))
    return counts


def open_app(tmp_path, units: int = 50, actions: int = 0, name: str = "fight.toml") -> GMConsoleApp:
    path = tmp_path / name
    path.write_text(encounter_text(units, actions))
    return GMConsoleApp(load_encounter(path), path=path)


class CountedLog(list):
    """The game's log, counting the walks over all of it."""

    walks = 0

    def __iter__(self):
        CountedLog.walks += 1
        return super().__iter__()

    def __getitem__(self, index):
        if isinstance(index, slice):
            CountedLog.walks += 1
        return super().__getitem__(index)


def bystander_hit(game) -> str:
    """A free hit on an enemy of the acting unit by another unit: only the target changes."""
    state = game.state
    active = state.units[state.clock.active]
    target = next(u for u in state.units.values() if u.side != active.side)
    striker = next(u for u in state.units.values() if u.side == active.side and u.id != active.id)
    return f"hit {striker.id} {target.id} free [10]"


async def test_an_action_works_out_only_what_it_changed(tmp_path, work):
    app = open_app(tmp_path, actions=1)  # the first turn has begun: the acting unit's odds are listed
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        body = app.query_one(LinesView)
        assert any(isinstance(row, LazyLine) for row in body.lines)  # the acting unit's odds lines
        before = (work["projections"], work["legality"], work["odds"], body.rendered)
        app.fight.apply_line(bystander_hit(app.game))
        await pilot.pause(FRAME_OUT + 0.2)  # the odds and the timeline, below the fold, come after the frame
        projections, checks, odds, rendered = (a - b for a, b in zip((work["projections"], work["legality"], work["odds"], body.rendered), before))
        assert projections == 2  # the turn bar's, before the frame; the timeline's (longer), after it
        assert checks <= 2  # the hit and the brk on the one unit that changed, of 25 enemies
        assert odds == 0  # under 50 unit rows, below the fold: worked out only when drawn
        assert rendered == 1  # the target's row


async def test_odds_lines_are_worked_out_when_shown_and_as_they_were(tmp_path, work):
    app = open_app(tmp_path, actions=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause(FRAME_OUT + 0.2)  # a redraw while laying out puts the odds off until after its frame
        pane = app.query_one(CTBPane)
        assert pane._tail_due is None
        body = app.query_one(LinesView)
        lazy = [row for row in body.lines if isinstance(row, LazyLine)]
        assert lazy and not any(row.built for row in lazy)
        body.scroll_to(y=body.lines.index(lazy[0]), animate=False)  # the odds in view
        await pilot.pause()
        shown = [row for row in lazy if row.built]
        assert shown and work["odds"] == len(shown) < 50
        from gm_console.ui.render import ctb as r

        state, rules = app.game.state, app.game.rules
        expected = r.matchups(state, rules, pane.inner_width - 1, legal=lambda s: pane.legal_now(s, state, app.game.context()))
        assert [row.plain for row in lazy] == [line.plain for line in expected]  # what the eager pane showed


async def test_typing_that_leaves_the_draft_as_it_was_projects_nothing(tmp_path, monkeypatch, work):
    calls: list[int] = []
    original = ctb_pane.what_if

    def counted(*args, **kwargs):
        calls.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(ctb_pane, "what_if", counted)
    app = open_app(tmp_path, actions=1)
    async with app.run_test(size=(120, 40)) as pilot:
        pane = app.query_one(CTBPane)
        await pilot.press(*"haste u3 2")
        await pilot.pause()
        assert calls and "IF" in "\n".join(line.plain for line in pane.query_one("#ctb-bar", LiteralStatic).content.renderables)
        projections, what_ifs = work["projections"], len(calls)
        await pilot.press(*"   ", "backspace", "backspace", "backspace")  # the same parsed draft
        await pilot.pause()
        assert len(calls) == what_ifs
        await pilot.press("0", "backspace")  # another draft, then the first again: one what-if each
        await pilot.pause()
        assert len(calls) == what_ifs + 2
        assert work["projections"] == projections  # the state did not change: its projection is kept


async def test_opening_a_long_log_formats_only_the_window(tmp_path):
    formatted = []
    for actions in (600, 2400):
        app = open_app(tmp_path, units=6, actions=actions, name=f"long-{actions}.toml")
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            log = app.query_one(LogPane)
            formatted.append(log.formatted)
            assert log.formatted == log.option_count <= 2 * WINDOW
            assert log.border_subtitle == f"{actions - WINDOW + 1}-{actions} of {actions} actions"
    assert formatted[0] == formatted[1]  # not a line more for a log four times as long


async def test_an_action_and_an_undo_never_walk_the_whole_log(tmp_path):
    app = open_app(tmp_path, units=6, actions=2000)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.game.log = CountedLog(app.game.log)
        log = app.query_one(LogPane)
        formatted = log.formatted
        CountedLog.walks = 0
        for _ in range(2):
            app.fight.apply_line("note a line")
        await pilot.pause()
        assert log.formatted == formatted + 2  # each action formats its own entry
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert log.formatted == formatted + 2  # an undo formats nothing
        assert app.fight.dirty and log.border_subtitle.endswith("of 2001 actions")
        assert CountedLog.walks == 0


async def test_the_palette_lists_are_built_once_per_opening(tmp_path, monkeypatch):
    app = open_app(tmp_path, actions=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        calls: list[int] = []
        original = app.game.legal_actions

        def counted():
            calls.append(1)
            return original()

        monkeypatch.setattr(app.game, "legal_actions", counted)
        built = (ActionsProvider.built, ConsoleProvider.built)
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        await pilot.press(*"next")
        await pilot.pause(0.5)
        assert len(calls) == 1  # not once per keystroke
        assert (ActionsProvider.built, ConsoleProvider.built) == (built[0] + 1, built[1] + 1)


async def test_opening_the_palette_leaves_the_key_bar_as_it_is(tmp_path):
    app = open_app(tmp_path, actions=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause(0.3)
        footer = app.query_one(KeyFooter)
        rebuilds = footer.rebuilds
        for _ in range(2):
            await pilot.press("ctrl+p")
            await pilot.pause(0.3)
            await pilot.press("escape")
            await pilot.pause(0.3)
        assert footer.rebuilds == rebuilds
        app.fight.action_toggle_replay()  # other keys: the bar is built again
        await pilot.pause(0.3)
        assert footer.rebuilds > rebuilds
