"""One test per rule line of the reactor text (and of issue 5), each named after it."""

from __future__ import annotations

import pytest

from tests.reactor.helpers import board, dmg, prof, reactor_game, refused, texts, unit

W = unit("watchman", "a", "junior-watchman", "weston-smg", stationed=True)
OP = unit("operator", "a", "reactor-operator", exhausted=True)
C1 = unit("c1", "b", "wnaf-conscript", "chainbreaker", name="Conscript #1")
C2 = unit("c2", "b", "wnaf-conscript", "chainbreaker", name="Conscript #2")
RANGER = unit("ranger", "b", "federal-ranger", "hacking-device")


# ------------------------------------------------------------------ declaring a strike


def test_rule_only_a_ready_personnel_may_strike():
    game = reactor_game(W, unit("c1", "b", "wnaf-conscript", exhausted=True))
    refused(game, "strike c1 -> reactor", "cannot strike", "EXHAUSTED", "Declaring a strike")


def test_rule_a_personnel_under_orientation_may_not_strike():
    game = reactor_game(W, unit("c1", "b", "wnaf-conscript", orientation=True))
    refused(game, "strike c1 -> reactor", "under ORIENTATION")


def test_rule_a_stationed_personnel_may_not_strike():
    game = reactor_game(W, unit("c1", "b", "wnaf-conscript", stationed=True))
    refused(game, "strike c1 -> reactor", "STATIONED")


def test_rule_strikes_happen_during_the_strikers_own_operations():
    game = reactor_game(W, C1, phase="incident")
    refused(game, "strike c1 -> reactor", "Incident phase, not Operations")
    game = reactor_game(W, C1, active="a")
    refused(game, "strike c1 -> reactor", "it is A's shift")


def test_rule_one_target_and_the_striker_becomes_exhausted():
    game = reactor_game(OP, C1)
    game.push_line("strike c1 -> reactor")
    assert game.state.units["c1"].has("EXHAUSTED")
    refused(game, "strike c1 -> operator", "EXHAUSTED")


def test_rule_any_personnel_may_strike_an_opposing_personnel():
    game = reactor_game(W, unit("c1", "b", "wnaf-conscript"), active="a")
    game.push_line("unstation watchman")
    game.push_line("strike watchman -> c1")
    assert "c1" not in game.state.units  # ATK 2 against HP 2
    refused(reactor_game(unit("w", "a", "junior-watchman"), OP, active="a"), "strike w -> operator", "on its own side")


def test_rule_only_raiders_strike_a_facility():
    game = reactor_game(
        unit("guard", "b", "senior-guard"), unit("op", "a", "reactor-operator"),
        facilities=[{"id": "yard", "side": "a", "card": "switchyard"}],
    )  # fmt: skip
    refused(game, "strike guard -> yard", "only RAIDER Personnel strike a Facility", "RAIDERs alone hit plants")


def test_rule_only_raiders_strike_the_reactor():
    game = reactor_game(unit("guard", "b", "senior-guard"), OP)
    refused(game, "strike guard -> reactor", "only RAIDER Personnel strike a reactor")


# ------------------------------------------------------------------ blocking


def test_rule_the_defender_blocks_with_one_stationed_personnel_that_is_not_exhausted():
    game = reactor_game(W, C1)
    events = texts(game.push_line("strike c1 -> reactor block=watchman"))
    assert any("Junior Watchman intercepts" in t for t in events)
    assert board(game).plants["a"].heat == 0


def test_rule_an_exhausted_guard_cannot_block():
    game = reactor_game(unit("watchman", "a", "junior-watchman", stationed=True, exhausted=True), C1)
    message = refused(game, "strike c1 -> reactor block=watchman")
    assert message.startswith("Junior Watchman cannot block: EXHAUSTED")


def test_rule_a_ready_but_unstationed_personnel_cannot_intercept():
    game = reactor_game(unit("watchman", "a", "junior-watchman"), C1)
    refused(game, "strike c1 -> reactor block=watchman", "Junior Watchman cannot block: not STATIONED")


def test_rule_the_blocker_must_be_on_the_defending_side():
    game = reactor_game(W, C1, C2)
    refused(game, "strike c1 -> reactor block=c2", "cannot block: not on A's side")


