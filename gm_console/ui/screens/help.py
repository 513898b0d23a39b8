"""F1: every key binding in force (remaps applied) and the prompt keys."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from gm_console.ui import palette as pal
from gm_console.ui.keys import PROMPT_KEYS, keys_in_force
from gm_console.ui.text import literal
from gm_console.ui.widgets.literal import LiteralStatic


class HelpScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll { width: 90%; max-width: 100; height: 90%; border: thick $primary; background: $surface; padding: 0 1; }
    """
    BINDINGS = [Binding("escape,f1,q", "dismiss", "Close")]

    def __init__(self, keymap: dict[str, str], config_path: str) -> None:
        super().__init__()
        self.keymap = keymap
        self.config_path = config_path

    def compose(self) -> ComposeResult:
        table = Table(title="Keys", expand=True, title_justify="left")
        table.add_column("key", style="bold")
        table.add_column("does")
        table.add_column("when")
        table.add_column("binding id", style=pal.MUTED)
        self.rows = keys_in_force(self.keymap)
        for group, bid, keys, description in self.rows:  # keys come from the config file: Text, not markup
            table.add_row(literal(keys), literal(description), "replay mode" if group == "replay" else "always", literal(bid))
        for keys, description in PROMPT_KEYS:
            table.add_row(literal(keys), literal(description), "in the prompt", "")
        note = Text.assemble(  # "[keys]" is TOML, the path is data: all of it text, none of it markup
            "\nRemap a key by its binding id in ",
            literal(self.config_path),
            ':\n\n  [keys]\n  undo = "ctrl+b"\n\n(A key the prompt uses itself, such as ctrl+u, only works when the prompt is not focused.)\n\n'
            "Every action can also be typed in the prompt or chosen in the palette (ctrl+p). "
            "The mouse works too: click a pane, a tab or a log entry.  Esc closes this screen.",
        )
        with VerticalScroll():
            yield LiteralStatic(table)
            yield LiteralStatic(note)  # "[keys]" and the config path are text, not markup
