"""An encounter's setup: the schema of the encounter file, its checks, and
the ``Setup`` value the engine starts from.

The file format (version 1) is documented in docs/encounter-format.md; the
schema here is the single source of truth for what that page says.
"""

from __future__ import annotations


import functools
import re
from collections.abc import Iterable, Mapping
from typing import Any

from gm_console.core import schema as s
from gm_console.core.schema import INVALID, Key, Problem
from gm_console.core.system import System, all_systems, get_system, system_names
from dataclasses import dataclass

FORMAT_VERSION = 1
DICE_MODES = ("auto", "manual")

SIDE = s.Table(
    {
        "id": Key(s.Id(), required=True, doc="how actions and units refer to the side"),
        "name": Key(s.Str(), doc="shown in the panes (default: the id)"),
        "controller": Key(s.Str(choices=("players", "gm")), default="gm", doc="who runs the side"),
    },
    name="a side table",
)

ZONE = s.Table(
    {
        "id": Key(s.Id(), required=True, doc="how actions refer to the zone"),
        "name": Key(s.Str(), doc="shown on the map (default: the id)"),
        "adjacent": Key(s.List(s.Id(), unique=True), default=[], doc="ids of zones one move away (both ways)"),
        "traits": Key(s.List(s.Str(), unique=True), default=[], doc="location Traits, such as cover"),
        "hidden": Key(s.Bool(), default=False, doc="fog of war: hidden until revealed"),
        "locked": Key(s.List(s.Id(), unique=True), default=[], doc="adjacent zones behind a locked connection"),
        "chip": Key(s.Str(), doc="the Map Chip (an item) that reveals this zone and opens its locked connections"),
    },
    name="a zone table",
)

CONDITION = s.Table(
    {
        "name": Key(s.Str(), required=True, doc="the condition"),
        "for": Key(
            s.Str(pattern=r"[1-9][0-9]{0,8}[trs]", pattern_doc="a duration like 2t, 3r or 1s (at most 9 digits)", max_len=None),
            doc="how long: turns, rounds or Shift Ends",
        ),
    },
    name="a condition table",
)

POOL_SPEC = s.Int(min=-1000, max=1000)

PLAYERS = s.Table(
    {
        "health": Key(
            s.Str(choices=("exact", "descriptor", "hidden")),
            default="descriptor",
            doc="NPC health in the player view: exact numbers, a descriptor (Unhurt, Hurt, Bloodied, Down) or nothing",
        ),
        "threat": Key(s.Bool(), default=False, doc="whether the player view shows the Threat pool"),
        "turns_shown": Key(s.Int(min=1, max=20), default=5, doc="how many next turns the player view lists"),
    },
    name="a players table",
)


ANY = s.Custom(description="a table (checked once its system is in systems)")


def unit_schema(systems: list[System]) -> s.Table:
    keys: dict[str, Key] = {
        "id": Key(s.Id(), required=True, doc="how actions refer to the unit"),
        "name": Key(s.Str(), doc="shown in the panes (default: the id)"),
        "side": Key(s.Id(), required=True, doc="id of the unit's side"),
        "zone": Key(s.Id(), doc="id of the zone it starts in"),
        "stats": Key(
            s.Table(extra=s.Int(), extra_key=r"[a-z][a-z0-9_]*", name="a table of whole numbers"),
            default={},
            doc="free-form numbers (`set UNIT STAT N` changes them)",
        ),
        "traits": Key(s.List(s.Str(), unique=True), default=[], doc="named traits"),
        "items": Key(s.List(s.Str()), default=[], doc="equipment and carried items"),
        "conditions": Key(s.List(CONDITION), default=[], doc="conditions at the start"),
    }
    for system in systems:
        if system.UNIT_TABLE is not None:
            keys[system.NAME] = Key(system.UNIT_TABLE, doc=f"the unit's {system.TITLE} stats")
    _admit_unused(keys, systems)
    return s.Table(keys, name="a unit table")


def template_schema(systems: list[System]) -> s.Table:
    """A unit template of an encounter's ``[templates.ID]``: a unit table
    without its id (the key is the id), side optional (the side it usually joins)."""
    keys = {k: v for k, v in unit_schema(systems).keys.items() if k != "id"}
    keys["side"] = Key(s.Id(), doc="id of the side it joins unless the `add` names one")
    return s.Table(keys, name="a unit template")


def _admit_unused(keys: dict[str, Key], systems: list[System]) -> None:
    """Sections of registered systems the file does not use pass the schema, so
    that the cross-checks can say "not in systems" instead of "unknown key"."""
    used = {system.NAME for system in systems}
    for name in system_names():
        if name not in used and name not in keys:
            keys[name] = Key(ANY)


