"""NPC tiers and Supporting Characters; hazards (attritional and acute)."""

from __future__ import annotations

import pytest

from gm_console.core.errors import IllegalAction

from .helpers import board, game, play, stress


def hit(g, target, dice="[1,1]", weapon="field-sidearm", intent="stun"):
    play(g, "turn kai", f"attack kai {target} {weapon} {intent} {dice}")


def test_minor_npcs_have_no_stress_and_any_injury_defeats_them():
    g = game()
    assert board(g).chars["gob"].stress_max == 0
    hit(g, "gob")
    with pytest.raises(IllegalAction, match=r"Gob has no Stress track: Minor NPCs cannot Avoid with Stress \[NPC tiers\]"):
        g.push_line("avoid gob")
    play(g, "suffer gob")
    assert g.state.units["gob"].has("Defeated")


def test_a_deadly_injury_leaves_a_minor_npc_dying_or_dead_as_the_gm_judges():
    g = game()
    hit(g, "gob", intent="deadly")
    play(g, "suffer gob dead")
    assert g.state.units["gob"].has("Dead")
    g = game()
    hit(g, "gob", intent="deadly")
    events = play(g, "suffer gob")
    assert "Gob is Dying: without First Aid, death comes when the scene ends (no working cysuit)" in events
    g = game()
    hit(g, "boss", dice="[1,1]", intent="deadly")
    with pytest.raises(IllegalAction, match=r"only a Minor NPC may be killed outright, and only by a Deadly Injury \[NPC tiers\]"):
        g.push_line("suffer boss dead")


def test_notable_npc_avoids_with_threat_equal_to_severity_once_a_scene():
    g = game()
    hit(g, "boss")
    events = play(g, "avoid boss threat")
    assert g.state.pools["threat"] == 1 and "Threat 5 -> 1 (Boss Avoids the Injury (notable NPC))" in events
    play(g, "set boss stress 9", "pool threat +4")  # no Stress room either
    play(g, "next", "turn boss", "next", "attack ava boss field-sidearm stun [1,1]")
    with pytest.raises(IllegalAction, match=r"Notable NPC and has already Avoided with Threat this scene \[NPC tiers\]"):
        g.push_line("avoid boss threat")
    play(g, "suffer boss", "scene")
    assert board(g).chars["boss"].avoided is False  # a new scene


def test_major_npc_avoids_with_threat_whenever_the_gm_has_enough():
    g = game(units_conflict={"boss": {"tier": "major"}})
    hit(g, "boss")
    play(g, "avoid boss threat")
    play(g, "next", "turn boss", "next", "attack ava boss field-sidearm stun [1,1]")
    with pytest.raises(IllegalAction, match=r"Avoiding costs 4 Threat \(the adjusted Severity\); the GM has 1 \[Threat\]"):
        g.push_line("avoid boss threat")
    play(g, "pool threat +3", "avoid boss threat")
    assert g.state.pools["threat"] == 0


def test_only_notable_and_major_npcs_avoid_with_threat():
    g = game(conflict={"opening": "gm"})
    play(g, "turn gob", "attack gob kai field-sidearm stun [1,1]")
    with pytest.raises(IllegalAction, match=r"only Notable and Major NPCs Avoid an Injury with Threat; Kai is main \[NPC tiers\]"):
        g.push_line("avoid kai threat")


def test_npcs_are_never_fatigued():
    g = game()
    play(g, "set boss stress 9")
    assert not board(g).chars["boss"].fatigued
    play(g, "task boss daring security [1,1]")  # no Fatigued Attribute to choose, no penalty


def test_npc_stress_house_rule_can_take_the_track_away():
    g = game(house_rules={"conflict": {"npc_stress": "none"}})
    assert board(g).chars["boss"].stress_max == 0


@pytest.mark.parametrize("values, track", [(0, 0), (1, 4), (2, 8), (3, 8)])
def test_supporting_characters_stress_by_values(values, track):
    g = game(units_conflict={"ava": {"tier": "supporting", "values": values, "attributes": {"fitness": 8, "daring": 9}}})
    assert board(g).chars["ava"].stress_max == track


def test_supporting_character_without_values_is_defeated_by_any_injury():
    g = game(units_conflict={"ava": {"tier": "supporting", "values": 0}}, conflict={"opening": "gm"})
    play(g, "turn gob", "attack gob ava field-sidearm stun [1,1]")
    with pytest.raises(IllegalAction, match=r"Ava has no Stress track"):
        g.push_line("avoid ava")


def test_hazards_must_be_stated_before_exposure():
    g = game()
    with pytest.raises(IllegalAction, match=r"hazard 'fire' has not been stated.*\[hazards\]"):
        g.push_line("expose kai fire")
    events = play(g, 'hazard fire acute 3 name="Burning Coolant" every="one round"')
    assert "Hazard Burning Coolant is stated: acute, Severity 3, every one round" in events


def test_attritional_hazard_inflicts_stress_equal_to_severity_and_cannot_be_avoided():
    g = game()
    events = play(g, "hazard rads attritional 2 every=\"ten minutes\"", "expose kai rads")
    assert stress(g, "kai") == 2 and board(g).pending == []
    assert "Kai marks 2 Stress (2/8): rads, attritional (cannot be Avoided)" in events


def test_acute_hazard_is_an_injury_protection_applies_then_avoid():
    g = game()
    events = play(g, "hazard blast acute 4", "expose kai blast")
    p = board(g).pending[0]
    assert p.adjusted == 3 and p.source is None  # cysuit Protection 1
    assert "Kai is exposed to blast (acute, Severity 4)" in events
    play(g, "avoid kai")
    assert stress(g, "kai") == 3


def test_protection_or_a_trait_reduces_or_prevents_exposure():
    g = game()
    play(g, "hazard heat attritional 2", "expose kai heat less=1")
    assert stress(g, "kai") == 1
    events = play(g, "expose kai heat less=2")
    assert stress(g, "kai") == 1 and "Kai is exposed to heat, but protection or a Trait keeps it out" in events


def test_hazards_in_the_file_and_a_new_mode_is_announced():
    g = game(conflict={"hazards": [{"id": "smoke", "mode": "attritional", "severity": 1, "interval": "one round"}]})
    assert board(g).hazards["smoke"].mode == "attritional"
    events = play(g, "hazard smoke acute 2")
    assert "Hazard smoke changes: now acute, Severity 2, every one round" in events
