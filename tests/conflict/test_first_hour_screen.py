"""Issue 27, "The screen", for the zone conflict: what a GM could not see or
was told wrong. Each test failed before its fix.

- Traits carried from the party were invisible: the README's campaign leaves
  Oskar with the Trait Protection Compromised, which showed nowhere, and a hit
  on him read "Severity 4" with no reason where Rhea's said "(4 - Protection
  1: cysuit 1)". The unit shows its Traits; a hit line and an odds line name
  the source of every modifier (Protection, Traits, conditions, house rules).
- ``acted 1/5`` counted the turn still running and the Defeated and Yielded:
  it counts finished turns, out of those who can still act.
"""

from __future__ import annotations

import shutil

from typer.testing import CliRunner

import gm_console.core.systems.conflict.view as cv
from gm_console.cli import app
from gm_console.core.systems.conflict.view import Task
from gm_console.files import load_encounter
from gm_console.ui.render import conflict as draw
from tests.campaign.test_flow import FIGHT_1
from tests.conftest import ENCOUNTERS

from .helpers import game, play

runner = CliRunner()
RELAY = ENCOUNTERS / "conflict-relay-station.toml"


def third_fight(tmp_path):
    """The README's campaign: fight 1 played and carried; fight 3 loaded (Oskar carries the Trait)."""
    folder = tmp_path / "c"
    shutil.copytree(ENCOUNTERS / "campaign", folder)
    one = folder / "1-relay-breach.toml"
    for argv in (["apply", str(one), *FIGHT_1], ["carry", str(one)]):
        result = runner.invoke(app, argv)
        assert result.exit_code == 0, result.output
    return load_encounter(folder / "3-reactor-gallery.toml")


def plain(lines) -> str:
    return "\n".join(line.plain for line in lines)


def test_a_trait_carried_from_the_party_shows_on_the_unit(tmp_path):
    g = third_fight(tmp_path)
    oskar = cv.character(g.state, "oskar")
    assert oskar.traits == ("Protection Compromised",)
    assert oskar.protection == 0 and oskar.protection_parts == ("cysuit 0 under the Trait Protection Compromised",)
    detail = plain(draw.detail_lines(g.state, 72))
    assert "  Traits: Protection Compromised" in detail
    assert "oskar  main · Reactor Gallery · Protection 0 (no cysuit)" in detail
    assert "tomas  main · Reactor Gallery · Protection 1\n" in detail  # a working cysuit
    row = draw.full_row(g.state, oskar, 200).plain
    assert "Traits: Protection Compromised" in row  # the one-line rows of a crowded pane
    assert "1tr" in draw.brief_row(g.state, oskar, 40).plain  # and the two-to-a-line ones


def test_a_hit_on_a_compromised_cysuit_says_why_its_severity_is_whole(tmp_path):
    g = third_fight(tmp_path)
    play(g, "turn tomas", "next", "turn raider1")
    events = play(g, "attack raider1 oskar field-sidearm stun [1,2]")
    assert (
        "Oskar Brandt faces a Stun Injury of Severity 4 (4 - Protection 0: cysuit 0 under the Trait Protection "
        "Compromised): avoid oskar or suffer oskar"
    ) in events
    head = plain(draw.header_lines(g.state, g.rules, 300))
    assert "Oskar Brandt faces Stun 4 (Field Sidearm; 4 - Protection 0: cysuit 0 under the Trait Protection Compromised)" in head
    narrow = draw.header_lines(g.state, g.rules, 72)  # the 80x24 pane: the reason gets lines of its own, never cut bare
    assert [line.plain for line in narrow[-2:]] == ["  Severity 4: 4 - Protection 0: cysuit 0 under the Trait Protection", "    Compromised"]
    assert all(line.cell_len <= 40 for line in draw.header_lines(g.state, g.rules, 40))
    assert draw.header_lines(g.state, g.rules, 40)[-1].plain.endswith("…")
    play(g, "avoid oskar", "next", "next", "turn raider2")  # (the next starts Oskar's turn: the only one left)
    events = play(g, "attack raider2 tomas field-sidearm stun [1,2]")
    assert any("Tomas Vey faces a Stun Injury of Severity 3 (4 - Protection 1: cysuit 1)" in e for e in events)