@functools.cache
def _schema_for(names: tuple[str, ...]) -> s.Table:
    return encounter_schema([get_system(n) for n in names])


def schema_for(names: Iterable[str]) -> s.Table:
    """The encounter schema for a file using these systems (cached)."""
    known = set(system_names())
    return _schema_for(tuple(n for n in names if isinstance(n, str) and n in known))


def encounter_schema(systems: list[System] | None = None) -> s.Table:
    """The schema of an encounter using ``systems`` (all registered ones by default)."""
    from gm_console.core.campaign_rules import retired_keys  # a retired house rule: refused with its replacement

    systems = all_systems() if systems is None else systems
    names = tuple(system_names())
    house_keys = {
        sys.NAME: Key(
            s.Table({**{r.name: Key(r.spec, doc=r.title) for r in sys.HOUSE_RULES}, **retired_keys(sys.NAME)}, name=f"a table of {sys.NAME} house rules")
        )
        for sys in systems
        if sys.HOUSE_RULES
    }
    _admit_unused(house_keys, systems)
    house = s.Table(house_keys, name="a table of house rules by system")
    keys: dict[str, Key] = {
        "format": Key(s.Int(), required=True, doc=f"the file format version, {FORMAT_VERSION}"),
        "title": Key(s.Str(), required=True, doc="shown in the title bar"),
        "description": Key(s.Text(), default="", doc="notes for the GM"),
        "systems": Key(s.List(s.Str(choices=names), unique=True), required=True, doc="rule systems in use"),
        "seed": Key(s.Int(min=0, max=2**63 - 1), default=0, doc="seed of the dice the console rolls"),
        "dice": Key(s.Str(choices=DICE_MODES), default="auto", doc="auto: the console rolls; manual: the GM enters"),
        "house_rules": Key(house, default={}, doc="`[house_rules.<system>]`: overrides of named house rules"),
        "sides": Key(s.List(SIDE, min_len=1), required=True, doc="the sides of the fight"),
        "zones": Key(s.List(ZONE), default=[], doc="the battlefield's zones"),
        "pools": Key(
            s.Table(extra=POOL_SPEC, extra_key=r"[a-z][a-z0-9_]*", name="a table of pool values"),
            default={},
            doc="shared pools by name (Momentum, Threat, ...)",
        ),
        "players": Key(PLAYERS, default={}, doc="`[players]`: what the player view shows (docs/players.md)"),
        "party": Key(s.Str(), doc="the party file the characters come from, relative to this file (docs/campaign.md)"),
        "libraries": Key(s.List(s.Str(), unique=True), default=[], doc="library files of unit templates, relative to this file (docs/campaign.md)"),
        "units": Key(s.List(unit_schema(systems)), default=[], doc="everyone in the fight at the start"),
        "templates": Key(
            s.Table(extra=template_schema(systems), name="a table of unit templates by id"),
            default={},
            doc="`[templates.ID]`: unit templates for `add UNIT from=library:ID`, copied in from the libraries when first used (docs/campaign.md)",
        ),
    }
    for system in systems:
        if system.BOARD_TABLE is not None:
            keys[system.NAME] = Key(system.BOARD_TABLE, doc=f"the {system.TITLE} board")
    _admit_unused(keys, systems)
    # the log's lines are checked (characters, length, numbers) by the notation as they are replayed,
    # which names the entry: log[3]
    keys["log"] = Key(s.List(s.Str(allow_empty=True, raw=True, max_len=None)), default=[], doc="the actions, one notation line each")
    return s.Table(keys, name="an encounter")


@dataclass(frozen=True, slots=True)
class SideSpec:
    """A side as the file sets it up (``[[sides]]``), defaults filled."""

    id: str
    name: str
    controller: str  # "players" or "gm" (the state's Side says which: Side.is_players)


@dataclass(frozen=True, slots=True)
class ZoneSpec:
    """A zone as the file sets it up (``[[zones]]``), defaults filled."""

    id: str
    name: str
    adjacent: tuple[str, ...]  # as written; the engine makes adjacency two-way
    traits: tuple[str, ...]
    hidden: bool
    locked: tuple[str, ...]
    chip: str | None


