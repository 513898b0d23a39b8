"""The actions the palette offers right now (the engine drops any that fail check)."""

from __future__ import annotations

from gm_console.core.actions import Action, Context, Next
from gm_console.core.fog import open_neighbours
from gm_console.core.state import State

from .board import BOARD
from .common import able, char, ctrl, enemies, is_players
from .turns import candidates, opening
from .verbs import Attack, Avoid, Counter, EndConflict, FirstAid, Keep, Minor, Scene, Seize, SpendAct, Sprint, Stride, Suffer, Turn, Yield
from .zones import paths, zone_cover


def legal_actions(state: State, ctx: Context) -> list[Action]:
    b = BOARD(state)
    out: list[Action] = []
    if b.pending:
        for p in b.pending:
            out += [Avoid(unit=p.target), Avoid(unit=p.target, threat=True), Suffer(unit=p.target)]
            if p.source:
                out.append(SpendAct(unit=p.source, what="severity"))
        return out
    if b.opposed is not None:
        out.append(Counter(unit=b.opposed.winner))
    uid = state.clock.active
    if b.over:
        out.append(Scene())
        return out
    if uid is None:
        out += [Turn(unit=u) for u in candidates(state, b.to_go)]
        first = opening(state)  # the others open round 1 only as the GM's clear choice
        out += [Turn(unit=u, clear=True) for u in candidates(state, b.to_go) if first is not None and u not in first[0]]
        out += [Seize(unit=u) for u in candidates(state, "gm")]
        out.append(Next())
        out += [Yield(unit=u) for u in state.units if u in b.chars and not is_players(state, u) and able(state, u)]
        out.append(EndConflict())
        return out
    out.append(Next())
    out += attacks(state, uid)
    out += moves(state, uid)
    out += [Minor(unit=uid, what=w) for w in ("aim", "prepare", "prone", "stand")]
    out += [FirstAid(unit=uid, target=o) for o in state.units if o != uid and not enemies(state, uid, o) and not able(state, o)]
    out += [Keep(unit=o) for o in candidates(state, ctrl(state, uid)) if o != uid]
    out += [SpendAct(unit=uid, what="minor"), SpendAct(unit=uid, what="major")]
    return out


def attacks(state: State, uid: str) -> list[Action]:
    cat = BOARD(state).catalogue
    out: list[Action] = []
    weapons = list(char(state, uid).weapons) or ["unarmed"]
    for target in state.units:
        if not enemies(state, uid, target) or not able(state, target):
            continue
        for wid in weapons:
            weapon = cat.weapon(wid)
            if weapon is None:
                continue
            for intent in weapon.intents():
                out.append(Attack(unit=uid, target=target, weapon=wid, intent=intent if weapon.intent == "either" else None))
    return out


def moves(state: State, uid: str) -> list[Action]:
    unit = state.units[uid]
    if unit.zone is None:
        return []
    out: list[Action] = []
    for zone in [unit.zone, *open_neighbours(state, unit.zone)]:
        out.append(Stride(unit=uid, zone=zone))
        if zone_cover(state.zones[zone]):
            out.append(Stride(unit=uid, zone=zone, cover=True))
        out += [Stride(unit=uid, zone=zone, near=o) for o in state.units if o != uid and state.units[o].zone == zone and enemies(state, uid, o)]
    for zone in paths(state, unit.zone, 2):
        if zone != unit.zone:
            out.append(Sprint(unit=uid, zone=zone))
    return out
