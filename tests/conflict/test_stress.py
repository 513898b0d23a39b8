"""Stress and Injury: the track, Avoid Injury, Fatigue, Defeat, Stun clearing,
Dying and the cysuit grace, First Aid, treatment, healing, recovery."""

from __future__ import annotations

import pytest

from gm_console.core.errors import IllegalAction

from .helpers import board, game, play, stress

GM_FIRST = {"conflict": {"opening": "gm"}}


def hit_kai(g, severity_dice="[1,1]", weapon="field-sidearm", intent="stun"):
    """Gob (GM side, acting) shoots Kai: Severity 4 - cysuit 1 = 3."""
    play(g, "turn gob", f"attack gob kai {weapon} {intent} {severity_dice}")


def test_stress_maximum_equals_fitness_and_never_goes_above_it():
    g = game()
    assert board(g).chars["kai"].stress_max == 8 and board(g).chars["ava"].stress_max == 9
    with pytest.raises(IllegalAction, match=r"Kai's Stress track holds 8; 9 is more than that \[Stress\]"):
        g.push_line("set kai stress 9")
    play(g, "set kai stress 5", "set kai fitness 4")
    assert stress(g, "kai") == 4 and board(g).chars["kai"].stress_max == 4


def test_avoid_injury_marks_stress_equal_to_the_adjusted_severity():
    g = game(**GM_FIRST)
    hit_kai(g)
    events = play(g, "avoid kai")
    assert stress(g, "kai") == 3 and board(g).chars["kai"].injuries == []
    assert "Kai marks 3 Stress (3/8): Avoids the Field Sidearm Injury (Severity 3)" in events
    assert not g.state.units["kai"].has("Defeated")


def test_avoid_needs_room_for_all_of_it_otherwise_the_track_fills_and_the_injury_lands():
    g = game(units_conflict={"kai": {"stress": 6}}, **GM_FIRST)
    hit_kai(g)
    with pytest.raises(IllegalAction, match=r"needs room for all 3 Stress but has 2 spaces left; the Injury lands \(suffer kai\) \[Avoid Injury\]"):
        g.push_line("avoid kai")
    events = play(g, "suffer kai")
    assert stress(g, "kai") == 8 and board(g).chars["kai"].fatigued
    assert "Kai marks 2 Stress (8/8): no room to Avoid: the rest of the track fills" in events
    assert g.state.units["kai"].has("Defeated")


def test_fatigued_at_maximum_no_more_stress_plus_1_difficulty_and_one_attribute_fails():
    g = game(units_conflict={"kai": {"stress": 5}}, **GM_FIRST)
    hit_kai(g)
    events = play(g, "avoid kai")
    c = board(g).chars["kai"]
    assert stress(g, "kai") == 8 and c.fatigued
    assert any(t.startswith("Kai is Fatigued: no more Stress") for t in events)
    with pytest.raises(IllegalAction, match=r"must first choose the Attribute that fails \(fatigue kai ATTRIBUTE\) \[Fatigued\]"):
        g.push_line("task kai daring medicine")
    play(g, "fatigue kai reason")
    events = play(g, "task kai daring medicine [1,1]")
    assert any("Difficulty 2 (1 +1 Fatigued)" in t for t in events)
    assert g.dice_needed(g.parse("task kai reason medicine")) == ()  # fails outright, no dice
    events = play(g, "task kai reason medicine")
    assert any("fails outright (Reason is the Fatigued Attribute)" in t for t in events)


def test_fatigued_cannot_avoid_with_stress():
    g = game(units_conflict={"kai": {"stress": 8, "fatigued_attribute": "reason"}}, **GM_FIRST)
    hit_kai(g)
    with pytest.raises(IllegalAction, match=r"has 0 spaces left.*\[Fatigued\]"):
        g.push_line("avoid kai")


