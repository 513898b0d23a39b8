"""Moving the Countdown Battle clock: ending a turn, jumping to the next
actor in one step (``next``), single ticks (``tick``), rounds of ticks."""

from __future__ import annotations

from gm_console.core import timing
from gm_console.core.actions import Context
from gm_console.core.errors import IllegalAction
from gm_console.core.state import State, Unit
from gm_console.core.systems.ctb import cites
from gm_console.core.systems.ctb.board import BOARD, board_of
from gm_console.core.systems.ctb.projection import (
    READY,
    after_turn,
    clock_rows,
    gain,
    on_clock,
    order_ready,
    rates,
    ready_now,
    ready_units,
    start_aps,
    ticks_to_next,
)
from gm_console.core.systems.ctb.stats import DOWNED, MARK_WORDS, is_recalled, sync_marks


def settle(state: State, ctx: Context, unit: Unit) -> None:
    """After a unit's numbers changed: mirror its marks, announce them, and
    apply the Downed clock rule."""
    for name, on in sync_marks(unit, ctx.rules):
        ctx.emit(MARK_WORDS[(name, on)].format(name=unit.name), "rule", unit.id)
        if name == DOWNED and on and not is_recalled(unit) and ctx.rules.view("ctb").death_comes == "battle_end":
            ctx.emit(
                f"{unit.name} is Downed: at risk of permanent death unless Recalled before the battle ends "
                "(house rule death_comes)",
                "warn",
                unit.id,
            )
        if name == DOWNED and on and ctx.rules.view("ctb").downed_clock == "reset" and unit.stats.get("ap", 0):
            ctx.emit(f"{unit.name}'s AP {unit.stats['ap']} -> 0 (house rule downed_clock = reset)", "rule", unit.id)
            unit.stats["ap"] = 0


def check_clock(state: State, ctx: Context) -> None:
    if board_of(state).ended:
        raise IllegalAction("the battle is over (endbattle): no more ticks or turns", cites.COUNTDOWN)
    if not on_clock(state, ctx.rules):
        raise IllegalAction("no unit can take a turn: every unit is Downed, Recalled or has AP Total 0", cites.COUNTDOWN)


def end_turn(state: State, ctx: Context) -> None:
    """The acting unit pays 100 AP for the turn it took (the surplus stays)."""
    clock = state.clock
    BOARD(state).attacks = 0
    uid = clock.active
    if uid is not None and (unit := state.units.get(uid)) is not None:
        stats = unit.stats
        old = stats.get("ap", 0)
        stats["ap"] = paid = after_turn(old, ctx.rules)
        ctx.emit(f"{unit.name} ends the turn: AP {old} -> {paid}", "turn", uid)
        if unit.conditions:  # what timing.end_turn does: count the unit's conditions down
            timing.end_turn(state, ctx, uid)
    clock.active = None


def pass_ticks(state: State, ctx: Context, ticks: int, banks: dict[str, int] | None = None) -> None:
    """Every unit on the clock banks ``ticks`` x its gain; rounds end on the way."""
    if ticks <= 0:
        return
    units = state.units
    for uid, rate in (rates(state, ctx.rules) if banks is None else banks).items():
        stats = units[uid].stats
        stats["ap"] = stats.get("ap", 0) + ticks * rate
    end_rounds(state, ctx, ticks)


def end_rounds(state: State, ctx: Context, ticks: int) -> None:
    """The clock moves ``ticks`` on (AP already banked); rounds end on the way."""
    clock = state.clock
    per_round = ctx.rules.view("ctb").round_ticks
    before = clock.tick
    clock.tick += ticks
    for boundary in range(before // per_round + 1, clock.tick // per_round + 1):
        timing.end_round(state, ctx)
        clock.round = boundary + 1
        clock.turn = 0
        ctx.emit(f"Round {clock.round} begins (tick {boundary * per_round})", "turn")


def start_turn(state: State, ctx: Context, note: str = "", banks: dict[str, int] | None = None) -> None:
    """Hand the turn to the best ready unit (one must be ready)."""
    give_turn(state, ctx, note, ready_units(state, ctx.rules, banks=banks))


def give_turn(state: State, ctx: Context, note: str, ready: list[str]) -> None:
    """Hand the turn to ``ready[0]``; the others wait at 100+ AP."""
    uid = ready[0]
    unit = state.units[uid]
    clock = state.clock
    clock.active = uid
    clock.turn += 1
    board = BOARD(state)
    board.turns_taken += 1
    board.attacks = 0
    if len(ready) > 1:
        units = state.units
        tail = f"; waiting at 100+: {', '.join([units[u].name for u in ready[1:]])}"
    else:
        tail = ""
    ctx.emit(f"{note}{unit.name}'s turn (AP {unit.stats.get('ap', 0)}){tail}", "turn", uid)


def advance(state: State, ctx: Context) -> None:
    """``next``: end the current turn and jump straight to the next actor.

    Whoever holds 100 AP already (most turns of a big fight) acts; when
    nobody does, the clock jumps to the nearest tick at which someone
    reaches 100, banking every unit's AP for it (ending a turn changes AP,
    never who is on the clock)."""
    rules = ctx.rules
    clock = state.clock
    before = clock.tick
    end_turn(state, ctx)
    ready = ready_now(state, rules)
    jump = 0
    if not ready:
        rows = clock_rows(state, rules)
        if rows:
            # ticks until the first unit reaches 100 AP: min of ceil((100 - ap) / rate)
            jump = -max([(ap - READY) // rate for _, _, rate, ap in rows])
            for uid, stats, rate, ap in rows:
                ap += jump * rate
                stats["ap"] = ap
                if ap >= READY:
                    ready.append((uid, ap))
            end_rounds(state, ctx, jump)
    note = f"tick {before} -> {clock.tick} (+{jump}): " if jump else f"tick {clock.tick}: "
    give_turn(state, ctx, note, order_ready(state, rules, ready))


def check_tick(state: State, ctx: Context) -> None:
    check_clock(state, ctx)
    aps = start_aps(state, ctx.rules)
    ready = ready_units(state, ctx.rules, aps)
    if ready:
        unit = state.units[ready[0]]
        raise IllegalAction(
            f"{unit.name} holds {aps[unit.id]} AP and acts before time moves on: use next", cites.COUNTDOWN
        )


def tick(state: State, ctx: Context, count: int) -> None:
    """``tick N``: end the current turn, then let up to N ticks pass, stopping
    at the first tick on which some unit reaches 100 AP (it gets the turn)."""
    before = state.clock.tick
    end_turn(state, ctx)
    need = ticks_to_next(state, ctx.rules) or 0
    step = min(count, need)
    pass_ticks(state, ctx, step)
    head = f"tick {before} -> {state.clock.tick} (+{step})"
    if step < count:
        head += f", stopped early of {count}"
    if step == need:
        start_turn(state, ctx, head + ": ")
    else:
        waiting = sorted(  # soonest first: by ticks to 100, not by AP short of it
            (-((u.stats.get("ap", 0) - READY) // rate), READY - u.stats.get("ap", 0), u.name)
            for u in state.units.values()
            if (rate := gain(u, ctx.rules))
        )
        nearest = ", ".join(f"{name} needs {short} AP ({ticks} ticks)" for ticks, short, name in waiting[:3])
        ctx.emit(f"{head}: nobody at 100 AP yet ({nearest})", "turn")
