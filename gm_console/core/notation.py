"""The one-line action notation: tokens, parameter specs, parse and format.

A line is ``VERB ARG... [key=value...] [flag...] [d1,d2,...]``:

* ``ARG`` is a bare word or a ``"quoted string"`` (backslash escapes ``\\"``);
* ``key=value`` options may come in any order; the formatter writes them in a
  fixed order and leaves out values equal to their default;
* a trailing ``[4,17]`` holds the dice faces recorded for the action;
* a verb may take the whole rest of the line as free text (``note The bridge falls``).

A line holds no control or bidi characters and is at most ``MAX_LINE``
characters; numbers have at most 9 digits, ids at most 80 characters, names
at most 200 (gm_console/core/bounds.py): anything else is a NotationError
that says so, never a bare ValueError from ``int()``.

Each action class declares its syntax as a tuple of specs; parsing and
formatting are both driven by it, so ``parse(format(a)) == a`` holds by
construction and is property-tested.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from gm_console.core import bounds
from gm_console.core.dice import DiceExpr
from gm_console.core.errors import NotationError, UnknownName
from dataclasses import dataclass

if TYPE_CHECKING:
    from gm_console.core.actions import Action

SAFE_WORD = re.compile(r"[A-Za-z0-9_.:+\-#/@!?%*'<>&]+")
OPTION = re.compile(r"([a-z][a-z0-9_.]*)=(.*)", re.S)
WORD_ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")


@dataclass(frozen=True, slots=True)
class Token:
    """One word of a line: a bare or quoted argument, a key=value option, or the dice."""

    text: str
    start: int
    quoted: bool = False
    key: str | None = None  # set for key=value options
    dice: tuple[int, ...] | None = None  # set for a [..] dice token


def check_line(line: str) -> None:
    """Raise NotationError unless ``line`` is short enough and holds no
    control, separator or bidi character (what a GM types or a log holds)."""
    problem = bounds.too_long(line, bounds.MAX_LINE) or bounds.unsafe_character(line)
    if problem:
        raise NotationError(f"a line of notation {problem}" if problem.startswith("too") else f"the line holds {problem}")


def _read_quoted(line: str, i: int) -> tuple[str, int]:
    """Read a quoted string starting at line[i] == '"'; return (text, index after)."""
    out = []
    i += 1
    while i < len(line):
        c = line[i]
        if c == "\\" and i + 1 < len(line) and line[i + 1] in '"\\':
            out.append(line[i + 1])
            i += 2
            continue
        if c == '"':
            return "".join(out), i + 1
        out.append(c)
        i += 1
    raise NotationError("unterminated quoted string")


def tokenize(line: str) -> list[Token]:
    check_line(line)
    tokens: list[Token] = []
    i, n = 0, len(line)
    while i < n:
        c = line[i]
        if c.isspace():
            i += 1
            continue
        start = i
        if c == '"':
            text, i = _read_quoted(line, i)
            tokens.append(Token(text, start, quoted=True))
        elif c == "[":
            end = line.find("]", i)
            if end < 0:
                raise NotationError("unterminated dice list: expected ']'")
            inner = line[i + 1 : end].replace(" ", "")
            if not inner:
                raise NotationError("empty dice list []: expected numbers like [4,17]")
            parts = inner.split(",")
            if not all(_DIGITS.fullmatch(x) for x in parts):
                raw = line[i + 1 : end] if end - i <= 40 else line[i + 1 : i + 38] + "..."
                raise NotationError(f"bad dice list [{raw}]: expected numbers like [4,17]")
            faces = tuple(bounds.read_int(x) for x in parts)
            tokens.append(Token(line[i : end + 1], start, dice=faces))
            i = end + 1
        else:
            j = i
            while j < n and not line[j].isspace() and line[j] != '"':
                j += 1
            word = line[i:j]
            if j < n and line[j] == '"' and re.fullmatch(r"[a-z][a-z0-9_.]*=", word):
                text, i = _read_quoted(line, j)  # key="quoted value"
                tokens.append(Token(text, start, quoted=True, key=word[:-1]))
                continue
            m = OPTION.fullmatch(word)
            if m is not None:
                tokens.append(Token(m.group(2), start, key=m.group(1)))
            else:
                tokens.append(Token(word, start))
            i = j
    return tokens


def quote(text: str, reserved: frozenset[str] = frozenset()) -> str:
    """Format a string so that tokenize() reads it back as one token."""
    if text and SAFE_WORD.fullmatch(text) and text not in reserved:
        return text
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


# ---------------------------------------------------------------- value kinds
# The kinds and the syntax pieces below are descriptions made once, at import,
# and told apart by identity: eq=False leaves them object's equality and hash


@dataclass(frozen=True, eq=False)
class Kind:
    """How one value is read from a token and written back."""

    name: str
    parse: Callable[[str], Any]
    format: Callable[[Any], str]
    ref: str | None = None  # "unit", "zone", "side", "target": names resolved against the state
    choices: tuple[str, ...] | None = None  # the words a choice kind accepts
    # what a reference kind names in a state, as {id: name}, when it is more than
    # the units, zones or sides its ``ref`` says (the reactor's strike targets)
    names: Callable[[Any], dict[str, str]] | None = None


_DIGITS = re.compile(r"[0-9]+")  # ASCII digits only: \d would take any script's


def _int(text: str) -> int:
    if not re.fullmatch(r"[+-]?[0-9]+", text):
        raise NotationError(f"expected a whole number, got {bounds.shown(text)}")
    return bounds.read_int(text)


def _delta(text: str) -> int:
    if not re.fullmatch(r"[+-][0-9]+", text):
        raise NotationError(f"expected a signed number like +2 or -1, got {bounds.shown(text)}")
    return bounds.read_int(text)


def _name(text: str) -> str:
    problem = bounds.unsafe_character(text)
    if not text or problem:
        raise NotationError(f"expected a name, got {bounds.shown(text)}" + (f": {problem}" if problem else ""))
    problem = bounds.too_long(text, bounds.MAX_LABEL)
    if problem:
        raise NotationError(f"name {bounds.shown(text, 30)} is {problem}")
    return text


def _ident(kind: str) -> Callable[[str], str]:
    def parse(text: str) -> str:
        if len(text) > bounds.MAX_ID:
            raise NotationError(f"{kind} id {bounds.shown(text, 30)} is {bounds.too_long(text, bounds.MAX_ID)}")
        if not WORD_ID.fullmatch(text):
            raise NotationError(f"expected a {kind} id (a letter, then letters, digits, _ or -), got {bounds.shown(text)}")
        return text

    return parse


def _dice_expr(text: str) -> str:
    return str(DiceExpr.parse(text))


DURATION = re.compile(r"([0-9]+)([trs])")


def _duration(text: str) -> str:
    m = DURATION.fullmatch(text)
    if not m or bounds.read_int(m.group(1)) < 1:
        raise NotationError(f"expected a duration like 2t (turns), 3r (rounds) or 1s (shift ends), got {bounds.shown(text)}")
    return f"{int(m.group(1))}{m.group(2)}"


def _choice(*words: str) -> Callable[[str], str]:
    def parse(text: str) -> str:
        if text not in words:
            raise UnknownName("choice", text, words)
        return text

    return parse


def _str(v: Any) -> str:
    return str(v)


def _fmt_delta(v: int) -> str:
    return f"{v:+d}"


INT = Kind("N", _int, _str)
DELTA = Kind("+N", _delta, _fmt_delta)
NAME = Kind("NAME", _name, _str)
WORD = Kind("WORD", _ident("word"), _str)
UNIT = Kind("UNIT", _ident("unit"), _str, ref="unit")
ZONE = Kind("ZONE", _ident("zone"), _str, ref="zone")
SIDE = Kind("SIDE", _ident("side"), _str, ref="side")
DICE_EXPR = Kind("DICE", _dice_expr, _str)
DURATION_KIND = Kind("DURATION", _duration, _str)


def choice(*words: str) -> Kind:
    return Kind("|".join(words), _choice(*words), _str, choices=tuple(words))


def ident(label: str, ref: str | None = None) -> Kind:
    return Kind(label, _ident(label.lower()), _str, ref=ref)


# ---------------------------------------------------------------- syntax specs


@dataclass(frozen=True, eq=False)
class Arg:
    """A positional argument stored in field ``name``."""

    name: str
    kind: Kind
    optional: bool = False
    default: Any = None
    label: str = ""

    def usage(self) -> str:
        text = self.label or self.name.upper()
        return f"[{text}]" if self.optional else text


@dataclass(frozen=True, eq=False)
class Lit:
    """A literal word, such as ``->``, that reads well and carries no value."""

    text: str

    def usage(self) -> str:
        return self.text


@dataclass(frozen=True, eq=False)
class Opt:
    """A ``key=value`` option stored in field ``name`` (key defaults to the name).
    An Opt of an optional argument's field is that argument's ``key=value``
    form: either may be typed (not both), the argument's form is written."""

    name: str
    kind: Kind
    default: Any = None
    key: str = ""

    @property
    def word(self) -> str:
        return self.key or self.name

    def usage(self) -> str:
        return f"[{self.word}={self.kind.name}]"


