"""What the core accepts from a GM or a file: numbers, lengths, characters.

One place for the limits that the schema (encounter files) and the notation
(action lines) both enforce, so that a value the file may hold is a value
the GM may type, and the other way round:

* a number has at most ``MAX_DIGITS`` (9) digits, so ``|n| <= 999,999,999``;
  Python's own ``int()`` refuses strings of more than 4,300 digits with a
  bare ``ValueError``, and a number that large means nothing at a table;
* an id (of a unit, zone, side, card ...) is 1 to ``MAX_ID`` (80) characters;
* any other displayed string on one line (a name, a title, a trait, an item,
  a label) is at most ``MAX_LABEL`` (200) characters;
* free text (a description, a card's text, a note in the log) is at most
  ``MAX_TEXT`` (10,000) characters, and a line of notation at most
  ``MAX_LINE`` (10,000);
* no text holds a control character (Unicode category Cc: NUL, escape,
  carriage return, ...), a line or paragraph separator (U+2028, U+2029), a
  lone surrogate, or a bidirectional override or isolate (U+202A to U+202E,
  U+2066 to U+2069), which can make a name display as something else; free
  text in a file may hold newlines and tabs, nothing else of these;
* no name, id, label or line of notation holds a format character (Unicode
  category Cf: zero-width space and joiners, the byte order mark, soft
  hyphen ...), which is invisible and lets one unit pose as another; the one
  exception is a zero-width joiner between two emoji (👩‍👩‍👧), one picture.

The checks are regular expressions and plain comparisons, so refusing a
megabyte of text costs no more than reading it.
"""

from __future__ import annotations

import re
import unicodedata

from gm_console.core.errors import NotationError

MAX_DIGITS = 9
MAX_NUMBER = 10**MAX_DIGITS - 1
MAX_ID = 80
MAX_LABEL = 200
MAX_TEXT = 10_000
MAX_LINE = 10_000

BIDI_CONTROLS = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
# Cc is exactly U+0000-U+001F and U+007F-U+009F; Zl and Zp are U+2028 and U+2029; Cs is U+D800-U+DFFF
# Cf (format characters), as of Unicode 15 (tests/test_format_characters.py checks it against unicodedata)
FORMAT_CHARACTERS = (
    "\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e\u200b-\u200f\u202a-\u202e"
    "\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb\U000110bd\U000110cd\U00013430-\U0001343f"
    "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0001\U000e0020-\U000e007f"
)
_UNSAFE = re.compile(f"[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff{FORMAT_CHARACTERS}]")
_UNSAFE_IN_TEXT = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def unsafe_character(text: str, *, multiline: bool = False) -> str | None:
    """Why ``text`` cannot be shown as it is (None when it can): the first
    control character, separator, surrogate or bidi control, and where."""
    pattern = _UNSAFE_IN_TEXT if multiline else _UNSAFE
    m = pattern.search(text)
    while m is not None and _joins_emoji(text, m.start()):
        m = pattern.search(text, m.end())
    if m is None:
        return None
    char = m.group()
    code = ord(char)
    if 0xD800 <= code <= 0xDFFF:
        what = "a lone surrogate"
    elif char in BIDI_CONTROLS:
        what = "a bidirectional control"
    elif char in "\u2028\u2029":
        what = "a line separator"
    elif unicodedata.category(char) == "Cf":
        what = "an invisible format character"
    else:
        what = "a control character"
    name = unicodedata.name(char, "")
    label = f"U+{code:04X}" + (f" {name}" if name else "")
    allowed = " (newlines and tabs are fine here)" if multiline else ""
    return f"{what} ({label}) at character {m.start() + 1}; text may not hold control or format characters{allowed}"


def _joins_emoji(text: str, at: int) -> bool:
    """Whether ``text[at]`` is a zero-width joiner inside an emoji sequence
    (👩‍👩‍👧: a symbol, a skin tone or variation selector perhaps, the joiner, a
    symbol), which draws one picture and can make no name pose as another."""
    if text[at] != "\u200d" or at == 0 or at + 1 >= len(text):
        return False
    before = at - 1
    while before > 0 and (text[before] == "\ufe0f" or "\U0001f3fb" <= text[before] <= "\U0001f3ff"):
        before -= 1
    return all(unicodedata.category(c) == "So" and ord(c) >= 0x2300 for c in (text[before], text[at + 1]))


def too_long(text: str, limit: int | None) -> str | None:
    """Why ``text`` is too long (None when it is not)."""
    if limit is None or len(text) <= limit:
        return None
    return f"too long: {len(text):,} characters, at most {limit:,} here"


def number_problem(digits: str) -> str | None:
    """Why a string of digits (with an optional sign) is too big a number, or None."""
    count = len(digits.lstrip("+-"))
    if count <= MAX_DIGITS:
        return None
    shown = digits if len(digits) <= 20 else digits[:12] + "..."
    return f"number {shown} is too big ({count:,} digits): at most {MAX_DIGITS} digits (up to {MAX_NUMBER:,})"


def read_int(text: str) -> int:
    """``int(text)`` for a string already matched as ``[+-]?[0-9]+``; raise
    NotationError when it has more than ``MAX_DIGITS`` digits."""
    problem = number_problem(text)
    if problem:
        raise NotationError(problem)
    return int(text)


def escaped(text: str) -> str:
    """``text`` with every character ``unsafe_character`` refuses (newlines
    too) written as its escape (``\\x1b``, ``\\u200d``): a message that quotes
    a file's value is then safe to print anywhere."""
    if _UNSAFE.search(text) is None:  # the usual case: no copy
        return text
    return _UNSAFE.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)


def shown(text: str, limit: int = 80) -> str:
    """``repr(text)``, cut to about ``limit`` characters (for messages)."""
    if len(text) > limit:
        return repr(text[: limit - 3]) + f"... ({len(text):,} characters)"
    return repr(text)
