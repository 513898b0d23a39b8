"""Turn and round boundaries, shared by every system's clock.

Conditions with a duration count down here, at the moment their unit says:
the end of the holder's turn, the end of a round, or the holder's side's
Shift End. Each expiry is announced in the log.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from gm_console.core.state import State

if TYPE_CHECKING:
    from gm_console.core.actions import Context
    from gm_console.core.system import System


def clock_system(ctx: Context) -> System | None:
    """The first system of the encounter that runs the turn order, if any."""
    for system in ctx.systems.values():
        if system.CLOCK:
            return system
    return None


def tick_conditions(state: State, ctx: Context, per: str, unit_ids: Iterable[str], when: str) -> None:
    units = state.units
    for uid in unit_ids:
        unit = units.get(uid)
        if unit is None:
            continue
        conditions = unit.conditions
        if not conditions:
            continue
        ended = None
        for key, cond in conditions.items():
            if cond.per == per and cond.remaining is not None:
                cond.remaining -= 1
                if cond.remaining <= 0:
                    if ended is None:
                        ended = []
                    ended.append((key, cond))
        if ended:
            for key, cond in ended:
                del conditions[key]
                ctx.emit(f"{unit.name}: {cond.name} ends ({when})", "expire", unit.id)


def end_turn(state: State, ctx: Context, uid: str) -> None:
    tick_conditions(state, ctx, "turn", [uid], "end of turn")


def end_round(state: State, ctx: Context) -> None:
    tick_conditions(state, ctx, "round", state.units, f"end of round {state.clock.round}")  # (ticking changes no unit)


def shift_end(state: State, ctx: Context, side: str) -> None:
    ids = [u.id for u in state.units.values() if u.side == side]
    tick_conditions(state, ctx, "shift", ids, f"{state.sides[side].name}'s Shift End")


def round_robin(state: State, ctx: Context) -> None:
    """The clock of an encounter with no turn-order system: units in listed order."""
    order = list(state.units)
    clock = state.clock
    if clock.active is not None and clock.active in state.units:
        end_turn(state, ctx, clock.active)
        i = order.index(clock.active) + 1
    else:
        i = 0 if clock.turn == 0 else len(order)
    if i >= len(order):
        end_round(state, ctx)
        clock.round += 1
        clock.turn = 0
        i = 0
        ctx.emit(f"Round {clock.round} begins", "turn")
    clock.active = order[i]
    clock.turn += 1
    ctx.emit(f"{state.units[order[i]].name}'s turn", "turn", order[i])
