"""The odds of a task roll, worked out exactly before the dice are rolled.

A pool is what ``tasks.plan`` builds (``Pool.of(plan)``): d20s against a
target number (Attribute + Specialization), a die at or under the target one
success, a die at or under ``crit`` (the Specialization, while house rule
``critical_success`` is on) two, a face in the top ``comp_range`` faces a
complication, successes over the Difficulty Momentum (Threat for the GM's
side). Re-rolls (Aim) replace the worst failure of the pool, one die each, as
``tasks.resolve`` does.

Nothing is sampled: each die's faces are counted into a handful of classes
(double, single, failure; complication or not) and the pool is the exact
convolution of its dice, in ``Fraction``\\ s. An opposed task combines the two
sides' distributions by the same rule as ``tasks.contest`` (a tie goes to the
defender unless house rule ``opposed_ties`` is ``actor``; the winner's
Momentum is its margin over the loser's). ``tests/conflict/test_odds.py``
checks every figure against brute-force enumeration through ``tasks.resolve``
and ``tasks.contest``.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING

from dataclasses import dataclass

if TYPE_CHECKING:
    from .tasks import RollPlan

FACES = 20
ONE = Fraction(1)
ZERO = Fraction(0)


@dataclass(frozen=True)
class Pool:
    """One side's roll: ``dice`` d20s before re-rolls (two plus those bought)."""

    target: int
    difficulty: int = 1
    dice: int = 2
    crit: int = 0  # a die at or under this scores two successes (0: no double successes)
    comp_range: int = 1  # faces 21 - comp_range .. 20 are complications
    reroll: int = 0  # dice re-rolled after the roll (Aim), each replacing the worst failure
    autofail: bool = False  # the Fatigued Attribute: no roll, a failure

    @classmethod
    def of(cls, plan: RollPlan) -> Pool:
        """The pool ``tasks.plan`` worked out (penalties, bought dice, house rules in)."""
        return cls(
            target=plan.target,
            difficulty=plan.difficulty,
            dice=2 + plan.buy,
            crit=plan.crit,
            comp_range=plan.comp_range,
            reroll=plan.reroll,
            autofail=plan.autofail,
        )

    @classmethod
    def rated(cls, attribute: int, specialization: int, difficulty: int = 1, *, buy: int = 0, double: bool = True, comp_range: int = 1) -> Pool:
        """A pool from the character sheet: target Attribute + Specialization, ``double``
        (house rule ``critical_success``) scoring two at or under the Specialization."""
        return cls(attribute + specialization, difficulty, 2 + buy, specialization if double else 0, comp_range)


@dataclass(frozen=True)
class TaskOdds:
    pool: Pool
    successes: dict[int, Fraction]  # how many successes the pool scores -> probability
    complication: Fraction  # at least one complication

    @property
    def success(self) -> Fraction:
        if self.pool.autofail:
            return ZERO
        return sum((p for s, p in self.successes.items() if s >= self.pool.difficulty), ZERO)

    @property
    def momentum(self) -> dict[int, Fraction]:
        """Momentum generated (successes over the Difficulty; 0 on a failure) -> probability."""
        out: dict[int, Fraction] = defaultdict(Fraction)
        for s, p in self.successes.items():
            out[max(0, s - self.pool.difficulty) if not self.pool.autofail and s >= self.pool.difficulty else 0] += p
        return dict(sorted(out.items()))

    @property
    def expected_momentum(self) -> Fraction:
        return sum((m * p for m, p in self.momentum.items()), ZERO)

    def margins(self) -> dict[int | None, Fraction]:
        """Successes over the Difficulty on a success, None on a failure (what ``contest`` compares)."""
        out: dict[int | None, Fraction] = defaultdict(Fraction)
        for s, p in self.successes.items():
            out[s - self.pool.difficulty if not self.pool.autofail and s >= self.pool.difficulty else None] += p
        return dict(out)


