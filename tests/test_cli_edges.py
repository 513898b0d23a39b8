"""The command line's edges (issues 27 and 28): an action that begins with
``-`` goes after ``--`` and the usage error says so; a long line is quoted
short in an error; ``new`` into a folder that does not exist is one line."""

from __future__ import annotations

import shutil

from typer.testing import CliRunner

from gm_console.cli import app
from tests.conftest import ENCOUNTERS

runner = CliRunner()


def yard(tmp_path):
    path = tmp_path / "yard.toml"
    shutil.copy(ENCOUNTERS / "ctb-training-yard.toml", path)
    return path


def test_an_action_after_double_dash_may_begin_with_a_dash(tmp_path):
    path = yard(tmp_path)
    result = runner.invoke(app, ["apply", str(path), "--", "note -- the bridge falls", "next"])
    assert result.exit_code == 0, result.output
    assert '"note -- the bridge falls"' in path.read_text()


def test_a_dash_action_without_double_dash_says_where_it_goes(tmp_path):
    path = yard(tmp_path)
    before = path.read_text()
    result = runner.invoke(app, ["apply", str(path), "-- avoid u"])
    assert result.exit_code == 2
    assert "goes after --: gm-console apply FILE -- '-- avoid u'" in result.output
    assert path.read_text() == before


def test_a_long_refused_line_is_quoted_short(tmp_path):
    path = yard(tmp_path)
    line = "set ren hp " + "9" * 5000
    result = runner.invoke(app, ["apply", str(path), line])
    assert result.exit_code == 1
    (error,) = [row for row in result.output.splitlines() if row.startswith("error")]
    assert "(5,011 characters)" in error and len(error) < 400


def test_new_into_a_missing_folder_is_one_clear_line(tmp_path):
    result = runner.invoke(app, ["new", str(tmp_path / "no" / "such" / "x.toml"), "--system", "ctb"])
    assert result.exit_code == 1
    assert "does not exist; create it first" in result.output and "Traceback" not in result.output
    assert not (tmp_path / "no").exists()
