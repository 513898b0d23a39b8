"""The task roll: a pool of d20s against Attribute + Specialization.

Each die at or under the target number is a success, and a die at or under
the Specialization rating scores two (a critical success; house rule
``critical_success``); successes beyond the Difficulty become Momentum (Threat for the GM's side); a die in the
complication range (a 20 by default) is a complication. An opposed task has
both sides roll (the actor's dice first in the recorded faces).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from gm_console.core.errors import IllegalAction
from gm_console.core.state import State

from . import cites
from .board import BOARD
from .common import char, must_be_able
from .stress import untreated
from .zones import enemies_in_reach

if TYPE_CHECKING:
    from gm_console.core.actions import Context


@dataclass
class RollPlan:
    unit: str
    attr: str
    spec: str
    target: int
    base: int
    mods: list[tuple[str, int]] = field(default_factory=list)
    buy: int = 0
    reroll: int = 0
    comp_range: int = 1
    autofail: bool = False
    crit: int = 0  # a die at or under this scores two successes (0: none)
    assist: int = 0  # d20s Assistance adds, rolled at this target
    comp_mods: list[tuple[str, int]] = field(default_factory=list)  # what widened the complication range past a 20

    @property
    def difficulty(self) -> int:
        return max(0, self.base + sum(n for _, n in self.mods))

    @property
    def dice(self) -> int:
        return 0 if self.autofail else 2 + self.buy + self.assist + self.reroll

    def describe(self, state: State) -> str:
        unit = state.units[self.unit]
        a, s = unit.stats.get(self.attr, 0), unit.stats.get(self.spec, 0)
        mods = "".join(f" {n:+d} {why}" for why, n in self.mods)
        how = f" ({self.base}{mods})" if mods else ""
        return f"{self.attr.capitalize()} {a} + {self.spec.capitalize()} {s} = {self.target}, Difficulty {self.difficulty}{how}"


@dataclass
class Result:
    plan: RollPlan
    faces: tuple[int, ...]
    successes: int
    complications: int
    doubles: tuple[int, ...] = ()  # faces that scored two successes

    @property
    def success(self) -> bool:
        return not self.plan.autofail and self.successes >= self.plan.difficulty

    @property
    def momentum(self) -> int:
        return self.successes - self.plan.difficulty if self.success else 0

    def describe(self) -> str:
        if self.plan.autofail:
            return f"fails outright ({self.plan.attr.capitalize()} is the Fatigued Attribute)"
        shown = ",".join(map(str, self.faces))
        word = "success" if self.successes == 1 else "successes"
        comp = f", {self.complications} complication{'s' if self.complications != 1 else ''}" if self.complications else ""
        double = ""
        if self.doubles:
            faces = ",".join(map(str, self.doubles))
            double = f" ({faces} score{'s' if len(self.doubles) == 1 else ''} double: at or under {self.plan.spec.capitalize()} {self.plan.crit})"
        return f"[{shown}] -> {self.successes} {word}{double}{comp}"


def check_names(state: State, uid: str, attr: str, spec: str) -> None:
    cat = BOARD(state).catalogue
    unit = state.units[uid]
    if attr not in cat.attributes:
        raise IllegalAction(f"unknown Attribute {attr!r}{cat.suggest(attr, cat.attributes)}; expected one of: {', '.join(cat.attributes)}", cites.TASK)
    if spec not in cat.specializations:
        raise IllegalAction(
            f"unknown Specialization {spec!r}{cat.suggest(spec, cat.specializations)}; expected one of: {', '.join(cat.specializations)}",
            cites.TASK,
        )
    if attr not in unit.stats:
        raise IllegalAction(f"{unit.name} has no {attr.capitalize()} score (set {uid} {attr} N)", cites.TASK)


def penalties(state: State, ctx: Context, uid: str, *, reach_applies: bool = True) -> list[tuple[str, int]]:
    """Difficulty added to every task of ``uid`` right now."""
    mods: list[tuple[str, int]] = []
    if reach_applies and enemies_in_reach(state, ctx, uid):
        mods.append(("enemy within Reach", 1))
    if char(state, uid).fatigued:
        mods.append(("Fatigued", 1))
    pen = ctx.rules.view("conflict").injury_penalty
    if pen and untreated(state, uid):
        mods.append(("untreated Injury, house rule injury_penalty", pen))
    return mods


def plan(
    state: State,
    ctx: Context,
    uid: str,
    attr: str,
    spec: str,
    base: int,
    *,
    buy: int = 0,
    reroll: int = 0,
    reach_applies: bool = True,
    extra: list[tuple[str, int]] | None = None,
    comp_extra: int = 0,
    assist: int = 0,
) -> RollPlan:
    check_names(state, uid, attr, spec)
    must_be_able(state, uid)  # no roll, on one's turn or not, while Defeated
    unit, c = state.units[uid], char(state, uid)
    if c.fatigued and c.fatigued_attr is None:
        raise IllegalAction(f"{unit.name} is Fatigued and must first choose the Attribute that fails (fatigue {uid} ATTRIBUTE)", cites.FATIGUED)
    target = unit.stats.get(attr, 0) + unit.stats.get(spec, 0)
    mods = penalties(state, ctx, uid, reach_applies=reach_applies) + list(extra or [])
    wider = ctx.rules.view("conflict").complication_range - 1
    comp_mods = ([("house rule complication_range", wider)] if wider else []) + ([("untreated Injury", comp_extra)] if comp_extra else [])
    return RollPlan(
        uid,
        attr,
        spec,
        target,
        base,
        mods,
        buy,
        reroll,
        ctx.rules.view("conflict").complication_range + comp_extra,
        autofail=c.fatigued and c.fatigued_attr == attr,
        crit=unit.stats.get(spec, 0) if ctx.rules.view("conflict").critical_success else 0,
        assist=assist,
        comp_mods=comp_mods,
    )


def resolve(p: RollPlan, faces: tuple[int, ...]) -> Result:
    """Count successes; re-rolled dice replace the worst failures of the pool."""
    if p.autofail:
        return Result(p, (), 0, 0)
    pool = list(faces[: 2 + p.buy + p.assist])
    for new in faces[2 + p.buy + p.assist :]:
        fails = [i for i, f in enumerate(pool) if f > p.target]
        if not fails:
            break
        worst = max(fails, key=lambda i: pool[i])
        pool[worst] = new
    doubles = tuple(f for f in pool if f <= p.target and f <= p.crit)
    successes = sum(1 for f in pool if f <= p.target) + len(doubles)
    complications = sum(1 for f in pool if f >= 21 - p.comp_range)
    return Result(p, tuple(pool), successes, complications, doubles)


def contest(ctx: Context, actor: Result, defender: Result) -> tuple[bool, int]:
    """An opposed task: (does the actor win, the winner's Momentum)."""
    a = actor.successes - actor.plan.difficulty if actor.success else None
    d = defender.successes - defender.plan.difficulty if defender.success else None
    ties = ctx.rules.view("conflict").opposed_ties
    if a is not None and (d is None or a > d or (a == d and ties == "actor")):
        return True, a - (d or 0)
    if d is None:
        return False, 0
    return False, d - (a or 0)


def record_complications(state: State, ctx: Context, result: Result, what: str) -> None:
    if result.complications:
        name = state.units[result.plan.unit].name
        note = f"{name}: {result.complications} complication{'s' if result.complications > 1 else ''} on {what}"
        BOARD(state).complications.append(note)
        ctx.emit(f"Complication! {note} (the GM names what goes wrong)", "warn", result.plan.unit)
