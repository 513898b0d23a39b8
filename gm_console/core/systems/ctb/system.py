"""The CTB system: hooks that tie the generic engine to the CTB rules, and
the clock (``next``), each delegating to the modules of the package."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from gm_console.core.actions import Action, AddUnit, Context
from gm_console.core.errors import IllegalAction
from gm_console.core.rules import Rules
from gm_console.core.schema import Problem
from gm_console.core.setup import Setup
from gm_console.core.state import State, Unit
from gm_console.core.system import System
from gm_console.core.systems.ctb import cites, clock
from gm_console.core.systems.ctb.board import BOARD, CTBBoard, weapons_from
from gm_console.core.systems.ctb.house_rules import HOUSE_RULES
from gm_console.core.systems.ctb.projection import project
from gm_console.core.systems.ctb.stats import BASES, KENNEL_MAX, KNOWN, MAXIMA, POOLS, fill, recompute_maxima, sync_marks
from gm_console.core.systems.ctb.tables import BOARD_TABLE, DEFAULT_PROJECTION, UNIT_TABLE
from gm_console.core.systems.ctb.verbs import ACTIONS

if TYPE_CHECKING:
    from gm_console.core.carry import Change
    from gm_console.core.reference import RefEntry

_TABLE_STATS = [k for k in UNIT_TABLE.keys if k != "weapons"]


def check_value(unit: Unit, stat: str, value: int) -> None:
    """Raise IllegalAction unless ``value`` is a legal value of CTB stat ``stat`` for ``unit``."""
    if stat in MAXIMA:
        base = stat.replace("_max", "_base")
        raise IllegalAction(f"{stat} is worked out from {base} and kennel: set one of those instead", cites.KENNEL)
    if stat in POOLS:
        top = unit.stats.get(f"{stat}_max", 0)
        if not 0 <= value <= top:
            raise IllegalAction(f"{unit.name}'s {stat.upper()} must stay between 0 and its maximum {top}", cites.POOLS)
    elif stat == "kennel":
        if not 0 <= value <= KENNEL_MAX:
            raise IllegalAction(f"Kennel runs from 0 to {KENNEL_MAX}, got {value}", cites.KENNEL)
    elif stat == "recalled":
        if value not in (0, 1):
            raise IllegalAction("recalled is 1 (left the fight) or 0 (in it)", cites.RECALL)
    elif stat in KNOWN and value < 0:
        raise IllegalAction(f"{stat} cannot be negative", cites.STATS)


class CTBSystem(System):
    NAME = "ctb"
    TITLE = "Countdown Battle"
    SUMMARY = "CTB: AP ticks toward 100, HP/AR with BRK and Armor Broken, d20 effectiveness, Kennel and Recall."
    ACTIONS = ACTIONS
    HOUSE_RULES = HOUSE_RULES
    UNIT_TABLE = UNIT_TABLE
    BOARD_TABLE = BOARD_TABLE
    CLOCK = True
    CARRIES = True

    # ------------------------------------------------------------ setup
    def check_setup(self, setup: Setup, problems: list[Problem]) -> None:
        for i, unit in enumerate(setup.units):
            table = unit.get("ctb")
            if table is None:
                problems.append(Problem(f"units[{i}].ctb", "missing: every unit of a CTB encounter needs a [units.ctb] table"))
                continue
            if "hp_base" not in table and "hp" not in table:
                problems.append(Problem(f"units[{i}].ctb.hp_base", "missing: give hp_base (max HP at Kennel 100) or hp"))
            ids = [w["id"] for w in table["weapons"]]
            for j, wid in enumerate(ids):
                if wid in ids[:j]:
                    problems.append(Problem(f"units[{i}].ctb.weapons[{j}].id", f"duplicate weapon id {wid!r}"))

    def init_board(self, setup: Setup, rules: Rules) -> CTBBoard:
        table = setup.board(self.NAME)
        return CTBBoard(projection_length=table["projection"] if table else DEFAULT_PROJECTION, rules=rules)

    def init_unit(self, state: State, unit: Unit, table: dict[str, Any] | None, setup: Setup, rules: Rules) -> None:
        table = table or {}
        for key in _TABLE_STATS:
            if key in table:
                unit.stats[key] = table[key]
        for pool in POOLS:  # 'hp = 40' alone reads as a 40 HP unit: the base is taken from it
            if f"{pool}_base" not in table and pool in table:
                unit.stats[f"{pool}_base"] = table[pool]
        fill(unit, rules)
        for pool in POOLS:  # a starting value above the maximum is pulled down to it
            unit.stats[pool] = min(unit.stats[pool], unit.stats[f"{pool}_max"])
        BOARD(state).weapons[unit.id] = weapons_from(table)
        sync_marks(unit, rules)

    # ------------------------------------------------------------ generic actions
    def check_add(self, state: State, action: AddUnit, ctx: Context) -> None:
        if action.template is not None:
            return  # no stats of its own (AddUnit.__post_init__): the template's are checked as it is built
        assert action.side is not None  # AddUnit.__post_init__: an add without a template names a side
        probe = Unit(action.unit, action.name or action.unit, action.side)
        for stat, value in action.stats:
            if stat not in POOLS:  # pools are checked against the maxima once the unit exists
                check_value(probe, stat, value)

    def unit_added(self, state: State, unit: Unit, template: Unit | None, ctx: Context) -> None:
        given = dict(ctx_stats(unit, template))
        if template is None and "hp_base" not in given and "hp" in given:
            unit.stats["hp_base"] = given["hp"]  # 'add gob3 foes hp=12' reads as a 12 HP unit
        if template is not None:  # a copy joins fresh: full pools unless given, not Recalled, no AP
            for pool in POOLS:
                if pool not in given:
                    unit.stats.pop(pool, None)
            unit.stats["recalled"] = 0
        unit.stats["ap"] = given.get("ap", 0)
        fill(unit, ctx.rules)
        recompute_maxima(unit, ctx.rules)
        for pool in POOLS:
            unit.stats[pool] = min(unit.stats[pool], unit.stats[f"{pool}_max"])
        board = BOARD(state)
        board.weapons[unit.id] = board.weapons.get(template.id, ()) if template else ()
        clock.settle(state, ctx, unit)

    def unit_removed(self, state: State, unit: Unit, ctx: Context) -> None:
        board = BOARD(state)
        board.weapons.pop(unit.id, None)
        if state.clock.active == unit.id:
            board.attacks = 0

    def unit_moved(self, state: State, unit: Unit, old_zone: str | None, ctx: Context) -> None:
        """A player unit that moves into a hidden zone sees it: the zone is revealed, as in the zone conflict."""
        from gm_console.core.fog import reveal_zone

        zid = unit.zone
        if not zid or zid == old_zone:
            return
        zone = state.zones.get(zid)
        if zone is not None and zone.hidden and state.sides[unit.side].is_players:
            reveal_zone(state, ctx, zid, f"{unit.name} goes there")

    def check_stat(self, state: State, unit: Unit, stat: str, value: int, ctx: Context) -> None:
        check_value(unit, stat, value)

    def stat_set(self, state: State, unit: Unit, stat: str, old: int | None, ctx: Context) -> None:
        if stat == "kennel" or stat in BASES:
            changes = recompute_maxima(unit, ctx.rules)
            if changes:
                ctx.emit(f"{unit.name}: {', '.join(changes)} (Kennel {unit.stats.get('kennel')})", "rule", unit.id)
        if stat == "recalled" and unit.stats["recalled"] and state.clock.active == unit.id:
            state.clock.active = None
        clock.settle(state, ctx, unit)

    # ------------------------------------------------------------ clock
    check_advance = staticmethod(clock.check_clock)
    advance = staticmethod(clock.advance)

    def describe_turn(self, state: State) -> str:
        board = BOARD.get(state)
        if board is None or board.rules is None:
            return ""
        names = [state.units[t.unit].name for t in project(state, board.rules, 3) if t.unit in state.units]
        return "next: " + " > ".join(names) if names else ""

    def board_json(self, state: State, rules: Rules) -> dict[str, Any]:
        board = BOARD(state)
        return {**board.derived(state, rules), **board.to_json()}

    # ------------------------------------------------------------ reference, palette
    def reference(self) -> list[RefEntry]:
        from gm_console.core.systems.ctb.reference import entries  # here: only the rules lookup reads it

        return entries()

    def legal_actions(self, state: State, ctx: Context) -> list[Action]:
        from gm_console.core.systems.ctb import palette  # here: first asked by the command palette, not a load

        return palette.legal_actions(state, ctx)

    # ------------------------------------------------------------ campaigns (carry.py: imported when a fight is carried)
    def persistent(self, state: State, rules: Rules, uid: str, setup_unit: Mapping[str, Any] | None) -> dict[str, Any]:
        from gm_console.core.systems.ctb import carry

        return carry.persistent(state, rules, uid)

    def party_changes(self, party_unit: Mapping[str, Any], final: Mapping[str, Any], rules: Rules) -> list[Change]:
        from gm_console.core.systems.ctb import carry

        return carry.party_changes(party_unit, final, rules)

    # ------------------------------------------------------------ starter (gm-console new)
    def starter_unit(self, role: str) -> dict[str, Any] | None:
        if role == "hero":
            return {
                "ap_total": 12, "hp_base": 40, "ar_base": 8, "ki_base": 20, "atk": 14, "mag": 10, "pr": 4, "mr": 3,
                "prof": 2, "prec": 1,
                "weapons": [
                    {"id": "sword", "name": "Longsword", "dam": 3},
                    {"id": "spark", "name": "Spark", "dam": 4, "kind": "magical"},
                ],
            }  # fmt: skip
        if role == "foe":
            return {
                "ap_total": 9, "ap": 30, "hp_base": 30, "ar_base": 10, "atk": 11, "pr": 3, "mr": 1, "prof": 1,
                "weapons": [{"id": "club", "name": "Spiked Club", "dam": 4}],
            }  # fmt: skip
        return None

    def starter_board(self) -> dict[str, Any] | None:
        return {"projection": DEFAULT_PROJECTION}


def ctx_stats(unit: Unit, template: Unit | None) -> dict[str, int]:
    """The stats an 'add' gave explicitly (those that differ from the copied template)."""
    if template is None:
        return dict(unit.stats)
    return {k: v for k, v in unit.stats.items() if template.stats.get(k) != v}