@dataclass(frozen=True, eq=False)
class Flag:
    """A bare word whose presence sets boolean field ``name``."""

    name: str
    word: str = ""

    @property
    def text(self) -> str:
        return self.word or self.name

    def usage(self) -> str:
        return f"[{self.text}]"


@dataclass(frozen=True, eq=False)
class Rest:
    """Free text to the end of the line, stored in field ``name``; a verb
    with a Rest takes nothing else (``note The bridge falls``)."""

    name: str
    label: str = "TEXT"

    def usage(self) -> str:
        return self.label


@dataclass(frozen=True, eq=False)
class Extras:
    """Any other ``key=N`` options, kept in order as a tuple of pairs."""

    name: str
    label: str = "stat=N"

    def usage(self) -> str:
        return f"[{self.label}...]"


Spec = Arg | Lit | Opt | Flag | Rest | Extras


def usage(cls: type[Action]) -> str:
    parts = [cls.VERB] + [s.usage() for s in cls.SYNTAX]
    if cls.ROLLS:
        parts.append("[dice]")
    return " ".join(parts)


def parse_rest(cls: type[Action], verb: str, remainder: str) -> Action:
    """Parse a verb whose whole syntax is free text (``note ...``): no tokenizing."""
    spec = cls.SYNTAX[0]
    if not isinstance(spec, Rest):
        raise TypeError(f"{cls.__name__}: parse_rest reads a syntax of one Rest (is_rest_only), not {spec!r}")
    text = remainder.strip()
    problem = bounds.too_long(text, bounds.MAX_TEXT) or bounds.unsafe_character(text)
    if problem:
        raise NotationError(f"{verb}: the text is {problem}" if problem.startswith("too") else f"{verb}: the text holds {problem}")
    if text.startswith('"'):
        try:
            toks = tokenize(text)
        except NotationError:
            toks = []
        if len(toks) == 1 and toks[0].quoted and toks[0].key is None:
            text = toks[0].text
    if not text:
        raise NotationError(f"{verb}: expected {spec.usage()} (usage: {usage(cls)})")
    try:
        return cls(**{spec.name: text})
    except NotationError:
        raise
    except (TypeError, ValueError) as exc:
        raise NotationError(f"{verb}: {exc}") from None


