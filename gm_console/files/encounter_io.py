"""Encounter files: read and validate (every problem, with file and key
path), replay the log, and save atomically keeping a ``.bak``.

Saving keeps the file as the GM wrote it (comments, key order, layout) and
changes only what play changed (files/as_written.py); an encounter made
in memory is written in the normal form (defaults left out, keys in schema
order), so load-then-save of a file gives the same bytes.

Whatever the bytes, reading ends in a Game or an EncounterFileError whose
every line is ``FILE: [line L[, column C]: ][key.path: ]message``: a file
that is not UTF-8 (line and column of the first bad byte), not TOML, nested
too deeply for the parser (line where it goes past ``MAX_NESTING``), or with
an integer too long for Python to read (its line).
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

from gm_console.core.bounds import escaped
from gm_console.core.errors import SetupError
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
        lines = self.messages()
        super().__init__("\n".join(lines) if lines else f"{escaped(self.path)}: invalid encounter")

    def messages(self) -> list[str]:
        """One line a problem, safe to print anywhere (a file name or a quoted
        value with a control character comes escaped: ``core.bounds.escaped``)."""
        return [f"{escaped(self.path)}: {p}" for p in self.problems]


def loads_encounter(text: str, name: str = "<encounter>", base: Path | None = None) -> Game:
    """Parse, validate and replay an encounter document; raise EncounterFileError.
    ``from = "party:ID"`` / ``"library:ID"`` units are resolved first, relative
    to ``base`` (default: the folder of ``name``; files/library.py)."""
    data, problem = parse_toml(text)
    if problem is not None:
        raise EncounterFileError(name, [problem])
    return _game_from_document(data, text, name, base)


def needs_resolution(data: Any) -> bool:
    """Whether a document has units from a party or a library (``from =``) or
    counted copies (``count =``): files/library.py resolves them. Here, not
    there: a file with none (most) opens without importing the library and
    party code."""
    return isinstance(data, dict) and isinstance(data.get("units"), list) and any(isinstance(u, dict) and ("from" in u or "count" in u) for u in data["units"])


def _game_from_document(data: Any, text: str, name: str, base: Path | None) -> Game:
    game = _resolved_game(data, text, name, base)
    game.setup.source = text  # a save keeps the file as written (files/as_written.py)
    return game


def _resolved_game(data: Any, text: str, name: str, base: Path | None) -> Game:
    if not needs_resolution(data):
        return game_from_data(data, name)
    from gm_console.files.library import resolve_document

    folder = base if base is not None else (Path(name).parent if not name.startswith("<") else Path.cwd())
    resolution, problems = resolve_document(data, folder, text)
    if problems:
        raise EncounterFileError(name, problems)
    try:
        return game_from_data(resolution.data, name)
    except EncounterFileError as exc:
        raise EncounterFileError(name, [resolution.remap(p) for p in exc.problems]) from None


MAX_NESTING = 100  # arrays and inline tables inside each other; tomllib's recursion gives out a few hundred deep
_LONG_NUMBER = re.compile(r"[0-9][0-9_]{4299,}")


def parse_toml(text: str) -> tuple[dict[str, Any], Problem | None]:
    """``tomllib.loads(text)``, or the problem that stopped it (with its line
    when the parser does not give one)."""
    try:
        return tomllib.loads(text), None
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        if message.endswith("(at end of document)"):  # say which line that is
            message = message[:-1] + f": line {text.count(chr(10)) + 1})"
        return {}, Problem("", f"not valid TOML: {message}")
    except RecursionError:
        line = _too_deep_line(text)
        return {}, Problem("", f"not valid TOML: arrays or tables nested too deeply (more than {MAX_NESTING} levels)", line=line)
    except ValueError as exc:  # an integer of more than 4,300 digits: int() refuses it inside the parser
        m = _LONG_NUMBER.search(text)
        line = text.count("\n", 0, m.start()) + 1 if m else None
        return {}, Problem("", f"not valid here: a number too long to read ({exc}); numbers have at most 9 digits", line=line)


def _too_deep_line(text: str) -> int | None:
    """The line where arrays and inline tables first nest more than
    ``MAX_NESTING`` deep (strings and comments skipped), or None."""
    depth, line, i, n = 0, 1, 0, len(text)
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
        elif c in "[{":
            depth += 1
            if depth > MAX_NESTING:
                return line
        elif c in "]}":
            depth = max(0, depth - 1)
        elif c == "#":
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        elif c in "\"'":
            quote = c * 3 if text.startswith(c * 3, i) else c
            i += len(quote)
            while i < n and not text.startswith(quote, i):
                if text[i] == "\\" and quote[0] == '"':
                    i += 1
                elif text[i] == "\n":
                    line += 1
                i += 1
            i += len(quote)
            continue
        i += 1
    return None


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
    except SetupError as exc:  # a system could not build what the setup names (a card, a weapon)
        raise EncounterFileError(name, [Problem(path, message) for path, message in exc.problems]) from None
    except ValueError as exc:  # a system refused the setup while building the state
        raise EncounterFileError(name, [Problem("", str(exc))]) from None


def load_encounter(path: str | Path) -> Game:
    """Read, validate and replay an encounter file (EncounterFileError for a bad one)."""
    from gm_console.files.reading import UnreadableFile, read_user_file

    path = Path(path)
    try:
        data = read_user_file(path)
    except FileNotFoundError:
        raise EncounterFileError(path, [Problem("", "no such file")]) from None
    except IsADirectoryError:
        raise EncounterFileError(path, [Problem("", "a folder, not an encounter file")]) from None
    except UnreadableFile as exc:
        raise EncounterFileError(path, [Problem("", exc.reason)]) from None
    except OSError as exc:
        raise EncounterFileError(path, [Problem("", f"cannot read: {exc.strerror or exc}")]) from None
    text, problem = decode_utf8(data)
    if problem is not None:
        raise EncounterFileError(path, [problem])
    return loads_encounter(text, str(path), path.parent)


def decode_utf8(data: bytes) -> tuple[str, Problem | None]:
    """The text of a file's bytes, or where (line, column) they stop being UTF-8."""
    try:
        return data.decode("utf-8"), None
    except UnicodeDecodeError as exc:
        start = exc.start
        line_start = data.rfind(b"\n", 0, start) + 1
        column = len(data[line_start:start].decode("utf-8", errors="replace")) + 1
        line = data.count(b"\n", 0, start) + 1
        bad = data[start : max(exc.end, start + 1)]
        message = f"not UTF-8 text: byte{'s' if len(bad) > 1 else ''} {' '.join(f'0x{b:02x}' for b in bad)} ({exc.reason}); save the file as UTF-8"
        return "", Problem("", message, line=line, column=column)


