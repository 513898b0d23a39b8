"""The reactor system: plant-security card combat on a shared board.

Schemas of the encounter's ``[reactor]`` section and ``[units.reactor]``
tables, the board built from them, the hooks on generic actions, the clock,
the palette's legal actions and the starter. The rules live in the modules
this one wires together (cards, legality, combat, phases).
"""

from __future__ import annotations

from collections.abc import Mapping

from typing import TYPE_CHECKING, Any

from gm_console.core import schema as s
from gm_console.core.errors import GMError, SetupError
from gm_console.core.schema import Key, Problem
from gm_console.core.state import Condition, State, Unit
from gm_console.core.system import System
from gm_console.core.systems.reactor import actions as a
from gm_console.core.systems.reactor import card_actions as ca
from gm_console.core.systems.reactor import legality as lg
from gm_console.core.systems.reactor.legality import illegal
from gm_console.core.systems.reactor import phases
from gm_console.core.systems.reactor.board import Board, Facility, PHASES, PHASE_TITLES, Pending, Plant, board_of, whose
from gm_console.core.systems.reactor.cards import CATALOGUE_TABLE, GRANTS, Catalogue
from gm_console.core.systems.reactor.combat import settle
from gm_console.core.systems.reactor.house_rules import HOUSE_RULES, value
from gm_console.core.systems.reactor.reference import RULES, catalogue_entries

if TYPE_CHECKING:
    from gm_console.core.actions import Action, AddUnit, Context
    from gm_console.core.reference import RefEntry
    from gm_console.core.rules import Rules
    from gm_console.core.setup import Setup

NAME = "reactor"

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


