"""The dice log: every roll in the encounter, with who, what for, the dice,
the modifiers and the result (the roll events of the log, in order)."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from gm_console.core.events import Event


class DiceLog(OptionList):
    DEFAULT_CSS = """
    DiceLog { border: round $primary 50%; height: 1fr; }
    DiceLog:focus { border: round $primary; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.border_title = "Dice"
        self._rolls: list[tuple[int, Event]] | None = None

    def sync(self, lines: list[str], events: list[tuple[Event, ...]]) -> None:
        rolls = [(i, e) for i, evs in enumerate(events) for e in evs if e.kind == "roll"]
        if rolls == self._rolls:
            return
        self.clear_options()
        options = []
        for i, event in rolls:
            text = Text()
            text.append(f"{i + 1:>4} ", style="dim")
            text.append(event.text)
            options.append(Option(text))
        self.add_options(options)
        self._rolls = rolls
        self.border_subtitle = f"{len(rolls)} rolls"
        if options:
            self.highlighted = len(options) - 1
            self.scroll_to_highlight()
