"""Rules fidelity (issue 13): the sentences of conflict-and-personal-combat.md
that the console did not implement. Each test names its sentence
(``C<line>.<sentence>`` as in the rules-coverage table)."""

from __future__ import annotations

import pytest

from gm_console.core.errors import IllegalAction

from .helpers import board, game, play, stress

GM_FIRST = {"conflict": {"opening": "gm"}}


# ------------------------------------------------------------ who opens round 1


def test_C11_2_the_clear_choice_named_in_the_file_opens_round_1():
    g = game(conflict={"first": "ava"})
    with pytest.raises(IllegalAction, match=r"Ava opens round 1: the clear choice \(\[conflict\] first\); turn ava \(if Kai is the clear choice: turn kai clear\) \[the opening\]"):
        g.push_line("turn kai")
    play(g, "turn ava")
    assert g.state.clock.active == "ava"


def test_C11_2_otherwise_the_player_character_with_the_highest_daring_opens():
    g = game()  # Kai has Daring 10, Ava 9
    with pytest.raises(IllegalAction, match=r"Kai opens round 1: the player character with the highest Daring \(10\); turn kai \(if Ava is the clear choice: turn ava clear\) \[the opening\]"):
        g.push_line("turn ava")
    play(g, "turn kai", "next", "turn gob", "next")  # later picks are free; Ava is the players' last
    assert g.state.clock.active == "ava"
    g = game()
    events = play(g, "next")  # next opens with the one the text names
    assert "Kai opens: the player character with the highest Daring (10)" in events and g.state.clock.active == "kai"


def test_C11_2_the_clear_choice_may_be_an_npc_when_the_opposition_seized_the_opening():
    g = game(conflict={"first": "boss", "opening": "gm"})
    with pytest.raises(IllegalAction, match=r"Boss opens round 1"):
        g.push_line("turn gob")
    play(g, "turn boss")


def test_C11_3_C11_4_a_seized_opening_goes_to_the_npc_the_gm_names():
    g = game()
    play(g, "seize boss")
    assert g.state.clock.active == "boss" and g.state.pools["threat"] == 4
    g = game(**GM_FIRST)
    play(g, "turn gob")  # opening = "gm": the GM picks any NPC


# ------------------------------------------------------------ yield


def test_C5_3_an_opponent_who_yields_leaves_the_fight_at_once():
    g = game()
    events = play(g, "turn kai", "yield gob")
    assert "Gob yields and leaves the fight; the crew must accept it" in events
    assert g.state.units["gob"].has("Yielded")
    with pytest.raises(IllegalAction, match=r"Gob has yielded: the crew must accept it \[yielding\]"):
        g.push_line("attack kai gob field-sidearm stun")
    play(g, "next")
    assert g.state.clock.active == "boss"  # the GM's only fighter left goes at once
    with pytest.raises(IllegalAction, match=r"Gob has yielded"):
        g.push_line("turn gob")
    assert g.parse('yield gob why="drops the knife"').notation() == 'yield gob why="drops the knife"'


# ------------------------------------------------------------ consequences other than Injury


def test_C21_1_any_consequence_of_severity_1_to_5_may_be_avoided_with_that_much_stress():
    g = game()
    events = play(g, 'consequence kai 2 "Loses the datapad"')
    assert "Kai faces a consequence of Severity 2 (Loses the datapad): avoid kai or suffer kai" in events
    play(g, "avoid kai")
    assert stress(g, "kai") == 2 and board(g).pending == []


def test_C21_1_a_consequence_suffered_becomes_a_trait_not_an_injury():
    g = game()
    play(g, 'consequence kai 3 "Lost in the Vents"', "suffer kai")
    kai = g.state.units["kai"]
    assert "Lost in the Vents" in kai.traits and not kai.has("Defeated") and board(g).chars["kai"].injuries == []


def test_C21_3_a_consequence_needs_room_for_the_full_amount():
    g = game(units_conflict={"kai": {"stress": 7}})
    play(g, 'consequence kai 3 "Spooked"')
    with pytest.raises(IllegalAction, match=r"needs room for all 3 Stress"):
        g.push_line("avoid kai")
    play(g, "suffer kai")
    assert stress(g, "kai") == 8 and "Spooked" in g.state.units["kai"].traits


