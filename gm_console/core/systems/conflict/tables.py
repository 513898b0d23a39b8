"""The TOML schemas of the conflict: ``[units.conflict]`` per character
(UNIT_TABLE), the ``[conflict]`` board (BOARD_TABLE: the opening, hazards, and
additions to the data lists) and the bundled data lists (CATALOGUE_TABLE,
gm_console/data/conflict.toml), and how they become the initial board."""

from __future__ import annotations

import re
from typing import Any

from gm_console.core import schema as s
from gm_console.core.errors import SetupError
from gm_console.core.schema import Key, Problem

from .board import TIERS, Board, Char, Hazard, Injury
from .catalogue import Catalogue
from .house_rules import BANDS, MOMENTUM_CAP

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

SCORES = s.Table(extra=s.Int(min=0, max=20), extra_key=r"[a-z][a-z0-9_]*", name="a table of scores by name")

INJURY = s.Table(
    {
        "name": Key(s.Str(), required=True, doc="the Trait the Injury is named as"),
        "severity": Key(s.Int(min=1, max=5), required=True),
        "intent": Key(s.Str(choices=("stun", "deadly")), default="deadly"),
        "treated": Key(s.Bool(), default=False),
        "debilitating": Key(s.Bool(), default=False),
    },
    name="an injury table",
)

UNIT_TABLE = s.Table(
    {
        "tier": Key(
            s.Str(choices=TIERS),
            doc="main, supporting, or an NPC tier: minor, notable, major (default: main on the players' side, minor otherwise)",
        ),
        "values": Key(s.Int(min=0, max=9), default=0, doc="a Supporting Character's Values (sets the Stress track)"),
        "attributes": Key(SCORES, default={}, doc="Attribute scores, e.g. { control = 9, daring = 10, fitness = 8 }"),
        "specializations": Key(SCORES, default={}, doc="Specialization ratings, e.g. { security = 2, medicine = 1 }"),
        "stress": Key(s.Int(min=0, max=40), default=0, doc="Stress already marked"),
        "protection": Key(s.Int(min=0, max=5), default=0, doc="Protection beyond the cysuit (armour, shields, Traits)"),
        "cysuit": Key(s.Bool(), doc="wears a working cysuit: Protection 1 and the Dying grace (default: players' side yes)"),
        "synthetic": Key(s.Bool(), default=False, doc="a Synthetic working through a chassis: Engineering replaces Medicine; losing the chassis follows its Chassis/Backup Traits"),
        "weapons": Key(s.List(s.Str(pattern=r"[a-z][a-z0-9-]*", pattern_doc="a weapon id"), unique=True), default=[], doc="weapon ids from the data list or [conflict.weapons]"),
        "injuries": Key(s.List(INJURY), default=[], doc="Injuries at the start"),
        "cover": Key(s.Bool(), default=False, doc="starts within Reach of its zone's cover"),
        "near": Key(s.List(s.Id(), unique=True), default=[], doc="units it starts within Reach of"),
        "fatigued_attribute": Key(s.Id(), doc="the Attribute that fails while Fatigued, if it starts Fatigued"),
        "defeated": Key(
            s.Bool(),
            default=False,
            doc="starts Defeated and Prone (a fight carried it here): First Aid revives; with an untreated Deadly Injury, Dying",
        ),
        "grace_scenes": Key(
            s.Int(min=0, max=3),
            default=0,
            doc="a Dying character's scenes after this one that the cysuit still keeps them alive (0: death at this scene's end without First Aid)",
        ),
    },
    name="a conflict unit table",
)

HAZARD = s.Table(
    {
        "id": Key(s.Id(), required=True),
        "name": Key(s.Str(), doc="shown in the log (default: the id)"),
        "mode": Key(s.Str(choices=("attritional", "acute")), required=True),
        "severity": Key(s.Int(min=1, max=5), required=True),
        "interval": Key(s.Str(), default="each exposure", doc="one round, ten minutes, an hour, ..."),
        "intent": Key(s.Str(choices=("stun", "deadly")), default="deadly", doc="for acute Injuries"),
        "environmental": Key(s.Bool(), default=False, doc="ordinary environmental exposure (cold, vacuum, smoke): a working cysuit keeps it out"),
    },
    name="a hazard table",
)

BOARD_TABLE = s.Table(
    {
        "opening": Key(
            s.Str(choices=("players", "gm")),
            default="players",
            doc="who opens round 1: gm when the opposition clearly seized it (an ambush)",
        ),
        "first": Key(s.Id(), doc="the clear choice to take the first turn (else the GM asks, highest Daring first)"),
        "hazards": Key(s.List(HAZARD), default=[], doc="hazards stated at the start"),
        "connection": Key(
            s.Str(choices=("full", "limited", "offline")),
            default="full",
            doc="the link for remote help (remote Assistance needs full or limited); link changes it in play",
        ),
        **EXTENSION_KEYS,
    },
    name="a conflict board table",
)


