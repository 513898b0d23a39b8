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
import sys
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
    # words that ``parse`` reads without a doubt, for the fast path of plain lines
    # (``fast_parse``): "id" (the word itself), "name" (the word itself), "int"
    # and "delta" (the number); "" for none (a choice kind's words are known anyway)
    fast: str = ""
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


INT = Kind("N", _int, _str, fast="int")
DELTA = Kind("+N", _delta, _fmt_delta, fast="delta")
NAME = Kind("NAME", _name, _str, fast="name")
WORD = Kind("WORD", _ident("word"), _str, fast="id")
UNIT = Kind("UNIT", _ident("unit"), _str, ref="unit", fast="id")
ZONE = Kind("ZONE", _ident("zone"), _str, ref="zone", fast="id")
SIDE = Kind("SIDE", _ident("side"), _str, ref="side", fast="id")
DICE_EXPR = Kind("DICE", _dice_expr, _str)
DURATION_KIND = Kind("DURATION", _duration, _str)


def choice(*words: str) -> Kind:
    return Kind("|".join(words), _choice(*words), _str, choices=tuple(words))


def ident(label: str, ref: str | None = None) -> Kind:
    return Kind(label, _ident(label.lower()), _str, ref=ref, fast="id")


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
    """The line of ``action``: what ``format_reference`` writes, from a plan
    worked out once per class (``_format_plan``)."""
    cls = type(action)
    plan = _FORMAT_PLANS.get(cls)
    if plan is None:
        plan = _FORMAT_PLANS[cls] = _format_plan(cls)
    verb, rest, reserved, positional, trailing, others, rolls = plan
    if rest is not None:
        text = getattr(action, rest)
        return f"{verb} {quote(text, frozenset({text})) if text.startswith(chr(34)) else text}"
    last = len(positional)
    for name, default in trailing:  # trailing optional args equal to their default are left out
        if getattr(action, name) != default:
            break
        last -= 1
    parts = [verb]
    for name, fmt in positional[:last]:
        if fmt is None:
            parts.append(name)  # a literal word
        else:
            parts.append(quote(fmt(getattr(action, name)), reserved))
    for what, name, word, fmt, default in others:
        value = getattr(action, name)
        if what == 0:  # a flag
            if value:
                parts.append(word)
        elif what == 1:  # key=value
            if value != default:
                parts.append(f"{word}={quote(fmt(value))}")
        else:  # extras
            parts.extend(f"{k}={v}" for k, v in value)
    if rolls:
        dice = getattr(action, "dice", None)
        if dice is not None:
            parts.append("[" + ",".join([str(d) for d in dice]) + "]")
    return " ".join(parts)


_FORMAT_PLANS: dict[type, tuple] = {}


def _format_plan(cls: type[Action]) -> tuple:
    """What ``format_reference`` looks up in the syntax on every call, once."""
    if is_rest_only(cls):
        return (cls.VERB, cls.SYNTAX[0].name, None, (), (), (), False)
    reserved = frozenset(s.text for s in cls.SYNTAX if isinstance(s, Flag))
    positional = [s for s in cls.SYNTAX if isinstance(s, (Arg, Lit))]
    trailing = []
    for spec in reversed(positional):
        if not (isinstance(spec, Arg) and spec.optional):
            break
        trailing.append((spec.name, spec.default))
    steps = tuple((s.text, None) if isinstance(s, Lit) else (s.name, s.kind.format) for s in positional)
    others = []
    arg_names = {p.name for p in positional if isinstance(p, Arg)}
    for spec in cls.SYNTAX:
        if isinstance(spec, Flag):
            others.append((0, spec.name, spec.text, None, None))
        elif isinstance(spec, Opt):
            if spec.name in arg_names:
                continue  # the key=value form of an argument: the argument is written
            others.append((1, spec.name, spec.word, spec.kind.format, spec.default))
        elif isinstance(spec, Extras):
            others.append((2, spec.name, None, None, None))
    return (cls.VERB, None, reserved, steps, tuple(trailing), tuple(others), bool(cls.ROLLS))


