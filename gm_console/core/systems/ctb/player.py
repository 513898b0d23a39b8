"""CTB's part of the player view: HP and AR, Downed / Armor Broken /
Recalled, and the next turns of the units the players see."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gm_console.core.state import State
from gm_console.core.systems.ctb.projection import project
from gm_console.core.systems.ctb.stats import BROKEN, DOWNED, RECALLED, is_broken, is_downed, is_recalled

if TYPE_CHECKING:
    from gm_console.core.playerview import Sight
    from gm_console.core.rules import Rules


def player_view(state: State, rules: Rules, sight: Sight) -> dict[str, Any]:
    from gm_console.core.playerview import meter

    units: dict[str, dict[str, Any]] = {}
    for uid, unit in sight.visible.items():
        s = unit.stats
        hp, hp_max = s.get("hp", 0), s.get("hp_max", 0)
        tags = []
        if is_recalled(unit):
            tags.append(RECALLED)
        elif is_downed(unit):
            tags.append(DOWNED)
        if is_broken(unit, rules) and not is_recalled(unit):
            tags.append(BROKEN)
        units[uid] = {
            "meters": [meter("HP", hp, hp_max), meter("AR", s.get("ar", 0), s.get("ar_max", 0))],
            "health": (hp / hp_max if hp_max > 0 else (1.0 if hp > 0 else 0.0)),
            "tags": tags,
        }
    # the next turns of the units they see: hidden units' turns are taken out,
    # so project enough turns to fill the list after that
    wanted = sight.turns_shown
    ahead = wanted + 4 * (len(state.units) - len(sight.visible)) + 4
    turns = [t.unit for t in project(state, rules, ahead) if t.unit in sight.visible][:wanted]
    return {"units": units, "next": turns}
