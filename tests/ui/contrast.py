"""The contrast of what a screen shows, cell by cell (WCAG 2 relative luminance).

``screen_cells(app)`` takes the screen as the terminal gets it: the
compositor's full update (what ``App.export_screenshot`` prints, after
Textual's line filters have turned ``dim`` and ANSI colours into true
colours), rendered by a Rich console into Segments. Each cell then has a
resolved foreground and background: a segment without a background has the
screen's, ``reverse`` swaps the two. ``worst(app)`` is the lowest-contrast
text cell of each (foreground, background) pair found.

Text is every cell with a printable character but the box-drawing and block
elements (borders, bars, scrollbars: graphics, not words).
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.color import Color as RichColor
from rich.console import Console
from rich.segment import Segment
from textual.color import Color

GRAPHIC = (range(0x2500, 0x25A0),)  # box drawing 2500-257F, block elements 2580-259F


def is_text(ch: str) -> bool:
    return bool(ch.strip()) and not any(ord(ch) in r for r in GRAPHIC)


def luminance(rgb: tuple[int, int, int]) -> float:
    def channel(c: int) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@dataclass(frozen=True)
class Pair:
    ratio: float
    fg: str
    bg: str
    text: str  # the row's text around the first cell of this pair
    where: tuple[int, int]  # (x, y) of that cell


def _rgb(color: RichColor | None, fallback: tuple[int, int, int]) -> tuple[int, int, int]:
    if color is None or color.is_default:
        return fallback
    triplet = color.get_truecolor()
    return (triplet.red, triplet.green, triplet.blue)


def screen_rows(app) -> list[list[Segment]]:
    """The screen's rows of Segments, as the terminal would be sent them."""
    width, height = app.size
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    console = Console(width=width, height=height, color_system="truecolor", force_terminal=True, legacy_windows=False, safe_box=False)
    segments = list(console.render(update, console.options))
    return [list(line) for line in Segment.split_lines(segments)]


def screen_pairs(app) -> dict[tuple[tuple[int, int, int], tuple[int, int, int]], Pair]:
    """Every (foreground, background) pair of a text cell on the screen."""
    theme = app.current_theme
    screen_fg = Color.parse(theme.foreground or "#ffffff").rgb
    screen_bg = Color.parse(theme.background or "#000000").rgb
    pairs: dict = {}
    for y, row in enumerate(screen_rows(app)):
        line = "".join(seg.text for seg in row if not seg.control)
        x = 0
        for seg in row:
            if seg.control:
                continue
            style = seg.style
            fg = _rgb(style.color if style else None, screen_fg)
            bg = _rgb(style.bgcolor if style else None, screen_bg)
            if style is not None and style.reverse:
                fg, bg = bg, fg
            for ch in seg.text:
                if is_text(ch) and (fg, bg) not in pairs:
                    pairs[(fg, bg)] = Pair(
                        round(contrast(fg, bg), 2), "#%02x%02x%02x" % fg, "#%02x%02x%02x" % bg,
                        line[max(0, x - 12) : x + 20].strip(), (x, y),
                    )
                x += 1
    return pairs


def failures(app, minimum: float) -> list[Pair]:
    return sorted((p for p in screen_pairs(app).values() if p.ratio < minimum), key=lambda p: p.ratio)


def lowest(app) -> Pair | None:
    pairs = sorted(screen_pairs(app).values(), key=lambda p: p.ratio)
    return pairs[0] if pairs else None