def format_reference(action: Action) -> str:
    """The line of ``action``, read off its syntax step by step (what
    ``format_with`` does faster; tests/test_fast_load.py holds them equal)."""
    cls = type(action)
    if is_rest_only(cls):
        text = getattr(action, cls.SYNTAX[0].name)
        return f"{cls.VERB} {quote(text, frozenset({text})) if text.startswith(chr(34)) else text}"
    reserved = frozenset(s.text for s in cls.SYNTAX if isinstance(s, Flag))
    parts = [cls.VERB]
    positional = [s for s in cls.SYNTAX if isinstance(s, (Arg, Lit))]
    # trailing optional args equal to their default are left out
    last = len(positional)
    while last and isinstance(positional[last - 1], Arg) and positional[last - 1].optional:
        spec = positional[last - 1]
        if getattr(action, spec.name) != spec.default:
            break
        last -= 1
    for spec in positional[:last]:
        if isinstance(spec, Lit):
            parts.append(spec.text)
        else:
            parts.append(quote(spec.kind.format(getattr(action, spec.name)), reserved))
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
    if cls.ROLLS and getattr(action, "dice", None) is not None:
        parts.append("[" + ",".join(str(d) for d in action.dice) + "]")
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


# ---------------------------------------------------------------- the fast path
#
# Most lines of a long log are plain: the verb, then bare positional words,
# then the dice (``next``, ``hit kai gob [17]``, ``set gob hp 12``). For those,
# one regular expression per action class reads every value at once, with the
# same result as tokenize + parse_with. Anything else (quotes, options, flags,
# other spacing, a value the expression does not vouch for) is left to the
# general parser, which also words every error: the fast path never raises.

_FAST_WORDS = {
    # a bare word of each kind that ``Kind.parse`` turns into exactly (value)
    # (each as long as its kind allows: a longer word is the general parser's to refuse)
    "id": (rf"[A-Za-z][A-Za-z0-9_-]{{0,{bounds.MAX_ID - 1}}}", False),  # WORD_ID: the word itself
    "name": (rf"[A-Za-z0-9_.:+\-#/@!?%*'<>&]{{1,{bounds.MAX_LABEL}}}", False),  # SAFE_WORD: no space, quote, '=', '[' or control
    "int": (rf"[+-]?[0-9]{{1,{bounds.MAX_DIGITS}}}", True),  # the number
    "delta": (rf"[+-][0-9]{{1,{bounds.MAX_DIGITS}}}", True),
}


@dataclass(frozen=True, slots=True, eq=False)
class FastSyntax:
    """One action class's plain lines as a regular expression: a named group per field."""

    pattern: re.Pattern[str]
    numbers: tuple[str, ...]  # fields read as numbers (int of the word)
    optional: tuple[tuple[str, Any], ...]  # optional fields and their defaults (when left out)
    fixed: tuple[tuple[str, Any], ...]  # values the general parser always passes (Extras: ())
    dice: bool
    make: Callable[[dict[str, Any]], Any] | None = None  # ``cls(**values)``, faster (``_maker``)
    words: tuple[str, ...] = ()  # fields read as words (interned)
    read: Callable[[Any], Any] | None = None  # the action from a match, in one step (``_reader``)


_FAST_CACHE: dict[type, FastSyntax | None] = {}
_FACES: dict[str, tuple[int, ...]] = {}  # "4,17" -> (4, 17)
_intern = sys.intern
_DICE_GROUP = "_dice"  # not a field name: fields are identifiers the class declares, never underscored here


def fast_syntax(cls: type[Action]) -> FastSyntax | None:
    """The fast path of ``cls`` (None when its syntax has nothing it can vouch for)."""
    try:
        return _FAST_CACHE[cls]
    except KeyError:
        pass
    built = _build_fast(cls)
    _FAST_CACHE[cls] = built
    return built


