"""Rules fidelity (issue 13): the task roll as 2d20 reads it, and the rules the
review found applied wrongly. Each test names the sentence of
conflict-and-personal-combat.md it covers (``C<line>.<sentence>``, as in the
rules-coverage table); the W-numbers are the issue's "wrong today" items."""

from __future__ import annotations

import pytest

from gm_console.core.errors import IllegalAction
from gm_console.files import load_encounter

from .helpers import BASE, board, game, play, stress, texts
from tests.conftest import ENCOUNTERS

ENGAGED = {"unit_keys": {"gob": {"zone": "bay"}}, "units_conflict": {"kai": {"near": ["gob"]}}}


# ------------------------------------------------------------ the task roll


def test_task_roll_a_die_at_or_under_the_specialization_scores_two_successes():
    g = game()
    events = play(g, "turn kai", "task kai control security diff=1 [2,15]")  # 11 target, Security 2
    assert any("[2,15] -> 2 successes (2 scores double: at or under Security 2)" in e for e in events)
    assert g.state.pools["momentum"] == 1


def test_task_roll_critical_success_is_a_house_rule_that_can_be_switched_off():
    g = game(house_rules={"conflict": {"critical_success": False}})
    events = play(g, "turn kai", "task kai control security diff=1 [2,15]")
    assert any("[2,15] -> 1 success" in e for e in events)
    assert g.state.pools["momentum"] == 0


def test_C80_worked_example_two_dice_three_successes_no_die_bought_threat_plus_1():
    """C80: the GM rolls Control + Security at Difficulty 2 and scores 3 successes, the surplus to Threat."""
    g = load_encounter(ENCOUNTERS / "conflict-worked-example.toml")
    events = texts(g)
    line = next(x for x in g.lines() if x.startswith("attack"))
    assert "buy=" not in line and line.endswith("[2,8]")
    assert "Hostile: Control 9 + Security 2 = 11, Difficulty 2; [2,8] -> 3 successes (2 scores double: at or under Security 2)" in events
    assert "Threat 2 -> 3 (1 surplus success on Hostile's attack)" in events
    assert "Scout Rhea marks 3 Stress (3/8): Avoids the Field Sidearm Injury (Severity 3)" in events
    assert g.state.pools == {"momentum": 0, "threat": 3}
