"""The derived cache (gm_console/files/cache.py): a file opened from it is
the game its replay gives (state, log, lines, events, checkpoints, undo and
redo); a damaged, stale or mismatching entry is ignored and rebuilt; the
entry lives in the cache folder, never in or beside the encounter."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gm_console.core.errors import GMError
from gm_console.core.game import Game
from gm_console.files import cache
from gm_console.files.encounter_io import dumps_encounter, game_from_data, save_encounter
from gm_console.files.encounter_io import load_encounter as _load
from tests.conftest import ENCOUNTERS, minimal
from tests.ctb.ctb_helpers import doc, unit

ROSTER = [
    unit("a", "pcs", 14, hp_base=30, ar_base=8, atk=14, prof=2, pr=3, weapons=[{"id": "w", "dam": 3}]),
    unit("b", "pcs", 9, hp_base=18, ar_base=3, atk=9, pr=2, kennel=130),
    unit("c", "foes", 11, hp_base=25, ar_base=12, atk=13, pr=4, weapons=[{"id": "w", "dam": 4, "brk": 5}]),
    unit("d", "foes", 20, hp_base=8, atk=7, ap=150),
]


def load_encounter(path: Path, **kwargs) -> Game:
    """Open ``path`` and wait for the entry it writes (on a thread of its own)."""
    game = _load(path, **kwargs)
    cache.flush()
    return game


def ctb_game(lines: list[str]) -> Game:
    g = game_from_data(doc(*ROSTER), "<cache>")
    for line in lines:
        try:
            g.push_line(line)
        except GMError:
            pass
    return g


STEP = st.one_of(
    st.just("next"),
    st.builds(lambda v, a, b, d: f"{v} {a} {b} [{d}]", st.sampled_from(["hit", "brk"]), st.sampled_from("abcd"),
              st.sampled_from("abcd"), st.integers(1, 20)),
    st.builds(lambda u, s, x: f"set {u} {s} {x}", st.sampled_from("abcd"), st.sampled_from(["hp", "ap", "kennel"]),
              st.integers(0, 150)),
    st.builds(lambda v, u, x: f"{v} {u} {x}", st.sampled_from(["haste", "slow", "delay", "rush"]), st.sampled_from("abcd"),
              st.integers(1, 60)),
    st.sampled_from(["tick 3", "recall d", "cond a Dazed for=2t", "add e foes copy=c", "note a line"]),
)  # fmt: skip


@pytest.fixture
def small_checkpoints(monkeypatch):
    """Checkpoints every 4 actions, sparse (every 8) but over the last 8: every kind is exercised."""
    monkeypatch.setattr(Game, "CHECKPOINT_EVERY", 4)
    monkeypatch.setattr(Game, "SPARSE_CHECKPOINTS", 2)
    monkeypatch.setattr(Game, "DENSE_TAIL", 8)


def open_twice(path: Path, monkeypatch) -> tuple[Game, Game]:
    """(the cold replay, the game from the cache), checking the second one replays nothing."""
    cold = load_encounter(path, cache=False)
    load_encounter(path)  # replays, and writes the entry
    entry = cache.entry_path(path)
    assert entry is not None and entry.exists()
    with monkeypatch.context() as m:
        m.setattr(Game, "_replay", lambda self, lines: pytest.fail("opened from the cache, yet replayed"))
        cached = _load(path)
    return cold, cached


def assert_same_game(a: Game, b: Game) -> None:
    assert b.state.to_json() == a.state.to_json()
    assert b.log == a.log and b.lines() == a.lines()
    assert list(b.events) == list(a.events)
    assert b.checkpoints == a.checkpoints
    for i in range(len(a.log) + 1):
        assert b.state_at(i).to_json() == a.state_at(i).to_json()
    assert dumps_encounter(b) == dumps_encounter(a)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(steps=st.lists(STEP, max_size=45), undo=st.integers(0, 20))
def test_a_file_opened_from_the_cache_is_the_file_replayed(steps, undo, tmp_path, small_checkpoints, monkeypatch):
    path = tmp_path / "fight.toml"
    save_encounter(ctb_game(steps), path, backup=False)
    cold, cached = open_twice(path, monkeypatch)
    assert_same_game(cold, cached)
    # undo and redo walk the same way from either
    k = min(undo, len(cold.log))
    for g in (cold, cached):
        for _ in range(k):
            g.undo()
    assert cached.state.to_json() == cold.state.to_json() and cached.lines() == cold.lines()
    for g in (cold, cached):
        for _ in range(k):
            g.redo()
    assert_same_game(cold, cached)


@pytest.mark.parametrize(
    "name", ["ctb-causeway-ambush.toml", "conflict-worked-example.toml", "reactor-worked-exchange.toml", "reactor-night-shift.toml"]
)
def test_every_system_opens_from_the_cache(name, tmp_path, monkeypatch):
    path = tmp_path / name
    path.write_bytes((ENCOUNTERS / name).read_bytes())
    cold, cached = open_twice(path, monkeypatch)
    assert_same_game(cold, cached)


def test_the_entry_is_in_the_cache_folder_and_never_beside_the_file(tmp_path, monkeypatch):
    folder = tmp_path / "elsewhere"
    monkeypatch.setenv("GM_CONSOLE_CACHE_DIR", str(folder))
    path = tmp_path / "enc" / "fight.toml"
    path.parent.mkdir()
    save_encounter(ctb_game(["next", "hit d c [12]", "next"]), path, backup=False)
    before = path.read_bytes()
    load_encounter(path)
    assert sorted(p.name for p in path.parent.iterdir()) == ["fight.toml"] and path.read_bytes() == before
    entries = list(folder.iterdir())
    assert len(entries) == 1 and entries[0] == cache.entry_path(path)
    head, main, *checkpoints = entries[0].read_bytes().rstrip(b"\n").split(b"\n")
    header = json.loads(head)  # data, not pickle: lines of JSON
    body = json.loads(main)
    assert header["version"] and header["file"] and body["length"] == 3 and body["lines"] == ["next", "hit d c [12]", "next"]
    assert body["formatted"] is None  # a file the console saved: its lines are the formatted log
    for row in checkpoints:
        k, _, state = row.partition(b" ")
        assert int(k) > 0 and json.loads(state)["units"]


def test_an_empty_cache_setting_turns_the_cache_off(tmp_path, monkeypatch):
    monkeypatch.setenv("GM_CONSOLE_CACHE_DIR", "")
    path = tmp_path / "fight.toml"
    save_encounter(ctb_game(["next"]), path, backup=False)
    assert cache.entry_path(path) is None
    assert load_encounter(path).state.to_json() == load_encounter(path, cache=False).state.to_json()


def written(tmp_path: Path, lines=("next", "hit d c [12]", "next")) -> tuple[Path, Path]:
    path = tmp_path / "fight.toml"
    save_encounter(ctb_game(list(lines)), path, backup=False)
    load_encounter(path)
    entry = cache.entry_path(path)
    assert entry is not None and cache.read(path, path.read_bytes()) is not None
    return path, entry


def reopened_and_rebuilt(path: Path, entry: Path) -> None:
    """The entry is not used (None), the file still opens as its replay, and a good entry replaces the bad one."""
    assert cache.read(path, path.read_bytes()) is None
    game = load_encounter(path)
    assert game.state.to_json() == load_encounter(path, cache=False).state.to_json()
    assert cache.read(path, path.read_bytes()) is not None


@pytest.mark.parametrize(
    "damage",
    [
        lambda b: b[: len(b) // 2],  # torn
        lambda b: b"",
        lambda b: b"not json at all\n{}",
        lambda b: b.replace(b'"length":3', b'"length":4'),  # edited payload: its hash no longer fits
        lambda b: b[:-40] + bytes(40),
        lambda b: b.split(b"\n", 1)[0] + b"\n" + json.dumps({"setup": 1}).encode(),
    ],
    ids=["torn", "empty", "garbage", "edited", "zeroed", "wrong-shape"],
)
def test_a_damaged_entry_is_ignored_and_rebuilt(damage, tmp_path):
    path, entry = written(tmp_path)
    entry.write_bytes(damage(entry.read_bytes()))
    reopened_and_rebuilt(path, entry)


def test_a_payload_that_fits_its_hash_but_not_the_game_is_ignored(tmp_path):
    path, entry = written(tmp_path)
    head, payload = entry.read_bytes().split(b"\n", 1)
    main, rest = payload.split(b"\n", 1)
    body = json.loads(main)
    body["length"] = 99
    payload = json.dumps(body).encode() + b"\n" + rest
    header = json.loads(head)
    header["payload"] = __import__("hashlib").sha256(payload).hexdigest()
    entry.write_bytes(json.dumps(header).encode() + b"\n" + payload)
    reopened_and_rebuilt(path, entry)


def test_a_changed_file_is_not_read_from_the_old_entry(tmp_path):
    path, entry = written(tmp_path)
    save_encounter(ctb_game(["next", "hit d c [3]", "next"]), path, backup=False)  # other bytes, same path
    assert cache.read(path, path.read_bytes()) is None
    assert load_encounter(path).lines() == ["next", "hit d c [3]", "next"]


@pytest.mark.parametrize("key", ["version", "code", "every", "cache"])
def test_an_entry_of_another_version_or_code_is_stale(key, tmp_path):
    path, entry = written(tmp_path)
    head, payload = entry.read_bytes().split(b"\n", 1)
    header = json.loads(head)
    header[key] = "other" if isinstance(header[key], str) else header[key] + 1
    entry.write_bytes(json.dumps(header).encode() + b"\n" + payload)
    reopened_and_rebuilt(path, entry)


def test_another_files_entry_does_not_fit(tmp_path):
    path, entry = written(tmp_path)
    other = tmp_path / "other.toml"
    save_encounter(ctb_game(["next", "next"]), other, backup=False)
    load_encounter(other)
    entry.write_bytes(cache.entry_path(other).read_bytes())  # the other file's entry under this file's name
    reopened_and_rebuilt(path, entry)


def test_code_changes_make_entries_stale(tmp_path, monkeypatch):
    path, entry = written(tmp_path)
    monkeypatch.setattr(cache, "_fingerprint", "another build")
    assert cache.read(path, path.read_bytes()) is None


def test_a_file_drawing_on_a_party_is_not_cached(tmp_path):
    folder = tmp_path / "campaign"
    folder.mkdir()
    for f in (ENCOUNTERS / "campaign").iterdir():
        if f.is_file():
            (folder / f.name).write_bytes(f.read_bytes())
    path = next(p for p in sorted(folder.glob("*.toml")) if b'from = "party:' in p.read_bytes())
    load_encounter(path)
    assert not cache.entry_path(path).exists()


def test_a_state_the_data_cannot_hold_is_not_cached(tmp_path, monkeypatch):
    from gm_console.core import snapshot

    def refuse(*args, **kwargs):
        raise snapshot.Unencodable("a board of another kind")

    monkeypatch.setattr(snapshot, "encode_state", refuse)
    monkeypatch.setattr(cache, "encode_state", refuse)
    path = tmp_path / "fight.toml"
    save_encounter(ctb_game(["next"]), path, backup=False)
    assert load_encounter(path).lines() == ["next"]
    assert not cache.entry_path(path).exists()


def test_old_entries_are_pruned(tmp_path, monkeypatch):
    monkeypatch.setattr(cache, "MAX_ENTRIES", 3)
    for i in range(5):
        path = tmp_path / f"f{i}.toml"
        save_encounter(ctb_game(["next"] * (i + 1)), path, backup=False)
        load_encounter(path)
        os.utime(cache.entry_path(path), (i, i))
    folder = cache.entry_path(path).parent
    assert len(list(folder.iterdir())) == 3


def test_the_generic_engine_opens_from_the_cache(tmp_path, monkeypatch):
    g = game_from_data(minimal(pools={"threat": 2}), "<cache>")
    for line in ["next", "cond kai Dazed for=1t", "pool threat +1", "move kai b", "add gob2 npcs copy=gob hp=3",
                 "roll 2d20", "next", "next", 'rename gob "Big Gob"', "remove gob2", "next"]:  # fmt: skip
        g.push_line(line)
    path = tmp_path / "plain.toml"
    save_encounter(g, path, backup=False)
    cold, cached = open_twice(path, monkeypatch)
    assert_same_game(cold, cached)


def test_the_entry_is_written_beside_play(tmp_path):
    """The open returns before the entry is written; what the game does meanwhile is not in it."""
    path = tmp_path / "fight.toml"
    save_encounter(ctb_game(["next", "hit d c [12]", "next"]), path, backup=False)
    game = _load(path)
    for _ in range(3):
        game.push_line("next")
    game.undo()
    cache.flush()
    again = _load(path)
    assert again.lines() == ["next", "hit d c [12]", "next"] and len(game.log) == 5
    assert again.state.to_json() == _load(path, cache=False).state.to_json()


def test_a_hand_written_log_opens_from_the_cache_as_written_and_formatted(tmp_path, monkeypatch):
    text = dumps_encounter(ctb_game([]))
    path = tmp_path / "hand.toml"
    path.write_text('log = ["next", "next", "hit  d c [12]", "next"]\n' + text)  # before the tables
    cold = _load(path, cache=False)
    assert cold.lines() != ["next", "next", "hit  d c [12]", "next"]  # the formatter writes one space
    cold, cached = open_twice(path, monkeypatch)
    assert_same_game(cold, cached)
    head, main, *_ = cache.entry_path(path).read_bytes().split(b"\n")
    body = json.loads(main)
    assert body["lines"][2] == "hit  d c [12]" and body["formatted"][2] == "hit d c [12]"


@pytest.mark.parametrize("lines", [[], ["next"], ["a", "b c"], ['say "x"', "a\\b", "t\tab", "é ü", "\x7f"]])
def test_the_log_lines_are_written_as_json_reads_them(lines):
    assert json.loads(cache._json_strings(lines)) == lines


def test_the_file_layers_sha256_is_hashlibs():
    import hashlib

    from gm_console.files.digest import sha256

    for data in (b"", b"abc", bytes(range(256)) * 1000):
        assert sha256(data).hexdigest() == hashlib.sha256(data).hexdigest()
    h = sha256()
    h.update(b"ab")
    h.update(b"c")
    assert h.hexdigest() == hashlib.sha256(b"abc").hexdigest()


def test_opening_a_file_and_its_journal_import_no_hashlib(tmp_path):
    """(issue 16, memory) hashlib sets up OpenSSL's every digest as it is imported
    (about 640 KB): the cache and the journal hash with files/digest.py."""
    import subprocess
    import sys

    path = tmp_path / "fight.toml"
    save_encounter(game_from_data(minimal()), path)
    script = (
        "import sys\n"
        "from pathlib import Path\n"
        "from gm_console.files import cache, load_encounter\n"
        "from gm_console.files.journal import Journal, free_journal_path\n"
        f"path = Path({str(path)!r})\n"
        "game = load_encounter(path)\n"
        "cache.flush()\n"
        "assert cache.read(path, cache.file_key(path.read_bytes())).lines() == game.lines()\n"
        f"Journal(free_journal_path(Path({str(tmp_path)!r}), path)).start(game, path)\n"
        "print(sorted(m for m in ('hashlib', '_hashlib') if m in sys.modules))\n"
    )
    env = dict(os.environ, GM_CONSOLE_CACHE_DIR=str(tmp_path / "cache"))
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, env=env)
    assert out.stdout.splitlines()[-1] == "[]"


def test_the_entry_is_written_a_checkpoint_at_a_time_under_its_hash(tmp_path, monkeypatch, small_checkpoints):
    """(issue 16, memory) The writer never holds the whole entry, nor every
    checkpoint's text: each is worded as it is written. The header, written
    first, holds the hash of all that follows, and the main line is json's."""
    import hashlib

    events: list[str] = []
    words = Game.checkpoint_texts

    def worded(self):
        for k, text in words(self):
            events.append(f"worded {k}")
            yield k, text

    monkeypatch.setattr(Game, "checkpoint_texts", worded)
    real_write = cache.atomic_write

    def spied(path, data, **kwargs):
        class Handle:
            def __init__(self, handle):
                self.handle = handle

            def write(self, chunk):
                if chunk[:1].isdigit():
                    events.append(f"written {chunk.split(b' ', 1)[0].decode()}")
                return self.handle.write(chunk)

            def seek(self, *args):
                return self.handle.seek(*args)

        return real_write(path, lambda handle: data(Handle(handle)), **kwargs)

    monkeypatch.setattr(cache, "atomic_write", spied)
    monkeypatch.setattr(cache, "_LINES_CHUNK", 3)  # the file's lines in several pieces
    path = tmp_path / "fight.toml"
    save_encounter(ctb_game(["next", "hit d c [12]", "next", "note a line"] * 10), path, backup=False)
    game = load_encounter(path)
    ks = [str(k) for k in game.checkpoints if k]
    assert len(ks) > 1 and events == [e for k in ks for e in (f"worded {k}", f"written {k}")]
    head, main, *rest = cache.entry_path(path).read_bytes().split(b"\n")
    assert json.loads(head)["payload"] == hashlib.sha256(b"\n".join([main, *rest])).hexdigest()
    assert json.loads(main)["lines"] == game.lines()
    assert _load(path).lines() == game.lines()  # read back from the entry


