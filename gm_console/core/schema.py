"""A small declarative schema for TOML data: check, normalise, dump, describe.

Every problem is collected with its key path (``units[2].hp``) and what was
expected, so a file with ten mistakes reports ten lines, not the first one.
Unknown keys are errors, with the nearest known key suggested. A table or
array with bad parts is still returned (bad values replaced by ``INVALID``,
unknown keys dropped) so that later checks can find the problems that remain.

The same specs produce the normalised form that is saved (defaults omitted,
keys in a fixed order), which is what makes load-then-save byte-stable.

Bounds (the numbers are in gm_console/core/bounds.py, shared with the notation):

* ``Int`` without ``min``/``max`` takes at most 9 digits (``|n| <= 999,999,999``);
  explicit bounds replace that (the dice seed goes up to 2**63 - 1);
* ``Float`` refuses NaN and the infinities (TOML has ``nan`` and ``inf``, and
  NaN passes every ``<``/``>`` comparison);
* ``Str`` is one line of displayed text (a name, a title, a trait), at most 200
  characters; ``Id`` at most 80; ``Text`` is free text (a description, a
  card's text) of up to 10,000 characters that may hold newlines and tabs;
* no string holds a control character (Unicode Cc), U+2028/U+2029, a lone
  surrogate, or a bidi override or isolate (U+202A-U+202E, U+2066-U+2069);
  ``Str(raw=True)`` (the log lines) leaves that to the notation, which names
  the entry (``log[3]``);
* a key of a table of ids (cards, stats, pools) is at most 80 characters;
  a key longer than 40 characters or holding such characters is shown cut
  and escaped in key paths, so a message never carries what it refuses.

Every string check runs its length test first, so a megabyte of text is
refused in the time it takes to measure it.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from gm_console.core import bounds
from gm_console.core.errors import nearest


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a document, at a key path (``units[2].hp``) and,
    when known, a line and column of the file (``line 3, column 12: ...``)."""

    path: str
    message: str
    line: int | None = None
    column: int | None = None

    def __str__(self) -> str:
        where = ""
        if self.line is not None:
            where = f"line {self.line}" + (f", column {self.column}" if self.column is not None else "") + ": "
        # quoted file values, keys and parser messages reach any terminal: escaped here, once
        return where + bounds.escaped(f"{self.path}: {self.message}" if self.path else self.message)


class _Invalid:
    def __repr__(self) -> str:
        return "INVALID"


INVALID: Any = _Invalid()
MISSING: Any = object()


_PLAIN_KEY = re.compile(r"[A-Za-z0-9_-]{1,40}")
MAX_KEY_SHOWN = 40


