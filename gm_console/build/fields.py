"""What a GM can set in an encounter, with its legal range, and how a typed
value is read for it.

Everything here comes from the schema the loader checks with
(``core/setup.py``'s encounter schema, each system's ``UNIT_TABLE`` and
``BOARD_TABLE``, ``core/schema.py``): a field's range is its spec's own
``describe()``, the words ``gm-console validate`` uses, so the build screen
and the validator never disagree. A key path is a tuple of keys, with the id
of a unit, zone or side in place of its index: ``("units", "ren", "ctb", "atk")``.
"""

from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass
from typing import Any

from gm_console.core import schema as s
from gm_console.core.rules import HouseRule
from gm_console.core.setup import schema_for
from gm_console.core.system import get_system

LISTS = ("units", "zones", "sides")  # arrays of tables a path names by id
Path_ = tuple[str, ...]


def spec_at(systems: list[str] | tuple[str, ...], path: Path_) -> s.Spec | None:
    """The spec of the value at ``path`` in an encounter of ``systems``, or None."""
    spec: s.Spec | None = schema_for(systems)
    keys = list(path)
    at_root = True
    while keys and spec is not None:
        key = keys.pop(0)
        if isinstance(spec, s.Table):
            known = spec.keys.get(key)
            spec = known.spec if known is not None else spec.extra
            if at_root and key in LISTS and isinstance(spec, s.List):
                if not keys:
                    return spec
                keys.pop(0)  # the id
                spec = spec.item
        elif isinstance(spec, s.List):
            spec = spec.item if key.isdigit() else None
        else:
            return None
        at_root = False
    return spec


def parse_value(text: str, spec: s.Spec | None) -> Any:
    """The value a GM typed for ``spec``: a number for a number, true/false,
    a comma-separated list (or a TOML array), a TOML inline table. What does
    not read as the spec's type is returned as the text it is, for the schema
    to refuse with its own words. Raises ValueError for malformed TOML."""
    text = text.strip()
    if isinstance(spec, s.Bool):
        word = text.lower()
        return True if word in ("true", "yes", "on") else False if word in ("false", "no", "off") else text
    if isinstance(spec, s.Int):
        try:
            return int(text.replace("_", ""))
        except ValueError:
            return text
    if isinstance(spec, s.Float):
        try:
            return float(text)
        except ValueError:
            return text
    if isinstance(spec, s.Str):
        if text[:1] in ('"', "'"):
            return toml_value(text)
        return text.replace("\\n", "\n") if spec.multiline else text  # a line break typed as \n
    if isinstance(spec, s.List):
        if text.startswith("["):
            return toml_value(text)
        return [parse_value(part, spec.item) for part in text.split(",") if part.strip()] if text else []
    if isinstance(spec, s.Table):
        return toml_value(text) if text.startswith("{") else text
    try:
        return toml_value(text)
    except ValueError:
        return text


def toml_value(text: str) -> Any:
    """A TOML value written inline (``[1, 2]``, ``{ id = "axe", dam = 6 }``, ``"text"``)."""
    try:
        return tomllib.loads(f"v = {text}")["v"]
    except (tomllib.TOMLDecodeError, RecursionError, ValueError) as exc:
        raise ValueError(f"not a TOML value: {text[:60]!r} ({exc})") from None


_BARE = re.compile(r"[A-Za-z0-9_-]+")


def inline(value: Any) -> str:
    """``value`` written as inline TOML (what ``toml_value`` reads back)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(inline(v) for v in value) + "]"
    if isinstance(value, dict):
        if not value:
            return "{}"
        return "{ " + ", ".join(f"{k if _BARE.fullmatch(k) else json.dumps(k)} = {inline(v)}" for k, v in value.items()) + " }"
    return str(value)


def shown(value: Any, spec: s.Spec | None = None) -> str:
    """A value as a GM types it back: text as is, a list of words comma-separated, the rest inline TOML."""
    if value is s.MISSING or value is None:
        return ""
    if isinstance(value, str):
        return value.replace("\n", "\\n") if isinstance(spec, s.Str) and spec.multiline else value  # one line to edit
    if isinstance(value, list) and all(isinstance(v, str) and "," not in v and v.strip() == v for v in value) and not isinstance(spec, s.Custom):
        return ", ".join(value)
    return inline(value)


@dataclass(frozen=True)
class Field:
    """One settable value: its key path, spec, documentation and current value."""

    path: Path_
    spec: s.Spec
    doc: str
    value: Any  # s.MISSING when the file does not set it
    default: Any = s.MISSING
    known: tuple[str, ...] = ()  # the names the catalogue has for it (conflict's weapon ids ...)

    @property
    def key(self) -> str:
        """The path inside its entry (``ctb.atk``): what ``--set UNIT.KEY=`` names."""
        inner = self.path[2:] if self.path[0] in LISTS else self.path
        return ".".join(inner)

    @property
    def range(self) -> str:
        return self.spec.describe()

    def text(self) -> str:
        """The value to edit: the current one, else the default (empty when neither)."""
        return shown(self.value if self.value is not s.MISSING else self.default, self.spec)


def _walk(base: Path_, table: s.Table, data: dict[str, Any], skip: tuple[str, ...], catalogue: dict[str, Any]) -> list[Field]:
    out: list[Field] = []
    for key, known in table.keys.items():
        if key in skip:
            continue
        path = (*base, key)
        value = data.get(key, s.MISSING) if isinstance(data, dict) else s.MISSING
        spec = known.spec
        if isinstance(spec, s.Table) and spec.keys:  # a system's table, [players]: key by key
            out += _walk(path, spec, value if isinstance(value, dict) else {}, (), catalogue)
            continue
        if isinstance(spec, s.Table) and not spec.keys and spec.extra is not None and not isinstance(spec.extra, (s.Table, s.Custom)):
            names = [n for n in catalogue.get(key, []) if isinstance(n, str)]
            have = value if isinstance(value, dict) else {}
            for name in [*names, *(k for k in have if k not in names)]:
                out.append(Field((*path, name), spec.extra, f"{key}: {name}", have.get(name, s.MISSING), 0 if isinstance(spec.extra, s.Int) else s.MISSING))
            if names or have:
                continue
        if isinstance(spec, s.Custom):  # a section of a system the encounter does not run
            continue
        names = catalogue.get(key, []) if isinstance(spec, s.List) else []
        out.append(Field(path, spec, known.doc, value, known.default, tuple(n for n in names if isinstance(n, str))))
    return out


def _catalogue(setup: Any) -> dict[str, Any]:
    """Name lists the catalogues declare (conflict's attributes and
    specializations), with what the encounter's board adds."""
    names: dict[str, Any] = {}
    for system in setup.systems:
        cat = setup.catalogues.get(system) or {}
        board = setup.board(system) or {}
        for key, value in cat.items():
            if isinstance(value, (list, dict)):  # a list of names, or a table by id (weapon profiles)
                names[key] = [*value, *(v for v in board.get(key, []) if v not in value)]
    return names


