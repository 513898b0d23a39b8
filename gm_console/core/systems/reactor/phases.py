"""The shift: each side in turn runs Operations, the Incident phase and its
Shift End; the next side's shift then opens with its Ready step and its
Base Load.

``next`` walks this cycle:

    Operations -> Incident -> Shift End -> (other side) Ready, Base Load, Operations ...

* Ready: the side's EXHAUSTED Personnel ready (house rule ready_step).
* Base Load: the core takes its plain Base Load, plus what its Facilities
  grant, plus each pending incident read at today's HACK counters (a Hostile
  Raid: +150 K at two counters, +200 K at three or more).
* Shift End: the side delivers its Power Order, unless the LOCKDOWN it is
  under ends here (that costs the delivery); durations in Shift Ends count down.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gm_console.core import timing
from gm_console.core.state import State
from gm_console.core.systems.reactor.board import Board, PHASE_TITLES, whose
from gm_console.core.systems.reactor.combat import add_heat
from gm_console.core.systems.reactor.legality import EXHAUSTED

if TYPE_CHECKING:
    from gm_console.core.actions import Context


def ready_side(state: State, side: str, ctx: Context) -> None:
    readied = [u for u in state.units_of(side) if u.conditions.pop(EXHAUSTED.lower(), None) is not None]
    if readied:
        ctx.emit(f"Ready: {', '.join(u.name for u in readied)}", "turn")


def base_load(state: State, board: Board, side: str, ctx: Context) -> None:
    plant = board.plants[side]
    parts = board.base_load_parts(side)
    total = board.next_base_load(side)
    shown = " ".join(f"{v:+d} ({name})" for name, v in parts if v or name == "Base Load")
    ctx.emit(f"Base Load on {whose(state.sides[side].name)} core: {shown} = {total} K", "rule")
    add_heat(state, board, ctx.rules, side, total, ctx.emit)
    if plant.pending:
        if ctx.rules.view("reactor").raid_clears_counters and plant.hack:
            ctx.emit(f"The incidents spent the {plant.hack} HACK counters on the SKALA panel", "rule")
            plant.hack = 0
        plant.pending = []


def shift_end(state: State, board: Board, side: str, ctx: Context) -> None:
    plant = board.plants[side]
    name = state.sides[side].name
    order = board.power_order(side)
    if plant.lockdown == 1:
        plant.lockdown = 0
        plant.forfeited += 1
        ctx.emit(f"{name} forfeits this shift's Power Order ({order}): LOCKDOWN ends", "rule")
    elif plant.melted:
        ctx.emit(f"{whose(name)} core has melted down: no Power Order delivered", "warn")
    else:
        if plant.lockdown > 1:
            plant.lockdown -= 1
        plant.delivered += order
        ctx.emit(f"{name} delivers its Power Order: {order} (total {plant.delivered})", "pool")
    if ctx.rules.view("reactor").ready_step == "shift-end":
        ready_side(state, side, ctx)
    for unit in state.units_of(side):
        timing.end_turn(state, ctx, unit.id)
    timing.shift_end(state, ctx, side)


def start_shift(state: State, board: Board, side: str, ctx: Context) -> None:
    board.active = side
    board.phase = "operations"
    state.clock.turn += 1
    ctx.emit(f"{whose(state.sides[side].name)} shift begins", "turn")
    if ctx.rules.view("reactor").ready_step == "turn-start":
        ready_side(state, side, ctx)
    base_load(state, board, side, ctx)
    ctx.emit("Operations", "turn")


def advance(state: State, board: Board, ctx: Context) -> None:
    side = board.active
    if board.phase == "operations":
        board.phase = "incident"
        ctx.emit(f"{state.sides[side].name}: {PHASE_TITLES['incident']} phase", "turn")
    elif board.phase == "incident":
        board.phase = "shift-end"
        ctx.emit(f"{state.sides[side].name}: {PHASE_TITLES['shift-end']}", "turn")
        shift_end(state, board, side, ctx)
    else:
        order = list(state.sides)
        i = order.index(side) + 1
        if i >= len(order):
            timing.end_round(state, ctx)
            state.clock.round += 1
            state.clock.turn = 0
            ctx.emit(f"Round {state.clock.round}", "turn")
            i = 0
        start_shift(state, board, order[i], ctx)
