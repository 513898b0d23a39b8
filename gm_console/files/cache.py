"""The derived cache of opened encounters: what lets a file be opened again
without replaying its log. The log in the file stays the truth; this is a
copy of what replaying it gave, kept outside the file and checked before use.

Where: the user cache folder (platformdirs ``user_cache_dir("gm-console")``,
or ``GM_CONSOLE_CACHE_DIR``; set empty, no cache is read or written), one
entry per encounter path: ``<sha256 of the resolved path, 32 hex>.json``.

An entry is lines of JSON (data only, never pickle):

1. the header: the cache format, the package version, a fingerprint of the
   rules code (every file under core/, files/ and data/ by path, size and
   modification time), the checkpoint spacing, the SHA-256 of the encounter
   file's bytes and the SHA-256 of the lines after it;
2. the main line: the checked setup, the file's log lines, the log in
   notation when it differs from them (``lines()``), the log's length and
   the final state (core/snapshot.py);
3. one line per checkpoint, ``K {state}``, kept as text by the game it
   opens until that checkpoint is needed (``Game.restore``).

Reading checks every header value against the file and this code, then the
payload's hash, then builds the game (``Game.restore``); anything amiss (no
entry, another file's or version's, a torn or edited one, a shape that does
not fit) is a miss, silently: the caller replays the file and writes a new
entry. Writing is atomic (files/atomic.py) and happens only after a full
replay of a file whose units need nothing from other files (``from =
"party:..."`` or ``"library:..."``: those depend on more than the bytes).
The console holds the write back while it opens (``hold``, launch.py) and
releases it once its first frame is out (``release``, GMConsoleApp.fight_drawn).
"""

from __future__ import annotations

import json
import os
import re
import threading
import time
from pathlib import Path
from typing import Any

import gm_console
from gm_console.core.game import Game
from gm_console.core.schema import Problem
from gm_console.core.setup import Setup
from gm_console.core.snapshot import Unencodable, decode_state, encode_state
from gm_console.files.atomic import atomic_write
from gm_console.files.catalogues import load_catalogues
from gm_console.files.digest import sha256
from gm_console.files.paths import PACKAGE, user_cache_dir

FORMAT = 1
MAX_ENTRIES = 256  # the oldest entries go when there are more
SUFFIX = ".json"

_fingerprint: str | None = None


def code_fingerprint() -> str:
    """The rules code as it is on disk (once per process): a change to any
    file the replay depends on makes every entry stale."""
    global _fingerprint
    if _fingerprint is None:
        h = sha256(gm_console.__version__.encode())
        for folder in ("core", "files", "data"):
            root = PACKAGE / folder
            for dirpath, dirnames, filenames in os.walk(root):
                dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
                for name in sorted(filenames):
                    if name.endswith((".py", ".toml")):
                        st = os.stat(os.path.join(dirpath, name))
                        rel = os.path.relpath(os.path.join(dirpath, name), PACKAGE)
                        h.update(f"{rel}\0{st.st_size}\0{st.st_mtime_ns}\n".encode())
        _fingerprint = h.hexdigest()
    return _fingerprint


def entry_path(path: Path) -> Path | None:
    folder = user_cache_dir()
    if folder is None:
        return None
    key = sha256(str(path.resolve()).encode("utf-8", "surrogatepass")).hexdigest()[:32]
    return folder / (key + SUFFIX)


def file_key(file_bytes: bytes) -> str:
    """What an entry is keyed by besides the code: the SHA-256 of the file's bytes."""
    return sha256(file_bytes).hexdigest()


def _header(file_bytes: bytes | str) -> dict[str, Any]:
    return {
        "cache": FORMAT,
        "version": gm_console.__version__,
        "code": code_fingerprint(),
        "every": Game.CHECKPOINT_EVERY,
        "file": file_bytes if isinstance(file_bytes, str) else file_key(file_bytes),
    }


