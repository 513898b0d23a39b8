"""What the palette offers in a reactor fight: every strike the rules allow
now (with the defender's possible answers, and HACK when the striker has it),
posts to take or leave, incidents in the Incident phase, LOCKDOWN, and the
Personnel cards to deploy in Operations."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gm_console.core.systems.reactor import legality as lg
from gm_console.core.systems.reactor.board import BOARD
from gm_console.core.systems.reactor.verbs.cards import Deploy, Incident, Lockdown
from gm_console.core.systems.reactor.verbs.operations import NO_BLOCK, Station, Strike, Unstation

if TYPE_CHECKING:
    from gm_console.core.actions import Action, Context
    from gm_console.core.state import State


def legal_actions(state: State, ctx: Context) -> list[Action]:
    board = BOARD(state)
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
            blocks = [NO_BLOCK if able else None] + able  # "no block" said outright when a guard could block
            out += [Strike(striker=striker.id, target=word, block=b, hack=h) for h in hacks for b in blocks]
    for unit in state.units.values():
        out.append(Unstation(unit=unit.id) if unit.has(lg.STATIONED) else Station(unit=unit.id))
    if board.phase == "incident":
        for card in board.cards.cards["incident"].values():
            out += [Incident(card=card.id, side=other) for other in lg.opposing(state, board.active)]
    for side in state.sides:
        out.append(Lockdown(side=side))
        out += [Lockdown(side=side, by=u.id) for u in state.units_of(side)]
    if board.phase == "operations":
        out += [Deploy(card=card.id) for card in board.cards.cards["personnel"].values()]
    return out