@dataclass(frozen=True)
class OpposedOdds:
    actor: TaskOdds
    defender: TaskOdds
    actor_wins: Fraction
    both_fail: Fraction  # neither reaches the Difficulty: the actor does not win (nobody gains Momentum)
    actor_momentum: Fraction  # expected Momentum the actor gains (its margin, when it wins)
    defender_momentum: Fraction  # expected Momentum the defender gains (its margin, when it wins)

    @property
    def defender_wins(self) -> Fraction:
        """The defender wins every contest the actor does not (both failing included)."""
        return ONE - self.actor_wins


# ---------------------------------------------------------------- one die


def _face_class(face: int, pool: Pool) -> tuple[int, bool]:
    """(successes this face scores, is it a complication)."""
    hit = face <= pool.target
    successes = (2 if face <= pool.crit else 1) if hit else 0
    return successes, face >= FACES + 1 - pool.comp_range


@lru_cache(maxsize=512)
def _die(target: int, crit: int, comp_range: int) -> tuple[tuple[int, bool, Fraction], ...]:
    """One d20: (successes, complication, probability) for each class of face."""
    pool = Pool(target, crit=crit, comp_range=comp_range)
    counts: dict[tuple[int, bool], int] = defaultdict(int)
    for face in range(1, FACES + 1):
        counts[_face_class(face, pool)] += 1
    return tuple((s, c, Fraction(n, FACES)) for (s, c), n in sorted(counts.items()))


# ---------------------------------------------------------------- a pool

# The state of a pool as dice come in: (successes, failed complications, other
# failures, complications among the successes). A re-roll replaces the worst
# failure: a failed complication (the highest faces) before any other failure.
State = tuple[int, int, int, int]


def _add(state: State, successes: int, comp: bool) -> State:
    s, fc, fp, sc = state
    if successes:
        return (s + successes, fc, fp, sc + comp)
    return (s, fc + comp, fp + (not comp), sc)


def task_odds(pool: Pool) -> TaskOdds:
    """The exact distribution of successes of ``pool``, and its chance of a complication."""
    if pool.autofail:
        return TaskOdds(pool, {0: ONE}, ZERO)
    return _task_odds(pool)


@lru_cache(maxsize=1024)
def _task_odds(pool: Pool) -> TaskOdds:
    die = _die(pool.target, pool.crit, pool.comp_range)
    states: dict[State, Fraction] = {(0, 0, 0, 0): ONE}
    for _ in range(max(0, pool.dice)):
        nxt: dict[State, Fraction] = defaultdict(Fraction)
        for st, p in states.items():
            for s, c, q in die:
                nxt[_add(st, s, c)] += p * q
        states = nxt
    for _ in range(pool.reroll):
        nxt = defaultdict(Fraction)
        for st, p in states.items():
            s, fc, fp, sc = st
            if not fc and not fp:  # nothing failed: the re-roll is not needed
                nxt[st] += p
                continue
            kept = (s, fc - 1, fp, sc) if fc else (s, fc, fp - 1, sc)
            for s2, c, q in die:
                nxt[_add(kept, s2, c)] += p * q
        states = nxt
    successes: dict[int, Fraction] = defaultdict(Fraction)
    complication = ZERO
    for (s, fc, _fp, sc), p in states.items():
        successes[s] += p
        if fc or sc:
            complication += p
    return TaskOdds(pool, dict(sorted(successes.items())), complication)


def opposed_odds(actor: Pool, defender: Pool, ties: str = "defender") -> OpposedOdds:
    """Both sides roll; the side with more successes over its Difficulty wins (``tasks.contest``).
    ``ties``: house rule ``opposed_ties`` (``defender`` or ``actor``)."""
    a_odds, d_odds = task_odds(actor), task_odds(defender)
    wins = both = a_mom = d_mom = ZERO
    d_margins = d_odds.margins()
    for a, pa in a_odds.margins().items():
        for d, pd in d_margins.items():
            p = pa * pd
            if a is not None and (d is None or a > d or (a == d and ties == "actor")):
                wins += p
                a_mom += p * (a - (d or 0))
            elif d is None:
                both += p
            else:
                d_mom += p * (d - (a or 0))
    return OpposedOdds(a_odds, d_odds, wins, both, a_mom, d_mom)


