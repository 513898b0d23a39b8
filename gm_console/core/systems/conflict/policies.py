"""How a side plays a zone conflict in a forecast (core/forecast.py), and
what ends one.

A policy proposes actions in its order of preference; the engine plays the
first it accepts (``next`` ends a turn when nothing else is left). The
choices a player makes are the policy's too:

- Avoid or suffer: every policy Avoids with Stress while Stress allows (the
  engine refuses an Avoid without room for it), then with Threat (a Notable
  NPC once a scene, a Major NPC), and suffers only when it must.
- Momentum: ``bold`` buys a die on each attack (``buy=1``: Momentum for the
  players' side, Threat for the GM's); the others spend nothing.
- Who takes the next turn: the side's able unit with an enemy nearest.

On its turn a unit attacks its target (each weapon and intent, its
preferred intent first), else, its Major Action unused, moves one zone
toward the target (``stride``, into its Reach when it gets there), then ends
its turn. A winner of an opposed melee defence counterattacks.

- ``focus`` (default): the able enemy with the least Stress room left, Stun first.
- ``spread``: the able enemy with the most Stress room left, Stun first.
- ``lethal``: as focus, Deadly first.
- ``bold``: as focus, buying a die with Momentum (Threat for the GM) on each attack.
- ``cautious``: as focus, but a unit with its Stress full yields on its turn.

A side is defeated when none of its characters is able (each Defeated, dead,
without a chassis or yielded; ``yield`` when every one of them yielded); the
conflict is then closed with ``endconflict``.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from gm_console.core.actions import Action, Context
from gm_console.core.fog import open_neighbours
from gm_console.core.forecast import Outcome, Policy, Tally
from gm_console.core.state import State

from . import palette
from .board import BOARD
from .common import DEAD, DEFEATED, DESTROYED, YIELDED, able, ctrl, defeated, enemies, yielded
from .stress import dying
from .turns import may_start
from .verbs import Attack, Avoid, Counter, EndConflict, Stride, Suffer, Turn, Yield
from .zones import distance

Target = Callable[[State, list[str], random.Random], list[str]]


def choosers(state: State) -> list[str]:
    """Whose choice it is: the side that must answer a hit, the winner of an
    opposed defence (a counterattack) then the acting unit's side, or the
    sides that pick the next turn."""
    b = BOARD(state)
    if b.pending:
        return [state.units[b.pending[0].target].side]
    out = [state.units[b.opposed.winner].side] if b.opposed is not None else []
    if state.clock.active is not None:
        return out + [state.units[state.clock.active].side]
    return out + [s.id for s in state.sides.values() if s.controller == b.to_go]


def _room(state: State, uid: str) -> int:
    return BOARD(state).chars[uid].stress_max - state.units[uid].stats.get("stress", 0)


def _foes(state: State, uid: str) -> list[str]:
    return [o for o in state.units if o in BOARD(state).chars and enemies(state, uid, o) and able(state, o)]


def _nearest(state: State, uid: str, foes: list[str]) -> int:
    here = state.units[uid].zone
    ds = [distance(state, here, state.units[o].zone) for o in foes]
    return min((d for d in ds if d is not None), default=99)


def _least_room(state: State, foes: list[str], rng: random.Random) -> list[str]:
    return sorted(foes, key=lambda o: (_room(state, o), rng.random()))


def _most_room(state: State, foes: list[str], rng: random.Random) -> list[str]:
    return sorted(foes, key=lambda o: (-_room(state, o), rng.random()))


def _answer(state: State, uid: str) -> list[Action]:
    return [Avoid(unit=uid), Avoid(unit=uid, threat=True), Suffer(unit=uid)]


def _attacks(state: State, uid: str, targets: list[str], intent: str, buy: int) -> list[Action]:
    pay = "momentum" if state.sides[state.units[uid].side].is_players else "threat"
    out: list[Action] = []
    for target in targets:
        options = [a for a in palette.attacks(state, uid) if isinstance(a, Attack) and a.target == target]
        options.sort(key=lambda a: a.intent != intent)
        for a in options:
            if buy:
                out.append(Attack(unit=uid, target=target, weapon=a.weapon, intent=a.intent, buy=buy, pay=pay))
            out.append(a)
    return out


def _closer(state: State, uid: str, target: str) -> list[Action]:
    """Strides one zone toward ``target`` (into its Reach when that zone is its)."""
    here, there = state.units[uid].zone, state.units[target].zone
    now = distance(state, here, there)
    if here is None or there is None or now is None:
        return []
    if now == 0:
        return [Stride(unit=uid, zone=here, near=target)]
    return [Stride(unit=uid, zone=z, near=target if z == there else None)
            for z in open_neighbours(state, here) if (distance(state, z, there) or 0) < now]  # fmt: skip


def _plays(order: Target, intent: str = "stun", buy: int = 0, cautious: bool = False) -> Callable[..., list[Action]]:
    def choose(state: State, ctx: Context, side: str, rng: random.Random) -> list[Action]:
        b = BOARD(state)
        mine = [u for u in state.units if u in b.chars and state.units[u].side == side]
        if b.pending:
            return [a for p in b.pending if p.target in mine for a in _answer(state, p.target)]
        out: list[Action] = []
        if b.opposed is not None and b.opposed.winner in mine:
            out.append(Counter(unit=b.opposed.winner))
        uid = state.clock.active
        if uid is None:
            picks = [u for u in may_start(state) if u in mine]
            picks.sort(key=lambda u: (_nearest(state, u, _foes(state, u)), rng.random()))
            return out + [Turn(unit=u) for u in picks]
        if uid not in mine:
            return out
        if cautious and b.char(uid).stress_max > 0 and _room(state, uid) <= 0:
            return out + [Yield(unit=uid, why="policy cautious: Stress full")]
        targets = order(state, _foes(state, uid), rng)
        out += _attacks(state, uid, targets, intent, buy)
        if b.turn is not None and b.turn.majors == 0 and targets:
            out += _closer(state, uid, targets[0])
        return out

    return choose


POLICIES = {
    "focus": Policy("focus", "attack the able enemy with the least Stress room, Stun first", _plays(_least_room)),
    "spread": Policy("spread", "attack the able enemy with the most Stress room, Stun first", _plays(_most_room)),
    "lethal": Policy("lethal", "as focus, Deadly first", _plays(_least_room, "deadly")),
    "bold": Policy("bold", "as focus, buying a die with Momentum (Threat for the GM) on each attack", _plays(_least_room, buy=1)),
    "cautious": Policy("cautious", "as focus; a unit whose Stress is full yields on its turn", _plays(_least_room, cautious=True)),
}
DEFAULT = "focus"


def outcome(state: State, ctx: Context) -> Outcome | None:
    """A side with no able character left (defeated, or every one yielded), or the conflict closed."""
    b = BOARD(state)
    if b.pending:
        return None  # a hit waits for its answer: nothing is settled yet
    records = [u for u in state.units if u in b.chars]
    up = {ctrl(state, u) for u in records if able(state, u)}
    if b.over:
        return Outcome("ended", _side_of(state, up), "the conflict was ended")
    if len(up) > 1:
        return None
    out = [s for s in state.sides.values() if s.controller not in up and any(state.units[u].side == s.id for u in records)]
    gone = [u for u in records if ctrl(state, u) not in up]
    end = "yield" if gone and all(yielded(state, u) and not defeated(state, u) for u in gone) else "defeat"
    return Outcome(end, _side_of(state, up), f"{', '.join(s.id for s in out)}: no able character left")


def _side_of(state: State, controllers: set[str]) -> str | None:
    if len(controllers) != 1:
        return None
    (who,) = controllers
    return next((s.id for s in state.sides.values() if s.controller == who), None)


def closing(state: State) -> Action | None:
    return None if BOARD(state).over else EndConflict(why="forecast: a side has no able character")


def tally(state: State, ctx: Context) -> Tally:
    """Each character's end state (Defeated, Dying, Dead, Yielded, Chassis
    Destroyed), its Stress and its Injuries (untreated and in all)."""
    out = Tally()
    b = BOARD(state)
    for uid in state.units:
        if uid not in b.chars:
            continue
        unit = state.units[uid]
        marks = [m for m in (DEFEATED, DEAD, YIELDED, DESTROYED) if unit.has(m)]
        if dying(state, uid):
            marks.append("Dying")
        out.marks[uid] = tuple(marks)
        injuries = b.chars[uid].injuries
        out.numbers[uid] = {"stress": unit.stats.get("stress", 0), "injuries": len(injuries)}
    return out
