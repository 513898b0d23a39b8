"""What a unit is called on the screen: one rule for every place that names
units in a width (the CTB roster, turn bar, odds and timeline; the zone maps).

``labels(units, width)`` gives each unit shown the shortest form of its name
that reads as that unit and no other among them:

- the whole name when it fits and no other unit shown has the same name;
- else the name cut after its first words, with an ellipsis, where no other
  unit's name or id begins with those words (``Rhea…`` for Rhea Okonkwo): a
  cut must not read as another unit, nor match it at the prompt;
- else the name cut to fill the width, where no other unit's name or id
  begins with what is left (``Raider W…`` beside Raider and Raider Skirmisher);
- where names collide (two units called ``Raider``): ``Raider (raider1)``
  when that fits, else the id, which the prompt takes; the id too when no
  cut that fits tells the unit apart (cut, with an ellipsis, only when the
  id itself is wider than the room).

Names compare case aside (``Raider`` and ``raider`` collide). A pure
function of the names and the width, remembered for the last few calls: a
redraw asks for the same labels in several places. ``width_for`` finds the
few cells more a column needs for its units to be called by their names.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from typing import Protocol

from rich.cells import cell_len, set_cell_size

ELLIPSIS = "…"


class Named(Protocol):
    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...


def labels(units: Iterable[Named], width: int) -> Mapping[str, str]:
    """{unit id: its label at most ``width`` cells wide} for the ``units`` shown together."""
    return _labels(tuple((u.id, u.name or u.id) for u in units), max(1, width))


def cut(text: str, width: int) -> str:
    """``text`` cut to ``width`` cells, ending in an ellipsis, no space before it."""
    if cell_len(text) <= width:
        return text
    return set_cell_size(text, max(0, width - 1)).rstrip() + ELLIPSIS


def _word_cuts(name: str) -> list[str]:
    """The name's prefixes that end a word (``Raider``, ``Raider Warlord``), shortest first, the whole name left out."""
    out: list[str] = []
    at = 0
    while (space := name.find(" ", at)) >= 0:
        if name[:space].strip():
            out.append(name[:space].rstrip())
        at = space + 1
    return out


@lru_cache(maxsize=32)
def _labels(pairs: tuple[tuple[str, str], ...], width: int) -> Mapping[str, str]:
    return {uid: shown for uid, (shown, _) in _forms(pairs, width).items()}


# how a label came to be: the whole name, the name cut at the end of a word or inside
# one, the id where names collide, the id for want of room
WHOLE, WORD, CUT, TWIN, ROOM = "whole", "word", "cut", "twin", "room"


@lru_cache(maxsize=32)
def _forms(pairs: tuple[tuple[str, str], ...], width: int) -> dict[str, tuple[str, str]]:
    """{id: (label, how it came to be: WHOLE, WORD, CUT, TWIN or ROOM)}."""
    words = sorted(word for uid, name in pairs for word in (name.lower(), uid.lower()))  # what the prompt matches too
    counts: dict[str, int] = {}
    for _, name in pairs:
        counts[name.lower()] = counts.get(name.lower(), 0) + 1

    def others_begin(uid: str, name: str, prefix: str) -> bool:
        """Whether another unit's name or id begins with ``prefix`` (case aside)."""
        low = prefix.lower()
        begin = bisect_left(words, low + "\U0010ffff") - bisect_left(words, low)
        return begin > name.lower().startswith(low) + uid.lower().startswith(low)

    return {uid: _one(uid, name, width, counts[name.lower()] > 1, others_begin) for uid, name in pairs}


def _one(uid: str, name: str, width: int, collides: bool, others_begin: Callable[[str, str, str], bool]) -> tuple[str, str]:
    if not collides:
        if cell_len(name) <= width:
            return name, WHOLE
        # the shortest cut after a word that tells it apart, else as much as fits
        words = _word_cuts(name)
        for prefix in [*words, set_cell_size(name, max(0, width - 1)).rstrip()]:
            if prefix and cell_len(prefix) < width and not others_begin(uid, name, prefix):
                return prefix + ELLIPSIS, WORD if prefix in words or name[len(prefix)] == " " else CUT
        return cut(uid, width), ROOM
    both = f"{name} ({uid})"
    if cell_len(both) <= width:
        return both, TWIN
    return cut(uid, width), TWIN  # where names collide the id is the rule, not a want of room


def width_for(units: Iterable[Named], least: int, most: int) -> int:
    """For a column that can give a few cells more: the narrowest width from
    ``least`` to ``most`` at which the fewest units are called by their id
    for want of room; a cell more where that ends a cut at a word
    (``Sparring…`` rather than ``Sparrin…``)."""
    pairs = tuple((u.id, u.name or u.id) for u in units)

    def count(width: int, how: str) -> int:
        return sum(1 for _, kind in _forms(pairs, width).values() if kind == how)

    widths = range(max(1, least), max(least, most) + 1)
    best = min(widths, key=lambda width: (count(width, ROOM), width))
    more = best + 1
    if more in widths and count(more, ROOM) == count(best, ROOM) and count(more, CUT) < count(best, CUT):
        return more
    return best