def test_rule_a_blocker_is_used_up():
    game = reactor_game(W, C1, C2)
    game.push_line("strike c1 -> reactor block=watchman")
    assert game.state.units["watchman"].has("EXHAUSTED") and game.state.units["watchman"].has("STATIONED")
    refused(game, "strike c2 -> reactor block=watchman", "Junior Watchman cannot block: EXHAUSTED")


# ------------------------------------------------------------------ damage order


def test_rule_damage_is_simultaneous():
    game = reactor_game(unit("sg", "a", "senior-guard"), unit("rg", "b", "federal-ranger"))
    game.push_line("strike rg -> sg")  # ATK 2 each; unblocked: no GUARD first strike
    assert (dmg(game, "sg"), dmg(game, "rg")) == (2, 2)


def test_rule_simultaneous_damage_kills_both():
    game = reactor_game(unit("x", "a", "reserve-enlisted"), unit("y", "b", "wnaf-conscript"))
    game.push_line("strike y -> x")  # ATK 1 each, HP 2 each: both survive with 1 damage
    assert (dmg(game, "x"), dmg(game, "y")) == (1, 1)
    game = reactor_game(unit("x", "a", "reserve-enlisted", damage=1), unit("y", "b", "wnaf-conscript", damage=1))
    game.push_line("strike y -> x")
    assert "x" not in game.state.units and "y" not in game.state.units


def test_rule_a_guard_blocker_deals_first_and_a_striker_it_kills_deals_nothing():
    game = reactor_game(W, C1)
    game.push_line("strike c1 -> reactor block=watchman")
    assert "c1" not in game.state.units
    assert dmg(game, "watchman") == 0


def test_rule_a_guard_blocker_that_does_not_kill_takes_the_hit_back():
    game = reactor_game(unit("res", "a", "reserve-enlisted", stationed=True), unit("rg", "b", "federal-ranger"))
    game.push_line("strike rg -> reactor block=res")  # GUARD 1 first, Ranger HP 3 survives, hits back 2
    assert (dmg(game, "rg"), "res" in game.state.units) == (1, False)


def test_rule_an_m80_amr_striker_deals_first_against_a_personnel():
    game = reactor_game(unit("op", "a", "reactor-operator", stationed=True), unit("sg", "a", "senior-guard"),
                        unit("blox", "b", "bloxian-support-operative", "m80-amr", damage=1))  # fmt: skip
    game.push_line("strike blox -> sg")  # unblocked target with ATK 2 vs Bloxian HP 2, 1 damage
    assert dmg(game, "sg") == 1 and "blox" not in game.state.units  # it hit first, then died to the answer
    game = reactor_game(unit("res", "a", "federal-ranger", damage=2), unit("blox", "b", "bloxian-support-operative", "m80-amr", damage=1))
    game.push_line("strike blox -> res")  # first strike kills (HP 3, damage 2): no answer
    assert "res" not in game.state.units and dmg(game, "blox") == 1


def test_rule_amr_against_a_guard_blocker_cancels_to_simultaneous():
    game = reactor_game(unit("res", "a", "reserve-enlisted", stationed=True),
                        unit("blox", "b", "bloxian-support-operative", "m80-amr", damage=1))  # fmt: skip
    events = texts(game.push_line("strike blox -> reactor block=res"))
    assert any("cancel out" in t for t in events)
    assert "res" in game.state.units and dmg(game, "res") == 1  # Bloxian ATK 1 vs HP 2
    assert "blox" not in game.state.units  # and it took the GUARD's 1 at the same moment


def test_rule_a_blocked_strike_deals_nothing_to_its_target():
    game = reactor_game(W, unit("op", "a", "reactor-operator"), C1,
                        facilities=[{"id": "yard", "side": "a", "card": "switchyard"}])  # fmt: skip
    game.push_line("strike c1 -> op block=watchman")
    assert dmg(game, "op") == 0
    game = reactor_game(W, C1, facilities=[{"id": "yard", "side": "a", "card": "switchyard"}])
    game.push_line("strike c1 -> yard block=watchman")
    assert board(game).facilities["yard"].damage == 0
    game = reactor_game(W, C1)
    game.push_line("strike c1 -> reactor block=watchman")
    assert board(game).plants["a"].heat == 0