def _build_fast(cls: type[Action]) -> FastSyntax | None:
    if not WORD_ID.fullmatch(cls.VERB) or any(isinstance(spec, Rest) for spec in cls.SYNTAX):
        return None
    flags = any(isinstance(spec, Flag) for spec in cls.SYNTAX)
    positional = [spec for spec in cls.SYNTAX if isinstance(spec, (Arg, Lit))]
    pattern = re.escape(cls.VERB)
    numbers: list[str] = []
    optional_fields: list[tuple[str, Any]] = []
    optional = 0  # open optional groups: optional arguments come last, each inside the one before
    for spec in positional:
        if isinstance(spec, Lit):
            if optional or not SAFE_WORD.fullmatch(spec.text):
                return None
            pattern += " " + re.escape(spec.text)
            continue
        kind = spec.kind
        if not spec.name.isidentifier() or spec.name.startswith("_"):
            return None
        if kind.choices is not None:
            if not kind.choices or not all(SAFE_WORD.fullmatch(w) for w in kind.choices):
                return None
            word = "|".join(re.escape(w) for w in sorted(kind.choices, key=len, reverse=True))
        elif kind.fast in _FAST_WORDS:
            word, number = _FAST_WORDS[kind.fast]
            if number:
                numbers.append(spec.name)
        else:
            return None
        if spec.optional:
            if flags:  # there a flag's word would be read as the flag, not the argument
                return None
            pattern += "(?:"
            optional += 1
            optional_fields.append((spec.name, spec.default))
        elif optional:
            return None
        pattern += f" (?P<{spec.name}>{word})"
    pattern += ")?" * optional
    if cls.ROLLS:
        face = rf"[0-9]{{1,{bounds.MAX_DIGITS}}}"
        pattern += rf"(?: \[(?P<{_DICE_GROUP}>{face}(?:,{face})*)\])?"
    fixed = tuple((spec.name, ()) for spec in cls.SYNTAX if isinstance(spec, Extras))
    words = tuple(spec.name for spec in positional if isinstance(spec, Arg) and spec.name not in numbers)
    compiled = re.compile(pattern)
    return FastSyntax(
        compiled, tuple(numbers), tuple(optional_fields), fixed, cls.ROLLS, _maker(cls), words,
        _reader(cls, compiled, numbers, optional_fields, fixed),
    )  # fmt: skip


def _init_fields(cls: type) -> list[Any] | None:
    """The fields of a frozen dataclass whose ``__init__`` is the one
    ``@value`` (or ``@dataclass``) wrote (every field an init argument, none
    with a factory, no InitVar), or None. (Looking ``__init__`` up compiles a
    value class's.)"""
    import dataclasses

    code = getattr(getattr(cls, "__init__", None), "__code__", None)
    if not dataclasses.is_dataclass(cls) or code is None or code.co_filename != "<string>":
        return None
    fields = dataclasses.fields(cls)
    if code.co_argcount + code.co_kwonlyargcount - 1 != len(fields) or code.co_flags & 0x0C:  # InitVars, *args, **kw
        return None
    if any(not f.init or f.default_factory is not dataclasses.MISSING for f in fields):
        return None
    return list(fields)


def _reader(
    cls: type, pattern: re.Pattern[str], numbers: list[str], optional: list[tuple[str, Any]], fixed: tuple[tuple[str, Any], ...]
) -> Callable[[re.Match[str]], Any] | None:
    """One function per action class that makes the action from a match of its
    plain line, as the rest of ``fast_parse`` would (read each group as its
    kind says, the syntax's default for an optional argument left out, the
    field's default for the rest, then ``__post_init__``): written out field
    by field, as ``@dataclass`` writes an ``__init__``. None when the class or
    its syntax is anything else (``fast_parse`` then goes the general way)."""
    import dataclasses

    fields = _init_fields(cls)
    if fields is None:
        return None
    index = pattern.groupindex
    names = {f.name for f in fields}
    if any(name not in names for name in index if name != _DICE_GROUP):
        return None
    if _DICE_GROUP in index and "dice" not in names:
        return None
    defaults_of_syntax = dict(optional)
    fixed_values = dict(fixed)
    env: dict[str, Any] = {
        "new": object.__new__, "sa": object.__setattr__, "cls": cls, "intern": sys.intern, "faces": _faces,
        "post": getattr(cls, "__post_init__", None),
    }  # fmt: skip
    body = ["def read(m):", "    g = m.groups()", "    obj = new(cls)"]
    for k, f in enumerate(fields):
        name, default = f.name, f"D{k}"
        if name in index:
            group = f"g[{index[name] - 1}]"
            read = f"int({group})" if name in numbers else f"intern({group})"
            if name in defaults_of_syntax:
                env[default] = defaults_of_syntax[name]
                read = f"{read} if {group} is not None else {default}"
        elif name in fixed_values:
            env[default] = fixed_values[name]
            read = default
        elif name == "dice" and _DICE_GROUP in index:
            group = f"g[{index[_DICE_GROUP] - 1}]"
            env[default] = f.default
            read = f"faces({group}) if {group} is not None else {default}"
        elif f.default is dataclasses.MISSING:
            return None  # a required field the line does not give
        else:
            env[default] = f.default
            read = default
        body.append(f"    sa(obj, {name!r}, {read})")
    if env["post"] is not None:
        body.append("    post(obj)")
    body.append("    return obj")
    exec("\n".join(body), env)  # noqa: S102 - source made above from field names and group numbers only
    return env["read"]


