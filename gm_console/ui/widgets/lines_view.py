"""A scrolling list of one-row Rich texts that repaints only the rows that change.

A pane hands it the whole list on every redraw (``set_lines``), each row built
anew by a plain function. A row equal to the one shown on its line is left
alone (the new row takes its rendering); a changed row repaints its own screen
line, nothing else, and is rendered when drawn. A new number of rows changes
only this view's scroll range in the frame that follows the key; a scrollbar
that comes or goes with it (a layout of the whole screen) is placed after that
frame, in one layout. A Static holding the same rows would
render all of them again for any change: with 50 units that was most of the
time between a key press and the next frame.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text
from textual.geometry import Region, Size
from textual.reactive import Reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from gm_console.ui.text import scrub


class LinesView(ScrollView, can_focus=False):
    DEFAULT_CSS = """
    LinesView { height: 1fr; overflow-x: hidden; scrollbar-size-vertical: 1; }
    """
    # Widget declares virtual_size with layout=True; this view's own size never
    # follows its rows, so a new number of rows lays nothing out before the frame:
    # the scrollbar is told its new range, and placed after the frame when it comes
    # or goes (set_lines); and it repaints only the rows that changed (set_lines
    # says which), not all. (A pane draws its rows a column short of the view, so
    # they fit with the scrollbar or without it.)
    virtual_size = Reactive(Size(0, 0), layout=False, repaint=False)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.lines: list[Text] = []
        self._strips: dict[int, tuple[Text, Strip]] = {}  # id(row) -> (it, rendered), in the _look drawn in
        self._look: tuple[int, Style] = (0, Style())  # (width, base style)
        self.rendered = 0  # rows rendered so far (tests count them)
        self._placing = False  # the scrollbar's placing is put off until after the frame

    def on_mount(self) -> None:
        # the rows' style names (gm_console.ui.palette) resolve in the theme they are drawn in
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self.restyle())

    def restyle(self) -> None:
        """Draw every row again (a new theme)."""
        self._strips.clear()
        self.refresh()

    def set_lines(self, lines: Sequence[Text]) -> None:
        old, new = self.lines, list(lines)
        self.lines = new
        strips = self._strips
        run = 0  # a run of changed rows ending at y - 1: one refresh for each run
        for y in range(min(len(old), len(new))):
            before, after = old[y], new[y]
            if before is after:
                same = True
            elif before == after:  # another object that looks the same: it takes the drawn row
                same = True
                found = strips.get(id(before))
                if found is not None and found[0] is before:
                    strips[id(after)] = (after, found[1])
            else:
                same = False
            if not same:
                run += 1
            elif run:
                self.refresh_lines(y - run, run)
                run = 0
        if run:
            self.refresh_lines(min(len(old), len(new)) - run, run)
        if len(strips) > 2 * len(new) + 64:  # rows no longer shown
            strips_now = {id(t): strips[id(t)] for t in new if id(t) in strips and strips[id(t)][0] is t}
            strips.clear()
            strips.update(strips_now)
        if len(old) != len(new):
            shorter = min(len(old), len(new))
            self.refresh_lines(shorter, max(len(old), len(new)) - shorter)
            self.virtual_size = Size(1, len(new))
            if self.container_size.height <= 0:
                self.refresh(layout=True)  # not laid out yet: its first layout places the scrollbar
                return
            from gm_console.ui.widgets.log_pane import sync_scrollbar

            sync_scrollbar(self)  # the new scroll range (what a layout would have done)
            if self._wants_scrollbar() != self.show_vertical_scrollbar and not self._placing:
                # The scrollbar comes or goes: that lays the whole screen out, so not before the
                # frame that shows the rows, and in one layout, not the two Textual takes when
                # it finds out during the first.
                self._placing = True
                after_frame = getattr(self.screen, "after_frame", None)  # FightScreen's: the frame is out
                (after_frame or self.call_after_refresh)(self._place_scrollbar)

    def _wants_scrollbar(self) -> bool:
        return self.virtual_size.height > self.container_size.height

    def _place_scrollbar(self) -> None:
        """Show or hide the scrollbar, as the layout it asks for would find it
        must be (Textual's rule for ``overflow-y: auto``)."""
        self._placing = False
        if not self.is_mounted or self.container_size.height <= 0:
            return
        show = self._wants_scrollbar()
        if show != self.show_vertical_scrollbar:
            self.vertical_scrollbar.display = show
            self.show_vertical_scrollbar = show  # a layout (the reactive says so)

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
        item = self.lines[row]
        found = self._strips.get(id(item))
        if found is None or found[0] is not item:
            found = self._strips[id(item)] = (item, self._render_row(item, width).apply_style(style))
        return found[1].apply_offsets(0, row)

    def _render_row(self, text: Text, width: int) -> Strip:
        self.rendered += 1
        console = self.app.console
        text = scrub(text, lines=False)  # one row: no control character, no newline, reaches the terminal
        strip = Strip(text.render(console), text.cell_len)
        if text.style:  # Text.render leaves the text's own style to its caller
            strip = strip.apply_style(console.get_style(text.style))
        return strip.crop_extend(0, width, None)
