"""A small declarative schema for TOML data: check, normalise, dump, describe.

Every problem is collected with its key path (``units[2].hp``) and what was
expected, so a file with ten mistakes reports ten lines, not the first one.
Unknown keys are errors, with the nearest known key suggested. A table or
array with bad parts is still returned (bad values replaced by ``INVALID``,
unknown keys dropped) so that later checks can find the problems that remain.

The same specs produce the normalised form that is saved (defaults omitted,
keys in a fixed order), which is what makes load-then-save byte-stable.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from gm_console.core.errors import nearest


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a document, at a key path (``units[2].hp``)."""

    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message}" if self.path else self.message


class _Invalid:
    def __repr__(self) -> str:
        return "INVALID"


INVALID: Any = _Invalid()
MISSING: Any = object()


def join(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    if not re.fullmatch(r"[A-Za-z0-9_-]+", key):
        key = '"' + key.replace('"', '\\"') + '"'
    return f"{path}.{key}" if path else key


def type_name(value: Any) -> str:
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a float"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "a table"
    return type(value).__name__


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


class Spec:
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
        problems.append(Problem(path, f"expected {self.describe()}, got {type_name(value)} {_shown(value)}"))
        return INVALID


@dataclass(frozen=True)
class Int(Spec):
    """A whole number, optionally within ``min``..``max``."""

    min: int | None = None
    max: int | None = None
    doc: str = ""

    def check(self, value: Any, path: str, problems: list[Problem]) -> Any:
        if isinstance(value, bool) or not isinstance(value, int):
            return self._bad(value, path, problems)
        if (self.min is not None and value < self.min) or (self.max is not None and value > self.max):
            return self._bad(value, path, problems)
        return value

    def describe(self) -> str:
        if self.min is not None and self.max is not None:
            return f"an integer from {self.min} to {self.max}"
        if self.min is not None:
            return f"an integer >= {self.min}"
        if self.max is not None:
            return f"an integer <= {self.max}"
        return "an integer"


@dataclass(frozen=True)
class Float(Spec):
    """A number (an integer is read as a float), optionally within ``min``..``max``."""

    min: float | None = None
    max: float | None = None
    doc: str = ""

    def check(self, value: Any, path: str, problems: list[Problem]) -> Any:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return self._bad(value, path, problems)
        if (self.min is not None and value < self.min) or (self.max is not None and value > self.max):
            return self._bad(value, path, problems)
        return float(value)

    def describe(self) -> str:
        if self.min is not None and self.max is not None:
            return f"a number from {self.min:g} to {self.max:g}"
        if self.min is not None:
            return f"a number >= {self.min:g}"
        return "a number"


@dataclass(frozen=True)
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


@dataclass(frozen=True)
class Str(Spec):
    """A string: one of ``choices``, or matching ``pattern``, or any (non-empty unless ``allow_empty``)."""

    choices: tuple[str, ...] | None = None
    pattern: str | None = None
    pattern_doc: str = ""
    allow_empty: bool = False
    doc: str = ""

    def check(self, value: Any, path: str, problems: list[Problem]) -> Any:
        if not isinstance(value, str):
            return self._bad(value, path, problems)
        if self.choices is not None and value not in self.choices:
            hint = nearest(value, self.choices)
            extra = f" (did you mean {hint!r}?)" if hint else ""
            problems.append(Problem(path, f"expected one of {', '.join(map(repr, self.choices))}, got {value!r}{extra}"))
            return INVALID
        if self.pattern is not None and not re.fullmatch(self.pattern, value):
            return self._bad(value, path, problems)
        if not value and not self.allow_empty:
            return self._bad(value, path, problems)
        return value

    def passes_as_is(self) -> type | None:
        return str if self.choices is None and self.pattern is None and self.allow_empty else None

    def describe(self) -> str:
        if self.choices is not None:
            return "one of " + ", ".join(map(repr, self.choices))
        if self.pattern is not None:
            return self.pattern_doc or f"a string matching {self.pattern}"
        return "a string" if self.allow_empty else "a non-empty string"


def Id(doc: str = "") -> Str:
    return Str(pattern=ID_PATTERN, pattern_doc="an id (a letter, then letters, digits, _ or -)", doc=doc)


@dataclass(frozen=True)
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


@dataclass(frozen=True)
class Key:
    """A key of a table: its spec, whether it is required, its default, its documentation."""

    spec: Spec
    required: bool = False
    default: Any = MISSING
    doc: str = ""


@dataclass(frozen=True)
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
            elif self.extra is not None and re.fullmatch(self.extra_key, key):
                out[key] = self.extra.check(raw, sub, problems)
            else:
                hint = nearest(key, self.keys)
                if hint:
                    problems.append(Problem(sub, f"unknown key {key!r} (did you mean {hint!r}?)"))
                elif self.keys:
                    problems.append(Problem(sub, f"unknown key {key!r}; expected one of: {', '.join(self.keys)}"))
                else:
                    problems.append(Problem(sub, f"unknown key {key!r}"))
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


@dataclass(frozen=True)
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
