"""The reactor's part of the player view: both sides' boards as the table
sees the cards: HEAT on the core, HACK counters, LOCKDOWN, Facilities with
their Integrity, Personnel with their states and damage. The GM side's
Facility Integrity and Personnel damage follow the health setting."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gm_console.core.state import State
from gm_console.core.systems.reactor.board import BOARD, whose
from gm_console.core.systems.reactor.legality import EXHAUSTED, ORIENTATION, STATIONED

if TYPE_CHECKING:
    from gm_console.core.playerview import Sight
    from gm_console.core.rules import Rules

STATES = (STATIONED, EXHAUSTED, ORIENTATION)


def player_view(state: State, rules: Rules, sight: Sight) -> dict[str, Any]:
    from gm_console.core.playerview import band, meter

    board = BOARD.get(state)
    if board is None:
        return {}
    units: dict[str, dict[str, Any]] = {}
    for uid, unit in sight.visible.items():
        hp, damage = unit.stats.get("hp", 1), unit.stats.get("damage", 0)
        left = max(0, hp - damage)
        tags = [word for word in STATES if unit.has(word)]
        units[uid] = {"meters": [meter("HP", left, hp), meter("ATK", unit.stats.get("atk", 0), None)], "health": left / hp if hp > 0 else 0.0, "tags": tags}
    panels = []
    for sid, plant in board.plants.items():
        side = state.sides.get(sid)
        if side is None:
            continue
        lines = [f"HEAT {plant.heat} K", f"HACK counters {plant.hack}", f"Power Order {board.power_order(sid)} · delivered {plant.delivered}"]
        tags = []
        if plant.doctrine:
            tags.append(plant.doctrine)
        if plant.lockdown:
            tags.append("LOCKDOWN")
        if plant.melted:
            tags.append("MELTDOWN")
        if board.active == sid:
            tags.append("on shift")
        cards: list[dict[str, Any]] = [{"title": "Reactor core", "meters": [], "tags": tags, "lines": lines, "band": None}]
        exact = sight.side_exact(sid)
        for fac in board.facilities_of(sid):
            cards.append(
                {
                    "title": fac.name,
                    "meters": [meter("Integrity", fac.remaining, fac.integrity)] if exact else [],
                    "tags": ["destroyed"] if fac.destroyed else [],
                    "lines": [],
                    "band": None if exact or sight.health == "hidden" else band(fac.remaining / fac.integrity),
                }
            )
        panels.append({"title": f"{whose(side.name)} board", "cards": cards})
    status = [f"{whose(state.sides[board.active].name)} shift"] if board.active in state.sides else []
    return {"units": units, "panels": panels, "status": status}

