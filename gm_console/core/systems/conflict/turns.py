"""Rounds and alternating turns, the opening, and Keep the Initiative.

Each round everyone able to act takes one turn. After a turn the other side
picks one of its characters who has not acted; when one side runs out, the
other finishes. A round opens with the players unless the opposition seized
the opening. ``board.to_go`` is the controller ("players" or "gm") whose pick
it is; ``board.acted`` lists who has taken (or is taking) a turn this round.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gm_console.core import timing
from gm_console.core.errors import IllegalAction
from gm_console.core.state import State

from . import cites
from .board import BOARD, TurnUse
from .common import DEAD, DESTROYED, able, ctrl, other, cap, side_label, verb, unit_name, yielded
from .stress import answers, clear_stun
from .zones import prune

if TYPE_CHECKING:
    from gm_console.core.actions import Context


def candidates(state: State, controller: str) -> list[str]:
    b = BOARD(state)
    return [uid for uid in state.units if uid in b.chars and ctrl(state, uid) == controller and able(state, uid) and uid not in b.acted]


def check_no_pending(state: State, ctx: Context) -> None:
    pending = BOARD(state).pending
    if pending:
        p = pending[0]
        who = unit_name(state, p.target)
        raise IllegalAction(
            f"{who} must first Avoid or suffer the Severity {p.adjusted} Injury ({' / '.join(answers(state, ctx, p.target))})",
            cites.PENDING,
        )


def check_start(state: State, uid: str, *, clear: bool = False) -> None:
    """Can ``uid`` take the next turn, with no turn running? ``clear``: the GM names
    ``uid`` the clear choice to open round 1 (the text's first rule of the opening),
    so the file's ``first`` and the highest Daring give way."""
    b = BOARD(state)
    unit = state.unit(uid)
    if b.over:
        raise IllegalAction("the conflict is over: no more turns this scene (scene starts the next one)", cites.ALTERNATION)
    if unit.has(DEAD):
        raise IllegalAction(f"{unit.name} is dead", cites.DEFEATED)
    if yielded(state, uid):
        raise IllegalAction(f"{unit.name} has yielded and left the fight", cites.YIELD)
    if unit.has(DESTROYED):
        raise IllegalAction(f"{unit.name}'s chassis is destroyed: no turns until embody gives it a new one", cites.SYNTHETIC)
    if not able(state, uid):
        raise IllegalAction(f"{unit.name} is Defeated and takes no actions until revived", cites.DEFEATED)
    if uid in b.acted:
        raise IllegalAction(f"{unit.name} has already acted in round {state.clock.round}; no one acts twice a round", cites.ONE_TURN)
    mine = ctrl(state, uid)
    if mine != b.to_go and candidates(state, b.to_go):
        left = ", ".join(unit_name(state, u) for u in candidates(state, b.to_go))
        raise IllegalAction(f"sides alternate: it is {side_label(b.to_go)}' pick ({left})", cites.ALTERNATION)
    if clear:
        return
    first = opening(state)
    if first is not None and uid not in first[0]:
        who, why = first
        named = " / ".join(f"turn {u}" for u in who)
        if len(who) == 1:
            head = f"{unit_name(state, who[0])} opens round 1: {why}"
        else:
            names = ", ".join(unit_name(state, u) for u in who[:-1]) + f" and {unit_name(state, who[-1])}"
            head = f"{names} are {why}: the players pick one of them to open round 1"
        raise IllegalAction(f"{head}; {named} (if {unit.name} is the clear choice: turn {uid} clear)", cites.OPENING)


def check_not_running(state: State, uid: str) -> None:
    """``turn X`` for the unit whose turn is running is refused, with that reason (it
    would end the turn unused and start X again, or say X has already acted)."""
    if state.clock.active == uid:
        raise IllegalAction(f"{unit_name(state, uid)}'s turn is already running (next ends it)", cites.ONE_TURN)


def opening(state: State) -> tuple[tuple[str, ...], str] | None:
    """Who may open round 1 and why, when the text narrows the pick: the clear choice
    (``[conflict] first``, in the first scene), else on the players' side the player
    characters with the highest Daring: one, or those tied for it (the players pick
    among them; the reason then says "tied for ..."). None when the pick is free (a
    later turn, an opening the GM's side took). ``turn UNIT clear`` goes before it."""
    b = BOARD(state)
    if state.clock.round != 1 or b.acted or state.clock.active is not None:
        return None
    left = candidates(state, b.to_go)
    if b.first and b.scene == 1 and b.first in left:
        return (b.first,), "the clear choice ([conflict] first)"
    if b.to_go != "players" or b.seized or not left:
        return None
    daring = {u: state.units[u].stats.get("daring", 0) for u in left}
    best = max(daring.values())
    top = tuple(u for u in left if daring[u] == best)
    return top, (f"the player character with the highest Daring ({best})" if len(top) == 1 else f"tied for the highest Daring ({best})")


def opener(state: State) -> tuple[str, str] | None:
    """Who must open round 1 and why, when the text names one character (``opening`` with one)."""
    first = opening(state)
    return (first[0][0], first[1]) if first is not None and len(first[0]) == 1 else None


def may_start(state: State) -> list[str]:
    """Who may take the next turn now, no turn running: the candidates of the side whose
    pick it is, or those of them the opening of round 1 allows."""
    first = opening(state)
    return list(first[0]) if first is not None else candidates(state, BOARD(state).to_go)


def start_turn(state: State, ctx: Context, uid: str, kept: bool = False) -> None:
    b = BOARD(state)
    prune(state)
    state.clock.active = uid
    state.clock.turn += 1
    b.to_go = ctrl(state, uid)
    b.acted.append(uid)
    b.turn = TurnUse(uid, ctx.index, kept=kept)
    b.last = {}
    how = " (kept initiative)" if kept else ""
    ctx.emit(f"{unit_name(state, uid)}'s turn{how}: one Major and one Minor Action", "turn", uid)


def end_turn(state: State, ctx: Context, *, auto: bool, pass_pick: bool = True) -> None:
    """End the running turn (if any), pass the pick, and end the round when no one
    is left. ``pass_pick=False`` when the caller decides what comes next (Keep the
    Initiative hands the turn to an ally; a new scene starts afresh)."""
    b = BOARD(state)
    uid = state.clock.active
    last = b.to_go
    if uid is not None and uid in state.units:
        last = ctrl(state, uid)
        timing.end_turn(state, ctx, uid)
        clear_stun(state, ctx, uid, b.turn.start if b.turn else ctx.index)
        ctx.emit(f"{unit_name(state, uid)}'s turn ends", "turn", uid)
    state.clock.active = None
    b.turn = None
    b.opposed = None
    b.withdraw = None
    b.last = {}
    if pass_pick:
        pick(state, ctx, other(last) if uid is not None else b.to_go, auto=auto)


def pick(state: State, ctx: Context, preferred: str, *, auto: bool) -> None:
    """Hand the pick to ``preferred``, or to the other side when it has no one left."""
    b = BOARD(state)
    if candidates(state, preferred):
        b.to_go = preferred
    elif candidates(state, other(preferred)):
        b.to_go = other(preferred)
        ctx.emit(f"{cap(side_label(preferred))} {verb(preferred, 'have')} no one left to act: {side_label(b.to_go)} {verb(b.to_go, 'finish')} the round", "rule")
    else:
        end_round(state, ctx, auto=auto)
        return
    left = candidates(state, b.to_go)
    if auto and len(left) == 1 and ctx.rules.view("conflict").auto_pick:
        start_only(state, ctx, left[0])
    else:
        ctx.emit(f"{cap(side_label(b.to_go))} {verb(b.to_go, 'pick')} who acts next: {', '.join(unit_name(state, u) for u in left)}", "turn")


def start_only(state: State, ctx: Context, uid: str) -> None:
    """The one character who can take the next turn takes it, and the log says why."""
    ctx.emit(f"{unit_name(state, uid)} is the only one who can take the next turn: it starts (house rule auto_pick)", "rule", uid)
    start_turn(state, ctx, uid)


def seizable(state: State) -> bool:
    """At a round's start, whether the GM's side could still seize the opening
    (``seize UNIT``): then one player character is not the only one who can go."""
    b = BOARD(state)
    return b.to_go == "players" and not b.acted and state.clock.active is None and bool(candidates(state, "gm"))


def end_round(state: State, ctx: Context, *, auto: bool = False) -> None:
    b = BOARD(state)
    timing.end_round(state, ctx)
    state.clock.round += 1
    state.clock.turn = 0
    b.acted = []
    b.majors = {}
    b.seized = False
    b.to_go = "players" if candidates(state, "players") or not candidates(state, "gm") else "gm"
    left = candidates(state, b.to_go)
    ctx.emit(
        f"Round {state.clock.round} begins: {side_label(b.to_go)} {verb(b.to_go, 'pick')} who goes first ({', '.join(unit_name(state, u) for u in left) or 'no one can act'})",
        "turn",
    )
    if len(left) == 1 and ctx.rules.view("conflict").auto_pick:  # the same as within a round
        if not seizable(state):
            if auto:
                start_only(state, ctx, left[0])
        else:
            ctx.emit(f"{unit_name(state, left[0])} is the only one of {side_label(b.to_go)} who can go: next starts the turn, {seize_hint(state, ctx)}", "rule", left[0])


def seize_hint(state: State, ctx: Context) -> str:
    """How the GM's side could still take the opening now, offering only a seize its
    check allows (paying 1 Threat is for the conflict's opening unless house rule
    seize_each_round; with no Threat, or later, only the situation hands it over)."""
    from .verbs import Seize

    def legal(action: Seize) -> bool:
        try:
            action.check(state, ctx)
        except IllegalAction:
            return False
        return True

    npcs = candidates(state, "gm")
    if any(legal(Seize(unit=u)) for u in npcs):
        return "unless the GM's side seizes the opening first (seize UNIT, 1 Threat)"
    if any(legal(Seize(unit=u, free=True)) for u in npcs):
        return "unless the situation hands the GM's side the opening (seize UNIT free)"
    return "and no one can take the opening from them"


def after_end(state: State, ctx: Context) -> State:
    """The state as it would be once the running turn ended (for checks)."""
    from gm_console.core.actions import Context as Ctx

    sim = state.copy()
    end_turn(sim, Ctx(ctx.rules, ctx.systems, ctx.setup, ctx.index), auto=False)
    return sim


def check_next(state: State, ctx: Context) -> None:
    check_no_pending(state, ctx)
    if BOARD(state).over:
        raise IllegalAction("the conflict is over: no more turns this scene (scene starts the next one)", cites.ALTERNATION)
    if state.clock.active is not None:
        return
    b = BOARD(state)
    mine, theirs = candidates(state, b.to_go), candidates(state, other(b.to_go))
    allowed = may_start(state)
    if len(allowed) > 1:
        raise IllegalAction(
            f"{side_label(b.to_go)} {verb(b.to_go, 'pick')} who acts: " + " / ".join(f"turn {u}" for u in allowed), cites.ALTERNATION
        )
    if not mine and not theirs and not b.acted:
        raise IllegalAction("no one is able to act", cites.DEFEATED)


def advance(state: State, ctx: Context) -> None:
    b = BOARD(state)
    if state.clock.active is not None:
        end_turn(state, ctx, auto=True)
        return
    mine = candidates(state, b.to_go)
    first = opener(state)
    if first is not None:  # next opens round 1 with the one the text names
        ctx.emit(f"{unit_name(state, first[0])} opens: {first[1]}", "rule", first[0])
        start_turn(state, ctx, first[0])
    elif len(mine) == 1:
        start_only(state, ctx, mine[0])
    else:
        pick(state, ctx, b.to_go, auto=True)
