"""What a zone-conflict fight leaves on a party's characters, and the rests
between fights (the System hooks ``persistent``, ``party_changes`` and
``rest``; core/carry.py calls them).

Carried: Injuries (treated or not, with their Severity and intent), the
character's Traits and, under ``conditions_as_traits``, the lasting conditions
gained in the fight as Traits (not the fight's own marks: Defeated, Prone,
Dead); Stress (``carry_stress``) and the Fatigued Attribute with it; death
(the Dead condition). Defeat, under ``carry_defeat`` ("stays"): the text ends
it only with First Aid, so a character the fight left Defeated starts the next
one Defeated (``defeated = true``), Dying with an untreated Deadly Injury. A
carried fight's scene has ended, as ``scene`` ends it: the Dying keep one scene
less of cysuit grace (``grace_scenes``), and one with none left dies (a
Synthetic loses its chassis). Each of these changes says why in the carry's
output (``notes``). A rest clears Stress: breather 4, break 8, sleep all.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gm_console.core.carry import Change
from gm_console.core.rules import Rules
from gm_console.core.state import State

from .board import BOARD
from .common import DEAD, DEFEATED, DESTROYED, PRONE
from .stress import dying, end_scene

FIGHT_MARKS = tuple(mark.lower() for mark in (DEFEATED, PRONE, DEAD))  # conditions that end with the fight
INJURY_DEFAULTS = {"intent": "deadly", "treated": False, "debilitating": False}
REST_STRESS = {"breather": 4, "break": 8, "sleep": None}  # Stress recovered (None: all of it), as the text gives them
RESTS = {"breather": "4 Stress", "break": "8", "sleep": "all"}  # as the refusal of an unknown rest lists them


def persistent(state: State, rules: Rules, uid: str, setup_unit: Mapping[str, Any] | None, *, scene_ends: bool = True) -> dict[str, Any]:
    """The conflict fields of ``uid`` as the party holds them once the fight's scene
    has ended (``scene_ends``; False reads the state as it stands, as a fight that
    has just opened holds what was carried into it)."""
    c = BOARD(state).chars.get(uid)
    if c is None:
        return {}
    view = rules.view("conflict")
    stays = view.carry_defeat == "stays"
    notes: dict[str, str] = {}
    was = state.units[uid]
    if stays and scene_ends and dying(state, uid):
        state = _scene_ended(state, rules)
        c = BOARD(state).chars[uid]
    unit = state.units[uid]
    dead = unit.has(DEAD)
    defeated = stays and unit.has(DEFEATED) and not dead
    out: dict[str, Any] = {
        "conflict.injuries": [
            {"name": i.name, "severity": i.severity, "intent": i.intent, "treated": i.treated, "debilitating": i.debilitating}
            for i in c.injuries
        ],
        "conflict.stress": unit.stats.get("stress", 0) if view.carry_stress else 0,
        "conflict.fatigued_attribute": c.fatigued_attr if view.carry_stress and c.fatigued else None,
        "conflict.defeated": defeated,
        "conflict.grace_scenes": c.grace if defeated and dying(state, uid) else None,
    }
    traits = list(unit.traits)
    if view.conditions_as_traits:
        started = {str(cond.get("name", "")).lower() for cond in (setup_unit or {}).get("conditions", ())}
        for key, cond in unit.conditions.items():
            if cond.remaining is None and key not in FIGHT_MARKS and key not in started and cond.name not in traits:
                traits.append(cond.name)
    out["traits"] = traits
    out["dead"] = dead
    if defeated:
        deadly = [i.name for i in c.injuries if i.intent == "deadly" and not i.treated]
        if deadly:
            notes["conflict.defeated"] = f"Defeated and Dying until First Aid, with the untreated Deadly Injury {', '.join(deadly)}; house rule carry_defeat"
            span = "the next scene" if c.grace == 0 else f"the next {c.grace + 1} scenes"
            notes["conflict.grace_scenes"] = f"the fight's scene has ended: the cysuit keeps them alive through {span}; without First Aid they die at its end"
        else:
            notes["conflict.defeated"] = "Defeated and Prone until First Aid revives them; house rule carry_defeat"
    if dead and not was.has(DEAD):
        notes["dead"] = "Dying when the fight's scene ended, without stabilization; house rule carry_defeat"
    if unit.has(DESTROYED) and not was.has(DESTROYED):
        notes["traits"] = "the chassis is lost: still Dying when the fight's scene ended; house rule carry_defeat"
    if notes:
        out["notes"] = notes
    return out


def _scene_ended(state: State, rules: Rules) -> State:
    """A copy of ``state`` after its scene's end (``scene``'s own rule: the Dying lose a
    scene of cysuit grace or die, a Synthetic its chassis)."""
    from gm_console.core.actions import Context

    sim = state.copy()
    end_scene(sim, Context(rules, {}, None, 0))  # type: ignore[arg-type]  # (it reads the rules only)
    return sim


def normal_injury(inj: Mapping[str, Any]) -> dict[str, Any]:
    """A party file's Injury with every key (the defaults filled)."""
    return {"name": inj["name"], "severity": inj["severity"], **{k: inj.get(k, d) for k, d in INJURY_DEFAULTS.items()}}


def party_changes(party_unit: Mapping[str, Any], final: Mapping[str, Any]) -> list[Change]:
    if "conflict.injuries" not in final:
        return []
    uid = party_unit["id"]
    table = party_unit.get("conflict") or {}
    before = {
        "conflict.injuries": [normal_injury(i) for i in table.get("injuries", [])],
        "conflict.stress": table.get("stress", 0),
        "conflict.fatigued_attribute": table.get("fatigued_attribute"),
        "conflict.defeated": table.get("defeated", False),
        "conflict.grace_scenes": table.get("grace_scenes"),
    }
    return [Change(uid, field, was, final[field]) for field, was in before.items() if was != final[field]]


def stress_max(unit: Mapping[str, Any]) -> int:
    """A party character's Stress track: by tier, as stress.compute_max works it out in a fight."""
    table = unit.get("conflict") or {}
    fitness = max(0, int((table.get("attributes") or {}).get("fitness", 0)))
    tier = table.get("tier") or "main"
    values = table.get("values", 0)
    if tier == "supporting":
        return 0 if values <= 0 else (-(-fitness // 2) if values == 1 else fitness)
    if tier == "minor":
        return 0
    return fitness


def rest(unit: Mapping[str, Any], kind: str) -> tuple[list[Change], str | None]:
    """The Stress a rest clears from a living conflict character; a Fatigued one
    (at the maximum) is passed by, but by sleep."""
    if kind not in REST_STRESS:
        return [], None
    table = unit["conflict"]
    have = table.get("stress", 0)
    most = stress_max(unit)
    if have <= 0:
        return [], None
    if kind != "sleep" and most > 0 and have >= most:
        return [], f"{unit['id']} is Fatigued: only sleep (or an ally's help) brings the Stress down"
    amount = REST_STRESS[kind]
    after = 0 if amount is None else max(0, have - amount)
    changes = [Change(unit["id"], "conflict.stress", have, after)]
    if after < most and table.get("fatigued_attribute") is not None:
        changes.append(Change(unit["id"], "conflict.fatigued_attribute", table["fatigued_attribute"], None))
    return changes, None
