"""The reactor verbs about Personnel on the table: strike, station,
unstation, ready, exhaust.

    strike c2 -> reactor                 an unblocked strike on the opposing core
    strike ranger -> reactor hack        ... choosing HACK counters over HEAT
    strike c1 -> reactor block=watchman  the defender intercepts with a stationed guard

A strike line carries the defender's answer (``block=``) so the whole
exchange is one atomic entry in the log: the strike flow asks both sides,
then submits one line.
"""

from __future__ import annotations


from gm_console.core import notation as n
from gm_console.core.actions import Action, Context
from gm_console.core.errors import GMError, IllegalAction, NotationError
from gm_console.core.state import Condition, State
from gm_console.core.systems.reactor import cites as cite
from gm_console.core.systems.reactor.board import BOARD
from gm_console.core.systems.reactor.combat import exhaust, strike
from gm_console.core.systems.reactor.legality import (
    EXHAUSTED,
    ORIENTATION,
    REACTOR,
    STATIONED,
    TARGET_RE,
    blockers,
    check_strike,
    play_timing,
    resolve_target,
)
from dataclasses import dataclass


def _target(text: str) -> str:
    if not TARGET_RE.fullmatch(text):
        raise NotationError(f"expected a target: a unit or Facility id, reactor, or reactor:SIDE; got {text!r}")
    return text


def _target_names(state: State) -> dict[str, str]:
    """What a strike may name: the reactors, then the Facilities and Personnel."""
    names = {REACTOR: "reactor"} if len(state.sides) == 2 else {}
    names.update({f"{REACTOR}:{side.id}": f"{side.name} reactor" for side in state.sides.values()})
    board = BOARD.get(state)
    if board is not None:
        names.update({f.id: f.name for f in board.facilities.values()})
    names.update({u.id: u.name for u in state.units.values()})
    return names


def _block_names(state: State) -> dict[str, str]:
    return {NO_BLOCK: "no block", **{u.id: u.name for u in state.units.values()}}


TARGET = n.Kind("TARGET", _target, str, ref="unit", names=_target_names)
BLOCKER = n.Kind("UNIT", n.UNIT.parse, str, ref="unit", names=_block_names)
NO_BLOCK = "none"  # block=none: the defender lets the strike through (said outright, as the rule asks)
CARD = n.ident("CARD")


class ReactorAction(Action):
    SYSTEM = "reactor"

    def label(self, state: State) -> str:
        """How the palette names the action: the table's words, or the notation if names do not resolve."""
        try:
            return self.describe(state)
        except (GMError, KeyError):
            return self.notation()

    def describe(self, state: State) -> str:
        return self.notation()


@dataclass(frozen=True, kw_only=True)
class Strike(ReactorAction):
    VERB = "strike"
    PALETTE = "strike"
    SUMMARY = (
        "A READY Personnel strikes an opposing Personnel, Facility or reactor during its side's Operations "
        "(Facilities and reactors: RAIDERs only). block= names the defender's stationed interceptor; "
        "hack adds HACK counters instead of HEAT."
    )
    EXAMPLE = "strike c1 -> reactor block=watchman"
    SYNTAX = (n.Arg("striker", n.UNIT), n.Lit("->"), n.Arg("target", TARGET), n.Opt("block", BLOCKER), n.Flag("hack"))
    striker: str
    target: str
    block: str | None = None
    hack: bool = False

    def parts(self, state: State):
        board = BOARD(state)
        striker = state.unit(self.striker)
        target = resolve_target(state, board, striker.side, self.target)
        blocker = state.unit(self.block) if self.block not in (None, NO_BLOCK) else None
        return board, striker, target, blocker

    def describe(self, state: State) -> str:
        _, striker, target, blocker = self.parts(state)
        text = f"{striker.name} -> {target.label}" + (" (hack)" if self.hack else "")
        return text + (f", blocked by {blocker.name}" if blocker else "")

    def check(self, state: State, ctx: Context) -> None:
        board, striker, target, blocker = self.parts(state)
        check_strike(state, board, ctx.rules, striker, target, blocker, self.hack)

    def check_entry(self, state: State, ctx: Context) -> None:
        """A strike typed now says the defender's answer when a guard could block:
        ``block=UNIT`` or ``block=none`` (a saved line without it was unblocked)."""
        if self.block is not None:
            return
        board, striker, target, _ = self.parts(state)
        able = [u for u, why in blockers(state, board, ctx.rules, striker, target) if why is None]
        if able:
            who = ", ".join(f"block={u.id}" + (f" ({u.name})" if u.name != u.id else "") for u in able)
            raise IllegalAction(
                f"{state.sides[target.side].name} can block this strike: add {who}, or block={NO_BLOCK} to let it through",
                cite.ANSWER,
            )

    def apply(self, state: State, ctx: Context) -> None:
        board, striker, target, blocker = self.parts(state)
        strike(state, board, ctx.rules, striker, target, blocker, self.hack, ctx.emit)


