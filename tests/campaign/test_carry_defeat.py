"""Issue 27, "Dying carried as healthy": a character a fight leaves Defeated and
Dying used to start the next fight on their feet after ``gm-console carry``
(the README's own campaign did it to Rhea). The sentences of
conflict-and-personal-combat.md these tests hold, each of which failed before:

- C98.2 / C111.2: a Defeated character takes no actions; First Aid (success)
  ends Defeat: a carried Defeated character opens the next fight Defeated.
- C101: Defeat with an untreated Deadly Injury means Dying, and death when the
  scene closes unless someone stabilizes them.
- C103.2: a cysuit buys a Dying wearer two scenes (this one and the next): a
  carried fight's scene has ended, so one scene of grace is left (the next
  fight), and none left is death.
- C103.5: automatic stabilization does not remove Defeat.

A table that wants otherwise sets house rule ``conflict.carry_defeat = "revived"``
(marked as departing from the text)."""

from __future__ import annotations

import json
import shutil

import pytest
from typer.testing import CliRunner

import gm_console.core.systems.conflict.view as cv
from gm_console.cli import app
from gm_console.core.carry import persistent
from gm_console.core.errors import IllegalAction
from gm_console.files import load_encounter
from gm_console.files.party import carry, load_party
from tests.campaign.test_flow import FIGHT_1
from tests.conftest import ENCOUNTERS

runner = CliRunner()


def fight_one(tmp_path, lines=FIGHT_1, house_rules: str = ""):
    folder = tmp_path / "c"
    shutil.copytree(ENCOUNTERS / "campaign", folder)
    one = folder / "1-relay-breach.toml"
    if house_rules:
        one.write_text(one.read_text() + f"\n[house_rules.conflict]\n{house_rules}\n")
    result = runner.invoke(app, ["apply", str(one), *lines])
    assert result.exit_code == 0, result.output
    return folder


def carried_output(folder) -> str:
    result = runner.invoke(app, ["carry", str(folder / "1-relay-breach.toml")])
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split())


def test_C101_C103_5_the_readmes_rhea_is_carried_defeated_and_dying_and_the_carry_says_why(tmp_path):
    folder = fight_one(tmp_path)
    out = carried_output(folder)
    assert (
        "rhea: conflict.defeated: no -> yes (Defeated and Dying until First Aid, with the untreated Deadly Injury "
        "Gashed Arm; house rule carry_defeat)"
    ) in out
    assert (
        "rhea: conflict.grace_scenes: - -> 0 (the fight's scene has ended: the cysuit keeps them alive through the "
        "next scene; without First Aid they die at its end)"
    ) in out
    rhea = load_party(folder / "party.toml").unit("rhea")["conflict"]
    assert rhea["defeated"] is True and rhea["grace_scenes"] == 0
    entry = load_party(folder / "party.toml").history[0]
    assert {"unit": "rhea", "field": "conflict.defeated", "before": False, "after": True} in entry["changes"]


def test_C98_2_C103_2_the_next_conflict_fight_opens_with_rhea_defeated_and_dying_through_that_scene_only(tmp_path):
    folder = fight_one(tmp_path)
    carry(folder / "1-relay-breach.toml")
    three = folder / "3-reactor-gallery.toml"  # the campaign's next conflict fight
    g = load_encounter(three)
    rhea = cv.character(g.state, "rhea")
    assert rhea.defeated and rhea.dying and rhea.prone and rhea.grace == 0
    with pytest.raises(IllegalAction, match=r"Rhea Okonkwo is Defeated and takes no actions until revived"):
        g.push_line("turn rhea clear")
    events = [e.text for e in g.push_line("scene")]  # no First Aid before the scene ends: the grace is spent
    assert "Rhea Okonkwo dies: Dying at the end of the scene without stabilization" in events
    g = load_encounter(three)  # First Aid revives her (C111.2); her Injury stays untreated
    for line in ("turn tomas", "stride tomas gallery near=rhea", "firstaid tomas rhea [1,1]"):
        g.push_line(line)
    rhea = cv.character(g.state, "rhea")
    assert not rhea.defeated and not rhea.dying and rhea.injuries[0].name == "Gashed Arm" and not rhea.injuries[0].treated


