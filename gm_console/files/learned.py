"""What the rules lookup learned from this GM: ``<user data>/lookup-learned.toml``.

A plain TOML file the GM can read and edit: under ``[learned]``, a question
(as the lookup remembers it: lower case, single spaces) = the key of the entry
the GM opened for it when it was not the first hit. The lookup ranks that entry
first for that question next time (``gm_console/lookup/answer.py``). It lives
in the user data folder only: never in an encounter, never in the player view.

Read once as the console starts; written whole and atomically on each change.
A file that cannot be read is reported (the file and the line) and never written
over: what the GM wrote is theirs to fix.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from gm_console.files.paths import user_data_dir

FILE_NAME = "lookup-learned.toml"
TABLE = "learned"
HEADER = """\
# What the rules lookup (ctrl+r, ctrl+p, gm-console rules) learned from this GM: a question, and the
# entry opened for it when it was the second or third hit. That entry comes first for the question
# next time. Edit or delete lines freely; `lookup: forget` in the palette (ctrl+p) removes them, and
# `learn = false` under [lookup] in the config file turns learning off. Never shared, never in an encounter.

"""
_AT = re.compile(r"\s*\(at line (\d+), column \d+\)$")


def learned_path() -> Path:
    return user_data_dir() / FILE_NAME


class Learned:
    """The file's questions (as written) -> entry keys; ``problems`` names the file and line of each
    part that was skipped; ``writable`` is False when writing would lose something the GM wrote."""

    def __init__(self, questions: dict[str, str] | None = None, problems: list[str] | None = None) -> None:
        self.questions: dict[str, str] = {} if questions is None else questions
        self.problems: list[str] = [] if problems is None else problems

    @property
    def writable(self) -> bool:
        return not self.problems


def read_learned(path: Path | None = None) -> Learned:
    """The learned questions of ``path`` (default: the user's file); none when it does not exist."""
    from gm_console.files.reading import read_user_file

    path = path or learned_path()
    try:
        text = read_user_file(path).decode("utf-8")
    except FileNotFoundError:
        return Learned()
    except (OSError, UnicodeDecodeError) as exc:
        return Learned(problems=[f"{path}: cannot read it: {getattr(exc, 'reason', None) or exc}"])
    try:
        data = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError) as exc:
        message = str(exc)
        at = _AT.search(message)
        where = f"{path}, line {at.group(1)}" if at else str(path)
        return Learned(problems=[f"{where}: {_AT.sub('', message)}"])
    questions: dict[str, str] = {}
    problems: list[str] = []
    for key, value in data.items():
        if key != TABLE:
            problems.append(f"{_where(path, text, key)}: unknown key {key!r}; the file holds one table, [{TABLE}]")
        elif not isinstance(value, dict):
            problems.append(f"{_where(path, text, key)}: {TABLE} must be a table of question = entry key")
    table = data.get(TABLE)
    for question, entry in (table.items() if isinstance(table, dict) else ()):
        if isinstance(entry, str) and question.strip():
            questions[question] = entry
        else:
            problems.append(
                f"{_where(path, text, question)}: {TABLE}.{question!r}: expected an entry key such as \"ctb.kennel\""
                f" (a string), got {type(entry).__name__} {entry!r}"[:300]
            )
    return Learned(questions, problems)


def _where(path: Path, text: str, key: str) -> str:
    """``path, line N`` where ``key`` is first set (or its table begins); ``path`` when not found."""
    quoted = re.escape(key)
    pattern = re.compile(rf"^\s*(?:\[\s*)?(?:{quoted}|\"{quoted}\"|'{quoted}')\s*[=\]]")
    for number, line in enumerate(text.splitlines(), 1):
        if pattern.match(line):
            return f"{path}, line {number}"
    return str(path)


def learned_text(questions: dict[str, str]) -> str:
    import tomli_w  # only to write the file

    return HEADER + tomli_w.dumps({TABLE: dict(sorted(questions.items()))})


def write_learned(questions: dict[str, str], path: Path | None = None) -> Path:
    """Write the whole file atomically (files/atomic.py); its folder is made if missing."""
    from gm_console.files.atomic import atomic_write

    path = path or learned_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(path, learned_text(questions).encode("utf-8"), backup=False)
    return path
