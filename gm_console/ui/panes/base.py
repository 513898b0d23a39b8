"""The contract between the app and a system's pane.

The app calls ``show(view)`` whenever the state to draw changes (an action,
undo, a replay step) and ``preview(view)`` while the GM types (``view.draft``
holds the parsed, unapplied action or None). A pane asks the app to apply an
action by posting ``SystemPane.Submit(line)``; it never changes the state.
A click on what a pane drew marked (a unit, a zone, a Facility:
``ui/render/pointing.py``) posts ``SystemPane.Pointed``; the fight screen
decides what it means (``ui/pointing.py``).
"""

from __future__ import annotations

from typing import ClassVar

from textual import events, on
from textual.message import Message
from textual.widget import Widget

from gm_console.ui.render.pointing import pointed
from gm_console.ui.text import content
from gm_console.ui.view import View


class SystemPane(Widget, can_focus=True):
    SYSTEM: ClassVar[str] = ""
    TITLE: ClassVar[str] = ""
    DRAWS_ZONES: ClassVar[bool] = False  # it draws the encounter's zones: no positions-only zone map beside it

    DEFAULT_CSS = """
    SystemPane { border: round $secondary 50%; border-title-color: $text; border-subtitle-color: $gm-muted; height: 1fr; width: 1fr; }
    SystemPane:focus-within { border: round $secondary; }
    """

    class Submit(Message):
        """Ask the app to apply one action line (it checks and logs it)."""

        def __init__(self, line: str) -> None:
            self.line = line
            super().__init__()

    class Pointed(Message):
        """A click on something the pane drew: ``kind`` (unit, zone, facility), its id, the mouse
        button, and the clicks in a row (2: a double-click)."""

        def __init__(self, kind: str, ident: str, button: int, chain: int = 1) -> None:
            self.kind = kind
            self.ident = ident
            self.button = button
            self.chain = chain
            super().__init__()

    @on(events.Click)
    def pointed_click(self, event: events.Click) -> None:
        """A click on what the pane drew marked: ``Pointed`` for the fight to act on."""
        found = pointed(event.style.meta)
        if found is not None:
            self.post_message(self.Pointed(found[0], found[1], event.button, event.chain))

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.border_title = content(self.TITLE)
        self.view: View | None = None

    def width_hint(self) -> int:
        """Before the pane's first layout (as the console opens, or the first
        time it shows from behind its tab): the width its content will have, from the
        width the fight lays its panes out at (``FightScreen.pane_width``)
        less its border and padding; 0 when not known. A pane that draws at
        this width is drawn at its own in the first frame that shows it."""
        pane_width = getattr(self.screen, "pane_width", None)
        outer = pane_width() if pane_width is not None else 0
        return max(0, outer - self.styles.gutter.width) if outer else 0

    def drawn_width(self, least: int) -> int:
        """The width the pane's content is drawn at, ``least`` at the narrowest:
        its content's, or before its first layout its ``width_hint``."""
        if not self.size.width:  # not laid out yet: the width it will be (the first frame shows it at it)
            return max(least, self.width_hint())
        return max(least, self.content_size.width or (self.size.width - 4))

    def show(self, view: View) -> None:
        self.view = view
        self.refresh(layout=True)

    def preview(self, view: View) -> None:
        """Called as the prompt's text changes; most panes ignore it."""

    def submit(self, line: str) -> None:
        self.post_message(self.Submit(line))