def check_setup(setup: Any, problems: list[Problem]) -> None:
    ids = {u["id"]: u for u in setup.units}
    pools = setup.pools
    for pool in ("momentum", "threat"):
        if pool not in pools:
            problems.append(Problem(f"pools.{pool}", "the conflict system needs this pool: add it under [pools] (e.g. 0)"))
    cap = (setup.house_rules.get("conflict") or {}).get("momentum_cap", MOMENTUM_CAP.default)
    if isinstance(pools.get("momentum"), int) and isinstance(cap, int) and not 0 <= pools["momentum"] <= cap:
        problems.append(Problem("pools.momentum", f"the Momentum pool holds 0 to {cap} (house rule momentum_cap)"))
    board = board_table(setup)
    first = board.get("first")
    if first is not None and first not in ids:
        from gm_console.core.errors import UnknownName

        problems.append(Problem("conflict.first", str(UnknownName("unit", first, ids))))
    zones = {z.id: z for z in setup.zones}
    for i, unit in enumerate(setup.units):
        table = unit_table(unit.get("conflict"))
        zone = zones.get(unit.get("zone"))
        if table["cover"] and zone is not None and not any(_is_cover(t) for t in zone.traits):
            problems.append(Problem(
                f"units[{i}].conflict.cover",
                f"zone {zone.id!r} has no cover trait: cover comes from a covering feature of the zone (add \"cover\" to its traits)",
            ))
        if table["grace_scenes"] and not table["defeated"]:
            problems.append(Problem(f"units[{i}].conflict.grace_scenes", "grace_scenes counts a Dying character's scenes: it needs defeated = true"))
        for j, other in enumerate(table["near"]):
            if other not in ids:
                problems.append(Problem(f"units[{i}].conflict.near[{j}]", f"no unit {other!r}"))
            elif ids[other].get("zone") != unit.get("zone"):
                problems.append(Problem(f"units[{i}].conflict.near[{j}]", f"{other!r} is not in the same zone"))
    seen: set[str] = set()
    for i, h in enumerate(board["hazards"]):
        if h.get("id") in seen:
            problems.append(Problem(f"conflict.hazards[{i}].id", f"duplicate hazard id {h.get('id')!r}"))
        seen.add(h.get("id"))


def _is_cover(trait: str) -> bool:
    t = trait.lower()
    return t == "cover" or t.startswith("cover ") or t.startswith("cover(")


def unit_table(table: dict[str, Any] | None) -> dict[str, Any]:
    """A unit's ``[units.conflict]`` table as the schema fills it (a unit without one: every default)."""
    return table if table is not None else UNIT_TABLE.check({}, "", [])


def board_table(setup: Any) -> dict[str, Any]:
    """The ``[conflict]`` section as the schema fills it (an encounter without one: every default)."""
    data = setup.board("conflict")
    return data if data is not None else BOARD_TABLE.check({}, "", [])


def make_board(setup: Any) -> Board:
    data = board_table(setup)
    base = setup.catalogues.get("conflict")
    catalogue = Catalogue(base if base is not None else CATALOGUE_TABLE.check({"attributes": [], "specializations": []}, "", []), data)
    problems = []
    for i, unit in enumerate(setup.units):
        for j, wid in enumerate(unit_table(unit.get("conflict"))["weapons"]):
            if catalogue.weapon(wid) is None:
                problems.append((f"units[{i}].conflict.weapons[{j}]", f"unknown weapon {wid!r}{catalogue.suggest(wid, catalogue.weapons)}"))
    if problems:
        raise SetupError(problems)
    b = Board(catalogue, opening=data["opening"], first=data.get("first"))
    b.connection = data["connection"]
    b.to_go = b.opening
    for h in data["hazards"]:
        b.hazards[h["id"]] = Hazard(
            h["id"], h.get("name", h["id"]), h["mode"], h["severity"], h["interval"], h["intent"], h["environmental"],
        )
    return b


def make_char(table: dict[str, Any], players: bool) -> Char:
    """A character from its filled ``[units.conflict]`` table (``unit_table``);
    ``players``: on the players' side (a main character, cysuit on, unless the table says)."""
    cysuit = table.get("cysuit")  # (tier and cysuit have no schema default: it depends on the side)
    return Char(
        tier=table.get("tier") or ("main" if players else "minor"),
        values=table["values"],
        cysuit=players if cysuit is None else cysuit,
        synthetic=table["synthetic"],
        weapons=tuple(table["weapons"]),
        injuries=[Injury(i["name"], i["severity"], i["intent"], i["treated"], i["debilitating"], -1) for i in table["injuries"]],
        fatigued_attr=table.get("fatigued_attribute"),
        grace=table["grace_scenes"],
    )