# ------------------------------------------------------------ Severity beyond 5


def test_C21_1_severity_above_5_cannot_be_avoided_with_stress_by_default():
    g = game(pools={"momentum": 6, "threat": 8}, units_conflict={"gob": {"tier": "notable"}})
    play(g, "turn kai", "attack kai gob field-sidearm stun [3,4]", "spend kai severity n=2")  # sidearm 4 + 2 = 6
    assert board(g).pending[0].adjusted == 6
    with pytest.raises(IllegalAction, match=r"Severity 6 is beyond 1 to 5: it cannot be Avoided with Stress \(house rule severity_above_5\)"):
        g.push_line("avoid gob")
    play(g, "avoid gob threat")  # the Notable NPC's Threat option is not limited to 5


@pytest.mark.parametrize("mode, adjusted", [("cap", 5), ("avoidable", 6)])
def test_severity_above_5_is_a_named_house_rule(mode, adjusted):
    g = game(pools={"momentum": 6, "threat": 5}, units_conflict={"gob": {"tier": "notable"}},
             house_rules={"conflict": {"severity_above_5": mode}})
    play(g, "turn kai", "attack kai gob field-sidearm stun [3,4]", "spend kai severity n=2")
    assert board(g).pending[0].adjusted == adjusted
    play(g, "avoid gob")
    assert stress(g, "gob") == adjusted


# ------------------------------------------------------------ silent choices named


def test_both_sides_failing_an_opposed_melee_is_house_rule_opposed_both_fail():
    engaged = {"unit_keys": {"gob": {"zone": "bay"}}, "units_conflict": {"kai": {"near": ["gob"]}}}
    g = game(**engaged)
    play(g, "turn kai", "attack kai gob stun-baton [15,16,15,16]")
    assert board(g).opposed is not None and board(g).opposed.winner == "gob"  # default: the defender
    g = game(house_rules={"conflict": {"opposed_both_fail": "nobody"}}, **engaged)
    events = play(g, "turn kai", "attack kai gob stun-baton [15,16,15,16]")
    assert board(g).opposed is None and "Kai misses Gob" in events


def test_counterattack_weapons_is_a_house_rule():
    engaged = {"unit_keys": {"gob": {"zone": "bay"}}, "units_conflict": {"kai": {"near": ["gob"]}}}
    g = game(house_rules={"conflict": {"counter_weapons": "any"}}, **engaged)
    play(g, "turn kai", "attack kai gob stun-baton [15,16,2,3]")
    play(g, "counter gob with=field-sidearm intent=stun")
    assert board(g).pending[0].what == "Field Sidearm"
    g = game(**engaged)
    play(g, "turn kai", "attack kai gob stun-baton [15,16,2,3]")
    with pytest.raises(IllegalAction, match=r"a Counterattack uses a melee weapon"):
        g.push_line("counter gob with=field-sidearm intent=stun")


def test_C103_2_cysuit_grace_scenes_is_a_house_rule_and_other_values_depart_from_the_text():
    g = game(house_rules={"conflict": {"cysuit_grace_scenes": 2}}, **GM_FIRST)
    play(g, "turn gob", "attack gob kai field-sidearm deadly [2,3]", "suffer kai")
    assert board(g).chars["kai"].grace == 2
    assert "conflict.cysuit_grace_scenes" in g.rules.departing()
    assert game().rules.departing() == {}


def test_C86_5_protection_compromised_ending_the_dying_grace_is_a_house_rule():
    compromised = {"unit_keys": {"kai": {"traits": ["Protection Compromised"]}}}
    g = game(**compromised, **GM_FIRST)
    play(g, "turn gob", "attack gob kai field-sidearm deadly [2,3]", "suffer kai")
    assert board(g).chars["kai"].grace == 0
    g = game(house_rules={"conflict": {"compromised_ends_grace": False}}, **compromised, **GM_FIRST)
    play(g, "turn gob", "attack gob kai field-sidearm deadly [2,3]", "suffer kai")
    assert board(g).chars["kai"].grace == 1


# ------------------------------------------------------------ Traits in play, the cysuit and exposure


