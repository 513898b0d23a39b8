"""What the palette offers in a CTB fight: ``next``, the acting unit's hit
and brk on each standing enemy, ``tick`` when it is legal, a Recall for each
Downed unit, and ``endbattle`` until the battle is over."""

from __future__ import annotations

from gm_console.core.actions import Action, Context, Next
from gm_console.core.state import State
from gm_console.core.systems.ctb.board import BOARD
from gm_console.core.systems.ctb.projection import ready_units
from gm_console.core.systems.ctb.stats import in_fight, is_downed, is_recalled
from gm_console.core.systems.ctb.verbs import Brk, EndBattle, Hit, Recall, Tick


def legal_actions(state: State, ctx: Context) -> list[Action]:
    out: list[Action] = [Next()]
    active = state.units.get(state.clock.active) if state.clock.active else None
    if active is not None and in_fight(active):
        for target in state.units.values():
            if target.side == active.side or not in_fight(target):
                continue
            out.append(Hit(attacker=active.id, target=target.id))
            if target.stats.get("ar", 0) > 0:
                out.append(Brk(attacker=active.id, target=target.id))
    if not ready_units(state, ctx.rules) or state.clock.active is not None:
        out.append(Tick())
    out.extend(Recall(unit=u.id) for u in state.units.values() if is_downed(u) and not is_recalled(u))
    if not BOARD(state).ended:
        out.append(EndBattle())  # the palette offers closing the fight like any other legal action
    return out
