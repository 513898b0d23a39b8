"""Attacks: melee and ranged, cover and prone, intent, Protection, Severity,
Counterattack, and the worked example of the text."""

from __future__ import annotations

import pytest

from gm_console.core.errors import IllegalAction
from gm_console.files import load_encounter

from .helpers import BASE, board, game, play, stress
from tests.conftest import ENCOUNTERS

ENGAGED = {"unit_keys": {"gob": {"zone": "bay"}}, "units_conflict": {"kai": {"near": ["gob"]}}}


def covered_hall():
    zones = [dict(z) for z in BASE["zones"]]
    zones[1] = {**zones[1], "traits": ["cover"]}
    return zones


def test_worked_example_replays_to_exactly_the_texts_state():
    g = load_encounter(ENCOUNTERS / "conflict-worked-example.toml")
    events = [e.text for evs in g.events for e in evs]
    assert "Hostile makes a Ranged Attack on Scout Rhea: Field Sidearm, Stun, Severity 4, at medium range" in events
    # two dice, none bought: the 2 is at or under Security 2 and scores double, the 8 scores one
    assert "Hostile: Control 9 + Security 2 = 11, Difficulty 2; [2,8] -> 3 successes (2 scores double: at or under Security 2)" in events
    assert "Threat 2 -> 3 (1 surplus success on Hostile's attack)" in events  # 3 successes vs Difficulty 2: +1 Threat
    assert "Scout Rhea faces a Stun Injury of Severity 3 (4 - Protection 1: cysuit 1): avoid scout or suffer scout" in events
    assert "Scout Rhea marks 3 Stress (3/8): Avoids the Field Sidearm Injury (Severity 3)" in events
    scout = g.state.units["scout"]
    c = board(g).chars["scout"]
    assert scout.stats["stress"] == 3 and c.stress_max == 8
    assert c.injuries == [] and not scout.has("Defeated") and not scout.has("Prone")
    assert board(g).pending == [] and g.state.pools == {"momentum": 0, "threat": 3}


def test_ranged_attack_is_control_plus_security_at_difficulty_2():
    g = game()
    events = play(g, "turn kai", "attack kai gob field-sidearm stun [3,4]")
    assert "Kai: Control 9 + Security 2 = 11, Difficulty 2; [3,4] -> 2 successes" in events
    assert "Gob faces a Stun Injury of Severity 4: suffer gob" in events  # no cysuit on Gob; a Minor NPC has no Stress to avoid with
    assert board(g).pending[0].adjusted == 4


def test_attack_misses_below_the_difficulty():
    g = game()
    events = play(g, "turn kai", "attack kai gob field-sidearm stun [3,14]")
    assert "Kai misses Gob" in events and board(g).pending == []


def test_melee_attack_is_daring_plus_security_at_difficulty_1_opposed_when_aware():
    g = game(**ENGAGED)
    action = g.parse("attack kai gob stun-baton")
    play(g, "turn kai")
    assert g.dice_needed(action) == (20,) * 4  # Kai's two and Gob's two
    events = play(g, "attack kai gob stun-baton [3,4,15,16]")
    assert "Gob defends: Daring 8 + Security 1 = 9, Difficulty 1; [15,16] -> 0 successes" in events
    assert "Kai hits Gob" in events
    assert g.state.pools["momentum"] == 1


def test_melee_attack_on_an_unaware_target_is_not_opposed():
    g = game(**ENGAGED)
    play(g, "turn kai")
    assert g.dice_needed(g.parse("attack kai gob stun-baton unaware")) == (20, 20)


def test_melee_attack_needs_the_target_within_reach():
    g = game()
    play(g, "turn kai")
    with pytest.raises(IllegalAction, match=r"a Melee Attack needs Gob within Reach \(stride kai hall near=gob\) \[Reach\]"):
        g.push_line("attack kai gob stun-baton")


def test_ranged_attack_beyond_the_weapons_range_is_refused():
    g = game(unit_keys={"gob": {"zone": "far"}})
    play(g, "turn kai")
    with pytest.raises(IllegalAction, match=r"Gob is at extreme range; Field Sidearm reaches long \[range bands\]"):
        g.push_line("attack kai gob field-sidearm stun")


