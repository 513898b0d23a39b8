"""One rules-reference entry, over the fight; Esc returns to where you were."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from gm_console.core.reference import RefEntry
from gm_console.ui import palette as pal
from gm_console.ui.text import literal
from gm_console.ui.widgets.literal import LiteralStatic


class RuleView(ModalScreen[None]):
    DEFAULT_CSS = """
    RuleView { align: right middle; background: $background 30%; }
    RuleView > VerticalScroll { width: 60; max-width: 90%; height: 100%; border-left: thick $accent; background: $surface; padding: 0 1; }
    RuleView #rule-title { text-style: bold; color: $accent; margin-bottom: 1; }
    RuleView #rule-meta { color: $text-muted; margin-bottom: 1; }
    """
    BINDINGS = [Binding("escape,q", "dismiss", "Back to the fight")]

    def __init__(self, entry: RefEntry) -> None:
        super().__init__()
        self.entry = entry

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield LiteralStatic(self.entry.title, id="rule-title")  # a card's name comes from the encounter
            yield LiteralStatic(f"{self.entry.system} · {self.entry.kind}", id="rule-meta")
            yield LiteralStatic(literal(self.entry.body, lines=True), id="rule-body")
            yield LiteralStatic(Text("Esc returns to the fight.", style=pal.MUTED))
