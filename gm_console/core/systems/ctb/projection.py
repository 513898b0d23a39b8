"""The Countdown Battle clock as arithmetic: who banks AP, who is ready, who
goes first, and the projection of the next N turns.

The projection never steps tick by tick. A unit with AP ``a`` that banks
``r`` a tick reaches its (k+1)-th 100 after ``ceil((100(k+1) - a) / r)``
ticks (0 if it is already there); the turns of all units are merged in time
order with a heap, ties ordered by the tie-break house rule. The cost is
O(N log U) for N turns of U units, whatever the AP numbers are.
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping
from dataclasses import dataclass

from gm_console.core.rules import Rules
from gm_console.core.state import State, Unit
from gm_console.core.systems.ctb.house_rules import hr
from gm_console.core.systems.ctb.stats import is_downed, is_recalled

READY = 100  # AP at which a unit takes its turn, and what a turn costs


def ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def takes_turns(unit: Unit, rules: Rules) -> bool:
    """Whether the unit is on the clock at all (banks AP and gets turns)."""
    if is_recalled(unit) or unit.stats.get("ap_total", 0) <= 0:
        return False
    return not is_downed(unit) or hr(rules, "downed_clock") == "acts"


def gain(unit: Unit, rules: Rules) -> int:
    """AP the unit banks per tick (0 when it is off the clock)."""
    if not takes_turns(unit, rules):
        return 0
    return max(1, unit.stats.get("ap_total", 0) * hr(rules, "ap_gain_percent") // 100)


def rates(state: State, rules: Rules) -> dict[str, int]:
    """AP banked per tick by every unit on the clock, in one pass (the hot path
    of ``next``: same answers as ``gain`` unit by unit)."""
    percent = hr(rules, "ap_gain_percent")
    downed_act = hr(rules, "downed_clock") == "acts"
    out: dict[str, int] = {}
    for uid, unit in state.units.items():
        stats = unit.stats
        total = stats.get("ap_total", 0)
        if total <= 0 or stats.get("recalled", 0) > 0 or (not downed_act and stats.get("hp", 0) <= 0):
            continue
        out[uid] = max(1, total * percent // 100)
    return out


def after_turn(ap: int, rules: Rules) -> int:
    """AP left once a turn is paid for (never below 0: a unit delayed during its
    own turn pays what it has)."""
    return max(0, ap - READY) if hr(rules, "surplus") == "keep" else 0


def sort_key(unit: Unit, ap: int, order: int, state: State, rules: Rules) -> tuple:
    """How ready units are ordered within one tick (smaller goes first)."""
    rule = hr(rules, "tie_break")
    total = unit.stats.get("ap_total", 0)
    if rule == "ap_total":
        return (-total, -ap, order)
    if rule == "listed":
        return (order, -ap)
    if rule == "players_first":
        players = state.sides[unit.side].controller == "players" if unit.side in state.sides else False
        return (0 if players else 1, -ap, -total, order)
    return (-ap, -total, order)


def ready_units(
    state: State, rules: Rules, aps: Mapping[str, int] | None = None, banks: Mapping[str, int] | None = None
) -> list[str]:
    """Units on the clock holding at least 100 AP, best first (``banks``: the
    ``rates`` of this state, when the caller already has them)."""
    units = state.units
    ready = [
        uid
        for uid in (rates(state, rules) if banks is None else banks)
        if (units[uid].stats.get("ap", 0) if aps is None else aps[uid]) >= READY
    ]
    if len(ready) < 2:
        return ready
    order = {uid: i for i, uid in enumerate(units)}
    keyed = []
    for uid in ready:
        ap = units[uid].stats.get("ap", 0) if aps is None else aps[uid]
        keyed.append((sort_key(units[uid], ap, order[uid], state, rules), uid))
    return [uid for _, uid in sorted(keyed)]


def ticks_to_next(
    state: State, rules: Rules, aps: Mapping[str, int] | None = None, banks: Mapping[str, int] | None = None
) -> int | None:
    """Ticks until the first unit reaches 100 AP (0 when one is there); None when nobody is on the clock."""
    units = state.units
    needs = [
        -(((units[uid].stats.get("ap", 0) if aps is None else aps[uid]) - READY) // rate)
        for uid, rate in (rates(state, rules) if banks is None else banks).items()
    ]
    return max(0, min(needs)) if needs else None


@dataclass(frozen=True, slots=True)
class Turn:
    unit: str
    tick: int  # absolute tick at which the turn starts
    ap: int  # AP the unit holds when its turn starts


def start_aps(state: State, rules: Rules) -> dict[str, int]:
    """Every unit's AP once the acting unit (if any) has paid for its turn."""
    aps = {uid: u.stats.get("ap", 0) for uid, u in state.units.items()}
    active = state.clock.active
    if active in aps:
        aps[active] = after_turn(aps[active], rules)
    return aps


def project(state: State, rules: Rules, count: int) -> list[Turn]:
    """The next ``count`` turns after the current one, without changing ``state``."""
    if count <= 0:
        return []
    aps = start_aps(state, rules)
    units = state.units
    keep = hr(rules, "surplus") == "keep"
    now = state.clock.tick
    orders = {uid: i for i, uid in enumerate(units)}
    heap: list[tuple[int, tuple, int, str, int]] = []
    # heap item: (tick offset, tie key, turn index k, unit id, AP at that turn)
    for uid, unit in units.items():
        rate = gain(unit, rules)
        if rate <= 0:
            continue
        t = max(0, ceil_div(READY - aps[uid], rate))
        ap = aps[uid] + t * rate
        heapq.heappush(heap, (t, sort_key(unit, ap, orders[uid], state, rules), 0, uid, ap))
    turns: list[Turn] = []
    while heap and len(turns) < count:
        t, _, k, uid, ap = heapq.heappop(heap)
        turns.append(Turn(uid, now + t, ap))
        unit, rate = units[uid], gain(units[uid], rules)
        if keep:
            # (k+2)-th turn: first tick with a + t*r - 100(k+1) >= 100
            t2 = max(0, ceil_div(READY * (k + 2) - aps[uid], rate))
            ap2 = aps[uid] + t2 * rate - READY * (k + 1)
        else:
            t2 = t + ceil_div(READY, rate)
            ap2 = ceil_div(READY, rate) * rate
        heapq.heappush(heap, (t2, sort_key(unit, ap2, orders[uid], state, rules), k + 1, uid, ap2))
    return turns


def what_if(
    state: State, rules: Rules, uid: str, count: int, *, ap_total: int | None = None, ap: int | None = None
) -> list[Turn]:
    """The projection as it would be if unit ``uid`` had this AP Total and/or
    this AP now (before the acting unit pays for its turn). ``state`` is untouched."""
    trial = state.copy()
    unit = trial.unit(uid)
    if ap_total is not None:
        unit.stats["ap_total"] = max(0, ap_total)
    if ap is not None:
        unit.stats["ap"] = max(0, ap)
    return project(trial, rules, count)