def test_cover_makes_a_ranged_attack_opposed_with_control_plus_security():
    g = game(zones=covered_hall(), units_conflict={"gob": {"cover": True}})
    play(g, "turn kai")
    assert g.dice_needed(g.parse("attack kai gob field-sidearm stun")) == (20,) * 4
    events = play(g, "attack kai gob field-sidearm stun [3,4,2,5]")
    assert "Gob shelters in cover: Control 8 + Security 1 = 9, Difficulty 1; [2,5] -> 2 successes" in events
    assert "Kai misses Gob" in events  # 0 Momentum against the defender's 1


def test_cover_needs_the_target_within_reach_of_the_covering_feature():
    g = game(zones=covered_hall())
    play(g, "turn kai")
    assert g.dice_needed(g.parse("attack kai gob field-sidearm stun")) == (20, 20)


def test_prone_target_is_harder_to_shoot_from_medium_range_or_farther():
    g = game(unit_keys={"gob": {"conditions": [{"name": "Prone"}]}})
    events = play(g, "turn kai", "attack kai gob field-sidearm stun [3,4]")
    assert any("Difficulty 3 (2 +1 target prone at range)" in t for t in events)


def test_prone_target_with_cover_gains_1_protection():
    g = game(zones=covered_hall(), units_conflict={"gob": {"cover": True, "protection": 1}},
             unit_keys={"gob": {"conditions": [{"name": "Prone"}]}})
    play(g, "turn kai", "attack kai gob field-sidearm stun buy=1 pay=threat [1,1,1,20,20]")
    p = board(g).pending[0]
    assert p.protection == 2 and p.adjusted == 2


def test_prone_target_gives_melee_and_close_attacks_2_bonus_momentum():
    g = game(unit_keys={"gob": {"zone": "bay", "conditions": [{"name": "Prone"}]}}, units_conflict={"kai": {"near": ["gob"]}})
    events = play(g, "turn kai", "attack kai gob stun-baton unaware [3,15]")
    assert "Gob is prone: 2 bonus Momentum for this attack's spends only" in events
    events = play(g, "spend kai severity")  # paid from the bonus, not the pool
    assert g.state.pools["momentum"] == 0 and board(g).pending[0].adjusted == 4
    assert "2 bonus Momentum from the prone target pays toward Increase Severity" in events


def test_deadly_intent_by_a_player_adds_1_threat():
    g = game()
    events = play(g, "turn kai", "attack kai gob field-sidearm deadly [3,14]")
    assert "Threat 5 -> 6 (Kai chooses Deadly intent: the escalation adds 1 Threat)" in events


def test_deadly_intent_by_the_gm_costs_1_threat_even_into_deficit():
    g = game(pools={"momentum": 0, "threat": 0}, conflict={"opening": "gm"})
    events = play(g, "turn gob", "attack gob kai field-sidearm deadly [14,15]")
    assert "Threat 0 -> -1 (Gob chooses Deadly intent)" in events
    assert g.state.pools["threat"] == -1
    g = game(pools={"momentum": 0, "threat": 0}, conflict={"opening": "gm"}, house_rules={"conflict": {"threat_deficit": "never"}})
    play(g, "turn gob")
    with pytest.raises(IllegalAction, match=r"\[Threat\]"):
        g.push_line("attack gob kai field-sidearm deadly")


def test_intent_must_suit_the_weapon():
    g = game(**ENGAGED)
    play(g, "turn kai")
    with pytest.raises(IllegalAction, match=r"Stun Baton inflicts stun Injuries only, not deadly \[Stun or Deadly intent\]"):
        g.push_line("attack kai gob stun-baton deadly")
    with pytest.raises(IllegalAction, match=r"Field Sidearm can Stun or kill: add stun or deadly"):
        g.push_line("attack kai gob field-sidearm")


def test_protection_lowers_severity_to_at_least_1_and_the_cysuit_gives_1():
    g = game(conflict={"opening": "gm"}, units_conflict={"kai": {"protection": 2}})
    play(g, "turn gob", "attack gob kai field-sidearm stun [1,1]")
    p = board(g).pending[0]
    assert p.protection == 3 and p.adjusted == 1  # 4 - 3 = 1
    g = game(conflict={"opening": "gm"}, units_conflict={"kai": {"protection": 4}})
    play(g, "turn gob", "attack gob kai field-sidearm stun [1,1]")
    assert board(g).pending[0].adjusted == 1  # never below 1


