"""A row of tab labels over an underline, in one widget.

It looks and behaves as Textual's ``Tabs`` does for the console's two strips
(the panes' tabs on a narrow screen, Log/Dice beside them): labels padded by
a cell, the active one in full colour, the one under the mouse too, and a bar
under them lit beneath the active tab; a click picks a tab, and a change of
``active`` (a click, or the console's keys) posts ``Activated``.

Why not ``Tabs``: a ``Tabs`` of two tabs is seven widgets (its scroll
container, two bars, the tabs, the underline), each styled and laid out as it
mounts; the console starts with two, 14 of the 39 widgets of its first frame.
This strip is one widget drawing two lines (issue 16, start-up). It takes no
focus: the GM's keys stay with the prompt.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from gm_console.ui.text import clean

BAR, LEFT_HALF, RIGHT_HALF = "━", "╸", "╺"  # Textual's Bar: a line, its end drawn in the left / right half of a cell


class TabStrip(Widget):
    """``tabs``: (id, label) pairs, shown in that order; the first is active."""

    DEFAULT_CSS = """
    TabStrip { width: 1fr; height: 2; pointer: pointer; }
    TabStrip > .tab-strip--tab { color: $foreground 50%; }
    TabStrip > .tab-strip--active { color: $foreground; }
    TabStrip > .tab-strip--hover { color: $foreground; }
    TabStrip > .tab-strip--bar { color: $block-cursor-background; background: $foreground 10%; }
    TabStrip:ansi > .tab-strip--tab { text-style: dim; }
    TabStrip:ansi > .tab-strip--active { text-style: not dim bold; }
    TabStrip:ansi > .tab-strip--bar { background: $border-blurred; }
    """

    COMPONENT_CLASSES = {"tab-strip--tab", "tab-strip--active", "tab-strip--hover", "tab-strip--bar"}
    """
    | Class | Description |
    | :- | :- |
    | `tab-strip--tab` | A tab's label. |
    | `tab-strip--active` | The active tab's label. |
    | `tab-strip--hover` | The label under the mouse. |
    | `tab-strip--bar` | The underline: its colour lights the active tab, its background the rest. |
    """

    ALLOW_SELECT = False

    active: reactive[str] = reactive("", init=False)
    """The active tab's id; setting it posts ``Activated``."""

    class Activated(Message):
        """A tab became the active one."""

        def __init__(self, strip: TabStrip, tab_id: str) -> None:
            super().__init__()
            self.strip = strip
            self.tab_id = tab_id

        @property
        def control(self) -> TabStrip:
            return self.strip

    def __init__(self, tabs: Iterable[tuple[str, str]], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._tabs: list[tuple[str, str]] = []
        self._hover: str | None = None
        self.set_tabs(tabs)

    @property
    def tab_ids(self) -> list[str]:
        return [tab_id for tab_id, _ in self._tabs]

    def set_tabs(self, tabs: Iterable[tuple[str, str]]) -> None:
        """Show these tabs instead, the first active (no ``Activated``: the caller knows)."""
        self._tabs = [(tab_id, clean(str(label))) for tab_id, label in tabs]
        self.set_reactive(TabStrip.active, self._tabs[0][0] if self._tabs else "")
        self._hover = None
        self.refresh()

    def watch_active(self, old: str, new: str) -> None:
        if new != old and new in self.tab_ids:
            self.post_message(self.Activated(self, new))
        self.refresh()

    # ------------------------------------------------------------ where each tab is
    def spans(self) -> list[tuple[str, int, int]]:
        """(id, first cell, cell after the last) of each tab's label, padding included."""
        out, x = [], 0
        for tab_id, label in self._tabs:
            width = cell_len(label) + 2
            out.append((tab_id, x, x + width))
            x += width
        return out

    def tab_at(self, x: int) -> str | None:
        return next((tab_id for tab_id, start, end in self.spans() if start <= x < end), None)

    # ------------------------------------------------------------ drawing
    def render(self) -> Text:
        width = self.content_size.width
        styles = {name: self.get_component_rich_style(f"tab-strip--{name}") for name in ("tab", "active", "hover", "bar")}
        labels = Text(end="")
        lit = (0, 0)
        for (_, label), (tab_id, start, end) in zip(self._tabs, self.spans()):
            style = "active" if tab_id == self.active else "hover" if tab_id == self._hover else "tab"
            labels.append(f" {label} ", styles[style])
            if tab_id == self.active:  # under the label, not its padding (as Tabs lights it)
                lit = (start + 1, min(end - 1, width))
        if width:
            labels.truncate(width)  # narrower than its labels: cut, as Tabs cuts them (never wrapped over the bar)
        bar = styles["bar"]
        return Text("\n", end="").join([labels, self._bar(width, lit, Style.from_color(bar.color), Style.from_color(bar.bgcolor))])

    @staticmethod
    def _bar(width: int, lit: tuple[int, int], light: Style, dark: Style) -> Text:
        """The underline, as Textual's ``Bar`` draws a whole-cell range: a half
        cell at each end of the lit part where the dark part meets it."""
        start, end = lit
        bar = Text(end="")
        if end <= start:
            bar.append(BAR * width, dark)
            return bar
        if start > 0:
            bar.append(BAR * (start - 1) + LEFT_HALF, dark)
        bar.append(BAR * (end - start), light)
        if end < width:
            bar.append(RIGHT_HALF + BAR * (width - end - 1), dark)
        return bar

    # ------------------------------------------------------------ the mouse
    def on_click(self, event: events.Click) -> None:
        tab_id = self.tab_at(event.x)
        if tab_id is not None:
            event.stop()
            self.active = tab_id

    def on_mouse_move(self, event: events.MouseMove) -> None:
        hover = self.tab_at(event.x)
        if hover != self._hover:
            self._hover = hover
            self.refresh()

    def on_leave(self, event: events.Leave) -> None:
        if self._hover is not None:
            self._hover = None
            self.refresh()
