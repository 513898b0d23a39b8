"""What a click on a pane points at: a unit, a zone or a Facility card,
carried in the drawn text itself as a style's meta (Rich ``Style.from_meta``),
which Textual hands back on a mouse event (``event.style.meta``). The render
functions mark what they draw; the panes read the mark of a click and post
``SystemPane.Pointed``. Nothing here is shown: a mark changes no colour."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.style import Style
from rich.text import Text

KINDS = ("unit", "zone", "facility")  # what a mark names (its meta key)


def style(kind: str, ident: str) -> Style:
    return Style.from_meta({kind: ident})


def mark(text: Text, kind: str, ident: str) -> Text:
    """``text`` marked, all of it, as pointing at ``kind`` ``ident`` (the text itself, marked in place)."""
    text.stylize(style(kind, ident))
    return text


def pointed(meta: Mapping[str, Any]) -> tuple[str, str] | None:
    """(kind, id) of what a click's style meta points at, the innermost first
    (a unit drawn in a zone's box points at the unit); None for nothing."""
    for kind in KINDS:
        value = meta.get(kind)
        if isinstance(value, str):
            return kind, value
    return None
