"""The recovery journal: nothing applied at the table is ever lost.

When the console opens an encounter it writes a journal in the user data
folder: the encounter document as it was, then one JSON line per change of
the log (``{"push": "<notation>"}`` or ``{"pop": 1}``; before an add from a
library, ``{"template": ID, "table": {...}}``), each written and flushed to
the operating system before the console shows the result (so a crash or a
kill of the console loses nothing) and fsynced to the disk a moment later
by a background thread, off the keystroke's path (so a power cut loses at
most the last few milliseconds). A clean quit deletes it; after
a crash or a kill the next start finds it and offers to recover. A torn last
line (killed mid-write) is ignored: at most the action in flight is lost.

Each session writes its own journal (``NAME.journal``, ``NAME.2.journal``,
...) and holds a lock on it while it runs, so a journal left by a crash is
never overwritten by the next session: only the GM's confirmed "discard", or
a save that holds its actions, removes it.
"""

from __future__ import annotations

import json
import os
import sys
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass
from hashlib import sha256
from pathlib import Path
from typing import IO, Any

if sys.platform != "win32":  # POSIX: a live session locks its journal
    import fcntl
else:  # pragma: no cover - Windows has no fcntl
    fcntl = None

from gm_console.core.game import Game
from gm_console.files.encounter_io import dumps_document, loads_encounter

VERSION = 1


def _stem(source: Path | None) -> str:
    if source is None:
        return "demo"
    key = sha256(str(source.resolve()).encode()).hexdigest()[:16]
    return f"{source.stem}-{key}"


def journal_path(folder: Path, source: Path | None, n: int = 1) -> Path:
    """The ``n``-th journal of an encounter file (the bundled demo has its own).
    A session writes the first free one, so a journal left by a crash stays
    untouched until the GM decides what to do with it."""
    return folder / (f"{_stem(source)}.journal" if n == 1 else f"{_stem(source)}.{n}.journal")


def journals_for(folder: Path, source: Path | None) -> list[Path]:
    """Every journal of this encounter in ``folder``, newest first."""
    stem = _stem(source)
    try:
        names = [p for p in folder.iterdir() if p.name == f"{stem}.journal" or (
            p.name.startswith(f"{stem}.") and p.name.endswith(".journal") and p.name[len(stem) + 1 : -8].isdigit())]
    except OSError:
        return []

    def mtime(p: Path) -> float:
        try:
            return p.stat().st_mtime
        except OSError:
            return 0.0

    return sorted(names, key=mtime, reverse=True)


def free_journal_path(folder: Path, source: Path | None) -> Path:
    n = 1
    while journal_path(folder, source, n).exists():
        n += 1
    return journal_path(folder, source, n)


def in_use(path: Path) -> bool:
    """True while another running console holds this journal (it locks it)."""
    if fcntl is None:
        return False
    try:
        with open(path, "rb") as handle:
            try:
                fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                return True
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
    except OSError:
        return False
    return False


class _Syncer:
    """fsyncs one open file on a background thread whenever asked, so the
    keystroke that wrote a record does not wait for the disk; ``finish``
    does a last fsync in the caller's thread before the file is closed."""

    def __init__(self, fd: int) -> None:
        self._fd: int | None = fd
        self._lock = threading.Lock()  # held while a sync runs, so the file is never closed under it
        self._wake = threading.Event()
        self._thread = threading.Thread(target=self._run, name="journal-fsync", daemon=True)
        self._thread.start()

    def request(self) -> None:
        self._wake.set()

    def _run(self) -> None:
        while True:
            self._wake.wait()
            self._wake.clear()
            with self._lock:
                if self._fd is None:
                    return
                try:
                    os.fsync(self._fd)
                except OSError:  # the next record or finish() tries again
                    pass

    def finish(self) -> None:
        with self._lock:
            fd, self._fd = self._fd, None
            if fd is not None:
                os.fsync(fd)
        self._wake.set()
        self._thread.join(timeout=1.0)