def test_C111_2_revived_in_the_next_fight_the_carry_writes_her_back_on_her_feet(tmp_path):
    folder = fight_one(tmp_path)
    carry(folder / "1-relay-breach.toml")
    three = folder / "3-reactor-gallery.toml"
    result = runner.invoke(app, ["apply", str(three), "turn tomas", "stride tomas gallery near=rhea", "firstaid tomas rhea [1,1]"])
    assert result.exit_code == 0, result.output
    out = " ".join(runner.invoke(app, ["carry", str(three)]).output.split())
    assert "rhea: conflict.defeated: yes -> no" in out and "rhea: conflict.grace_scenes: 0 -> -" in out
    rhea = load_party(folder / "party.toml").unit("rhea")["conflict"]
    assert rhea["defeated"] is False and "grace_scenes" not in rhea


def test_C98_2_a_defeated_character_not_dying_is_carried_defeated_too(tmp_path):
    lines = [*FIGHT_1[:-1], "cond tomas Defeated", FIGHT_1[-1]]  # Tomas is down without a Deadly Injury
    folder = fight_one(tmp_path, lines)
    out = carried_output(folder)
    assert "tomas: conflict.defeated: no -> yes (Defeated and Prone until First Aid revives them; house rule carry_defeat)" in out
    assert "tomas: conflict.grace_scenes" not in out
    g = load_encounter(folder / "3-reactor-gallery.toml")
    tomas = cv.character(g.state, "tomas")
    assert tomas.defeated and tomas.prone and not tomas.dying


def test_C101_dying_with_no_grace_left_dies_at_the_carry_and_the_carry_says_why(tmp_path):
    lines = [line if not line.startswith("suffer rhea") else 'suffer rhea name="Gashed Arm" nograce' for line in FIGHT_1]
    folder = fight_one(tmp_path, lines)
    out = carried_output(folder)
    assert "rhea: dead: no -> yes (Dying when the fight's scene ended, without stabilization; house rule carry_defeat)" in out
    assert load_party(folder / "party.toml").unit("rhea")["dead"] is True


def test_the_house_rule_revived_carries_the_fallen_on_their_feet(tmp_path):
    folder = fight_one(tmp_path, house_rules='carry_defeat = "revived"')
    data = json.loads(runner.invoke(app, ["carry", str(folder / "1-relay-breach.toml"), "--json"]).output)
    fields = {(c["unit"], c["field"]) for c in data["changes"]}
    assert ("rhea", "conflict.injuries") in fields and ("rhea", "conflict.defeated") not in fields
    g = load_encounter(folder / "3-reactor-gallery.toml")
    assert not cv.character(g.state, "rhea").defeated


def test_the_house_rule_is_listed_with_the_campaign_rules_and_departs_from_the_text():
    from gm_console.core.system import get_system

    rule = next(r for r in get_system("conflict").HOUSE_RULES if r.name == "carry_defeat")
    assert rule.default == "stays" and rule.departure("stays") is None and rule.departure("revived")
    result = runner.invoke(app, ["rules", "campaigns"])
    assert result.exit_code == 0 and "Campaigns: Defeated and Dying between fights" in result.output


def test_C105_3_a_synthetic_still_dying_when_the_carried_scene_ends_loses_its_chassis():
    from tests.conflict.helpers import game, play

    g = game(
        units_conflict={"kai": {"synthetic": True}},
        unit_keys={"kai": {"traits": ["Chassis: Survey Frame", "Backup: Aelith Archive"]}},
        conflict={"opening": "gm"},
    )
    play(g, "turn gob", "attack gob kai field-sidearm deadly [2,3]", "suffer kai nograce")
    row = persistent(g.state, g.rules, ("conflict",), "kai")
    assert not row["dead"] and row["traits"] == ["Backup: Aelith Archive", "Chassis Destroyed"]
    assert row["conflict.defeated"] is False and row["conflict.injuries"] == []
    assert "the chassis is lost" in row["notes"]["traits"]
