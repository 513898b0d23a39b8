"""The odds of a task roll (core/systems/conflict/odds.py): exact, checked by
hand and against brute-force enumeration of every face through the system's
own ``tasks.resolve`` and ``tasks.contest``."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gm_console.core.rules import Rules
from gm_console.core.systems.conflict.house_rules import HOUSE_RULES
from gm_console.core.systems.conflict.odds import Pool, opposed_odds, opposed_summary, percent, summary, task_odds
from gm_console.core.systems.conflict.tasks import RollPlan, contest, resolve

F = Fraction


def plan_of(pool: Pool) -> RollPlan:
    return RollPlan(
        "u", "daring", "security", pool.target, pool.difficulty, [], pool.dice - 2, pool.reroll, pool.comp_range,
        autofail=pool.autofail, crit=pool.crit,
    )


def all_results(pool: Pool):
    plan = plan_of(pool)
    n = pool.dice + pool.reroll
    return [resolve(plan, faces) for faces in itertools.product(range(1, 21), repeat=n)] if not pool.autofail else [resolve(plan, ())]


def brute(pool: Pool):
    results = all_results(pool)
    total = len(results)
    succ = Counter(r.successes for r in results)
    return (
        {s: F(c, total) for s, c in sorted(succ.items())},
        F(sum(r.success for r in results), total),
        F(sum(r.momentum for r in results), total),
        F(sum(r.complications > 0 for r in results), total),
    )


pools = st.builds(
    Pool,
    target=st.integers(0, 22),
    difficulty=st.integers(0, 5),
    dice=st.integers(1, 3),
    crit=st.integers(0, 5),
    comp_range=st.integers(1, 5),
    reroll=st.just(0),
    autofail=st.booleans(),
)


# ---------------------------------------------------------------- by hand


def test_target_10_two_dice_difficulty_1_without_double_successes():
    odds = task_odds(Pool(target=10, difficulty=1, dice=2, crit=0))
    assert odds.successes == {0: F(1, 4), 1: F(1, 2), 2: F(1, 4)}
    assert odds.success == F(3, 4)  # 1 - (10/20)^2
    assert odds.momentum == {0: F(3, 4), 1: F(1, 4)}
    assert odds.expected_momentum == F(1, 4)
    assert odds.complication == 1 - F(19, 20) ** 2  # a 20 on either die: 39/400


def test_target_10_two_dice_difficulty_1_with_a_specialization_of_2_scoring_double():
    odds = task_odds(Pool.rated(8, 2, 1))  # faces 1-2 score two, 3-10 one
    assert odds.pool.target == 10 and odds.pool.crit == 2
    # one die: 2 successes 2/20, 1 success 8/20, none 10/20
    assert odds.successes == {0: F(100, 400), 1: F(160, 400), 2: F(104, 400), 3: F(32, 400), 4: F(4, 400)}
    assert odds.success == F(3, 4)
    assert odds.expected_momentum == F(104 + 2 * 32 + 3 * 4, 400)  # 0.45
    assert summary(odds) == "75% success · Momentum +0.45 avg · complication 10%"


def test_the_worked_example_pool_and_a_bought_die():
    # the text's sidearm shot: Control + Security against Difficulty 2 (3 successes came up)
    plain = task_odds(Pool.rated(9, 2, 2))
    bought = task_odds(Pool.rated(9, 2, 2, buy=1))
    assert plain.success == sum(p for s, p in plain.successes.items() if s >= 2)
    assert bought.success > plain.success and bought.expected_momentum > plain.expected_momentum
    assert bought.complication == 1 - F(19, 20) ** 3


def test_difficulty_0_always_succeeds_and_a_fatigued_attribute_never_does():
    assert task_odds(Pool(target=1, difficulty=0)).success == 1
    tired = task_odds(Pool(target=19, difficulty=0, autofail=True))
    assert tired.success == 0 and tired.expected_momentum == 0 and tired.complication == 0
    assert summary(tired).startswith("fails outright")


def test_a_wider_complication_range_and_a_target_of_20_that_still_complicates():
    odds = task_odds(Pool(target=20, difficulty=2, dice=2, comp_range=2))
    assert odds.success == 1  # every face succeeds
    assert odds.complication == 1 - F(18, 20) ** 2


def test_opposed_by_hand_one_die_each_ties_to_the_defender():
    # one die each, target 10, Difficulty 1: each side succeeds on half the faces with margin 0
    a = Pool(target=10, difficulty=1, dice=1)
    d = Pool(target=10, difficulty=1, dice=1)
    odds = opposed_odds(a, d)
    assert odds.actor_wins == F(1, 4)  # only when the actor succeeds and the defender fails
    assert odds.both_fail == F(1, 4)
    assert odds.defender_wins == F(3, 4)  # a tie (both margin 0) goes to the defender
    assert opposed_odds(a, d, ties="actor").actor_wins == F(1, 2)
    assert odds.actor_momentum == 0 and odds.defender_momentum == 0  # margins of 0
    assert opposed_summary(odds, "Rhea", "Raider") == "Rhea wins 25% (+0.00 avg) · Raider 75% (+0.00 avg; both fail 25%)"


def test_percent_never_rounds_to_a_false_certainty():
    assert [percent(F(0)), percent(F(1, 1000)), percent(F(3, 4)), percent(F(999, 1000)), percent(F(1))] == ["0%", "<1%", "75%", ">99%", "100%"]


# ---------------------------------------------------------------- against enumeration


@settings(max_examples=60, deadline=None)
@given(pools)
def test_task_odds_equal_brute_force_enumeration_through_resolve(pool):
    dist, success, momentum, comp = brute(pool)
    odds = task_odds(pool)
    if not pool.autofail:
        assert odds.successes == dist
    assert odds.success == success
    assert odds.expected_momentum == momentum
    assert odds.complication == comp
    assert sum(odds.successes.values()) == 1 and sum(odds.momentum.values()) == 1


@settings(max_examples=25, deadline=None)
@given(
    st.integers(0, 20), st.integers(0, 4), st.integers(0, 3), st.integers(1, 3), st.sampled_from([(2, 1), (1, 2)]),
)
def test_rerolls_equal_enumeration_through_resolve(target, crit, difficulty, comp_range, dice_reroll):
    dice, reroll = dice_reroll  # (the 3+1 and 4-dice pools are below)
    pool = Pool(target=target, difficulty=difficulty, dice=dice, crit=crit, comp_range=comp_range, reroll=reroll)
    dist, success, momentum, comp = brute(pool)
    odds = task_odds(pool)
    assert (odds.successes, odds.success, odds.expected_momentum, odds.complication) == (dist, success, momentum, comp)


@pytest.mark.slow  # two pools enumerated die by die (20^4 and 20^3 rolls): 5-8 s
def test_four_dice_pools_equal_enumeration():
    for pool in (Pool(target=11, difficulty=2, dice=4, crit=2), Pool(target=7, difficulty=3, dice=3, crit=1, reroll=1, comp_range=3)):
        dist, success, momentum, comp = brute(pool)
        odds = task_odds(pool)
        assert (odds.successes, odds.success, odds.expected_momentum, odds.complication) == (dist, success, momentum, comp)


@settings(max_examples=30, deadline=None)
@given(
    st.builds(Pool, target=st.integers(0, 20), difficulty=st.integers(0, 3), dice=st.integers(1, 2), crit=st.integers(0, 3), autofail=st.booleans()),
    st.builds(Pool, target=st.integers(0, 20), difficulty=st.integers(0, 3), dice=st.integers(1, 2), crit=st.integers(0, 3), autofail=st.booleans()),
    st.sampled_from(["defender", "actor"]),
)
@pytest.mark.slow  # 30 pairs of pools enumerated through contest: 5-11 s
def test_opposed_odds_equal_enumeration_through_contest(actor, defender, ties):
    ctx = SimpleNamespace(rules=Rules(HOUSE_RULES, {"conflict": {"opposed_ties": ties}}))
    mine, theirs = all_results(actor), all_results(defender)
    total = len(mine) * len(theirs)
    wins = both = a_mom = d_mom = 0
    for a in mine:
        for d in theirs:
            won, margin = contest(ctx, a, d)
            wins += won
            both += not a.success and not d.success
            a_mom += margin if won else 0
            d_mom += margin if not won else 0
    odds = opposed_odds(actor, defender, ties)
    assert odds.actor_wins == F(wins, total)
    assert odds.defender_wins == 1 - F(wins, total)
    assert odds.both_fail == F(both, total)
    assert odds.actor_momentum == F(a_mom, total)
    assert odds.defender_momentum == F(d_mom, total)


def test_pool_of_reads_the_systems_plan():
    plan = RollPlan("u", "control", "security", 11, 2, [("enemy within Reach", 1)], 1, 1, 2, crit=2)
    pool = Pool.of(plan)
    assert pool == Pool(target=11, difficulty=3, dice=3, crit=2, comp_range=2, reroll=1)