def test_piercing_ignores_protection():
    g = game(conflict={"opening": "gm", "weapons": {"lance": {"name": "Lance", "kind": "ranged", "severity": 3, "qualities": ["piercing"]}}},
             units_conflict={"gob": {"weapons": ["lance"]}, "kai": {"protection": 2}})
    events = play(g, "turn gob", "attack gob kai lance stun [1,1]")
    assert board(g).pending[0].adjusted == 3
    assert "Kai faces a Stun Injury of Severity 3 (Piercing: Protection ignored): avoid kai or suffer kai" in events


def test_a_compromised_cysuit_gives_no_protection():
    g = game(conflict={"opening": "gm"}, unit_keys={"kai": {"traits": ["Protection Compromised"]}})
    play(g, "turn gob", "attack gob kai field-sidearm stun [1,1]")
    assert board(g).pending[0].adjusted == 4


def test_increase_severity_2_momentum_a_step_at_most_2():
    g = game(pools={"momentum": 6, "threat": 5})
    events = play(g, "turn kai", "attack kai gob field-sidearm stun [1,1]", "spend kai severity n=2")
    assert "Momentum 6 -> 2 (Kai: Increase Severity x2)" in events
    assert board(g).pending[0].adjusted == 6
    with pytest.raises(IllegalAction, match=r"Severity rises by at most 2 in all \(already \+2\) \[increasing Severity\]"):
        g.push_line("spend kai severity")


def test_increase_severity_for_an_npc_costs_threat():
    g = game(conflict={"opening": "gm"})
    events = play(g, "turn gob", "attack gob kai field-sidearm stun [2,3]", "spend gob severity")
    assert "Threat 5 -> 3 (Gob: Increase Severity)" in events


def test_counterattack_after_winning_an_opposed_melee_defence():
    g = game(pools={"momentum": 2, "threat": 5}, **ENGAGED)
    events = play(g, "turn kai", "attack kai gob stun-baton [15,16,2,3]")
    assert "Kai misses Gob" in events and "Threat 5 -> 6 (1 surplus success on Gob's defence)" in events
    events = play(g, "counter gob")
    assert "Threat 6 -> 4 (Gob Counterattacks)" in events
    p = board(g).pending[0]
    assert p.target == "kai" and p.what == "Knife" and p.intent == "deadly" and p.adjusted == 1  # knife 2 - cysuit 1
    assert "Threat 4 -> 3 (Gob chooses Deadly intent)" in events


def test_counterattack_only_after_a_won_melee_defence():
    g = game(**ENGAGED)
    play(g, "turn kai", "attack kai gob stun-baton [1,2,15,16]")
    with pytest.raises(IllegalAction, match=r"Gob has not just won an opposed Melee Attack against them \[Counterattack\]"):
        g.push_line("counter gob")


def test_the_winner_of_a_melee_defence_may_step_out_of_reach_for_free():
    g = game(**ENGAGED)
    play(g, "turn kai", "attack kai gob stun-baton [15,16,1,2]", "stride gob hall")
    assert g.state.units["gob"].zone == "hall" and board(g).withdraw is None


def test_a_hit_must_be_answered_before_the_turn_moves_on():
    g = game()
    play(g, "turn kai", "attack kai gob field-sidearm stun [1,1]")
    with pytest.raises(IllegalAction, match=r"Gob must first Avoid or suffer the Severity 4 Injury \(suffer gob\) \[resolving a hit\]"):
        g.push_line("next")


def test_players_cannot_shoot_into_a_hidden_zone():
    zones = [dict(z) for z in BASE["zones"]]
    zones[1] = {**zones[1], "hidden": True}
    g = game(zones=zones)
    play(g, "turn kai")
    with pytest.raises(IllegalAction, match=r"hidden zone the players cannot see.*\[fog of war\]"):
        g.push_line("attack kai gob field-sidearm stun")


def test_attack_with_a_weapon_not_carried_is_refused_but_cysuit_weapons_are_always_there():
    g = game(**ENGAGED)
    play(g, "turn kai")
    with pytest.raises(IllegalAction, match=r"Kai has no weapon 'carbine'.*\[attacks\]"):
        g.push_line("attack kai gob carbine deadly")
    play(g, "attack kai gob cysuit-blade stun unaware [1,1]")
    assert board(g).pending[0].what == "Cysuit Blade"
    assert stress(g, "gob") == 0
