"""Add a unit on the build screen: search the libraries, the party and the
cards by name, tier, trait or weapon (every word typed must match), pick one
(Enter, or a click) and the dialog dismisses with its source
(``library:raider``); the build screen puts the ``add`` line in its prompt,
to give the count, side and zone before it is made. Blank units and copies
of the encounter's own units are in the list too."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList
from textual.widgets.option_list import Option

from gm_console.build.sources import Source
from gm_console.ui.text import literal
from gm_console.ui.widgets.literal import LiteralInput, LiteralLabel, LiteralOptionList


class AddUnit(ModalScreen[str | None]):
    """Dismisses with the chosen source (``library:ID`` ...), or None."""

    DEFAULT_CSS = """
    AddUnit { align: center middle; }
    AddUnit > Vertical { width: 90; max-width: 100%; height: 90%; border: thick $accent; background: $surface; padding: 0 1; }
    AddUnit LiteralLabel { width: 100%; }
    AddUnit OptionList { height: 1fr; }
    """
    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        Binding("down", "to_list", "Results", show=False),
    ]

    def __init__(self, sources: list[Source]) -> None:
        super().__init__()
        self.sources = sources
        self.shown: list[Source] = []

    def compose(self) -> ComposeResult:
        with Vertical():
            yield LiteralLabel("Add a unit: type to search by name, tier, trait or weapon; Enter or a click picks")
            yield LiteralInput(placeholder="search: raider, notable, scattergun ...", id="search")
            yield LiteralOptionList(id="found")

    def on_mount(self) -> None:
        if self.app.is_headless:
            self.query_one(Input).cursor_blink = False
        self.filter("")

    def filter(self, query: str) -> None:
        self.shown = [s for s in self.sources if s.matches(query)]
        found = self.query_one("#found", OptionList)
        found.clear_options()
        found.add_options([Option(self.prompt(s), id=s.ref) for s in self.shown])
        if self.shown:
            found.highlighted = 0

    @staticmethod
    def prompt(source: Source) -> Text:
        line = Text.assemble(literal(source.name, "bold"), literal(f"  {source.ref}"))
        detail = "  ".join(p for p in (source.summary, source.where) if p)
        return Text("\n").join([line, literal(f"  {detail}", "dim")]) if detail else line

    def on_input_changed(self, event: Input.Changed) -> None:
        self.filter(event.value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        found = self.query_one("#found", OptionList)
        if found.highlighted is not None and self.shown:
            self.dismiss(self.shown[found.highlighted].ref)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_to_list(self) -> None:
        self.query_one("#found", OptionList).focus()

    def action_cancel(self) -> None:
        self.dismiss(None)
