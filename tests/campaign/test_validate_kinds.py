"""`gm-console validate` checks a party or library file as what it is (by its
`kind`), not as an encounter (it used to report missing sides and an unknown
key 'kind' for the example campaign's own party file)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from gm_console.cli import app

ROOT = Path(__file__).resolve().parents[2]
CAMPAIGN = ROOT / "encounters" / "campaign"


def test_the_example_campaigns_party_and_bestiary_validate_as_what_they_are():
    result = CliRunner().invoke(app, ["validate", str(CAMPAIGN / "party.toml"), str(CAMPAIGN / "bestiary.toml")])
    assert result.exit_code == 0, result.output


def test_a_bad_party_file_names_its_key_path_and_line(tmp_path):
    bad = tmp_path / "party.toml"
    bad.write_text('format = 1\nkind = "party"\ntitle = "x"\nsystems = ["conflict"]\n[[units]]\nid = "a"\nbogus = 1\n')
    result = CliRunner().invoke(app, ["validate", str(bad)])
    assert result.exit_code == 1
    assert "line 7: units[0].bogus: unknown key 'bogus'" in result.output
    assert "sides" not in result.output  # not checked as an encounter