def check_file(path: str | Path) -> list[str]:
    """Every problem in an encounter, party or library file (by its ``kind``),
    as 'FILE: PATH: message' lines."""
    kind = _kind_of(Path(path))
    if kind in ("party", "library"):
        from gm_console.files.library import load_library
        from gm_console.files.party import PartyFileError, load_party

        try:
            (load_party if kind == "party" else load_library)(path)
        except PartyFileError as exc:
            return exc.messages()
        return []
    try:
        load_encounter(path)
    except EncounterFileError as exc:
        return exc.messages()
    return []


def _kind_of(path: Path) -> str | None:
    """The top-level ``kind`` of a readable TOML file, or None (an encounter has none)."""
    from gm_console.files.reading import read_user_file

    try:
        data = tomllib.loads(read_user_file(path).decode("utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError, ValueError):
        return None  # the encounter loader reports it, with its line
    kind = data.get("kind")
    return kind if isinstance(kind, str) else None


def dumps_encounter(game: Game, upto: int | None = None) -> str:
    """The encounter's text with its log (up to ``upto`` actions): the file it
    was read from with what play changed (files/as_written.py), or for an
    encounter read from no file, or one that cannot be kept so, the normal form."""
    data = game.document(upto)
    if game.setup.source is not None:
        from gm_console.files.as_written import write_over

        text = write_over(game.setup.source, data)
        if text is not None:
            return text
    return dumps_document(data)


def dumps_document(data: dict[str, Any]) -> str:
    """The TOML text of a document (tomli_w, imported on the first write:
    opening a file, the console's start, need none)."""
    import tomli_w

    return tomli_w.dumps(data)


def save_encounter(game: Game, path: str | Path, *, upto: int | None = None, backup: bool = True) -> None:
    atomic_write(path, dumps_encounter(game, upto).encode("utf-8"), backup=backup)
