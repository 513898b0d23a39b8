"""Rounds and turns: one turn a round each, alternating sides, the opening,
seizing it, a side running out, new rounds, Keep the Initiative."""

from __future__ import annotations

import pytest

from gm_console.core.errors import IllegalAction

from .helpers import ATTRS, board, doc, game, play
from tests.conftest import game_from_dict


def third_crew(**extra):
    data = doc(**extra)
    data["units"].append(
        {"id": "zed", "name": "Zed", "side": "crew", "zone": "bay",
         "conflict": {"attributes": dict(ATTRS), "specializations": {"security": 1}}}
    )
    return game_from_dict(data)


def test_rounds_players_take_the_first_turn_by_default():
    g = game()
    assert board(g).to_go == "players"
    with pytest.raises(IllegalAction, match=r"sides alternate.*\[alternating turns\]"):
        g.push_line("turn gob")
    play(g, "turn kai")
    assert g.state.clock.active == "kai" and board(g).acted == ["kai"]


def test_rounds_sides_alternate_and_the_other_side_picks():
    g = game()
    events = play(g, "turn kai", "next")
    assert g.state.clock.active is None and board(g).to_go == "gm"
    assert "The GM's side picks who acts next: Gob, Boss" in events
    with pytest.raises(IllegalAction, match=r"\[alternating turns\]"):
        g.push_line("turn ava")
    play(g, "turn boss")
    assert g.state.clock.active == "boss"


def test_rounds_every_able_character_takes_one_turn_then_a_new_round_begins():
    g = game()
    play(g, "turn kai", "next", "turn gob")
    events = play(g, "next")  # only Ava is left for the players: her turn starts (auto_pick)
    assert g.state.clock.active == "ava" and "Ava's turn: one Major and one Minor Action" in events
    play(g, "next")
    assert g.state.clock.active == "boss"
    events = play(g, "next")
    assert g.state.clock.round == 2 and board(g).acted == [] and board(g).to_go == "players"
    assert any(t.startswith("Round 2 begins: the players pick") for t in events)
    assert g.state.clock.active is None  # a new round waits for the pick


def test_rounds_no_one_acts_twice_a_round():
    g = game()
    play(g, "turn kai", "next", "turn gob")
    with pytest.raises(IllegalAction, match=r"Kai has already acted in round 1; no one acts twice a round \[one turn a round\]"):
        g.push_line("turn kai")


def test_rounds_when_one_side_runs_out_the_other_finishes():
    g = game(drop=["ava"])
    events = play(g, "turn kai", "next", "turn gob", "next")
    assert "The players have no one left to act: the GM's side finishes the round" in events
    assert g.state.clock.active == "boss"  # the GM's last character goes at once
    play(g, "next")
    assert g.state.clock.round == 2


def test_rounds_next_with_several_choices_asks_for_a_pick():
    g = game(units_conflict={"ava": {"attributes": {**ATTRS, "daring": 10}}})  # a tie for the best Daring
    with pytest.raises(IllegalAction, match=r"the players pick who acts: turn kai / turn ava \[alternating turns\]"):
        g.push_line("next")


def test_rounds_defeated_characters_take_no_turns():
    g = game()
    play(g, "cond ava Defeated")
    with pytest.raises(IllegalAction, match=r"Ava is Defeated and takes no actions until revived \[Defeated\]"):
        g.push_line("turn ava")
    play(g, "turn kai", "next", "turn gob", "next")  # the players have no one else: the GM's side finishes
    assert g.state.clock.active == "boss"


def test_rounds_ambush_gives_the_opposition_the_opening():
    g = game(conflict={"opening": "gm"})
    assert board(g).to_go == "gm"
    with pytest.raises(IllegalAction, match=r"\[alternating turns\]"):
        g.push_line("turn kai")
    play(g, "turn gob", "next", "turn kai")
    assert g.state.clock.active == "kai"