class ReactorSystem(System):
    NAME = NAME
    TITLE = "Reactor"
    SUMMARY = "Plant-security card combat: strikes and blocks, GUARD, HEAT on the core, HACK counters, Facilities, LOCKDOWN."
    ACTIONS = (a.Strike, a.Station, a.Unstation, ca.Deploy, ca.Equip, ca.Incident, ca.Lockdown, a.Ready, a.Exhaust, ca.Heat, ca.Hack)
    HOUSE_RULES = HOUSE_RULES
    UNIT_TABLE = UNIT_TABLE
    BOARD_TABLE = BOARD_TABLE
    CATALOGUE = "reactor-cards.toml"
    CATALOGUE_TABLE = CATALOGUE_TABLE
    CLOCK = True

    # ------------------------------------------------------------ setup
    def check_setup(self, setup: Setup, problems: list[Problem]) -> None:
        data = setup.board(NAME) or {}
        sides = {side["id"] for side in setup.sides}
        units = {u["id"] for u in setup.units}
        if data.get("active") is not None and data["active"] not in sides:
            problems.append(Problem(f"{NAME}.active", f"unknown side {data['active']!r}"))
        for sid in data.get("sides", {}):
            if sid not in sides:
                problems.append(Problem(f"{NAME}.sides.{sid}", f"unknown side {sid!r}; sides are {', '.join(sorted(sides))}"))
        seen: set[str] = set()
        for i, fac in enumerate(data.get("facilities", [])):
            where = f"{NAME}.facilities[{i}]"
            if fac["side"] not in sides:
                problems.append(Problem(f"{where}.side", f"unknown side {fac['side']!r}"))
            if fac["id"] in seen or fac["id"] in units or fac["id"] == lg.REACTOR:
                problems.append(Problem(f"{where}.id", f"the id {fac['id']!r} is taken (units, Facilities and 'reactor' share names)"))
            seen.add(fac["id"])
            if fac.get("card") is None and fac.get("integrity") is None:
                problems.append(Problem(where, "a Facility needs a card or an integrity"))
        for i, unit in enumerate(setup.units):
            if unit["id"] == lg.REACTOR:
                problems.append(Problem(f"units[{i}].id", "'reactor' names the reactor in strikes; pick another id"))

    def init_board(self, setup: Setup, rules: Rules) -> Board:
        data = setup.board(NAME) or {}
        cards = Catalogue(setup.catalogues.get(NAME) or {})
        cards.merge(data.get("cards", {}))
        problems: list[tuple[str, str]] = []

        def need(kind: str, ref: str, where: str) -> Any:
            try:
                return cards.find(kind, ref)
            except GMError as exc:
                problems.append((where, str(exc)))
                return None

        order = [side["id"] for side in setup.sides]
        plants: dict[str, Plant] = {}
        for sid in order:
            t = data.get("sides", {}).get(sid, {})
            other = next((o for o in order if o != sid), sid)
            for j, cid in enumerate(t.get("pending", [])):
                need("incident", cid, f"{NAME}.sides.{sid}.pending[{j}]")
            plants[sid] = Plant(
                sid, t.get("doctrine", ""), t.get("heat", 0), t.get("hack", 0),
                t.get("base_load", value(rules, "base_load")), t.get("power_order", value(rules, "power_order")),
                t.get("delivered", 0), t.get("forfeited", 0), t.get("lockdown", 0),
                [Pending(cid, other) for cid in t.get("pending", [])],
            )  # fmt: skip
        facilities: dict[str, Facility] = {}
        for i, f in enumerate(data.get("facilities", [])):
            card = need("facility", f["card"], f"{NAME}.facilities[{i}].card") if f.get("card") else None
            integrity = f.get("integrity") or (card.get("integrity") if card else 1)
            grants = f.get("grants") if f.get("grants") is not None else dict(card.get("grants", {})) if card else {}
            name = f.get("name") or (card.name if card else f["id"])
            facilities[f["id"]] = Facility(f["id"], name, f["side"], card.id if card else None, integrity, f.get("damage", 0), dict(grants))
        for i, unit in enumerate(setup.units):
            table = unit.get(NAME) or {}
            if table.get("card"):
                need("personnel", table["card"], f"units[{i}].{NAME}.card")
            for j, item in enumerate(unit.get("items", [])):
                need("equipment", item, f"units[{i}].items[{j}]")
        if problems:
            raise SetupError(problems)
        active = data.get("active") or order[0]
        return Board(cards, plants, facilities, {}, active, data.get("phase", "operations"))

    def init_unit(self, state: State, unit: Unit, table: dict[str, Any] | None, setup: Setup, rules: Rules) -> None:
        board = board_of(state)
        table = table or {}
        unit.stats.setdefault("damage", table.get("damage", 0))
        unit.items = tuple(board.cards.find("equipment", item).id for item in unit.items)
        if table.get("card"):
            card = board.cards.find("personnel", table["card"])
            ca.enter_play(state, unit, card)
            spec = next(u for u in setup.units if u["id"] == unit.id)
            if "name" not in spec:
                unit.name = card.name
        for flag, word in (("stationed", lg.STATIONED), ("exhausted", lg.EXHAUSTED)):
            if table.get(flag):
                unit.conditions[word.lower()] = Condition(word)
        if table.get("orientation"):
            unit.conditions[lg.ORIENTATION.lower()] = Condition(lg.ORIENTATION, max(1, value(rules, "orientation_shifts")), "shift")

    # ------------------------------------------------------------ hooks on generic actions
    def check_add(self, state: State, action: AddUnit, ctx: Context) -> None:
        if action.unit == lg.REACTOR or action.unit in board_of(state).facilities:
            raise illegal(f"the id {action.unit!r} is taken by the reactor board", "reactor.ids")

    def unit_added(self, state: State, unit: Unit, template: Unit | None, ctx: Context) -> None:
        board = board_of(state)
        if template is not None and template.id in board.card_of:
            board.card_of[unit.id] = board.card_of[template.id]
        unit.stats.setdefault("damage", 0)

    def unit_removed(self, state: State, unit: Unit, ctx: Context) -> None:
        board_of(state).card_of.pop(unit.id, None)

    def check_stat(self, state: State, unit: Unit, stat: str, value_: int, ctx: Context) -> None:
        floor = {"atk": 0, "hack": 0, "damage": 0, "hp": 1}.get(stat)
        if floor is not None and value_ < floor:
            raise illegal(f"{stat} cannot go below {floor}", "reactor.stats")

    def stat_set(self, state: State, unit: Unit, stat: str, old: int | None, ctx: Context) -> None:
        settle(state, board_of(state), ctx.rules, ctx.emit)

    # ------------------------------------------------------------ the clock
    def start(self, state: State, rules: Rules) -> None:
        state.clock.phase = PHASE_TITLES[board_of(state).phase]

    def advance(self, state: State, ctx: Context) -> None:
        board = board_of(state)
        phases.advance(state, board, ctx)
        state.clock.phase = PHASE_TITLES[board.phase]  # the phase shows in the clock (status line, JSON)

    def board_json(self, state: State, rules: Rules) -> dict[str, Any]:
        """The board, plus each Personnel's numbers in force (card, pack or floor, equipment, Facility grants)."""
        from gm_console.core.systems.reactor.cards import profile

        board = state.boards.get(self.NAME)
        if board is None:
            return {}
        out = board.to_json()
        out["in_force"] = {
            uid: profile(state, board, state.units[uid], lg.pack(rules)).sources()
            for uid in board.card_of
            if uid in state.units
        }
        return out

    def describe_turn(self, state: State) -> str:
        return f"{whose(state.sides[board_of(state).active].name)} shift"

    # ------------------------------------------------------------ reference, palette
    def reference(self) -> list[RefEntry]:
        return list(RULES)

    def catalogue_reference(self, catalogue: Mapping[str, Any], setup: Setup | None) -> list[RefEntry]:
        return catalogue_entries(catalogue, setup)

    def legal_actions(self, state: State, ctx: Context) -> list[Action]:
        board = board_of(state)
        out: list[Action] = []
        for striker, problem in lg.strikers(state, board):
            if problem is not None:
                continue
            for target, why in lg.targets(state, board, ctx.rules, striker):
                if why is not None:
                    continue
                word = lg.target_word(state, target, striker.side)
                hacks = [False] + ([True] if lg.hack_problem(state, board, ctx.rules, striker, target) is None else [])
                able = [u.id for u, no in lg.blockers(state, board, ctx.rules, striker, target) if no is None]
                blocks = [a.NO_BLOCK if able else None] + able  # "no block" said outright when a guard could block
                out += [a.Strike(striker=striker.id, target=word, block=b, hack=h) for h in hacks for b in blocks]
        for unit in state.units.values():
            out.append(a.Unstation(unit=unit.id) if unit.has(lg.STATIONED) else a.Station(unit=unit.id))
        if board.phase == "incident":
            for card in board.cards.cards["incident"].values():
                out += [ca.Incident(card=card.id, side=other) for other in lg.opposing(state, board.active)]
        for side in state.sides:
            out.append(ca.Lockdown(side=side))
            out += [ca.Lockdown(side=side, by=u.id) for u in state.units_of(side)]
        if board.phase == "operations":
            out += [ca.Deploy(card=card.id) for card in board.cards.cards["personnel"].values()]
        return out

    # ------------------------------------------------------------ starter
    def starter_unit(self, role: str) -> dict[str, Any] | None:
        return {"hero": {"card": "junior-watchman", "stationed": True}, "foe": {"card": "wnaf-conscript"}}.get(role)

    def starter_board(self) -> dict[str, Any] | None:
        return {
            "active": "foes",
            "sides": {"party": {"doctrine": "DEFENSE"}, "foes": {"doctrine": "ASSAULT"}},
            "facilities": [{"id": "cooling", "side": "party", "card": "cooling-loop"}],
        }


SYSTEM = ReactorSystem()