def _timing(state: State, ctx: Context, uid: str, verb: str):
    unit = state.unit(uid)
    late = play_timing(state, BOARD(state), ctx.rules, unit.side)
    if late is not None:
        raise late.fail(unit.name, verb)
    return unit


@dataclass(frozen=True, kw_only=True)
class Station(ReactorAction):
    VERB = "station"
    PALETTE = "post"
    SUMMARY = "Post a READY Personnel as a guard (STATIONED): it can intercept strikes but not strike."
    EXAMPLE = "station watchman"
    SYNTAX = (n.Arg("unit", n.UNIT),)
    unit: str

    def describe(self, state: State) -> str:
        return f"{state.units[self.unit].name} takes a post"

    def check(self, state: State, ctx: Context) -> None:
        unit = _timing(state, ctx, self.unit, "take a post")
        if unit.has(STATIONED):
            raise IllegalAction(f"{unit.name} is already STATIONED", cite.STATIONING)
        if unit.has(EXHAUSTED):
            raise IllegalAction(f"{unit.name} cannot take a post: EXHAUSTED", cite.STATIONING)
        if unit.has(ORIENTATION) and not ctx.rules.view("reactor").station_in_orientation:
            raise IllegalAction(f"{unit.name} cannot take a post: under ORIENTATION", cite.STATION_IN_ORIENTATION)

    def apply(self, state: State, ctx: Context) -> None:
        unit = state.units[self.unit]
        unit.conditions[STATIONED.lower()] = Condition(STATIONED)
        ctx.emit(f"{unit.name} is STATIONED", "info", unit.id)


@dataclass(frozen=True, kw_only=True)
class Unstation(ReactorAction):
    VERB = "unstation"
    PALETTE = "post"
    SUMMARY = "Take a Personnel off its post so that it may strike again."
    EXAMPLE = "unstation watchman"
    SYNTAX = (n.Arg("unit", n.UNIT),)
    unit: str

    def describe(self, state: State) -> str:
        return f"{state.units[self.unit].name} leaves its post"

    def check(self, state: State, ctx: Context) -> None:
        unit = _timing(state, ctx, self.unit, "leave its post")
        if not unit.has(STATIONED):
            raise IllegalAction(f"{unit.name} is not STATIONED", cite.STATIONING)

    def apply(self, state: State, ctx: Context) -> None:
        unit = state.units[self.unit]
        del unit.conditions[STATIONED.lower()]
        ctx.emit(f"{unit.name} leaves its post", "info", unit.id)


@dataclass(frozen=True, kw_only=True)
class Ready(ReactorAction):
    VERB = "ready"
    PALETTE = "fiat"
    SUMMARY = "Ready an EXHAUSTED Personnel by GM fiat (a card effect the console does not model)."
    EXAMPLE = "ready operator"
    SYNTAX = (n.Arg("unit", n.UNIT), n.Opt("why", n.NAME))
    unit: str
    why: str | None = None

    def check(self, state: State, ctx: Context) -> None:
        unit = state.unit(self.unit)
        if not unit.has(EXHAUSTED):
            raise IllegalAction(f"{unit.name} is already READY", cite.STATES)

    def apply(self, state: State, ctx: Context) -> None:
        unit = state.units[self.unit]
        del unit.conditions[EXHAUSTED.lower()]
        ctx.emit(f"{unit.name} is READY" + (f" ({self.why})" if self.why else ""), "info", unit.id)


@dataclass(frozen=True, kw_only=True)
class Exhaust(ReactorAction):
    VERB = "exhaust"
    PALETTE = "fiat"
    SUMMARY = "Exhaust a READY Personnel, e.g. to pay for a card's exhaust ability the console does not model."
    EXAMPLE = 'exhaust operator why="vent the turbine"'
    SYNTAX = (n.Arg("unit", n.UNIT), n.Opt("why", n.NAME))
    unit: str
    why: str | None = None

    def check(self, state: State, ctx: Context) -> None:
        unit = state.unit(self.unit)
        if unit.has(EXHAUSTED):
            raise IllegalAction(f"{unit.name} is already EXHAUSTED", cite.STATES)

    def apply(self, state: State, ctx: Context) -> None:
        unit = state.units[self.unit]
        exhaust(unit)
        ctx.emit(f"{unit.name} is EXHAUSTED" + (f" ({self.why})" if self.why else ""), "info", unit.id)
