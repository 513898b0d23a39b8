"""The reactor's TOML schemas: ``[units.reactor]`` (a Personnel on the
table), ``[reactor]`` (the board: plants by side, Facilities, the encounter's
own cards) and the card catalogue (``gm_console/data/reactor-cards.toml``).

The schema fills every default when a file is read; ``board_table``,
``plant_table`` and ``unit_table`` give a table with its defaults for a part
the file leaves out, so no reader restates them. ``check_setup`` adds what the
schema cannot see (unknown sides, taken ids); ``build_board`` makes the
initial board from the tables.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gm_console.core import schema as s
from gm_console.core.errors import GMError, SetupError
from gm_console.core.schema import Key, Problem
from gm_console.core.systems.reactor.board import PHASES, Board, Facility, Pending, Plant
from gm_console.core.systems.reactor.cards import GRANT_KEYS, Catalogue

if TYPE_CHECKING:
    from gm_console.core.rules import Rules
    from gm_console.core.setup import Setup

REACTOR = "reactor"  # the word that names a reactor in strikes (legality.REACTOR)

NAME = "reactor"

# ------------------------------------------------------------------ the card catalogue ([reactor.cards] and the bundled file)

_TEXT = Key(s.Text(), default="", doc="what the card does, in a line")
_NAME = Key(s.Str(), doc="the printed name (default: the id)")
_TRAITS = Key(s.List(s.Str(pattern=r"[A-Z][A-Z0-9_-]*", pattern_doc="an upper-case trait"), unique=True), default=[])

PERSONNEL = s.Table(
    {
        "name": _NAME,
        "atk": Key(s.Int(min=0, max=99), default=0),
        "hp": Key(s.Int(min=1, max=99), default=1),
        "hack": Key(s.Int(min=0, max=9), default=0, doc="HACK n: may add n counters instead of HEAT"),
        "traits": _TRAITS,
        "pack": Key(s.Int(min=2, max=9), doc="with this many of the card alive on its side, ATK is raised to pack_atk"),
        "pack_atk": Key(s.Int(min=0, max=99)),
        "evade": Key(s.Int(min=0, max=99), doc="cannot be blocked by Personnel whose ATK is this or less"),
        "guards_facilities": Key(s.Bool(), default=False, doc="while stationed, RAIDERs cannot strike its side's Facilities"),
        "exhaust": Key(s.Str(choices=("lockdown",)), doc="what exhausting it does"),
        "faction": Key(s.Str(allow_empty=True), default=""),
        "text": _TEXT,
    },
    name="a Personnel card",
)
EQUIPMENT = s.Table(
    {
        "name": _NAME,
        "atk": Key(s.Int(min=-9, max=9), default=0, doc="added to the holder's ATK"),
        "hp": Key(s.Int(min=-9, max=9), default=0),
        "hack": Key(s.Int(min=0, max=9), default=0),
        "atk_min": Key(s.Int(min=0, max=99), doc="raises the holder's ATK to at least this"),
        "first_strike": Key(s.Bool(), default=False, doc="the holder deals its damage first against Personnel"),
        "traits": _TRAITS,
        "text": _TEXT,
    },
    name="an equipment card",
)
EXECUTIVE = s.Table(
    {"name": _NAME, "effect": Key(s.Str(choices=("lockdown",)), required=True), "text": _TEXT},
    name="an executive card",
)
STEP = s.Table(
    {"counters": Key(s.Int(min=0, max=99), required=True), "heat": Key(s.Int(min=0, max=100_000), required=True)},
    name="a step table {counters, heat}",
)
INCIDENT = s.Table(
    {
        "name": _NAME,
        "effect": Key(s.Str(choices=("base_load",)), required=True),
        "steps": Key(s.List(STEP, min_len=1), required=True, doc="extra K on the next Base Load by HACK counters"),
        "text": _TEXT,
    },
    name="an incident card",
)
GRANTS = s.Table({k: Key(s.Int(min=-10_000, max=10_000)) for k in GRANT_KEYS}, name="a grants table")
FACILITY = s.Table(
    {
        "name": _NAME,
        "integrity": Key(s.Int(min=1, max=99), required=True),
        "grants": Key(GRANTS, default={}),
        "text": _TEXT,
    },
    name="a Facility card",
)


def _kind_table(spec: s.Table, what: str) -> s.Table:
    return s.Table(extra=spec, name=f"a table of {what} cards by id")


CATALOGUE_TABLE = s.Table(
    {
        "personnel": Key(_kind_table(PERSONNEL, "Personnel"), default={}),
        "equipment": Key(_kind_table(EQUIPMENT, "equipment"), default={}),
        "executive": Key(_kind_table(EXECUTIVE, "executive"), default={}),
        "incident": Key(_kind_table(INCIDENT, "incident"), default={}),
        "facility": Key(_kind_table(FACILITY, "Facility"), default={}),
    },
    name="a card catalogue",
)

UNIT_TABLE = s.Table(
    {
        "card": Key(s.Id(), doc="the Personnel card it was played from (an id in the catalogue)"),
        "stationed": Key(s.Bool(), default=False, doc="posted as a guard: may block, may not strike"),
        "exhausted": Key(s.Bool(), default=False),
        "orientation": Key(s.Bool(), default=False, doc="just deployed: may not strike yet"),
        "damage": Key(s.Int(min=0, max=99), default=0, doc="damage it carries (it persists)"),
    },
    name="a reactor unit table",
)
PLANT_TABLE = s.Table(
    {
        "doctrine": Key(s.Str(allow_empty=True), default="", doc="DEFENSE, ASSAULT, ... (a label)"),
        "heat": Key(s.Int(min=0, max=1_000_000), default=0, doc="HEAT on the core, in K"),
        "hack": Key(s.Int(min=0, max=99), default=0, doc="HACK counters on the SKALA panel"),
        "base_load": Key(s.Int(min=0, max=100_000), doc="K per Base Load (default: house rule base_load)"),
        "power_order": Key(s.Int(min=0, max=1000), doc="delivered per Shift End (default: house rule power_order)"),
        "delivered": Key(s.Int(min=0), default=0),
        "forfeited": Key(s.Int(min=0), default=0),
        "lockdown": Key(s.Int(min=0, max=2), default=0, doc="own Shift Ends until LOCKDOWN lifts (0: none)"),
        "pending": Key(s.List(s.Id()), default=[], doc="incident cards waiting for the next Base Load"),
    },
    name="a plant table",
)
FACILITY_TABLE = s.Table(
    {
        "id": Key(s.Id(), required=True, doc="how strikes name it"),
        "side": Key(s.Id(), required=True),
        "card": Key(s.Id(), doc="a Facility card in the catalogue"),
        "name": Key(s.Str()),
        "integrity": Key(s.Int(min=1, max=99), doc="default: the card's"),
        "damage": Key(s.Int(min=0, max=99), default=0),
        "grants": Key(GRANTS, doc="default: the card's"),
    },
    name="a Facility table",
)
BOARD_TABLE = s.Table(
    {
        "active": Key(s.Id(), doc="the side whose shift it is (default: the first side)"),
        "phase": Key(s.Str(choices=PHASES), default="operations"),
        "sides": Key(s.Table(extra=PLANT_TABLE, name="a table of plants by side id"), default={}),
        "facilities": Key(s.List(FACILITY_TABLE), default=[]),
        "cards": Key(CATALOGUE_TABLE, default={}, doc="cards this encounter adds to the catalogue"),
    },
    name="a reactor board",
)


def _defaults(table: s.Table) -> dict[str, Any]:
    return table.check({}, "", [])


def board_table(setup: Any) -> dict[str, Any]:
    """The encounter's ``[reactor]`` table (every default when it has none)."""
    data = setup.board(NAME)
    return data if data is not None else _defaults(BOARD_TABLE)


