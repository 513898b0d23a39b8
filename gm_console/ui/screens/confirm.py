"""A yes/no/cancel question, answered by key or by mouse."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button

from gm_console.ui.text import content
from gm_console.ui.widgets.literal import LiteralLabel


class Confirm(ModalScreen[str]):
    """Dismisses with the id of the chosen button ("yes", "no" or "cancel")."""

    DEFAULT_CSS = """
    Confirm { align: center middle; }
    Confirm > Vertical { width: 64; height: auto; border: thick $warning; background: $surface; padding: 1 2; }
    Confirm Label { width: 100%; margin-bottom: 1; }
    Confirm Horizontal { height: auto; align: center middle; }
    Confirm Button { margin: 0 1; }
    """
    BINDINGS = [
        Binding("escape", "choose('cancel')", "Cancel"),
        Binding("y", "choose('yes')", "Yes", show=False),
        Binding("n", "choose('no')", "No", show=False),
    ]

    def __init__(self, question: str, yes: str = "Yes", no: str | None = "No", cancel: str = "Cancel") -> None:
        super().__init__()
        self.question = question
        self.labels = (yes, no, cancel)

    def compose(self) -> ComposeResult:
        yes, no, cancel = self.labels
        with Vertical():
            yield LiteralLabel(self.question)  # file names and such: shown as written
            with Horizontal():
                yield Button(content(f"{yes} (y)"), id="yes", variant="warning")
                if no:
                    yield Button(content(f"{no} (n)"), id="no", variant="primary")
                yield Button(content(f"{cancel} (esc)"), id="cancel")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id or "cancel")

    def action_choose(self, answer: str) -> None:
        if answer == "no" and not self.labels[1]:
            return
        self.dismiss(answer)
