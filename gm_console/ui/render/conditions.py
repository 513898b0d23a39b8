"""A unit's conditions as the panes and the zone map show them (``Blinded 2t``):
shared by every system's drawing, apart from the zone map's widget, which a
fight whose map never shows need not load.

They are listed in the order they matter: whether the unit is in the fight
at all first (Dead, Chassis Destroyed, Recalled), then whether it can act
(Downed, Defeated, Yielded, Dying), then the rest as they came; so a line
cut to its room keeps what the GM must see."""

from __future__ import annotations

from collections.abc import Mapping

from rich.text import Text

from gm_console.ui import palette as pal

PER_LETTER = {"turn": "t", "round": "r", "shift": "s"}

# condition keys (lower case names) listed first, in this order; the others follow as they came
FIRST = ("dead", "chassis destroyed", "recalled", "downed", "defeated", "yielded", "dying")
_RANK = {key: i for i, key in enumerate(FIRST)}


def ordered(conditions: Mapping[str, object]) -> list[str]:
    """The conditions' keys in the order they matter (``FIRST``, then the rest as they came)."""
    keys = list(conditions)
    if not any(k in _RANK for k in keys):
        return keys  # the usual case
    return sorted(keys, key=lambda k: _RANK.get(k, len(FIRST)))  # stable: the rest keep their order


def unit_conditions(unit, skip: frozenset[str] = frozenset()) -> Text:
    """A unit's conditions with what is left of each, as the notation writes a
    duration (``Blinded 2t``), in the order they matter (``ordered``); keys in
    ``skip`` are marks a pane shows its own way."""
    text = Text()
    conditions = unit.conditions
    for key in ordered(conditions):
        if key in skip:
            continue
        cond = conditions[key]
        if text.plain:
            text.append(" ")
        text.append(cond.name, style=pal.SPECIAL_BOLD)
        if cond.remaining is not None and cond.per in PER_LETTER:
            text.append(f" {cond.remaining}{PER_LETTER[cond.per]}", style=pal.SPECIAL)
    return text
