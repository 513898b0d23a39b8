"""Seeded fuzzing of what a GM or a file gives the core.

Two generators, both driven by ``random.Random(seed)`` so a failure is
replayed from its seed alone:

* ``mutate_file(rng)``: one of the bundled encounters (encounters/*.toml)
  with one to three mutations: byte flips, truncation, duplicated, deleted
  or swapped lines, huge or long numbers, NaN and infinities, deep nesting,
  random Unicode, control and bidi characters, long strings, wrong types,
  and lines of notation (good and bad) added to the log. It returns bytes:
  some mutations leave the file not UTF-8 on purpose.
* ``action_line(rng, game)``: a line of notation for one verb of the game,
  built from its syntax with the game's own ids or with junk (numbers of
  any size, unicode, control characters, stray quotes, options and dice),
  sometimes mangled further.

``check_file`` and ``check_action`` run one case and return what went wrong
(None when the core behaved): an exception other than EncounterFileError /
GMError, an error message that does not start with the file's name, or a
problem with neither a key path nor a line. ``Outcome.kind`` names which.

tests/test_fuzz.py runs a few hundred cases of each in the suite;
``python tests/fuzz/run.py --files N --actions N [--seed S]`` runs long
campaigns with a time limit per case and prints the figures.
"""

from __future__ import annotations

import random
import re
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from gm_console.core import notation as n
from gm_console.core.errors import GMError
from gm_console.core.game import Game
from gm_console.files.encounter_io import EncounterFileError, decode_utf8, dumps_encounter, loads_encounter

ROOT = Path(__file__).resolve().parent.parent.parent
ENCOUNTERS = sorted((ROOT / "encounters").glob("*.toml"))

# ------------------------------------------------------------------ material

HUGE_NUMBERS = ("9" * 5000, "1" + "0" * 4300, "-" + "9" * 4400, "0x" + "f" * 5000, "1" * 10, "999999999", "-1000000000", "1_000", "1e999", "0")
SPECIAL_VALUES = ("nan", "inf", "-inf", "+nan", "true", "[]", "{}", '""', "1979-05-27", "07:32:00", '"x"', "-1", "3.5", "[1, 2]", '{ a = 1 }')
NASTY_CHARS = (
    "\x00", "\x07", "\x08", "\t", "\n", "\r", "\x1b", "\x1f", "\x7f", "\x85", "\x9b",
    "\u200b", "\u200e", "\u2028", "\u2029", "\u202a", "\u202b", "\u202c", "\u202d", "\u202e",
    "\u2066", "\u2067", "\u2068", "\u2069", "\ufeff", "\ufffd", "\U0001f600", "\u0663", "\u00b2",
    "é", "ß", "İ", "ﬁ", "\u0301", "Ω", "\\", '"', "'", "[", "]", "{", "}", "=", ",", "#", " ", "=",
)
WORDS = ("kai", "gob", "hp", "a", "b", "x", "next", "->", "on", "by", "why", "for", "free", "cover", "unaware", "plant", "wnaf", "momentum", "threat")


