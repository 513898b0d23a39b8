"""carry: listed first, written atomically with a .bak and one history entry;
refused twice, refused after the log changed unless --force, a dry run writes
nothing, reactor refused; party rest."""

from __future__ import annotations

import json
import shutil

import pytest
from typer.testing import CliRunner

from gm_console.cli import app
from gm_console.files.party import PartyFileError, carry, load_party, rest
from tests.campaign.test_flow import FIGHT_1
from tests.conftest import ENCOUNTERS

runner = CliRunner()


@pytest.fixture
def fought(tmp_path):
    folder = tmp_path / "c"
    shutil.copytree(ENCOUNTERS / "campaign", folder)
    result = runner.invoke(app, ["apply", str(folder / "1-relay-breach.toml"), *FIGHT_1])
    assert result.exit_code == 0, result.output
    return folder


def test_carry_twice_is_refused_with_the_reason_and_changes_nothing(fought):
    carry(fought / "1-relay-breach.toml")
    after_first = (fought / "party.toml").read_bytes()
    result = runner.invoke(app, ["carry", str(fought / "1-relay-breach.toml")])
    assert result.exit_code == 1
    assert "1-relay-breach.toml was already carried (history[0], the same log)" in result.output
    assert (fought / "party.toml").read_bytes() == after_first


def test_a_changed_log_needs_force(fought):
    one = fought / "1-relay-breach.toml"
    carry(one)
    runner.invoke(app, ["apply", str(one), "note one more line"])
    result = runner.invoke(app, ["carry", str(one), "--json"])
    assert result.exit_code == 1
    (error,) = json.loads(result.output)["errors"]
    assert "its log has changed since" in error and "--force" in error
    forced = json.loads(runner.invoke(app, ["carry", str(one), "--force", "--json"]).output)
    assert forced["written"] and forced["history_entry"]["forced"] is True and forced["changes"] == []
    assert len(load_party(fought / "party.toml").history) == 2


def test_the_same_log_under_another_name_is_refused(fought):
    carry(fought / "1-relay-breach.toml")
    shutil.copy(fought / "1-relay-breach.toml", fought / "copy.toml")
    with pytest.raises(PartyFileError, match="this log was already carried as 1-relay-breach.toml"):
        carry(fought / "copy.toml")


def test_carry_json_and_backup(fought):
    before = (fought / "party.toml").read_bytes()
    data = json.loads(runner.invoke(app, ["carry", str(fought / "1-relay-breach.toml"), "--json"]).output)
    assert data["ok"] and data["written"] and not data["dry_run"]
    assert {"unit": "tomas", "field": "conflict.stress", "before": 0, "after": 3} in data["changes"]
    assert data["history_entry"]["encounter"] == "1-relay-breach.toml" and data["history_entry"]["actions"] == len(FIGHT_1)
    assert (fought / "party.toml.bak").read_bytes() == before


def test_reactor_personnel_are_not_characters(tmp_path):
    fight = tmp_path / "r.toml"
    fight.write_text((ENCOUNTERS / "reactor-worked-exchange.toml").read_text().replace('systems = ["reactor"]', 'systems = ["reactor"]\nparty = "p.toml"'))
    (tmp_path / "p.toml").write_text('format = 1\nkind = "party"\ntitle = "p"\nsystems = ["ctb"]\n')
    result = runner.invoke(app, ["carry", str(fight)])
    assert result.exit_code == 1 and "reactor Personnel are cards, not characters" in result.output


def test_no_party_named(tmp_path):
    fight = tmp_path / "f.toml"
    shutil.copy(ENCOUNTERS / "ctb-training-yard.toml", fight)
    result = runner.invoke(app, ["carry", str(fight)])
    assert result.exit_code == 1 and 'party: no party file: name it at the top of the encounter (party = "party.toml")' in result.output


def test_rest_clears_stress_as_the_text_gives_it(fought):
    carry(fought / "1-relay-breach.toml")
    party = fought / "party.toml"
    changes, skipped, written = rest(party, "breather", dry_run=True)
    assert [(c.unit, c.before, c.after) for c in changes] == [("tomas", 3, 0)] and not written
    out = runner.invoke(app, ["party", str(party), "rest", "break", "tomas"])
    assert out.exit_code == 0 and "tomas: conflict.stress: 3 -> 0" in out.output
    doc = load_party(party)
    assert doc.unit("tomas")["conflict"]["stress"] == 0 and doc.history[-1]["kind"] == "rest"
    bad = runner.invoke(app, ["party", str(party), "rest", "nap"])
    assert bad.exit_code == 1 and "unknown rest 'nap'" in bad.output


def test_a_fatigued_character_recovers_only_by_sleep(fought):
    party = fought / "party.toml"
    party.write_text(party.read_text().replace('tier = "main"\nattributes = { control = 9, daring = 10, fitness = 9', 'tier = "main"\nstress = 9\nattributes = { control = 9, daring = 10, fitness = 9'))
    changes, skipped, _ = rest(party, "break", dry_run=True)
    assert not changes and skipped == ["tomas is Fatigued: only sleep (or an ally's help) brings the Stress down"]
    changes, _, _ = rest(party, "sleep", dry_run=True)
    assert [(c.unit, c.after) for c in changes] == [("tomas", 0)]


def test_party_json(fought):
    carry(fought / "1-relay-breach.toml")
    data = json.loads(runner.invoke(app, ["party", str(fought / "party.toml"), "--json"]).output)
    rhea = data["units"][0]
    assert rhea["conflict"]["injuries"][0]["name"] == "Gashed Arm" and data["history"][0]["kind"] == "carry"
