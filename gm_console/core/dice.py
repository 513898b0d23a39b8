"""Dice expressions (``2d20``, ``1d20+3``, ``d6-1``) and seeded rolls.

A roll is resolved exactly once, when the GM applies the action; the faces are
then written into the action itself, so replay never rolls again and never
depends on the random number generator's implementation.
"""

from __future__ import annotations

import random
import re

from gm_console.core.bounds import read_int, shown
from gm_console.core.errors import NotationError
from dataclasses import dataclass

_DICE = re.compile(r"([0-9]*)d([0-9]+)([+-][0-9]+)?")  # ASCII digits; each number at most 9 of them
MAX_DICE = 100
MAX_SIDES = 1000


@dataclass(frozen=True, slots=True)
class DiceExpr:
    """A dice expression: ``count`` dice of ``sides`` sides, plus ``modifier`` (2d20, 1d20+3)."""

    count: int
    sides: int
    modifier: int = 0

    @classmethod
    def parse(cls, text: str) -> DiceExpr:
        m = _DICE.fullmatch(text.strip().lower())
        if not m:
            raise NotationError(f"bad dice expression {shown(text)}; expected NdS or NdS+M, like 2d20 or 1d20+3")
        count = read_int(m.group(1)) if m.group(1) else 1
        sides = read_int(m.group(2))
        modifier = read_int(m.group(3)) if m.group(3) else 0
        if not 1 <= count <= MAX_DICE:
            raise NotationError(f"bad dice expression {shown(text)}: between 1 and {MAX_DICE} dice")
        if not 2 <= sides <= MAX_SIDES:
            raise NotationError(f"bad dice expression {shown(text)}: a die has 2 to {MAX_SIDES} sides")
        return cls(count, sides, modifier)

    def __str__(self) -> str:
        mod = f"{self.modifier:+d}" if self.modifier else ""
        return f"{self.count}d{self.sides}{mod}"

    @property
    def sides_tuple(self) -> tuple[int, ...]:
        return (self.sides,) * self.count


def check_faces(faces: tuple[int, ...], sides: tuple[int, ...], purpose: str = "") -> None:
    """Raise NotationError unless ``faces`` is a valid result for dice of ``sides``."""
    what = f" for {purpose}" if purpose else ""
    if len(faces) != len(sides):
        raise NotationError(f"expected {len(sides)} dice{what}, got {len(faces)}: {list(faces)}")
    for face, side in zip(faces, sides):
        if not 1 <= face <= side:
            raise NotationError(f"a d{side} shows 1 to {side}{what}; got {face}")


def roll(seed: int, index: int, sides: tuple[int, ...]) -> tuple[int, ...]:
    """Roll dice for log entry ``index`` of an encounter seeded with ``seed``.

    The generator is derived from (seed, index) so that rolling never depends
    on how many dice were rolled before, or on undo history.
    """
    rng = random.Random(f"gm-console:{seed}:{index}")
    return tuple(rng.randint(1, s) for s in sides)