class Journal:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._handle: IO[str] | None = None
        self._syncer: _Syncer | None = None
        self._templates: set[str] = set()  # the templates the journal holds (its base's, then its records')

    def start(self, game: Game, source: Path | None) -> None:
        """Begin a journal from the game as it is now (its whole log is the base)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.close()
        header = {"journal": VERSION, "source": str(source) if source else None, "started": time.time()}
        tmp = self.path.with_name(self.path.name + ".tmp")
        with open(tmp, "w", encoding="utf-8") as handle:
            handle.write(json.dumps(header) + "\n")
            # the base in the normal form (tomli_w: a journal is for recovery, not for reading), and
            # the text the file was read from, so a save after a recovery keeps it as written
            handle.write(json.dumps({"base": dumps_document(game.document()), "written": game.setup.source}) + "\n")
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, self.path)
        self._templates = set(game.setup.templates)
        self._handle = open(self.path, "a", encoding="utf-8")
        self._syncer = _Syncer(self._handle.fileno())
        if fcntl is not None:  # other consoles see it is live and leave it alone
            try:
                fcntl.flock(self._handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                pass

    def _write(self, record: dict) -> None:
        if self._handle is None:
            return
        self._handle.write(json.dumps(record) + "\n")
        self._handle.flush()  # in the operating system's hands: a kill of the console loses nothing
        if self._syncer is not None:
            self._syncer.request()

    def push(self, line: str, templates: Mapping[str, Any] | None = None) -> None:
        """Record a line pushed; first, each of ``templates`` (the encounter's,
        ``Setup.templates``) the journal does not hold yet, as
        ``{"template": KEY, "table": {...}}``: an ``add UNIT from=library:KEY``
        then recovers from the journal alone, whatever the library says later."""
        for key, table in (templates or {}).items():
            if key not in self._templates:
                self._write({"template": key, "table": table})
                self._templates.add(key)
        self._write({"push": line})

    def pop(self) -> None:
        self._write({"pop": 1})

    def close(self) -> None:
        if self._syncer is not None:
            syncer, self._syncer = self._syncer, None
            try:
                syncer.finish()
            except OSError:
                pass
        if self._handle is not None:
            self._handle.close()
            self._handle = None

    def discard(self) -> None:
        self.close()
        try:
            self.path.unlink()
        except FileNotFoundError:
            pass


@dataclass
class Recovered:
    source: str | None
    started: float
    game: Game
    changes: int  # journal records replayed on top of the base
    base_text: str = ""  # the encounter document as the journal began (before its changes)
    path: str = ""
    written: str | None = None  # the text the encounter file was read from (a save writes over it)

    def base_game(self) -> Game | None:
        """The encounter as the journal began; loaded only when asked for (the
        console needs it only when the encounter file itself is gone)."""
        try:
            game = loads_encounter(self.base_text, self.path)
        except ValueError:
            return None
        game.setup.source = self.written
        return game


def read_journal(path: Path) -> Recovered | None:
    """The game a journal describes, or None when there is nothing usable."""
    try:
        raw = path.read_text(encoding="utf-8")
    except OSError:
        return None
    lines = raw.split("\n")
    try:
        header = json.loads(lines[0])
        first = json.loads(lines[1])
        base = first["base"]
    except (ValueError, KeyError, IndexError, TypeError):
        return None
    written = first.get("written")
    written = written if isinstance(written, str) else None
    try:
        game = loads_encounter(base, str(path))
    except ValueError:
        return None
    game.setup.source = written
    changes = 0
    for text in lines[2:]:
        if not text.strip():
            continue
        try:
            record = json.loads(text)
        except ValueError:
            break  # a torn last line: the action in flight
        if not isinstance(record, dict):
            break
        try:
            if isinstance(record.get("template"), str) and isinstance(record.get("table"), dict):
                game.add_template(record["template"], record["table"])  # before the add that uses it
                continue
            if isinstance(record.get("push"), str):
                game.push(game.parse(record["push"], names=False))  # ids as written: never names
            elif "pop" in record:
                game.undo()
        except ValueError:
            break
        changes += 1
    if not isinstance(header, dict):
        return None
    started = header.get("started", 0.0)
    source = header.get("source")
    return Recovered(source if isinstance(source, str) else None, started if isinstance(started, (int, float)) else 0.0, game, changes, base, str(path), written)
