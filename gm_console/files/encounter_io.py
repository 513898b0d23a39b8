"""Encounter files: read and validate (every problem, with file and key
path), replay the log, and save atomically keeping a ``.bak``.

Saving writes the normal form (defaults left out, keys in schema order), so
load-then-save of a file that was saved once gives the same bytes.
Comments in a hand-written file are not kept by a save: the ``.bak`` is.

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
from collections.abc import Iterator
from typing import Any

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
        lines = [f"{self.path}: {p}" for p in problems]
        super().__init__("\n".join(lines) if lines else f"{self.path}: invalid encounter")

    def messages(self) -> list[str]:
        return [f"{self.path}: {p}" for p in self.problems]


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


# The log as a save writes it: ``log = [`` on its own line, one plain basic
# string per line (no escape, no quote, no control character but tab), ``]``.
_LOG_HEAD = "log = [\n"
_NOT_PLAIN = re.compile(r'[\\\x00-\x08\x0b-\x1f\x7f]')  # (newlines and quotes are counted instead)
_PLACEHOLDER = "gm-console: the log is read apart"


def _loads_saved_log(text: str) -> dict[str, Any] | None:
    """``tomllib.loads(text)`` for a file whose log is written as a save
    writes it, reading the log's lines with one split instead of the TOML
    parser (most of a long file is its log); None when the file is written
    otherwise or does not parse (the full parser then has the say, errors
    and all). The log's block is replaced by ``log = "<placeholder>"`` and
    the rest parsed: the placeholder comes back as the top-level ``log``
    only if the block stood where a top-level key does (not inside a string
    or under a table), so the document is the one the full parser reads."""
    start = 0 if text.startswith(_LOG_HEAD) else text.find("\n" + _LOG_HEAD) + 1
    if start == 0 and not text.startswith(_LOG_HEAD):
        return None
    first = start + len(_LOG_HEAD)
    end = text.find("\n]", first - 1) + 1  # the line holding the closing bracket
    if end == 0 or _PLACEHOLDER in text:
        return None
    body = text[first:end]  # '    "line",\n' for each line
    if body:
        if not (body.startswith('    "') and body.endswith('",\n')):
            return None
        items = body[5:-3].split('",\n    "')
        # each line is exactly '    "' + item + '",': no quote or newline but those, nothing to escape
        if body.count('"') != 2 * len(items) or body.count("\n") != len(items) or _NOT_PLAIN.search(body):
            return None
    else:
        items = []
    try:
        data = tomllib.loads(f'{text[:start]}log = "{_PLACEHOLDER}"{text[end + 1:]}')
    except (tomllib.TOMLDecodeError, RecursionError, ValueError):
        return None
    if data.get("log") != _PLACEHOLDER:
        return None
    data["log"] = items
    return data


def parse_toml(text: str) -> tuple[dict[str, Any], Problem | None]:
    """``tomllib.loads(text)``, or the problem that stopped it (with its line
    when the parser does not give one)."""
    fast = _loads_saved_log(text)
    if fast is not None:
        return fast, None
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


def load_encounter(path: str | Path, *, cache: bool = True) -> Game:
    """Read, validate and replay an encounter file (EncounterFileError for a bad one).

    With ``cache`` (the console's and the command line's way to open a
    file), a file opened before with the same bytes and the same code comes
    from the derived cache (files/cache.py: the final state and checkpoints,
    checked before use) without a replay, and a file replayed here leaves an
    entry for the next time. The game is the same either way."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise EncounterFileError(path, [Problem("", "no such file")]) from None
    except OSError as exc:
        raise EncounterFileError(path, [Problem("", f"cannot read: {exc.strerror or exc}")]) from None
    if cache:
        from gm_console.files import cache as derived

        key = derived.file_key(data)
        game = derived.read(path, key)
        if game is not None:
            return game
    text, problem = decode_utf8(data)
    del data  # (a long file: its bytes are not kept through the replay)
    if problem is not None:
        raise EncounterFileError(path, [problem])
    if not cache:
        return loads_encounter(text, str(path), path.parent)
    doc, problem = parse_toml(text)
    if problem is not None:
        raise EncounterFileError(path, [problem])
    if needs_resolution(doc):  # its units depend on other files too: not cached
        return _game_from_document(doc, text, str(path), path.parent)
    del text
    game = game_from_data(doc, str(path))
    log = doc.get("log", [])
    if isinstance(log, list):
        derived.write(path, key, game, log)
    return game



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
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError, ValueError):
        return None  # the encounter loader reports it, with its line
    kind = data.get("kind")
    return kind if isinstance(kind, str) else None


def dumps_encounter(game: Game, upto: int | None = None) -> str:
    lines = game.lines() if upto is None else game.lines()[:upto]
    return dumps_document(game.setup.to_dict(lines))


