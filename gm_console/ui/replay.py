"""Replay mode: step through the log and see every pane as it was.

The position is how many actions are applied (0 = the setup). Stepping
forward applies one action to the cached state; any other jump rebuilds from
the engine's nearest checkpoint. "Continue from here" saves the setup plus
the log up to the position as a new file and plays on from it; the original
file is never touched.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from textual.reactive import var

from gm_console.core.state import State

if TYPE_CHECKING:
    from textual.app import App
    from textual.notifications import SeverityLevel
    from textual.screen import Screen

    from gm_console.core.game import Game
    from gm_console.ui.widgets.action_prompt import ActionPrompt
    from gm_console.ui.widgets.log_pane import LogPane


class ReplayHost(Protocol):
    """What ``ReplayCommands`` uses of the fight screen (``FightScreen``) it is mixed into, and all of it
    (tests/ui/test_app_contract.py checks both: the mixin uses no more, FightScreen has it)."""

    game: Game
    path: Path | None

    def redraw(self) -> None: ...
    def open_game(self, game: Game, path: Path) -> None: ...
    def prompt(self) -> ActionPrompt: ...
    def log_pane(self) -> LogPane: ...
    def notify(
        self, message: str, *, title: str = "", severity: SeverityLevel = "information", timeout: float | None = None, markup: bool = False,
    ) -> None: ...
    @property
    def app(self) -> App[Any]: ...  # the app the fight is on: its dialogs are pushed there (app.push_screen)
    def set_class(self, add: bool, *class_names: str, update: bool = True) -> Any: ...


if TYPE_CHECKING:

    class _ReplayScreen(Screen, ReplayHost):
        """For the type checker only: what the mixin's ``self`` is, a screen that is a ``ReplayHost``."""

else:
    _ReplayScreen = object


class ReplayCommands(_ReplayScreen):
    """Mixed into ``FightScreen``; uses what ``ReplayHost`` declares."""

    # the position shown (None: live play); every set redraws (watch_replay_at), a step to the same place too
    replay_at: var[int | None] = var(None, init=False, always_update=True)
    _replay_state: State | None = None
    _round_starts: dict[int, int] | None = None

    def watch_replay_at(self) -> None:
        self.redraw()

    def replay_state(self) -> State:
        assert self.replay_at is not None
        if self._replay_state is None:
            self._replay_state = self.game.state_at(self.replay_at)
        return self._replay_state

    def replay_to(self, index: int) -> None:
        index = max(0, min(len(self.game.log), index))
        if self.replay_at is not None and index != self.replay_at:
            if index == self.replay_at + 1 and self._replay_state is not None:
                self.game.log[self.replay_at].apply(self._replay_state, self.game.context(self.replay_at))
            else:
                self._replay_state = None
        self.replay_at = index

    def action_toggle_replay(self) -> None:
        if self.replay_at is None:
            self.enter_replay(len(self.game.log))
        else:
            self.leave_replay()

    def enter_replay(self, index: int) -> None:
        self._replay_state = None
        self._round_starts = None
        self.set_class(True, "replaying")
        self.prompt().disabled = True
        self.log_pane().focus()
        self.replay_at = index
        self.notify("replay: left/right step, home/end, g action N, r round N, b continue from here, F3 leaves", timeout=6)

    def leave_replay(self) -> None:
        self._replay_state = None
        self.set_class(False, "replaying")
        self.prompt().disabled = False
        self.prompt().focus()
        self.replay_at = None

    def action_replay_step(self, step: int) -> None:
        if self.replay_at is not None:
            self.replay_to(self.replay_at + step)

    def action_replay_to_start(self) -> None:
        self.replay_to(0)

    def action_replay_to_end(self) -> None:
        self.replay_to(len(self.game.log))

    def action_replay_goto(self) -> None:
        total = len(self.game.log)

        def check(text: str) -> str | None:
            return None if text.isdigit() and 0 <= int(text) <= total else f"a number from 0 to {total}"

        def done(text: str | None) -> None:
            if text:
                self.replay_to(int(text))

        from gm_console.ui.screens.ask_text import AskText

        self.app.push_screen(AskText(f"Go to the state after action N (0 to {total}):", "", check), done)

    def round_starts(self) -> dict[int, int]:
        """Round number -> how many actions are applied when it begins."""
        if self._round_starts is None:
            starts = {1: 0}
            state = self.game.state_at(0)
            for i, action in enumerate(self.game.log):
                action.apply(state, self.game.context(i))
                starts.setdefault(state.clock.round, i + 1)
            self._round_starts = starts
        return self._round_starts

    def action_replay_round(self) -> None:
        starts = self.round_starts()

        def check(text: str) -> str | None:
            return None if text.isdigit() and int(text) in starts else f"rounds in this log: 1 to {max(starts)}"

        def done(text: str | None) -> None:
            if text:
                self.replay_to(starts[int(text)])

        from gm_console.ui.screens.ask_text import AskText

        self.app.push_screen(AskText(f"Go to the start of round (1 to {max(starts)}):", "", check), done)

    def action_replay_branch(self) -> None:
        if self.replay_at is None:
            return
        at = self.replay_at
        stem = self.path.stem if self.path else "demo"
        default = str((self.path.parent if self.path else Path(".")) / f"{stem}-from-{at}.toml")

        opened: list = []

        def check(text: str) -> str | None:
            # the file is written here, so a refused path keeps the dialog open with the reason
            from gm_console.files import save_encounter
            from gm_console.ui.session import _toml_name, target_problem, write_problem

            problem = _toml_name(text)
            if problem:
                return problem
            target = Path(text).expanduser()
            if self.path is not None and target.resolve() == self.path.resolve():
                return "that is the original file; choose a new name"
            if target.exists():
                return f"{text} exists; choose a new name"
            problem = target_problem(target) or write_problem(lambda: save_encounter(self.game, target, upto=at, backup=False))
            if problem:
                return problem
            from gm_console.files import EncounterFileError, load_encounter

            try:
                opened[:] = [load_encounter(target)]
            except EncounterFileError as exc:
                return "\n".join(exc.messages()[:6])
            return None

        def done(text: str | None) -> None:
            if not text or not opened:
                return
            target = Path(text).expanduser()
            self.leave_replay()
            self.open_game(opened[0], target)
            self.notify(f"continuing from action {at} in {target}; the original is unchanged", timeout=6)

        from gm_console.ui.screens.ask_text import AskText

        self.app.push_screen(AskText(f"Continue from action {at} in a new file:", default, check), done)

    def on_replay_select(self, index: int) -> None:
        """The GM chose a log entry (enter or click): replay to just after it."""
        if self.replay_at is None:
            self.enter_replay(index + 1)
        elif index + 1 != self.replay_at:
            self.replay_to(index + 1)