class Setup:
    """A validated encounter setup (everything in the file but the log).

    Built from what the schema passed, so every default is filled: the
    sides and zones are typed values, the rest is read from ``data`` as the
    schema left it (``units`` are the unit tables, each system reading its own)."""

    def __init__(self, data: Mapping[str, Any], catalogues: Mapping[str, Any] | None = None) -> None:
        self.data = {k: v for k, v in data.items() if k != "log"}
        self.catalogues = dict(catalogues or {})
        self._dumped: dict[str, Any] | None = None
        # the text of the file it was read from (set by the file layer): a save
        # keeps it as the GM wrote it and changes only what play changed
        self.source: str | None = None
        self.brought: set[str] = set()  # the templates play took in (add_template), not the file
        self.sides = tuple(SideSpec(d["id"], d.get("name") or d["id"], d["controller"]) for d in self.data["sides"])
        self.zones = tuple(
            ZoneSpec(z["id"], z.get("name") or z["id"], tuple(z["adjacent"]), tuple(z["traits"]), z["hidden"], tuple(z["locked"]), z.get("chip"))
            for z in self.data["zones"]
        )

    title = property(lambda self: self.data["title"])
    description = property(lambda self: self.data["description"])
    systems = property(lambda self: tuple(self.data["systems"]))
    seed = property(lambda self: self.data["seed"])
    dice = property(lambda self: self.data["dice"])
    house_rules = property(lambda self: self.data["house_rules"])
    units = property(lambda self: self.data["units"])
    pools = property(lambda self: self.data["pools"])
    players = property(lambda self: self.data["players"])
    templates = property(lambda self: self.data["templates"])

    def add_template(self, key: str, table: dict[str, Any]) -> None:
        """Keep a checked template (``Game.add_template``): the one change a setup
        takes after loading, so that ``add UNIT from=library:KEY`` replays from
        the encounter alone."""
        self.data["templates"] = {**self.templates, key: table}
        self.brought.add(key)
        self._dumped = None

    def drop_template(self, key: str) -> None:
        """Let go of a template play took in (an add that was then refused)."""
        if key in self.brought:
            self.data["templates"] = {k: v for k, v in self.templates.items() if k != key}
            self.brought.discard(key)
            self._dumped = None

    def with_unit(self, spec: Mapping[str, Any]) -> Setup:
        """This setup as a unit joining mid-fight sees it (its table among the
        units, for a system's ``init_unit`` that reads them)."""
        view = Setup({k: v for k, v in self.data.items() if k != "units"}, self.catalogues)
        view.data["units"] = [*self.units, dict(spec)]
        return view

    def set_dice(self, mode: str) -> None:
        """The dice mode (auto/manual) the GM switched to: it belongs to the
        encounter, so the next save writes it and a reopen starts in it."""
        if mode not in DICE_MODES:
            raise ValueError(f"dice mode {mode!r}: expected one of {', '.join(DICE_MODES)}")
        self.data["dice"] = mode
        self._dumped = None

    def board(self, system: str) -> dict[str, Any] | None:
        return self.data.get(system)

    def to_dict(self, log: list[str], *, unused: Iterable[str] = ()) -> dict[str, Any]:
        """The normalised document (defaults left out, keys in schema order),
        without the ``unused`` templates of those play took in."""
        if self._dumped is None:
            self._dumped = schema_for(self.systems).dump(self.data)
        data = dict(self._dumped)
        drop = set(unused) & self.brought
        if drop and "templates" in data:
            data["templates"] = {k: v for k, v in data["templates"].items() if k not in drop}
            if not data["templates"]:
                del data["templates"]
        if log:
            data["log"] = list(log)
        return data


def check_document(data: Any) -> tuple[Setup | None, list[str], list[Problem]]:
    """Validate a parsed encounter document; return (setup, log lines, problems).

    The setup is None when there is any problem. The log lines are checked by
    the engine when it replays them (see ``Game.load``).
    """
    if not isinstance(data, dict):
        return None, [], [Problem("", "expected a TOML table at the top level")]
    problems: list[Problem] = []
    fmt = data.get("format")
    if isinstance(fmt, int) and not isinstance(fmt, bool) and fmt != FORMAT_VERSION:
        problems.append(Problem("format", f"unsupported format version {s.shown_value(fmt)}; this console reads version {FORMAT_VERSION}"))
        return None, [], problems
    given = data.get("systems")
    named = given if isinstance(given, list) else []
    doc = schema_for(named).check(data, "", problems)
    if doc is INVALID:
        return None, [], problems
    _check_references(doc, problems)
    systems = [n for n in _list(doc.get("systems")) if isinstance(n, str) and n in system_names()]
    log = [line for line in _list(doc.get("log")) if isinstance(line, str)]
    if problems:  # a setup is built only from what the schema passed whole
        return None, log, problems
    setup = Setup(doc)
    for name in systems:
        get_system(name).check_setup(setup, problems)
    for key, table in setup.templates.items():
        problems += template_problems(setup, key, table)
    return (None if problems else setup), log, problems


