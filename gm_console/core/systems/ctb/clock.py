"""Moving the Countdown Battle clock: ending a turn, jumping to the next
actor in one step (``next``), single ticks (``tick``), rounds of ticks."""

from __future__ import annotations

from typing import Any

from gm_console.core import timing
from gm_console.core.actions import Context
from gm_console.core.errors import IllegalAction
from gm_console.core.state import State, Unit
from gm_console.core.systems.ctb import cites
from gm_console.core.systems.ctb.board import BOARD, board_of
from gm_console.core.systems.ctb.projection import (
    READY,
    after_turn,
    best_ready,
    best_ready_hinted,
    best_ready_now,
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
    if ctx.clock_rows is not None:
        # Off the clock by its numbers (HP, Recalled, AP Total), perhaps just now: a replay
        # works out again who is on it. Read from the stats, not from a mark that changed:
        # cond/uncond put the marks on and take them off by hand, so a hit can down a unit
        # already marked Downed, and the marks then change nothing. (Every hit ends here:
        # the numbers inline; under downed_clock = acts a Downed unit stays on, and working
        # the rows out again then only costs the time.)
        s = unit.stats
        if s.get("hp", 0) <= 0 or s.get("recalled", 0) > 0 or s.get("ap_total", 0) <= 0:
            ctx.clock_rows = None
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


def stat_changed(ctx: Context, unit: Unit, stat: str) -> None:
    """After ``set`` changed one of ``unit``'s stats (and ``settle``, which
    has let go of who is on the clock if the unit is off it now): keep a
    replay's hints right (``Context``). Who is on the clock is worked out
    again when the unit's AP per tick may have changed (AP Total) or it is on
    the clock but not among the kept rows (a set brought it back: HP,
    Recalled, a new HP maximum); and who may be ready, if the unit holds 100
    AP and is not among them."""
    rows = ctx.clock_rows
    if rows is not None and stat != "ap":
        stats = unit.stats
        if stat == "ap_total" or gain(unit, ctx.rules) == 0 or not any(row[1] is stats for row in rows[1]):  # (count, rows)
            ctx.clock_rows = None
    hint = ctx.ready_hint
    if type(hint) is list and unit.id not in hint and unit.stats.get("ap", 0) >= READY:
        ctx.ready_hint = False


def check_clock(state: State, ctx: Context) -> None:
    if board_of(state).ended:
        raise IllegalAction("the battle is over (endbattle): no more ticks or turns", cites.COUNTDOWN)
    if not on_clock(state, ctx.rules):
        raise IllegalAction("no unit can take a turn: every unit is Downed, Recalled or has AP Total 0", cites.COUNTDOWN)


def check_and_advance(state: State, ctx: Context) -> None:
    """``check_clock``, then ``advance``: ``next`` in a replay (half of a long
    log) goes straight to ``_replay_advance``, sharing the house rules with
    the check (``advance`` keeps the same path for a direct call)."""
    hint = ctx.ready_hint
    if hint is not None and not ctx.loud:
        h = ctx.rules.view("ctb")
        if h.tie_break == "most_ap":
            if board_of(state).ended or not on_clock(state, ctx.rules):
                check_clock(state, ctx)  # (raises, saying why)
            _replay_advance(state, ctx, hint, h)
            return
    check_clock(state, ctx)
    advance(state, ctx)


def end_turn(state: State, ctx: Context) -> None:
    """The acting unit pays 100 AP for the turn it took (the surplus stays)."""
    clock = state.clock
    BOARD(state).attacks = 0
    uid = clock.active
    unit = state.units.get(uid) if uid is not None else None
    if unit is not None:
        stats = unit.stats
        old = stats.get("ap", 0)
        stats["ap"] = paid = after_turn(old, ctx.rules)
        if ctx.loud:
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
    if not ctx.loud:
        return
    if len(ready) > 1:
        units = state.units
        tail = f"; waiting at 100+: {', '.join([units[u].name for u in ready[1:]])}"
    else:
        tail = ""
    ctx.emit(f"{note}{unit.name}'s turn (AP {unit.stats.get('ap', 0)}){tail}", "turn", uid)


def advance(state: State, ctx: Context) -> None:
    """``next``: end the current turn and jump straight to the next actor.

    A first pass finds who holds 100 AP already (most turns of a big fight);
    only when nobody does, a second works out the jump to the nearest and
    banks it, noting who reached 100 (ending a turn changes AP, never who is
    on the clock)."""
    rules = ctx.rules
    hint = ctx.ready_hint
    if hint is not None and not ctx.loud:
        h = rules.view("ctb")
        if h.tie_break == "most_ap":
            _replay_advance(state, ctx, hint, h)
            return
    clock = state.clock
    before = clock.tick
    end_turn(state, ctx)
    if not ctx.loud and rules.view("ctb").tie_break == "most_ap":  # a replay: the best ready unit, in one pass
        best = best_ready_now(state, rules)
        if best is not None:
            give_turn(state, ctx, "", [best])
            return
        ready: list[tuple[str, int]] = []
    else:
        if hint is not None:
            ctx.ready_hint = False  # (kept only on the path above)
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
    if not ctx.loud:  # who waits, and in which order, is only said: the best one is enough
        give_turn(state, ctx, "", [best_ready(state, rules, ready)])
        return
    note = f"tick {before} -> {clock.tick} (+{jump}): " if jump else f"tick {clock.tick}: "
    give_turn(state, ctx, note, order_ready(state, rules, ready))


def _replay_advance(state: State, ctx: Context, hint: list[str] | bool, h: Any) -> None:
    """``advance`` in a replay's one context under tie_break = most_ap (``h``:
    the CTB house rules): what ``end_turn``, ``best_ready_hinted``, the jump
    and ``give_turn`` do there, in one function (half of a long log is next),
    keeping ``ctx.ready_hint`` and ``ctx.clock_rows`` (who is on the clock,
    read again only when it may have changed: a jump then reads two stats a unit)."""
    rules = ctx.rules
    clock = state.clock
    units = state.units
    board = board_of(state)
    # end_turn
    board.attacks = 0
    uid = clock.active
    unit = units.get(uid) if uid is not None else None
    if unit is not None:
        stats = unit.stats
        stats["ap"] = max(0, stats.get("ap", 0) - READY) if h.surplus == "keep" else 0  # after_turn
        if unit.conditions:
            for cond in unit.conditions.values():  # timing.end_turn, called only when it counts something down
                if cond.per == "turn" and cond.remaining is not None:
                    timing.end_turn(state, ctx, uid)
                    break
    clock.active = None
    downed_act = h.downed_clock == "acts"
    best, hint = best_ready_hinted(state, rules, hint, h)  # reads only the hinted few when it can
    if best is None:  # nobody at 100: the jump to the nearest, banked
        ready: list[tuple[str, int]] = []
        kept = ctx.clock_rows
        if kept is not None and kept[0] == len(units):
            rows = kept[1]
        else:
            rows = _rows_on_clock(state, rules, h, downed_act)
            ctx.clock_rows = (len(units), rows)
        if rows:
            # a jump is one tick at least (nobody holds 100): the first is banked by the pass that
            # looks for who reached 100, and is the whole jump when many units are on the clock
            for uid, s, rate in rows:
                s["ap"] = ap = s["ap"] + rate
                if ap >= READY:
                    ready.append((uid, ap))
            jump = 1
            if not ready:  # the rest of the way to the nearest: min of ceil((100 - ap) / rate)
                rest = -max([(s["ap"] - READY) // rate for _, s, rate in rows])
                for uid, s, rate in rows:
                    s["ap"] = ap = s["ap"] + rest * rate
                    if ap >= READY:
                        ready.append((uid, ap))
                jump += rest
            end_rounds(state, ctx, jump)
        hint = [uid for uid, _ in ready]
        best = best_ready(state, rules, ready)
    ctx.ready_hint = hint
    # give_turn
    clock.active = best
    clock.turn += 1
    board.turns_taken += 1
    board.attacks = 0


def _rows_on_clock(state: State, rules: Any, h: Any, downed_act: bool) -> list[tuple[str, dict[str, int], int]]:
    """(id, stats, AP per tick) of each unit on the clock, in listed order
    (``clock_rows`` without the AP, which the jump reads as it is then); a
    replay keeps them between jumps (``Context.clock_rows``)."""
    percent = h.ap_gain_percent
    try:
        return [
            (uid, s, total if percent == 100 else max(1, total * percent // 100))
            for uid, unit in state.units.items()
            if (total := (s := unit.stats)["ap_total"]) > 0 and s["recalled"] <= 0 and (downed_act or s["hp"] > 0)
        ]
    except KeyError:  # a unit without the CTB stats: clock_rows reads it as gain and stats.get do
        rows = clock_rows(state, rules, h)
        for _, s, _, ap in rows:
            s.setdefault("ap", ap)  # (0, as stats.get reads it; the jump then writes it anyway)
        return [(uid, s, rate) for uid, s, rate, _ in rows]


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