def test_injury_is_a_named_trait_with_severity_and_the_injured_are_defeated_and_prone():
    g = game(**GM_FIRST)
    hit_kai(g)
    events = play(g, 'suffer kai name="Cracked Ribs"')
    c = board(g).chars["kai"]
    assert [(i.name, i.severity, i.intent) for i in c.injuries] == [("Cracked Ribs", 3, "stun")]
    kai = g.state.units["kai"]
    assert kai.has("Defeated") and kai.has("Prone")
    assert "Kai suffers Cracked Ribs (stun Injury, Severity 3): Defeated and Prone" in events


def test_stun_clears_at_the_end_of_the_next_turn_once_no_longer_defeated():
    g = game(**GM_FIRST)
    hit_kai(g)
    play(g, "suffer kai", "next")  # Gob's turn ends; Kai is Defeated, so Ava goes
    assert g.state.clock.active == "ava"
    play(g, "uncond kai Defeated", "next", "turn kai")  # revived (GM fiat), Kai acts this round still
    assert board(g).chars["kai"].injuries  # still there during the turn
    events = play(g, "next")
    assert "Kai's Stun Injury Field Sidearm Stun clears" in events
    assert board(g).chars["kai"].injuries == []


def test_deadly_injury_makes_the_defeated_dying_and_the_cysuit_keeps_them_alive_one_more_scene():
    g = game(**GM_FIRST)
    hit_kai(g, intent="deadly")
    events = play(g, "suffer kai")
    from gm_console.core.systems.conflict.stress import dying

    assert dying(g.state, "kai") and board(g).chars["kai"].grace == 1
    assert "Kai is Dying; the cysuit keeps them alive through this scene and the next" in events
    events = play(g, "scene")
    assert "the cysuit keeps Kai alive into the next scene; they are still Dying" in events
    assert not g.state.units["kai"].has("Dead")
    events = play(g, "scene")
    assert "Kai dies: Dying at the end of the scene without stabilization" in events
    assert g.state.units["kai"].has("Dead")


def test_the_gm_may_rule_out_the_cysuit_grace():
    g = game(**GM_FIRST)
    hit_kai(g, intent="deadly")
    play(g, "suffer kai nograce", "scene")
    assert g.state.units["kai"].has("Dead")


def test_first_aid_is_daring_plus_medicine_at_difficulty_2_and_ends_defeat():
    g = game(**GM_FIRST)
    hit_kai(g, intent="deadly")
    play(g, "suffer kai", "next")  # Kai is Defeated: Ava is the players' only pick and goes at once
    assert g.state.clock.active == "ava"
    with pytest.raises(IllegalAction, match=r"Kai must be within Reach \(stride ava bay near=kai\) \[First Aid\]"):
        g.push_line("firstaid ava kai")
    play(g, "stride ava bay near=kai")
    events = play(g, "firstaid ava kai [3,4]")
    assert any("Ava First Aid on Kai: Daring 9 + Medicine 3 = 12, Difficulty 2;" in t for t in events)
    kai = g.state.units["kai"]
    assert not kai.has("Defeated") and kai.has("Prone")
    from gm_console.core.systems.conflict.stress import dying

    assert not dying(g.state, "kai")
    play(g, "scene")
    assert not kai.has("Dead")


def test_treating_an_injury_is_daring_plus_medicine_at_its_severity():
    g = game(units_conflict={"kai": {"injuries": [{"name": "Burned Hand", "severity": 2}], "near": ["ava"]}}, conflict={"first": "ava"})
    events = play(g, "turn ava", 'treat ava kai "burned hand" [1,2]')
    assert any("Ava treating Burned Hand: Daring 9 + Medicine 3 = 12, Difficulty 2;" in t for t in events)
    assert board(g).chars["kai"].injuries[0].treated


def test_healing_removes_an_injury_outside_combat_harder_when_untreated():
    g = game(units_conflict={"kai": {"injuries": [{"name": "Burned Hand", "severity": 2}]}})
    events = play(g, "endconflict", "heal ava kai buy=1 pay=threat [1,2,3]")
    assert any("Control 10 + Medicine 3 = 13, Difficulty 3 (2 +1 untreated)" in t for t in events)
    assert board(g).chars["kai"].injuries == []
    g = game(units_conflict={"kai": {"injuries": [{"name": "Burned Hand", "severity": 2}]}})
    play(g, "turn kai")
    with pytest.raises(IllegalAction, match=r"outside combat.*\[treating Injuries\]"):
        g.push_line("heal ava kai")


