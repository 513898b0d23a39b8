"""The reactor system: plant-security card combat on a shared board.

The wiring: the hooks on the setup and on generic actions, the clock, the
JSON board, the starter. Each delegates to the module that holds its rules
(tables, legality, combat, phases, palette, reference).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from gm_console.core.errors import IllegalAction
from gm_console.core.state import Condition, State, Unit
from gm_console.core.system import System
from gm_console.core.systems.reactor import cites as cite
from gm_console.core.systems.reactor import legality as lg
from gm_console.core.systems.reactor import palette, phases, reference, tables
from gm_console.core.systems.reactor.board import BOARD, PHASE_TITLES, Board, whose
from gm_console.core.systems.reactor.cards import profile
from gm_console.core.systems.reactor.combat import settle
from gm_console.core.systems.reactor.house_rules import HOUSE_RULES
from gm_console.core.systems.reactor.verbs import ACTIONS
from gm_console.core.systems.reactor.verbs.cards import enter_play

if TYPE_CHECKING:
    from gm_console.core.actions import Action, AddUnit, Context
    from gm_console.core.reference import RefEntry
    from gm_console.core.rules import Rules
    from gm_console.core.schema import Problem
    from gm_console.core.setup import Setup

NAME = tables.NAME


class ReactorSystem(System):
    NAME = NAME
    TITLE = "Reactor"
    SUMMARY = "Plant-security card combat: strikes and blocks, GUARD, HEAT on the core, HACK counters, Facilities, LOCKDOWN."
    ACTIONS = ACTIONS
    HOUSE_RULES = HOUSE_RULES
    UNIT_TABLE = tables.UNIT_TABLE
    BOARD_TABLE = tables.BOARD_TABLE
    CATALOGUE = "reactor-cards.toml"
    CATALOGUE_TABLE = tables.CATALOGUE_TABLE
    CLOCK = True

    # ------------------------------------------------------------ setup
    def check_setup(self, setup: Setup, problems: list[Problem]) -> None:
        tables.check_setup(setup, problems)

    def init_board(self, setup: Setup, rules: Rules) -> Board:
        return tables.build_board(setup, rules)

    def init_unit(self, state: State, unit: Unit, table: dict[str, Any] | None, setup: Setup, rules: Rules) -> None:
        board = BOARD(state)
        table = tables.unit_table(table)
        unit.stats.setdefault("damage", table["damage"])
        unit.items = tuple(board.cards.find("equipment", item).id for item in unit.items)
        if table.get("card"):
            card = board.cards.find("personnel", table["card"])
            enter_play(state, unit, card)
            spec = next(u for u in setup.units if u["id"] == unit.id)
            if "name" not in spec:
                unit.name = card.name
        for flag, word in (("stationed", lg.STATIONED), ("exhausted", lg.EXHAUSTED)):
            if table[flag]:
                unit.conditions[word.lower()] = Condition(word)
        if table["orientation"]:
            unit.conditions[lg.ORIENTATION.lower()] = Condition(lg.ORIENTATION, max(1, rules.view(NAME).orientation_shifts), "shift")

    # ------------------------------------------------------------ hooks on generic actions
    def check_add(self, state: State, action: AddUnit, ctx: Context) -> None:
        if action.unit == lg.REACTOR or action.unit in BOARD(state).facilities:
            raise IllegalAction(f"the id {action.unit!r} is taken by the reactor board", cite.IDS)

    def unit_added(self, state: State, unit: Unit, template: Unit | None, ctx: Context) -> None:
        board = BOARD(state)
        if template is not None and template.id in board.card_of:
            board.card_of[unit.id] = board.card_of[template.id]
        unit.stats.setdefault("damage", 0)

    def unit_removed(self, state: State, unit: Unit, ctx: Context) -> None:
        BOARD(state).card_of.pop(unit.id, None)

    def check_stat(self, state: State, unit: Unit, stat: str, value: int, ctx: Context) -> None:
        floor = {"atk": 0, "hack": 0, "damage": 0, "hp": 1}.get(stat)
        if floor is not None and value < floor:
            raise IllegalAction(f"{stat} cannot go below {floor}", cite.STATS)

    def stat_set(self, state: State, unit: Unit, stat: str, old: int | None, ctx: Context) -> None:
        settle(state, BOARD(state), ctx.rules, ctx.emit)

    # ------------------------------------------------------------ the clock
    def start(self, state: State, rules: Rules) -> None:
        state.clock.phase = PHASE_TITLES[BOARD(state).phase]

    def advance(self, state: State, ctx: Context) -> None:
        board = BOARD(state)
        phases.advance(state, board, ctx)
        state.clock.phase = PHASE_TITLES[board.phase]  # the phase shows in the clock (status line, JSON)

    def board_json(self, state: State, rules: Rules) -> dict[str, Any]:
        """The board, plus each Personnel's numbers in force (card, pack or floor, equipment, Facility grants)."""
        board = BOARD.get(state)
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
        return f"{whose(state.sides[BOARD(state).active].name)} shift"

    # ------------------------------------------------------------ reference, palette
    def reference(self) -> list[RefEntry]:
        return reference.entries()

    def catalogue_reference(self, catalogue: Mapping[str, Any], setup: Setup | None) -> list[RefEntry]:
        return reference.catalogue_entries(catalogue, setup)

    def legal_actions(self, state: State, ctx: Context) -> list[Action]:
        return palette.legal_actions(state, ctx)

    # ------------------------------------------------------------ campaigns
    def carry_refusal(self) -> str | None:
        return "reactor Personnel are cards, not characters: a party file does not apply to a reactor fight"

    # ------------------------------------------------------------ starter
    def starter_unit(self, role: str) -> dict[str, Any] | None:
        units: dict[str, dict[str, Any]] = {"hero": {"card": "junior-watchman", "stationed": True}, "foe": {"card": "wnaf-conscript"}}
        return units.get(role)

    def starter_board(self) -> dict[str, Any] | None:
        return {
            "active": "foes",
            "sides": {"party": {"doctrine": "DEFENSE"}, "foes": {"doctrine": "ASSAULT"}},
            "facilities": [{"id": "cooling", "side": "party", "card": "cooling-loop"}],
        }
