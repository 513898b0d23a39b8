"""Carrying a fight's consequences to the party: pure functions on plain data.

``carry_changes`` compares a fight's final state with the party document's
characters and lists what persists, field by field, as ``Change`` values
(unit, field, before, after); ``apply_changes`` writes them into a copy of
the party document. What persists is each system's business, asked through
its System hooks (core/system.py; the logic in ``systems/<name>/carry.py``):
``carry_refusal`` (a system whose units are not characters refuses),
``persistent`` (the fields it carries of a unit, and whether the fight
killed it), ``party_changes`` (its fields compared with the party's, derived
ones marked) and, between fights, ``rest`` with the kinds in ``RESTS``. The
campaign house rules (core/campaign_rules.py) of the carried encounter decide
what a system carries; this module names no system.

Fields are paths into a party unit's table: ``dead`` and ``traits`` at its
top, ``<system>.<key>`` in its system table. A system's ``persistent`` may
also give ``notes``, a field's path to why it changes (a rule of the text, a
house rule): the Change of that field carries it as its ``note``, shown by
the carry (its output, ``--json``), not written to the party. No file is
read or written here (files/party.py does that).
"""

from __future__ import annotations

import copy
from typing import Any

from gm_console.core.errors import GMError
from gm_console.core.system import System, all_systems, get_system, system_names
from dataclasses import dataclass, replace


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
    note: str = ""  # why, when a rule says so (shown, not written to the party)

    def to_json(self) -> dict[str, Any]:
        out = {"unit": self.unit, "field": self.field, "before": self.before, "after": self.after}
        if self.derived:
            out["derived"] = True
        if self.note:
            out["note"] = self.note
        return out

    def text(self) -> str:
        note = " (follows from the above)" if self.derived else ""
        why = f" ({self.note})" if self.note else ""
        return f"{self.unit}: {self.field}: {shown(self.before)} -> {shown(self.after)}{note}{why}"


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
    import hashlib  # here: every system imports this module, and hashlib sets up OpenSSL (~640 KB)

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


# ------------------------------------------------------------------ what persists


def _systems(names: tuple[str, ...] | list[str]) -> list[System]:
    """The registered systems among ``names``, in the registry's order (so the
    changes are listed in the same order whatever order the encounter names them)."""
    return [get_system(name) for name in system_names() if name in names]


def persistent(state: Any, rules: Any, systems: tuple[str, ...], uid: str, setup_unit: dict[str, Any] | None = None) -> dict[str, Any]:
    """Every persistent field of ``uid`` in ``state`` (a fight's final state, or
    the initial state of the next fight), as the party would hold it: each
    carrying system's ``persistent``, joined (``traits`` the unit's own and what
    each system adds, ``dead`` when any system says so)."""
    unit = state.units[uid]
    out: dict[str, Any] = {}
    traits: list[str] | None = None
    dead = False
    notes: dict[str, str] = {}
    for system in _systems(systems):
        if not system.CARRIES:
            continue
        part = dict(system.persistent(state, rules, uid, setup_unit))
        dead = bool(part.pop("dead", False)) or dead
        more = part.pop("traits", None)
        if more is not None:
            traits = list(more) if traits is None else traits + [t for t in more if t not in traits]
        for field, why in part.pop("notes", {}).items():
            notes[field] = f"{notes[field]}; {why}" if field in notes else why
        out.update(part)
    out["traits"] = list(unit.traits) if traits is None else traits
    out["dead"] = dead
    if notes:
        out["notes"] = notes
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
    here = _systems(systems)
    for system in here:
        why = system.carry_refusal()
        if why:
            raise CarryRefused(why)
    if not any(system.CARRIES for system in here):
        carried = ", ".join(system.NAME for system in all_systems() if system.CARRIES)
        raise CarryRefused(f"this encounter runs no system whose characters carry ({carried})")
    by_id = {u.get("id"): u for u in setup_units}
    changes: list[Change] = []
    for party_unit in party_units:
        uid = party_unit.get("id")
        if uid not in state.units:
            continue
        assert isinstance(uid, str)  # a key of state.units, which are unit ids
        final = persistent(state, rules, systems, uid, by_id.get(uid))
        changes.extend(_diff(party_unit, final, rules, here))
    return changes


def _diff(party_unit: dict[str, Any], final: dict[str, Any], rules: Any, here: list[System]) -> list[Change]:
    uid = party_unit["id"]
    out: list[Change] = []
    for system in here:
        if system.CARRIES:
            out.extend(system.party_changes(party_unit, final, rules))
    before = {"traits": list(party_unit.get("traits", [])), "dead": bool(party_unit.get("dead", False))}
    out.extend(Change(uid, field, was, final[field]) for field, was in before.items() if was != final[field])
    notes = final.get("notes") or {}
    return [replace(c, note=notes[c.field]) if c.field in notes and not c.note else c for c in out]


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


def _rests() -> dict[str, str]:
    """Every system's rests, to what they recover, in the registry's order."""
    out: dict[str, str] = {}
    for system in all_systems():
        for kind, words in system.RESTS.items():
            out.setdefault(kind, words)
    return out


def _either(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def rest_changes(party: dict[str, Any], kind: str, only: list[str] | None = None) -> tuple[list[Change], list[str]]:
    """What a rest between fights changes in the living characters (``only``:
    these ids): each system's ``rest`` on the characters with its table, the
    kind one of some system's ``RESTS``; and who it passes by, with why."""
    rests = _rests()
    if kind not in rests:
        known = _either([f"{name} ({words})" for name, words in rests.items()]) if rests else "no system knows one"
        raise CarryRefused(f"unknown rest {kind!r}: {known}")
    ids = [u.get("id") for u in party.get("units", [])]
    for uid in only or ():
        if uid not in ids:
            raise CarryRefused(f"no character {uid!r} in the party (characters: {', '.join(map(str, ids)) or 'none'})")
    here = [system for system in all_systems() if system.RESTS]
    changes: list[Change] = []
    skipped: list[str] = []
    for unit in party.get("units", []):
        if only and unit.get("id") not in only:
            continue
        if unit.get("dead"):
            continue
        for system in here:
            if system.NAME not in unit:
                continue
            more, why = system.rest(unit, kind)
            changes.extend(more)
            if why:
                skipped.append(why)
    return changes, skipped
