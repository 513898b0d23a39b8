"""Movement verbs: stride (the Movement Minor Action) and sprint (a Major)."""

from __future__ import annotations


from gm_console.core import notation as n
from gm_console.core.actions import Context
from gm_console.core.errors import IllegalAction
from gm_console.core.fog import is_locked, reveal_zone
from gm_console.core.state import State
from dataclasses import dataclass

from .. import cites
from ..board import BOARD
from ..common import enemies, is_players, need_unit, unit_name
from ..economy import check_major, check_minor, second_major_mod, use_major, use_minor
from ..tasks import RollPlan, plan
from ..zones import enemies_in_reach, leave_position, paths, take_position, terrain_difficulty, zone_cover
from .base import BUY, PAY, SPEC, ConflictAction, UnitTask, check_range


def check_landing(state: State, uid: str, zone: str, near: str | None, cover: bool) -> None:
    z = state.zone(zone)
    if near is not None:
        other = state.unit(near)
        if near == uid:
            raise IllegalAction("a character is always within their own Reach", cites.MOVEMENT)
        if other.zone != zone:
            raise IllegalAction(f"{other.name} is not in {z.name}", cites.MOVEMENT)
    if cover and not zone_cover(z):
        raise IllegalAction(f"{z.name} has no cover Trait to get behind", cites.COVER)


def arrive(state: State, ctx: Context, uid: str, zone: str, near: str | None, cover: bool) -> None:
    unit = state.units[uid]
    old = unit.zone
    leave_position(state, uid)
    take_position(state, uid, zone, near, cover)
    z = state.zones[zone]
    where = f"to {z.name}" if zone != old else f"within {z.name}"
    extra = (f", within Reach of {unit_name(state, near)}" if near else "") + (", in cover" if cover else "")
    ctx.emit(f"{unit.name} moves {where}{extra}", "info", uid)
    if z.hidden and is_players(state, uid):
        reveal_zone(state, ctx, zone, f"{unit.name} goes there")


@dataclass(frozen=True, kw_only=True)
class Stride(ConflictAction):
    VERB = "stride"
    SUMMARY = (
        "The Movement Minor Action: anywhere in your zone or into a neighbouring zone (not through a locked "
        "connection), optionally up to someone (near=UNIT puts you within Reach) or behind cover. Not while an "
        "enemy is within Reach, except the free step away after winning a melee defence."
    )
    EXAMPLE = "stride kai hall near=gob cover"
    SYNTAX = (n.Arg("unit", n.UNIT), n.Arg("zone", n.ZONE), n.Opt("near", n.UNIT), n.Flag("cover"))
    unit: str
    zone: str
    near: str | None = None
    cover: bool = False

    def label(self, state: State) -> str:
        z = state.zones.get(self.zone)
        return f"{unit_name(state, self.unit)} moves to {z.name if z else self.zone}" + (" (cover)" if self.cover else "")

    def free_step(self, state: State) -> bool:
        return BOARD(state).withdraw == self.unit

    def check(self, state: State, ctx: Context) -> None:
        unit = need_unit(state, self.unit)
        state.zone(self.zone)
        if self.free_step(state):
            if self.near is not None and enemies(state, self.unit, self.near):
                raise IllegalAction("the free step after a won defence leaves Reach; it cannot close on an enemy", cites.MOVEMENT)
        else:
            check_minor(state, self.unit, "move")
            foes = enemies_in_reach(state, ctx, self.unit)
            if foes:
                names = ", ".join(unit_name(state, f) for f in foes)
                raise IllegalAction(f"{unit.name} cannot use Movement with an enemy within Reach ({names}); Sprint instead", cites.MOVEMENT)
        if self.zone != unit.zone:
            if unit.zone not in state.zones or self.zone not in state.zones[unit.zone].adjacent:
                raise IllegalAction(f"{state.zones[self.zone].name} is not next to {unit.name}'s zone; Sprint covers two zones", cites.MOVEMENT)
            if is_locked(state, unit.zone, self.zone):
                raise IllegalAction(f"the way into {state.zones[self.zone].name} is locked (a Map Chip opens it)", cites.MOVEMENT)
            if terrain_difficulty(state.zones[self.zone]) and ctx.rules.view("conflict").difficult_terrain == "sprint":
                raise IllegalAction(
                    f"{state.zones[self.zone].name} is difficult terrain: only a Sprint enters it (sprint {self.unit} {self.zone})",
                    cites.SPRINT,
                )
        check_landing(state, self.unit, self.zone, self.near, self.cover)

    def apply(self, state: State, ctx: Context) -> None:
        if self.free_step(state):
            b = BOARD(state)
            b.withdraw = None
            b.opposed = None  # the step out of Reach is instead of a Counterattack
            ctx.emit(f"{unit_name(state, self.unit)} steps out of Reach after the won defence", "rule", self.unit)
        else:
            use_minor(state)
        arrive(state, ctx, self.unit, self.zone, self.near, self.cover)