def test_a_held_write_starts_on_release_with_the_game_as_opened(tmp_path):
    """The console holds the entry's write while it opens (cache.hold, launch.py);
    what the game does before the release is not in the entry."""
    path = tmp_path / "fight.toml"
    save_encounter(ctb_game(["next", "hit d c [12]"]), path, backup=False)
    cache.hold()
    try:
        game = _load(path)
        game.push_line("next")
        assert not cache.entry_path(path).exists()  # held: no thread started yet
    finally:
        cache.release()
    cache.flush()
    assert cache.read(path, cache.file_key(path.read_bytes())).lines() == ["next", "hit d c [12]"]
    assert len(game.log) == 3


def test_flush_writes_a_held_entry(tmp_path):
    path = tmp_path / "fight.toml"
    save_encounter(ctb_game(["next"]), path, backup=False)
    cache.hold()
    _load(path)
    cache.flush()  # releases what is held, then waits
    assert cache.read(path, cache.file_key(path.read_bytes())) is not None
    cache.release()  # nothing left held: a no-op


def test_an_entry_still_held_as_the_process_ends_is_written(tmp_path, monkeypatch):
    """(The console quit, or crashed, before its first frame was out.)"""
    import subprocess
    import sys

    path = tmp_path / "fight.toml"
    save_encounter(ctb_game(["next", "next"]), path, backup=False)
    script = (
        "from pathlib import Path\n"
        "from gm_console.files import cache, load_encounter\n"
        "cache.hold()\n"
        f"load_encounter(Path({str(path)!r}))\n"
    )
    monkeypatch.setenv("GM_CONSOLE_CACHE_DIR", str(tmp_path / "cache"))
    subprocess.run([sys.executable, "-c", script], check=True, env=dict(os.environ))
    entry = cache.entry_path(path)
    assert entry.parent == tmp_path / "cache" and entry.exists()
    assert cache.read(path, cache.file_key(path.read_bytes())).lines() == ["next", "next"]