def test_rule_a_blocked_reactor_strike_never_hacks():
    game = reactor_game(unit("sg", "a", "senior-guard", stationed=True), RANGER)
    events = texts(game.push_line("strike ranger -> reactor hack block=sg"))
    assert board(game).plants["a"].hack == 0 and board(game).plants["a"].heat == 0
    assert any("no HEAT and no HACK counters" in t for t in events)


# ------------------------------------------------------------------ unblocked strikes


def test_rule_unblocked_against_personnel_both_deal_atk():
    game = reactor_game(unit("mon", "a", "vt6-monarch"), RANGER)
    game.push_line("strike ranger -> mon")
    assert dmg(game, "mon") == 2 and "ranger" not in game.state.units  # 3 back kills the Ranger (HP 3)


def test_rule_damage_on_personnel_persists():
    game = reactor_game(unit("mon", "a", "vt6-monarch"), RANGER, unit("r2", "b", "federal-ranger"))
    game.push_line("strike r2 -> mon")
    for _ in range(6):  # B's Incident, Shift End; A's shift; back to B
        game.push_line("next")
    assert board(game).active == "b" and board(game).phase == "operations"
    assert dmg(game, "mon") == 2
    game.push_line("strike ranger -> mon")
    assert dmg(game, "mon") == 4


def test_rule_a_facility_loses_the_strikers_atk_in_integrity():
    game = reactor_game(C1, facilities=[{"id": "loop", "side": "a", "card": "cooling-loop"}])
    game.push_line("strike c1 -> loop")
    fac = board(game).facilities["loop"]
    assert (fac.remaining, fac.integrity, fac.destroyed) == (1, 3, False)


def test_rule_a_facility_at_zero_is_destroyed_and_its_grants_go_at_once():
    game = reactor_game(C1, facilities=[{"id": "yard", "side": "a", "card": "switchyard"}])
    assert board(game).power_order("a") == 2
    game.push_line("strike c1 -> yard")
    assert board(game).facilities["yard"].destroyed
    assert board(game).power_order("a") == 1
    assert board(game).grants("a")["power_order"] == 0


def test_rule_a_lost_hp_grant_kills_at_once():
    game = reactor_game(
        unit("op", "a", "reactor-operator", damage=2), C1,
        facilities=[{"id": "inf", "side": "a", "card": "infirmary"}],
    )  # fmt: skip
    assert prof(game, "op").hp == 3  # 2 +1 from the Infirmary
    game.push_line("strike c1 -> inf")
    assert "op" not in game.state.units


def test_rule_an_unblocked_reactor_strike_is_atk_times_100_heat():
    game = reactor_game(unit("mon", "b", "vt6-monarch") | {"traits": ["RAIDER"]}, OP)
    game.push_line("strike mon -> reactor")
    assert board(game).plants["a"].heat == 300


def test_rule_a_personnel_with_hack_n_may_add_n_counters_instead():
    game = reactor_game(OP, RANGER, unit("r2", "b", "federal-ranger"))
    game.push_line("strike ranger -> reactor hack")
    game.push_line("strike r2 -> reactor")
    assert board(game).plants["a"].hack == 2  # HACK 1 + Hacking Device
    assert board(game).plants["a"].heat == 200  # the other chose HEAT


def test_rule_hacking_needs_a_hack_value_and_a_reactor():
    game = reactor_game(OP, C1, RANGER)
    refused(game, "strike c1 -> reactor hack", "cannot hack: HACK 0")
    refused(game, "strike ranger -> operator hack", "only a reactor strike can hack")


# ------------------------------------------------------------------ protection


def test_rule_a_stationed_trt_squad_leader_stops_raiders_striking_facilities():
    facs = [{"id": "yard", "side": "a", "card": "switchyard"}]
    game = reactor_game(unit("trt", "a", "trt-squad-leader", stationed=True, exhausted=True), C1, facilities=facs)
    refused(game, "strike c1 -> yard", "TRT Squad Leader is stationed", "TRT Squad Leader: Facility cover")
    game.push_line("strike c1 -> reactor")  # the reactor is not covered
    assert board(game).plants["a"].heat == 200