@dataclass(frozen=True, kw_only=True)
class Sprint(UnitTask):
    VERB = "sprint"
    SUMMARY = (
        "The Sprint Major Action: up to two zones (not through locked connections), even out of Reach. Difficult "
        "terrain on the way, or an obstacle the GM sets with diff=N, takes a Fitness + Security task (spec= "
        "for another, such as infiltration; trait lowers it by 1 for a helpful Trait). Success crosses."
    )
    EXAMPLE = "sprint kai vault cover spec=infiltration"
    SYNTAX = (
        n.Arg("unit", n.UNIT),
        n.Arg("zone", n.ZONE),
        n.Opt("near", n.UNIT),
        n.Flag("cover"),
        n.Opt("diff", n.INT),
        n.Opt("spec", SPEC),
        n.Flag("trait"),
        BUY,
        PAY,
    )
    unit: str
    zone: str
    near: str | None = None
    cover: bool = False
    diff: int | None = None
    spec: str | None = None
    trait: bool = False
    buy: int = 0
    pay: str = "momentum"
    dice: tuple[int, ...] | None = None

    def check_limits(self) -> None:
        super().check_limits()
        if self.diff is not None:
            check_range(self.diff, 1, 3, "diff")

    def label(self, state: State) -> str:
        z = state.zones.get(self.zone)
        return f"{unit_name(state, self.unit)} sprints to {z.name if z else self.zone}"

    def route(self, state: State) -> tuple[list[str], int]:
        """The easiest open path of at most two moves, and its terrain Difficulty."""
        unit = state.units[self.unit]
        found = paths(state, unit.zone, 2).get(self.zone) if unit.zone in state.zones else None
        if not found:
            raise IllegalAction(f"{state.zones[self.zone].name} is more than two open moves from {unit.name}", cites.SPRINT)
        best = min(found, key=lambda p: (max([terrain_difficulty(state.zones[z]) for z in p[1:]] or [0]), len(p)))
        return best, max([terrain_difficulty(state.zones[z]) for z in best[1:]] or [0])

    def task_difficulty(self, state: State) -> int:
        _, terrain = self.route(state)
        base = max(terrain, self.diff or 0)
        return max(0, base - 1) if self.trait and base else base

    def plans(self, state: State, ctx: Context) -> list[RollPlan]:
        need_unit(state, self.unit)
        state.zone(self.zone)
        second = check_major(state, self.unit, "sprint")
        check_landing(state, self.unit, self.zone, self.near, self.cover)
        diff = self.task_difficulty(state)
        if diff <= 0:
            if self.spec or self.buy:
                raise IllegalAction("no difficult terrain or obstacle on the way: the Sprint needs no task", cites.SPRINT)
            return []
        return [plan(state, ctx, self.unit, "fitness", self.spec or "security", diff, buy=self.buy, extra=second_major_mod(second))]

    def apply(self, state: State, ctx: Context) -> None:
        plans = self.plans(state, ctx)
        path, _ = self.route(state)
        use_major(state, self.unit)
        if not plans:
            arrive(state, ctx, self.unit, self.zone, self.near, self.cover)
            return
        result = self.roll(state, ctx, plans, "Sprint across difficult ground")
        if result.success:
            arrive(state, ctx, self.unit, self.zone, self.near, self.cover)
            return
        stop = path[0]
        rough = [i for i, z in enumerate(path) if i and terrain_difficulty(state.zones[z])]
        if ctx.rules.view("conflict").sprint_failure == "before" and rough:
            stop = path[rough[0] - 1]  # as far as the last zone before the difficult one
        if stop != state.units[self.unit].zone:
            arrive(state, ctx, self.unit, stop, None, False)
        ctx.emit(f"{unit_name(state, self.unit)} fails to cross and stops in {state.zones[stop].name}", "info", self.unit)