def check_template(setup: Setup, key: str, table: Any) -> tuple[dict[str, Any] | None, list[Problem]]:
    """A template for ``setup`` (from a library, or a recovery journal) checked
    as the file's ``[templates.KEY]`` would be: (the normal table, problems)."""
    path = f"templates.{key}"
    if len(key) > 80 or not re.fullmatch(s.ID_PATTERN, key):
        return None, [Problem(path, f"a template id is an id (a letter, then letters, digits, _ or -), got {s.shown_value(key)}")]
    names = [n for n in setup.systems if n in system_names()]
    out, problems = s.validate(table, template_schema([get_system(n) for n in names]), path)
    if problems:
        return None, problems
    problems = template_problems(setup, key, out)
    return (None if problems else out), problems


def template_problems(setup: Setup, key: str, table: dict[str, Any]) -> list[Problem]:
    """What the systems say of a template, as of a unit of the setup (a CTB unit
    needs its table, ...), at ``templates.KEY``: each system checks a setup
    whose one unit is the template."""
    path = f"templates.{key}"
    problems: list[Problem] = []
    used = set(setup.systems)
    for name in system_names():
        if name in table and name not in used:
            problems.append(Problem(f"{path}.{name}", f"a {name} table, but {name!r} is not in systems"))
    if problems or not setup.sides:
        return problems
    spec = {**table, "id": key, "side": table.get("side") or setup.sides[0].id}
    spec.pop("zone", None)  # a template's zone is checked where it is used: an `add` may name another
    probe = Setup({**{k: v for k, v in setup.data.items() if k != "templates"}, "units": [spec]}, setup.catalogues)
    found: list[Problem] = []
    for name in setup.systems:
        if name in system_names():
            get_system(name).check_setup(probe, found)
    for p in found:
        if p.path == "units[0]" or p.path.startswith(("units[0].", "units[0][")):
            problems.append(Problem(path + p.path[len("units[0]") :], p.message))
    return problems


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _ids(items: Any, path: str, what: str, problems: list[Problem]) -> set[str]:
    seen: set[str] = set()
    for i, item in enumerate(_list(items)):
        if not isinstance(item, dict) or not isinstance(item.get("id"), str):
            continue
        if item["id"] in seen:
            problems.append(Problem(s.join(s.join(path, i), "id"), f"duplicate {what} id {item['id']!r}"))
        seen.add(item["id"])
    return seen


def _ref(value: Any, known: set[str], path: str, what: str, problems: list[Problem]) -> None:
    if isinstance(value, str) and value not in known:
        from gm_console.core.errors import UnknownName

        problems.append(Problem(path, str(UnknownName(what, value, known))))


def _check_references(doc: dict[str, Any], problems: list[Problem]) -> None:
    sides = _ids(doc.get("sides"), "sides", "side", problems)
    zones = _ids(doc.get("zones"), "zones", "zone", problems)
    _ids(doc.get("units"), "units", "unit", problems)
    for i, zone in enumerate(_list(doc.get("zones"))):
        if not isinstance(zone, dict) or not isinstance(zone.get("adjacent"), list):
            continue
        for j, other in enumerate(zone["adjacent"]):
            path = f"zones[{i}].adjacent[{j}]"
            _ref(other, zones, path, "zone", problems)
            if other == zone.get("id"):
                problems.append(Problem(path, "a zone cannot be adjacent to itself"))
    _check_locks(doc, problems)
    used = {n for n in _list(doc.get("systems")) if isinstance(n, str)}
    for i, unit in enumerate(_list(doc.get("units"))):
        if not isinstance(unit, dict):
            continue
        _ref(unit.get("side"), sides, f"units[{i}].side", "side", problems)
        _ref(unit.get("zone"), zones, f"units[{i}].zone", "zone", problems)
        for name in system_names():
            if name in unit and name not in used:
                problems.append(Problem(f"units[{i}].{name}", f"a {name} table, but {name!r} is not in systems"))
    for name in system_names():
        if name in doc and name not in used:
            problems.append(Problem(name, f"a [{name}] section, but {name!r} is not in systems"))
        if name in _dict(doc.get("house_rules")) and name not in used:
            problems.append(Problem(f"house_rules.{name}", f"house rules for {name!r}, which is not in systems"))


def _check_locks(doc: dict[str, Any], problems: list[Problem]) -> None:
    """A locked connection must be a connection: the two zones are adjacent."""
    zones = [z for z in _list(doc.get("zones")) if isinstance(z, dict)]
    links = {(z.get("id"), a) for z in zones for a in _list(z.get("adjacent"))}
    for i, zone in enumerate(_list(doc.get("zones"))):
        if not isinstance(zone, dict):
            continue
        for j, other in enumerate(_list(zone.get("locked"))):
            if (zone.get("id"), other) not in links and (other, zone.get("id")) not in links:
                problems.append(Problem(f"zones[{i}].locked[{j}]", f"{other!r} is not adjacent to {zone.get('id')!r}"))
