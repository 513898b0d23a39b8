"""Ask for one line of text (a file name, dice faces, a log position)."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input

from gm_console.ui.widgets.literal import LiteralInput, LiteralLabel


class AskText(ModalScreen[str | None]):
    """Dismisses with the text, or None when cancelled. ``check`` may return
    an error message to keep the dialog open until the answer is usable."""

    DEFAULT_CSS = """
    AskText { align: center middle; }
    AskText > Vertical { width: 72; height: auto; border: thick $accent; background: $surface; padding: 1 2; }
    AskText > Vertical { max-width: 100%; }
    AskText LiteralLabel { width: 100%; }
    AskText #error { color: $error; height: auto; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, question: str, value: str = "", check: Callable[[str], str | None] | None = None) -> None:
        super().__init__()
        self.question = question
        self.value = value
        self.check = check

    def compose(self) -> ComposeResult:
        with Vertical():
            yield LiteralLabel(self.question)  # names, paths: shown as written
            yield LiteralInput(value=self.value, id="answer")
            yield LiteralLabel("", id="error")

    def on_mount(self) -> None:
        if self.app.is_headless:  # tests and snapshots: a blinking cursor would make frames differ
            self.query_one(Input).cursor_blink = False

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        problem = self.check(text) if self.check else None
        if problem:
            self.query_one("#error", LiteralLabel).update(problem)
            return
        self.dismiss(text)

    def action_cancel(self) -> None:
        self.dismiss(None)
