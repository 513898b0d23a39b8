"""Task rolls, opposed tasks, buying dice, and the action economy of a turn."""

from __future__ import annotations

import pytest

from gm_console.core import dice
from gm_console.core.errors import IllegalAction

from .helpers import board, game, play


def test_task_is_a_2d20_pool_against_attribute_plus_specialization():
    g = game()
    events = play(g, "task kai daring medicine diff=2 [5,12]")
    assert "Kai task: Daring 10 + Medicine 2 = 12, Difficulty 2; [5,12] -> 2 successes: succeeds" in events
    assert g.state.pools["momentum"] == 0  # no surplus
    events = play(g, "task kai daring medicine diff=2 [13,12]")
    assert any(t.endswith("-> 1 success: fails") for t in events)


def test_task_successes_over_difficulty_become_momentum_for_players():
    g = game()
    events = play(g, "task kai daring medicine diff=1 [5,12]")
    assert g.state.pools["momentum"] == 1
    assert "Momentum 0 -> 1 (1 success over the Difficulty on Kai's task)" in events


def test_task_successes_over_difficulty_become_threat_for_the_gm():
    g = game()
    play(g, "task gob daring security [2,3]")
    assert g.state.pools["threat"] == 6


def test_task_a_20_is_a_complication_and_is_recorded():
    g = game()
    events = play(g, 'task kai reason science why="read the sensors" [20,3]')
    assert any("1 complication" in t for t in events)
    assert board(g).complications == ["Kai: 1 complication on task (read the sensors)"]


def test_task_dice_are_rolled_by_the_console_or_entered_by_the_gm():
    g = game()
    action = g.parse("task kai daring medicine")
    assert g.dice_needed(action) == (20, 20)
    play(g, "task kai daring medicine")
    rolled = g.log[-1].dice
    assert rolled == dice.roll(7, 0, (20, 20))
    assert g.lines()[-1] == f"task kai daring medicine [{rolled[0]},{rolled[1]}]"
    play(g, "task kai daring medicine [20,20]")  # the faces a player rolled at the table
    assert g.log[-1].dice == (20, 20)
    with pytest.raises(IllegalAction, match="expected 2 dice"):
        g.push_line("task kai daring medicine [4]")


def test_task_extra_dice_bought_with_momentum_or_threat():
    g = game(pools={"momentum": 3, "threat": 5})
    events = play(g, "task kai daring medicine buy=2 [20,20,20,20]")
    assert "Momentum 3 -> 0 (Kai buys 2 extra d20s)" in events
    events = play(g, "task kai daring medicine buy=1 pay=threat [20,20,20]")
    assert "Threat 5 -> 6 (Kai buys 1 extra d20 by adding Threat)" in events
    events = play(g, "task gob daring security buy=3 [20,20,20,20,20]")
    assert "Threat 6 -> 0 (Gob buys 3 extra d20s)" in events
    with pytest.raises(IllegalAction, match=r"at most 3 extra d20s can be bought \(5 in all\) \[buying d20s\]"):
        g.push_line("task kai daring medicine buy=4")
    with pytest.raises(IllegalAction, match=r"costs 1 Momentum; the pool holds 0 \[the Momentum pool\]"):
        g.push_line("task kai daring medicine buy=1")


def test_opposed_task_the_winner_keeps_the_difference():
    g = game()
    events = play(g, "task kai daring security vs=gob [3,4,9,18]")
    assert "opposed task: Kai wins with 1 Momentum" in events
    assert g.state.pools["momentum"] == 1


def test_opposed_task_ties_go_to_the_defender_by_default():
    g = game()
    events = play(g, "task kai daring security vs=gob [3,15,3,15]")
    assert "opposed task: Gob wins" in events
    assert board(g).last["kai"].success is False
    g2 = game(house_rules={"conflict": {"opposed_ties": "actor"}})
    assert "opposed task: Kai wins" in play(g2, "task kai daring security vs=gob [3,15,3,15]")


def test_opposed_task_uses_the_opponents_own_pairing_when_given():
    g = game()
    events = play(g, "task kai presence security vs=boss vattr=insight vspec=security [1,1,1,1]")
    assert any(t.startswith("Boss: Insight 8 + Security 2 = 10") for t in events)