# ---------------------------------------------------------------- words


def percent(p: Fraction | float) -> str:
    """A probability as the table reads it: whole percents, never a false 0% or 100%."""
    if p <= 0:
        return "0%"
    if p >= 1:
        return "100%"
    value = float(p) * 100
    if value < 1:
        return "<1%"
    if value > 99:
        return ">99%"
    return f"{round(value)}%"


def summary(odds: TaskOdds) -> str:
    """``75% success · Momentum +0.45 avg · complication 10%`` (one line, plain text)."""
    if odds.pool.autofail:
        return "fails outright (the Fatigued Attribute)"
    parts = [f"{percent(odds.success)} success", f"Momentum +{float(odds.expected_momentum):.2f} avg"]
    if odds.complication:
        parts.append(f"complication {percent(odds.complication)}")
    return " · ".join(parts)


def opposed_summary(odds: OpposedOdds, actor: str, defender: str) -> str:
    """``Rhea wins 55% (+0.80 Momentum avg) · Raider 45% (both fail 12%)``."""
    text = f"{actor} wins {percent(odds.actor_wins)} (+{float(odds.actor_momentum):.2f} avg)"
    text += f" · {defender} {percent(odds.defender_wins)} (+{float(odds.defender_momentum):.2f} avg"
    if odds.both_fail:
        text += f"; both fail {percent(odds.both_fail)}"
    return text + ")"


def for_plans(plans: list[RollPlan], names: list[str], ties: str = "defender", *, brief: bool = False) -> str | None:
    """The odds line of what ``RollingAction.plans`` gives: one pool, or the actor's and the
    defender's of an opposed roll (``names``: theirs, in that order); None without a roll.
    ``brief``: a few words for a list of choices (``44% success +0.12 M``, ``10% win · Warden 90%``)."""
    if not plans:
        return None
    first = Pool.of(plans[0])
    if brief:
        if len(plans) == 1:
            odds = task_odds(first)
            return f"{percent(odds.success)} success +{float(odds.expected_momentum):.2f} M" if not first.autofail else "fails outright"
        both = opposed_odds(first, Pool.of(plans[1]), ties)
        return f"{percent(both.actor_wins)} win · {names[1]} {percent(both.defender_wins)} (opposed)"
    if len(plans) == 1:
        return f"{summary(task_odds(first))} ({first.dice}d20 vs {first.target}, Difficulty {first.difficulty}{sources(plans[0])})"
    second = Pool.of(plans[1])
    pools = (f"{first.dice}d20 vs {first.target} D{first.difficulty}{sources(plans[0])}"
             f" / {second.dice}d20 vs {second.target} D{second.difficulty}{sources(plans[1])}")
    return f"{opposed_summary(opposed_odds(first, second, ties), names[0], names[1])} ({pools})"


def sources(plan: RollPlan) -> str:
    """Where a pool's Difficulty and complication range come from, when anything changed
    them: `` = 2 +1 enemy within Reach +1 Fatigued``, ``; complication 19-20: +1 untreated Injury``."""
    out = ""
    if plan.mods:
        out += f" = {plan.base}" + "".join(f" {n:+d} {why}" for why, n in plan.mods)
    if plan.comp_range > 1:
        low = FACES + 1 - plan.comp_range
        why = "".join(f" {n:+d} {what}" for what, n in plan.comp_mods)
        out += f"; complication {low}-{FACES}" + (f":{why}" if why else "")
    return out


def action_odds(action, state, ctx, *, brief: bool = False) -> str | None:
    """The odds of a conflict action that rolls (task, attack, first aid, ...), worked out
    from the system's own plan of the roll; None for one that rolls nothing. Raises the
    action's IllegalAction when it cannot be made now."""
    plans_of = getattr(action, "plans", None)
    if plans_of is None or not getattr(action, "ROLLS", False):
        return None
    plans = plans_of(state, ctx)
    names = [state.units[p.unit].name if p.unit in state.units else p.unit for p in plans]
    return for_plans(plans, names, ctx.rules.view("conflict").opposed_ties, brief=brief)
