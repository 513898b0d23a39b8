"""Verbs of the round: turn, keep, seize (``next`` is the generic verb)."""

from __future__ import annotations


from gm_console.core import notation as n
from gm_console.core.actions import Context
from gm_console.core.errors import IllegalAction
from gm_console.core.state import State
from dataclasses import dataclass

from .. import cites
from ..board import BOARD
from ..common import ctrl, is_players, other, side_label, unit_name, verb
from ..pools import check_pay, pay, pay_threat
from ..turns import after_end, candidates, check_no_pending, check_not_running, check_start, end_turn, start_turn
from .base import ConflictAction


@dataclass(frozen=True, kw_only=True)
class Turn(ConflictAction):
    VERB = "turn"
    PALETTE = "turn"
    SUMMARY = (
        "Start a character's turn: the side whose pick it is names one of its characters still waiting this "
        "round. A turn still running ends first, as with next. clear: the GM names this character the clear "
        "choice to open round 1 (it goes before the file's first and the highest Daring)."
    )
    EXAMPLE = "turn kai"
    SYNTAX = (n.Arg("unit", n.UNIT), n.Flag("clear"))
    unit: str
    clear: bool = False

    def label(self, state: State) -> str:
        if self.clear:
            return f"{unit_name(state, self.unit)} opens round 1: the GM names the clear choice"
        return f"{unit_name(state, self.unit)} takes the next turn"

    def check(self, state: State, ctx: Context) -> None:
        check_no_pending(state, ctx)
        state.unit(self.unit)
        check_not_running(state, self.unit)
        b = BOARD(state)
        if self.clear and (state.clock.round != 1 or b.acted or state.clock.active is not None):
            raise IllegalAction(
                f"the clear choice opens round 1, before anyone acts; round {state.clock.round} is under way "
                f"(turn {self.unit} without clear)",
                cites.OPENING,
            )
        check_start(after_end(state, ctx) if state.clock.active is not None else state, self.unit, clear=self.clear)

    def apply(self, state: State, ctx: Context) -> None:
        if state.clock.active is not None:
            end_turn(state, ctx, auto=False)
        if self.clear:
            ctx.emit(f"{unit_name(state, self.unit)} opens: the clear choice, as the GM names it", "rule", self.unit)
        start_turn(state, ctx, self.unit)


@dataclass(frozen=True, kw_only=True)
class Keep(ConflictAction):
    VERB = "keep"
    PALETTE = "turn"
    SUMMARY = (
        "Keep the Initiative: end the running turn and hand the next one to an ally who has not acted, for "
        "2 Momentum (2 Threat on the GM's side). That ally's turn then passes to the opposition."
    )
    EXAMPLE = "keep ava"
    SYNTAX = (n.Arg("unit", n.UNIT, label="ALLY"),)
    unit: str

    def label(self, state: State) -> str:
        return f"Keep the Initiative: {unit_name(state, self.unit)} goes next"

    def check(self, state: State, ctx: Context) -> None:
        check_no_pending(state, ctx)
        ally = state.unit(self.unit)
        b = BOARD(state)
        active = state.clock.active
        if active is None or b.turn is None:
            raise IllegalAction("Keep the Initiative comes at the end of a running turn", cites.KEEP)
        if b.turn.kept:
            raise IllegalAction(f"{unit_name(state, active)} was handed this turn and must pass play to the opposition", cites.KEEP)
        mine = ctrl(state, active)
        if self.unit == active or ctrl(state, self.unit) != mine:
            raise IllegalAction(f"the initiative passes to an ally of {unit_name(state, active)}, not {ally.name}", cites.KEEP)
        check_pay(state, ctx, is_players(state, active), 2, "Keeping the Initiative")
        sim = after_end(state, ctx)
        if sim.clock.round != state.clock.round or not candidates(sim, other(mine)):
            raise IllegalAction(
                f"{side_label(other(mine))} {verb(other(mine), 'have')} no one left to act this round; "
                f"{side_label(mine)} {verb(mine, 'go')} on anyway (turn {self.unit})",
                cites.KEEP,
            )
        BOARD(sim).to_go = mine
        check_start(sim, self.unit)

    def apply(self, state: State, ctx: Context) -> None:
        active = state.clock.active
        assert active is not None  # (check: Keep comes at the end of a running turn)
        mine = ctrl(state, active)
        who = unit_name(state, active)
        pay(state, ctx, is_players(state, active), 2, f"{who} Keeps the Initiative")
        end_turn(state, ctx, auto=False, pass_pick=False)
        BOARD(state).to_go = mine
        start_turn(state, ctx, self.unit, kept=True)


@dataclass(frozen=True, kw_only=True)
class Seize(ConflictAction):
    VERB = "seize"
    PALETTE = "turn"
    SUMMARY = (
        "Give a round's opening to an NPC before anyone has acted: the GM pays 1 Threat when the opening is in "
        "doubt, or nothing with free when the situation clearly hands it over (an ambush)."
    )
    EXAMPLE = "seize gob"
    SYNTAX = (n.Arg("unit", n.UNIT), n.Flag("free"))
    unit: str
    free: bool = False

    def label(self, state: State) -> str:
        return f"{unit_name(state, self.unit)} seizes the opening" + (" (free)" if self.free else " for 1 Threat")

    def check(self, state: State, ctx: Context) -> None:
        check_no_pending(state, ctx)
        unit = state.unit(self.unit)
        b = BOARD(state)
        if state.clock.active is not None or b.acted:
            raise IllegalAction("the opening is settled before anyone acts in the round", cites.OPENING)
        if is_players(state, self.unit):
            raise IllegalAction(f"the opposition seizes the opening; {unit.name} is on the players' side", cites.OPENING)
        if b.to_go == "gm":
            raise IllegalAction("the opposition already has the opening (turn UNIT starts it)", cites.OPENING)
        if not self.free:
            if state.clock.round > 1 and not ctx.rules.view("conflict").seize_each_round:
                raise IllegalAction(
                    f"paying Threat seizes the conflict's opening only (house rule seize_each_round); "
                    f"if the situation hands it over: seize {self.unit} free",
                    cites.OPENING,
                )
            have = state.pools.get("threat", 0)
            if have < 1:
                raise IllegalAction(f"seizing the opening costs 1 Threat; the GM has {have}", cites.OPENING)
        sim = state.copy()
        BOARD(sim).to_go = "gm"
        check_start(sim, self.unit)

    def apply(self, state: State, ctx: Context) -> None:
        b = BOARD(state)
        if not self.free:
            pay_threat(state, ctx, 1, "the GM seizes the opening")
        else:
            ctx.emit("the situation hands the opening to the opposition", "rule")
        b.to_go = "gm"
        b.seized = True
        start_turn(state, ctx, self.unit)
