"""The gm-console command line, run in-process with typer's CliRunner."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from gm_console.cli import app
from gm_console.files import load_encounter
from tests.test_files import GOOD

runner = CliRunner()


@pytest.fixture
def fight(tmp_path):
    path = tmp_path / "fight.toml"
    path.write_text(GOOD)
    return path


def test_help_lists_every_command():
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0
    for command in ("open", "validate", "apply", "replay", "rules", "new"):
        assert command in result.output


def test_help_gives_each_command_its_whole_summary():
    """Not click's cut at the first sentence or the line's width."""
    output = " ".join(runner.invoke(app, ["--help"]).output.split())
    assert "apply Apply ACTIONS to FILE headlessly and save. An illegal action: exit 1, nothing written." in output
    assert "validate Check encounter, party and library files; exit 0 when all are valid, 1 listing every problem otherwise." in output
    assert "carry Write a fight's consequences (Injuries, Stress, Traits, Kennel, death) to its party file (docs/campaign.md)." in output


@pytest.mark.parametrize("command", ["open", "validate", "apply", "replay", "rules", "new"])
def test_every_command_has_help(command):
    result = runner.invoke(app, [command, "--help"])
    assert result.exit_code == 0 and "Usage" in result.output


def test_validate_ok_and_bad(fight, tmp_path):
    assert runner.invoke(app, ["validate", str(fight)]).exit_code == 0
    bad = tmp_path / "bad.toml"
    bad.write_text(GOOD.replace("zone = \"deck\", stats", "zoen = \"deck\", stats"))
    result = runner.invoke(app, ["validate", str(fight), str(bad)])
    assert result.exit_code == 1
    assert "units[0].zoen: unknown key 'zoen' (did you mean 'zone'?)" in result.output


def test_validate_json_report(fight, tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("format = 1\n")
    result = runner.invoke(app, ["validate", "--json", str(fight), str(bad)])
    report = json.loads(result.output)
    assert result.exit_code == 1 and report["ok"] is False
    assert report["files"][str(fight)] == {"ok": True, "problems": []}
    assert len(report["files"][str(bad)]["problems"]) >= 2  # title, systems, sides are all missing


def test_apply_saves_the_resolved_actions(fight):
    result = runner.invoke(app, ["apply", str(fight), "set gob hp 1", "roll 2d20"])
    assert result.exit_code == 0, result.output
    game = load_encounter(fight)
    assert game.lines()[1] == "set gob hp 1" and game.lines()[2].startswith("roll 2d20 [")
    assert (fight.parent / "fight.toml.bak").read_text() == GOOD


def test_apply_illegal_action_exits_1_and_writes_nothing(fight):
    before = fight.read_bytes()
    result = runner.invoke(app, ["apply", str(fight), "set gob hp 1", "move gob nowhere"])
    assert result.exit_code == 1
    assert "action 2 ('move gob nowhere'): unknown zone 'nowhere'" in result.output
    assert "nothing was saved" in result.output
    assert fight.read_bytes() == before
    assert not (fight.parent / "fight.toml.bak").exists()


def test_apply_out_leaves_the_original(fight, tmp_path):
    out = tmp_path / "after.toml"
    result = runner.invoke(app, ["apply", str(fight), "set gob hp 1", "--out", str(out), "--json"])
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["applied"][0]["action"] == "set gob hp 1"
    assert fight.read_text() == GOOD and load_encounter(out).state.units["gob"].stats["hp"] == 1


def test_replay_json_is_the_documented_shape(fight):
    runner.invoke(app, ["apply", str(fight), "next", "cond kai Dazed for=2t"])
    result = runner.invoke(app, ["replay", str(fight), "--json"])
    data = json.loads(result.output)
    assert set(data) == {
        "json_version", "title", "systems", "log_length", "index", "last_action",
        "clock", "pools", "sides", "zones", "units", "boards", "house_rules", "house_rules_departing",
    }
    assert data["log_length"] == 3 and data["index"] == 3
    assert data["clock"] == {"round": 1, "turn": 1, "tick": 0, "active": "kai", "phase": ""}
    kai = next(u for u in data["units"] if u["id"] == "kai")
    assert kai == {
        "id": "kai", "name": "kai", "side": "pcs", "zone": "deck", "stats": {"hp": 7},
        "traits": [], "items": [], "conditions": [{"name": "Dazed", "remaining": 2, "per": "turn"}],
    }


def test_replay_to_n(fight):
    runner.invoke(app, ["apply", str(fight), "set kai hp 1"])
    data = json.loads(runner.invoke(app, ["replay", str(fight), "--to", "1", "--json"]).output)
    assert data["index"] == 1 and next(u for u in data["units"] if u["id"] == "kai")["stats"]["hp"] == 7
    result = runner.invoke(app, ["replay", str(fight), "--to", "9"])
    assert result.exit_code == 1 and "the log has 2 actions" in result.output


def test_replay_for_people(fight):
    result = runner.invoke(app, ["replay", str(fight)])
    assert result.exit_code == 0 and "after 1 of 1 actions" in result.output and "kai" in result.output


def test_rules_lookup(fight):
    result = runner.invoke(app, ["rules", "notation"])
    assert result.exit_code == 0 and "Action notation" in result.output
    result = runner.invoke(app, ["rules", "roll", "--json"])
    titles = [e["title"] for e in json.loads(result.output)]
    assert "roll (action)" in titles
    assert runner.invoke(app, ["rules", "xyzzyplugh"]).exit_code == 1


def test_new_writes_a_valid_starter(tmp_path):
    path = tmp_path / "mine.toml"
    result = runner.invoke(app, ["new", str(path)])
    assert result.exit_code == 0, result.output
    assert load_encounter(path).setup.title == "mine"
    again = runner.invoke(app, ["new", str(path)])
    assert again.exit_code == 1 and "exists" in again.output
    unknown = runner.invoke(app, ["new", str(tmp_path / "x.toml"), "--system", "ctbb"])
    assert unknown.exit_code == 1 and "unknown system 'ctbb'" in unknown.output


def test_open_a_missing_file_says_so(tmp_path):
    result = runner.invoke(app, [str(tmp_path / "nope.toml")])
    assert result.exit_code == 1 and "no such file" in result.output


def test_open_an_invalid_file_lists_problems(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("format = 1\ntitle = 'x'\n")
    result = runner.invoke(app, [str(bad)])
    assert result.exit_code == 1 and "sides: missing required key" in result.output
