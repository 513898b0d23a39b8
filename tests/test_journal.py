"""The recovery journal replays every recorded change and survives a torn line."""

from __future__ import annotations

import json
from pathlib import Path

from gm_console.files.encounter_io import dumps_document, dumps_encounter, load_encounter, loads_encounter
from gm_console.files.journal import Journal, journal_path, read_journal
from tests.conftest import game_from_dict, minimal
from tests.fights import fight_text

ROOT = Path(__file__).resolve().parents[1]


def test_journal_replays_pushes_and_pops(tmp_path):
    game = game_from_dict(minimal())
    game.push_line("set kai hp 9")
    journal = Journal(journal_path(tmp_path, None))
    journal.start(game, None)
    for line in ["set kai hp 5", "roll 2d20", "move gob a"]:
        game.push_line(line)
        journal.push(game.lines()[-1])
    game.undo()
    journal.pop()
    recovered = read_journal(journal.path)
    assert recovered is not None and recovered.changes == 4
    assert recovered.game.lines() == game.lines()
    assert recovered.game.state.to_json() == game.state.to_json()


def test_a_torn_last_line_loses_only_that_action(tmp_path):
    game = game_from_dict(minimal())
    journal = Journal(tmp_path / "x.journal")
    journal.start(game, None)
    game.push_line("set kai hp 5")
    journal.push(game.lines()[-1])
    journal.close()
    with open(journal.path, "a") as handle:
        handle.write('{"push": "set kai hp')
    recovered = read_journal(journal.path)
    assert recovered.game.lines() == ["set kai hp 5"]


def test_journals_are_per_file_and_discarded_on_clean_exit(tmp_path):
    a = journal_path(tmp_path, tmp_path / "a.toml")
    b = journal_path(tmp_path, tmp_path / "b.toml")
    assert a != b and a.name.startswith("a-")
    journal = Journal(a)
    journal.start(game_from_dict(minimal()), tmp_path / "a.toml")
    assert a.exists()
    journal.discard()
    assert not a.exists()
    assert read_journal(a) is None


def test_a_record_is_flushed_at_once_and_fsynced_off_the_keystrokes_path(tmp_path, monkeypatch):
    import os
    import threading
    import time

    from gm_console.files import journal as journal_mod

    synced: list[str] = []
    real = os.fsync

    def record(fd):
        synced.append(threading.current_thread().name)
        real(fd)

    monkeypatch.setattr(journal_mod.os, "fsync", record)
    game = game_from_dict(minimal())
    journal = Journal(tmp_path / "x.journal")
    journal.start(game, None)
    synced.clear()  # the header is fsynced by start itself
    game.push_line("set kai hp 5")
    journal.push(game.lines()[-1])
    # on disk for every other process at once (a kill of the console loses nothing) ...
    assert read_journal(journal.path).game.lines() == ["set kai hp 5"]
    # ... and fsynced by the background thread, not the caller
    deadline = time.monotonic() + 5
    while "journal-fsync" not in synced and time.monotonic() < deadline:
        time.sleep(0.01)
    assert "journal-fsync" in synced and threading.current_thread().name not in synced
    synced.clear()
    journal.close()  # a last fsync, in the closing thread, before the file closes
    assert synced == [threading.current_thread().name]


def test_the_base_is_the_document_as_json_writes_it(tmp_path):
    """The journal's base line is the encounter's document in the normal form
    (tomli_w) and the text the file was read from, as json.dumps writes them,
    escapes and characters outside ASCII included."""
    game = loads_encounter(fight_text(6, 1300))
    game.push_line("note Zoë saw ☃ and 😀")  # escaped as \u..., one as a surrogate pair
    journal = Journal(tmp_path / "x.journal")
    journal.start(game, None)
    journal.close()
    line = journal.path.read_text(encoding="utf-8").split("\n")[1]
    assert line == json.dumps({"base": dumps_document(game.document()), "written": game.setup.source})
    recovered = read_journal(journal.path).game
    assert recovered.lines() == game.lines() and recovered.setup.source == game.setup.source


def test_a_line_that_needs_escaping_is_written_by_tomli_w_all_the_same(tmp_path):
    game = loads_encounter(fight_text(6, 700))
    game.push_line('note the "old" road \\ north')
    journal = Journal(tmp_path / "x.journal")
    journal.start(game, None)
    journal.close()
    text = journal.path.read_text(encoding="utf-8").split("\n")
    assert len(text) == 3 and text[2] == ""  # the header and the base, once
    assert text[1] == json.dumps({"base": dumps_document(game.document()), "written": game.setup.source})
    assert read_journal(journal.path).game.lines() == game.lines()


def test_a_save_after_a_recovery_keeps_the_file_as_written(tmp_path):
    """The journal keeps the text the file was read from beside its base, so a
    recovered fight saves over the GM's file keeping its comments (issue 27's save)."""
    path = tmp_path / "relay.toml"
    text = (ROOT / "encounters" / "conflict-relay-station.toml").read_text(encoding="utf-8")
    path.write_text("# the relay, as the GM wrote it\n" + text.replace("\n[[units]]", "\n# who stands where\n[[units]]", 1), encoding="utf-8")
    game = load_encounter(path)
    journal = Journal(tmp_path / "x.journal")
    journal.start(game, path)
    journal.push("turn rhea")
    journal.close()
    recovered = read_journal(journal.path)
    assert recovered is not None and recovered.game.lines() == ["turn rhea"]
    saved = dumps_encounter(recovered.game)
    comments = [line for line in path.read_text(encoding="utf-8").splitlines() if line.lstrip().startswith("#")]
    assert comments and all(line in saved.splitlines() for line in comments)
    assert recovered.base_game().setup.source == path.read_text(encoding="utf-8")