def test_traits_in_play_a_verb_gives_a_unit_a_trait_and_another_removes_it():
    g = game()
    events = play(g, 'trait kai "Smoke in the Lungs"')
    assert "Kai gains the Trait Smoke in the Lungs" in events
    assert "Smoke in the Lungs" in g.state.units["kai"].traits
    play(g, 'untrait kai "smoke in the lungs"')
    assert g.state.units["kai"].traits == ()
    with pytest.raises(IllegalAction, match=r"Kai has no Trait 'Nope'"):
        g.push_line("untrait kai Nope")
    assert g.parse('trait kai "Cracked Visor" breach').notation() == 'trait kai "Cracked Visor" breach'


def test_C86_5_protection_compromised_is_read_from_a_trait_given_in_play():
    g = game(**GM_FIRST)
    play(g, 'trait kai "Protection Compromised"', "turn gob", "attack gob kai field-sidearm stun [2,3]")
    assert board(g).pending[0].protection == 0  # no cysuit Protection any more


def test_C42_1_a_cysuit_prevents_ordinary_environmental_exposure():
    g = game()
    play(g, "hazard cold attritional 2 name=Cold env every=\"an hour\"")
    events = play(g, "expose kai cold")
    assert "Kai's cysuit keeps Cold out (ordinary environmental exposure)" in events and stress(g, "kai") == 0
    g = game(units_conflict={"gob": {"tier": "notable"}})  # no cysuit on Gob: the cold reaches him
    play(g, "hazard cold attritional 2 env")
    play(g, "expose gob cold")
    assert stress(g, "gob") == 2


def test_C42_2_C42_3_once_a_trait_names_the_failed_protection_the_hazard_reaches_the_wearer():
    g = game()
    play(g, "hazard cold attritional 2 name=Cold env", 'trait kai "Torn Seal" breach')
    events = play(g, "expose kai cold")
    assert any("Kai marks 2 Stress" in e for e in events)
    assert "the cysuit's failed protection (Torn Seal) lets Cold through" in events
    play(g, 'untrait kai "Torn Seal"', "expose kai cold")  # repaired: kept out again
    assert stress(g, "kai") == 2


def test_C40_3_repeated_exposure_can_create_or_worsen_a_trait_even_when_the_injury_is_avoided():
    g = game()
    play(g, "hazard blast acute 2 name=Blast")
    play(g, "expose kai blast trait=Deafened", "avoid kai")
    assert "Deafened" in g.state.units["kai"].traits
    events = play(g, "expose kai blast trait=Deafened")
    assert "Kai's Trait Deafened worsens to Deafened 2" in events
    play(g, "avoid kai")
    assert "Deafened 2" in g.state.units["kai"].traits and "Deafened" not in g.state.units["kai"].traits


# ------------------------------------------------------------ finding a Hidden X weapon


def test_C143b_finding_a_concealed_hidden_x_weapon_is_insight_or_reason_plus_security_at_difficulty_x():
    g = game(**GM_FIRST)
    play(g, "turn gob", "minor gob conceal", "next", "turn kai")
    assert board(g).chars["gob"].concealed == ("knife",)
    action = g.parse("find kai gob")
    assert g.dice_needed(action) == (20, 20)
    events = play(g, "find kai gob [5,15]")
    assert any("Kai searches Gob for Knife: Insight 8 + Security 2 = 10, Difficulty 1;" in e and "succeeds" in e for e in events)
    assert "Kai finds Gob's concealed Knife" in events and board(g).chars["gob"].concealed == ()
    assert g.parse("find kai gob knife attr=reason").notation() == "find kai gob knife attr=reason"


def test_C143b_find_needs_a_concealed_weapon_and_insight_or_reason():
    g = game(**GM_FIRST)
    play(g, "turn gob", "next", "turn kai")
    with pytest.raises(IllegalAction, match=r"Gob has no concealed weapon"):
        g.push_line("find kai gob")
    with pytest.raises(IllegalAction, match=r"Insight or Reason"):
        g.push_line("find kai gob attr=daring")


# ------------------------------------------------------------ treatment and healing aids


INJURED = {"units_conflict": {"kai": {"near": ["ava"], "injuries": [{"name": "Burned Hand", "severity": 3}]}}}