def is_rest_only(cls: type[Action]) -> bool:
    return len(cls.SYNTAX) == 1 and isinstance(cls.SYNTAX[0], Rest)


def parse_with(cls: type[Action], line: str, tokens: list[Token]) -> Action:
    """Parse the tokens after the verb into an instance of ``cls``."""
    verb = tokens[0].text
    rest = tokens[1:]
    values: dict[str, Any] = {}
    where = f"{verb}: "
    hint = f" (usage: {usage(cls)})"
    if cls.ROLLS and rest and rest[-1].dice is not None:
        values["dice"] = rest[-1].dice
        rest = rest[:-1]

    positional = [s for s in cls.SYNTAX if isinstance(s, (Arg, Lit))]
    positional_names = {s.name for s in positional if isinstance(s, Arg)}  # an Opt of one of these is its key=value form
    options = {s.word: s for s in cls.SYNTAX if isinstance(s, Opt)}
    flags = {s.text: s for s in cls.SYNTAX if isinstance(s, Flag)}
    extras = next((s for s in cls.SYNTAX if isinstance(s, Extras)), None)
    extra_pairs: list[tuple[str, int]] = []

    pos_i = 0
    i = 0
    while i < len(rest):
        tok = rest[i]
        if tok.key is not None:
            opt = options.get(tok.key)
            if opt is not None:
                if opt.name in values:
                    twice = f"option {tok.key}= given twice" if opt.name not in positional_names else f"{tok.key} given twice (as a word and as {tok.key}=)"
                    raise NotationError(where + twice + hint)
                values[opt.name] = _convert(opt.kind, tok.text, where + tok.key + "=")
            elif extras is not None:
                extra_pairs.append((tok.key, _convert(INT, tok.text, where + tok.key + "=")))
            else:
                if not options:
                    raise NotationError(where + f"takes no options, got {tok.key}=" + hint)
                raise NotationError(where + str(UnknownName("option", tok.key, options)))
            i += 1
            continue
        spec = positional[pos_i] if pos_i < len(positional) else None
        if tok.dice is not None:
            raise NotationError(where + "dice [..] go at the end of the line" + hint)
        if not tok.quoted and tok.text in flags and (spec is None or (isinstance(spec, Arg) and spec.optional)):
            values[flags[tok.text].name] = True
            i += 1
            continue
        if spec is None:
            raise NotationError(where + f"unexpected {tok.text!r}" + hint)
        if isinstance(spec, Lit):
            if tok.quoted or tok.text != spec.text:
                raise NotationError(where + f"expected {spec.text!r}, got {tok.text!r}" + hint)
        else:
            if spec.name in values:  # given as key= before
                raise NotationError(where + f"{spec.name} given twice (as {spec.name}= and as a word)" + hint)
            values[spec.name] = _convert(spec.kind, tok.text, where)
        pos_i += 1
        i += 1

    for spec in positional[pos_i:]:
        if isinstance(spec, Arg) and spec.optional:
            values.setdefault(spec.name, spec.default)
            continue
        label = spec.usage() if not isinstance(spec, Lit) else repr(spec.text)
        raise NotationError(where + f"missing {label}" + hint)
    if extras is not None:
        values[extras.name] = tuple(extra_pairs)
    try:
        return cls(**values)
    except NotationError:
        raise
    except (TypeError, ValueError) as exc:
        raise NotationError(where + str(exc) + hint) from None


