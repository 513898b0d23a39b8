"""What the UI reads of a CTB fight (the only module of the system that
``gm_console/ui`` imports): the projection and its what-if, the odds of an
attack and the d20 bands, a unit's marks, the board's facts, and the action
classes the pane and the act flow build. Nothing here changes a state."""

from __future__ import annotations

from gm_console.core.actions import Action, SetStat
from gm_console.core.rules import Rules
from gm_console.core.state import State, Unit
from gm_console.core.systems.ctb.board import BOARD, Weapon
from gm_console.core.systems.ctb.maths import CRITICAL, GLANCING, REGULAR, Bands
from gm_console.core.systems.ctb.projection import READY, Turn, gain, project, what_if
from gm_console.core.systems.ctb.stats import MARKS, in_fight, is_broken, is_downed, is_recalled
from gm_console.core.systems.ctb.tables import DEFAULT_PROJECTION
from gm_console.core.systems.ctb.verbs import Brk, Delay, Haste, Hit, Recall, Rush, Slow, odds, unit_bands

__all__ = [
    "CRITICAL", "GLANCING", "MARKS", "READY", "REGULAR",
    "Bands", "Brk", "Hit", "Recall", "Turn", "Weapon",
    "attacks_made", "bands", "best_strike", "clock_change", "gain", "in_fight", "is_broken", "is_downed",
    "is_recalled", "odds", "project", "projection_length", "turn_key", "weapons_of", "what_if",
]  # fmt: skip

_ADJUSTS = (Haste, Slow, Delay, Rush)  # the verbs that change a unit's clock by an amount


def bands(unit: Unit, rules: Rules, assist: int = 0) -> Bands:
    """The d20 faces of each effectiveness result for ``unit``'s attacks
    (with ``assist`` more Assist than its own)."""
    return unit_bands(unit, assist, rules)


def clock_change(state: State, draft: Action | None) -> tuple[str, dict[str, int]] | None:
    """(unit id, {"ap_total" or "ap": value}) when ``draft`` would change a
    unit's clock (``set UNIT ap_total N``, haste, slow, delay, rush): what
    ``what_if`` takes to show the order after it. None otherwise."""
    if isinstance(draft, SetStat) and draft.stat in ("ap_total", "ap") and draft.unit in state.units:
        return draft.unit, {draft.stat: draft.value}
    if isinstance(draft, _ADJUSTS) and draft.unit in state.units:
        return draft.unit, {draft.STAT: draft.new_value(state.units[draft.unit])}
    return None


def projection_length(state: State) -> int:
    """How many turns the turn bar projects (the encounter's ``[ctb] projection``)."""
    board = BOARD.get(state)
    return board.projection_length if board else DEFAULT_PROJECTION


def weapons_of(state: State, uid: str) -> tuple[Weapon, ...]:
    """The weapons unit ``uid`` carries, the default (first) one first."""
    board = BOARD.get(state)
    return board.weapons.get(uid, ()) if board is not None else ()


def attacks_made(state: State) -> int:
    """The attacks the acting unit made this turn (free ones excluded)."""
    board = BOARD.get(state)
    return board.attacks if board is not None else 0


def turn_key(state: State) -> tuple:
    """What the legality of an attack depends on besides the two units:
    whose turn it is, its attacks so far, whether the battle is over."""
    board = BOARD.get(state)
    return (state.clock.active, getattr(board, "attacks", 0), getattr(board, "ended", False))


def best_strike(state: State, rules: Rules, strike: Hit | Brk) -> Hit | Brk:
    """``strike`` with the attacker's weapon that does the most to the target:
    the most HP (a hit) or AR (a brk) on a Regular result, then on a Critical,
    then the first listed. The strike itself when it names a weapon or the
    unit carries fewer than two."""
    owned = weapons_of(state, strike.attacker)
    if strike.weapon is not None or len(owned) < 2:
        return strike
    best, score = strike, (-1, -1)
    for weapon in owned:
        candidate = type(strike)(attacker=strike.attacker, target=strike.target, weapon=weapon.id,
                                 assist=strike.assist, ki=strike.ki, free=strike.free)  # fmt: skip
        amounts = odds(state, rules, candidate)[1]
        mine = (amounts.get(REGULAR, 0), amounts.get(CRITICAL, 0))
        if mine > score:
            best, score = candidate, mine
    return best
