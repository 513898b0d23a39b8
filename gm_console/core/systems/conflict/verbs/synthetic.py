"""Synthetic verbs: destroy (a chassis lost), embody (a new chassis)."""

from __future__ import annotations


from gm_console.core import notation as n
from gm_console.core.actions import Context
from gm_console.core.errors import IllegalAction
from gm_console.core.state import State
from dataclasses import dataclass

from .. import cites
from ..board import BOARD
from ..common import DEAD, DEFEATED, DESTROYED, PRONE, char, drop_condition, need_unit
from ..stress import refresh
from ..synthetic import _named, destroy_chassis, embodiment
from ..turns import candidates, check_no_pending, end_turn, pick
from .base import ConflictAction


def need_synthetic(state: State, uid: str) -> None:
    unit = need_unit(state, uid)
    if not char(state, uid).synthetic:
        raise IllegalAction(f"{unit.name} is not a Synthetic (synthetic = true in the file): there is no chassis to lose", cites.SYNTHETIC)
    if unit.has(DEAD):
        raise IllegalAction(f"{unit.name} is dead", cites.SYNTHETIC)


@dataclass(frozen=True, kw_only=True)
class Destroy(ConflictAction):
    VERB = "destroy"
    PALETTE = "harm"
    SUMMARY = (
        "The GM rules a Synthetic's chassis destroyed, as its embodiment Traits say (a wreck, a burn-out, nothing "
        "left to repair). Its Injuries and embodiment Trait go with it. With a backup Trait it lives on, out of "
        "the fight, until embody; with none it is dead."
    )
    EXAMPLE = 'destroy kai why="the frame melts in the blast"'
    SYNTAX = (n.Arg("unit", n.UNIT), n.Opt("why", n.NAME))
    unit: str
    why: str | None = None

    def check(self, state: State, ctx: Context) -> None:
        need_synthetic(state, self.unit)
        unit = state.units[self.unit]
        if unit.has(DESTROYED):
            raise IllegalAction(f"{unit.name}'s chassis is already destroyed", cites.SYNTHETIC)
        if any(p.target == self.unit for p in BOARD(state).pending):
            raise IllegalAction(f"{unit.name} must first Avoid or suffer what is waiting", cites.SYNTHETIC)

    def apply(self, state: State, ctx: Context) -> None:
        b = BOARD(state)
        running = state.clock.active == self.unit
        destroy_chassis(state, ctx, self.unit, self.why or "the GM rules it, as the embodiment Traits say")
        if running:
            end_turn(state, ctx, auto=True)
        elif b.to_go and state.clock.active is None and not candidates(state, b.to_go) and b.acted and not b.over:
            pick(state, ctx, b.to_go, auto=True)


@dataclass(frozen=True, kw_only=True)
class Embody(ConflictAction):
    VERB = "embody"
    PALETTE = "harm"
    SUMMARY = (
        "A Synthetic takes up a new chassis, named as its embodiment Trait: after its chassis was destroyed (a "
        "backup carried it on), or moving out of a working one. The old chassis keeps its Injuries; Stress stays "
        "with the character."
    )
    EXAMPLE = 'embody kai "Chassis: Spare Frame"'
    SYNTAX = (n.Arg("unit", n.UNIT), n.Arg("chassis", n.NAME, label="TRAIT"))
    unit: str
    chassis: str

    def check(self, state: State, ctx: Context) -> None:
        need_synthetic(state, self.unit)
        unit = state.units[self.unit]
        word = ctx.rules.view("conflict").embodiment_trait
        if not _named(word).match(self.chassis):
            raise IllegalAction(
                f"name the new chassis as an embodiment Trait starting with {word!r}, like \"{word}: Spare Frame\" "
                "(house rule embodiment_trait)",
                cites.SYNTHETIC,
            )
        if any(t.lower() == self.chassis.lower() for t in embodiment(state, ctx, self.unit)):
            raise IllegalAction(f"{unit.name} already works through {self.chassis}", cites.SYNTHETIC)
        if unit.has(DEFEATED) and not unit.has(DESTROYED):
            raise IllegalAction(
                f"{unit.name} is Defeated in its chassis: revive it (firstaid), or destroy {self.unit} first if the "
                "embodiment Traits say the chassis is lost",
                cites.SYNTHETIC,
            )
        check_no_pending(state, ctx)

    def apply(self, state: State, ctx: Context) -> None:
        unit, c = state.units[self.unit], char(state, self.unit)
        old = embodiment(state, ctx, self.unit)
        gone = {*old, DESTROYED.lower()}  # a Chassis Destroyed carried as a Trait ends with the new chassis too
        unit.traits = (*(t for t in unit.traits if t not in gone and t.lower() not in gone), self.chassis)
        if unit.has(DESTROYED):
            drop_condition(unit, DESTROYED)
            ctx.emit(f"{unit.name} comes back in {self.chassis}, carried over by its backup", "info", self.unit)
        else:
            left = f"; {', '.join(i.name for i in c.injuries)} stay with the old chassis" if c.injuries else ""
            ctx.emit(f"{unit.name} moves into {self.chassis}" + (f", leaving {', '.join(old)}" if old else "") + left, "info", self.unit)
        c.injuries = []
        drop_condition(unit, PRONE)
        refresh(state, ctx.rules, self.unit, ctx)
