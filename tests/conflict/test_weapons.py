"""Weapon qualities (each with its effect) and the weapon profiles as data."""

from __future__ import annotations

import pytest

from gm_console.core.errors import IllegalAction
from gm_console.files.encounter_io import EncounterFileError

from .helpers import board, doc, game, play
from tests.conftest import game_from_dict

ARMED = ["field-sidearm", "carbine", "scattergun", "arc-projector", "frag-charge", "stun-baton", "knife"]


def armed(**extra):
    units = {"kai": {"weapons": ARMED}}
    for uid, more in extra.pop("units_conflict", {}).items():
        units.setdefault(uid, {}).update(more)
    return game(pools={"momentum": 6, "threat": 5}, units_conflict=units, **extra)


def test_weapon_profiles_are_data_and_an_encounter_adds_its_own():
    g = game(conflict={"weapons": {"plasma-lance": {"name": "Plasma Lance", "kind": "ranged", "severity": 5, "intent": "deadly"}}})
    cat = board(g).catalogue
    assert {"unarmed", "cysuit-blade", "knife", "field-sidearm", "carbine", "scattergun", "marksman-rifle"} <= set(cat.weapons)
    assert cat.weapon("field-sidearm").severity == 4 and cat.weapon("field-sidearm").intent == "either"
    assert cat.weapon("plasma-lance").range == "long"


def test_an_unknown_weapon_in_the_file_is_reported_with_its_path():
    with pytest.raises(EncounterFileError, match=r"units\[0\].conflict.weapons\[0\]: unknown weapon 'feld-sidearm' \(did you mean 'field-sidearm'\?\)"):
        game_from_dict(doc(units_conflict={"kai": {"weapons": ["feld-sidearm"]}}))


def test_quality_accurate_aim_rerolls_up_to_two_d20s():
    g = armed()
    play(g, "turn kai")
    with pytest.raises(IllegalAction, match=r"re-rolls come from Aim: minor kai aim first \[weapon qualities\]"):
        g.push_line("attack kai gob carbine deadly reroll=2")
    play(g, "minor kai aim")
    assert g.dice_needed(g.parse("attack kai gob carbine deadly reroll=2")) == (20,) * 4
    events = play(g, "attack kai gob carbine deadly reroll=2 [15,16,3,4]")
    assert "Kai: Control 9 + Security 2 = 11, Difficulty 2; [4,3] -> 2 successes" in events
    assert "Kai hits Gob" in events


def test_aim_without_accurate_rerolls_one_die_by_house_rule():
    g = armed()
    play(g, "turn kai", "minor kai aim")
    with pytest.raises(IllegalAction, match=r"Aim with Field Sidearm re-rolls at most 1 d20 \[weapon qualities\]"):
        g.push_line("attack kai gob field-sidearm stun reroll=2")
    play(g, "attack kai gob field-sidearm stun reroll=1 [1,20,3]")
    assert g.log[-1].dice == (1, 20, 3)
    assert board(g).pending  # the 20 was re-rolled into a 3: two successes


def test_quality_inaccurate_aim_gives_nothing():
    g = armed()
    play(g, "turn kai", "minor kai aim")
    with pytest.raises(IllegalAction, match=r"Aim with Scattergun re-rolls at most 0 d20s"):
        g.push_line("attack kai gob scattergun deadly reroll=1")


def test_quality_area_further_targets_in_the_zone_cost_1_momentum_each():
    g = armed()
    events = play(g, "turn kai", "attack kai gob scattergun deadly [1,1]")
    assert any("Area: 1 Momentum per further target" in t for t in events)
    events = play(g, "spend kai area on=boss")
    assert [p.target for p in board(g).pending] == ["gob", "boss"]
    assert "Momentum 6 -> 5 (Kai: Area: Another Target)" in events
    with pytest.raises(IllegalAction, match=r"Kai is not in Gob's zone \[weapon qualities\]"):
        g.push_line("spend kai area on=kai")


def test_quality_area_may_succeed_at_cost():
    g = armed()
    events = play(g, "turn kai", "attack kai gob scattergun deadly atcost [19,19]")
    assert "Kai's Area attack Succeeds at Cost: the hit lands, and the GM names the cost" in events
    assert board(g).pending and board(g).complications == ["Kai's Area attack Succeeds at Cost"]
    g = armed()
    play(g, "turn kai")
    with pytest.raises(IllegalAction, match=r"only an Area attack may Succeed at Cost"):
        g.push_line("attack kai gob field-sidearm stun atcost")


def test_quality_charge_after_prepare_adds_area_intense_or_piercing():
    g = armed(units_conflict={"gob": {"protection": 2}})
    play(g, "turn kai")
    with pytest.raises(IllegalAction, match=r"needs a Prepare Minor Action first \(a Charge\): minor kai prepare"):
        g.push_line("attack kai gob arc-projector stun charge=piercing")
    play(g, "minor kai prepare", "attack kai gob arc-projector stun charge=piercing [1,1]")
    assert board(g).pending[0].adjusted == 3  # Protection 2 ignored
    g = armed()
    play(g, "turn kai", "minor kai prepare", "attack kai gob arc-projector stun charge=area [1,1]")
    assert board(g).pending[0].severity == 2  # an Area charge: Severity 3 - 1


def test_quality_cumbersome_needs_prepare():
    g = armed()
    play(g, "turn kai")
    with pytest.raises(IllegalAction, match=r"Frag Charge needs a Prepare Minor Action first \(Cumbersome\)"):
        g.push_line("attack kai gob frag-charge deadly")
    play(g, "minor kai prepare", "attack kai gob frag-charge deadly [1,1]")


def test_quality_debilitating_makes_treatment_harder():
    g = armed(unit_keys={"gob": {"zone": "bay"}}, units_conflict={"kai": {"near": ["gob"]}})
    play(g, "turn kai", "attack kai gob stun-baton unaware [1,1]", "suffer gob")
    assert board(g).chars["gob"].injuries[0].debilitating
    g2 = game(units_conflict={"kai": {"near": ["ava"], "injuries": [{"name": "Shock", "severity": 2, "debilitating": True}]}},
              conflict={"first": "ava"})
    events = play(g2, "turn ava", "treat ava kai [1,1]")
    assert any("Difficulty 3 (2 +1 Debilitating)" in t for t in events)


def test_quality_hidden_concealing_takes_a_minor_action():
    g = armed()
    play(g, "turn kai")
    events = play(g, "minor kai conceal")
    assert "Kai takes the Minor Action Conceal" in events
    g = game(conflict={"first": "ava"})
    play(g, "turn ava")
    with pytest.raises(IllegalAction, match=r"Ava carries no weapon with the Hidden quality \[weapon qualities\]"):
        g.push_line("minor ava conceal")


def test_quality_intense_severity_steps_cost_1_momentum():
    g = armed()
    events = play(g, "turn kai", "attack kai gob arc-projector stun [1,1]", "spend kai severity n=2")
    assert "Momentum 6 -> 4 (Kai: Increase Severity x2)" in events
    assert board(g).pending[0].adjusted == 5


def test_quality_piercing_ignores_protection():
    g = game(conflict={"opening": "gm"}, units_conflict={"gob": {"weapons": ["breaching-maul"]}, "kai": {"protection": 1}},
             unit_keys={"gob": {"zone": "bay"}})
    play(g, "turn gob", "stride gob bay near=kai", "spend gob minor", "minor gob prepare",
         "attack gob kai breaching-maul deadly unaware [1,1]")
    assert board(g).pending[0].adjusted == 4 and board(g).pending[0].piercing
