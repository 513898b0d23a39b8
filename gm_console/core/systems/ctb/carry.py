"""What a CTB fight leaves on a party's characters (the System hooks
``persistent`` and ``party_changes``; core/carry.py calls them).

Carried: Kennel (and so the Kennel Damage of every Recall), the bases, and
the maxima that follow (listed, marked derived: the party file holds the
Kennel and the bases they follow from); HP, AR and KI reset to the maxima or
carry (``carry_pools``); death as the house rule ``death_comes`` says, a
carried fight being an ended one: under ``battle_end`` every unit Downed and
not Recalled is dead (whether or not ``endbattle`` was typed), under
``never`` nobody dies of being Downed (the survivor keeps its Kennel, no
Recall having cost any, and its pools follow ``carry_pools``); a unit marked
Dead in the fight is dead either way.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gm_console.core.carry import Change
from gm_console.core.rules import Rules
from gm_console.core.state import State
from gm_console.core.systems.ctb.stats import DEFAULTS, KENNEL_STANDARD, POOLS, is_downed, is_recalled, kennel_max


def persistent(state: State, rules: Rules, uid: str) -> dict[str, Any]:
    unit = state.units[uid]
    stats = unit.stats
    view = rules.view("ctb")
    out: dict[str, Any] = {"ctb.kennel": stats.get("kennel", KENNEL_STANDARD)}
    for pool in POOLS:
        out[f"ctb.{pool}_base"] = stats.get(f"{pool}_base", DEFAULTS[f"{pool}_base"])
        out[f"ctb.{pool}_max"] = stats.get(f"{pool}_max", 0)
    # the one rule on when a Downed unit dies; a carried fight has ended, endbattle typed or not
    dies_at_end = view.death_comes == "battle_end"
    out["dead"] = unit.has("dead") or (is_downed(unit) and not is_recalled(unit) and dies_at_end)
    if view.carry_pools == "carry":
        for pool in POOLS:
            out[f"ctb.{pool}"] = stats.get(pool, 0)
    return out


def party_changes(party_unit: Mapping[str, Any], final: Mapping[str, Any], rules: Rules) -> list[Change]:
    if "ctb.kennel" not in final:
        return []
    uid = party_unit["id"]
    out: list[Change] = []

    def compare(field: str, before: Any, after: Any, derived: bool = False) -> None:
        if before != after:
            out.append(Change(uid, field, before, after, derived))

    table = party_unit.get("ctb") or {}
    kennel = table.get("kennel", KENNEL_STANDARD)
    compare("ctb.kennel", kennel, final["ctb.kennel"])
    curve = rules.view("ctb").kennel_curve
    for pool in POOLS:
        base_key = f"{pool}_base"
        effective = table.get(base_key, table.get(pool, DEFAULTS[base_key]))
        if base_key not in table and pool in table:  # the base was read from the pool: write it out
            compare(f"ctb.{base_key}", None, final[f"ctb.{base_key}"])
        else:
            compare(f"ctb.{base_key}", effective, final[f"ctb.{base_key}"])
        compare(f"ctb.{pool}_max", kennel_max(effective, kennel, curve), final[f"ctb.{pool}_max"], derived=True)
        compare(f"ctb.{pool}", table.get(pool), final.get(f"ctb.{pool}"))
    return out
