"""Encounter files: every malformed file names the file, the key path and
what was expected; saves are atomic, keep a .bak, and are byte-stable."""

from __future__ import annotations

import os
import textwrap
from pathlib import Path

import pytest

from gm_console.files import EncounterFileError, check_file, load_encounter, loads_encounter, save_encounter
from gm_console.files.atomic import atomic_write
from gm_console.files.encounter_io import dumps_encounter

GOOD = """
format = 1
title = "Bridge"
systems = []
sides = [{ id = "pcs", controller = "players" }, { id = "npcs" }]
zones = [{ id = "deck", adjacent = ["hold"] }, { id = "hold" }]
units = [
  { id = "kai", side = "pcs", zone = "deck", stats = { hp = 10 } },
  { id = "gob", side = "npcs", zone = "hold", stats = { hp = 4 } },
]
log = ["set kai hp 7"]
"""


def problems_of(text: str) -> list[str]:
    with pytest.raises(EncounterFileError) as info:
        loads_encounter(textwrap.dedent(text), "bad.toml")
    return info.value.messages()


def test_the_good_file_loads():
    game = loads_encounter(GOOD, "good.toml")
    assert game.state.units["kai"].stats["hp"] == 7


MALFORMED = [
    ("bad TOML syntax", GOOD.replace('title = "Bridge"', 'title = "Bridge'), "bad.toml: not valid TOML"),
    ("unknown top-level key", GOOD + "\ntitel = 'x'\n", "bad.toml: titel: unknown key 'titel' (did you mean 'title'?)"),
    ("misspelled unit key", GOOD.replace("zone = \"deck\", stats", "zoen = \"deck\", stats"), "bad.toml: units[0].zoen: unknown key 'zoen' (did you mean 'zone'?)"),
    ("missing title", GOOD.replace('title = "Bridge"\n', ""), "bad.toml: title: missing required key: expected a non-empty string"),
    ("missing format", GOOD.replace("format = 1\n", ""), "bad.toml: format: missing required key"),
    ("future format", GOOD.replace("format = 1", "format = 7"), "bad.toml: format: unsupported format version 7; this console reads version 1"),
    ("format not a number", GOOD.replace("format = 1", 'format = "one"'), "bad.toml: format: expected an integer, got a string 'one'"),
    ("wrong type of stat", GOOD.replace("hp = 10", 'hp = "ten"'), "bad.toml: units[0].stats.hp: expected an integer, got a string 'ten'"),
    ("boolean for a stat", GOOD.replace("hp = 10", "hp = true"), "bad.toml: units[0].stats.hp: expected an integer, got a boolean True"),
    ("unknown system", GOOD.replace("systems = []", 'systems = ["ctbb"]'), "bad.toml: systems[0]: expected one of"),
    ("systems not an array", GOOD.replace("systems = []", 'systems = "ctb"'), "bad.toml: systems: expected an array of"),
    ("duplicate unit ids", GOOD.replace('id = "gob"', 'id = "kai"'), "bad.toml: units[1].id: duplicate unit id 'kai'"),
    ("duplicate zone ids", GOOD.replace('{ id = "hold" }', '{ id = "deck" }'), "bad.toml: zones[1].id: duplicate zone id 'deck'"),
    ("unit on an unknown side", GOOD.replace('side = "npcs"', 'side = "npc"'), "bad.toml: units[1].side: unknown side 'npc' (did you mean 'npcs'?)"),
    ("unit in an unknown zone", GOOD.replace('zone = "hold", stats', 'zone = "cargo", stats'), "bad.toml: units[1].zone: unknown zone 'cargo'"),
    ("adjacent to an unknown zone", GOOD.replace('adjacent = ["hold"]', 'adjacent = ["holt"]'), "bad.toml: zones[0].adjacent[0]: unknown zone 'holt' (did you mean 'hold'?)"),
    ("adjacent to itself", GOOD.replace('adjacent = ["hold"]', 'adjacent = ["deck"]'), "bad.toml: zones[0].adjacent[0]: a zone cannot be adjacent to itself"),
    ("bad id characters", GOOD.replace('id = "gob"', 'id = "gob 2"'), "bad.toml: units[1].id: expected an id (a letter, then letters, digits, _ or -)"),
    ("no sides", GOOD.replace('sides = [{ id = "pcs", controller = "players" }, { id = "npcs" }]', "sides = []"), "bad.toml: sides: expected an array of at least 1 of a side table, got 0 items"),
    ("bad controller", GOOD.replace('controller = "players"', 'controller = "player"'), "bad.toml: sides[0].controller: expected one of 'players', 'gm', got 'player' (did you mean 'players'?)"),
    ("bad dice mode", GOOD.replace("systems = []", 'systems = []\ndice = "roll"'), "bad.toml: dice: expected one of 'auto', 'manual', got 'roll'"),
    ("negative seed", GOOD.replace("systems = []", "systems = []\nseed = -4"), "bad.toml: seed: expected an integer from 0 to"),
    ("log entry not a string", GOOD.replace('log = ["set kai hp 7"]', "log = [3]"), "bad.toml: log[0]: expected a string, got an integer 3"),
    ("log names a missing unit", GOOD.replace('log = ["set kai hp 7"]', 'log = ["set kia hp 7"]'), "bad.toml: log[0]: unknown unit 'kia' (did you mean 'kai'?)"),
    ("log with an unknown verb", GOOD.replace('log = ["set kai hp 7"]', 'log = ["set kai hp 7", "smite kai"]'), "bad.toml: log[1]: unknown verb 'smite'"),
    ("log with an illegal action", GOOD.replace('log = ["set kai hp 7"]', 'log = ["remove gob", "remove gob"]'), "bad.toml: log[1]: unknown unit 'gob'"),
    ("log with a bad dice record", GOOD.replace('log = ["set kai hp 7"]', 'log = ["roll 1d6 [9]"]'), "bad.toml: log[0]: a d6 shows 1 to 6"),
    ("condition with a bad duration", GOOD.replace("stats = { hp = 4 }", 'stats = { hp = 4 }, conditions = [{ name = "Dazed", for = "2 turns" }]'), "bad.toml: units[1].conditions[0].for: expected a duration like 2t, 3r or 1s"),
    ("section of an unused system", GOOD + "\n[ctb]\n", "bad.toml: ctb: a [ctb] section, but 'ctb' is not in systems"),
    ("unit table of an unused system", GOOD.replace('stats = { hp = 4 } }', 'stats = { hp = 4 }, ctb = {} }'), "bad.toml: units[1].ctb: a ctb table, but 'ctb' is not in systems"),
    ("pool that is not a number", GOOD + "\n[pools]\nthreat = 'two'\n", "bad.toml: pools.threat: expected an integer from -1000 to 1000, got a string 'two'"),
    ("top level is not a table of tables", "units = 3\n", "bad.toml: units: expected an array of a unit table, got an integer 3"),
]


