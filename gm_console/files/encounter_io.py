"""Encounter files: read and validate (every problem, with file and key
path), replay the log, and save atomically keeping a ``.bak``.

Saving writes the normal form (defaults left out, keys in schema order), so
load-then-save of a file that was saved once gives the same bytes.
Comments in a hand-written file are not kept by a save: the ``.bak`` is.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import tomli_w

from gm_console.core.game import Game, LogError
from gm_console.core.schema import Problem
from gm_console.core.setup import Setup, check_document
from gm_console.files.atomic import atomic_write
from gm_console.files.catalogues import load_catalogues


class EncounterFileError(ValueError):
    """A file that is not a valid encounter; carries every problem found."""

    def __init__(self, path: str | Path, problems: list[Problem]) -> None:
        self.path = str(path)
        self.problems = problems
        lines = [f"{self.path}: {p}" for p in problems]
        super().__init__("\n".join(lines) if lines else f"{self.path}: invalid encounter")

    def messages(self) -> list[str]:
        return [f"{self.path}: {p}" for p in self.problems]


def loads_encounter(text: str, name: str = "<encounter>") -> Game:
    """Parse, validate and replay an encounter document; raise EncounterFileError."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise EncounterFileError(name, [Problem("", f"not valid TOML: {exc}")]) from None
    return game_from_data(data, name)


def game_from_data(data: dict[str, Any], name: str = "<encounter>") -> Game:
    setup, log, problems = check_document(data)
    catalogue_problems: list[Problem] = []
    if setup is not None:
        setup = Setup(setup.data, load_catalogues(setup.systems, catalogue_problems))
    if problems or catalogue_problems or setup is None:
        raise EncounterFileError(name, problems + catalogue_problems)
    try:
        return Game.load(setup, log)
    except LogError as exc:
        raise EncounterFileError(name, [exc.problem]) from None
    except ValueError as exc:  # a system refused the setup while building the state
        raise EncounterFileError(name, [Problem("", str(exc))]) from None


def load_encounter(path: str | Path) -> Game:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise EncounterFileError(path, [Problem("", "no such file")]) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise EncounterFileError(path, [Problem("", f"cannot read: {exc}")]) from None
    return loads_encounter(text, str(path))


def check_file(path: str | Path) -> list[str]:
    """Every problem in an encounter file, as 'FILE: PATH: message' lines."""
    try:
        load_encounter(path)
    except EncounterFileError as exc:
        return exc.messages()
    return []


def dumps_encounter(game: Game, upto: int | None = None) -> str:
    lines = game.lines() if upto is None else game.lines()[:upto]
    return tomli_w.dumps(game.setup.to_dict(lines))


def save_encounter(game: Game, path: str | Path, *, upto: int | None = None, backup: bool = True) -> None:
    atomic_write(path, dumps_encounter(game, upto).encode("utf-8"), backup=backup)
