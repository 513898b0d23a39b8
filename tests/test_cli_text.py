"""The command line prints data as written: brackets are text, never markup,
and no control character (ESC, BEL, C1, bidi overrides) in a name, a title,
a path or a message reaches the terminal, on stdout or stderr, plain or JSON.

Validation may refuse control characters in a file; these tests put them
past it (straight into the loaded game, or into a file's path), since what
gets through must still come out escaped."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import gm_console.files as files
from gm_console.cli import app
from tests.conftest import game_from_dict, minimal
from tests.test_files import GOOD

runner = CliRunner()
WIDE = {"COLUMNS": "200"}  # Rich's width when not on a terminal: room for every name on one row

NAMES = ["[/] Ren", "Goblin [Chief]", "[bold red]x[/]", "[link=file:///etc]y[/link]"]
EVIL = "Evil\x1b[31mRed\x07\u202eegde\x9b2J\x7f"
RAW = [b"\x1b", b"\x07", b"\x7f", "\u202e".encode(), "\x9b".encode(), "\u2066".encode()]


def raw_controls(data: bytes) -> list[bytes]:
    return [c for c in RAW if c in data]


def out_and_err(result) -> bytes:
    err = getattr(result, "stderr_bytes", None) or b""
    return result.stdout_bytes + err


@pytest.fixture
def evil_game(monkeypatch, tmp_path):
    """``load_encounter`` hands the CLI a game whose names carry control characters."""
    game = game_from_dict(minimal())
    game.push_line("set kai hp 7")
    game.state.units["kai"].name = EVIL
    game.state.units["gob"].name = "Goblin [Chief]"
    game.setup.data["title"] = "[bold]T[/] " + EVIL
    monkeypatch.setattr(files, "load_encounter", lambda path: game)
    path = tmp_path / "evil.toml"
    path.write_text(GOOD)
    return path


def named_file(tmp_path):
    text = GOOD.replace('title = "Bridge"', 'title = "[bold red]x[/] at the [/] gate"')
    for uid, name in zip(("kai", "gob"), NAMES):
        text = text.replace(f'{{ id = "{uid}", side', f'{{ id = "{uid}", name = "{name}", side')
    path = tmp_path / "named.toml"
    path.write_text(text)
    return path


def test_replay_json_escapes_control_characters_and_keeps_them_exact(evil_game):
    result = runner.invoke(app, ["replay", str(evil_game), "--json"])
    assert result.exit_code == 0, result.output
    assert raw_controls(out_and_err(result)) == []
    data = json.loads(result.stdout)
    assert {u["id"]: u["name"] for u in data["units"]}["kai"] == EVIL  # escaped, not lost
    assert data["title"] == "[bold]T[/] " + EVIL


def test_replay_prints_brackets_literally_and_no_control_characters(evil_game):
    result = runner.invoke(app, ["replay", str(evil_game)], env=WIDE)
    assert result.exit_code == 0, result.output
    assert raw_controls(out_and_err(result)) == []
    out = result.stdout
    assert "[bold]T[/] Evil\ufffd[31mRed\ufffd" in out  # the title, brackets and all, placeholders for the controls
    assert "Goblin [Chief]" in out and "Evil\ufffd[31mRed" in out


def test_replay_of_a_valid_file_shows_every_name_as_written(tmp_path):
    result = runner.invoke(app, ["replay", str(named_file(tmp_path))], env=WIDE)
    assert result.exit_code == 0, result.output
    assert "[bold red]x[/] at the [/] gate after 1 of 1 actions" in result.stdout
    for name in NAMES[:2]:
        assert name in result.stdout


def test_apply_prints_the_actions_and_events_as_written(tmp_path):
    path = named_file(tmp_path)
    result = runner.invoke(app, ["apply", str(path), 'rename kai "[bold red]x[/]"', 'note "[link=file:///etc]y[/link] [/]"', "-o", str(tmp_path / "out.toml")], env=WIDE)
    assert result.exit_code == 0, result.output
    assert 'rename kai "[bold red]x[/]"' in result.stdout
    assert "[/] Ren is now called [bold red]x[/]" in result.stdout
    assert "note [link=file:///etc]y[/link] [/]" in result.stdout


def test_apply_events_with_control_characters_are_cleaned(evil_game, tmp_path):
    result = runner.invoke(app, ["apply", str(evil_game), "set kai hp 3", "-o", str(tmp_path / "out.toml")], env=WIDE)
    assert result.exit_code == 0, result.output
    assert raw_controls(out_and_err(result)) == []
    assert "set kai hp 3" in result.stdout


@pytest.mark.parametrize("as_json", [False, True])
def test_validate_prints_paths_as_written_without_control_characters(tmp_path, as_json):
    good = tmp_path / "[bold]ok[red] \x1b[2J\x07.toml"
    good.write_text(GOOD)
    bad = tmp_path / "[b] bad\x1b]8;;file:\x07.toml"
    bad.write_text(GOOD.replace('zone = "deck", stats', 'zoen = "deck", stats'))
    result = runner.invoke(app, ["validate", str(good), str(bad)] + (["--json"] if as_json else []), env=WIDE)
    assert result.exit_code == 1
    both = out_and_err(result)
    assert raw_controls(both) == []
    if as_json:
        data = json.loads(result.stdout)
        assert data["files"][str(good)]["ok"] and not data["files"][str(bad)]["ok"]
    else:
        text = both.decode()
        assert "ok " + str(tmp_path) in text and "[bold]ok[red] \ufffd[2J\ufffd.toml" in text
        assert "invalid " in text and "[b] bad\ufffd]8;;file:\ufffd.toml" in text


def test_errors_print_as_written_without_control_characters(tmp_path):
    missing = tmp_path / "[red]no\x1b[2Jfile\x07.toml"
    result = runner.invoke(app, ["replay", str(missing)])
    assert result.exit_code == 1
    both = out_and_err(result)
    assert raw_controls(both) == []
    assert "[red]no\\x1b[2Jfile\\x07.toml".encode() in both  # escaped where the message is made (core.bounds.escaped)
    result = runner.invoke(app, ["replay", str(missing), "--json"])
    assert result.exit_code == 1 and raw_controls(out_and_err(result)) == []
    assert json.loads(result.stdout)["ok"] is False


def test_rules_print_an_encounters_card_titles_as_written(tmp_path):
    from tests.ui.test_markup import EVIL_REACTOR

    path = tmp_path / "reactor.toml"
    path.write_text(EVIL_REACTOR)
    result = runner.invoke(app, ["rules", "-e", str(path), "link", "etc", "card", "-n", "1"], env=WIDE)
    assert result.exit_code == 0, result.output
    assert "[link=file:///etc]y[/link] card" in result.stdout
    assert "A card called [bold]bold[/] with [/] in it." in result.stdout


def test_emoji_codes_stay_as_typed(tmp_path):
    path = named_file(tmp_path)
    result = runner.invoke(app, ["apply", str(path), 'note ":smile: [b]"', "-o", str(tmp_path / "out.toml")], env=WIDE)
    assert result.exit_code == 0, result.output
    assert "note :smile: [b]" in result.stdout
