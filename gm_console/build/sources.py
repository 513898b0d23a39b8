"""Where the units a GM adds come from, and finding them.

A source is written as the file writes a unit's ``from`` (docs/campaign.md):
``library:ID`` (a template of a library the encounter lists, else of the
bundled ``gm_console/data/library-<system>.toml``), ``party:ID`` (a character
of the encounter's party file), ``card:ID`` (a reactor Personnel card of the
catalogue), ``unit:ID`` (a copy of a unit already in the encounter) or
``blank:ID`` (a unit with only what its systems require, at the smallest
legal values). Libraries and the party are read by files/library.py's own
``resolve_document``, so a template is merged, checked and refused exactly
as a ``from =`` in the file would be.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gm_console.build.draft import Draft, Refused
from gm_console.core import schema as s
from gm_console.core.system import get_system, system_names
from gm_console.files.paths import DATA

KINDS = ("library", "party", "card", "unit", "blank")


@dataclass(frozen=True)
class Source:
    """A unit that can be added: its reference, its name, and the words a search matches."""

    ref: str  # library:raider, party:rhea, card:wnaf-conscript
    name: str
    where: str  # the library or party file, or the catalogue
    words: str  # name, id, tier, traits, weapons, card text: lower case
    summary: str = ""

    def matches(self, query: str) -> bool:
        return all(word in self.words for word in query.lower().split())


def bundled_library(system: str) -> Path:
    return DATA / f"library-{system}.toml"


def library_refs(draft: Draft) -> list[str]:
    """The libraries a ``library:ID`` is looked up in: the encounter's own,
    then the bundled ones of its systems (as paths from the encounter's folder)."""
    own = [ref for ref in draft.data.get("libraries", []) if isinstance(ref, str)]
    bundled = [str(bundled_library(name)) for name in draft.systems if bundled_library(name).is_file()]
    return [*own, *(b for b in bundled if b not in own)]


def sources(draft: Draft) -> list[Source]:
    """Every unit the encounter can add: templates of its libraries and the
    bundled ones (those made for all its systems), its party's living
    characters, reactor Personnel cards."""
    from gm_console.files.library import Library, LibraryFileError, all_template_ids, load_library, template
    from gm_console.files.party import PartyFileError, load_party

    base = draft.path.parent
    out: list[Source] = []
    libs: list[Library] = []
    loaded: dict[Path, Library] = {}
    for ref in library_refs(draft):
        try:
            libs.append(load_library(base / ref, (), loaded))
        except LibraryFileError:
            continue  # the encounter's check names a broken library of its own
    for tid in all_template_ids(libs):
        try:
            table, lib = template(libs, tid)
        except LookupError:
            continue
        if all(name in lib.systems for name in draft.systems):
            out.append(Source(f"library:{tid}", table.get("name") or tid, lib.path.name, _words(tid, table), _summary(table)))
    party_ref = draft.data.get("party")
    if isinstance(party_ref, str) and "reactor" not in draft.systems:
        try:
            party = load_party(base / party_ref)
        except PartyFileError:
            party = None
        for unit in party.units if party is not None else []:
            if not unit.get("dead") and all(name in party.systems for name in draft.systems):  # type: ignore[union-attr]
                out.append(Source(f"party:{unit['id']}", unit.get("name") or unit["id"], party_ref, _words(unit["id"], unit), _summary(unit)))
    if "reactor" in draft.systems:
        personnel = dict((draft.game.setup.catalogues.get("reactor") or {}).get("personnel", {}))
        personnel.update(((draft.game.setup.board("reactor") or {}).get("cards") or {}).get("personnel", {}))
        for cid, card in personnel.items():
            words = " ".join([cid, card.get("name") or "", *card.get("traits", []), card.get("faction", ""), card.get("text", "")]).lower()
            out.append(Source(f"card:{cid}", card.get("name") or cid, "reactor cards", words, f"ATK {card.get('atk', 0)} HP {card.get('hp', 1)}"))
    return out


def search(found: list[Source], query: str) -> list[Source]:
    """The sources every word of ``query`` is in (name, id, tier, trait, weapon ...)."""
    return [src for src in found if src.matches(query)]


def _words(uid: str, table: dict[str, Any]) -> str:
    words: list[str] = [uid, str(table.get("name", "")), *map(str, table.get("traits", [])), *map(str, table.get("items", []))]
    for name in system_names():
        sub = table.get(name)
        if not isinstance(sub, dict):
            continue
        words += [str(sub.get("tier", "")), str(sub.get("card", ""))]
        for weapon in sub.get("weapons", []):
            words += [weapon.get("id", ""), weapon.get("name", "")] if isinstance(weapon, dict) else [str(weapon)]
    return " ".join(w for w in words if w).lower()


def _summary(table: dict[str, Any]) -> str:
    parts: list[str] = []
    ctb = table.get("ctb")
    if isinstance(ctb, dict):
        parts.append(f"AP {ctb.get('ap_total')} HP {ctb.get('hp_base', ctb.get('hp'))} AR {ctb.get('ar_base', 0)}")
    conflict = table.get("conflict")
    if isinstance(conflict, dict):
        parts.append(f"{conflict.get('tier', '')} {', '.join(conflict.get('weapons', []))}".strip())
    reactor = table.get("reactor")
    if isinstance(reactor, dict) and reactor.get("card"):
        parts.append(f"card {reactor['card']}")
    return "; ".join(parts)


def units_for(draft: Draft, ref: str, *, count: int = 1, uid: str | None = None, over: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """The unit tables adding ``ref`` ``count`` times brings in, with free ids
    (``Draft.copies``) and ``over`` (side, zone, name, any key) on top.
    Refused naming the reason when the source cannot be found or used."""
    from gm_console.files.library import MAX_COUNT, merge

    over = dict(over or {})
    kind, _, rid = ref.partition(":")
    if kind not in KINDS or not rid:
        raise Refused([f"{ref!r}: a source is {', '.join(k + ':ID' for k in KINDS)}"])
    if not 1 <= count <= MAX_COUNT:
        raise Refused([f"count={count}: expected a whole number from 1 to {MAX_COUNT}"])
    name = over.pop("name", None)
    if kind == "unit":
        table = copy.deepcopy(draft.entry("units", rid))
    elif kind == "blank":
        table = blank(draft, rid)
    elif kind == "card":
        table = {"id": rid, "reactor": {"card": rid}}
        if "reactor" not in draft.systems:
            raise Refused([f"{ref}: a card is a reactor Personnel; this encounter runs {', '.join(draft.systems)}"])
    else:
        table = _resolved(draft, ref)
        if kind == "party":  # a character keeps its id: carry finds it by id (a second one is a duplicate)
            if count != 1:
                raise Refused([f"{ref}: a party character comes once: count applies to library templates"])
            if uid is not None and uid != rid:
                raise Refused([f"{ref}: a party character keeps its id {rid!r} (carry finds it by id)"])
            uid = rid
    table = merge(_raw(draft, table) if kind == "unit" else table, over)
    return draft.copies(table, count, uid, name)


def _raw(draft: Draft, table: dict[str, Any]) -> dict[str, Any]:
    """A unit of the encounter as the file writes it (defaults left out)."""
    from gm_console.core.setup import schema_for

    spec = schema_for(draft.systems).keys["units"].spec
    assert isinstance(spec, s.List)
    return spec.item.dump(table)


def _resolved(draft: Draft, ref: str) -> dict[str, Any]:
    """A library template or party character, merged and checked by files/library.py."""
    from gm_console.files.library import resolve_document

    data: dict[str, Any] = {"systems": list(draft.systems), "libraries": library_refs(draft), "units": [{"from": ref}]}
    if isinstance(draft.data.get("party"), str):
        data["party"] = draft.data["party"]
    resolution, problems = resolve_document(data, draft.path.parent)
    if problems:
        raise Refused([f"{ref}: {p.message}" for p in problems])
    unit = dict(resolution.data["units"][0])
    if unit.get("side") is not None and unit["side"] not in draft.ids("sides"):
        unit.pop("side")  # a side of another encounter: the add names this one's
    if unit.get("zone") is not None and unit["zone"] not in draft.ids("zones"):
        unit.pop("zone")
    return unit


def blank(draft: Draft, uid: str) -> dict[str, Any]:
    """A unit with only what its systems require, each at its smallest legal value."""
    table: dict[str, Any] = {"id": uid}
    for name in draft.systems:
        spec = get_system(name).UNIT_TABLE
        if spec is None:
            continue
        sub: dict[str, Any] = {}
        for key, known in spec.keys.items():
            if known.required:
                sub[key] = _smallest(known.spec)
        if name == "ctb":  # one of hp_base and hp is required (ctb/tables.py): the base
            sub.setdefault("hp_base", 1)
        table[name] = sub
    return table


def _smallest(spec: s.Spec) -> Any:
    if isinstance(spec, s.Int):
        return max(spec.min or 0, 1) if spec.max is None or spec.max >= 1 else spec.min
    if isinstance(spec, s.Str) and spec.choices:
        return spec.choices[0]
    if isinstance(spec, s.Bool):
        return False
    if isinstance(spec, s.List):
        return []
    return ""
