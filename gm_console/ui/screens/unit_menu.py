"""A unit's menu (a right-click on it, or F9 on the selected unit): its stat
block, select it, aim the selected unit at it, and the lines a GM writes
about a unit (``cond``, ``uncond``, ``set``, ``hide``, ``reveal``). Choosing
one dismisses with (what, line): the fight screen shows the block, selects,
or puts the line in the prompt (or applies it, as the GM's setting says);
a line that needs more (``set UNIT `` wants a stat and a number) goes to the
prompt to finish. A line the rules refuse now is shown greyed, with why."""

from __future__ import annotations

from typing import NamedTuple

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from gm_console.ui import palette as pal
from gm_console.ui.widgets.literal import LiteralLabel, LiteralOptionList


class MenuItem(NamedTuple):
    what: str  # "show", "select", "line" (complete: apply or put in the prompt), "fill" (to finish in the prompt)
    line: str  # the notation (or the unit id for show and select)
    label: str
    why: str | None = None  # why it cannot be chosen now (None: it can)


class UnitMenu(ModalScreen[tuple[str, str] | None]):
    DEFAULT_CSS = """
    UnitMenu { align: center middle; }
    UnitMenu > Vertical { width: 80%; max-width: 90; height: auto; max-height: 90%;
                          border: thick $accent; background: $surface; padding: 0 1; }
    UnitMenu #um-title { text-style: bold; width: 100%; }
    UnitMenu OptionList, UnitMenu OptionList:focus { height: auto; max-height: 18; border: none; padding: 0; }
    UnitMenu #um-hint { color: $text-muted; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: Text, items: list[MenuItem]) -> None:
        super().__init__()
        self.title_text = title
        self.items = items

    def compose(self) -> ComposeResult:
        with Vertical():
            yield LiteralLabel(self.title_text, id="um-title")
            yield LiteralOptionList(*[self.option(i, item) for i, item in enumerate(self.items)], id="um-options")
            yield LiteralLabel("Enter choose · Esc cancel", id="um-hint")

    @staticmethod
    def option(index: int, item: MenuItem) -> Option:
        label = Text(item.label)
        if item.why is not None:
            label.stylize(pal.MUTED)
            label.append(f"  {item.why}", style=pal.MUTED_ITALIC)
        return Option(label, id=str(index), disabled=item.why is not None)

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        item = self.items[int(event.option.id or 0)]
        self.dismiss((item.what, item.line))

    def action_cancel(self) -> None:
        self.dismiss(None)
