"""A horizontal bar chart drawn with block characters (the forecast's rounds
distribution and win chances): one row a bar, its label on the left and its
figure on the right, the bars as long as the widget's width allows, in
eighths of a cell."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from gm_console.ui.palette import GOOD, MUTED
from gm_console.ui.text import literal
from gm_console.ui.widgets.literal import LiteralStatic

EIGHTHS = " ▏▎▍▌▋▊▉█"

Row = tuple[str, float, str]  # (label, share of the longest bar 0-1, figure)


def bar(share: float, width: int) -> str:
    """A bar of ``share`` (0-1) of ``width`` cells, in eighths of a cell."""
    eighths = round(max(0.0, min(1.0, share)) * width * 8)
    full, part = divmod(eighths, 8)
    return "█" * full + (EIGHTHS[part] if part else "")


def chart(rows: list[Row], width: int, style: str = GOOD) -> Text:
    """The rows as lines of text ``width`` cells wide."""
    if not rows:
        return Text("(nothing yet)", style=MUTED)
    left = max(len(label) for label, _, _ in rows)
    right = max(len(figure) for _, _, figure in rows)
    room = max(4, width - left - right - 2)
    out = Text()
    for i, (label, share, figure) in enumerate(rows):
        if i:
            out.append("\n")
        out.append_text(literal(label.ljust(left)))
        out.append(" ")
        out.append(bar(share, room).ljust(room), style=style)
        out.append(" ")
        out.append_text(literal(figure.rjust(right)))
    return out


class BarChart(LiteralStatic):
    """Bars of block characters; ``show(rows)`` draws them at the widget's width."""

    DEFAULT_CSS = """
    BarChart { height: auto; width: 1fr; }
    """

    def __init__(self, style: str = GOOD, **kwargs: Any) -> None:
        super().__init__("", **kwargs)
        self.rows: list[Row] = []
        self.bar_style = style

    def show(self, rows: list[Row]) -> None:
        self.rows = rows
        self.update(chart(rows, (self.size.width or 62) - 2, self.bar_style))

    def on_resize(self) -> None:
        self.update(chart(self.rows, (self.size.width or 62) - 2, self.bar_style))
