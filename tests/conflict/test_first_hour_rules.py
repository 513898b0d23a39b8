"""Issue 27, "Rules": the turn order and the hints as a GM meets them in the
first hour. Each test names the sentence of conflict-and-personal-combat.md it
holds (``C<line>.<sentence>``, as in the rules-coverage table) and failed
before the fix it came with:

- C15.4 (a character gets one turn a round, no more): ``turn X`` for the
  unit whose turn is running ended that turn unused and, at a round's end,
  gave X the next round's opening; mid-round it was refused as "has already
  acted".
- C11.2 (the obvious opener opens; failing one, the player character of
  highest Daring does):
  with a tie any player character was accepted, a lower-Daring one too; the
  pane and the status line listed every player character while only one was
  accepted; the GM could name the clear choice only in the file.
- C128.1 (Minor NPCs have no Stress) and C13.4 with house rule
  ``seize_each_round``: the log and the pane offered ``avoid`` for a Minor NPC
  and ``seize UNIT`` (paid) in round 2, both refused when typed.
"""

from __future__ import annotations

import pytest

import gm_console.core.systems.conflict.view as cv
from gm_console.core.errors import IllegalAction
from gm_console.core.playerview import player_document
from gm_console.core.system import get_system
from gm_console.files import load_encounter
from tests.conftest import ENCOUNTERS, game_from_dict

from .helpers import ATTRS, board, doc, game, play

RELAY = ENCOUNTERS / "conflict-relay-station.toml"
ISSUE_27 = [
    "turn rhea", "attack rhea raider1 field-sidearm stun [2,5]", "suffer raider1", "next", "turn raider2", "next",
    "turn tomas", "next", "next",
]  # fmt: skip


def status(g) -> str:
    return get_system("conflict").describe_turn(g.state)


def tied_crew(**extra):
    """Kai and Ava tied at Daring 10, Zed at 9."""
    data = doc(units_conflict={"ava": {"attributes": {**ATTRS, "daring": 10}}}, **extra)
    data["units"].append(
        {"id": "zed", "name": "Zed", "side": "crew", "zone": "bay",
         "conflict": {"attributes": {**ATTRS, "daring": 9}, "specializations": {"security": 1}}}
    )  # fmt: skip
    return game_from_dict(data)


# ------------------------------------------------------------ C15.4: a running turn is not started again


def test_C15_4_turn_for_the_unit_whose_turn_is_running_is_refused_as_already_running():
    """The issue's reproduction: the last next started Ilse's turn (auto_pick); turn ilse
    used to end it unused, start round 2 and hand Ilse its opening."""
    g = load_encounter(RELAY)
    for line in ISSUE_27:
        g.push_line(line)
    assert g.state.clock.active == "ilse" and g.state.clock.round == 1
    size = len(g.log)
    with pytest.raises(IllegalAction, match=r"^Ilse \(tech\)'s turn is already running \(next ends it\) \[one turn a round\]$"):
        g.push_line("turn ilse")
    assert len(g.log) == size and g.state.clock.active == "ilse" and g.state.clock.round == 1
    play(g, "next")  # the turn ends as next ends it: round 2 opens with the players' pick
    assert g.state.clock.round == 2 and g.state.clock.active is None


def test_C15_4_mid_round_the_refusal_gives_the_running_turn_as_the_reason():
    """It used to say "Kai has already acted in round 1" while Kai's turn was running."""
    g = game()
    play(g, "turn kai")
    with pytest.raises(IllegalAction, match=r"^Kai's turn is already running \(next ends it\) \[one turn a round\]$"):
        g.push_line("turn kai")
    assert not g.is_legal(g.parse("turn kai"))
    play(g, "next", "turn gob", "next")  # Ava's turn starts (the players' last)
    with pytest.raises(IllegalAction, match=r"Kai has already acted in round 1"):
        g.push_line("turn kai")  # a turn that is over: that reason stands


# ------------------------------------------------------------ C11.2: who opens round 1


def test_C11_2_a_tie_for_the_highest_daring_leaves_the_pick_among_the_tied_only():
    g = tied_crew()
    with pytest.raises(
        IllegalAction,
        match=r"^Kai and Ava are tied for the highest Daring \(10\): the players pick one of them to open round 1; "
        r"turn kai / turn ava \(if Zed is the clear choice: turn zed clear\) \[the opening\]$",
    ):
        g.push_line("turn zed")
    with pytest.raises(IllegalAction, match=r"the players pick who acts: turn kai / turn ava \[alternating turns\]"):
        g.push_line("next")
    play(g, "turn ava")
    assert g.state.clock.active == "ava"


