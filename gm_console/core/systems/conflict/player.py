"""Zone conflict's part of the player view: Stress tracks of the player
characters (of NPCs too when health is exact), Injuries, Defeated and Dying
for everyone seen, and which side picks the next turn. The map itself and
the pools (Momentum; Threat only when shown) are the core's part."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gm_console.core.state import State, Unit
from gm_console.core.systems.conflict.board import BOARD, Board
from gm_console.core.systems.conflict import turns
from gm_console.core.systems.conflict.common import DEAD, DEFEATED, DESTROYED, defeated
from gm_console.core.systems.conflict.stress import dying

if TYPE_CHECKING:
    from gm_console.core.playerview import Sight
    from gm_console.core.rules import Rules


def player_view(state: State, rules: Rules, sight: Sight) -> dict[str, Any]:
    board = BOARD.get(state)
    if board is None:
        return {}
    seen = {uid: _unit_view(state, board, sight, uid, unit) for uid, unit in sight.visible.items() if uid in board.chars}
    if state.clock.active:
        nxt: list[str] = []
    else:
        nxt = [uid for uid in turns.may_start(state) if uid in sight.visible]
    side = next((s for s in state.sides.values() if s.controller == board.to_go), None)
    who = "the players" if board.to_go == "players" else "the GM's side"
    status = [] if state.clock.active else [f"{who} pick the next turn" + (f" ({side.name})" if side and board.to_go == "players" else "")]
    return {"units": seen, "next": nxt, "status": status}


def _unit_view(state: State, board: Board, sight: Sight, uid: str, unit: Unit) -> dict[str, Any]:
    """One seen character: its Stress meter, how hurt it looks, and its tags."""
    from gm_console.core.playerview import meter

    c = board.chars[uid]
    stress, top = unit.stats.get("stress", 0), c.stress_max
    tags = []
    if unit.has(DEAD):
        tags.append(DEAD)
    elif unit.has(DESTROYED):
        tags.append(DESTROYED)
    elif unit.has(DEFEATED):
        tags.append(DEFEATED)
    if dying(state, uid):
        tags.append("Dying")
    if c.fatigued:
        tags.append("Fatigued")
    exact = sight.exact(unit)
    for injury in c.injuries:
        label = injury.label() if exact else injury.name + (" (treated)" if injury.treated else "")
        tags.append(f"Injury: {label}")
    if defeated(state, uid):
        fraction = 0.0
    elif top > 0:
        fraction = (top - stress) / top
    else:
        fraction = 1.0 if not c.injuries else 0.5
    return {"meters": [meter("Stress", stress, top)] if top > 0 else [], "health": fraction, "tags": tags}
