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


# ------------------------------------------------------------ wrong today


def test_C62_2_W1_prone_and_in_cover_adds_protection_only_against_ranged_attacks_from_medium_or_farther():
    """C62.2: the +1 Protection of a prone target in cover belongs to Ranged Attacks from Medium range or
    farther; a Melee Attack (or a Close shot) on it gets the 2 bonus Momentum instead (C62.3)."""
    prone_in_cover = {"unit_keys": {"gob": {"zone": "bay", "conditions": [{"name": "Prone"}]}},
                      "units_conflict": {"kai": {"near": ["gob"]}, "gob": {"cover": True}}}
    g = game(**prone_in_cover)
    play(g, "turn kai", "attack kai gob stun-baton unaware [3,15]")
    p = board(g).pending[0]
    assert p.protection == 0 and p.bonus == 2  # no cysuit on Gob, and no cover Protection in melee
    g = game(unit_keys={"gob": {"zone": "bay", "conditions": [{"name": "Prone"}]}}, units_conflict={"gob": {"cover": True}})
    play(g, "turn kai", "attack kai gob field-sidearm stun [3,4,15,16]")  # close range, not within Reach: opposed (cover)
    assert board(g).pending[0].protection == 0 and board(g).pending[0].bonus == 2


def test_C62_2_prone_in_cover_still_gains_1_protection_against_a_shot_from_medium_range():
    zones = [dict(z) for z in BASE["zones"]]
    zones[1] = {**zones[1], "traits": ["cover"]}
    g = game(zones=zones, units_conflict={"gob": {"cover": True}}, unit_keys={"gob": {"conditions": [{"name": "Prone"}]}})
    play(g, "turn kai", "attack kai gob field-sidearm stun buy=1 pay=threat [3,3,3,20,20]")
    p = board(g).pending[0]
    assert p.protection == 1 and p.bonus == 0


def test_C62_3_W2_the_prone_bonus_momentum_pays_any_spend_of_that_attack():
    """C62.3: the 2 bonus Momentum is usable on that Attack, any of its spends, not only Severity and Area."""
    g = game(unit_keys={"gob": {"zone": "bay", "conditions": [{"name": "Prone"}]}}, units_conflict={"kai": {"near": ["gob"]}})
    play(g, "turn kai", "attack kai gob stun-baton unaware [3,15]")
    events = play(g, "spend kai disarm")
    assert "2 bonus Momentum from the prone target pays toward Disarm" in events
    assert g.state.pools == {"momentum": 0, "threat": 5}  # nothing from the pool, so no Threat mirrored
    assert board(g).pending[0].bonus == 0


def test_C111_1_W3_first_aid_is_a_major_action_of_the_medics_own_turn():
    """C111.1: First Aid is a Major Action; outside the medic's turn (before round 1, or between turns) it is refused."""
    g = game(unit_keys={"kai": {"conditions": [{"name": "Defeated"}, {"name": "Prone"}]}}, units_conflict={"ava": {"near": ["kai"]}})
    with pytest.raises(IllegalAction, match=r"Ava can only give First Aid on their own turn; no one's turn is running"):
        g.push_line("firstaid ava kai")
    with pytest.raises(IllegalAction, match=r"Ava can only treat an Injury on their own turn"):
        g.push_line("treat ava kai")
    play(g, "turn ava", "task ava reason medicine")  # her Major Action is used
    with pytest.raises(IllegalAction, match=r"has used this turn's Major Action"):
        g.push_line("firstaid ava kai")


def test_C111_1_W3_first_aid_is_refused_between_turns_while_a_side_picks():
    """C111.1: between turns (Ava's turn ended, nobody picked yet) no one's turn is running: First Aid waits."""
    g = game(unit_keys={"kai": {"conditions": [{"name": "Defeated"}, {"name": "Prone"}]}}, units_conflict={"ava": {"near": ["kai"]}})
    play(g, "turn ava", "next")
    with pytest.raises(IllegalAction, match=r"Ava can only give First Aid on their own turn"):
        g.push_line("firstaid ava kai [3,3]")
    with pytest.raises(IllegalAction, match=r"Ava can only treat an Injury on their own turn"):
        g.push_line("treat ava kai")


def test_C66_4_first_aid_counts_in_the_two_majors_limit():
    g = game(pools={"momentum": 4, "threat": 5}, unit_keys={"kai": {"conditions": [{"name": "Defeated"}, {"name": "Prone"}]}},
             units_conflict={"ava": {"near": ["kai"]}})
    play(g, "turn ava", "firstaid ava kai [20,20]", "spend ava major", "firstaid ava kai [3,3]")
    assert board(g).majors["ava"] == 2 and not g.state.units["kai"].has("Defeated")


