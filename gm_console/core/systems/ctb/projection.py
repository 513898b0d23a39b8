"""The Countdown Battle clock as arithmetic: who banks AP, who is ready, who
goes first, and the projection of the next N turns.

The projection never steps tick by tick. A unit with AP ``a`` that banks
``r`` a tick reaches its (k+1)-th 100 after ``ceil((100(k+1) - a) / r)``
ticks (0 if it is already there); the turns of all units are merged in time
order with a heap, ties ordered by the tie-break house rule. The cost does
not depend on the AP numbers (how many ticks pass), and its per-unit part is
one pass reading two stats: only units whose first turn can fall within the
first N turns (at most N of them, plus ties) get a full entry in the merge.
"""

from __future__ import annotations

import bisect
import heapq
from collections.abc import Callable, Mapping
from itertools import compress, repeat
from typing import Any
from operator import attrgetter, itemgetter, le

from gm_console.core.rules import Rules
from gm_console.core.state import State, Unit
from gm_console.core.systems.ctb.stats import is_downed, is_recalled
from dataclasses import dataclass

READY = 100  # AP at which a unit takes its turn, and what a turn costs

_stats_of = attrgetter("stats")
_ap_of_row = itemgetter(1)


def ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def takes_turns(unit: Unit, rules: Rules) -> bool:
    """Whether the unit is on the clock at all (banks AP and gets turns)."""
    if is_recalled(unit) or unit.stats.get("ap_total", 0) <= 0:
        return False
    return not is_downed(unit) or rules.view("ctb").downed_clock == "acts"


