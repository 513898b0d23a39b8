"""Carrying a fight's consequences to the party: pure functions on plain data.

``carry_changes`` compares a fight's final state with the party document's
characters and lists what persists, field by field, as ``Change`` values
(unit, field, before, after); ``apply_changes`` writes them into a copy of
the party document. The campaign house rules (core/campaign_rules.py) of the
carried encounter decide what persists:

* zone conflict: Injuries (treated or not, with their Severity and intent),
  the character's Traits and, under ``conditions_as_traits``, the lasting
  conditions gained in the fight as Traits; Stress (``carry_stress``) and the
  Fatigued Attribute with it; death (the Dead condition);
* CTB: Kennel (and so the Kennel Damage of every Recall), the bases, the
  maxima that follow (listed, marked derived: the party file holds the
  Kennel and the bases they follow from); HP, AR and KI reset to the
  maxima or carry (``carry_pools``); death as the CTB house rule
  ``death_comes`` says, a carried fight being an ended one: under
  ``battle_end`` every unit Downed and not Recalled is dead (whether or not
  ``endbattle`` was typed), under ``never`` nobody dies of being Downed (the
  survivor keeps its Kennel, no Recall having cost any, and its pools follow
  ``carry_pools``); a unit marked Dead in the fight is dead either way;
* reactor: Personnel are cards, not characters; carrying refuses.

Fields are paths into a party unit's table: ``dead`` and ``traits`` at its
top, ``conflict.stress`` or ``ctb.kennel`` in its system table. No file is
read or written here (files/party.py does that).
"""

from __future__ import annotations

import copy
import hashlib
from dataclasses import dataclass
from typing import Any

from gm_console.core.errors import GMError

CARRIED_SYSTEMS = ("conflict", "ctb")
NOT_CHARACTERS = {"reactor": "reactor Personnel are cards, not characters: a party file does not apply to a reactor fight"}
FIGHT_MARKS = ("defeated", "prone", "dead")  # conflict conditions that end with the fight
REST = {"breather": 4, "break": 8, "sleep": None}  # Stress recovered (None: all of it), as the text gives them
INJURY_DEFAULTS = {"intent": "deadly", "treated": False, "debilitating": False}
CTB_POOLS = ("hp", "ar", "ki")
CTB_BASE_DEFAULTS = {"hp": 10, "ar": 0, "ki": 0}
KENNEL_STANDARD = 100


class CarryRefused(GMError):
    """A carry (or rest) that cannot happen, with the reason."""


@dataclass(frozen=True)
class Change:
    """One field of one character: what the party holds now and what it will hold.
    ``after`` None removes the key; ``derived`` changes follow from others and are
    shown, not written."""

    unit: str
    field: str
    before: Any
    after: Any
    derived: bool = False

    def to_json(self) -> dict[str, Any]:
        out = {"unit": self.unit, "field": self.field, "before": self.before, "after": self.after}
        if self.derived:
            out["derived"] = True
        return out

    def text(self) -> str:
        note = " (follows from the above)" if self.derived else ""
        return f"{self.unit}: {self.field}: {shown(self.before)} -> {shown(self.after)}{note}"