def test_C11_2_the_pane_and_the_status_line_show_exactly_who_may_open():
    g = load_encounter(RELAY)  # first = "rhea": the clear choice
    assert status(g) == "Rhea Okonkwo opens: the clear choice ([conflict] first)"
    assert cv.round_facts(g.state).waiting == ("rhea",)
    g = game()  # Kai's Daring 10 over Ava's 9
    assert status(g) == "Kai opens: the player character with the highest Daring (10)"
    assert cv.round_facts(g.state).waiting == ("kai",)
    g = tied_crew()
    assert status(g) == "the players pick: Kai, Ava (tied for the highest Daring)"
    assert cv.round_facts(g.state).waiting == ("kai", "ava")
    assert [u["id"] for u in player_document(g)["next"]] == ["kai", "ava"]  # the player view too
    play(g, "turn kai", "next")  # after the opening the pick is free again
    assert cv.round_facts(g.state).waiting == ("gob", "boss")


def test_C11_2_the_gm_names_the_clear_choice_at_the_table():
    g = load_encounter(RELAY)  # the file names Rhea; at the table the GM rules Ilse is the clear choice
    assert g.parse("turn ilse clear").notation() == "turn ilse clear"
    assert g.parse(g.parse("turn ilse clear").notation()) == g.parse("turn ilse clear")
    assert "turn ilse clear" in [a.notation() for a in g.legal_actions()]
    events = [e.text for e in g.push_line("turn ilse clear")]
    assert events[0] == "Ilse (tech) opens: the clear choice, as the GM names it" and g.state.clock.active == "ilse"
    assert g.lines()[-1] == "turn ilse clear"
    g = game()
    play(g, "turn kai", "next", "turn gob", "next", "next", "next")  # round 2
    with pytest.raises(IllegalAction, match=r"the clear choice opens round 1, before anyone acts; round 2 is under way \(turn kai without clear\) \[the opening\]"):
        g.push_line("turn kai clear")
    with pytest.raises(IllegalAction, match=r"sides alternate"):
        game().push_line("turn gob clear")  # the players have the opening: an NPC is not theirs to name


# ------------------------------------------------------------ hints offer only what the console takes


def test_C128_1_a_hit_on_a_minor_npc_offers_suffer_only_in_the_log_the_refusal_and_the_pane():
    g = game()
    events = play(g, "turn kai", "attack kai gob field-sidearm stun [3,4]")
    assert "Gob faces a Stun Injury of Severity 4: suffer gob" in events
    with pytest.raises(IllegalAction, match=r"\(suffer gob\) \[resolving a hit\]"):
        g.push_line("next")
    assert cv.answers(g.state, g.rules, "gob") == ("suffer gob",)
    assert not g.is_legal(g.parse("avoid gob"))
    from gm_console.ui.render.conflict import header_lines

    assert any(line.plain.startswith("⚠ suffer gob: Gob faces Stun 4") for line in header_lines(g.state, g.rules, 120))


def test_each_answer_offered_is_legal_and_each_left_out_is_not():
    g = game(conflict={"opening": "gm"})
    play(g, "turn boss", "attack boss kai carbine [1,1]")
    assert cv.answers(g.state, g.rules, "kai") == ("avoid kai", "suffer kai")
    play(g, "avoid kai", "next", "turn kai", "attack kai boss field-sidearm stun [1,1]")
    offered = cv.answers(g.state, g.rules, "boss")
    assert offered == ("avoid boss", "avoid boss threat", "suffer boss")  # a Notable NPC: Stress, or Threat once a scene
    for line in ("avoid boss", "avoid boss threat", "suffer boss"):
        assert g.is_legal(g.parse(line)) == (line in offered)


def test_C13_4_a_later_round_offers_only_the_seize_its_house_rule_allows():
    g = game(drop=["ava"])
    events = play(g, "turn kai", "next", "turn gob", "next", "next")  # round 2: Kai is the players' only one
    line = "Kai is the only one of the players who can go: next starts the turn, unless the situation hands the GM's side the opening (seize UNIT free)"
    assert line in events
    assert not g.is_legal(g.parse("seize gob")) and g.is_legal(g.parse("seize gob free"))
    g = game(drop=["ava"], house_rules={"conflict": {"seize_each_round": True}})
    events = play(g, "turn kai", "next", "turn gob", "next", "next")
    assert any(t.endswith("unless the GM's side seizes the opening first (seize UNIT, 1 Threat)") for t in events)
    assert g.is_legal(g.parse("seize gob"))
    assert board(g).to_go == "players"
