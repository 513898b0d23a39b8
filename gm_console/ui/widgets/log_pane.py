"""The log pane: the actions in notation with the events each produced.

A long campaign's log has thousands of actions; the pane holds a window of
them (at most ``2 * WINDOW``) around the point of interest, the newest
action live or the replay position, and moves the window when that point
leaves it. The title says which part is shown.

It draws its own rows (Textual's line API) rather than being an OptionList:
each entry is formatted and wrapped once, at one width, and a new action
(or an undo) formats and wraps only itself: the work of an action or an
undo does not grow with the log. Only the entries of the window are ever
formatted (opening a 10,000-action log formats 150). Its size is fixed by
the screen's layout, so a new entry, which grows only the scrollable height,
lays nothing out again.

A wrapped row is kept as its segments and width (``Row``), not as a Textual
``Strip``: a Strip carries seven caches of its own (about 1 KB when empty) and
keeps each strip made from it (the crop, the styled copy...), so the window's
600-odd rows as Strips held about a megabyte. A row becomes a Strip only as it
is painted, and only the painted strip is made and kept (``_painted``).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import Reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from gm_console.core.actions import Action
from gm_console.core.events import Event
from gm_console.core.game import format_action
from gm_console.ui import palette as pal
from gm_console.ui.text import content, scrub

WINDOW = 150

Row = tuple[list[Segment], int]  # a wrapped row: its segments and its width in cells

KIND_STYLE = {
    "damage": pal.BAD_BOLD,
    "roll": pal.INFO,
    "turn": pal.GOOD_BOLD,
    "expire": pal.CAUTION,
    "note": "italic",
    "warn": pal.CAUTION_BOLD,
    "pool": pal.SPECIAL,
    "rule": pal.MUTED,
}


def entry_text(index: int, line: str, events: tuple[Event, ...]) -> Text:
    """An entry: the action as typed, then one row per event (each may wrap).
    Both are data (names, notes): Text, never markup, and a newline or a
    control character inside one shows as a placeholder."""
    text = Text()
    text.append(f"{index + 1:>4} ", style=pal.MUTED)
    text.append_text(scrub(Text(line, style="bold"), lines=False))
    for event in events:
        text.append("\n     ")
        text.append_text(scrub(Text(event.text, style=KIND_STYLE.get(event.kind, "")), lines=False))
    return text


def sync_scrollbar(widget: ScrollView) -> None:
    """Tell a widget's vertical scrollbar its new range and keep the scroll
    within it: what a layout would have done after ``virtual_size`` changed,
    without laying the screen out (public API only: the scrollbar's window
    sizes and the clamping ``scroll_y`` validator)."""
    bar = widget.vertical_scrollbar
    bar.window_virtual_size = widget.virtual_size.height
    bar.window_size = widget.container_size.height - widget.scrollbar_size_horizontal
    widget.scroll_y = widget.scroll_y  # the reactive's validator clamps it to the new range


class LogPane(ScrollView, can_focus=True):
    """The encounter's log; in replay mode the highlighted entry is the position."""

    # Widget declares virtual_size with layout=True; this pane's own size never
    # follows its content, so growing the scrollable height only repaints it
    # (the scrollbar is told in _content_changed). The scrollbar always shows,
    # so the wrapping width never changes under an entry.
    virtual_size = Reactive(Size(0, 0), layout=False)

    BINDINGS = [
        Binding("up", "move(-1)", "Up", show=False),
        Binding("down", "move(1)", "Down", show=False),
        Binding("pageup", "page(-1)", "Page up", show=False),
        Binding("pagedown", "page(1)", "Page down", show=False),
        Binding("home", "move_to(0)", "First", show=False),
        Binding("end", "move_to(-1)", "Last", show=False),
        Binding("enter", "select", "Go to", show=False),
    ]
    COMPONENT_CLASSES = {"log-pane--highlight"}
    DEFAULT_CSS = """
    LogPane {
        height: 1fr; padding: 0 1; overflow-x: hidden; overflow-y: scroll; scrollbar-size-vertical: 1;
        color: $foreground; background: $surface;
        border: round $primary 50%; border-title-color: $text; border-subtitle-color: $gm-muted;
    }
    LogPane:focus { border: round $primary; background-tint: $foreground 5%; }
    LogPane > .log-pane--highlight { color: $foreground; background: $gm-highlight; }
    LogPane:focus > .log-pane--highlight { color: $foreground; background: $gm-highlight-focus; text-style: bold; }
    """

    class Selected(Message):
        """The GM chose an entry (enter or a click); ``index`` is its log index."""

        def __init__(self, log_pane: LogPane, index: int) -> None:
            self.log_pane = log_pane
            self.index = index
            super().__init__()

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.border_title = content("Log")
        self.start = 0  # log index of the first entry shown
        self.highlighted: int | None = None  # entry (window) index
        self._shown: list[Action] = []  # the log's actions the entries show (the same objects)
        self._texts: list[Text] = []
        self._wrapped: list[list[Row]] = []  # per entry, its rows at self._width
        self._rows: list[tuple[int, int]] = []  # per content row: (entry, row within the entry)
        self._first: list[int] = []  # per entry: its first content row
        self._width = 0
        self._subtitle = ""
        self._styles = (Style(), Style())  # base, highlighted: set by render_lines
        self._painted: dict[int, tuple[Row, Strip]] = {}  # id(wrapped row) -> (it, drawn in the base style)
        self._width_now = 0  # the content width of the repaint under way (render_lines)
        self.formatted = 0  # entries formatted so far (tests count them: only what the window shows)

    # ------------------------------------------------------------ contents
    @property
    def option_count(self) -> int:
        return len(self._texts)

    def entry(self, option_index: int) -> int:
        """The log index of an entry."""
        return self.start + option_index

    def rows(self, option_index: int) -> range:
        """The content rows the entry at ``option_index`` takes, at the width it was last laid out for."""
        first = self._first[option_index]
        return range(first, first + len(self._wrapped[option_index]))

    def entry_text(self, option_index: int) -> str:
        return self._texts[option_index].plain

    def reset(self) -> None:
        """Forget what is shown (another encounter: the same line can have other events)."""
        self.start, self.highlighted = 0, None
        self._shown, self._texts, self._wrapped = [], [], []
        self._content_changed()

    def sync(self, log: Sequence[Action], events: Sequence[tuple[Event, ...]], focus: int | None = None) -> None:
        """Show the window of the log around ``focus`` (default: the newest
        action), formatting and wrapping only the entries that changed: an
        entry whose action is the very object it shows stays as it is."""
        total = len(log)
        focus = total - 1 if focus is None else focus
        start = self.start
        if not start <= max(focus, 0) < start + 2 * WINDOW or start > total:
            start = max(0, min(focus - WINDOW // 2, total - WINDOW)) if focus < total - 1 else max(0, total - WINDOW)
        end = min(total, start + 2 * WINDOW)
        if start != self.start:
            self._shown, self._texts, self._wrapped = [], [], []
            self.start = start
        keep = 0
        shown = self._shown
        limit = min(len(shown), end - start)
        while keep < limit and log[start + keep] is shown[keep]:
            keep += 1
        if keep != len(shown) or end - start != keep:
            del self._texts[keep:], self._wrapped[keep:], shown[keep:]
            for i in range(start + keep, end):
                action = log[i]
                shown.append(action)
                self._texts.append(entry_text(i, format_action(action), events[i]))
            self.formatted += end - start - keep
            self._content_changed(keep)
        subtitle = f"{total} actions" if start == 0 and end == total else f"{start + 1}-{end} of {total} actions"
        if subtitle != self._subtitle:
            self.border_subtitle = content(subtitle)
            self._subtitle = subtitle
        self.mark(focus)

    def _content_changed(self, keep: int = 0) -> None:
        """Wrap the entries not wrapped yet and index their rows; the rows of
        the first ``keep`` entries, unchanged, are kept."""
        width = self.scrollable_content_region.width
        if width <= 0:
            self._width, self._wrapped, self._rows, self._first = 0, [], [], []
            return  # not laid out yet: wrapped on the next resize
        if width != self._width:
            self._width, self._wrapped, keep = width, [], 0
            self._painted.clear()
        console = self.app.console
        for text in self._texts[len(self._wrapped):]:
            self._wrapped.append([(list(line.render(console)), line.cell_len) for line in text.wrap(console, width)])
        keep = min(keep, len(self._wrapped), len(self._first))
        rows, first = self._rows, self._first
        if keep < len(first):
            del rows[first[keep]:], first[keep:]
        for i in range(keep, len(self._wrapped)):
            first.append(len(rows))
            rows += [(i, k) for k in range(len(self._wrapped[i]))]
        self.virtual_size = Size(width, len(rows))
        sync_scrollbar(self)  # the scrollbar's range (what a layout would have done)
        self.refresh()

    def on_mount(self) -> None:
        # each entry is rendered once, with its style names in the theme of the moment: a new theme renders again
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self.restyle())

    def restyle(self) -> None:
        self._wrapped = []
        self._painted.clear()
        self._content_changed()

    def on_resize(self, event: events.Resize) -> None:
        if self.scrollable_content_region.width != self._width or len(self._wrapped) != len(self._texts):
            self._content_changed()
        self._scroll_to_entry(self.highlighted)  # a new width or height: keep the entry in view

    # ------------------------------------------------------------ highlight
    def mark(self, index: int) -> None:
        """Highlight the action at log ``index`` (-1: none) and scroll it into view."""
        i = index - self.start
        old, self.highlighted = self.highlighted, (i if 0 <= i < len(self._texts) else None)
        if old != self.highlighted:
            for entry in (old, self.highlighted):
                self._refresh_entry(entry)
        if i < 0:  # before the first entry (replay at 0): the top of the log
            self._scroll(0)
        else:
            self._scroll_to_entry(self.highlighted)

    def _refresh_entry(self, entry: int | None) -> None:
        if entry is not None and entry < len(self._first) and entry < len(self._wrapped):
            self.refresh_lines(self._first[entry], len(self._wrapped[entry]))

    def _scroll_to_entry(self, entry: int | None) -> None:
        if entry is None or entry >= len(self._first):
            return
        top, height = self._first[entry], len(self._wrapped[entry])
        view = self.scrollable_content_region.height
        if top < self.scroll_y:
            self._scroll(top)
        elif top + height > self.scroll_y + view:
            self._scroll(min(top, top + height - view))

    def _scroll(self, y: int) -> None:
        """Scroll now, not after the next frame (Textual's default): the scroll
        range is this pane's own (``sync_scrollbar``), so the frame that shows a
        new action or an undo shows the log scrolled to it, not the one after."""
        self.scroll_to(y=y, animate=False, immediate=self.scrollable_content_region.height > 0)

    def action_move(self, step: int) -> None:
        if self._texts:
            current = self.highlighted
            if current is None:  # nothing highlighted: down starts at the top, up at the bottom
                current = -1 if step > 0 else len(self._texts)
            self.mark(self.entry(max(0, min(len(self._texts) - 1, current + step))))

    def action_page(self, direction: int) -> None:
        """Move the highlight about one screen: to the entry a view's height of rows away."""
        if not self._rows:
            return
        current = self.highlighted
        if current is None or current >= len(self._first):
            self.action_move(direction)
            return
        row = self._first[current] + direction * max(1, self.scrollable_content_region.height - 1)
        self.mark(self.entry(self._rows[max(0, min(len(self._rows) - 1, row))][0]))

    def action_move_to(self, entry: int) -> None:
        if self._texts:
            self.mark(self.entry(entry % len(self._texts)))

    def action_select(self) -> None:
        if self.highlighted is not None:
            self.post_message(self.Selected(self, self.entry(self.highlighted)))

    def on_click(self, event: events.Click) -> None:
        entry = event.style.meta.get("entry")
        if entry is not None:
            self.mark(self.entry(entry))
            self.action_select()

    # ------------------------------------------------------------ drawing
    def render_lines(self, crop: Region) -> list[Strip]:
        # the styles once per repaint, not once per row: each walks up the DOM for its background
        base = self.rich_style
        styles = (base, base + self.get_component_rich_style("log-pane--highlight", partial=True))
        if styles != self._styles:
            self._painted.clear()
        self._styles = styles
        self._width_now = self.scrollable_content_region.width
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        width, (base, highlight) = self._width_now, self._styles
        row = self.scroll_offset.y + y
        if row >= len(self._rows) or width != self._width:
            return Strip.blank(width, base)
        entry, k = self._rows[row]
        wrapped = self._wrapped[entry][k]
        if entry == self.highlighted:
            return self._paint(wrapped, entry, width, highlight)
        # a scroll (every new action) draws every row in view again: each is painted once
        painted = self._painted.get(id(wrapped))
        if painted is None or painted[0] is not wrapped:
            if len(self._painted) > 256:  # a few screens' worth
                self._painted.clear()
            painted = self._painted[id(wrapped)] = (wrapped, self._paint(wrapped, entry, width, base))
        return painted[1]

    @staticmethod
    def _paint(wrapped: Row, entry: int, width: int, style: Style) -> Strip:
        """The row padded to ``width`` in ``style``, drawn in it, with its entry
        as meta (a click says which entry): what ``crop_extend``, ``apply_style``
        and ``apply_meta`` of a Strip give, worked on the segments, so that no
        Strip is made on the way (each would keep the next in its caches, and a
        row as wide as the pane its own crop: a cycle, kept until a collection)."""
        segments, length = wrapped
        if length > width:  # (a row is wrapped to the pane's width: not seen)
            return Strip(*wrapped).crop_extend(0, width, style).apply_style(style).apply_meta({"entry": entry})
        if length < width:
            segments = [*segments, Segment(" " * (width - length), style)]
        styled = Segment.apply_style(segments, style)
        return Strip(Segment.apply_style(styled, Style.from_meta({"entry": entry})), width)