class NotPlain(Exception):
    """A log line that ``encounter_pieces`` does not write itself (it needs escaping)."""


def encounter_pieces(game: Game) -> Iterator[str]:
    """``dumps_encounter(game)`` in pieces, for a writer that need not hold the
    whole text (the recovery journal): the log is formatted ``_CHUNK`` lines
    at a time and none of it is kept (``Game.lines_between``). Raises
    ``NotPlain`` on the way when a line needs escaping, which only tomli_w
    writes: the caller then writes ``dumps_encounter(game)`` instead."""
    count = len(game.log)
    parts = _head_and_tail(game.setup.to_dict([_PLACEHOLDER])) if count else None
    if parts is None:
        yield dumps_encounter(game)
        return
    head, tail = parts
    yield head
    for i in range(0, count, _CHUNK):
        chunk = game.lines_between(i, i + _CHUNK)
        if not _plain_lines(chunk):
            raise NotPlain(f"log[{i}:{i + _CHUNK}]")
        yield _block(chunk)
    yield tail


_ESCAPED = re.compile(r'["\\\x00-\x08\x0a-\x1f\x7f]')  # what tomli_w escapes in a basic string (not tab)
_writes_logs_so: list[bool] = []  # whether tomli_w here writes a log the way ``dumps_document`` does
_CHUNK = 512  # log lines joined in one piece (``document_pieces``)


def dumps_document(data: dict[str, Any]) -> str:
    """``tomli_w.dumps(data)``, byte for byte (``document_pieces`` joined)."""
    return "".join(document_pieces(data))


def document_pieces(data: dict[str, Any]) -> Iterator[str]:
    """``tomli_w.dumps(data)`` in pieces whose concatenation is that text byte
    for byte, writing a long log's lines itself (most of a long file is its
    log): the document is dumped with ``log = "<placeholder>"`` and the
    placeholder's line replaced by the block tomli_w writes (``log = [``,
    ``    "line",`` each, ``]``), a piece per ``_CHUNK`` lines: no copy of the
    whole log is made on the way. Taken only for lines with nothing to
    escape, and only when this tomli_w is seen to write a probe so (checked
    once); otherwise one piece, tomli_w's."""
    log = data.get("log")
    parts = _head_and_tail(data) if log and type(log) is list and _plain_lines(log) else None
    if parts is None:
        yield _tomli_w().dumps(data)
        return
    head, tail = parts
    yield head
    for i in range(0, len(log), _CHUNK):
        yield _block(log[i : i + _CHUNK])
    yield tail


def _head_and_tail(data: dict[str, Any]) -> tuple[str, str] | None:
    """What tomli_w writes of ``data`` before its log's lines (up to ``log = [``)
    and after them (from ``]``), or None when the fast writing does not hold."""
    if not _fast_dump_ok():
        return None
    head = dict(data)
    head["log"] = _PLACEHOLDER
    text = _tomli_w().dumps(head)
    marker = f'log = "{_PLACEHOLDER}"\n'
    at = text.find(marker)
    if at < 0 or (at and text[at - 1] != "\n") or text.count(_PLACEHOLDER) != 1:
        return None
    return text[:at] + "log = [\n", "]\n" + text[at + len(marker) :]


def _block(lines: list[str]) -> str:
    return '    "' + '",\n    "'.join(lines) + '",\n'


def _plain_lines(log: list) -> bool:
    """Every line a string with nothing tomli_w escapes, and no placeholder
    (looked at ``_CHUNK`` lines at a time, not in one copy of the whole log)."""
    for i in range(0, len(log), _CHUNK):
        chunk = log[i : i + _CHUNK]
        if not all(type(line) is str for line in chunk):
            return False
        joined = "".join(chunk)
        if _ESCAPED.search(joined) or _PLACEHOLDER in joined:
            return False
    return True


def _fast_dump_ok() -> bool:
    if not _writes_logs_so:
        probe = {"format": 1, "title": "t", "log": ["next", "a\tb", "x [1]"], "units": [{"id": "u"}]}
        head = dict(probe, log=_PLACEHOLDER)
        tomli_w = _tomli_w()
        expected = tomli_w.dumps(probe)
        ours = tomli_w.dumps(head).replace(
            f'log = "{_PLACEHOLDER}"\n', 'log = [\n    "next",\n    "a\tb",\n    "x [1]",\n]\n'
        )
        _writes_logs_so.append(ours == expected)
    return _writes_logs_so[0]


def _tomli_w():
    """The TOML writer, imported on the first write (opening a file, the console's start, need none)."""
    import tomli_w

    return tomli_w


def save_encounter(game: Game, path: str | Path, *, upto: int | None = None, backup: bool = True) -> None:
    atomic_write(path, dumps_encounter(game, upto).encode("utf-8"), backup=backup)
