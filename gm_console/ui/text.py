"""The one way text from outside the code reaches a screen or a terminal.

Unit and zone names, titles, notes, file paths, rules bodies, notation and
whatever the GM types are *data*. Rich and Textual read a ``str`` as markup
unless told otherwise (``[/] Ren`` raises MarkupError, ``Goblin [Chief]``
loses ``[Chief]``, ``[link=file:///etc]y[/link]`` becomes a link), and both
pass most control characters (ESC, C1 controls, bidi overrides) straight to
the terminal. So data goes through this module:

- ``literal(s, style)``: a Rich ``Text`` that shows ``s`` exactly as written;
- ``content(s, style)``: the same as a Textual ``Content``;
- ``clip(s, width)``: a str or Text cut to a width, ending in an ellipsis;
- ``clean(s)``: ``s`` with every control character replaced by a visible
  placeholder (one character for one, so the offsets of styles stay right);
- ``scrub(renderable)``: a Text, Content or Group with the same done to its
  characters, styles kept (the widgets call it on whatever they are given);
- ``as_markup(s)``: markup that Textual reads back as exactly ``s``, for the
  few Textual APIs that take nothing but a markup string (a palette hit's help);
- ``highlight(matcher, label)``: a palette hit's fuzzy-match highlight built
  on the plain label (Textual's own ``Matcher.highlight`` parses it as markup);
- ``CleanOutput``: a Rich render hook that cleans everything a command-line
  console prints, whatever the renderable (tables and panels included).

The widgets that draw text (``gm_console.ui.widgets.literal``) never parse
markup and scrub what they are given; ``tests/ui/test_markup.py`` scans the UI
and command-line sources for the ways around all this.

No Textual import at module level: the command line uses ``clean`` and
``CleanOutput`` without loading Textual.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, TypeVar

from rich.cells import cell_len, set_cell_size
from rich.console import Console, ConsoleOptions, ConsoleRenderable, Group, RenderableType, RenderHook, RenderResult
from rich.segment import Segment
from rich.style import Style
from rich.text import Text

if TYPE_CHECKING:
    from textual.content import Content
    from textual.fuzzy import Matcher

PLACEHOLDER = "\ufffd"  # "�": visible, one cell wide, in every terminal font

# C0 controls but tab and newline, DEL and the C1 controls, the bidirectional
# marks, embeddings, overrides and isolates (they reorder what follows them on
# the line: "Trojan source"), the Unicode line and paragraph separators, and
# lone surrogates (which cannot even be encoded for output).
_CONTROL_RANGES = (
    "\x00-\x08\x0b-\x1f\x7f-\x9f"
    "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
    "\u2028\u2029"
    "\ud800-\udfff"
)
_IN_LINES = re.compile(f"[{_CONTROL_RANGES}]")  # tab and newline allowed
_IN_ONE_LINE = re.compile(f"[{_CONTROL_RANGES}\t\n]")  # one row: a newline is data too


def _placeholder(match: re.Match[str]) -> str:
    return " " if match.group() == "\t" else PLACEHOLDER


def clean(text: str, *, lines: bool = False) -> str:
    """``text`` with each control character replaced by one placeholder
    character (a tab on one line by a space). ``lines``: keep newlines and
    tabs, for text that is meant to span lines (a rules body, a log entry)."""
    pattern = _IN_LINES if lines else _IN_ONE_LINE
    if pattern.search(text) is None:  # the usual case: no copy
        return text
    return pattern.sub(_placeholder, text)


def literal(text: object, style: str | Style = "", *, lines: bool = False) -> Text:
    """A Rich Text showing ``text`` as written: never markup, no control characters."""
    return Text(clean(str(text), lines=lines), style=style)


def content(text: object, style: str = "", *, lines: bool = False) -> Content:
    """A Textual Content showing ``text`` as written (border titles, buttons, labels)."""
    from textual.content import Content

    shown = Content(clean(str(text), lines=lines))
    return shown.stylize(style) if style else shown


T = TypeVar("T", str, Text)


def clip(text: T, width: int) -> T:
    """``text`` (a str or a Rich ``Text``, styles kept) cut to at most
    ``width`` terminal cells, the last of them an ellipsis when anything was
    cut (cut by Rich, so a wide character counts two).
    The one truncation of the UI."""
    if isinstance(text, str):
        return text if cell_len(text) <= width else set_cell_size(text, max(0, width - 1)) + "…"
    if text.cell_len <= width:
        return text
    out = text.copy()
    out.truncate(max(0, width - 1), overflow="crop")  # Rich cuts by cells; the ellipsis takes no style of the cut text
    return out + Text("…")


def as_markup(text: str) -> str:
    """Markup that Textual reads back as exactly ``clean(text)``.

    For the few Textual APIs that accept only a markup string (the command
    palette parses a hit's help with ``Content.from_markup``). Textual's
    ``markup.escape`` is not enough: it leaves ``[Chief]`` and ``[$x]`` alone,
    and the parser drops them. A backslash before every ``[`` is read as a
    literal bracket; backslashes elsewhere are literal already.
    ``test_as_markup_round_trips`` checks this against the installed Textual."""
    return clean(text).replace("[", "\\[")


def scrub(renderable: Any, *, lines: bool = True) -> Any:
    """The renderable with its control characters replaced (see ``clean``):
    a str becomes a literal Text; Text and Content keep their styles; a Group
    is scrubbed part by part. Anything else is returned as it is: build its
    cells from ``literal`` (a Table's, say). Unchanged input is returned itself,
    not a copy, so caches keyed on identity keep working."""
    if isinstance(renderable, str):
        return literal(renderable, lines=lines)
    if isinstance(renderable, Text):
        plain = renderable.plain
        cleaned = clean(plain, lines=lines)
        if cleaned is plain:
            return renderable
        copy = renderable.copy()
        copy.plain = cleaned  # one character for one: the spans still fit
        return copy
    if isinstance(renderable, Group):
        parts = [scrub(part, lines=lines) for part in renderable.renderables]
        if all(a is b for a, b in zip(parts, renderable.renderables)):
            return renderable
        return Group(*parts, fit=renderable.fit)
    try:
        from textual.content import Content
    except ImportError:  # pragma: no cover - the command line without Textual
        return renderable
    if isinstance(renderable, Content):
        cleaned = clean(renderable.plain, lines=lines)
        if cleaned is renderable.plain:
            return renderable
        return Content(cleaned, list(renderable.spans))
    return renderable


def highlight(matcher: Matcher, label: str) -> Content:
    """``label`` as a palette hit, the characters the query matched styled as
    Textual's ``Matcher.highlight`` would, but read as plain text."""
    from textual.content import Content

    shown = Content(clean(label))
    score, offsets = matcher.fuzzy_search.match(matcher.query, label)
    if score:
        for offset in offsets:
            if not label[offset].isspace():
                shown = shown.stylize(matcher.match_style, offset, offset + 1)
    return shown


class _Cleaned:
    """A renderable drawn as usual, its text cleaned segment by segment
    (the console's own control segments, such as cursor moves, kept)."""

    def __init__(self, renderable: RenderableType) -> None:
        self.renderable = renderable

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for segment in console.render(self.renderable, options):
            if segment.control or _IN_LINES.search(segment.text) is None:
                yield segment
            else:
                yield Segment(clean(segment.text, lines=True), segment.style)


class CleanOutput(RenderHook):
    """Install on a Rich console (``console.push_render_hook(CleanOutput())``)
    and nothing it prints carries a control character to the terminal."""

    def process_renderables(self, renderables: list[ConsoleRenderable]) -> list[ConsoleRenderable]:
        return [_Cleaned(r) for r in renderables]
