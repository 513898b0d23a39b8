"""How the console's work grows (issue 16): with what an action changed, not
with the fight or the log. Counts of calls and rows, never timings (those are
tests/bench/run.py's)."""

from __future__ import annotations

from textual.command import CommandPalette

from gm_console.files import load_encounter
from gm_console.ui.app import GMConsoleApp
from gm_console.ui.commands import ActionsProvider, ConsoleProvider
from gm_console.ui.widgets.footer import KeyFooter
from gm_console.ui.widgets.log_pane import WINDOW, LogPane
from tests.bench.generate import encounter_text


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