def read(path: Path, file_bytes: bytes | str) -> Game | None:
    """The game the cache holds for these bytes of ``path`` (or their ``file_key``), or None."""
    try:
        entry = entry_path(path)
        if entry is None:
            return None
        with open(entry, "rb") as handle:
            header = json.loads(handle.readline())
            expected = _header(file_bytes)
            if type(header) is not dict or any(header.get(k) != v for k, v in expected.items()):
                return None
            digest = sha256()
            rows = []
            for row in handle:  # line by line: no copy of the whole entry besides its rows
                digest.update(row)
                rows.append(row)
        if header.get("payload") != digest.hexdigest() or not rows or not rows[-1].endswith(b"\n"):
            return None
        body = json.loads(rows[0])
        checkpoints = {}
        for row in rows[1:]:  # b"K {...}": kept as JSON, read when the game first needs that checkpoint
            k, _, text = row.partition(b" ")
            checkpoints[k.decode("ascii")] = text
        problems: list[Problem] = []
        data = body["setup"]
        setup = Setup(data, load_catalogues(tuple(data["systems"]), problems))
        if problems:
            return None
        lines = body["lines"]
        formatted = lines if body["formatted"] is None else body["formatted"]
        if type(lines) is not list or not all(type(x) is str for x in lines):
            return None
        snap = {"length": body["length"], "every": body["every"], "state": body["state"], "checkpoints": checkpoints}
        return Game.restore(setup, lines, snap, formatted)
    except (OSError, ValueError, KeyError, TypeError, IndexError, AttributeError, RecursionError):
        return None


def write(path: Path, file_bytes: bytes | str, game: Game, lines: list[str], *, wait: bool = False) -> bool:
    """Keep what replaying ``lines`` (the file's log) made of ``game``. What
    the game may change as it is played is taken now (its setup as JSON, a
    ``detached`` copy); the entry is worded and written on a thread of its
    own (the console shows the encounter meanwhile; ``wait`` or ``flush()``
    waits for it). False when nothing is written (no cache folder, a setup
    JSON does not keep); a state the data cannot hold is found on the thread
    and leaves no entry: that file is then replayed on each open."""
    entry = entry_path(path)
    if entry is None:
        return False
    try:
        setup_text = json.dumps(game.setup.data, separators=(",", ":"), ensure_ascii=False)
        if not _same(json.loads(setup_text), game.setup.data):
            return False  # a value JSON does not keep (a date, a tuple)
    except (ValueError, TypeError, RecursionError):
        return False
    job = threading.Thread(
        target=_write_entry, args=(entry, file_bytes, game.detached(), lines, setup_text), name="gm-console cache", daemon=False
    )
    with _lock:
        _pending.append(job)
        if _held is not None and not wait:
            _held.append(job)  # what it writes is taken: play may go on meanwhile (release() starts it)
            return True
    job.start()
    if wait:
        job.join()
    return True


_lock = threading.Lock()
_pending: list[threading.Thread] = []
_held: list[threading.Thread] | None = None  # while held (hold()): the writes not started yet


def hold() -> None:
    """Start no entry's write until ``release()``: the console holds them while
    it opens (a write is a thread of its own, and its work shares the
    interpreter with the first frame), and releases them once that frame is
    out. What each entry holds is taken when ``write`` is called, so play
    meanwhile is safe. Whatever is still held when the process ends is written
    then, on the way out."""
    global _held, _exit_hooked
    with _lock:
        if _held is None:
            _held = []
    if not _exit_hooked:  # at exit a write still held is done on the spot (no new thread then)
        import atexit

        _exit_hooked = True
        atexit.register(_write_held_now)


def release() -> None:
    """Start the writes ``hold()`` kept back, and hold no more."""
    for job in _take_held():
        job.start()


_exit_hooked = False


def _write_held_now() -> None:
    for job in _take_held():
        job.run()  # the thread's own target, on this one


def _take_held() -> list[threading.Thread]:
    """The writes held back, and hold no more."""
    global _held
    with _lock:
        jobs, _held = _held or [], None
    return jobs


def flush() -> None:
    """Wait for the entries being written (a held one is started first)."""
    release()
    with _lock:
        jobs = list(_pending)
    for job in jobs:
        job.join()