def _faces(text: str) -> tuple[int, ...]:
    """The dice of a ``[4,17]`` group, one tuple for each distinct list."""
    dice = _FACES.get(text)
    if dice is None:
        dice = tuple(map(int, text.split(","))) if "," in text else (int(text),)
        if len(_FACES) < 4096:  # the same few dice over and over
            _FACES[text] = dice
    return dice


def _maker(cls: type) -> Callable[[dict[str, Any]], Any] | None:
    """``cls(**values)`` for a class ``_init_fields`` vouches for: each field
    set in field order as its ``__init__`` sets it, defaults for those left
    out, then ``__post_init__``. None when ``cls`` is anything else."""
    import dataclasses

    fields = _init_fields(cls)
    if fields is None:
        return None
    missing = dataclasses.MISSING
    defaults = [(f.name, f.default) for f in fields]
    post = getattr(cls, "__post_init__", None)
    new = object.__new__
    names = frozenset(name for name, _ in defaults)
    required = frozenset(name for name, default in defaults if default is missing)
    setattr_ = object.__setattr__  # as the frozen __init__ sets each field (the instance keeps its
    # values inline, sharing its keys with the class: filling ``__dict__`` would make a dict per action)

    def make(values: dict[str, Any]) -> Any:
        if not required <= values.keys() <= names:
            raise TypeError("an argument missing, or one the class does not take")
        obj = new(cls)
        for name, default in defaults:  # field order
            setattr_(obj, name, values[name] if name in values else default)
        if post is not None:
            post(obj)
        return obj

    return make


def line_reader(cls: type[Action]) -> Callable[[str], Action | None]:
    """``lambda line: fast_parse(cls, line)``, with what fast_parse looks up
    per line looked up once (a long log reads thousands of lines of a verb)."""
    fast = _FAST_CACHE.get(cls) or fast_syntax(cls)
    if fast is None or fast.read is None:
        return lambda line: fast_parse(cls, line)
    fullmatch, read = fast.pattern.fullmatch, fast.read

    def read_line(line: str) -> Action | None:
        m = fullmatch(line)
        if m is None:
            return None
        try:
            return read(m)
        except Exception:  # a value the class refuses: the general parser words it
            return None

    return read_line


def fast_parse(cls: type[Action], line: str) -> Action | None:
    """``cls`` read from a plain ``line`` that starts with its verb, exactly as
    ``parse_with(cls, line, tokenize(line))`` reads it; None when the line is
    not plain or anything would go wrong (the general parser then has the say)."""
    fast = _FAST_CACHE.get(cls) or fast_syntax(cls)
    if fast is None:
        return None
    m = fast.pattern.fullmatch(line)
    if m is None:
        return None
    read = fast.read
    if read is not None:
        try:
            return read(m)
        except Exception:  # a value the class refuses: the general parser words it
            return None
    values = m.groupdict()
    try:
        for name in fast.numbers:
            text = values[name]
            if text is not None:
                values[name] = int(text)
        for name in fast.words:  # one string per id however many lines name it (a long log's memory)
            text = values[name]
            if text is not None:
                values[name] = _intern(text)
        for name, default in fast.optional:
            if values[name] is None:
                values[name] = default
        for name, value in fast.fixed:
            values[name] = value
        if fast.dice:
            faces = values.pop(_DICE_GROUP)
            if faces is not None:
                values["dice"] = _faces(faces)
        make = fast.make
        return cls(**values) if make is None else make(values)
    except Exception:  # a value the class refuses, a number too long for int(): the general parser words it
        return None