def nasty_text(rng: random.Random, size: int = 0) -> str:
    size = size or rng.randint(1, 12)
    out = []
    for _ in range(size):
        roll = rng.random()
        if roll < 0.35:
            out.append(rng.choice(NASTY_CHARS))
        elif roll < 0.5:
            out.append(chr(rng.randint(0x20, 0x2FFF)))
        elif roll < 0.55:
            out.append(chr(rng.choice((rng.randint(0, 0x1F), rng.randint(0x7F, 0x9F), rng.randint(0x10000, 0x10FFFF)))))
        else:
            out.append(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789_-+. "))
    return "".join(out)


def number_text(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.15:
        return rng.choice(HUGE_NUMBERS[:3])
    if roll < 0.3:
        return str(rng.choice((10**9, 10**9 - 1, -(10**9), 2**63, 2**31, 10**12)))
    if roll < 0.4:
        return rng.choice(("+", "-", "")) + str(rng.randint(0, 10**rng.randint(1, 12)))
    return str(rng.randint(-3, 30))


# ------------------------------------------------------------------ files


@cache
def bundled() -> tuple[tuple[str, bytes], ...]:
    return tuple((p.name, p.read_bytes()) for p in ENCOUNTERS)


_NUMBER = re.compile(rb"(?<![\w.])-?[0-9]+(?![\w.])")
_STRING = re.compile(rb'"(?:[^"\\\n]|\\.)*"')
_VALUE = re.compile(rb"= ")


def _pick(rng: random.Random, matches: list[re.Match[bytes]]) -> re.Match[bytes] | None:
    return rng.choice(matches) if matches else None


def _splice(data: bytes, start: int, end: int, new: bytes) -> bytes:
    return data[:start] + new + data[end:]


def _mutate_once(rng: random.Random, data: bytes) -> bytes:
    kind = rng.randrange(14)
    lines = data.split(b"\n")
    if kind == 0 and data:  # flip bytes
        buf = bytearray(data)
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(len(buf))
            buf[i] = rng.randrange(256) if rng.random() < 0.5 else buf[i] ^ (1 << rng.randrange(8))
        return bytes(buf)
    if kind == 1:  # truncate
        return data[: rng.randint(0, len(data))]
    if kind == 2 and lines:  # duplicate a line
        i = rng.randrange(len(lines))
        lines.insert(rng.randrange(len(lines) + 1), lines[i])
        return b"\n".join(lines)
    if kind == 3 and lines:  # delete lines
        i = rng.randrange(len(lines))
        del lines[i : i + rng.randint(1, 3)]
        return b"\n".join(lines)
    if kind == 4 and len(lines) > 1:  # swap two lines
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
        return b"\n".join(lines)
    if kind == 5:  # a number becomes huge, long, or special
        m = _pick(rng, list(_NUMBER.finditer(data)))
        if m:
            new = rng.choice(HUGE_NUMBERS + SPECIAL_VALUES)
            return _splice(data, m.start(), m.end(), new.encode())
    if kind == 6:  # a value becomes deeply nested
        m = _pick(rng, list(_VALUE.finditer(data)))
        if m:
            depth = rng.choice((10, 90, 150, 400, 1000, 3000))
            opener, closer = rng.choice(((b"[", b"]"), (b"{ a = ", b" }"), (b"[ ", b" ]\n")))
            inner = opener * depth + b"1" + closer * (depth if rng.random() < 0.8 else rng.randrange(depth))
            return _splice(data, m.end(), m.end(), inner + b" #")
    if kind == 7:  # nasty characters inside a string
        m = _pick(rng, list(_STRING.finditer(data)))
        if m:
            pos = rng.randint(m.start() + 1, m.end() - 1)
            text = nasty_text(rng)
            if rng.random() < 0.5:  # as TOML escapes, which reach the schema as the characters themselves
                text = "".join(f"\\u{ord(c):04x}" if ord(c) < 0x10000 else c for c in text)
            return _splice(data, pos, pos, text.encode("utf-8", "surrogatepass"))
    if kind == 8:  # a long string
        m = _pick(rng, list(_STRING.finditer(data)))
        if m:
            size = rng.choice((81, 201, 10_001, 300_000))
            return _splice(data, m.start() + 1, m.end() - 1, rng.choice((b"A", b"a-", "é".encode())) * size)
    if kind == 9:  # a value of another type
        m = _pick(rng, list(_STRING.finditer(data)) + list(_NUMBER.finditer(data)))
        if m:
            return _splice(data, m.start(), m.end(), rng.choice(SPECIAL_VALUES + HUGE_NUMBERS).encode())
    if kind == 10:  # random bytes or text inserted anywhere
        pos = rng.randint(0, len(data))
        junk = bytes(rng.randrange(256) for _ in range(rng.randint(1, 6))) if rng.random() < 0.3 else nasty_text(rng).encode("utf-8", "surrogatepass")
        return _splice(data, pos, pos, junk)
    if kind == 11:  # a line of notation in the log
        line = random_line(rng, None).replace("\\", "\\\\").replace('"', '\\"')
        line = "".join(c if 0x20 <= ord(c) != 0x7F else f"\\u{ord(c):04x}" for c in line if not 0xD800 <= ord(c) <= 0xDFFF)
        entry = f'"{line}", '.encode()
        m = re.search(rb"(?m)^log = \[", data)
        if m:
            return _splice(data, m.end(), m.end(), entry)
        return data + b"\nlog = [" + entry + b"]\n"
    if kind == 12:  # a key misspelt or a table header broken
        keys = list(re.finditer(rb"(?m)^\s*([a-z_]+) = |\[([a-z_.]+)\]", data))
        m = _pick(rng, keys)
        if m:
            start = m.start(1) if m.group(1) else m.start(2)
            return _splice(data, start, start + 1, rng.choice((b"x", b"", b"\"q\xe2\x80\xae\" = 1\n", b"[", b"]")))
    if kind == 13:  # an extra key or table
        extra = rng.choice(
            (
                b'\n[reactor.cards.personnel.fuzz]\nname = "' + nasty_text(rng).encode("utf-8", "surrogatepass") + b'"\natk = ' + number_text(rng).encode() + b"\n",
                b"\n[[units]]\nid = \"z" + nasty_text(rng, 3).encode("utf-8", "surrogatepass") + b'"\nside = "npcs"\n',
                b"\n[pools]\nthreat = " + number_text(rng).encode() + b"\n",
                b"\n[house_rules.ctb]\nround_ticks = " + number_text(rng).encode() + b"\n",
                b"\n[[zones]]\nid = \"q\"\nadjacent = [\"q\"]\n",
                b"\n[conflict]\nweapons = { fz = { name = \"F\", kind = \"melee\", severity = " + number_text(rng).encode() + b" } }\n",
            )
        )
        return data + extra
    return data


def mutate_file(rng: random.Random) -> tuple[str, bytes]:
    """(name, bytes) of a bundled encounter with one to three mutations."""
    name, data = rng.choice(bundled())
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        data = _mutate_once(rng, data)
    return f"fuzz-{name}", data


# ------------------------------------------------------------------ action lines


def _ids(game: Game | None) -> dict[str, list[str]]:
    if game is None:
        return {"unit": ["kai", "gob"], "zone": ["a", "b"], "side": ["pcs", "npcs"]}
    state = game.state
    return {"unit": list(state.units) or ["kai"], "zone": list(state.zones) or ["a"], "side": list(state.sides) or ["pcs"]}


def _value(rng: random.Random, kind: n.Kind, ids: dict[str, list[str]], dirty: bool) -> str:
    roll = rng.random() if dirty else 1.0
    if roll < 0.2:
        return nasty_text(rng)
    if roll < 0.35:
        return number_text(rng)
    if kind.choices:
        return rng.choice(kind.choices)
    if kind.ref in ids:
        return rng.choice(ids[kind.ref])
    if kind is n.INT or kind is n.DELTA:
        text = number_text(rng) if dirty else str(rng.randint(-3, 12))
        return text if kind is n.INT or text[0] in "+-" else "+" + text
    if kind is n.DICE_EXPR and not dirty:
        return rng.choice(("1d6", "2d20", "d20+3", "3d6-1"))
    if kind is n.DURATION_KIND and not dirty:
        return f"{rng.randint(1, 3)}{rng.choice('trs')}"
    if kind is n.DICE_EXPR:
        return f"{rng.choice(('', '1', '2', number_text(rng)))}d{rng.choice(('6', '20', '1', number_text(rng)))}{rng.choice(('', '+3', '-1', '+' + number_text(rng)))}"
    if kind is n.DURATION_KIND:
        return f"{number_text(rng)}{rng.choice('trsx')}"
    return rng.choice(WORDS + tuple(w for v in ids.values() for w in v))


def _quoted(rng: random.Random, text: str) -> str:
    if rng.random() < 0.7 and re.fullmatch(r"[^\s\"\[]+", text):
        return text
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + ('"' if rng.random() < 0.95 else "")


def random_line(rng: random.Random, game: Game | None) -> str:
    """A line for one of the game's verbs (all verbs without a game)."""
    if game is not None:
        verbs = game.verbs
    else:
        from gm_console.core.game import verb_table
        from gm_console.core.system import all_systems

        verbs = _all_verbs(verb_table, all_systems)
    ids = _ids(game)
    dirty = rng.random() < 0.4  # a clean line has the right kinds of values, so that many are taken
    verb = rng.choice(sorted(verbs)) if rng.random() < 0.97 else nasty_text(rng, 4)
    if verb == "remove" and rng.random() < 0.9:  # a fight with nobody left tests little
        verb = "next"
    cls = verbs.get(verb)
    parts = [verb]
    if cls is not None:
        for spec in cls.SYNTAX:
            if isinstance(spec, n.Lit):
                parts.append(spec.text if rng.random() < 0.9 else nasty_text(rng, 2))
            elif isinstance(spec, n.Arg):
                if spec.optional and rng.random() < 0.4:
                    continue
                parts.append(_quoted(rng, _value(rng, spec.kind, ids, dirty)))
            elif isinstance(spec, n.Opt):
                if rng.random() < 0.35:
                    parts.append(f"{spec.word}={_quoted(rng, _value(rng, spec.kind, ids, dirty))}")
            elif isinstance(spec, n.Flag):
                if rng.random() < 0.3:
                    parts.append(spec.text)
            elif isinstance(spec, n.Rest):
                parts.append(nasty_text(rng, rng.randint(1, 30)) if dirty else "the bridge falls")
            elif isinstance(spec, n.Extras):
                for _ in range(rng.randint(0, 2)):
                    parts.append(f"{rng.choice(('hp', 'ap', 'x', 'Q'))}={number_text(rng)}")
        if cls.ROLLS and rng.random() < 0.5:
            faces = [number_text(rng) if dirty and rng.random() < 0.3 else str(rng.randint(1, 6)) for _ in range(rng.randint(1, 4))]
            parts.append("[" + ",".join(faces) + ("]" if not dirty or rng.random() < 0.9 else ""))
    if dirty and rng.random() < 0.2:
        parts.insert(rng.randint(1, len(parts)), rng.choice((f"k{nasty_text(rng, 3)}=1", "=", "[]", '"', "x=", number_text(rng))))
    line = " ".join(parts)
    if dirty and rng.random() < 0.2:  # mangle a character
        i = rng.randint(0, len(line))
        line = line[:i] + nasty_text(rng, 1) + line[i + rng.randint(0, 2) :]
    if dirty and rng.random() < 0.02:
        line = line + " " + "x" * rng.choice((10_001, 100_000))
    return line


@cache
def _all_verbs(verb_table, all_systems):  # type: ignore[no-untyped-def]
    return verb_table(all_systems())


# ------------------------------------------------------------------ checks


@dataclass(frozen=True)
class Outcome:
    """What went wrong in one case: ``kind`` is "uncaught", "unnamed" (a
    message without the file's name, or a problem with neither key path nor
    line) or "reload" (a game that took its actions cannot be saved and read
    back); ``detail`` says how."""

    kind: str
    detail: str


def _location_ok(problem) -> bool:  # type: ignore[no-untyped-def]
    return bool(problem.path) or problem.line is not None or re.search(r"\bline [0-9]+", problem.message) is not None


def check_file(name: str, data: bytes, rng: random.Random | None = None) -> Outcome | None:
    """Load one file's bytes the way ``load_encounter`` does (decode, parse,
    validate, replay); None when the result is a well-formed
    EncounterFileError, or a Game that saves and reads back alike (and,
    given ``rng``, takes five random lines and still does)."""
    try:
        text, problem = decode_utf8(data)
        if problem is not None:
            raise EncounterFileError(name, [problem])
        game = loads_encounter(text, name)
    except EncounterFileError as exc:
        if not exc.problems:
            return Outcome("unnamed", f"no problems listed: {str(exc)[:200]}")
        for message, problem in zip(exc.messages(), exc.problems):
            if not message.startswith(name + ": "):
                return Outcome("unnamed", f"message does not name the file: {message[:200]!r}")
            if not _location_ok(problem):
                return Outcome("unnamed", f"no key path or line: {message[:200]!r}")
    except Exception as exc:  # noqa: BLE001 - the point is to catch anything
        return Outcome("uncaught", f"{type(exc).__name__}: {str(exc)[:200]}")
    else:
        outcome = check_reload(game, name)  # a file that loads is saved and read back alike
        if outcome is not None or rng is None:
            return outcome
        for _ in range(5):  # and its (mutated) setup meets a few lines of play
            outcome = check_action(game, random_line(rng, game))
            if outcome is not None:
                return outcome
        return check_reload(game, name)
    return None


def check_action(game: Game, line: str) -> Outcome | None:
    """Parse and push one line; only GMError may escape."""
    try:
        game.parse(line)
    except GMError:
        pass
    except Exception as exc:  # noqa: BLE001
        return Outcome("uncaught", f"parse: {type(exc).__name__}: {str(exc)[:200]}")
    try:
        game.push_line(line)
    except GMError:
        pass
    except Exception as exc:  # noqa: BLE001
        return Outcome("uncaught", f"push_line: {type(exc).__name__}: {str(exc)[:200]}")
    return None


def check_reload(game: Game, name: str) -> Outcome | None:
    """The game's log, saved and read back, replays to the same state."""
    try:
        again = loads_encounter(dumps_encounter(game), name)
    except Exception as exc:  # noqa: BLE001
        return Outcome("reload", f"{type(exc).__name__}: {str(exc)[:300]}")
    if again.state.to_json() != game.state.to_json():
        return Outcome("reload", "the reloaded state differs")
    return None


@cache
def _base_games() -> tuple[tuple[str, str], ...]:
    return tuple((name, data.decode()) for name, data in bundled())


def fresh_game(rng: random.Random) -> tuple[str, Game]:
    name, text = rng.choice(_base_games())
    return name, loads_encounter(text, name)


def step_game(rng: random.Random, game: Game) -> str:
    """Sometimes a move that keeps the fight going (a legal action, undo,
    redo) so that lines meet later states; returns what was done."""
    roll = rng.random()
    try:
        if roll < 0.5:
            legal = game.legal_actions()
            if legal:
                action = rng.choice(legal)
                game.push(action)
                return n.format_with(action)
        elif roll < 0.7 and game.log:
            game.undo()
            return "undo"
        elif roll < 0.8 and game.can_redo:
            game.redo()
            return "redo"
        else:
            game.push_line("next")
            return "next"
    except GMError:
        pass
    return ""


# ------------------------------------------------------------------ campaigns


def file_case(seed: str, i: int) -> tuple[Outcome | None, str]:
    rng = random.Random(f"{seed}:files:{i}")
    name, data = mutate_file(rng)
    return check_file(name, data, rng), f"{name} ({len(data):,} bytes)"


class ActionCampaign:
    """One game per stretch of lines: a fresh bundled encounter every ``RESET``
    cases, advanced now and then by legal actions, saved and reloaded every
    ``RELOAD`` cases to check that what it took replays."""

    RESET = 200
    RELOAD = 50

    def __init__(self, seed: str) -> None:
        self.seed = seed
        self.name = ""
        self.game: Game | None = None

    def case(self, i: int) -> tuple[Outcome | None, str]:
        rng = random.Random(f"{self.seed}:actions:{i}")
        if self.game is None or i % self.RESET == 0:
            self.name, self.game = fresh_game(random.Random(f"{self.seed}:game:{i // self.RESET}"))
        if rng.random() < 0.15:
            step_game(rng, self.game)
        line = random_line(rng, self.game)
        outcome = check_action(self.game, line)
        if outcome is None and i % self.RELOAD == self.RELOAD - 1:
            outcome = check_reload(self.game, self.name)
            if outcome is not None:
                self.game = None  # start clean after a reported failure
        return outcome, f"{self.name}: {line[:160]!r}"


# ------------------------------------------------------------------ time limits


class Hung(BaseException):
    """Raised by the alarm: a BaseException, so that no ``except Exception``
    in the code under test swallows it."""


def _alarm(signum, frame):  # type: ignore[no-untyped-def]
    raise Hung()


@contextmanager
def time_limit(seconds: int) -> Iterator[None]:
    """Raise Hung in the body after ``seconds`` (main thread, POSIX only)."""
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