def test_C113_1_W4_healing_needs_the_conflict_to_be_over():
    """C113.1: removing an Injury needs proper treatment outside combat: after `endconflict`, not between turns."""
    injured = {"units_conflict": {"kai": {"injuries": [{"name": "Burned Hand", "severity": 1, "treated": True}]}}}
    g = game(**injured)
    play(g, "turn kai", "next")  # mid-round, no turn running
    with pytest.raises(IllegalAction, match=r"outside combat: the conflict is still on \(endconflict ends it\) \[treating Injuries\]"):
        g.push_line("heal ava kai")
    events = play(g, "endconflict")
    assert "The conflict is over: no more turns; healing and rest may begin" in events
    assert board(g).over and g.state.clock.active is None
    assert "conflict over" in g.systems["conflict"].describe_turn(g.state)
    play(g, "heal ava kai [3,3]")
    assert board(g).chars["kai"].injuries == []
    with pytest.raises(IllegalAction, match=r"the conflict is over"):
        g.push_line("turn gob")
    assert g.parse("endconflict").notation() == "endconflict"


def test_C117_1_W5_a_successful_attack_supports_the_stress_recovery_spend():
    g = game(pools={"momentum": 4, "threat": 5}, units_conflict={"kai": {"stress": 2}})
    play(g, "turn kai", "attack kai gob field-sidearm stun [3,4]")
    events = play(g, "spend kai recover")
    assert any("Kai recovers 1 Stress" in e for e in events)


def test_C117_3_W5_a_failed_attack_after_a_success_does_not_support_the_spend():
    g = game(pools={"momentum": 4, "threat": 5}, units_conflict={"kai": {"stress": 2}})
    play(g, "turn kai", "task kai reason medicine as=minor [3,4]", "attack kai gob field-sidearm stun [15,16]")
    with pytest.raises(IllegalAction, match=r"recovering Stress needs a successful task by Kai just before"):
        g.push_line("spend kai recover")


def test_C117_1_recovery_goes_to_yourself_or_an_ally_not_an_enemy():
    g = game(pools={"momentum": 4, "threat": 5}, units_conflict={"gob": {"tier": "notable", "stress": 2}})
    play(g, "turn kai", "task kai reason medicine [3,4]")
    with pytest.raises(IllegalAction, match=r"relief goes to Kai or an ally"):
        g.push_line("spend kai recover on=gob")


def test_C60_3_W6_a_unit_claiming_cover_in_a_zone_without_cover_is_refused_with_its_key_path():
    with pytest.raises(Exception) as err:
        game(units_conflict={"gob": {"cover": True}})  # the hall has no cover trait
    assert "units[2].conflict.cover" in str(err.value) and "no cover" in str(err.value)


# ------------------------------------------------------------ house rules never quietly override the text


def _lookup(g, key):
    from gm_console.lookup.index import house_rule_entries

    return next(e for e in house_rule_entries(g.systems.values(), g.rules) if e.key == f"house.{key}")


@pytest.mark.parametrize("name, value", [
    ("threat_deficit", "never"), ("spend_adds_threat", "none"), ("injury_penalty", 0), ("difficult_terrain", "any"),
])
def test_house_rule_values_that_contradict_the_text_are_marked_departs_from_the_text(name, value):
    g = game(house_rules={"conflict": {name: value}})
    assert f"conflict.{name}" in g.rules.departing()
    body = _lookup(g, f"conflict.{name}").body
    assert "departs from the text" in body and "In force" in body
    default = game()
    assert default.rules.departing() == {}
    assert "departs from the text" in _lookup(default, f"conflict.{name}").body  # the lookup names the departing value


def test_the_status_line_shows_a_departing_house_rule_in_one_short_segment():
    from gm_console.ui.widgets.status_line import departing_segment

    assert departing_segment(game().rules) == ""
    assert departing_segment(game(house_rules={"conflict": {"threat_deficit": "never"}}).rules) == "⚠ departs from text: threat_deficit"
    two = game(house_rules={"conflict": {"threat_deficit": "never", "injury_penalty": 0}}).rules
    assert departing_segment(two) == "⚠ 2 house rules depart from text"


def test_the_state_json_lists_the_departing_house_rules():
    from gm_console.export import state_json

    data = state_json(game(house_rules={"conflict": {"spend_adds_threat": "none"}}))
    assert list(data["house_rules_departing"]) == ["conflict.spend_adds_threat"]


def test_C21_4_fill_on_suffer_is_no_longer_a_house_rule_the_track_always_fills():
    """C21.4: without room for the full amount, fill the rest of the track and suffer the consequence."""
    from gm_console.core.systems.conflict.house_rules import HOUSE_RULES

    assert "fill_on_suffer" not in {r.name for r in HOUSE_RULES}
    g = game(units_conflict={"kai": {"stress": 6}}, conflict={"opening": "gm"})
    play(g, "turn gob", "attack gob kai field-sidearm stun [3,4]", "suffer kai")
    assert stress(g, "kai") == 8