def gain(unit: Unit, rules: Rules) -> int:
    """AP the unit banks per tick (0 when it is off the clock)."""
    if not takes_turns(unit, rules):
        return 0
    return max(1, unit.stats.get("ap_total", 0) * rules.view("ctb").ap_gain_percent // 100)


def clock_rows(state: State, rules: Rules, h: Any = None) -> list[tuple[str, dict[str, int], int, int]]:
    """(id, stats, AP per tick, AP now) of every unit on the clock, in listed
    order, in one pass (same answers as ``gain`` and ``stats.get("ap", 0)``
    unit by unit). ``h``: ``rules.view("ctb")``, when the caller has it."""
    if h is None:
        h = rules.view("ctb")
    percent = h.ap_gain_percent
    downed_act = h.downed_clock == "acts"
    units = state.units
    try:  # every CTB unit holds these stats (``fill``); a unit that lacks one takes the path below
        return [
            (uid, s, total if percent == 100 else max(1, total * percent // 100), s["ap"])
            for uid, unit in units.items()
            if (total := (s := unit.stats)["ap_total"]) > 0 and s["recalled"] <= 0 and (downed_act or s["hp"] > 0)
        ]
    except KeyError:
        rows: list[tuple[str, dict[str, int], int, int]] = []
        append = rows.append
        for uid, unit in units.items():
            s = unit.stats
            total = s.get("ap_total", 0)
            if total <= 0 or s.get("recalled", 0) > 0 or (not downed_act and s.get("hp", 0) <= 0):
                continue
            append((uid, s, max(1, total * percent // 100), s.get("ap", 0)))
    return rows


def ready_now(state: State, rules: Rules) -> list[tuple[str, int]]:
    """(id, AP) of the units on the clock holding 100 AP or more, in listed
    order: the hot path of ``next``, which reads one stat of most units (AP
    below 100 settles it) and the clock stats only of those at 100."""
    downed_act = rules.view("ctb").downed_clock == "acts"
    try:
        return [
            (uid, ap)
            for uid, unit in state.units.items()
            if (ap := (s := unit.stats)["ap"]) >= READY
            and s["ap_total"] > 0
            and s["recalled"] <= 0
            and (downed_act or s["hp"] > 0)
        ]
    except KeyError:  # a unit without the CTB stats (not built by the system)
        return [
            (uid, ap)
            for uid, unit in state.units.items()
            if (ap := (s := unit.stats).get("ap", 0)) >= READY
            and s.get("ap_total", 0) > 0
            and s.get("recalled", 0) <= 0
            and (downed_act or s.get("hp", 0) > 0)
        ]


def on_clock(state: State, rules: Rules) -> bool:
    """Whether any unit is on the clock (``bool(rates(...))``, stopping at the first)."""
    downed_act = None  # the house rule, read only when a unit on the clock is Downed (before every next)
    for unit in state.units.values():
        s = unit.stats
        if s.get("ap_total", 0) > 0 and s.get("recalled", 0) <= 0:
            if s.get("hp", 0) > 0:
                return True
            if downed_act is None:
                downed_act = rules.view("ctb").downed_clock == "acts"
            if downed_act:
                return True
    return False


def rates(state: State, rules: Rules) -> dict[str, int]:
    """AP banked per tick by every unit on the clock (same answers as ``gain``)."""
    return {uid: rate for uid, _, rate, _ in clock_rows(state, rules)}


def after_turn(ap: int, rules: Rules) -> int:
    """AP left once a turn is paid for (never below 0: a unit delayed during its
    own turn pays what it has)."""
    return max(0, ap - READY) if rules.view("ctb").surplus == "keep" else 0


TieKey = Callable[[int, int, int, bool], tuple[int, ...]]


def tie_key(rule: str) -> TieKey:
    """The key (smaller goes first) of a ready unit holding ``ap`` with AP
    Total ``total``, listed ``order``-th, player-controlled or not, under the
    tie-break house rule ``rule``."""
    if rule == "ap_total":
        return lambda ap, total, order, players: (-total, -ap, order)
    if rule == "listed":
        return lambda ap, total, order, players: (order, -ap)
    if rule == "players_first":
        return lambda ap, total, order, players: (0 if players else 1, -ap, -total, order)
    return lambda ap, total, order, players: (-ap, -total, order)


def _players(unit: Unit, state: State) -> bool:
    return state.sides[unit.side].is_players if unit.side in state.sides else False


def sort_key(unit: Unit, ap: int, order: int, state: State, rules: Rules) -> tuple[int, ...]:
    """How ready units are ordered within one tick (smaller goes first)."""
    rule = rules.view("ctb").tie_break
    players = _players(unit, state) if rule == "players_first" else False
    return tie_key(rule)(ap, unit.stats.get("ap_total", 0), order, players)


def order_ready(state: State, rules: Rules, ready: list[tuple[str, int]]) -> list[str]:
    """Ids of ready units given as (id, AP) in listed order, best first."""
    if len(ready) < 2:
        return [uid for uid, _ in ready]
    rule = rules.view("ctb").tie_break
    units = state.units
    if rule == "most_ap":  # the default, inline: (-ap, -total, order) as in ``tie_key``
        keyed = [(-ap, -units[uid].stats.get("ap_total", 0), order, uid) for order, (uid, ap) in enumerate(ready)]
        keyed.sort()
        return [row[3] for row in keyed]
    key = tie_key(rule)
    ranked: list[tuple[tuple[int, ...], str]] = []
    for order, (uid, ap) in enumerate(ready):  # positions keep the listed order, all the key compares
        unit = units[uid]
        players = _players(unit, state) if rule == "players_first" else False
        ranked.append((key(ap, unit.stats.get("ap_total", 0), order, players), uid))
    ranked.sort()
    return [uid for _, uid in ranked]


def best_ready(state: State, rules: Rules, ready: list[tuple[str, int]]) -> str:
    """``order_ready(state, rules, ready)[0]`` (one must be ready), without ordering the rest."""
    if len(ready) == 1:
        return ready[0][0]
    if rules.view("ctb").tie_break == "most_ap":  # (-ap, -total, order) as in ``tie_key``: the most AP first
        top = max(ready, key=_ap_of_row)[1]
        tied = [row for row in ready if row[1] == top]
        if len(tied) == 1:
            return tied[0][0]
        units = state.units
        return min([(-units[uid].stats.get("ap_total", 0), order, uid) for order, (uid, _) in enumerate(tied)])[2]
    return order_ready(state, rules, ready)[0]


def ready_units(
    state: State, rules: Rules, aps: Mapping[str, int] | None = None, banks: Mapping[str, int] | None = None
) -> list[str]:
    """Units on the clock holding at least 100 AP, best first (``banks``: the
    ``rates`` of this state, when the caller already has them)."""
    if aps is None and banks is None:
        return order_ready(state, rules, ready_now(state, rules))
    units = state.units
    ready = []
    for uid in rates(state, rules) if banks is None else banks:
        ap = units[uid].stats.get("ap", 0) if aps is None else aps[uid]
        if ap >= READY:
            ready.append((uid, ap))
    return order_ready(state, rules, ready)


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
    """One projected turn: whose, at which tick, holding how much AP."""

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
    """The next ``count`` turns after the current one, without changing ``state``.

    Same turns as ``project_by_heap``. A unit's turns come in strictly
    increasing (tick, tie key) order, so only units whose *first* turn is
    among the ``count`` earliest first turns can appear: one pass computes
    each unit's wait (from ``ap`` and ``ap_total`` only, a small int in
    listed order), C's sort of those finds the ``count``-th smallest, and
    only the units waiting no longer (ties included) enter the merge, cut
    down to the ``count`` best first turns.
    """
    if count <= 0:
        return []
    try:
        return _project(state, rules, count)
    except KeyError:  # a unit without the CTB stats (not built by the system)
        return project_by_heap(state, rules, count)


def _waits(vals: list[Unit], percent: int) -> list[int]:
    """``(99 - AP) // rate`` of each unit, in listed order: its first tick is
    that plus one, or 0 when it is negative (the unit holds 100 AP or more).

    The per-unit part of a projection, so it reads two stats and does two
    operations a unit, and makes no object (the answers are small ints).
    It tests nothing: a unit off the clock (AP Total 0 or less, Recalled,
    Downed) gets a value that means nothing, and is skipped if that value
    makes it a candidate. At 100% gain AP Total 0 fails the division, and
    the pass that tests it runs instead (rare: such a unit is off the clock)."""
    if percent == 100:
        try:
            return [(99 - (s := unit.stats)["ap"]) // s["ap_total"] for unit in vals]
        except ZeroDivisionError:
            return [(99 - (s := unit.stats)["ap"]) // (t if (t := s["ap_total"]) > 0 else 1) for unit in vals]
    return [(99 - (s := unit.stats)["ap"]) // max(1, s["ap_total"] * percent // 100) for unit in vals]


def _project(state: State, rules: Rules, count: int) -> list[Turn]:
    h = rules.view("ctb")
    percent, keep, rule = h.ap_gain_percent, h.surplus == "keep", h.tie_break
    downed_act = h.downed_clock == "acts"
    units = state.units
    n = len(units)
    if not n:
        return []
    vals = list(units.values())
    waits = _waits(vals, percent)
    ranked = sorted(waits)  # C's sort compares small ints without the generic comparison
    # The acting unit pays for its turn first, so its first tick is later than
    # its wait says: the wait is a lower bound, and its own is worked out here.
    acting = units.get(state.clock.active)  # type: ignore[arg-type]
    acting_ap = 0
    if acting is not None:
        acting_ap = after_turn(acting.stats["ap"], rules)
        if acting_ap > acting.stats["ap"]:  # only with AP below 0 (a test-only state): no bound
            return project_by_heap(state, rules, count)

    # The units that can take one of the first ``count`` turns, each with its
    # first turn: (tick offset, tie key, turn index k, position, AP at that turn).
    # Candidates: every unit whose wait is at most the count-th smallest (all
    # those tied with it too: the tie key, not the position, orders them).
    # When some of them are off the clock (or the acting unit, whose own
    # wait is longer) and fewer than ``count`` remain, the bar goes up.
    key = tie_key(rule)
    most_ap = rule == "most_ap"
    players_first = rule == "players_first"
    sides = state.sides
    nth = count - 1
    while True:
        top = ranked[nth] if nth < n else ranked[-1]
        if top < -1:
            top = -1  # every unit holding 100 AP is at tick 0
        everyone = top >= ranked[-1]
        heap: list[tuple[int, tuple, int, int, int]] = []
        append = heap.append
        for i in compress(range(n), map(le, waits, repeat(top))):
            unit = vals[i]
            s = unit.stats
            total = s["ap_total"]
            if total <= 0 or s["recalled"] > 0 or (not downed_act and s["hp"] <= 0):
                continue
            rate = total if percent == 100 else max(1, total * percent // 100)
            if unit is acting:
                ap = acting_ap
                wait = (99 - ap) // rate
                if wait > top and not everyone:
                    continue  # its turn comes after the bar
            else:
                ap = s["ap"]
                wait = waits[i]
            t = wait + 1 if wait >= 0 else 0
            ap += t * rate
            if most_ap:
                append((t, (-ap, -total, i), 0, i, ap))
            else:
                players = players_first and unit.side in sides and sides[unit.side].is_players
                append((t, key(ap, total, i, players), 0, i, ap))
        if len(heap) >= count or everyone:
            break
        nth = bisect.bisect_right(ranked, top) + count - len(heap) - 1
    if len(heap) > count:
        heap.sort()  # a sorted list is a heap
        del heap[count:]
    else:
        heapq.heapify(heap)

    now = state.clock.tick
    turns: list[Turn] = []
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        t, _, k, i, ap = pop(heap)
        unit = vals[i]
        uid = unit.id
        if units.get(uid) is not unit:  # a state keyed otherwise than by unit ids
            uid = list(units)[i]
        turns.append(Turn(uid, now + t, ap))
        if len(turns) == count:
            break
        s = unit.stats
        total = s["ap_total"]
        rate = max(1, total * percent // 100)
        if keep:
            # (k+2)-th turn: first tick with a + t*r - 100(k+1) >= 100
            ap0 = acting_ap if unit is acting else s["ap"]
            t2 = max(0, ceil_div(READY * (k + 2) - ap0, rate))
            ap2 = ap0 + t2 * rate - READY * (k + 1)
        else:
            t2 = t + ceil_div(READY, rate)
            ap2 = ceil_div(READY, rate) * rate
        players = players_first and unit.side in sides and sides[unit.side].is_players
        push(heap, (t2, key(ap2, total, i, players), k + 1, i, ap2))
    return turns


def project_by_heap(state: State, rules: Rules, count: int) -> list[Turn]:
    """``project`` the plain way: every unit on the clock in the heap from the
    start (O(U log U + N log U)). The reference the fast path is tested
    against, and its fallback for units without the CTB stats."""
    if count <= 0:
        return []
    aps = start_aps(state, rules)
    units = state.units
    keep = rules.view("ctb").surplus == "keep"
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
