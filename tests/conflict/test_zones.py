"""Zones, Reach, Movement, Sprint, difficult terrain, range bands."""

from __future__ import annotations

import pytest

from gm_console.core.errors import IllegalAction
from gm_console.core.systems.conflict.zones import band, distance

from .helpers import BASE, board, game, play


def ctx(g):
    return g.context()


def test_zones_any_number_with_adjacency_both_ways():
    zones = [{"id": f"z{i}", "adjacent": [f"z{i + 1}"]} for i in range(7)] + [{"id": "z7"}]
    g = game(zones=zones, unit_keys={"kai": {"zone": "z0"}, "ava": {"zone": "z7"}, "gob": {"zone": "z3"}, "boss": {"zone": "z3"}})
    assert distance(g.state, "z0", "z7") == 7 and distance(g.state, "z7", "z0") == 7
    assert band(g.state, ctx(g), "kai", "ava") == "extreme"


def test_range_bands_derive_from_zone_distance():
    g = game()
    c = ctx(g)
    assert band(g.state, c, "kai", "ava") == "close"  # same zone
    assert band(g.state, c, "kai", "gob") == "medium"  # one zone away
    play(g, "move gob deck")
    assert band(g.state, c, "kai", "gob") == "long"
    play(g, "move gob far")
    assert band(g.state, c, "kai", "gob") == "extreme"
    g2 = game(house_rules={"conflict": {"range_bands": ["close", "close", "medium", "long"]}})
    assert band(g2.state, g2.context(), "kai", "gob") == "close"


def test_reach_is_engagement_by_default_and_the_zone_by_house_rule():
    g = game(unit_keys={"gob": {"zone": "bay"}})
    c = ctx(g)
    assert band(g.state, c, "kai", "gob") == "close"
    g = game(unit_keys={"gob": {"zone": "bay"}}, units_conflict={"kai": {"near": ["gob"]}})
    assert band(g.state, g.context(), "kai", "gob") == "reach"
    g = game(unit_keys={"gob": {"zone": "bay"}}, house_rules={"conflict": {"reach": "zone"}})
    assert band(g.state, g.context(), "kai", "gob") == "reach"


def test_reach_adds_1_difficulty_to_every_task_but_a_melee_attack():
    g = game(unit_keys={"gob": {"zone": "bay"}}, units_conflict={"kai": {"near": ["gob"]}})
    events = play(g, "task kai daring medicine [1,1]")
    assert any("Difficulty 2 (1 +1 enemy within Reach)" in t for t in events)
    events = play(g, "turn kai", "attack kai gob stun-baton unaware [1,1]")
    assert any("Daring 10 + Security 2 = 12, Difficulty 1;" in t for t in events)


def test_movement_minor_goes_within_the_zone_or_to_an_adjacent_one():
    g = game()
    events = play(g, "turn kai", "stride kai hall")
    assert g.state.units["kai"].zone == "hall" and "Kai moves to Hall" in events
    g = game()
    play(g, "turn kai")
    with pytest.raises(IllegalAction, match=r"Deck is not next to Kai's zone; Sprint covers two zones \[Movement\]"):
        g.push_line("stride kai deck")
    play(g, "stride kai bay near=ava")
    assert ("ava", "kai") in board(g).reach
    with pytest.raises(IllegalAction, match=r"used this turn's Minor Action"):
        g.push_line("stride kai hall")


def test_movement_is_forbidden_while_an_enemy_is_within_reach():
    g = game(unit_keys={"gob": {"zone": "bay"}}, units_conflict={"kai": {"near": ["gob"]}})
    play(g, "turn kai")
    with pytest.raises(IllegalAction, match=r"cannot use Movement with an enemy within Reach \(Gob\); Sprint instead \[Movement\]"):
        g.push_line("stride kai hall")
    play(g, "sprint kai hall")  # a Sprint may leave Reach
    assert g.state.units["kai"].zone == "hall" and not board(g).reach


