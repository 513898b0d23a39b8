"""The recovery journal: nothing applied at the table is ever lost.

When the console opens an encounter it writes a journal in the user data
folder: the encounter document as it was, then one JSON line per change of
the log (``{"push": "<notation>"}`` or ``{"pop": 1}``), each flushed and
fsynced before the console shows the result. A clean quit deletes it; after
a crash or a kill the next start finds it and offers to recover. A torn last
line (killed mid-write) is ignored: at most the action in flight is lost.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

from gm_console.core.game import Game
from gm_console.files.encounter_io import dumps_encounter, loads_encounter

VERSION = 1


def journal_path(folder: Path, source: Path | None) -> Path:
    """One journal per encounter file (the bundled demo has its own)."""
    if source is None:
        return folder / "demo.journal"
    key = hashlib.sha256(str(source.resolve()).encode()).hexdigest()[:16]
    return folder / f"{source.stem}-{key}.journal"


class Journal:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._handle = None

    def start(self, game: Game, source: Path | None) -> None:
        """Begin a journal from the game as it is now (its whole log is the base)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.close()
        header = {"journal": VERSION, "source": str(source) if source else None, "started": time.time()}
        tmp = self.path.with_suffix(".tmp")
        with open(tmp, "w", encoding="utf-8") as handle:
            handle.write(json.dumps(header) + "\n")
            handle.write(json.dumps({"base": dumps_encounter(game)}) + "\n")
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, self.path)
        self._handle = open(self.path, "a", encoding="utf-8")

    def _write(self, record: dict) -> None:
        if self._handle is None:
            return
        self._handle.write(json.dumps(record) + "\n")
        self._handle.flush()
        os.fsync(self._handle.fileno())

    def push(self, line: str) -> None:
        self._write({"push": line})

    def pop(self) -> None:
        self._write({"pop": 1})

    def close(self) -> None:
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


def read_journal(path: Path) -> Recovered | None:
    """The game a journal describes, or None when there is nothing usable."""
    try:
        raw = path.read_text(encoding="utf-8")
    except OSError:
        return None
    lines = raw.split("\n")
    try:
        header = json.loads(lines[0])
        base = json.loads(lines[1])["base"]
    except (ValueError, KeyError, IndexError, TypeError):
        return None
    try:
        game = loads_encounter(base, str(path))
    except ValueError:
        return None
    changes = 0
    for text in lines[2:]:
        if not text.strip():
            continue
        try:
            record = json.loads(text)
        except ValueError:
            break  # a torn last line: the action in flight
        try:
            if "push" in record:
                game.push_line(record["push"])
            elif "pop" in record:
                game.undo()
        except ValueError:
            break
        changes += 1
    return Recovered(header.get("source"), header.get("started", 0.0), game, changes)
