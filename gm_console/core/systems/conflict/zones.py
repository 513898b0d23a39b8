"""Zones, Reach, range bands, cover and difficult terrain.

Reach is kept as pairs on the board (house rule ``reach`` = engaged) or is
simply "the same zone" (``reach`` = zone). Cover belongs to a unit while it
stays in the zone whose covering feature it moved up to. Range bands come
from the number of connections between two zones (house rule
``range_bands``); locked connections still count for range, not for moving.
"""

from __future__ import annotations

import re
from collections import deque
from typing import TYPE_CHECKING

from gm_console.core.fog import open_neighbours
from gm_console.core.state import State, Zone

from .board import BOARD, pair
from .common import able, enemies
from .house_rules import BANDS

if TYPE_CHECKING:
    from gm_console.core.actions import Context

DIFFICULT = re.compile(r"difficult(?:\s+terrain)?(?:\s*[:(]?\s*([1-3])\)?)?$", re.I)


def zone_cover(zone: Zone) -> bool:
    return any(t.lower() == "cover" or t.lower().startswith("cover ") or t.lower().startswith("cover(") for t in zone.traits)


def terrain_difficulty(zone: Zone) -> int:
    """The Fitness task Difficulty of a zone's difficult terrain (0 when none)."""
    best = 0
    for trait in zone.traits:
        m = DIFFICULT.match(trait.strip())
        if m:
            best = max(best, int(m.group(1) or 1))
    return best


def distance(state: State, a: str | None, b: str | None) -> int | None:
    """Connections between two zones (any connection), None when not joined."""
    if a is None or b is None or a not in state.zones or b not in state.zones:
        return None
    if a == b:
        return 0
    seen, todo = {a}, deque([(a, 0)])
    while todo:
        zid, d = todo.popleft()
        for nxt in state.zones[zid].adjacent:
            if nxt == b:
                return d + 1
            if nxt not in seen and nxt in state.zones:
                seen.add(nxt)
                todo.append((nxt, d + 1))
    return None


def paths(state: State, start: str, most: int) -> dict[str, list[list[str]]]:
    """Every open path of at most ``most`` moves from ``start``, by destination."""
    out: dict[str, list[list[str]]] = {start: [[start]]}
    frontier = [[start]]
    for _ in range(most):
        nxt_frontier = []
        for path in frontier:
            for nxt in open_neighbours(state, path[-1]):
                if nxt in path:
                    continue
                new = path + [nxt]
                out.setdefault(nxt, []).append(new)
                nxt_frontier.append(new)
        frontier = nxt_frontier
    return out


def in_reach(state: State, ctx: Context, a: str, b: str) -> bool:
    ua, ub = state.units.get(a), state.units.get(b)
    if ua is None or ub is None or a == b or ua.zone is None or ua.zone != ub.zone:
        return False
    return ctx.rules.view("conflict").reach == "zone" or pair(a, b) in BOARD(state).reach


def enemies_in_reach(state: State, ctx: Context, uid: str) -> list[str]:
    """Enemies able to fight who are within Reach of ``uid``."""
    return [o for o in state.units if enemies(state, uid, o) and able(state, o) and in_reach(state, ctx, uid, o)]


def band(state: State, ctx: Context, a: str, b: str) -> str | None:
    """The range band from unit ``a`` to unit ``b`` (None when no route joins them)."""
    d = distance(state, state.units[a].zone, state.units[b].zone)
    if d is None:
        return None
    if d == 0 and in_reach(state, ctx, a, b):
        return "reach"
    bands = ctx.rules.view("conflict").range_bands
    return bands[min(d, len(bands) - 1)]


def band_at_least(b: str, floor: str) -> bool:
    return BANDS.index(b) >= BANDS.index(floor)


def in_cover(state: State, uid: str) -> bool:
    unit = state.units[uid]
    zid = BOARD(state).cover.get(uid)
    return zid is not None and zid == unit.zone and zid in state.zones and zone_cover(state.zones[zid])


def leave_position(state: State, uid: str) -> None:
    """The unit moves: it leaves every Reach and its cover."""
    b = BOARD(state)
    b.reach = {p for p in b.reach if uid not in p}
    b.cover.pop(uid, None)


def take_position(state: State, uid: str, zone: str, near: str | None, cover: bool) -> None:
    b = BOARD(state)
    state.units[uid].zone = zone
    if near is not None:
        b.reach.add(pair(uid, near))
    if cover:
        b.cover[uid] = zone


def prune(state: State) -> None:
    """Forget Reach and cover that a GM-fiat move (the generic move) left behind."""
    b = BOARD(state)
    zone = {u.id: u.zone for u in state.units.values()}
    b.reach = {p for p in b.reach if p[0] in zone and p[1] in zone and zone[p[0]] == zone[p[1]]}
    b.cover = {u: z for u, z in b.cover.items() if zone.get(u) == z}