def join(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    if not _PLAIN_KEY.fullmatch(key):
        key = '"' + _escaped(key[:MAX_KEY_SHOWN]) + ('..."' if len(key) > MAX_KEY_SHOWN else '"')
    return f"{path}.{key}" if path else key


def _escaped(text: str) -> str:
    """``text`` with quotes, backslashes and anything unprintable escaped."""
    out = []
    for c in text:
        if c in '"\\':
            out.append("\\" + c)
        elif c.isprintable():
            out.append(c)
        else:
            out.append(repr(c)[1:-1])
    return "".join(out)


_TYPE_NAMES: tuple[tuple[type, str], ...] = (
    (bool, "a boolean"),  # before int: a bool is an int to isinstance
    (int, "an integer"),
    (float, "a float"),
    (str, "a string"),
    (list, "an array"),
    (dict, "a table"),
)


def type_name(value: Any) -> str:
    """The type of ``value`` in the words of a problem: ``an integer``, ``a table``, ..."""
    for kind, name in _TYPE_NAMES:
        if isinstance(value, kind):
            return name
    return type(value).__name__


def shown_value(value: Any) -> str:
    if isinstance(value, int) and value.bit_length() > 128:  # str() of 4,300 digits or more raises
        return f"<a number of about {int(value.bit_length() * math.log10(2)) + 1:,} digits>"
    if isinstance(value, str) and len(value) > 40:
        value = value[:40]  # repr() of a long string only to cut it
    elif isinstance(value, (list, dict)):
        return f"<{type_name(value)} of {len(value)} items>" if len(value) > 8 else _short_repr(value)
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _short_repr(value: Any) -> str:
    try:
        text = repr(value)
    except (RecursionError, ValueError):  # deeply nested, or a number too long to show
        return f"<{type_name(value)}>"
    return text if len(text) <= 40 else text[:37] + "..."


class Spec:
    """A node of a schema. Its subclasses are frozen value classes with eq=False:
    a schema is made once and its nodes are told apart by identity."""

    doc: str = ""

    def check(self, value: Any, path: str, problems: list[Problem]) -> Any:
        raise NotImplementedError

    def dump(self, value: Any) -> Any:
        return value

    def describe(self) -> str:
        raise NotImplementedError

    def passes_as_is(self) -> type | None:
        """A type every value of which ``check`` returns unchanged, with no
        problem (None when values need checking): a long array of such items
        (the log) skips the per-item call."""
        return None

    def _bad(self, value: Any, path: str, problems: list[Problem]) -> Any:
        problems.append(Problem(path, f"expected {self.describe()}, got {type_name(value)} {shown_value(value)}"))
        return INVALID


class _Number(Spec):
    """What Int and Float share: a type test that keeps booleans out, optional ``min`` and ``max``
    bounds (the subclass's fields), and the words that describe them."""

    KIND = ""  # "an integer"
    FMT = ""  # how the bounds are written
    TYPES: tuple[type, ...] = ()
    min: Any
    max: Any

    def _bad_type(self, value: Any) -> bool:
        return isinstance(value, bool) or not isinstance(value, self.TYPES)

    def _outside(self, number: float) -> bool:
        return (self.min is not None and number < self.min) or (self.max is not None and number > self.max)

    def describe(self) -> str:
        return _range_words(self.KIND, self.min, self.max, self.FMT)


@dataclass(frozen=True, eq=False)
class Int(_Number):
    """A whole number, optionally within ``min``..``max``."""

    KIND, TYPES = "an integer", (int,)
    min: int | None = None
    max: int | None = None
    doc: str = ""

    def check(self, value: Any, path: str, problems: list[Problem]) -> Any:
        if self._bad_type(value) or self._outside(value):
            return self._bad(value, path, problems)
        if (self.min is None and value < -bounds.MAX_NUMBER) or (self.max is None and value > bounds.MAX_NUMBER):
            problems.append(
                Problem(path, f"expected {self.describe()} of at most {bounds.MAX_DIGITS} digits (up to {bounds.MAX_NUMBER:,}), got {shown_value(value)}")
            )
            return INVALID
        return value


@dataclass(frozen=True, eq=False)
class Float(_Number):
    """A number (an integer is read as a float), optionally within ``min``..``max``."""

    KIND, FMT, TYPES = "a number", "g", (int, float)
    min: float | None = None
    max: float | None = None
    doc: str = ""

    def check(self, value: Any, path: str, problems: list[Problem]) -> Any:
        if self._bad_type(value):
            return self._bad(value, path, problems)
        try:
            number = float(value)
        except OverflowError:  # an integer beyond any float
            number = math.inf
        if not math.isfinite(number):  # NaN passes every comparison below
            problems.append(Problem(path, f"expected {self.describe()}, got {shown_value(value)}: not a finite number"))
            return INVALID
        if self._outside(number):
            return self._bad(value, path, problems)
        return number


def _range_words(kind: str, low: float | None, high: float | None, fmt: str) -> str:
    """``an integer from 1 to 6``, ``a number >= 0.5``, or just the kind."""
    if low is not None and high is not None:
        return f"{kind} from {low:{fmt}} to {high:{fmt}}"
    if low is not None:
        return f"{kind} >= {low:{fmt}}"
    if high is not None:
        return f"{kind} <= {high:{fmt}}"
    return kind


@dataclass(frozen=True, eq=False)
class Bool(Spec):
    """true or false."""

    doc: str = ""

    def check(self, value: Any, path: str, problems: list[Problem]) -> Any:
        if not isinstance(value, bool):
            return self._bad(value, path, problems)
        return value

    def describe(self) -> str:
        return "true or false"


ID_PATTERN = r"[A-Za-z][A-Za-z0-9_-]*"


@dataclass(frozen=True, eq=False)
class Str(Spec):
    """A string: one of ``choices``, or matching ``pattern``, or any (non-empty unless ``allow_empty``).

    At most ``max_len`` characters (None: no bound); no control, separator or
    bidi character (``multiline`` admits newlines and tabs); ``raw`` skips the
    character check, for strings another layer checks (the log's notation).
    """

    choices: tuple[str, ...] | None = None
    pattern: str | None = None
    pattern_doc: str = ""
    allow_empty: bool = False
    doc: str = ""
    max_len: int | None = bounds.MAX_LABEL
    multiline: bool = False
    raw: bool = False

    def check(self, value: Any, path: str, problems: list[Problem]) -> Any:
        if not isinstance(value, str):
            return self._bad(value, path, problems)
        problem = bounds.too_long(value, self.max_len)
        if problem is None and not self.raw:
            problem = bounds.unsafe_character(value, multiline=self.multiline)
        if problem is not None:
            problems.append(Problem(path, problem))
            return INVALID
        if self.choices is not None and value not in self.choices:
            hint = nearest(value, self.choices)
            extra = f" (did you mean {hint!r}?)" if hint else ""
            problems.append(Problem(path, f"expected one of {', '.join(map(repr, self.choices))}, got {shown_value(value)}{extra}"))
            return INVALID
        if self.pattern is not None and not re.fullmatch(self.pattern, value):
            return self._bad(value, path, problems)
        if not value and not self.allow_empty:
            return self._bad(value, path, problems)
        return value

    def passes_as_is(self) -> type | None:
        plain = self.choices is None and self.pattern is None and self.allow_empty
        return str if plain and self.raw and self.max_len is None else None

    def describe(self) -> str:
        if self.choices is not None:
            return "one of " + ", ".join(map(repr, self.choices))
        if self.pattern is not None:
            text = self.pattern_doc or f"a string matching {self.pattern}"
            return text if self.max_len is None else f"{text}, up to {self.max_len:,} characters"
        if self.multiline:
            text = "text (newlines allowed)"
        else:
            text = "a string" if self.allow_empty else "a non-empty string"
        return text if self.max_len is None else f"{text} of up to {self.max_len:,} characters"


def Id(doc: str = "") -> Str:
    return Str(pattern=ID_PATTERN, pattern_doc="an id (a letter, then letters, digits, _ or -)", doc=doc, max_len=bounds.MAX_ID)


def Text(doc: str = "", *, allow_empty: bool = True) -> Str:
    """Free text shown to the GM (a description, a card's text): may hold
    newlines and tabs, up to ``bounds.MAX_TEXT`` characters."""
    return Str(allow_empty=allow_empty, multiline=True, max_len=bounds.MAX_TEXT, doc=doc)


@dataclass(frozen=True, eq=False)
class List(Spec):
    """An array of ``item``, optionally of unique items and bounded length."""

    item: Spec
    unique: bool = False
    min_len: int = 0
    max_len: int | None = None
    doc: str = ""

    def check(self, value: Any, path: str, problems: list[Problem]) -> Any:
        if not isinstance(value, list):
            return self._bad(value, path, problems)
        as_is, check = self.item.passes_as_is(), self.item.check
        out = [v if type(v) is as_is else check(v, join(path, i), problems) for i, v in enumerate(value)]
        if len(value) < self.min_len or (self.max_len is not None and len(value) > self.max_len):
            problems.append(Problem(path, f"expected {self.describe()}, got {len(value)} items"))
            return INVALID
        if self.unique:
            seen: set[Any] = set()
            for i, v in enumerate(value):
                if isinstance(v, (str, int)) and v in seen:
                    problems.append(Problem(join(path, i), f"duplicate {v!r}"))
                if isinstance(v, (str, int)):
                    seen.add(v)
        return out

    def dump(self, value: Any) -> Any:
        return [self.item.dump(v) for v in value]

    def describe(self) -> str:
        size = ""
        if self.min_len and self.max_len is not None:
            size = f" of {self.min_len} to {self.max_len}"
        elif self.min_len:
            size = f" of at least {self.min_len}"
        return f"an array{size} of {self.item.describe()}"


@dataclass(frozen=True, eq=False)
class Key:
    """A key of a table: its spec, whether it is required, its default, its documentation."""

    spec: Spec
    required: bool = False
    default: Any = MISSING
    doc: str = ""


@dataclass(frozen=True, eq=False)
class Table(Spec):
    """A TOML table with known keys; ``extra`` admits any other key with that spec."""

    keys: Mapping[str, Key] = field(default_factory=dict)
    extra: Spec | None = None
    extra_key: str = ID_PATTERN
    doc: str = ""
    name: str = "a table"

    def check(self, value: Any, path: str, problems: list[Problem]) -> Any:
        if not isinstance(value, dict):
            return self._bad(value, path, problems)
        out: dict[str, Any] = {}
        for key, raw in value.items():
            sub = join(path, key)
            known = self.keys.get(key)
            if known is not None:
                out[key] = known.spec.check(raw, sub, problems)
            elif self.extra is not None and len(key) > bounds.MAX_ID:  # extra keys are ids (of cards, stats, pools ...)
                problems.append(Problem(sub, f"key {bounds.too_long(key, bounds.MAX_ID)}"))
            elif self.extra is not None and re.fullmatch(self.extra_key, key):
                out[key] = self.extra.check(raw, sub, problems)
            else:
                hint = nearest(key, self.keys) if len(key) <= MAX_KEY_SHOWN else None
                shown = shown_value(key)
                if hint:
                    problems.append(Problem(sub, f"unknown key {shown} (did you mean {hint!r}?)"))
                elif self.keys:
                    problems.append(Problem(sub, f"unknown key {shown}; expected one of: {', '.join(self.keys)}"))
                else:
                    problems.append(Problem(sub, f"unknown key {shown}"))
        for key, spec in self.keys.items():
            if key in out:
                continue
            if spec.required:
                problems.append(Problem(join(path, key), f"missing required key: expected {spec.spec.describe()}"))
                out[key] = INVALID
            elif spec.default is not MISSING:
                out[key] = _fresh(spec.default)
        ordered = {k: out[k] for k in self.keys if k in out}
        ordered.update((k, v) for k, v in out.items() if k not in self.keys)
        return ordered

    def dump(self, value: Any) -> Any:
        out: dict[str, Any] = {}
        for key, spec in self.keys.items():
            if key not in value:
                continue
            v = value[key]
            if not spec.required and spec.default is not MISSING and v == spec.default:
                continue
            if v is None:
                continue
            out[key] = spec.spec.dump(v)
        for key, v in value.items():
            if key not in self.keys and self.extra is not None:
                out[key] = self.extra.dump(v)
        return out

    def describe(self) -> str:
        return self.name


def _fresh(default: Any) -> Any:
    if isinstance(default, (list, dict)):
        return type(default)(default)
    return default


@dataclass(frozen=True, eq=False)
class Custom(Spec):
    """A spec with a hand-written check, for values no other spec covers."""

    checker: Callable[[Any], str | None] = lambda v: None
    description: str = "a value"
    doc: str = ""

    def check(self, value: Any, path: str, problems: list[Problem]) -> Any:
        message = self.checker(value)
        if message:
            problems.append(Problem(path, message))
            return INVALID
        return value

    def describe(self) -> str:
        return self.description


def validate(value: Any, spec: Spec, path: str = "") -> tuple[Any, list[Problem]]:
    problems: list[Problem] = []
    out = spec.check(value, path, problems)
    return out, problems