def plant_table(board: dict[str, Any], side: str) -> dict[str, Any]:
    """A side's table under ``[reactor.sides]`` (every default when the file leaves it out)."""
    table = board["sides"].get(side)
    return table if table is not None else _defaults(PLANT_TABLE)


def unit_table(table: dict[str, Any] | None) -> dict[str, Any]:
    """A unit's ``[units.reactor]`` table (every default when it has none)."""
    return table if table is not None else _defaults(UNIT_TABLE)


# ------------------------------------------------------------------ setup


def check_setup(setup: Setup, problems: list[Problem]) -> None:
    """Problems the schema cannot see: unknown sides, ids taken twice, a Facility with no Integrity."""
    data = board_table(setup)
    sides = {side.id for side in setup.sides}
    units = {u["id"] for u in setup.units}
    if data.get("active") is not None and data["active"] not in sides:
        problems.append(Problem(f"{NAME}.active", f"unknown side {data['active']!r}"))
    for sid in data["sides"]:
        if sid not in sides:
            problems.append(Problem(f"{NAME}.sides.{sid}", f"unknown side {sid!r}; sides are {', '.join(sorted(sides))}"))
    seen: set[str] = set()
    for i, fac in enumerate(data["facilities"]):
        where = f"{NAME}.facilities[{i}]"
        if fac["side"] not in sides:
            problems.append(Problem(f"{where}.side", f"unknown side {fac['side']!r}"))
        if fac["id"] in seen or fac["id"] in units or fac["id"] == REACTOR:
            problems.append(Problem(f"{where}.id", f"the id {fac['id']!r} is taken (units, Facilities and 'reactor' share names)"))
        seen.add(fac["id"])
        if fac.get("card") is None and fac.get("integrity") is None:
            problems.append(Problem(where, "a Facility needs a card or an integrity"))
    for i, unit in enumerate(setup.units):
        if unit["id"] == REACTOR:
            problems.append(Problem(f"units[{i}].id", "'reactor' names the reactor in strikes; pick another id"))