def test_rule_lockdown_nothing_of_yours_can_be_struck():
    game = reactor_game(OP, C1, facilities=[{"id": "yard", "side": "a", "card": "switchyard"}])
    game.push_line("lockdown a")
    for target in ("reactor", "operator", "yard"):
        refused(game, f"strike c1 -> {target}", "A is in LOCKDOWN", "Reactor: LOCKDOWN")


def test_rule_lockdown_no_hack_counters_can_be_added():
    game = reactor_game(OP, RANGER)
    game.push_line("lockdown a")
    refused(game, "strike ranger -> reactor hack", "LOCKDOWN")
    refused(game, "hack a +1", "no HACK counters can be added")
    game.push_line("hack a -1")  # removing is still fine (0 stays 0)


def test_rule_lockdown_lasts_until_your_next_shift_end_and_costs_its_power_order():
    game = reactor_game(OP, C1)
    game.push_line("lockdown a")  # during B's shift
    for _ in range(3):  # B: Incident, Shift End; A: Operations
        game.push_line("next")
    assert board(game).plants["a"].lockdown == 1
    game.push_line("next")
    events = texts(game.push_line("next"))  # A's Shift End
    assert any("forfeits this shift's Power Order" in t for t in events)
    plant = board(game).plants["a"]
    assert (plant.lockdown, plant.delivered, plant.forfeited) == (0, 0, 1)
    assert board(game).plants["b"].delivered == 1


def test_rule_the_plant_directors_exhaust_calls_a_lockdown():
    game = reactor_game(unit("dir", "a", "plant-director"), C1)
    game.push_line("lockdown a by=dir")
    assert game.state.units["dir"].has("EXHAUSTED") and board(game).plants["a"].lockdown == 1
    game = reactor_game(unit("dir", "a", "plant-director", exhausted=True), unit("op", "a", "reactor-operator"), C1)
    refused(game, "lockdown a by=dir", "cannot exhaust: EXHAUSTED")
    refused(game, "lockdown a by=op", "Reactor Operator cannot call a LOCKDOWN")


def test_rule_armor_ignores_every_source_with_atk_1_or_less():
    game = reactor_game(unit("mon", "a", "vt6-monarch"), unit("k", "b", "wnaf-conscript"))
    events = texts(game.push_line("strike k -> mon"))
    assert dmg(game, "mon") == 0 and any("ARMOR" in t for t in events)
    assert "k" not in game.state.units  # Monarch's 3 back


def test_rule_the_bloxian_cannot_be_blocked_by_atk_0_personnel():
    game = reactor_game(unit("op", "a", "reactor-operator", stationed=True), unit("blox", "b", "bloxian-support-operative"))
    refused(game, "strike blox -> reactor block=op", "Reactor Operator cannot block: ATK 0", "Unblockable by ATK 0")
    game.push_line("strike blox -> reactor")
    assert board(game).plants["a"].heat == 100


def test_rule_stationing_is_opt_in_and_only_in_your_operations():
    game = reactor_game(unit("w", "a", "junior-watchman"), C1)
    refused(game, "station w", "it is B's shift")
    game = reactor_game(unit("w", "a", "junior-watchman"), C1, active="a")
    game.push_line("station w")
    assert game.state.units["w"].has("STATIONED")
    refused(game, "station w", "already STATIONED")


# ------------------------------------------------------------------ the shift


def test_rule_next_walks_operations_incident_shift_end_then_the_other_side():
    game = reactor_game(OP, C1)
    seen = []
    for _ in range(6):
        game.push_line("next")
        seen.append((board(game).active, board(game).phase))
    assert seen == [("b", "incident"), ("b", "shift-end"), ("a", "operations"),
                    ("a", "incident"), ("a", "shift-end"), ("b", "operations")]  # fmt: skip
    assert game.state.clock.round == 2


def test_rule_a_side_readies_as_its_shift_begins():
    game = reactor_game(OP, C1)
    game.push_line("strike c1 -> reactor")
    for _ in range(3):
        game.push_line("next")
    assert not game.state.units["operator"].has("EXHAUSTED")  # A readied
    assert game.state.units["c1"].has("EXHAUSTED")  # B waits for its own shift
    for _ in range(3):
        game.push_line("next")
    assert not game.state.units["c1"].has("EXHAUSTED")