def _convert(kind: Kind, text: str, where: str) -> Any:
    try:
        return kind.parse(text)
    except UnknownName as exc:
        raise NotationError(where + str(exc)) from None
    except NotationError as exc:
        raise NotationError(where + str(exc)) from None


def format_with(action: Action) -> str:
    """The line of ``action``, read off its syntax step by step."""
    cls = type(action)
    if is_rest_only(cls):
        rest = cls.SYNTAX[0]
        assert isinstance(rest, Rest)  # is_rest_only: the one spec is a Rest
        text = getattr(action, rest.name)
        return f"{cls.VERB} {quote(text, frozenset({text})) if text.startswith(chr(34)) else text}"
    reserved = frozenset(s.text for s in cls.SYNTAX if isinstance(s, Flag))
    parts = [cls.VERB]
    positional = [s for s in cls.SYNTAX if isinstance(s, (Arg, Lit))]
    # trailing optional args equal to their default are left out
    last = len(positional)
    while last and isinstance(tail := positional[last - 1], Arg) and tail.optional:
        if getattr(action, tail.name) != tail.default:
            break
        last -= 1
    for word in positional[:last]:
        if isinstance(word, Lit):
            parts.append(word.text)
        else:
            parts.append(quote(word.kind.format(getattr(action, word.name)), reserved))
    for spec in cls.SYNTAX:
        if isinstance(spec, Flag) and getattr(action, spec.name):
            parts.append(spec.text)
        elif isinstance(spec, Opt):
            if any(isinstance(p, Arg) and p.name == spec.name for p in positional):
                continue  # the key=value form of an argument: the argument is written
            value = getattr(action, spec.name)
            if value != spec.default:
                parts.append(f"{spec.word}={quote(spec.kind.format(value))}")
        elif isinstance(spec, Extras):
            parts.extend(f"{k}={v}" for k, v in getattr(action, spec.name))
    dice = getattr(action, "dice", None) if cls.ROLLS else None  # a rolling action's last field
    if dice is not None:
        parts.append("[" + ",".join(str(d) for d in dice) + "]")
    return " ".join(parts)


