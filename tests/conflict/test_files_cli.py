"""The conflict sections of the file, validated; the bundled encounters through
validate, apply and replay --json; the starter written by new."""

from __future__ import annotations

import json
import shutil

import pytest
from typer.testing import CliRunner

from gm_console.cli import app
from gm_console.files import load_encounter
from gm_console.files.encounter_io import EncounterFileError, dumps_encounter, loads_encounter
from tests.conftest import ENCOUNTERS, game_from_dict

from .helpers import doc

RUNNER = CliRunner()
BUNDLED = sorted(ENCOUNTERS.glob("conflict-*.toml"))


def test_there_are_at_least_two_bundled_conflict_encounters():
    assert len(BUNDLED) >= 2
    assert ENCOUNTERS / "conflict-worked-example.toml" in BUNDLED


@pytest.mark.parametrize("path", BUNDLED, ids=[p.name for p in BUNDLED])
def test_bundled_conflict_encounters_validate(path):
    result = RUNNER.invoke(app, ["validate", str(path)])
    assert result.exit_code == 0, result.output


def test_replay_json_shows_the_conflict_board():
    result = RUNNER.invoke(app, ["replay", str(ENCOUNTERS / "conflict-worked-example.toml"), "--json"])
    assert result.exit_code == 0
    data = json.loads(result.output)
    b = data["boards"]["conflict"]
    assert b["acted"] == ["hostile"] and b["to_go"] == "gm" and b["pending"] == []
    assert b["chars"]["scout"]["stress_max"] == 8
    scout = next(u for u in data["units"] if u["id"] == "scout")
    assert scout["stats"]["stress"] == 3
    assert data["pools"] == {"momentum": 0, "threat": 3}
    assert data["house_rules"]["conflict.momentum_cap"] == 6
    result = RUNNER.invoke(app, ["replay", str(ENCOUNTERS / "conflict-worked-example.toml"), "--json", "--to", "2"])
    b = json.loads(result.output)["boards"]["conflict"]
    assert b["pending"][0]["adjusted"] == 3 and b["pending"][0]["target"] == "scout"


def test_apply_plays_a_turn_headlessly_and_saves(tmp_path):
    path = tmp_path / "relay.toml"
    shutil.copy(ENCOUNTERS / "conflict-relay-station.toml", path)
    result = RUNNER.invoke(app, ["apply", str(path), "turn rhea", "stride rhea corridor near=raider1", "attack rhea raider1 field-sidearm stun buy=1 [2,3,4]", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["applied"][-1]["action"] == "attack rhea raider1 field-sidearm stun buy=1 [2,3,4]"
    game = load_encounter(path)
    assert game.lines()[-1] == "attack rhea raider1 field-sidearm stun buy=1 [2,3,4]"
    assert game.state.boards["conflict"].pending[0].target == "raider1"
    bad = RUNNER.invoke(app, ["apply", str(path), "next"])
    assert bad.exit_code == 1 and "resolving a hit" in bad.output


def test_the_starter_is_a_valid_conflict_encounter(tmp_path):
    path = tmp_path / "x.toml"
    result = RUNNER.invoke(app, ["new", str(path), "--system", "conflict"])
    assert result.exit_code == 0, result.output
    game = load_encounter(path)
    assert game.state.boards["conflict"].chars["hero"].tier == "main"
    assert game.state.pools == {"momentum": 0, "threat": 2}
    game.push_line("turn hero")
    game.push_line("attack hero foe field-sidearm stun [1,1]")


@pytest.mark.parametrize(
    "change, message",
    [
        ({"pools": {"momentum": 0}}, "pools.threat: the conflict system needs this pool"),
        ({"units_conflict": {"kai": {"tier": "boss"}}}, "units[0].conflict.tier: expected one of 'main', 'supporting'"),
        ({"units_conflict": {"kai": {"attributes": {"daring": "ten"}}}}, "units[0].conflict.attributes.daring: expected an integer"),
        ({"units_conflict": {"kai": {"near": ["gob"]}}}, "units[0].conflict.near[0]: 'gob' is not in the same zone"),
        ({"units_conflict": {"kai": {"wepons": []}}}, "units[0].conflict.wepons: unknown key 'wepons' (did you mean 'weapons'?)"),
        ({"conflict": {"opening": "ambush"}}, "conflict.opening: expected one of 'players', 'gm'"),
        ({"conflict": {"first": "nobody"}}, "conflict.first: unknown unit 'nobody'"),
        ({"conflict": {"weapons": {"gun": {"name": "Gun", "kind": "laser", "severity": 9}}}}, "conflict.weapons.gun.kind"),
        ({"conflict": {"hazards": [{"id": "x", "mode": "chronic", "severity": 2}]}}, "conflict.hazards[0].mode"),
        ({"house_rules": {"conflict": {"momentum_cap": 0}}}, "house_rules.conflict.momentum_cap: expected an integer from 1 to 99"),
        ({"pools": {"momentum": 7, "threat": 0}}, "pools.momentum: the Momentum pool holds 0 to 6 (house rule momentum_cap)"),
    ],
)
def test_the_conflict_sections_are_validated(change, message):
    with pytest.raises(EncounterFileError) as info:
        game_from_dict(doc(**change))
    assert message in str(info.value)


def test_replay_of_a_saved_file_equals_live_play():
    from .helpers import game, play

    g = game(pools={"momentum": 3, "threat": 4})
    play(g, "turn kai", "stride kai hall near=gob", "attack kai gob stun-baton [3,4,15,16]", "spend kai severity", "suffer gob",
         "next", "attack boss kai carbine deadly [1,1]", "avoid kai", "next")
    again = loads_encounter(dumps_encounter(g))
    assert again.state.to_json() == g.state.to_json()
    assert again.lines() == g.lines()


def test_apply_json_and_replay_json_give_one_and_the_same_state(tmp_path):
    """Issue 13: apply --json printed a thinner state than replay --json; both now print the documented state JSON."""
    path = tmp_path / "relay.toml"
    shutil.copy(ENCOUNTERS / "conflict-relay-station.toml", path)
    applied = json.loads(RUNNER.invoke(app, ["apply", str(path), "turn rhea", "--json"]).output)["state"]
    replayed = json.loads(RUNNER.invoke(app, ["replay", str(path), "--json"]).output)
    assert applied == replayed
    for key in ("json_version", "index", "last_action", "boards", "house_rules", "house_rules_departing"):
        assert key in applied, key
    assert applied["last_action"] == "turn rhea"