def test_movement_into_reach_and_cover():
    g = game()
    events = play(g, "turn kai", "stride kai hall near=gob")
    assert "Kai moves to Hall, within Reach of Gob" in events
    assert band(g.state, g.context(), "kai", "gob") == "reach"
    g = game()
    play(g, "turn kai")
    with pytest.raises(IllegalAction, match=r"Hall has no cover Trait to get behind \[cover\]"):
        g.push_line("stride kai hall cover")
    play(g, "stride kai bay cover")
    assert board(g).cover == {"kai": "bay"}
    play(g, "move kai hall")  # leaving the zone leaves the cover
    from gm_console.core.systems.conflict.zones import in_cover

    assert not in_cover(g.state, "kai")


def test_movement_cannot_cross_a_locked_connection():
    zones = [dict(z) for z in BASE["zones"]]
    zones[0] = {**zones[0], "locked": ["hall"]}
    g = game(zones=zones)
    play(g, "turn kai")
    with pytest.raises(IllegalAction, match=r"the way into Hall is locked \(a Map Chip opens it\) \[Movement\]"):
        g.push_line("stride kai hall")


def test_difficult_terrain_needs_a_sprint_by_default():
    g = game(unit_keys={"kai": {"zone": "hall"}})
    play(g, "turn kai")
    with pytest.raises(IllegalAction, match=r"Deck is difficult terrain: only a Sprint enters it.*\[Sprint and difficult terrain\]"):
        g.push_line("stride kai deck")
    g = game(unit_keys={"kai": {"zone": "hall"}}, house_rules={"conflict": {"difficult_terrain": "any"}})
    play(g, "turn kai", "stride kai deck")
    assert g.state.units["kai"].zone == "deck"


def test_sprint_covers_up_to_two_zones_with_a_fitness_task_on_difficult_terrain():
    g = game()
    action = g.parse("sprint kai deck")
    play(g, "turn kai")
    assert g.dice_needed(action) == (20, 20)
    events = play(g, "sprint kai deck [3,4]")
    assert any("Fitness 8 + Security 2 = 10, Difficulty 2;" in t for t in events)
    assert g.state.units["kai"].zone == "deck"
    g = game()
    play(g, "turn kai")
    with pytest.raises(IllegalAction, match=r"Far End is more than two open moves from Kai \[Sprint and difficult terrain\]"):
        g.push_line("sprint kai far")


def test_sprint_failure_stops_before_the_difficult_zone():
    g = game()
    events = play(g, "turn kai", "sprint kai deck [15,16]")
    assert g.state.units["kai"].zone == "hall" and "Kai fails to cross and stops in Hall" in events
    g = game(house_rules={"conflict": {"sprint_failure": "stay"}})
    play(g, "turn kai", "sprint kai deck [15,16]")
    assert g.state.units["kai"].zone == "bay"


def test_sprint_a_trait_lowers_the_terrain_difficulty_and_specialization_may_change():
    g = game()
    events = play(g, "turn kai", "sprint kai deck trait spec=infiltration [9,15]")
    assert any("Fitness 8 + Infiltration 1 = 9, Difficulty 1;" in t for t in events)
    assert g.state.units["kai"].zone == "deck"


def test_sprint_an_obstacle_set_by_the_gm_takes_the_task():
    g = game()
    events = play(g, "turn kai", "sprint kai hall diff=3 [3,4]")
    assert any("Difficulty 3;" in t for t in events) and g.state.units["kai"].zone == "bay"
    g = game()
    play(g, "turn kai", "sprint kai hall")  # open ground: no task
    assert g.state.units["kai"].zone == "hall"


def test_a_player_character_entering_a_hidden_zone_reveals_it():
    zones = [dict(z) for z in BASE["zones"]]
    zones[1] = {**zones[1], "hidden": True}
    g = game(zones=zones)
    events = play(g, "turn kai", "stride kai hall")
    assert "Hall is revealed (Kai goes there)" in events
    assert not g.state.zones["hall"].hidden and g.state.zones["hall"].revealed


def test_a_gm_fiat_move_leaves_reach_and_cover_behind():
    g = game(unit_keys={"gob": {"zone": "bay"}}, units_conflict={"kai": {"near": ["gob"], "cover": True}})
    play(g, "move kai hall")
    assert band(g.state, g.context(), "kai", "gob") == "medium"
    play(g, "turn kai", "move kai bay")  # the next turn forgets what the move left behind
    assert board(g).reach == set() and board(g).cover == {}
    assert band(g.state, g.context(), "kai", "gob") == "close"