def test_a_condition_that_compromises_the_cysuit_is_named_too():
    g = game(conflict={"first": "kai"})
    play(g, 'cond kai "Protection Compromised"', "turn kai", "next", "turn gob")
    events = play(g, "attack gob kai field-sidearm stun [1,2]")
    assert any("(4 - Protection 0: cysuit 0 under the condition Protection Compromised)" in e for e in events)


def test_the_severity_line_names_an_area_charge_spent_momentum_and_the_house_rule_cap():
    g = game(conflict={"first": "kai"}, pools={"momentum": 6, "threat": 5}, units_conflict={"kai": {"weapons": ["arc-projector"]}})
    events = play(g, "turn kai", "minor kai prepare", "attack kai gob arc-projector stun charge=area [1,1]")
    assert any("faces a Stun Injury of Severity 2 (3 -1 Area charge)" in e for e in events)
    events = play(g, "spend kai severity")
    assert any("rises to Severity 3 (3 -1 Area charge +1 spent)" in e for e in events)
    g = game(conflict={"first": "kai"}, pools={"momentum": 6, "threat": 5}, house_rules={"conflict": {"severity_above_5": "cap"}},
             units_conflict={"gob": {"weapons": ["carbine"]}})
    # a Severity past 5 is capped by a house rule, which the line names
    play(g, "turn kai", "next", "turn gob", "attack gob ava carbine deadly [1,1]")
    b = g.state.boards["conflict"]
    b.pending[0].increase = 3  # (two spends' worth and more: only the words are under test)
    assert b.pending[0].why() == "4 +3 spent - Protection 1: cysuit 1; at most 5: house rule severity_above_5"


def test_the_odds_line_names_the_source_of_every_difficulty_modifier():
    g = game(units_conflict={"kai": {"injuries": [{"name": "Sprain", "severity": 1}], "near": ["gob"]}}, conflict={"first": "kai"},
             unit_keys={"gob": {"zone": "bay"}})
    play(g, "turn kai")
    line = cv.odds(Task(unit="kai", attr="daring", spec="security", diff=1), g.state, g.context())
    assert "Difficulty 3 = 1 +1 enemy within Reach +1 untreated Injury, house rule injury_penalty)" in line
    g = game(house_rules={"conflict": {"complication_range": 2}})
    line = cv.odds(Task(unit="kai", attr="daring", spec="security", diff=1), g.state, g.context())
    assert line.endswith("(2d20 vs 12, Difficulty 1; complication 19-20: +1 house rule complication_range)")
    g = game()
    line = cv.odds(Task(unit="kai", attr="daring", spec="security", diff=1), g.state, g.context())
    assert line.endswith("(2d20 vs 12, Difficulty 1)")  # nothing changed it: nothing to name


def test_acted_counts_finished_turns_out_of_those_who_can_still_act():
    g = load_encounter(RELAY)
    assert draw.subtitle(g.state) == "acted 0/6 · scene 1"
    play(g, "turn rhea")
    assert draw.subtitle(g.state) == "acted 0/6 · scene 1"  # her turn is running, not done
    play(g, "attack rhea raider1 field-sidearm stun [2,5]", "suffer raider1")
    assert draw.subtitle(g.state) == "acted 0/5 · scene 1"  # Raider Kos is Defeated: he cannot act
    play(g, "next")
    assert draw.subtitle(g.state) == "acted 1/5 · scene 1"
    play(g, "yield raider2")
    assert draw.subtitle(g.state) == "acted 1/4 · scene 1"  # Raider Mott yielded
    facts = cv.round_facts(g.state)
    assert facts.acted == ("rhea",)
    play(g, "turn warden")
    assert draw.subtitle(g.state) == "acted 1/4 · scene 1"
    acted = next(line for line in plain(draw.extra_lines(g.state, 120)).splitlines() if line.startswith("Acted this round:"))
    assert "rhea" in acted.lower() and "warden" not in acted.lower()  # the running turn is not done
