"""The action economy of a turn: one Major and one Minor Action, more bought
with Momentum (1 for a Minor, 2 for a second Major at +1 Difficulty), and
never more than two Major Actions in a round."""

from __future__ import annotations

from gm_console.core.errors import IllegalAction
from gm_console.core.state import State

from . import cites
from .board import BOARD, TurnUse
from .common import must_act_now, unit_name


def turn_of(state: State, uid: str, what: str) -> TurnUse:
    must_act_now(state, uid, what)
    turn = BOARD(state).turn
    assert turn is not None and turn.unit == uid
    return turn


def check_major(state: State, uid: str, what: str) -> bool:
    """Raise unless ``uid`` may take a Major Action now; True when it is the bought second one."""
    turn = turn_of(state, uid, what)
    if turn.majors >= 1 + turn.extra_majors:
        hint = f"spend {uid} major buys a second for 2 Momentum" if not turn.extra_majors else "two is the most a round"
        raise IllegalAction(f"{unit_name(state, uid)} has used this turn's Major Action ({hint})", cites.MAJOR_MINOR if not turn.extra_majors else cites.TWO_MAJORS)
    return turn.majors >= 1


def use_major(state: State, uid: str) -> None:
    b = BOARD(state)
    assert b.turn is not None
    b.turn.majors += 1
    b.majors[uid] = b.majors.get(uid, 0) + 1


def check_minor(state: State, uid: str, what: str) -> None:
    turn = turn_of(state, uid, what)
    if turn.minors >= 1 + turn.extra_minors:
        raise IllegalAction(
            f"{unit_name(state, uid)} has used this turn's Minor Action (spend {uid} minor buys another for 1 Momentum)",
            cites.MAJOR_MINOR,
        )


def use_minor(state: State) -> None:
    turn = BOARD(state).turn
    assert turn is not None
    turn.minors += 1


def second_major_mod(second: bool) -> list[tuple[str, int]]:
    return [("second Major Action", 1)] if second else []


def check_buy_major(state: State, uid: str) -> None:
    turn = turn_of(state, uid, "buy a second Major Action")
    if turn.extra_majors or BOARD(state).majors.get(uid, 0) >= 2:
        raise IllegalAction(f"{unit_name(state, uid)} has had its two Major Actions this round; a third is not allowed", cites.TWO_MAJORS)