def test_rounds_gm_spends_1_threat_to_seize_the_opening():
    g = game()
    events = play(g, "seize boss")
    assert g.state.pools["threat"] == 4 and g.state.clock.active == "boss" and board(g).seized
    assert "Threat 5 -> 4 (the GM seizes the opening)" in events
    with pytest.raises(IllegalAction, match=r"settled before anyone acts in the round \[the opening\]"):
        g.push_line("seize gob")


def test_rounds_seize_needs_threat_and_an_npc():
    g = game(pools={"momentum": 0, "threat": 0})
    with pytest.raises(IllegalAction, match=r"costs 1 Threat; the GM has 0 \[the opening\]"):
        g.push_line("seize gob")
    with pytest.raises(IllegalAction, match=r"on the players' side \[the opening\]"):
        g.push_line("seize kai free")
    play(g, "seize gob free")  # the situation hands it over: no Threat
    assert g.state.pools["threat"] == 0 and g.state.clock.active == "gob"


def test_rounds_later_rounds_open_with_the_players_and_paid_seizing_is_for_the_opening():
    g = game()
    play(g, "turn kai", "next", "turn gob", "next", "next", "next")
    assert g.state.clock.round == 2 and board(g).to_go == "players"
    with pytest.raises(IllegalAction, match=r"house rule seize_each_round.*\[the opening\]"):
        g.push_line("seize gob")
    play(g, "seize gob free")
    assert g.state.clock.active == "gob"
    g2 = game(house_rules={"conflict": {"seize_each_round": True}})
    play(g2, "turn kai", "next", "turn gob", "next", "next", "next", "seize boss")
    assert g2.state.pools["threat"] == 4


def test_keep_the_initiative_costs_2_momentum_and_the_ally_passes_to_the_opposition():
    g = third_crew(pools={"momentum": 3, "threat": 5})
    events = play(g, "turn kai", "keep ava")
    assert g.state.clock.active == "ava" and board(g).turn.kept
    assert "Momentum 3 -> 1 (Kai Keeps the Initiative)" in events
    with pytest.raises(IllegalAction, match=r"Ava was handed this turn and must pass play to the opposition \[Keep the Initiative\]"):
        g.push_line("keep zed")
    play(g, "next")
    assert board(g).to_go == "gm"


def test_keep_the_initiative_needs_the_momentum_and_an_ally():
    g = third_crew()
    play(g, "turn kai")
    with pytest.raises(IllegalAction, match=r"costs 2 Momentum; the pool holds 0 \[the Momentum pool\]"):
        g.push_line("keep ava")
    g = third_crew(pools={"momentum": 2, "threat": 5})
    play(g, "turn kai")
    with pytest.raises(IllegalAction, match=r"an ally of Kai, not Gob \[Keep the Initiative\]"):
        g.push_line("keep gob")


def test_keep_the_initiative_gm_pays_2_threat():
    g = game(conflict={"opening": "gm"})
    events = play(g, "turn gob", "keep boss")
    assert g.state.pools["threat"] == 3 and g.state.clock.active == "boss"
    assert "Threat 5 -> 3 (Gob Keeps the Initiative)" in events
    play(g, "next")
    assert board(g).to_go == "players"


def test_keep_is_refused_when_the_other_side_has_run_out():
    g = third_crew(pools={"momentum": 4, "threat": 5}, drop=["boss"])
    play(g, "turn kai", "next", "next", "turn ava")  # Gob goes alone; then the GM has no one left
    with pytest.raises(IllegalAction, match=r"the GM's side has no one left to act this round.*\[Keep the Initiative\]"):
        g.push_line("keep zed")


def test_rounds_turn_ends_the_running_turn_first():
    g = game()
    events = play(g, "turn kai", "turn boss")
    assert "Kai's turn ends" in events and g.state.clock.active == "boss"
    assert board(g).acted == ["kai", "boss"]