def test_task_names_are_checked_with_suggestions():
    g = game()
    with pytest.raises(IllegalAction, match=r"unknown Attribute 'darng' \(did you mean 'daring'\?\).*\[the task roll\]"):
        g.push_line("task kai darng medicine")
    with pytest.raises(IllegalAction, match=r"unknown Specialization 'medicin'"):
        g.push_line("task kai daring medicin")


def test_actions_one_major_and_one_minor_a_turn():
    g = game()
    play(g, "turn kai", "task kai daring medicine [1,1]", "minor kai aim")
    with pytest.raises(IllegalAction, match=r"used this turn's Major Action \(spend kai major buys a second for 2 Momentum\) \[Major and Minor Actions\]"):
        g.push_line("task kai daring medicine [1,1]")
    with pytest.raises(IllegalAction, match=r"used this turn's Minor Action \(spend kai minor.*\[Major and Minor Actions\]"):
        g.push_line("minor kai prone")
    play(g, "task kai daring medicine as=free [1,1]")  # a free task takes no action


def test_actions_one_momentum_buys_an_extra_minor():
    g = game(pools={"momentum": 1, "threat": 5})
    play(g, "turn kai", "minor kai aim")
    events = play(g, "spend kai minor")
    assert "Momentum 1 -> 0 (Kai: Extra Minor Action)" in events
    play(g, "minor kai prone")
    assert g.state.units["kai"].has("Prone")


def test_actions_two_momentum_buy_a_second_major_at_plus_1_difficulty():
    g = game(pools={"momentum": 2, "threat": 5})
    play(g, "turn kai", "task kai daring medicine [3,3]", "spend kai major")
    assert g.state.pools["momentum"] == 1  # 2 + 1 earned by the first task - 2 paid
    events = play(g, "task kai daring medicine [3,3]")
    assert any("Difficulty 2 (1 +1 second Major Action)" in t for t in events)


def test_actions_never_more_than_two_majors_a_round():
    g = game(pools={"momentum": 6, "threat": 5})
    play(g, "turn kai", "spend kai major", "task kai daring medicine [1,1]", "task kai daring medicine [1,1]")
    with pytest.raises(IllegalAction, match=r"\[two Major Actions a round\]"):
        g.push_line("spend kai major")
    with pytest.raises(IllegalAction, match=r"\[two Major Actions a round\]"):
        g.push_line("task kai daring medicine [1,1]")


def test_actions_belong_to_the_acting_characters_turn():
    g = game()
    play(g, "turn kai")
    with pytest.raises(IllegalAction, match=r"Ava can only take a Minor Action on their own turn; it is Kai's turn \[acting on your turn\]"):
        g.push_line("minor ava aim")


def test_action_lists_are_data_that_an_encounter_extends():
    g = game(conflict={"minor": {"hack": {"name": "Quick Hack", "text": "Nudge a door panel."}}})
    cat = board(g).catalogue
    assert {"aim", "prepare", "prone", "stand", "draw", "interact", "conceal"} <= set(cat.minor)
    assert {"attack", "sprint", "first-aid", "assist", "guard", "pass"} <= set(cat.major)
    events = play(g, "turn kai", "minor kai hack")
    assert "Kai takes the Minor Action Quick Hack" in events
    with pytest.raises(IllegalAction, match=r"Movement is taken with its own verb: stride"):
        g.push_line("minor kai movement")
    with pytest.raises(IllegalAction, match=r"no Major Action 'gaurd' \(did you mean 'guard'\?\)"):
        g.push_line("major kai gaurd")
    play(g, 'major kai guard why="the hatch"')


def test_numbers_out_of_range_are_refused_naming_the_limit():
    g = game()
    with pytest.raises(IllegalAction, match=r"buy must be 0 to 8, got 9 \[allowed values\]"):
        g.push_line("task kai daring medicine buy=9")
    with pytest.raises(IllegalAction, match=r"Severity must be 1 to 5, got 7 \[allowed values\]"):
        g.push_line("hazard fire acute 7")
    with pytest.raises(IllegalAction, match=r"n must be 1 to 9, got 0"):
        g.push_line("spend kai minor n=0")
