"""The zone conflict system: its hooks on the generic actions and the clock."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gm_console.core.actions import Action, AddUnit, Context
from gm_console.core.carry import Change
from gm_console.core.errors import IllegalAction
from gm_console.core.reference import RefEntry
from gm_console.core.rules import Rules
from gm_console.core.schema import Problem
from gm_console.core.setup import Setup
from gm_console.core.state import Side, State, Unit
from gm_console.core.system import System

from . import carry, cites, palette, reference, tables, turns
from .board import BOARD, pair
from .common import DEFEATED, DESTROYED, PRONE, add_condition, side_label, unit_name
from .house_rules import HOUSE_RULES
from .stress import compute_max, refresh
from .verbs import ACTIONS
from .zones import prune


class ConflictSystem(System):
    NAME = "conflict"
    TITLE = "Zone Conflict"
    SUMMARY = "Rounds of alternating turns, 2d20 tasks, Momentum and Threat, zones and Reach, Stress and Injury."
    ACTIONS = ACTIONS
    HOUSE_RULES = HOUSE_RULES
    UNIT_TABLE = tables.UNIT_TABLE
    BOARD_TABLE = tables.BOARD_TABLE
    CATALOGUE = "conflict.toml"
    CATALOGUE_TABLE = tables.CATALOGUE_TABLE
    CLOCK = True
    CARRIES = True
    RESTS = carry.RESTS

    # -- setup
    def check_setup(self, setup: Setup, problems: list[Problem]) -> None:
        tables.check_setup(setup, problems)

    def init_board(self, setup: Setup, rules: Rules) -> Any:
        return tables.make_board(setup)

    def init_unit(self, state: State, unit: Unit, table: dict[str, Any] | None, setup: Setup, rules: Rules) -> None:
        given = table is not None
        table = tables.unit_table(table)
        b = BOARD(state)
        b.chars[unit.id] = tables.make_char(table, _side(state, unit).is_players)
        unit.stats.update(table["attributes"])
        unit.stats.update(table["specializations"])
        unit.stats["stress"] = table["stress"] if given else unit.stats.get("stress", 0)  # (no table: the unit's own count)
        if table["protection"]:
            unit.stats["protection"] = table["protection"]
        if table["cover"] and unit.zone is not None:  # (cover is a zone's: a unit in no zone has none)
            b.cover[unit.id] = unit.zone
        for other in table["near"]:
            b.reach.add(pair(unit.id, other))
        if any(t.lower() == DESTROYED.lower() for t in unit.traits):  # carried from an earlier fight (C105.3)
            add_condition(unit, DESTROYED)
        if table["defeated"]:  # carried Defeated (Dying with an untreated Deadly Injury) until First Aid (C103.5)
            add_condition(unit, DEFEATED)
            add_condition(unit, PRONE)
        refresh(state, rules, unit.id)
        c = b.chars[unit.id]
        if c.fatigued_attr and not c.fatigued:
            c.fatigued_attr = None

    # -- hooks on generic actions
    def unit_added(self, state: State, unit: Unit, template: Unit | None, ctx: Context) -> None:
        b = BOARD(state)
        if template is not None and template.id in b.chars:
            old = b.chars[template.id]
            c = tables.make_char(tables.unit_table(None), _side(state, unit).is_players)
            c.tier, c.values, c.cysuit, c.synthetic, c.weapons = old.tier, old.values, old.cysuit, old.synthetic, old.weapons
            if unit.stats.get("stress") == template.stats.get("stress"):
                unit.stats["stress"] = 0  # a fresh character, not the template's wounds
        else:
            c = tables.make_char(tables.unit_table(None), _side(state, unit).is_players)
        unit.stats.setdefault("stress", 0)
        b.chars[unit.id] = c
        refresh(state, ctx.rules, unit.id, ctx)
        ctx.emit(f"{unit.name} is a {c.tier} character with Stress {unit.stats['stress']}/{c.stress_max}", "rule", unit.id)

    def unit_removed(self, state: State, unit: Unit, ctx: Context) -> None:
        b = BOARD(state)
        b.chars.pop(unit.id, None)
        b.acted = [u for u in b.acted if u != unit.id]
        b.reach = {p for p in b.reach if unit.id not in p}
        b.cover.pop(unit.id, None)
        b.pending = [p for p in b.pending if p.target != unit.id]
        if b.turn is not None and b.turn.unit == unit.id:
            b.turn = None
        if b.withdraw == unit.id:
            b.withdraw = None

    def unit_moved(self, state: State, unit: Unit, old_zone: str | None, ctx: Context) -> None:
        """A GM-fiat move leaves Reach and cover behind at once."""
        if unit.zone != old_zone:
            prune(state)

    def check_add(self, state: State, action: AddUnit, ctx: Context) -> None:
        for key, value in action.stats:
            if value < 0:
                raise IllegalAction(f"{key} cannot be negative", cites.STRESS)

    def check_stat(self, state: State, unit: Unit, stat: str, value: int, ctx: Context) -> None:
        if unit.id not in BOARD(state).chars:
            return
        if value < 0 and (stat in ("stress", "protection") or stat in BOARD(state).catalogue.attributes):
            raise IllegalAction(f"{stat} cannot be negative", cites.STRESS)
        if stat == "stress":
            most = compute_max(state, ctx.rules, unit.id)
            if value > most:
                raise IllegalAction(f"{unit.name}'s Stress track holds {most}; {value} is more than that", cites.STRESS)

    def stat_set(self, state: State, unit: Unit, stat: str, old: int | None, ctx: Context) -> None:
        if unit.id in BOARD(state).chars:
            refresh(state, ctx.rules, unit.id, ctx)

    def check_pool(self, state: State, pool: str, value: int, ctx: Context) -> None:
        if pool == "momentum":
            cap = ctx.rules.view("conflict").momentum_cap
            if not 0 <= value <= cap:
                raise IllegalAction(f"the Momentum pool holds 0 to {cap}; {value} is outside it", cites.MOMENTUM)
        elif pool == "threat" and value < 0 and ctx.rules.view("conflict").threat_deficit != "any":
            raise IllegalAction(f"Threat {value} would be a deficit, which house rule threat_deficit allows only for Deadly intent", cites.THREAT)

    # -- the clock
    def check_advance(self, state: State, ctx: Context) -> None:
        turns.check_next(state, ctx)

    def advance(self, state: State, ctx: Context) -> None:
        turns.advance(state, ctx)

    def describe_turn(self, state: State) -> str:
        b = BOARD.get(state)
        if b is None:
            return ""
        if b.over:
            return "conflict over"
        if b.pending:
            p = b.pending[0]
            return f"{unit_name(state, p.target)} must avoid or suffer (Severity {p.adjusted})"
        if state.clock.active:
            return "kept initiative" if b.turn and b.turn.kept else ""
        first = turns.opening(state)
        if first is not None and len(first[0]) == 1:
            return f"{unit_name(state, first[0][0])} opens: {first[1]}"
        left = turns.may_start(state)
        tied = " (tied for the highest Daring)" if first is not None else ""
        return f"{side_label(b.to_go)} pick: {', '.join(unit_name(state, u) for u in left)}{tied}" if left else "next ends the round"

    # -- reference, palette, starter
    def reference(self) -> list[RefEntry]:
        return reference.entries()

    def legal_actions(self, state: State, ctx: Context) -> list[Action]:
        return palette.legal_actions(state, ctx)

    # -- campaigns (carry.py)
    def persistent(self, state: State, rules: Rules, uid: str, setup_unit: Mapping[str, Any] | None) -> dict[str, Any]:
        return carry.persistent(state, rules, uid, setup_unit)

    def party_changes(self, party_unit: Mapping[str, Any], final: Mapping[str, Any], rules: Rules) -> list[Change]:
        return carry.party_changes(party_unit, final)

    def rest(self, party_unit: Mapping[str, Any], kind: str) -> tuple[list[Change], str | None]:
        return carry.rest(party_unit, kind)

    def starter_unit(self, role: str) -> dict[str, Any] | None:
        if role == "hero":
            return {
                "tier": "main",
                "attributes": {"control": 9, "daring": 10, "fitness": 9, "insight": 8, "presence": 8, "reason": 9},
                "specializations": {"security": 2, "medicine": 1, "engineering": 1},
                "weapons": ["field-sidearm"],
            }
        if role == "foe":
            return {
                "tier": "notable",
                "attributes": {"control": 9, "daring": 9, "fitness": 8, "insight": 7, "presence": 7, "reason": 7},
                "specializations": {"security": 2},
                "weapons": ["field-sidearm", "knife"],
            }
        return None

    def starter_board(self) -> dict[str, Any] | None:
        return {"opening": "players"}

    def starter_extra(self) -> dict[str, Any]:
        return {"pools": {"momentum": 0, "threat": 2}}


def _side(state: State, unit: Unit) -> Side:
    return state.sides[unit.side]