def test_rule_the_hostile_raid_is_150_at_two_counters_200_at_three_nothing_below():
    for counters, extra in ((0, 0), (1, 0), (2, 150), (3, 200), (5, 200)):
        game = reactor_game(OP, C1, phase="incident", sides={"a": {"hack": counters}})
        game.push_line("incident hostile-raid -> a")
        assert board(game).next_base_load("a") == extra
        game.push_line("next")
        game.push_line("next")
        assert board(game).plants["a"].heat == extra


def test_rule_incidents_wait_for_the_incident_phase():
    game = reactor_game(OP, C1)
    refused(game, "incident hostile-raid -> a", "incidents wait for the Incident phase")
    game.push_line("next")
    refused(game, "incident hostile-raid -> b", "against its own plant")
    game.push_line("incident hostile-raid -> a")


def test_rule_power_order_is_delivered_at_shift_end():
    game = reactor_game(OP, C1, facilities=[{"id": "yard", "side": "b", "card": "switchyard"}])
    game.push_line("next")
    events = texts(game.push_line("next"))
    assert board(game).plants["b"].delivered == 2 and any("delivers its Power Order: 2" in t for t in events)


def test_rule_a_new_personnel_is_under_orientation_until_its_shift_end():
    game = reactor_game(OP, C1)
    game.push_line("deploy wnaf-conscript c9")
    refused(game, "strike c9 -> reactor", "under ORIENTATION")
    game.push_line("next")
    game.push_line("next")
    assert not game.state.units["c9"].has("ORIENTATION")


def test_rule_deploy_and_equip_follow_the_catalogue():
    game = reactor_game(OP, unit("c1", "b", "wnaf-conscript"))
    assert prof(game, "c1").atk == 1
    game.push_line("deploy wnaf-conscript")
    game.push_line("deploy wnaf-conscript k7")
    assert prof(game, "c1").atk == 2  # a pack of three now
    assert sorted(game.state.units) == ["c1", "conscript1", "k7", "operator"]
    assert game.state.units["k7"].name == "WNAF Conscript #3"
    game.push_line("equip c1 chainbreaker")
    refused(game, "equip c1 chainbreaker", "already holds Chainbreaker")
    refused(game, "deploy nobody", "unknown personnel card")


def test_rule_heat_at_the_limit_melts_the_core_down():
    game = reactor_game(OP, C1, sides={"a": {"heat": 900}})
    events = texts(game.push_line("strike c1 -> reactor"))
    assert board(game).plants["a"].melted and any("MELTDOWN" in t for t in events)
    for _ in range(4):
        game.push_line("next")
    events = texts(game.push_line("next"))
    assert any("no Power Order delivered" in t for t in events)


@pytest.mark.parametrize(
    "line, rule",
    [
        ("strike c1 -> reactor block=watchman", "[Reactor: Blocking (intercepting)]"),
        ("strike ghost -> reactor", "unknown unit 'ghost'"),
        ("strike c1 -> nowhere", "unknown target 'nowhere'"),
    ],
)
def test_errors_say_which_rule_forbids(line, rule):
    game = reactor_game(unit("watchman", "a", "junior-watchman", stationed=True, exhausted=True), C1)
    with pytest.raises(ValueError) as exc:
        game.push_line(line)
    assert rule in str(exc.value)


@pytest.mark.parametrize("card", ["junior-watchman", "senior-guard", "reserve-enlisted", "trt-squad-leader"])
def test_rule_R22_every_secfor_card_the_text_names_has_guard_and_deals_first_when_blocking(card):
    """R22: GUARD on the Junior Watchman, Senior Guard, Reserve Enlisted and TRT Squad Leader."""
    from tests.reactor.helpers import prof

    game = reactor_game(unit("g", "a", card, stationed=True), unit("k", "b", "wnaf-conscript"))
    assert prof(game, "g").has("GUARD")
    events = [e.text for e in game.push_line("strike k -> reactor block=g")]
    name = game.state.units["g"].name
    assert f"GUARD: {name} deals its damage first" in events