def test_C113_4_a_medical_facility_or_the_cysuit_acts_as_a_trait_lowering_the_difficulty():
    g = game(conflict={"first": "ava"}, **INJURED)
    events = play(g, "turn ava", "treat ava kai aid=1 [5,6]")
    assert any("Difficulty 2 (3 -1 aid)" in e for e in events)


def test_C113_4_assistance_adds_a_d20_to_the_medics_pool():
    g = game(conflict={"first": "ava"}, **INJURED)
    play(g, "turn ava")
    assert g.dice_needed(g.parse("treat ava kai assist=1")) == (20, 20, 20)
    play(g, "treat ava kai assist=1 [5,6,7]")
    assert board(g).chars["kai"].injuries[0].treated
    g = game(house_rules={"conflict": {"assistance": "difficulty"}}, **INJURED)
    play(g, "endconflict")
    events = play(g, "heal ava kai assist=1 [5,6]")
    assert any("-1 assistance" in e for e in events)


def test_C113_5_remote_assistance_needs_a_full_or_limited_connection():
    g = game(conflict={"connection": "offline"}, **INJURED)
    play(g, "endconflict")
    with pytest.raises(IllegalAction, match=r"remote Assistance needs a Full or Limited connection; it is Offline \(link full\|limited\) \[treating Injuries\]"):
        g.push_line("heal ava kai assist=1 remote")
    events = play(g, "link limited")
    assert "The connection is now Limited" in events
    play(g, "heal ava kai assist=1 remote [1,2,7]")  # Difficulty 4: 3 +1 untreated
    assert board(g).chars["kai"].injuries == []


# ------------------------------------------------------------ the rest of the text, sentence by sentence


def test_C134_3_an_energy_weapon_comes_from_equipment_or_a_cysuit_hardware_trait():
    g = game()
    play(g, "turn kai")
    with pytest.raises(IllegalAction, match=r"Kai has no weapon 'arc-projector'"):
        g.push_line("attack kai gob arc-projector stun")
    g = game(unit_keys={"kai": {"traits": ["Cysuit Hardware: Arc Projector"]}})
    play(g, "turn kai", "attack kai gob arc-projector stun [3,4]")
    assert board(g).pending[0].what == "Arc Projector"
    g = game(unit_keys={"kai": {"traits": ["Cysuit Hardware: Arc Projector", "Protection Compromised"]}})
    play(g, "turn kai")
    with pytest.raises(IllegalAction, match=r"no weapon 'arc-projector'"):  # the hardware is the suit's
        g.push_line("attack kai gob arc-projector stun")


def test_C103_1_C103_7_the_cysuit_intervenes_and_the_vitalis_burst_needs_a_connection():
    g = game(**GM_FIRST)
    events = play(g, "turn gob", "attack gob kai field-sidearm deadly [2,3]", "suffer kai")
    assert any("trauma intervention begins; a Vitalis burst goes out over the Full connection" in e for e in events)
    g = game(conflict={"opening": "gm", "connection": "offline"})
    events = play(g, "turn gob", "attack gob kai field-sidearm deadly [2,3]", "suffer kai")
    assert any("trauma intervention begins; no Vitalis burst: the connection is Offline" in e for e in events)


def test_C103_6_local_treatment_continues_offline_and_C103_5_stabilization_does_not_end_defeat():
    g = game(conflict={"opening": "gm", "connection": "offline"})
    play(g, "turn gob", "attack gob kai field-sidearm deadly [2,3]", "suffer kai", "scene")
    kai = g.state.units["kai"]
    assert not kai.has("Dead") and kai.has("Defeated")  # alive offline; still Defeated, Injury untreated
    assert not board(g).chars["kai"].injuries[0].treated


def test_C77_6_another_pairing_applies_when_the_weapon_or_approach_calls_for_it():
    g = game()
    events = play(g, "turn kai", "attack kai gob field-sidearm stun attr=insight spec=infiltration [3,4]")
    assert any("Kai: Insight 8 + Infiltration 1 = 9, Difficulty 2" in e for e in events)


def test_C88_2_the_cysuit_reflex_makes_no_separate_defence_roll():
    g = game()
    play(g, "turn kai")
    assert g.dice_needed(g.parse("attack kai gob field-sidearm stun")) == (20, 20)  # the attacker's dice only
    g = game(conflict={"opening": "gm"})
    play(g, "turn gob")
    assert g.dice_needed(g.parse("attack gob kai field-sidearm stun")) == (20, 20)  # Kai's cysuit rolls nothing