def unit_fields(setup: Any, unit: dict[str, Any]) -> list[Field]:
    """Every key of a unit in this encounter: name, side, zone, traits, items,
    conditions, and each system's table key by key (scores by their catalogue names)."""
    table = schema_for(setup.systems).keys["units"].spec
    assert isinstance(table, s.List) and isinstance(table.item, s.Table)
    found = _walk(("units", unit["id"]), table.item, unit, ("id",), _catalogue(setup))
    # where it stands, then its systems' numbers, then traits, items, conditions
    rank = {"name": 0, "side": 0, "zone": 0, **{name: 1 for name in setup.systems}}
    return sorted(found, key=lambda field: rank.get(field.path[2], 2))


def zone_fields(setup: Any, zone: dict[str, Any]) -> list[Field]:
    from gm_console.core.setup import ZONE

    return _walk(("zones", zone["id"]), ZONE, zone, ("id",), {})


def side_fields(setup: Any, side: dict[str, Any]) -> list[Field]:
    from gm_console.core.setup import SIDE

    return _walk(("sides", side["id"]), SIDE, side, ("id",), {})


ENCOUNTER_KEYS = ("title", "description", "seed", "dice", "pools", "players", "party", "libraries")


def encounter_fields(setup: Any, data: dict[str, Any]) -> list[Field]:
    """The encounter's own keys and each system's board (``[ctb]``, ``[conflict]``, ``[reactor]``)."""
    schema = schema_for(setup.systems)
    out: list[Field] = []
    for key in (*ENCOUNTER_KEYS, *setup.systems):
        known = schema.keys.get(key)
        if known is None:
            continue
        if key == "pools":
            pools = data.get("pools", {})
            names = [*pools, *(p for p in ("momentum", "threat") if "conflict" in setup.systems and p not in pools)]
            spec = schema.keys["pools"].spec
            assert isinstance(spec, s.Table) and spec.extra is not None
            out += [Field(("pools", p), spec.extra, "a shared pool", pools.get(p, s.MISSING)) for p in names]
            continue
        if isinstance(known.spec, s.Table) and known.spec.keys:
            out += _walk((key,), known.spec, data.get(key, {}), (), {})
            continue
        out.append(Field((key,), known.spec, known.doc, data.get(key, s.MISSING), known.default))
    return out


@dataclass(frozen=True)
class HouseField:
    """A house rule as the build screen lists it."""

    rule: HouseRule
    value: Any  # in force

    @property
    def path(self) -> Path_:
        return ("house_rules", self.rule.system, self.rule.name)

    @property
    def changed(self) -> bool:
        return self.value != self.rule.default

    @property
    def departs(self) -> str | None:
        return self.rule.departure(self.value)


def house_fields(setup: Any) -> list[HouseField]:
    """Every house rule of the encounter's systems, with the value in force."""
    out: list[HouseField] = []
    for name in setup.systems:
        given = setup.house_rules.get(name) or {}
        for rule in get_system(name).HOUSE_RULES:
            out.append(HouseField(rule, given.get(rule.name, rule.default)))
    return out


def house_rule(systems: tuple[str, ...] | list[str], key: str) -> HouseRule:
    """The house rule ``key`` (``tie_break`` or ``ctb.tie_break``) of these systems; LookupError naming the choices."""
    from gm_console.core.errors import UnknownName

    system, _, name = key.rpartition(".")
    rules = [r for n in systems if not system or n == system for r in get_system(n).HOUSE_RULES]
    found = [r for r in rules if r.name == name]
    if len(found) > 1:
        raise LookupError(f"house rule {name!r} is in {' and '.join(r.system for r in found)}: write {found[0].system}.{name}")
    if not found:
        raise LookupError(str(UnknownName("house rule", key, [r.key if system else r.name for r in rules])))
    return found[0]
