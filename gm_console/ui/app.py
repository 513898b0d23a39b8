"""The console app: panes of the encounter's systems, the log, the prompt.

The app owns one ``Game``. Every change goes through ``apply_line`` /
``undo`` / ``redo``; after each, ``redraw`` hands the new state to every
pane. Nothing here knows a rule.
"""

from __future__ import annotations

from pathlib import Path

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Input

from gm_console.core.errors import GMError
from gm_console.core.game import Game
from gm_console.ui.panes import pane_class
from gm_console.ui.panes.base import SystemPane
from gm_console.ui.panes.units import UnitsPane
from gm_console.ui.screens.ask_text import AskText
from gm_console.ui.screens.confirm import Confirm
from gm_console.ui.view import View
from gm_console.ui.widgets.action_prompt import ActionPrompt
from gm_console.ui.widgets.log_pane import LogPane
from gm_console.ui.widgets.status_line import StatusLine

NARROW = 120  # below this many columns the log goes under the panes


class GMConsoleApp(App[None]):
    TITLE = "gm-console"
    CSS = """
    #body { height: 1fr; }
    #panes { width: 1fr; height: 1fr; }
    #side { width: 44; height: 1fr; }
    .narrow #body { layout: vertical; }
    .narrow #side { width: 1fr; height: 7; }
    """
    BINDINGS = [
        Binding("ctrl+z", "undo", "Undo"),
        Binding("ctrl+y", "redo", "Redo"),
        Binding("ctrl+s", "save", "Save"),
        Binding("ctrl+q", "quit", "Quit", priority=True),
        Binding("escape", "focus_prompt", "Prompt", show=False),
    ]

    def __init__(self, game: Game, *, path: Path | None = None, demo: bool = False, replay: bool = False) -> None:
        super().__init__()
        self.game = game
        self.path = path
        self.demo = demo
        self.start_in_replay = replay
        self._saved: tuple = tuple(game.log)

    # ---------------------------------------------------------------- layout
    def compose(self) -> ComposeResult:
        yield StatusLine(id="status")
        with Horizontal(id="body"):
            with Horizontal(id="panes"):
                yield from self.make_panes()
            with Vertical(id="side"):
                yield LogPane(id="log")
        yield ActionPrompt(self.game, id="prompt")
        yield Footer()

    def make_panes(self) -> list[SystemPane]:
        panes: list[SystemPane] = []
        for name in self.game.systems:
            cls = pane_class(name)
            if cls is not None and not any(isinstance(p, cls) for p in panes):
                panes.append(cls(id=f"pane-{name}"))
        if not panes:
            panes.append(UnitsPane(id="pane-units"))
        if self.game.state.zones and "conflict" not in self.game.systems:
            maps = pane_class("zones")  # positions-only zone map, for encounters with zones
            if maps is not None:
                panes.append(maps(id="pane-zones"))
        return panes

    def on_mount(self) -> None:
        self.title = f"gm-console · {self.game.setup.title}"
        self.set_class(self.size.width < NARROW, "narrow")
        self.redraw()
        self.query_one(ActionPrompt).focus()

    def on_resize(self) -> None:
        self.set_class(self.size.width < NARROW, "narrow")

    # ---------------------------------------------------------------- state
    @property
    def dirty(self) -> bool:
        return tuple(self.game.log) != self._saved

    def current_view(self) -> View:
        return View(self.game, self.game.state, len(self.game.log), live=True)

    def redraw(self) -> None:
        view = self.current_view()
        for pane in self.query(SystemPane):
            pane.show(view)
        log = self.query_one(LogPane)
        log.sync(self.game.lines(), self.game.events)
        where = str(self.path) if self.path else "demo (unsaved copy)"
        self.query_one(StatusLine).show(view, dirty=self.dirty, dice=self.game.setup.dice, path=where)
        self.sub_title = where + (" *" if self.dirty else "")

    # ---------------------------------------------------------------- actions
    def on_input_submitted(self, event: Input.Submitted) -> None:
        if not isinstance(event.input, ActionPrompt):
            return
        line = event.value.strip()
        if line:
            self.apply_line(line, event.input)

    def on_input_changed(self, event: Input.Changed) -> None:
        if not isinstance(event.input, ActionPrompt):
            return
        try:
            draft = self.game.parse(event.value) if event.value.strip() else None
        except GMError:
            draft = None
        view = View(self.game, self.game.state, len(self.game.log), live=True, draft=draft)
        for pane in self.query(SystemPane):
            pane.preview(view)

    def on_system_pane_submit(self, message: SystemPane.Submit) -> None:
        self.apply_line(message.line)

    def apply_line(self, line: str, prompt: ActionPrompt | None = None) -> bool:
        """Apply one action line; on error say why and keep the text."""
        try:
            action = self.game.parse(line)
            sides = self.game.dice_needed(action)
            if sides and self.game.setup.dice == "manual":
                self.ask_dice(action, sides, prompt)
                return False
            self.game.push(action)
        except GMError as exc:
            self.notify(str(exc), title="Not applied", severity="error", timeout=8)
            return False
        self.applied(prompt)
        return True

    def applied(self, prompt: ActionPrompt | None) -> None:
        if prompt is not None:
            prompt.remember(prompt.value.strip())
            prompt.value = ""
        self.redraw()

    def ask_dice(self, action, sides: tuple[int, ...], prompt: ActionPrompt | None) -> None:
        dice = " ".join(f"d{s}" for s in sides)

        def parse(text: str) -> tuple[int, ...] | str:
            parts = text.replace(",", " ").split()
            if len(parts) != len(sides) or not all(p.isdigit() for p in parts):
                return f"type {len(sides)} number(s), one per die: {dice}"
            faces = tuple(int(p) for p in parts)
            bad = [f"d{s} shows 1-{s}" for f, s in zip(faces, sides) if not 1 <= f <= s]
            return "; ".join(bad) if bad else faces

        def check(text: str) -> str | None:
            result = parse(text)
            return result if isinstance(result, str) else None

        def done(text: str | None) -> None:
            if text is None:
                return
            try:
                self.game.push(action.with_dice(parse(text)))  # type: ignore[arg-type]
            except GMError as exc:
                self.notify(str(exc), title="Not applied", severity="error", timeout=8)
                return
            self.applied(prompt)

        self.push_screen(AskText(f"Dice for {action.notation()}: enter {dice}", check=check), done)

    def action_undo(self) -> None:
        try:
            action = self.game.undo()
        except GMError as exc:
            self.notify(str(exc), severity="warning")
            return
        self.notify(f"undid: {action.notation()}", timeout=3)
        self.redraw()

    def action_redo(self) -> None:
        try:
            self.game.redo()
        except GMError as exc:
            self.notify(str(exc), severity="warning")
            return
        self.notify(f"redid: {self.game.lines()[-1]}", timeout=3)
        self.redraw()

    def action_focus_prompt(self) -> None:
        self.query_one(ActionPrompt).focus()

    # ---------------------------------------------------------------- files
    def action_save(self) -> None:
        if self.path is None:
            self.action_save_as()
        else:
            self.save_to(self.path)

    def action_save_as(self, then_quit: bool = False) -> None:
        def check(text: str) -> str | None:
            if not text:
                return "type a file name, e.g. my-fight.toml"
            if not text.endswith(".toml"):
                return "encounter files end in .toml"
            return None

        def done(text: str | None) -> None:
            if text and self.save_to(Path(text).expanduser()) and then_quit:
                self.exit()

        default = str(self.path) if self.path else f"{self.game.setup.title.lower().replace(' ', '-')}.toml"
        self.push_screen(AskText("Save the encounter as:", default, check), done)

    def save_to(self, path: Path) -> bool:
        from gm_console.files import save_encounter

        try:
            save_encounter(self.game, path)
        except OSError as exc:
            self.notify(f"{path}: {exc}", title="Not saved", severity="error", timeout=10)
            return False
        self.path = path
        self._saved = tuple(self.game.log)
        self.notify(f"saved {path} ({len(self.game.log)} actions)", timeout=3)
        self.redraw()
        return True

    async def action_quit(self) -> None:
        if not self.dirty:
            self.exit()
            return

        def answer(choice: str | None) -> None:
            if choice == "yes":
                if self.path is None:
                    self.action_save_as(then_quit=True)
                elif self.save_to(self.path):
                    self.exit()
            elif choice == "no":
                self.exit()

        self.push_screen(
            Confirm(f"{len(self.game.log) - 0} actions; there are unsaved changes. Save before quitting?", "Save", "Discard"),
            answer,
        )
