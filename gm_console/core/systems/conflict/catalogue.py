"""The conflict data: attribute and specialization names, the Minor and Major
action lists, weapon profiles, weapon qualities and Momentum spends.

The bundled file is gm_console/data/conflict.toml (read by the file layer and
handed over as ``setup.catalogues["conflict"]``); an encounter adds or
replaces entries in its ``[conflict]`` section.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from gm_console.core import schema as s
from gm_console.core.errors import nearest
from gm_console.core.schema import Key

from .house_rules import BANDS

QUALITY = re.compile(r"(accurate|area|charge|cumbersome|debilitating|hidden [1-5]|inaccurate|intense|piercing)")
QUALITY_DOC = "a quality: accurate, area, charge, cumbersome, debilitating, hidden 1-5, inaccurate, intense, piercing"
EFFECTS = ("none", "prone", "stand", "aim", "prepare", "conceal")
SPEND_EFFECTS = ("none", "prone", "withdraw", "named")
NAME_LIST = s.List(s.Id(), unique=True)

WEAPON = s.Table(
    {
        "name": Key(s.Str(), required=True, doc="shown in the log and the pane"),
        "kind": Key(s.Str(choices=("melee", "ranged")), required=True, doc="Melee or Ranged Attacks"),
        "severity": Key(s.Int(min=1, max=5), required=True, doc="the Severity of the Injury it inflicts"),
        "intent": Key(s.Str(choices=("stun", "deadly", "either")), default="either", doc="Stun, Deadly or either"),
        "range": Key(s.Str(choices=BANDS), doc="the farthest band it reaches (default: reach for melee, long for ranged)"),
        "qualities": Key(s.List(s.Str(pattern=QUALITY.pattern, pattern_doc=QUALITY_DOC), unique=True), default=[]),
        "cysuit": Key(s.Bool(), default=False, doc="any functional cysuit can form it from colony mass"),
        "text": Key(s.Text(), default="", doc="a line of description"),
    },
    name="a weapon table",
)

ACTION = s.Table(
    {
        "name": Key(s.Str(), required=True),
        "text": Key(s.Text(allow_empty=False), required=True, doc="what it does, in a line"),
        "verb": Key(s.Str(), doc="the console verb that takes this action, when it has one"),
        "effect": Key(s.Str(choices=EFFECTS), default="none", doc="what the console does when it is taken"),
    },
    name="an action table",
)

SPEND = s.Table(
    {
        "name": Key(s.Str(), required=True),
        "cost": Key(s.Int(min=1, max=9), required=True, doc="Momentum (or Threat for an NPC) per use"),
        "combat": Key(s.Bool(), default=True, doc="a combat spend: paid Momentum adds equal Threat"),
        "effect": Key(s.Str(choices=SPEND_EFFECTS), default="none", doc="what the console does: prone (on=UNIT), withdraw, named (the spend must say what it buys with why=)"),
        "text": Key(s.Text(allow_empty=False), required=True),
    },
    name="a spend table",
)

QUALITY_ENTRY = s.Table({"name": Key(s.Str(), required=True), "text": Key(s.Text(allow_empty=False), required=True)}, name="a quality table")


def _table_of(spec: s.Table, what: str) -> s.Table:
    return s.Table(extra=spec, extra_key=r"[a-z][a-z0-9-]*", name=f"a table of {what} by id")


CATALOGUE_TABLE = s.Table(
    {
        "attributes": Key(NAME_LIST, required=True, doc="the Attribute names"),
        "specializations": Key(NAME_LIST, required=True, doc="the Specialization names"),
        "minor": Key(_table_of(ACTION, "Minor Actions"), default={}),
        "major": Key(_table_of(ACTION, "Major Actions"), default={}),
        "weapons": Key(_table_of(WEAPON, "weapon profiles"), default={}),
        "qualities": Key(_table_of(QUALITY_ENTRY, "weapon qualities"), default={}),
        "spends": Key(_table_of(SPEND, "Momentum spends"), default={}),
    },
    name="the conflict catalogue",
)

# What an encounter's [conflict] section may add to the catalogue.
EXTENSION_KEYS = {
    "attributes": Key(NAME_LIST, default=[], doc="more Attribute names"),
    "specializations": Key(NAME_LIST, default=[], doc="more Specialization names"),
    "minor": Key(_table_of(ACTION, "Minor Actions"), default={}, doc="more Minor Actions, by id"),
    "major": Key(_table_of(ACTION, "Major Actions"), default={}, doc="more Major Actions, by id"),
    "weapons": Key(_table_of(WEAPON, "weapon profiles"), default={}, doc="more weapon profiles, by id"),
    "spends": Key(_table_of(SPEND, "Momentum spends"), default={}, doc="more Momentum spends, by id"),
}


@dataclass(frozen=True)
class Weapon:
    id: str
    name: str
    kind: str
    severity: int
    intent: str
    range: str
    qualities: tuple[str, ...]
    cysuit: bool = False
    text: str = ""

    @property
    def melee(self) -> bool:
        return self.kind == "melee"

    def has(self, quality: str) -> bool:
        return any(q == quality or q.startswith(quality + " ") for q in self.qualities)

    def hidden(self) -> int | None:
        for q in self.qualities:
            if q.startswith("hidden "):
                return int(q.split()[1])
        return None

    def intents(self) -> tuple[str, ...]:
        return ("stun", "deadly") if self.intent == "either" else (self.intent,)

    def describe(self) -> str:
        quals = f", {', '.join(self.qualities)}" if self.qualities else ""
        return f"{self.name} ({self.kind}, Severity {self.severity}, {self.intent}{quals})"


@dataclass(frozen=True)
class Entry:
    id: str
    name: str
    text: str
    verb: str | None = None
    effect: str = "none"


@dataclass(frozen=True)
class Spend:
    id: str
    name: str
    cost: int
    combat: bool
    effect: str
    text: str


class Catalogue:
    """The merged lists one encounter plays with (bundled data + its own)."""

    def __init__(self, base: dict[str, Any] | None, extra: dict[str, Any]) -> None:
        """``base``: the bundled catalogue as CATALOGUE_TABLE fills it (None when
        there is none); ``extra``: the encounter's ``[conflict]`` section as
        BOARD_TABLE fills it (its EXTENSION_KEYS)."""
        base = base if base is not None else CATALOGUE_TABLE.check({"attributes": [], "specializations": []}, "", [])
        self.attributes: tuple[str, ...] = tuple(dict.fromkeys([*base["attributes"], *extra["attributes"]]))
        self.specializations: tuple[str, ...] = tuple(dict.fromkeys([*base["specializations"], *extra["specializations"]]))
        self.minor = {k: Entry(k, v["name"], v["text"], v.get("verb"), v["effect"]) for k, v in _merged(base, extra, "minor").items()}
        self.major = {k: Entry(k, v["name"], v["text"], v.get("verb"), v["effect"]) for k, v in _merged(base, extra, "major").items()}
        self.weapons = {k: _weapon(k, v) for k, v in _merged(base, extra, "weapons").items()}
        self.qualities = {k: (v["name"], v["text"]) for k, v in base["qualities"].items()}
        self.spends = {k: Spend(k, v["name"], v["cost"], v["combat"], v["effect"], v["text"]) for k, v in _merged(base, extra, "spends").items()}

    def weapon(self, wid: str) -> Weapon | None:
        return self.weapons.get(wid)

    def suggest(self, name: str, known) -> str:
        hint = nearest(name, list(known))
        return f" (did you mean {hint!r}?)" if hint else ""


def _merged(base: dict[str, Any], extra: dict[str, Any], key: str) -> dict[str, Any]:
    out = dict(base[key])
    out.update(extra[key])
    return out


def _weapon(wid: str, v: dict[str, Any]) -> Weapon:
    default_range = "reach" if v["kind"] == "melee" else "long"
    return Weapon(
        wid,
        v["name"],
        v["kind"],
        v["severity"],
        v["intent"],
        v.get("range") or default_range,  # (no schema default: it depends on the kind)
        tuple(v["qualities"]),
        v["cysuit"],
        v["text"],
    )