def test_C111_4_a_treated_injury_stops_imposing_penalties_but_the_trait_remains():
    untreated = game(units_conflict={"kai": {"injuries": [{"name": "Sprain", "severity": 1}]}})
    assert any("+1 untreated Injury" in e for e in play(untreated, "task kai daring medicine [3,3]"))
    treated = game(units_conflict={"kai": {"injuries": [{"name": "Sprain", "severity": 1, "treated": True}]}})
    events = play(treated, "task kai daring medicine [3,3]")
    assert not any("untreated" in e for e in events) and board(treated).chars["kai"].injuries[0].name == "Sprain"


def test_C113_6_synthetic_repair_uses_engineering():
    g = game(units_conflict={"kai": {"synthetic": True, "injuries": [{"name": "Sheared Servo", "severity": 1, "treated": True}]},
                             "ava": {"specializations": {"engineering": 2, "medicine": 3}}})
    events = play(g, "endconflict", "heal ava kai [3,4]")
    assert any("Control 10 + Engineering 2 = 12" in e for e in events)


@pytest.mark.parametrize("verb", ["endconflict", "yield", "consequence", "trait", "untrait", "find", "link", "give", "travel"])
def test_every_new_verb_has_a_summary_an_example_that_round_trips_and_a_rules_entry(verb):
    from gm_console.lookup import build_index

    g = game()
    cls = g.verbs[verb]
    assert len(cls.SUMMARY) > 40
    assert g.parse(cls.EXAMPLE).notation() == cls.EXAMPLE
    index = build_index(list(g.systems.values()), g.rules)
    assert any(verb in e.body and e.kind != "action" for e in index.entries), verb


def test_endbattle_has_a_summary_an_example_that_round_trips_and_a_rules_entry():
    from gm_console.core.systems.ctb.verbs import EndBattle
    from gm_console.core.systems.ctb.reference import entries as reference

    assert len(EndBattle.SUMMARY) > 40 and EndBattle.EXAMPLE == "endbattle"
    assert any("endbattle" in e.body for e in reference())


# ------------------------------------------------------------ Synthetics: chassis and continuity (C105.3)

SYNTH = {"kai": {"synthetic": True}}
BACKED = {"kai": {"traits": ["Chassis: Survey Frame", "Backup: Aelith Archive"]}}


def _dying_synthetic(**changes):
    g = game(units_conflict=SYNTH, **GM_FIRST, **changes)
    play(g, "turn gob", "attack gob kai field-sidearm deadly [2,3]", "suffer kai nograce")
    return g


def test_C105_3_a_synthetic_still_dying_at_the_scene_end_loses_its_chassis_and_a_backup_trait_carries_it_on():
    g = _dying_synthetic(unit_keys=BACKED)
    events = play(g, "scene")
    kai = g.state.units["kai"]
    assert "Kai's chassis (Chassis: Survey Frame) is destroyed: still Dying at the end of the scene without stabilization" in events
    assert any(e.startswith("Kai continues through Backup: Aelith Archive") for e in events)
    assert kai.has("Chassis Destroyed") and not kai.has("Dead") and not kai.has("Defeated")
    assert kai.traits == ("Backup: Aelith Archive",) and board(g).chars["kai"].injuries == []
    with pytest.raises(IllegalAction, match=r"Kai's chassis is destroyed: no turns until embody gives it a new one \[Synthetics and their chassis\]"):
        g.push_line("turn kai")
    play(g, "turn ava")
    with pytest.raises(IllegalAction, match=r"Kai's chassis is destroyed: nothing is left in the fight to attack"):
        g.push_line("attack ava kai field-sidearm stun")
    with pytest.raises(IllegalAction, match=r"there is nothing to revive"):
        g.push_line("firstaid ava kai")


