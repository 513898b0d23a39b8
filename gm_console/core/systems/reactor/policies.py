"""How a side plays a reactor fight in a forecast (core/forecast.py), and
what ends one.

The side whose shift it is chooses; ``next`` walks its phases when it wants
nothing more (Operations, Incident, Shift End). In Operations each READY
Personnel strikes (the engine refuses a striker that is EXHAUSTED, STATIONED
or under ORIENTATION); in the Incident phase an incident card is played on
the opponent (the engine counts them against ``incidents_per_phase``). No
policy deploys new Personnel.

The defender's answer to a strike is its policy's too (``respond``): every
policy but ``open`` blocks with the able stationed Personnel of the highest
ATK; ``open`` never blocks.

- ``raid`` (default): strike the opposing reactor (HEAT), else the Facility
  nearest destroyed, else the Personnel nearest its HP.
- ``hack``: as raid, putting HACK counters on the reactor when the striker can.
- ``attrition``: strike the Personnel nearest its HP first, then Facilities, then the reactor.
- ``guard``: protect the reactor first: station every READY Personnel, never strike.
- ``open``: as raid, and never block.

The system's ends: a core melted down (house rule ``meltdown_heat``; its side
loses), or a side with no Personnel left (each a casualty) while the other
has some. The text names no other end: many fights time out, and the
figures then say where HEAT, HACK and the Power Orders stood.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from gm_console.core.actions import Action, Context
from gm_console.core.errors import GMError
from gm_console.core.forecast import Outcome, Policy, Tally
from gm_console.core.state import State

from . import legality as lg
from .board import BOARD
from .cards import profile
from .verbs import NO_BLOCK, Incident, Station, Strike

def choosers(state: State) -> list[str]:
    """The side whose shift it is."""
    return [BOARD(state).active]


def _strikes(kinds: dict[str, int], hack: bool) -> Callable[..., list[Action]]:
    def choose(state: State, ctx: Context, side: str, rng: random.Random) -> list[Action]:
        board = BOARD(state)
        if board.phase == "incident":
            cards = sorted(board.cards.cards["incident"])
            return [Incident(card=c, side=o) for o in lg.opposing(state, side) for c in cards]
        if board.phase != "operations":
            return []
        out: list[Action] = []
        for striker, problem in lg.strikers(state, board):
            if problem is not None:
                continue
            options = [t for t, why in lg.targets(state, board, ctx.rules, striker) if why is None]
            options.sort(key=lambda t: (kinds[t.kind], _hp_left(state, ctx, t), rng.random()))
            for t in options:
                word = lg.target_word(state, t, side)
                if hack and t.kind == "reactor":
                    out.append(Strike(striker=striker.id, target=word, hack=True))
                out.append(Strike(striker=striker.id, target=word))
        return out

    return choose


def _hp_left(state: State, ctx: Context, target: lg.Target) -> int:
    board = BOARD(state)
    if target.kind == "facility":
        return board.facilities[target.id].remaining
    if target.kind == "personnel":
        unit = state.units[target.id]
        return profile(state, board, unit, lg.pack(ctx.rules)).hp - unit.stats.get("damage", 0)
    return 0


def _guard(state: State, ctx: Context, side: str, rng: random.Random) -> list[Action]:
    board = BOARD(state)
    if board.phase != "operations":
        return []
    return [Station(unit=u.id) for u in state.units_of(side) if not u.has(lg.STATIONED) and not u.has(lg.EXHAUSTED)]


RAID = {"reactor": 0, "facility": 1, "personnel": 2}
ATTRITION = {"personnel": 0, "facility": 1, "reactor": 2}
POLICIES = {
    "raid": Policy("raid", "strike the opposing reactor, else Facilities, else Personnel; play incidents", _strikes(RAID, False)),
    "hack": Policy("hack", "as raid, with HACK counters on the reactor when the striker can", _strikes(RAID, True)),
    "attrition": Policy("attrition", "strike the Personnel nearest its HP first, then Facilities, then the reactor", _strikes(ATTRITION, False)),
    "guard": Policy("guard", "protect the reactor first: station every READY Personnel, never strike", _guard),
    "open": Policy("open", "as raid, and never block", _strikes(RAID, False)),
}
DEFAULT = "raid"


def respond(state: State, ctx: Context, action: Action, policy_of: Callable[[str], Policy], rng: random.Random) -> Action:
    """The defender's block on a strike: the able stationed Personnel with the highest ATK
    (policy ``open``: none)."""
    if not isinstance(action, Strike) or action.block is not None:
        return action
    board = BOARD(state)
    striker = state.units.get(action.striker)
    if striker is None:
        return action
    try:
        target = lg.resolve_target(state, board, striker.side, action.target)
    except GMError:  # an unknown target: the engine refuses the strike itself
        return action
    able = [u for u, no in lg.blockers(state, board, ctx.rules, striker, target) if no is None]
    if not able:
        return action
    if policy_of(target.side).name == "open":
        return Strike(striker=action.striker, target=action.target, block=NO_BLOCK, hack=action.hack)
    able.sort(key=lambda u: (-profile(state, board, u, lg.pack(ctx.rules)).atk, rng.random()))
    return Strike(striker=action.striker, target=action.target, block=able[0].id, hack=action.hack)


def outcome(state: State, ctx: Context) -> Outcome | None:
    """A core melted down, or a side with no Personnel left while another has some."""
    board = BOARD(state)
    melted = [s for s, p in board.plants.items() if p.melted]
    if melted:
        rest = [s for s in state.sides if s not in melted]
        return Outcome("meltdown", rest[0] if len(rest) == 1 else None, f"{', '.join(melted)}: the core melted down")
    manned = {u.side for u in state.units.values()}
    if len(manned) == 1 and len(state.sides) > 1:
        (winner,) = manned
        return Outcome("defeat", winner, "the other side has no Personnel left")
    return None


def closing(state: State) -> Action | None:
    return None  # the reactor has no closing action: the fight simply stops


def tally(state: State, ctx: Context) -> Tally:
    """Each Personnel's damage (casualties marked ``Casualty``), each Facility's
    damage (``Destroyed``), each side's HEAT, HACK and Power Orders."""
    out = Tally()
    board = BOARD(state)
    for unit in state.units.values():
        out.marks[unit.id] = ()
        out.numbers[unit.id] = {"damage": unit.stats.get("damage", 0)}
    for c in board.casualties:
        out.marks[c.id] = ("Casualty",)
        out.numbers[c.id] = {"damage": c.damage}
    for fac in board.facilities.values():
        out.marks[fac.id] = ("Destroyed",) if fac.destroyed else ()
        out.numbers[fac.id] = {"damage": fac.damage}
    for side, plant in board.plants.items():
        out.numbers[side] = {"heat": plant.heat, "hack": plant.hack, "delivered": plant.delivered, "forfeited": plant.forfeited}
    return out
