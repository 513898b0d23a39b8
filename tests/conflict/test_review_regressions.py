"""Regressions found in review: a Defeated character acting, stepping out of
Reach and Counterattacking both, the cysuit grace lost after First Aid, and
two log lines that named the wrong side or a round that never came."""

from __future__ import annotations

import pytest

from gm_console.core.errors import IllegalAction
from tests.conftest import game_from_toml

FIGHT = """
format = 1
title = "review fight"
systems = ["conflict"]
seed = 7
dice = "auto"
log = []

[[sides]]
id = "crew"
name = "Crew"
controller = "players"

[[sides]]
id = "foes"
name = "Foes"

[[zones]]
id = "a"
name = "A"
adjacent = ["b"]
traits = ["cover"]

[[zones]]
id = "b"
name = "B"
adjacent = ["c"]

[[zones]]
id = "c"
name = "C"
adjacent = ["d"]
traits = ["difficult terrain 2"]

[[zones]]
id = "d"
name = "D"

[pools]
momentum = 6
threat = 6

[[units]]
id = "kai"
name = "Kai"
side = "crew"
zone = "a"

[units.conflict]
tier = "main"
attributes = { control = 10, daring = 10, fitness = 8, insight = 9, presence = 7, reason = 8 }
specializations = { security = 2, medicine = 2 }
weapons = ["field-sidearm", "knife", "stun-baton"]
near = ["gob"]

[[units]]
id = "ava"
name = "Ava"
side = "crew"
zone = "b"

[units.conflict]
tier = "main"
attributes = { control = 10, daring = 10, fitness = 8, insight = 9, presence = 7, reason = 8 }
specializations = { security = 2, medicine = 2 }
weapons = ["field-sidearm", "knife"]

[[units]]
id = "gob"
name = "Gob"
side = "foes"
zone = "a"

[units.conflict]
tier = "major"
attributes = { control = 9, daring = 9, fitness = 8, insight = 7, presence = 6, reason = 7 }
specializations = { security = 2 }
weapons = ["field-sidearm", "knife"]

[[units]]
id = "nob"
name = "Nob"
side = "foes"
zone = "b"

[units.conflict]
tier = "notable"
attributes = { control = 9, daring = 9, fitness = 8, insight = 7, presence = 6, reason = 7 }
specializations = { security = 2 }
weapons = ["field-sidearm", "knife"]
"""

# Kai attacks Gob in melee and loses the opposed roll; Gob Counterattacks and Kai suffers the Injury.
KAI_FALLS = ["turn kai", "attack kai gob knife deadly [15,15,5,5]", "counter gob", "suffer kai"]


def texts(events) -> list[str]:
    return [e.text for e in events]


def fight(*lines: str):
    game = game_from_toml(FIGHT)
    for line in lines:
        game.push_line(line)
    return game


@pytest.mark.parametrize(
    "line",
    ["minor kai draw", "spend kai major", "attack kai gob field-sidearm stun [1,1]"],
)
def test_a_defeated_character_takes_no_more_actions_on_its_turn(line):
    """Line: the Injured are Defeated, fall Prone and take no actions while Defeated."""
    game = fight(*KAI_FALLS)
    with pytest.raises(IllegalAction, match=r"Kai is Defeated and takes no actions until revived \[Defeated\]"):
        game.push_line(line)


def test_a_defeated_character_rolls_no_task_out_of_turn():
    game = fight(*KAI_FALLS, "next")
    with pytest.raises(IllegalAction, match=r"\[Defeated\]"):
        game.push_line("task kai reason science diff=1 [1,1]")


def test_stepping_out_of_reach_is_instead_of_a_counterattack():
    """Line: the winner may move out of Reach, or spend 2 to Counterattack instead."""
    game = fight("turn kai", "attack kai gob knife deadly [15,15,5,5]", "stride gob b")
    with pytest.raises(IllegalAction, match=r"\[Counterattack\]"):
        game.push_line("counter gob")


def test_a_counterattack_needs_the_attacker_within_reach():
    game = fight("turn kai", "attack kai gob knife deadly [15,15,5,5]", "move kai b")
    with pytest.raises(IllegalAction, match=r"no longer within Reach.*\[Counterattack\]"):
        game.push_line("counter gob")


def test_the_cysuit_grace_holds_when_a_revived_wearer_is_dying_again():
    """Line: a working cysuit keeps a Dying wearer alive through this scene and the next."""
    game = fight(
        *KAI_FALLS, "next", "turn nob", "next", "stride ava a near=kai", "firstaid ava kai [1,1]", "next",
        "attack gob kai field-sidearm stun buy=1 [1,1,1]",
    )
    events = texts(game.push_line("suffer kai"))
    assert any("Kai is Dying again" in t and "the cysuit keeps them alive" in t for t in events), events
    events = texts(game.push_line("scene"))
    assert not any(t.startswith("Kai dies") for t in events), events
    assert "dead" not in game.state.units["kai"].conditions


def test_keep_the_initiative_does_not_announce_the_other_sides_pick():
    events = texts(fight("turn kai").push_line("keep ava"))
    assert not any("picks who acts next" in t or "pick who acts next" in t for t in events), events
    assert any("Ava" in t and "turn" in t for t in events)


def test_a_new_scene_announces_no_pick_or_round_that_never_happens():
    game = fight("turn kai")
    events = texts(game.push_line("scene"))
    assert not any(t.startswith("Round 2") or "who acts next" in t for t in events), events
    assert game.state.clock.round == 1 and events[-1] == "Scene 2 begins"
