"""The derived cache of opened encounters: what lets a file be opened again
without replaying its log. The log in the file stays the truth; this is a
copy of what replaying it gave, kept outside the file and checked before use.

Where: the user cache folder (platformdirs ``user_cache_dir("gm-console")``,
or ``GM_CONSOLE_CACHE_DIR``; set empty, no cache is read or written), one
entry per encounter path: ``<sha256 of the resolved path, 32 hex>.json``.

An entry is two lines of JSON (data only, never pickle):

1. the header: the cache format, the package version, a fingerprint of the
   rules code (every file under core/, files/ and data/ by path, size and
   modification time), the checkpoint spacing, the SHA-256 of the encounter
   file's bytes and the SHA-256 of line 2;
2. the payload: the checked setup, the log's lines in notation, the file's
   own lines when they differ, and ``Game.snapshot()`` (the final state and
   the checkpoints, core/snapshot.py).

Reading checks every header value against the file and this code, then the
payload's hash, then builds the game (``Game.restore``); anything amiss (no
entry, another file's or version's, a torn or edited one, a shape that does
not fit) is a miss, silently: the caller replays the file and writes a new
entry. Writing is atomic (files/atomic.py) and happens only after a full
replay of a file whose units need nothing from other files (``from =
"party:..."`` or ``"library:..."``: those depend on more than the bytes).
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

import gm_console
from gm_console.core.game import Game
from gm_console.core.schema import Problem
from gm_console.core.setup import Setup
from gm_console.core.snapshot import Unencodable, decode_state, encode_state
from gm_console.files.atomic import atomic_write
from gm_console.files.catalogues import load_catalogues
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
        h = hashlib.sha256(gm_console.__version__.encode())
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
    key = hashlib.sha256(str(path.resolve()).encode("utf-8", "surrogatepass")).hexdigest()[:32]
    return folder / (key + SUFFIX)


def _header(file_bytes: bytes) -> dict[str, Any]:
    return {
        "cache": FORMAT,
        "version": gm_console.__version__,
        "code": code_fingerprint(),
        "every": Game.CHECKPOINT_EVERY,
        "file": hashlib.sha256(file_bytes).hexdigest(),
    }


def read(path: Path, file_bytes: bytes) -> Game | None:
    """The game the cache holds for these bytes of ``path``, or None."""
    try:
        entry = entry_path(path)
        if entry is None:
            return None
        with open(entry, "rb") as handle:
            head = handle.readline()
            payload = handle.read()
        header = json.loads(head)
        expected = _header(file_bytes)
        if type(header) is not dict or any(header.get(k) != v for k, v in expected.items()):
            return None
        if header.get("payload") != hashlib.sha256(payload).hexdigest():
            return None
        body = json.loads(payload)
        problems: list[Problem] = []
        data = body["setup"]
        setup = Setup(data, load_catalogues(tuple(data["systems"]), problems))
        if problems:
            return None
        formatted = body["formatted"]
        lines = formatted if body["lines"] is None else body["lines"]
        if type(lines) is not list or not all(type(x) is str for x in lines):
            return None
        return Game.restore(setup, lines, body["game"], formatted)
    except (OSError, ValueError, KeyError, TypeError, IndexError, AttributeError, RecursionError):
        return None


def write(path: Path, file_bytes: bytes, game: Game, lines: list[str]) -> bool:
    """Keep what replaying ``lines`` (the file's log) made of ``game``; False
    when it cannot be kept (a state the data cannot hold, a folder that
    cannot be written): the file is then replayed on each open."""
    entry = entry_path(path)
    if entry is None:
        return False
    try:
        setup = game.setup.data
        if not _same(json.loads(json.dumps(setup)), setup):
            return False  # a value JSON does not keep (a date, a tuple)
        snap = game.snapshot()
        _check_round_trip(game)
        formatted = game.lines()
        body = {"setup": setup, "formatted": formatted, "lines": None if formatted == lines else list(lines), "game": snap}
        payload = json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
        header = _header(file_bytes)
        header["payload"] = hashlib.sha256(payload).hexdigest()
        entry.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(entry, json.dumps(header).encode("utf-8") + b"\n" + payload, backup=False)
    except (Unencodable, OSError, ValueError, TypeError, RecursionError):
        return False
    _prune(entry.parent)
    return True


def _check_round_trip(game: Game) -> None:
    """The final state read back is the state (as data, and as the JSON the console shows)."""
    encoded = encode_state(game.state, game._initial)
    back = decode_state(json.loads(json.dumps(encoded)), game._initial)
    if encode_state(back, game._initial) != encoded or back.to_json() != game.state.to_json():
        raise Unencodable("the state does not read back the same")


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
