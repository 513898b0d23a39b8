"""``gm-console forecast``: the figures for every bundled encounter, the JSON,
the what-if beside, the saved example fight, the file left as it was."""

from __future__ import annotations

import glob
import json
import shutil

import pytest
from typer.testing import CliRunner

from gm_console.cli import app
from gm_console.core.forecast import plan_of
from gm_console.files import load_encounter
from gm_console.forecast import example, make_job

runner = CliRunner()
ENCOUNTERS = sorted(glob.glob("encounters/*.toml"))


def forecast(*args: str) -> dict:
    result = runner.invoke(app, ["forecast", *args, "--json", "--workers", "1"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


@pytest.mark.parametrize("path", ENCOUNTERS)
def test_every_bundled_encounter_forecasts_from_the_command_line(path, tmp_path):
    copy = tmp_path / "fight.toml"
    shutil.copy(path, copy)
    before = copy.read_bytes()
    data = forecast(str(copy), "--runs", "3")
    assert data["ok"] and data["forecast"]["fights"] == 3 and data["forecast"]["complete"]
    assert set(data["forecast"]["sides"]) == set(load_encounter(copy).state.sides)
    assert copy.read_bytes() == before  # a forecast never changes the encounter file
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fight.toml"]  # nor leaves a .bak


def test_the_table_names_the_sides_and_the_fights_played():
    result = runner.invoke(app, ["forecast", "encounters/ctb-training-yard.toml", "--runs", "5", "--workers", "1"])
    assert result.exit_code == 0, result.output
    assert "How it ends" in result.output and "win: Cadets" in result.output and "5 of 5" in result.output


def test_a_what_if_is_forecast_beside_the_current_one():
    data = forecast("encounters/ctb-causeway-ambush.toml", "--runs", "20", "--what-if", "remove warlord")
    assert data["what_if"]["what_if"] == ["remove warlord"] and data["forecast"]["what_if"] == []
    assert data["what_if"]["sides"]["cadets"]["win"]["p"] > data["forecast"]["sides"]["cadets"]["win"]["p"]


def test_another_file_is_forecast_beside(tmp_path):
    data = forecast("encounters/ctb-training-yard.toml", "--runs", "4", "--compare", "encounters/ctb-causeway-ambush.toml")
    assert data["what_if"]["fights"] == 4 and "warlord" in data["what_if"]["units"]


def test_a_policy_is_chosen_per_side():
    data = forecast("encounters/ctb-causeway-ambush.toml", "--runs", "4", "--policy", "cadets=breaker")
    assert data["forecast"]["policies"] == {"cadets": "breaker"}


@pytest.mark.parametrize("args, words", [
    (["--policy", "cadets"], "write SIDE=NAME"),
    (["--policy", "cadets=nonsense"], "no policy 'nonsense'"),
    (["--from", "99"], "the log has 0 actions"),
    (["--what-if", "remove nobody"], "what-if 'remove nobody'"),
])  # fmt: skip
def test_bad_options_are_refused_with_the_reason(args, words):
    result = runner.invoke(app, ["forecast", "encounters/ctb-causeway-ambush.toml", "--runs", "2", "--json", *args])
    assert result.exit_code == 1
    assert words in " ".join(json.loads(result.output)["errors"])


@pytest.mark.parametrize("path", ENCOUNTERS)
def test_a_saved_example_fight_replays_to_the_same_end(path, tmp_path):
    out = tmp_path / "example.toml"
    data = forecast(path, "--runs", "2", "--save-example", str(out))
    fight, played = example(make_job(load_encounter(path), seed=0), 0)  # the fight the command saved (seed 0)
    assert data["example"].startswith(fight.end)
    replayed = load_encounter(out)  # replayed through the engine, as any encounter opens
    assert replayed.lines() == played.lines()
    assert replayed.state.to_json() == played.state.to_json()
    ctx = replayed.context()
    assert plan_of(replayed).tally(replayed.state, ctx).marks == fight.tally.marks
    assert replayed.lines()[: len(load_encounter(path).log)] == load_encounter(path).lines()
