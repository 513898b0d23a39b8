"""Small shared helpers: the board, sides, conditions and the rule names that
IllegalAction messages cite (each matches a rules-reference title)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gm_console.core.errors import IllegalAction
from gm_console.core.state import Condition, State, Unit

from .board import Board, Char

if TYPE_CHECKING:
    from gm_console.core.actions import Context

NAME = "conflict"

# rule names, as the reference titles them
R_OPENING = "the opening"
R_ALTERNATION = "alternating turns"
R_ONE_TURN = "one turn a round"
R_KEEP = "Keep the Initiative"
R_WHOSE_TURN = "acting on your turn"
R_ACTIONS = "Major and Minor Actions"
R_TWO_MAJORS = "two Major Actions a round"
R_TASK = "the task roll"
R_OPPOSED = "opposed tasks"
R_DICE = "buying d20s"
R_REACH = "Reach"
R_MOVEMENT = "Movement"
R_SPRINT = "Sprint and difficult terrain"
R_RANGE = "range bands"
R_COVER = "cover"
R_PRONE = "prone"
R_ATTACK = "attacks"
R_INTENT = "Stun or Deadly intent"
R_SEVERITY = "increasing Severity"
R_COUNTER = "Counterattack"
R_QUALITIES = "weapon qualities"
R_AVOID = "Avoid Injury"
R_FATIGUED = "Fatigued"
R_DEFEATED = "Defeated"
R_DYING = "Dying and the cysuit"
R_FIRST_AID = "First Aid"
R_TREAT = "treating Injuries"
R_RECOVERY = "Stress recovery"
R_HAZARDS = "hazards"
R_NPCS = "NPC tiers"
R_MOMENTUM = "the Momentum pool"
R_THREAT = "Threat"
R_SPENDS = "Momentum spends"
R_CORE_SPENDS = "core Momentum spends"
R_PENDING = "resolving a hit"
R_OVER = "the end of the conflict"
R_YIELD = "yielding"
R_CONSEQUENCE = "consequences"
R_TRAITS = "Traits in play"
R_SYNTHETIC = "Synthetics and their chassis"

DEFEATED, PRONE, DEAD, YIELDED = "Defeated", "Prone", "Dead", "Yielded"
DESTROYED = "Chassis Destroyed"  # a Synthetic whose chassis is gone but whose backup carries it on


def board(state: State) -> Board:
    return state.boards[NAME]


def char(state: State, uid: str) -> Char:
    return board(state).chars[uid]


def ctrl(state: State, uid: str) -> str:
    """The controller of a unit's side: "players" or "gm"."""
    return state.sides[state.units[uid].side].controller


def other(controller: str) -> str:
    return "gm" if controller == "players" else "players"


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def verb(controller: str, plural: str) -> str:
    """Agree a verb with a side label: the players pick, the GM's side picks."""
    if controller == "players":
        return plural
    return {"have": "has", "finish": "finishes"}.get(plural, plural + "s")


def side_label(controller: str) -> str:
    return "the players" if controller == "players" else "the GM's side"


def enemies(state: State, a: str, b: str) -> bool:
    return a != b and ctrl(state, a) != ctrl(state, b)


def defeated(state: State, uid: str) -> bool:
    unit = state.units[uid]
    return unit.has(DEFEATED) or unit.has(DEAD) or unit.has(DESTROYED)


def yielded(state: State, uid: str) -> bool:
    unit = state.units.get(uid)
    return unit is not None and unit.has(YIELDED)


def able(state: State, uid: str) -> bool:
    """Able to act: in the fight (not yielded) and neither Defeated nor dead."""
    return uid in state.units and not defeated(state, uid) and not yielded(state, uid)


def add_condition(unit: Unit, name: str) -> bool:
    if unit.has(name):
        return False
    unit.conditions[name.lower()] = Condition(name)
    return True


def drop_condition(unit: Unit, name: str) -> bool:
    return unit.conditions.pop(name.lower(), None) is not None


def unit_name(state: State, uid: str | None) -> str:
    if uid is None:
        return "-"
    unit = state.units.get(uid)
    return unit.name if unit else uid


def need_unit(state: State, uid: str) -> Unit:
    unit = state.unit(uid)
    if uid not in board(state).chars:
        raise IllegalAction(f"{unit.name} has no conflict record", R_NPCS)
    return unit


def must_be_able(state: State, uid: str) -> None:
    """A Defeated character (Dying included) takes no actions until revived."""
    if yielded(state, uid):
        raise IllegalAction(f"{unit_name(state, uid)} has yielded and left the fight", R_YIELD)
    if uid in state.units and state.units[uid].has(DESTROYED):
        raise IllegalAction(f"{unit_name(state, uid)}'s chassis is destroyed: no actions until embody gives it a new one", R_SYNTHETIC)
    if uid in state.units and not able(state, uid):
        raise IllegalAction(f"{unit_name(state, uid)} is Defeated and takes no actions until revived", R_DEFEATED)


def must_act_now(state: State, uid: str, what: str) -> None:
    """``what`` is an action taken on one's own turn: ``uid`` must be acting."""
    must_be_able(state, uid)
    active = state.clock.active
    if active != uid:
        now = f"it is {unit_name(state, active)}'s turn" if active else "no one's turn is running (start one with turn UNIT)"
        raise IllegalAction(f"{unit_name(state, uid)} can only {what} on their own turn; {now}", R_WHOSE_TURN)


def emit_rule(ctx: Context, text: str) -> None:
    ctx.emit(text, "rule")