def shown(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        if not value:
            return "none"
        return "; ".join(_injury_text(v) if isinstance(v, dict) else str(v) for v in value)
    return str(value)


def _injury_text(inj: dict[str, Any]) -> str:
    bits = [inj.get("intent", "deadly"), str(inj.get("severity"))]
    if inj.get("treated"):
        bits.append("treated")
    if inj.get("debilitating"):
        bits.append("debilitating")
    return f"{inj.get('name')} ({' '.join(bits)})"


def log_hash(lines: list[str]) -> str:
    """The hash a party's history records of an encounter's log (its action lines)."""
    return "sha256:" + hashlib.sha256("\n".join(lines).encode("utf-8")).hexdigest()


# ------------------------------------------------------------------ reading values


def get_field(unit: dict[str, Any], field: str) -> Any:
    head, _, rest = field.partition(".")
    if not rest:
        return unit.get(head)
    table = unit.get(head)
    return table.get(rest) if isinstance(table, dict) else None


def set_field(unit: dict[str, Any], field: str, value: Any) -> None:
    head, _, rest = field.partition(".")
    if not rest:
        if value is None:
            unit.pop(head, None)
        else:
            unit[head] = value
        return
    table = unit.setdefault(head, {})
    if value is None:
        table.pop(rest, None)
    else:
        table[rest] = value


def normal_injury(inj: dict[str, Any]) -> dict[str, Any]:
    return {"name": inj["name"], "severity": inj["severity"], **{k: inj.get(k, d) for k, d in INJURY_DEFAULTS.items()}}


def kennel_max(base: int, kennel: int, curve: str) -> int:
    """As the CTB system scales a maximum (systems/ctb/stats.py)."""
    if curve == "flat":
        return base
    if curve == "gentle":
        return base * (KENNEL_STANDARD + kennel) // (2 * KENNEL_STANDARD)
    return base * kennel // KENNEL_STANDARD


# ------------------------------------------------------------------ what persists


def persistent(state: Any, rules: Any, systems: tuple[str, ...], uid: str, setup_unit: dict[str, Any] | None = None) -> dict[str, Any]:
    """Every persistent field of ``uid`` in ``state`` (a fight's final state, or
    the initial state of the next fight), as the party would hold it."""
    unit = state.units[uid]
    out: dict[str, Any] = {}
    dead = False
    if "conflict" in systems and uid in state.boards["conflict"].chars:
        c = state.boards["conflict"].chars[uid]
        out["conflict.injuries"] = [
            {"name": i.name, "severity": i.severity, "intent": i.intent, "treated": i.treated, "debilitating": i.debilitating}
            for i in c.injuries
        ]
        carry_stress = rules.view("conflict").carry_stress
        out["conflict.stress"] = unit.stats.get("stress", 0) if carry_stress else 0
        out["conflict.fatigued_attribute"] = c.fatigued_attr if carry_stress and c.fatigued else None
        traits = list(unit.traits)
        if rules.view("conflict").conditions_as_traits:
            started = {str(cond.get("name", "")).lower() for cond in (setup_unit or {}).get("conditions", ())}
            for key, cond in unit.conditions.items():
                if cond.remaining is None and key not in FIGHT_MARKS and key not in started and cond.name not in traits:
                    traits.append(cond.name)
        out["traits"] = traits
        dead = dead or unit.has("dead")
    if "ctb" in systems:
        stats = unit.stats
        out["ctb.kennel"] = stats.get("kennel", KENNEL_STANDARD)
        for pool in CTB_POOLS:
            out[f"ctb.{pool}_base"] = stats.get(f"{pool}_base", CTB_BASE_DEFAULTS[pool])
            out[f"ctb.{pool}_max"] = stats.get(f"{pool}_max", 0)
        downed = stats.get("hp", 0) <= 0
        recalled = stats.get("recalled", 0) > 0
        # the one rule on when a Downed unit dies; a carried fight has ended, endbattle typed or not
        dies_at_end = rules.view("ctb").death_comes == "battle_end"
        dead = dead or unit.has("dead") or (downed and not recalled and dies_at_end)
        if rules.view("ctb").carry_pools == "carry":
            for pool in CTB_POOLS:
                out[f"ctb.{pool}"] = stats.get(pool, 0)
        if "traits" not in out:
            out["traits"] = list(unit.traits)
    out["dead"] = dead
    return out


def carry_changes(
    state: Any,
    rules: Any,
    systems: tuple[str, ...],
    party_units: list[dict[str, Any]],
    setup_units: list[dict[str, Any]] = (),  # type: ignore[assignment]
) -> list[Change]:
    """What the fight that ended in ``state`` changes in the party's characters
    (those of ``party_units`` that are in the fight), in the party's order."""
    for name in systems:
        if name in NOT_CHARACTERS:
            raise CarryRefused(NOT_CHARACTERS[name])
    if not any(name in CARRIED_SYSTEMS for name in systems):
        raise CarryRefused("this encounter runs no system whose characters carry (conflict, ctb)")
    by_id = {u.get("id"): u for u in setup_units}
    changes: list[Change] = []
    for party_unit in party_units:
        uid = party_unit.get("id")
        if uid not in state.units:
            continue
        final = persistent(state, rules, systems, uid, by_id.get(uid))
        changes.extend(_diff(party_unit, final, rules, systems))
    return changes


def _diff(party_unit: dict[str, Any], final: dict[str, Any], rules: Any, systems: tuple[str, ...]) -> list[Change]:
    uid = party_unit["id"]
    out: list[Change] = []

    def compare(field: str, before: Any, after: Any, derived: bool = False) -> None:
        if before != after:
            out.append(Change(uid, field, before, after, derived))

    if "conflict.injuries" in final:
        table = party_unit.get("conflict") or {}
        before = [normal_injury(i) for i in table.get("injuries", [])]
        compare("conflict.injuries", before, final["conflict.injuries"])
        compare("conflict.stress", table.get("stress", 0), final["conflict.stress"])
        compare("conflict.fatigued_attribute", table.get("fatigued_attribute"), final["conflict.fatigued_attribute"])
    if "ctb.kennel" in final:
        table = party_unit.get("ctb") or {}
        kennel = table.get("kennel", KENNEL_STANDARD)
        compare("ctb.kennel", kennel, final["ctb.kennel"])
        curve = rules.view("ctb").kennel_curve
        for pool in CTB_POOLS:
            base_key = f"{pool}_base"
            effective = table.get(base_key, table.get(pool, CTB_BASE_DEFAULTS[pool]))
            if base_key not in table and pool in table:  # the base was read from the pool: write it out
                compare(f"ctb.{base_key}", None, final[f"ctb.{base_key}"])
            else:
                compare(f"ctb.{base_key}", effective, final[f"ctb.{base_key}"])
            compare(f"ctb.{pool}_max", kennel_max(effective, kennel, curve), final[f"ctb.{pool}_max"], derived=True)
            compare(f"ctb.{pool}", table.get(pool), final.get(f"ctb.{pool}"))
    compare("traits", list(party_unit.get("traits", [])), final["traits"])
    compare("dead", bool(party_unit.get("dead", False)), final["dead"])
    return out


def apply_changes(party: dict[str, Any], changes: list[Change]) -> dict[str, Any]:
    """A copy of the party document with ``changes`` written into its units."""
    doc = copy.deepcopy(party)
    units = {u.get("id"): u for u in doc.get("units", [])}
    for change in changes:
        if change.derived:
            continue
        value = change.after
        if change.field == "dead" and value is False:
            value = None
        set_field(units[change.unit], change.field, copy.deepcopy(value))
        table = change.field.partition(".")[0]
        if table != change.field and not units[change.unit].get(table):
            units[change.unit].pop(table, None)
    return doc


def history_refusal(history: list[dict[str, Any]], name: str, digest: str, lines: int, force: bool) -> str | None:
    """Why this encounter (its name relative to the party, the hash of its log)
    cannot be carried now, or None. ``force`` carries one whose log changed."""
    for i, entry in enumerate(history):
        if entry.get("kind", "carry") != "carry":
            continue
        if entry.get("encounter") == name and entry.get("log") == digest:
            return f"{name} was already carried (history[{i}], the same log): carrying it again would count the fight twice"
        if entry.get("log") == digest and lines and entry.get("encounter") != name:
            return f"this log was already carried as {entry.get('encounter')} (history[{i}]): the same fight, under another name"
        if entry.get("encounter") == name and not force:
            return (
                f"{name} was carried before (history[{i}]) and its log has changed since "
                f"({str(entry.get('log'))[:15]}... then, {digest[:15]}... now): pass --force to carry it again"
            )
    return None


# ------------------------------------------------------------------ rest (between fights)


def stress_max(unit: dict[str, Any]) -> int:
    """A party character's Stress track: by tier, as the conflict system works it out."""
    table = unit.get("conflict") or {}
    fitness = max(0, int((table.get("attributes") or {}).get("fitness", 0)))
    tier = table.get("tier") or "main"
    values = table.get("values", 0)
    if tier == "supporting":
        return 0 if values <= 0 else (-(-fitness // 2) if values == 1 else fitness)
    if tier == "minor":
        return 0
    return fitness


def rest_changes(party: dict[str, Any], kind: str, only: list[str] | None = None) -> tuple[list[Change], list[str]]:
    """The Stress a rest clears (breather 4, break 8, sleep all) from the living
    conflict characters (``only``: these ids); and who it skips, with why."""
    if kind not in REST:
        raise CarryRefused(f"unknown rest {kind!r}: breather (4 Stress), break (8) or sleep (all)")
    ids = [u.get("id") for u in party.get("units", [])]
    for uid in only or ():
        if uid not in ids:
            raise CarryRefused(f"no character {uid!r} in the party (characters: {', '.join(map(str, ids)) or 'none'})")
    changes: list[Change] = []
    skipped: list[str] = []
    for unit in party.get("units", []):
        if only and unit.get("id") not in only:
            continue
        if "conflict" not in unit or unit.get("dead"):
            continue
        table = unit["conflict"]
        have = table.get("stress", 0)
        most = stress_max(unit)
        if have <= 0:
            continue
        if kind != "sleep" and most > 0 and have >= most:
            skipped.append(f"{unit['id']} is Fatigued: only sleep (or an ally's help) brings the Stress down")
            continue
        amount = REST[kind]
        after = 0 if amount is None else max(0, have - amount)
        changes.append(Change(unit["id"], "conflict.stress", have, after))
        if after < most and table.get("fatigued_attribute") is not None:
            changes.append(Change(unit["id"], "conflict.fatigued_attribute", table["fatigued_attribute"], None))
    return changes, skipped
