"""A unit's stat block over the fight (``unit: show NAME`` in the palette,
F8 on the selected or acting unit, the unit menu): every number in force and
where it comes from, weapons, Traits, conditions, card texts, its history and
its legal actions. In replay mode it shows the unit at the point on screen.
Esc returns to the fight; the fight's state is never changed here."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen

from gm_console.ui import palette as pal
from gm_console.ui.inspect import Inspected
from gm_console.ui.render.stat_block import WIDTH, inspected_lines
from gm_console.ui.widgets.literal import LiteralStatic


class StatBlockScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    StatBlockScreen { align: center middle; }
    StatBlockScreen > Vertical { width: 96%; max-width: 130; height: 94%; border: thick $accent; background: $surface; padding: 0 1; }
    StatBlockScreen VerticalScroll { height: 1fr; scrollbar-size-vertical: 1; }
    StatBlockScreen #sb-hint { height: 1; }
    """
    BINDINGS = [
        Binding("escape,q", "dismiss", "Back to the fight"),
        Binding("up", "scroll(-1)", "Up", show=False),
        Binding("down", "scroll(1)", "Down", show=False),
        Binding("pageup", "scroll(-10)", "Page up", show=False),
        Binding("pagedown", "scroll(10)", "Page down", show=False),
    ]

    def __init__(self, seen: Inspected) -> None:
        super().__init__()
        self.seen = seen

    def compose(self) -> ComposeResult:
        with Vertical():
            with VerticalScroll(can_focus=False):
                yield LiteralStatic(self.text(), id="sb-body")
            yield LiteralStatic(Text("Esc returns to the fight · ↑↓ PgUp PgDn scroll", style=pal.MUTED), id="sb-hint")

    def text(self) -> Text:
        width = self.query_one(VerticalScroll).content_size.width - 1 if self.is_mounted else 0  # (a column for the scrollbar)
        return Text("\n").join(inspected_lines(self.seen, width if width > 0 else WIDTH))

    def on_resize(self) -> None:
        self.query_one("#sb-body", LiteralStatic).update(self.text())

    @property
    def plain(self) -> str:
        """What the block says, as plain text (for tests)."""
        return self.text().plain

    def action_scroll(self, lines: int) -> None:
        body = self.query_one(VerticalScroll)
        body.scroll_to(y=body.scroll_y + lines, animate=False)
