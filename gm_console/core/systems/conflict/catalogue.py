"""The conflict data: attribute and specialization names, the Minor and Major
action lists, weapon profiles, weapon qualities and Momentum spends.

The bundled file is gm_console/data/conflict.toml (read by the file layer and
handed over as ``setup.catalogues["conflict"]``); an encounter adds or
replaces entries in its ``[conflict]`` section. The schemas of both are in
tables.py; this module makes the typed lists of what they hold.
"""

from __future__ import annotations

from typing import Any

from gm_console.core.errors import nearest
from dataclasses import dataclass

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

    def __init__(self, base: dict[str, Any], extra: dict[str, Any]) -> None:
        """``base``: the bundled catalogue as CATALOGUE_TABLE fills it; ``extra``:
        the encounter's ``[conflict]`` section as BOARD_TABLE fills it (its
        EXTENSION_KEYS); both in tables.py."""
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