def _write_entry(entry: Path, file_bytes: bytes | str, game: Game, lines: list[str], setup_text: str) -> None:
    """The entry: the header line, the main line (setup, the file's lines, the
    formatted ones when they differ, the final state), one line per
    checkpoint (``K {state}``). Written piece by piece as each is worded
    (never the entry, nor every checkpoint, at once): the header, which holds
    the hash of all that follows, goes first with a stand-in hash of the same
    length and is written again over it at the end."""
    # a new thread holds the GIL from its start: give it straight back, so the thread that started
    # this one (opening the encounter, waiting in Thread.start) goes on now, not a switch interval later
    time.sleep(0)
    try:
        state = _check_round_trip(game)
        same = _canonical(game, lines)
        main = json.dumps(
            {"formatted": None if same else game.lines(), "length": len(game.log), "every": game.CHECKPOINT_EVERY, "state": state},
            separators=(",", ":"),
            ensure_ascii=False,
        )
        del state
        header = _header(file_bytes)

        def pieces():
            yield f'{{"setup":{setup_text},"lines":['
            for i in range(0, len(lines), _LINES_CHUNK):
                yield ("," if i else "") + _json_strings(lines[i : i + _LINES_CHUNK])[1:-1]
            yield f"],{main[1:]}\n"
            for k, text in game.checkpoint_texts():  # each worded, written and let go in turn
                yield f"{k} {text}\n"

        def write(handle) -> None:
            header["payload"] = "0" * 64  # a SHA-256 in hex: the real one has the same length
            stand_in = json.dumps(header).encode("utf-8") + b"\n"
            handle.write(stand_in)
            digest = sha256()
            for piece in pieces():
                chunk = piece.encode("utf-8")
                digest.update(chunk)
                handle.write(chunk)
            header["payload"] = digest.hexdigest()
            handle.seek(0)
            handle.write(json.dumps(header).encode("utf-8") + b"\n")  # the same length as the stand-in

        entry.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(entry, write, backup=False)
        _prune(entry.parent)
    except BaseException:  # noqa: BLE001 - a cache that cannot be written is no cache: never a word on the screen
        pass
    finally:
        # the copy is this thread's alone, and its events refer back to it (a cycle): let its
        # state, log and checkpoints go now, not at the app's first garbage collection
        game.__dict__.clear()
        with _lock:
            if threading.current_thread() in _pending:
                _pending.remove(threading.current_thread())


_LINES_CHUNK = 512  # the file's lines worded into the main line so many at a time

_NEEDS_ESCAPE = re.compile(r'["\\\x00-\x1f\x7f]')


def _json_strings(lines: list[str]) -> str:
    """``json.dumps(lines)`` (ensure_ascii off), joined in one piece when no line
    needs an escape (the JSON encoder would make a string per line first)."""
    if _NEEDS_ESCAPE.search("".join(lines)):
        return json.dumps(lines, separators=(",", ":"), ensure_ascii=False)
    return '["' + '","'.join(lines) + '"]' if lines else "[]"


def _canonical(game: Game, lines: list[str]) -> bool:
    """Whether the file's lines are the log as ``lines()`` writes it (a file the
    console saved): then the entry holds them once. Each distinct action is
    formatted once."""
    if len(lines) != len(game.log):
        return False
    from gm_console.core.game import format_action

    seen: set[int] = set()  # a replay reads one line into one action, so a repeated action is a repeated line
    for action, line in zip(game.log, lines):
        if id(action) not in seen:
            if format_action(action) != line:
                return False
            seen.add(id(action))
    return True


def _check_round_trip(game: Game) -> dict[str, Any]:
    """The final state as data (core/snapshot.py), once it is checked to read
    back as the state (as data, and as the JSON the console shows)."""
    encoded = encode_state(game.state, game._initial)
    back = decode_state(json.loads(json.dumps(encoded)), game._initial)
    if encode_state(back, game._initial) != encoded or back.to_json() != game.state.to_json():
        raise Unencodable("the state does not read back the same")
    return encoded


def _same(a: Any, b: Any) -> bool:
    """Equal, and of the same types all the way down (1 == 1.0 == True are not the same here)."""
    if type(a) is not type(b):
        return False
    if type(a) is dict:
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if type(a) is list:
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return a == b


def _prune(folder: Path) -> None:
    try:
        entries = [e for e in os.scandir(folder) if e.name.endswith(SUFFIX) and e.is_file()]
        if len(entries) <= MAX_ENTRIES:
            return
        entries.sort(key=lambda e: e.stat().st_mtime)
        for e in entries[: len(entries) - MAX_ENTRIES]:
            os.unlink(e.path)
    except OSError:
        pass
