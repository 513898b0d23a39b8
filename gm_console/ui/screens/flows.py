"""Which guided flow F7 opens: the focused pane's system if it has one, else
the first of the encounter's systems that does (CTB, zone conflict, reactor);
with a unit selected (a click, ui/pointing.py), the flow opens on its actions
when it may act now (its first step, who acts, is taken)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.screen import ModalScreen

if TYPE_CHECKING:
    from gm_console.ui.app import FightScreen


def _ctb(game, state) -> ModalScreen:
    from gm_console.ui.screens.ctb_flow import ctb_flow

    return ctb_flow(game, state)


def _conflict(game, state) -> ModalScreen:
    from gm_console.ui.screens.conflict_flow import conflict_flow

    return conflict_flow(game, state)


def _reactor(game, state) -> ModalScreen:
    from gm_console.ui.screens.strike_flow import StrikeFlow

    return StrikeFlow(game, state)


FLOWS = {"ctb": _ctb, "conflict": _conflict, "reactor": _reactor}


def preselect(flow: ModalScreen, actor: str) -> ModalScreen:
    """``flow`` with ``actor`` chosen at its first step, when the step offers it now; else as it is."""
    from gm_console.ui.screens.pick_flow import PickFlow, Step
    from gm_console.ui.screens.strike_flow import StrikeFlow

    if isinstance(flow, PickFlow):
        first = flow.chooser.step({})
        if isinstance(first, Step) and any(c.id == actor and c.why is None for c in first.choices):
            flow.picks.append((first.key, actor))
    elif isinstance(flow, StrikeFlow):
        if flow.can_strike(actor):
            flow.striker, flow.step = actor, "target"
    return flow


def flow_for(app: FightScreen, actor: str | None = None) -> ModalScreen | None:
    """The flow for the live state, or None (with a word to the GM) in replay mode or
    for an encounter whose systems have none."""
    if app.replay_at is not None:
        app.notify("replay mode shows the past: press F3 to play on", severity="warning")
        return None
    game = app.game
    focused = next((p.SYSTEM for p in app.system_panes() if p.has_focus_within and p.SYSTEM in FLOWS), None)
    name = focused or next((s for s in game.systems if s in FLOWS), None)
    if name is None:
        app.notify("no guided flow for this encounter's systems: type the action", severity="warning")
        return None
    flow = FLOWS[name](game, game.state)
    return preselect(flow, actor) if actor is not None else flow
