"""A scrolling list of one-row Rich texts that repaints only the rows that change.

A pane hands it the whole list on every redraw (``set_lines``). Rows equal to
the ones shown (the same object, usually, from a pane's row cache) are left
alone; a changed row repaints its own screen line, nothing else. The screen
is laid out again only when the number of rows changes. A Static holding the
same rows would render all of them again for any change: with 50 units that
was most of the time between a key press and the next frame.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from gm_console.ui.text import scrub


class LinesView(ScrollView, can_focus=False):
    DEFAULT_CSS = """
    LinesView { height: 1fr; overflow-x: hidden; scrollbar-size-vertical: 1; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.lines: list[Text] = []
        self._strips: dict[int, Strip] = {}  # row -> rendered row, in the _look it was drawn in
        self._look: tuple[int, Style] = (0, Style())  # (width, base style)

    def on_mount(self) -> None:
        # the rows' style names (gm_console.ui.palette) resolve in the theme they are drawn in
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self.restyle())

    def restyle(self) -> None:
        """Draw every row again (a new theme)."""
        self._strips.clear()
        self.refresh()

    def set_lines(self, lines: list[Text]) -> None:
        old, self.lines = self.lines, list(lines)
        if len(old) != len(lines):
            self._strips.clear()
            self.virtual_size = Size(1, len(lines))  # a new height: the one case that needs a layout
            self.refresh()
            return
        for y, (before, after) in enumerate(zip(old, lines)):
            if before is not after and before != after:
                self._strips.pop(y, None)
                self.refresh_line(y)

    @property
    def plain(self) -> str:
        return "\n".join(line.plain for line in self.lines)

    def render_lines(self, crop: Region) -> list[Strip]:
        # the base style and width once per repaint; a new theme or width draws every row again
        look = (self.scrollable_content_region.width, self.rich_style)
        if look != self._look:
            self._strips.clear()
            self._look = look
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        width, style = self._look
        row = self.scroll_offset.y + y
        if row >= len(self.lines):
            return Strip.blank(width, style)
        strip = self._strips.get(row)
        if strip is None:
            strip = self._strips[row] = self._render_row(self.lines[row], width).apply_style(style)
        return strip.apply_offsets(0, row)

    def _render_row(self, text: Text, width: int) -> Strip:
        console = self.app.console
        text = scrub(text, lines=False)  # one row: no control character, no newline, reaches the terminal
        strip = Strip(text.render(console), text.cell_len)
        if text.style:  # Text.render leaves the text's own style to its caller
            strip = strip.apply_style(console.get_style(text.style))
        return strip.crop_extend(0, width, None)
