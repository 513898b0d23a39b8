"""The log pane: every action in notation with the events it produced."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from gm_console.core.events import Event

KIND_STYLE = {
    "damage": "bold red",
    "roll": "cyan",
    "turn": "bold green",
    "expire": "yellow",
    "note": "italic",
    "warn": "bold yellow",
    "pool": "magenta",
    "rule": "dim",
}


def entry_text(index: int, line: str, events: tuple[Event, ...], width: int = 0) -> Text:
    text = Text()
    text.append(f"{index + 1:>4} ", style="dim")
    text.append(line, style="bold")
    for event in events:
        text.append("\n     ")
        text.append(event.text, style=KIND_STYLE.get(event.kind, ""))
    return text


class LogPane(OptionList):
    """The encounter's log; in replay mode the highlighted row is the position."""

    DEFAULT_CSS = """
    LogPane { border: round $primary 50%; border-title-color: $text; height: 1fr; }
    LogPane:focus { border: round $primary; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.border_title = "Log"
        self._log_lines: list[str] = []

    def sync(self, lines: list[str], events: list[tuple[Event, ...]]) -> None:
        """Bring the list up to date with the log, touching only what changed."""
        keep = 0
        limit = min(len(lines), len(self._log_lines))
        while keep < limit and lines[keep] == self._log_lines[keep]:
            keep += 1
        if keep < len(self._log_lines):
            for i in range(len(self._log_lines) - 1, keep - 1, -1):
                self.remove_option_at_index(i)
        new = [Option(entry_text(i, lines[i], events[i]), id=f"a{i}") for i in range(keep, len(lines))]
        if new:
            self.add_options(new)
        self._log_lines = list(lines)
        self.border_subtitle = f"{len(lines)} actions"
        if lines:
            self.highlighted = len(lines) - 1
            self.scroll_to_highlight()

    def mark(self, index: int) -> None:
        """Highlight the action at ``index`` (replay position); -1 for none."""
        if 0 <= index < self.option_count:
            self.highlighted = index
            self.scroll_to_highlight()
        else:
            self.highlighted = None
