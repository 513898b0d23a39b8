"""How a side plays a CTB fight in a forecast (core/forecast.py), and what
ends one.

Each policy proposes, for the side whose unit has the turn, the actions it
wants in its order of preference; the engine plays the first it accepts.
Each attacks once a turn, then ends it (``next``). Every policy first fires the Recall Beacon of its side's
Downed units (a unit Downed by the last blow of the fight has no turn of its
side left and dies when the battle ends under ``death_comes = battle_end``).

- ``crack`` (default): hit an Armor Broken enemy (HP attacks deal double),
  the one with the least HP; else brk the enemy with the least AR left;
  else hit the one with the least HP. Each strike with the weapon that does
  the most (``view.best_strike``).
- ``focus``: hit the standing enemy with the least HP.
- ``breaker``: strip the AR of the standing enemy with the most AR (brk)
  until it is Armor Broken, then as ``focus``.
- ``spread``: hit the standing enemy with the most HP.
- ``random``: a hit or brk on a standing enemy, at random.

A side is defeated when none of its units is in the fight (each Downed or
Recalled); the battle is then closed with ``endbattle``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator

from gm_console.core.actions import Action, Context
from gm_console.core.forecast import Outcome, Policy, Tally
from gm_console.core.state import State, Unit
from gm_console.core.systems.ctb.board import BOARD
from gm_console.core.systems.ctb.stats import DOWNED, RECALLED, in_fight, is_broken, is_downed, is_recalled
from gm_console.core.systems.ctb.verbs import DEAD, Brk, EndBattle, Hit, Recall
from gm_console.core.systems.ctb.view import attacks_made, best_strike


def choosers(state: State) -> list[str]:
    """The side of the unit whose turn it is (none: the clock moves, ``next``)."""
    uid = state.clock.active
    unit = state.units.get(uid) if uid is not None else None
    return [unit.side] if unit is not None else []


def _enemies(state: State, side: str) -> Iterator[Unit]:
    return (u for u in state.units.values() if u.side != side and in_fight(u))


def _recalls(state: State, side: str) -> list[Action]:
    """Recall the side's Downed units, at the start of its unit's turn."""
    if attacks_made(state):
        return []
    return [Recall(unit=u.id) for u in state.units.values() if u.side == side and is_downed(u) and not is_recalled(u) and not u.has(DEAD)]


def _turn(state: State, side: str) -> str | None:
    """The acting unit, while it has not attacked this turn (each policy attacks once a turn)."""
    return state.clock.active if attacks_made(state) == 0 else None


def _strikes(state: State, ctx: Context, attacker: str | None, targets: Iterable[Unit], kind: type[Hit] | type[Brk]) -> Iterator[Action]:
    if attacker is not None:
        for t in targets:
            yield best_strike(state, ctx.rules, kind(attacker=attacker, target=t.id))


def _ranked(units: Iterable[Unit], key: Callable[[Unit], int], rng: random.Random) -> Iterator[Unit]:
    """The units, lowest ``key`` first, ties in the fight's random order: the first in
    one pass (it is nearly always the one played), the rest sorted only if asked for."""
    pool = list(units)
    first, low, ties = None, 0, 0
    for u in pool:
        k = key(u)
        if first is None or k < low:
            first, low, ties = u, k, 1
        elif k == low:
            ties += 1
            if rng.randrange(ties) == 0:  # each of the tied equally likely
                first = u
    if first is None:
        return
    yield first
    yield from sorted((u for u in pool if u is not first), key=lambda u: (key(u), rng.random()))


def _hp(unit: Unit) -> int:
    return unit.stats.get("hp", 0)


def _focus(state: State, ctx: Context, side: str, rng: random.Random) -> Iterator[Action]:
    yield from _recalls(state, side)
    attacker = _turn(state, side)
    if attacker is not None:
        yield from _strikes(state, ctx, attacker, _ranked(_enemies(state, side), _hp, rng), Hit)


def _breaker(state: State, ctx: Context, side: str, rng: random.Random) -> Iterator[Action]:
    attacker = _turn(state, side)
    if attacker is not None:
        armoured = [u for u in _enemies(state, side) if u.stats.get("ar", 0) > 0]
        yield from _strikes(state, ctx, attacker, _ranked(armoured, lambda u: -u.stats.get("ar", 0), rng), Brk)
    yield from _focus(state, ctx, side, rng)


def _crack(state: State, ctx: Context, side: str, rng: random.Random) -> Iterator[Action]:
    yield from _recalls(state, side)
    attacker = _turn(state, side)
    if attacker is None:
        return
    foes = list(_enemies(state, side))
    broken = [u for u in foes if is_broken(u, ctx.rules)]
    if broken:
        yield from _strikes(state, ctx, attacker, _ranked(broken, _hp, rng), Hit)
    armoured = [u for u in foes if u.stats.get("ar", 0) > 0]
    yield from _strikes(state, ctx, attacker, _ranked(armoured, lambda u: u.stats.get("ar", 0), rng), Brk)
    yield from _strikes(state, ctx, attacker, _ranked(foes, _hp, rng), Hit)


def _spread(state: State, ctx: Context, side: str, rng: random.Random) -> Iterator[Action]:
    yield from _recalls(state, side)
    attacker = _turn(state, side)
    if attacker is not None:
        yield from _strikes(state, ctx, attacker, _ranked(_enemies(state, side), lambda u: -_hp(u), rng), Hit)


def _random(state: State, ctx: Context, side: str, rng: random.Random) -> Iterator[Action]:
    yield from _recalls(state, side)
    uid = _turn(state, side)
    options: list[Action] = [] if uid is None else [k(attacker=uid, target=u.id) for u in _enemies(state, side) for k in (Hit, Brk)]  # fmt: skip
    rng.shuffle(options)
    yield from options


POLICIES = {
    "focus": Policy("focus", "hit the standing enemy with the least HP", _focus),
    "crack": Policy("crack", "hit an Armor Broken enemy (least HP first), else brk the enemy with the least AR left", _crack),
    "breaker": Policy("breaker", "brk the enemy with the most AR until it is Armor Broken, then focus", _breaker),
    "spread": Policy("spread", "hit the standing enemy with the most HP", _spread),
    "random": Policy("random", "a hit or brk on a standing enemy, at random", _random),
}
DEFAULT = "crack"


def outcome(state: State, ctx: Context) -> Outcome | None:
    """A side defeated (no unit of it in the fight), or the battle closed by ``endbattle``."""
    if BOARD(state).ended:
        standing = {u.side for u in state.units.values() if in_fight(u)}
        return Outcome("ended", next(iter(standing)) if len(standing) == 1 else None, "the battle was ended")
    first = None
    for u in state.units.values():  # (every step asks: stop at the second side standing)
        if u.side != first and in_fight(u):
            if first is not None:
                return None
            first = u.side
    standing = {first} if first is not None else set()
    winner = next(iter(standing), None)
    beaten = [s for s in state.sides if s != winner]
    return Outcome("defeat", winner, f"{', '.join(beaten)} defeated: every unit Downed or Recalled")


def closing(state: State) -> Action | None:
    return None if BOARD(state).ended else EndBattle()


def tally(state: State, ctx: Context) -> Tally:
    """Each unit's marks (Downed, Recalled, Dead, Armor Broken) and HP, AR, KI, Kennel."""
    out = Tally()
    for u in state.units.values():
        marks = []
        if is_downed(u) and not is_recalled(u) and not u.has(DEAD):
            marks.append(DOWNED)
        if is_recalled(u):
            marks.append(RECALLED)
        if u.has(DEAD):
            marks.append(DEAD)
        if is_broken(u, ctx.rules):
            marks.append("Armor Broken")
        out.marks[u.id] = tuple(marks)
        out.numbers[u.id] = {k: u.stats.get(k, 0) for k in ("hp", "ar", "ki", "kennel")}
    return out