def test_C105_3_a_chassis_destroyed_carried_to_the_next_fight_still_takes_no_turns_until_embody():
    """Carried to a party, Chassis Destroyed is a Trait; the next fight reads it back as the condition."""
    from gm_console.core.carry import persistent

    g = _dying_synthetic(unit_keys=BACKED)
    play(g, "scene")
    row = persistent(g.state, g.rules, tuple(g.systems), "kai")
    assert "Chassis Destroyed" in row["traits"] and not row["dead"]
    nxt = game(units_conflict=SYNTH, unit_keys={"kai": {"traits": row["traits"]}})
    kai = nxt.state.units["kai"]
    assert kai.has("Chassis Destroyed")
    assert persistent(nxt.state, nxt.rules, tuple(nxt.systems), "kai")["traits"] == row["traits"]  # carry is idempotent
    with pytest.raises(IllegalAction, match=r"no turns until embody"):
        nxt.push_line("turn kai")
    play(nxt, 'embody kai "Chassis: Spare Frame"')
    kai = nxt.state.units["kai"]
    assert not kai.has("Chassis Destroyed") and "Chassis Destroyed" not in kai.traits and "Chassis: Spare Frame" in kai.traits


def test_C105_3_without_a_backup_trait_the_synthetic_ends_with_its_chassis():
    g = _dying_synthetic(unit_keys={"kai": {"traits": ["Chassis: Survey Frame"]}})
    events = play(g, "scene")
    assert "Kai has no backup Trait: the Synthetic ends with its chassis and is dead" in events
    assert g.state.units["kai"].has("Dead") and not g.state.units["kai"].has("Chassis Destroyed")
    bio = game(**GM_FIRST)  # a biological character simply dies, as before
    play(bio, "turn gob", "attack gob kai field-sidearm deadly [2,3]", "suffer kai nograce")
    assert "Kai dies: Dying at the end of the scene without stabilization" in play(bio, "scene")


def test_C105_3_the_gm_destroys_a_chassis_as_its_embodiment_traits_say_and_embody_brings_the_backup_back():
    g = game(units_conflict=SYNTH, unit_keys=BACKED)
    play(g, "set kai stress 3", "turn kai")
    events = play(g, 'destroy kai why="the frame melts in the blast"')
    assert "Kai's chassis (Chassis: Survey Frame) is destroyed: the frame melts in the blast" in events
    assert g.state.clock.active is None  # the running turn ended with the chassis
    with pytest.raises(IllegalAction, match=r"already destroyed"):
        g.push_line("destroy kai")
    with pytest.raises(IllegalAction, match=r"starting with 'Chassis'.*house rule embodiment_trait"):
        g.push_line('embody kai "Spare Frame"')
    events = play(g, 'embody kai "Chassis: Spare Frame"')
    assert "Kai comes back in Chassis: Spare Frame, carried over by its backup" in events
    kai = g.state.units["kai"]
    assert not kai.has("Chassis Destroyed") and "Chassis: Spare Frame" in kai.traits and kai.stats["stress"] == 3
    with pytest.raises(IllegalAction, match=r"Ava is not a Synthetic"):
        g.push_line("destroy ava")
    assert g.parse(g.verbs["destroy"].EXAMPLE).notation() == g.verbs["destroy"].EXAMPLE


def test_C105_3_a_minor_npc_synthetic_killed_outright_loses_its_chassis():
    g = game(units_conflict={"gob": {"synthetic": True}}, unit_keys={"gob": {"traits": ["Backup: Relay Node"]}})
    play(g, "turn kai", "attack kai gob field-sidearm deadly [1,2]")
    events = play(g, "suffer gob dead")
    assert any(e.startswith("Gob's chassis is destroyed") for e in events)
    assert g.state.units["gob"].has("Chassis Destroyed") and not g.state.units["gob"].has("Dead")


def test_C105_3_embody_moves_a_working_synthetic_and_its_injuries_stay_with_the_old_chassis():
    injured = {"kai": {"synthetic": True, "injuries": [{"name": "Sheared Servo", "severity": 2, "treated": True}]}}
    g = game(units_conflict=injured, unit_keys={"kai": {"traits": ["Chassis: Survey Frame"]}})
    events = play(g, 'embody kai "chassis: heavy lifter"')
    assert "Kai moves into chassis: heavy lifter, leaving Chassis: Survey Frame; Sheared Servo stay with the old chassis" in events
    assert board(g).chars["kai"].injuries == [] and g.state.units["kai"].traits == ("chassis: heavy lifter",)
    g = _dying_synthetic()
    with pytest.raises(IllegalAction, match=r"Kai is Defeated in its chassis: revive it \(firstaid\), or destroy kai first"):
        g.push_line('embody kai "Chassis: Spare"')