# ---------------------------------------------------------------- names for ids
#
# Wherever a line expects an id, the GM may type a unique name or a prefix of an
# id or a name (``hit tam rai`` for ``hit tamsin raider1``). The action is then
# made with the ids, so it formats (and the log and the journal keep) the ids:
# a replay never depends on names.


def ref_table(kind: Kind, state: Any) -> dict[str, str]:
    """{id: name} of what a reference kind names in ``state`` (empty when none)."""
    if kind.names is not None:
        return kind.names(state)
    if kind.ref == "unit":
        return {u.id: u.name for u in state.units.values()}
    if kind.ref == "zone":
        return {z.id: z.name for z in state.zones.values()}
    if kind.ref == "side":
        return {s.id: s.name for s in state.sides.values()}
    return {}


def match_ref(word: str, table: dict[str, str], what: str = "unit") -> str:
    """The id ``word`` stands for: an id itself; else the one id or name it
    equals (case aside); else the one id or name it begins. A word that fits
    several is a NotationError listing them; a word that fits none is left as
    typed, for the action's check to name the nearest."""
    if word in table:
        return word
    low = word.lower()
    hits = [i for i, name in table.items() if i.lower() == low or name.lower() == low]
    if not hits:
        hits = [i for i, name in table.items() if i.lower().startswith(low) or name.lower().startswith(low)]
    if len(hits) == 1:
        return hits[0]
    if hits:
        shown = ", ".join(i if table[i] == i else f"{i} ({table[i]})" for i in hits[:12])
        more = "" if len(hits) <= 12 else f", ... ({len(hits)} in all)"
        raise NotationError(f"{what} {word!r} could be any of {shown}{more}: type more of the id")
    return word


def resolve_names(action: Action, state: Any) -> Action:
    """``action`` with every id it holds read against ``state`` (``match_ref``)."""
    changes: dict[str, Any] = {}
    for spec in type(action).SYNTAX:
        if not isinstance(spec, (Arg, Opt)) or (spec.kind.ref is None and spec.kind.names is None):
            continue
        value = getattr(action, spec.name)
        if not isinstance(value, str):
            continue
        table = ref_table(spec.kind, state)
        if value in table or not table:
            continue
        where = f"{action.VERB}: " + (f"{spec.word}=" if isinstance(spec, Opt) else "")
        try:
            found = match_ref(value, table, spec.kind.ref or "name")
        except NotationError as exc:
            raise NotationError(where + str(exc)) from None
        if found != value:
            changes[spec.name] = found
    if not changes:
        return action
    import dataclasses

    return dataclasses.replace(action, **changes)
