"""A save keeps the file as the GM wrote it (issue 27, "The file stays the
GM's"): comments, key order, inline tables and arrays, blank lines and the
file's mode stay; only what play changed is written (files/as_written.py)."""

from __future__ import annotations

import re
import shutil
import stat
import tomllib
from pathlib import Path

import pytest

from gm_console.files.encounter_io import dumps_encounter, load_encounter, loads_encounter, save_encounter

ROOT = Path(__file__).resolve().parents[1]
BUNDLED = sorted((ROOT / "encounters").glob("*.toml"))
LOG_BLOCK = re.compile(r"^log = \[.*?^\]\n|^log = \[[^\n]*\]\n", re.S | re.M)

HAND_WRITTEN = {
    "ctb": '''# A hand-written CTB fight: the comments, the blank lines and the inline
# tables below must survive a save.
format = 1
title = "Yard"   # the title the status line shows
systems = ["ctb"]
seed = 7

sides = [{ id = "blue", name = "Blue", controller = "players" }, { id = "red", name = "Red" }]

[[units]]
id = "kai"     # the hero
side = "blue"
ctb = { ap_total = 12, ap = 50, hp = 40, atk = 14, weapons = [{ id = "sword", dam = 4 }] }

# the enemy
[[units]]
id = "gob"
side = "red"
ctb = { ap_total = 10, hp = 30, atk = 9, weapons = [{ id = "club", dam = 2 }] }

[house_rules.ctb]
surplus = "keep"   # as the table plays it
''',
    "conflict": (ROOT / "encounters" / "conflict-relay-station.toml").read_text(encoding="utf-8").replace(
        "[[units]]", "# a unit, as the GM wrote it\n[[units]]", 1
    ),
    "reactor": (ROOT / "encounters" / "reactor-night-shift.toml").read_text(encoding="utf-8"),
}


def without_log(text: str) -> str:
    return LOG_BLOCK.sub("", text)


def play(game, count: int = 4) -> None:
    """A few legal actions, the first the palette offers each time."""
    for _ in range(count):
        legal = game.legal_actions()
        if not legal:
            break
        game.push(legal[0])


@pytest.mark.parametrize("system", sorted(HAND_WRITTEN))
def test_a_hand_written_encounter_saved_after_play_differs_only_in_its_log(tmp_path, system):
    path = tmp_path / f"{system}.toml"
    path.write_text(HAND_WRITTEN[system], encoding="utf-8")
    path.chmod(0o644)
    game = load_encounter(path)
    play(game)
    assert game.log, "nothing was played"
    save_encounter(game, path)
    saved = path.read_text(encoding="utf-8")
    assert without_log(saved) == without_log(HAND_WRITTEN[system])  # comments, layout, order: as written
    assert tomllib.loads(saved)["log"] == game.lines()
    assert stat.S_IMODE(path.stat().st_mode) == 0o644
    assert stat.S_IMODE(path.with_name(path.name + ".bak").stat().st_mode) == 0o644
    assert load_encounter(path).state.to_json() == game.state.to_json()


@pytest.mark.parametrize("source", BUNDLED, ids=lambda p: p.name)
def test_every_bundled_encounter_keeps_its_text_through_play_and_save(tmp_path, source):
    path = tmp_path / source.name
    shutil.copy(source, path)
    game = load_encounter(path)
    play(game, 3)
    save_encounter(game, path)
    saved = path.read_text(encoding="utf-8")
    assert without_log(saved) == without_log(source.read_text(encoding="utf-8"))
    again = load_encounter(path)
    assert again.lines() == game.lines() and again.state.to_json() == game.state.to_json()


def test_a_save_with_nothing_played_gives_the_file_back_byte_for_byte(tmp_path):
    for source in BUNDLED:
        game = loads_encounter(source.read_text(encoding="utf-8"), str(source))
        assert dumps_encounter(game) == source.read_text(encoding="utf-8"), source.name


def test_undoing_every_action_takes_the_log_out_again(tmp_path):
    text = HAND_WRITTEN["ctb"]
    game = loads_encounter(text)
    play(game, 2)
    assert "log = [" in dumps_encounter(game)
    while game.log:
        game.undo()
    assert dumps_encounter(game) == text


def test_the_dice_mode_changed_in_play_is_written_and_nothing_else(tmp_path):
    text = HAND_WRITTEN["ctb"]
    game = loads_encounter(text)
    game.setup.set_dice("manual")
    saved = dumps_encounter(game)
    assert tomllib.loads(saved)["dice"] == "manual"
    assert [line for line in saved.splitlines() if line not in text.splitlines()] == ['dice = "manual"']


def test_units_brought_in_with_from_are_written_out_and_the_rest_kept(tmp_path):
    folder = tmp_path / "campaign"
    shutil.copytree(ROOT / "encounters" / "campaign", folder)
    path = folder / "1-relay-breach.toml"
    original = path.read_text(encoding="utf-8")
    game = load_encounter(path)
    game.push_line("turn rhea")
    save_encounter(game, path)
    saved = path.read_text(encoding="utf-8")
    assert saved.startswith(original.split("[[units]]")[0].split("log = ")[0][:200])  # the header comments
    assert all(line in saved for line in original.splitlines() if line.startswith("#"))
    data = tomllib.loads(saved)
    assert not any("from" in unit or "count" in unit for unit in data["units"])  # docs/campaign.md: written out
    assert [u["id"] for u in data["units"]] == list(game.setup.to_dict([])["units"][i]["id"] for i in range(len(data["units"])))
    again = load_encounter(path)
    assert again.state.to_json() == game.state.to_json()


def test_an_encounter_read_from_no_file_is_written_in_the_normal_form():
    game = loads_encounter(HAND_WRITTEN["ctb"])
    game.setup.source = None
    saved = dumps_encounter(game)
    assert "#" not in saved and tomllib.loads(saved)["title"] == "Yard"


def test_a_new_file_gets_the_umask_mode_not_0600(tmp_path):
    game = loads_encounter(HAND_WRITTEN["ctb"])
    save_encounter(game, tmp_path / "new.toml")
    assert stat.S_IMODE((tmp_path / "new.toml").stat().st_mode) & 0o044  # readable by others, as open() makes it
