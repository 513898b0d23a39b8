"""A unit's conditions as the panes and the zone map show them (``Blinded 2t``):
shared by every system's drawing, apart from the zone map's widget, which a
fight whose map never shows need not load."""

from __future__ import annotations

from rich.text import Text

from gm_console.ui import palette as pal

PER_LETTER = {"turn": "t", "round": "r", "shift": "s"}


def unit_conditions(unit, skip: frozenset[str] = frozenset()) -> Text:
    """A unit's conditions with what is left of each, as the notation writes a
    duration (``Blinded 2t``); keys in ``skip`` are marks a pane shows its own way."""
    text = Text()
    for key, cond in unit.conditions.items():
        if key in skip:
            continue
        if text.plain:
            text.append(" ")
        text.append(cond.name, style=pal.SPECIAL_BOLD)
        if cond.remaining is not None and cond.per in PER_LETTER:
            text.append(f" {cond.remaining}{PER_LETTER[cond.per]}", style=pal.SPECIAL)
    return text