def build_board(setup: Setup, rules: Rules) -> Board:
    """The initial board: the catalogue (bundled plus the encounter's cards), a plant per side, the Facilities."""
    data = board_table(setup)
    cards = Catalogue(setup.catalogues.get(NAME) or {})
    cards.merge(data["cards"])
    problems: list[tuple[str, str]] = []

    def need(kind: str, ref: str, where: str) -> Any:
        try:
            return cards.find(kind, ref)
        except GMError as exc:
            problems.append((where, str(exc)))
            return None

    house = rules.view(NAME)
    order = [side.id for side in setup.sides]
    plants: dict[str, Plant] = {}
    for sid in order:
        t = plant_table(data, sid)
        other = next((o for o in order if o != sid), sid)
        for j, cid in enumerate(t["pending"]):
            need("incident", cid, f"{NAME}.sides.{sid}.pending[{j}]")
        plants[sid] = Plant(
            sid, t["doctrine"], t["heat"], t["hack"],
            t.get("base_load", house.base_load), t.get("power_order", house.power_order),  # no schema default: the house rule's
            t["delivered"], t["forfeited"], t["lockdown"],
            [Pending(cid, other) for cid in t["pending"]],
        )  # fmt: skip
    facilities: dict[str, Facility] = {}
    for i, f in enumerate(data["facilities"]):
        card = need("facility", f["card"], f"{NAME}.facilities[{i}].card") if f.get("card") else None
        integrity = f.get("integrity") or (card.get("integrity") if card else 1)
        grants = f.get("grants") if f.get("grants") is not None else dict(card.get("grants")) if card else {}
        name = f.get("name") or (card.name if card else f["id"])
        facilities[f["id"]] = Facility(f["id"], name, f["side"], card.id if card else None, integrity, f["damage"], dict(grants))
    for i, unit in enumerate(setup.units):
        table = unit.get(NAME) or {}
        if table.get("card"):
            need("personnel", table["card"], f"units[{i}].{NAME}.card")
        for j, item in enumerate(unit.get("items", [])):
            need("equipment", item, f"units[{i}].items[{j}]")
    if problems:
        raise SetupError(problems)
    active = data.get("active") or order[0]
    return Board(cards, plants, facilities, {}, active, data["phase"])
