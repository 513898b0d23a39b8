"""Small shared helpers: characters, sides, conditions and who may act
(the rules the refusals cite are in cites.py)."""

from __future__ import annotations

from gm_console.core.errors import IllegalAction
from gm_console.core.state import Condition, State, Unit

from . import cites
from .board import BOARD, Char

DEFEATED, PRONE, DEAD, YIELDED = "Defeated", "Prone", "Dead", "Yielded"
DESTROYED = "Chassis Destroyed"  # a Synthetic whose chassis is gone but whose backup carries it on


def char(state: State, uid: str) -> Char:
    return BOARD(state).chars[uid]


def ctrl(state: State, uid: str) -> str:
    """The controller of a unit's side: "players" or "gm"."""
    return state.sides[state.units[uid].side].controller


def is_players(state: State, uid: str) -> bool:
    """Whether the players control the unit's side (else the GM does)."""
    return state.sides[state.units[uid].side].is_players


# The round names a side by its key, "players" or "gm" (Board.to_go, turns.candidates): the
# controller of its Side, as ctrl gives it. These word and flip such a key.


def other(who: str) -> str:
    """The other side's key."""
    return "gm" if who == "players" else "players"


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def verb(who: str, plural: str) -> str:
    """Agree a verb with a side label: the players pick, the GM's side picks."""
    if who == "players":
        return plural
    return {"have": "has", "finish": "finishes"}.get(plural, plural + "s")


def side_label(who: str) -> str:
    return "the players" if who == "players" else "the GM's side"


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
    if uid not in BOARD(state).chars:
        raise IllegalAction(f"{unit.name} has no conflict record", cites.NPCS)
    return unit


def must_be_able(state: State, uid: str) -> None:
    """A Defeated character (Dying included) takes no actions until revived."""
    if yielded(state, uid):
        raise IllegalAction(f"{unit_name(state, uid)} has yielded and left the fight", cites.YIELD)
    if uid in state.units and state.units[uid].has(DESTROYED):
        raise IllegalAction(f"{unit_name(state, uid)}'s chassis is destroyed: no actions until embody gives it a new one", cites.SYNTHETIC)
    if uid in state.units and not able(state, uid):
        raise IllegalAction(f"{unit_name(state, uid)} is Defeated and takes no actions until revived", cites.DEFEATED)


def must_act_now(state: State, uid: str, what: str) -> None:
    """``what`` is an action taken on one's own turn: ``uid`` must be acting."""
    must_be_able(state, uid)
    active = state.clock.active
    if active != uid:
        now = f"it is {unit_name(state, active)}'s turn" if active else "no one's turn is running (start one with turn UNIT)"
        raise IllegalAction(f"{unit_name(state, uid)} can only {what} on their own turn; {now}", cites.WHOSE_TURN)