def test_an_untreated_injury_widens_the_complication_range_of_healing():
    g = game(units_conflict={"kai": {"injuries": [{"name": "Burned Hand", "severity": 1}]}})
    events = play(g, "endconflict", "heal ava kai [19,1]")
    assert any("1 complication" in t for t in events)


def test_untreated_injury_penalty_is_a_house_rule():
    g = game(units_conflict={"kai": {"injuries": [{"name": "Sprain", "severity": 1}]}})
    assert any("+1 untreated Injury" in t for t in play(g, "task kai daring medicine [1,1]"))
    g = game(units_conflict={"kai": {"injuries": [{"name": "Sprain", "severity": 1}]}}, house_rules={"conflict": {"injury_penalty": 0}})
    assert not any("untreated" in t for t in play(g, "task kai daring medicine [1,1]"))


def test_stress_recovery_with_momentum_after_a_successful_task_up_to_three_times():
    g = game(pools={"momentum": 6, "threat": 5}, units_conflict={"kai": {"stress": 5}, "ava": {"stress": 2}})
    play(g, "task kai daring medicine [1,1]")  # +1 Momentum (capped at 6)
    events = play(g, "spend kai recover n=2")
    assert stress(g, "kai") == 3 and g.state.pools["momentum"] == 2
    assert "Kai recovers 2 Stress (3/8): relief from Kai's success" in events
    play(g, "spend kai recover on=ava")
    assert stress(g, "ava") == 1
    with pytest.raises(IllegalAction, match=r"at most three Stress recovered \(3 so far\) \[Stress recovery\]"):
        g.push_line("spend kai recover")


def test_stress_recovery_needs_a_successful_task_first():
    g = game(pools={"momentum": 6, "threat": 5}, units_conflict={"kai": {"stress": 5}})
    play(g, "task kai daring medicine [19,19]")
    with pytest.raises(IllegalAction, match=r"needs a successful task by Kai just before \[Stress recovery\]"):
        g.push_line("spend kai recover")


def test_stress_recovery_with_time_breather_4_break_8_rest_all():
    g = game(units_conflict={"ava": {"stress": 8}})
    assert "Ava recovers 4 Stress (4/9): a breather" in play(g, "recover ava breather")
    play(g, "set ava stress 8", "recover ava break")
    assert stress(g, "ava") == 0
    play(g, "set ava stress 6", "recover ava rest less=2")
    assert stress(g, "ava") == 2
    play(g, "recover ava rest")
    assert stress(g, "ava") == 0


def test_a_fatigued_character_recovers_only_by_rest_or_an_ally():
    g = game(pools={"momentum": 6, "threat": 5}, units_conflict={"kai": {"stress": 8, "fatigued_attribute": "reason"}})
    with pytest.raises(IllegalAction, match=r"Kai is Fatigued: only rest or an ally's help brings Stress down \[Fatigued\]"):
        g.push_line("recover kai breather")
    play(g, "task kai daring medicine [1,1]")
    with pytest.raises(IllegalAction, match=r"\[Fatigued\]"):
        g.push_line("spend kai recover")
    play(g, "task ava daring medicine [1,1]", "spend ava recover on=kai")  # an ally helps
    assert stress(g, "kai") == 7 and not board(g).chars["kai"].fatigued
    play(g, "set kai stress 8", "recover kai rest")
    assert stress(g, "kai") == 0


def test_synthetics_are_patched_with_engineering():
    g = game(units_conflict={"kai": {"synthetic": True, "near": ["ava"]}, "ava": {"specializations": {"medicine": 3, "engineering": 1}}},
             unit_keys={"kai": {"conditions": [{"name": "Defeated"}]}})
    events = play(g, "turn ava", "firstaid ava kai [1,2]")
    assert any("Daring 9 + Engineering 1 = 10, Difficulty 2;" in t for t in events)
