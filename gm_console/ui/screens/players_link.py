"""The player view's link and its QR code (``players: show link``)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen

from gm_console.ui.widgets.literal import LiteralStatic


class PlayersLink(ModalScreen[None]):
    """The view's link and its QR code; every text shown as written (no markup)."""

    # The dialog is as wide as the link or the code, whichever is wider: the link on one line (a
    # terminal copies a wrapped line as two), the code whole; the other texts wrap to that width.
    # Only a terminal narrower than the link folds it (all of it shown rather than cut).
    DEFAULT_CSS = """
    PlayersLink { align: center middle; }
    PlayersLink > Vertical { width: auto; max-width: 100%; height: auto; max-height: 100%; padding: 1 2;
                             background: $panel; border: thick $accent; overflow-y: auto; }
    PlayersLink #players-url { width: auto; text-wrap: nowrap; text-overflow: fold; }
    PlayersLink .qr { width: auto; text-wrap: nowrap; }
    """
    BINDINGS = [
        Binding("escape", "dismiss", "Close"),
        Binding("enter", "dismiss", "Close", show=False),
        Binding("c", "copy", "Copy the link"),
    ]

    def __init__(self, url: str, exposed: bool) -> None:
        super().__init__()
        self.url = url
        self.exposed = exposed

    def compose(self) -> ComposeResult:
        from gm_console.players.qr import QR_STYLE, qr_text

        where = (
            "Reachable from the table's network: phones on it can scan the code."
            if self.exposed
            else "Bound to this computer only (127.0.0.1): open it here, or restart with --host to let phones join."
        )
        with Vertical():
            yield LiteralStatic(Text("Player view", style="bold"))
            yield LiteralStatic(Text(self.url), id="players-url")
            yield LiteralStatic(Text(qr_text(self.url), style=QR_STYLE), classes="qr", id="players-qr")
            yield LiteralStatic(Text(where + " c copies the link; Esc closes."))

    def action_copy(self) -> None:
        """The link to the clipboard, through the terminal (OSC 52: most terminals pass it on)."""
        self.app.copy_to_clipboard(self.url)
        self.app.notify("the player view's link is on the clipboard (if the terminal passes it on)", timeout=4)