@pytest.mark.parametrize("text, message", [(t, m) for _, t, m in MALFORMED], ids=[n for n, _, _ in MALFORMED])
def test_malformed_files_say_where_and_what(text, message):
    assert any(message in p for p in problems_of(text)), problems_of(text)


def test_at_least_twenty_malformed_files_are_covered():
    assert len(MALFORMED) >= 20


def test_every_problem_is_reported_not_just_the_first():
    text = GOOD.replace("zone = \"deck\", stats", "zoen = \"deck\", stats").replace("hp = 4", 'hp = "four"').replace(
        'side = "npcs"', 'side = "npc"'
    )
    found = problems_of(text)
    assert len(found) == 3, found
    assert any("units[0].zoen" in p for p in found)
    assert any("units[1].stats.hp" in p for p in found)
    assert any("units[1].side" in p for p in found)


def test_check_file_reports_a_missing_file(tmp_path):
    assert check_file(tmp_path / "nope.toml") == [f"{tmp_path / 'nope.toml'}: no such file"]


def test_save_is_atomic_and_keeps_a_backup(tmp_path):
    path = tmp_path / "fight.toml"
    path.write_text(GOOD)
    game = load_encounter(path)
    game.push_line("set kai hp 3")
    save_encounter(game, path)
    assert (tmp_path / "fight.toml.bak").read_text() == GOOD
    assert load_encounter(path).state.units["kai"].stats["hp"] == 3
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_a_failed_write_leaves_the_old_file_whole(tmp_path, monkeypatch):
    path = tmp_path / "fight.toml"
    path.write_text(GOOD)

    def boom(fd):
        raise OSError("disk full")

    monkeypatch.setattr(os, "fsync", boom)
    with pytest.raises(OSError, match="disk full"):
        atomic_write(path, b"garbage")
    assert path.read_text() == GOOD
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fight.toml"]


def test_load_then_save_is_byte_identical_after_a_first_save(tmp_path):
    path = tmp_path / "fight.toml"
    path.write_text(GOOD)
    save_encounter(load_encounter(path), path)
    first = path.read_bytes()
    save_encounter(load_encounter(path), path)
    assert path.read_bytes() == first


def test_saving_leaves_out_defaults_and_keeps_key_order(tmp_path):
    game = loads_encounter(GOOD)
    text = dumps_encounter(game)
    assert "dice =" not in text and "seed =" not in text and "hidden" not in text
    keys = [line.split(" =")[0] for line in text.splitlines() if " = " in line and not line.startswith(" ")]
    assert keys[:3] == ["format", "title", "systems"]


BUNDLED = sorted((Path(__file__).resolve().parent.parent / "encounters").glob("*.toml"))


@pytest.mark.parametrize("path", BUNDLED, ids=[p.name for p in BUNDLED])
def test_bundled_encounters_are_valid_and_byte_stable(path):
    assert check_file(path) == []
    game = load_encounter(path)
    once = dumps_encounter(game)
    assert dumps_encounter(loads_encounter(once)) == once


def test_a_file_without_party_or_library_units_opens_without_their_code(tmp_path):
    """(issue 16, memory) The library and party modules are imported only for a
    file whose units name them (``from =``) or count copies: most files have none."""
    import json
    import subprocess
    import sys

    path = tmp_path / "bridge.toml"
    path.write_text(textwrap.dedent(GOOD))
    script = (
        "import json, sys\n"
        "from gm_console.files import load_encounter\n"
        f"load_encounter({str(path)!r})\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith('gm_console.files'))))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    loaded = set(json.loads(out.stdout.splitlines()[-1]))
    assert "gm_console.files.encounter_io" in loaded
    assert not loaded & {"gm_console.files.library", "gm_console.files.party"}
