"""The log pane: the actions in notation with the events each produced.

A long campaign's log has thousands of actions; the pane holds a window of
them (at most ``2 * WINDOW``) around the point of interest, the newest
action live or the replay position, and moves the window when that point
leaves it. The title says which part is shown.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from gm_console.core.events import Event

WINDOW = 150

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


def entry_text(index: int, line: str, events: tuple[Event, ...]) -> Text:
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
        self.start = 0  # log index of the first option
        self._shown: list[str] = []  # the lines the options show

    def entry(self, option_index: int) -> int:
        """The log index of an option."""
        return self.start + option_index

    def sync(self, lines: list[str], events: list[tuple[Event, ...]], focus: int | None = None) -> None:
        """Show the window of the log around ``focus`` (default: the newest
        action), touching only the options that changed."""
        total = len(lines)
        focus = total - 1 if focus is None else focus
        start = self.start
        if not start <= max(focus, 0) < start + 2 * WINDOW or start > total:
            start = max(0, min(focus - WINDOW // 2, total - WINDOW)) if focus < total - 1 else max(0, total - WINDOW)
        end = min(total, start + 2 * WINDOW)
        if start != self.start:
            self.clear_options()
            self._shown = []
            self.start = start
        keep = 0
        limit = min(len(self._shown), end - start)
        while keep < limit and lines[start + keep] == self._shown[keep]:
            keep += 1
        for i in range(len(self._shown) - 1, keep - 1, -1):
            self.remove_option_at_index(i)
        new = [Option(entry_text(i, lines[i], events[i])) for i in range(start + keep, end)]
        if new:
            self.add_options(new)
        self._shown = lines[start:end]
        self.border_subtitle = f"{total} actions" if start == 0 and end == total else f"{start + 1}-{end} of {total} actions"
        self.mark(focus)

    def mark(self, index: int) -> None:
        """Highlight the action at log ``index`` (-1: none)."""
        i = index - self.start
        if 0 <= i < self.option_count:
            self.highlighted = i
            self.call_after_refresh(self.scroll_to_highlight)  # once new entries have their height
        else:
            self.highlighted = None