def test_C105_3_the_words_that_mark_embodiment_and_backup_traits_are_house_rules_shown_in_the_lookup():
    from gm_console.lookup import build_index

    words = {"house_rules": {"conflict": {"embodiment_trait": "Frame", "backup_trait": "Mirror"}}}
    g = _dying_synthetic(unit_keys={"kai": {"traits": ["Frame: Drone", "Mirror: Deep Store", "Backup: Ignored"]}}, **words)
    events = play(g, "scene")
    assert "Kai's chassis (Frame: Drone) is destroyed: still Dying at the end of the scene without stabilization" in events
    assert g.state.units["kai"].traits == ("Mirror: Deep Store", "Backup: Ignored")
    assert g.state.units["kai"].has("Chassis Destroyed")
    index = build_index(list(g.systems.values()), g.rules)
    assert "In force: 'Mirror' (changed by this encounter; default 'Backup')" in index.get("house.conflict.backup_trait").body
    assert "In force: 'Frame'" in index.get("house.conflict.embodiment_trait").body
    entry = index.get("conflict.synthetics")
    assert "destroy UNIT" in entry.body and "embody UNIT" in entry.body and "backup_trait" in entry.body
    assert g.rules.departing() == {}


# ------------------------------------------------------------ the core Momentum spends (C150a)


def test_C150a_the_core_momentum_spends_the_console_offers_are_shown_and_do_what_the_lookup_says():
    from gm_console.lookup import build_index

    g = game(pools={"momentum": 6, "threat": 5})
    entry = build_index(list(g.systems.values()), g.rules).get("conflict.core-spends")
    assert entry is not None and entry.title == "core Momentum spends" and entry.kind == "rule"
    body = entry.body
    assert "core chapter" in body and "missing" in body
    # what the entry lists is exactly the console's spends list, and the dice costs in force
    for sid in board(g).catalogue.spends:
        assert sid in body, sid
    assert "the third die 1, the fourth 2, the fifth 3" in body and g.rules["conflict.extra_dice_costs"] == [1, 2, 3]
    # bought d20s: three dice for 1 Momentum
    play(g, "turn kai")
    assert g.dice_needed(g.parse("task kai reason engineering buy=1")) == (20, 20, 20)
    play(g, "task kai reason engineering buy=1 [15,16,17]")
    assert g.state.pools["momentum"] == 5
    # any other core spend: named with why=, n=N paid, logged, no Threat added
    with pytest.raises(IllegalAction, match=r"say which spend Core Momentum Spend pays for.*\[core Momentum spends\]"):
        g.push_line("spend kai core n=2")
    events = play(g, 'spend kai core n=2 why="Obtain Information: who sent the raiders?"')
    assert "Kai: Core Momentum Spend: Obtain Information: who sent the raiders?" in events
    assert g.state.pools["momentum"] == 3 and g.state.pools["threat"] == 5
    play(g, "next", 'spend gob core why="Create a Trait: Smoke"')  # the GM's side pays Threat
    assert g.state.pools["threat"] == 4


# ------------------------------------------------------------ docs/conflict.md describes what the console does


def test_docs_conflict_md_names_every_conflict_verb_and_house_rule():
    """Issue 13's bar: docs/conflict.md describes the verbs and house rules (checked as docs/reactor.md is)."""
    from pathlib import Path

    from gm_console.core.systems.conflict.house_rules import HOUSE_RULES

    page = (Path(__file__).resolve().parents[2] / "docs" / "conflict.md").read_text()
    g = game()
    conflict_verbs = sorted(v for v, cls in g.verbs.items() if cls.__module__.startswith("gm_console.core.systems.conflict"))
    assert conflict_verbs, "the conflict system declares its verbs"
    missing_verbs = [v for v in conflict_verbs if f"`{v}" not in page]
    missing_rules = [r.name for r in HOUSE_RULES if f"`{r.name}`" not in page]
    assert missing_verbs == [] and missing_rules == []
