"""Relevance ranking for the rules lookup: BM25F over titles, tags and bodies.

A question as a GM asks it ("can I move while in reach") is cut into words,
its stop words dropped, each word lightly stemmed and widened by the synonym
list (``gm_console/data/lookup-synonyms.toml``: data, not code), then scored
against every entry with BM25 (Robertson's term saturation and length
normalisation), the four fields weighted as in BM25F: a word in the title
counts more than one in the tags, then the situations the entry answers in the
table's words (``gm_console/data/lookup-situations.toml`` and
``RefEntry.situations``), then the body.
A group of synonyms counts as one word: its frequency in an entry is the sum
of its members', its rarity that of the union of their entries.

Everything that depends only on the entries (the postings with their
normalised frequencies, the vocabulary for prefixes and typos) is computed
once, when the index is built; a query costs a few dictionary look-ups per
word (well under a millisecond on the full index), so the palette can ask
on every keystroke.

Words that match no entry word are read as an unfinished word (a prefix of
known words, as the palette sees it while the GM types) or a typo (close
known words); both count less than a word found as written.
"""

from __future__ import annotations

import bisect
import math
import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property, lru_cache
from pathlib import Path

DATA_FILE = Path(__file__).resolve().parent.parent / "data" / "lookup-synonyms.toml"
SITUATIONS_FILE = DATA_FILE.with_name("lookup-situations.toml")

LABEL = re.compile(r"\s*([A-Za-z]+)\s*:")  # "ctb: ..." at a question's start
_TOKEN = re.compile(r"[a-z0-9]+(?:['\u2019][a-z]+)?")

# BM25F: field weights and length normalisation per field; the usual k1.
FIELDS = ("title", "tags", "situations", "body")
WEIGHT = {"title": 3.0, "tags": 2.0, "situations": 1.5, "body": 1.0}
B = {"title": 0.3, "tags": 0.3, "situations": 0.3, "body": 0.5}
K1 = 1.2
PREFIX_WEIGHT = 0.6  # an unfinished word, read as the known words it starts
TYPO_WEIGHT = 0.5  # a word not known at all, read as the closest known words
TYPO_LENGTH = 5  # the shortest word read as a typo: a four-letter one is as often a real word the index lacks (hate, loud)
TYPO_LIKENESS = 0.6  # how alike (trigrams) a known word must be to stand for a typo
PHRASE_WORD = 0.5  # each word of a synonym phrase ("hit points"), beside the phrase's group
EXPANDED_WORD = 0.5  # a word the expand table reads as others ("gun"), where an entry uses it as written
TITLE_BONUS = 0.25  # every query word in the title: the entry is about exactly this
# words a phrase may have between its own ("pick me up", "patch him up")
OBJECT_PRONOUNS = frozenset({"me", "him", "her", "them", "us", "you", "someone", "somebody", "everyone"})


def trigrams(text: str) -> frozenset[str]:
    """The three-letter runs of ``text`` (padded, so short words have some):
    how alike two spellings are, at the cost of a set intersection."""
    padded = f"  {text} "
    return frozenset(padded[i : i + 3] for i in range(len(padded) - 2))


def likeness(a: frozenset[str], b: frozenset[str]) -> float:
    """Dice's coefficient of two trigram sets, 0 to 1."""
    return 2 * len(a & b) / (len(a) + len(b)) if a and b else 0.0


def edit_distance(a: str, b: str, most: int) -> int:
    """Damerau-Levenshtein distance (a swap of two neighbours is one edit), or ``most + 1`` once it is
    sure to exceed ``most``. Only the cells within ``most`` of the diagonal are worked out (one further
    from it is more than ``most`` edits away), each capped at ``most + 1``."""
    over = most + 1
    n, m = len(a), len(b)
    if abs(n - m) > most:
        return over
    prev2: list[int] = []
    prev = [j if j <= most else over for j in range(m + 1)]
    for i in range(1, n + 1):
        ca = a[i - 1]
        row = [over] * (m + 1)
        if i <= most:
            row[0] = i
        low, high = max(1, i - most), min(m, i + most)
        for j in range(low, high + 1):
            cb = b[j - 1]
            v = min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb and prev2[j - 2] + 1 < v:
                v = prev2[j - 2] + 1
            row[j] = v if v < over else over
        if min(row[low - 1 : high + 1]) > most:
            return over
        prev2, prev = prev, row
    return prev[m]


@lru_cache(maxsize=None)
def stem(word: str) -> str:
    """A light English stemmer: plurals, -ing, -ed, a final e (moves, moving,
    moved, move -> mov; injuries -> injury; stopped -> stop). Short words and
    words with digits stay as they are."""
    if len(word) <= 3 or not word.isalpha():
        return word
    if word.endswith(("ies", "ied")) and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith("sses"):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    for suffix in ("ing", "ed"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            if word[-1] == word[-2] and word[-1] not in "lsz":
                word = word[:-1]
            break
    if word.endswith("e") and len(word) > 3:
        word = word[:-1]
    return word


def words(text: str) -> list[str]:
    """Lower-cased words, possessives and contractions folded (someone's ->
    someone, KO'd -> ko, isn't -> isnt)."""
    out = []
    for token in _TOKEN.findall(text.lower()):
        if "'" in token or "\u2019" in token:
            head, tail = re.split("['\u2019]", token, maxsplit=1)
            token = head if tail in ("s", "d", "ll", "re", "ve", "m") else head + tail
        out.append(token)
    return out


@dataclass(frozen=True)
class Lexicon:
    """The lookup's words from the data file, stemmed."""

    stop: frozenset[str]
    groups: dict[str, frozenset[str]]  # stem -> every stem of its synonym group
    phrases: dict[tuple[str, ...], str]  # a several-word member (stems) -> a one-word member of its group
    expand: dict[tuple[str, ...], tuple[str, ...]]  # one-way: stems -> the stems they stand for
    tags: dict[str, tuple[str, ...]] = field(default_factory=dict)  # entry key -> extra words
    frames: frozenset[tuple[str, ...]] = frozenset()  # a question's frame (stems): who asks and how, left out

    @cached_property
    def longest(self) -> int:  # read at each word of every question: worked out once
        return max((len(p) for p in (*self.phrases, *self.expand)), default=1)

    @cached_property
    def longest_frame(self) -> int:
        return max((len(p) for p in self.frames), default=0)

    def framed(self, stems: list[str]) -> set[int]:
        """The positions of ``stems`` that belong to a frame of the question ("a new player asks",
        "how do I explain", "is that right"): they say who asks and how, not what."""
        out: set[int] = set()
        for i in range(len(stems)):
            for size in range(min(self.longest_frame, len(stems) - i), 1, -1):
                if tuple(stems[i : i + size]) in self.frames:
                    out.update(range(i, i + size))
                    break
        return out


def _stems(text: str) -> tuple[str, ...]:
    return tuple(stem(w) for w in words(text))


@cache
def lexicon(path: Path = DATA_FILE) -> Lexicon:
    with path.open("rb") as f:
        data = tomllib.load(f)
    groups: dict[str, frozenset[str]] = {}
    phrases: dict[tuple[str, ...], str] = {}
    for group in data.get("synonyms", []):
        singles = {_stems(m)[0] for m in group if len(_stems(m)) == 1}
        head = next(iter(sorted(singles)))
        for member in group:
            stems = _stems(member)
            if len(stems) > 1:
                phrases[stems] = head
        for one in singles:
            groups[one] = frozenset(singles | groups.get(one, frozenset()))
    expand = {_stems(k): _stems(v) for k, v in data.get("expand", {}).items()}
    stop = frozenset(stem(w) for w in data.get("stop_words", [])) | frozenset(data.get("stop_words", []))
    tags = {k: tuple(v) for k, v in data.get("tags", {}).items()}
    frames = frozenset(_stems(f) for f in data.get("frames", []))
    return Lexicon(stop, groups, phrases, expand, tags, frames)


@dataclass(frozen=True)
class Situations:
    """The situations file: entry key -> the situations it answers in the table's words (added to the
    entry's own ``RefEntry.situations``), and the entries that are out-of-combat procedures."""

    by_key: dict[str, tuple[str, ...]]
    out_of_fight: frozenset[str]
    system_words: dict[tuple[str, ...], str] = field(default_factory=dict)  # stems that name a system -> it
    worked_examples: frozenset[str] = frozenset()

    def systems_named(self, query: str) -> set[str]:
        """The systems a question names ("in the zone fight"); a question that begins with a system's
        name and a colon ("reactor: ...", "ctb: ... like the zone game") is about that system alone."""
        head = LABEL.match(query)
        if head and head.group(1).lower() in self.system_words.values():
            return {head.group(1).lower()}
        stems = _stems(query)
        return {
            name
            for phrase, name in self.system_words.items()
            for i in range(len(stems) - len(phrase) + 1)
            if stems[i : i + len(phrase)] == phrase
        }


@cache
def situations(path: Path = SITUATIONS_FILE) -> Situations:
    with path.open("rb") as f:
        data = tomllib.load(f)
    named = {_stems(w): name for name, ws in data.get("system_words", {}).items() for w in ws}
    return Situations(
        {k: tuple(v) for k, v in data.get("situations", {}).items()}, frozenset(data.get("out_of_fight", ())), named,
        frozenset(data.get("worked_examples", ())),
    )


@dataclass(frozen=True)
class Term:
    """One word of a query: the index words it stands for, with their weights."""

    shown: str
    weights: dict[str, float]


class Engine:
    """BM25F over documents of four fields; ``docs[i]`` is (title, tags, situations, body)."""

    def __init__(self, docs: Sequence[tuple[str, str, str, str]], lex: Lexicon | None = None) -> None:
        self.lex = lex or lexicon()
        self.n = len(docs)
        tokens = [[words(text) for text in doc] for doc in docs]  # each field read once, for the postings and the vocabulary
        stemmed = [{f: self._unframed([stem(w) for w in ws]) for f, ws in zip(FIELDS, doc)} for doc in tokens]
        avg = {f: (sum(len(d[f]) for d in stemmed) / self.n if self.n else 1.0) or 1.0 for f in FIELDS}
        # term -> {doc: the field-weighted, length-normalised frequency}
        self.postings: dict[str, dict[int, float]] = {}
        self.titles: list[frozenset[str]] = []
        for i, doc in enumerate(stemmed):
            for f in FIELDS:
                norm = 1 - B[f] + B[f] * len(doc[f]) / avg[f]
                for term in doc[f]:
                    if term in self.lex.stop:
                        continue
                    row = self.postings.setdefault(term, {})
                    row[i] = row.get(i, 0.0) + WEIGHT[f] / norm
            self.titles.append(frozenset(doc["title"]) - self.lex.stop)
        surface: dict[str, str] = {}
        for fields in tokens:
            for ws in fields:
                for w in ws:
                    if w not in surface:
                        surface[w] = stem(w)
        self.surface = surface  # a word as written -> its stem
        self.sorted_surface = sorted(surface)

    def _unframed(self, stems: list[str]) -> list[str]:
        """``stems`` without the words of a question's frame, read as in a question ("my friend says",
        "is that right" in a situation written as a player asks it)."""
        framed = self.lex.framed(stems)
        return [s for i, s in enumerate(stems) if i not in framed] if framed else stems

    @cached_property
    def grams(self) -> dict[str, list[tuple[str, frozenset[str]]]]:
        """A trigram -> the known words holding it: for typos, built the first
        time a query has a word no entry holds (most lookups never do)."""
        grams: dict[str, list[tuple[str, frozenset[str]]]] = {}
        for w in self.sorted_surface:
            if len(w) >= 3 and w.isalpha():
                g = trigrams(w)
                for t in g:
                    grams.setdefault(t, []).append((w, g))
        return grams

    @cached_property
    def letters(self) -> dict[str, frozenset[str]]:
        """Each word ``grams`` holds -> its letters, for ``correction``."""
        return {w: frozenset(w) for w in self.sorted_surface if len(w) >= 3 and w.isalpha()}

    @cached_property
    def title_words(self) -> frozenset[str]:
        return frozenset().union(*self.titles)

    # ------------------------------------------------------------ the query
    def terms(self, query: str) -> list[Term]:
        """The query's words, stop words dropped, phrases and synonyms read."""
        raw = words(query)
        stems = [stem(w) for w in raw]
        lex = self.lex
        framed = lex.framed(stems)
        out: list[Term] = []
        i = 0
        while i < len(stems):
            if i in framed:
                i += 1
                continue
            for size in range(min(lex.longest, len(stems) - i), 0, -1):
                at = self._span(stems, i, size)
                chunk = tuple(stems[j] for j in at)
                if chunk in lex.expand:
                    for s in lex.expand[chunk]:
                        out.append(self._term(s, s))
                    if size == 1 and chunk[0] not in lex.expand[chunk] and chunk[0] in self.postings:
                        out.append(self._term(raw[i], chunk[0], EXPANDED_WORD))  # the word itself, where an entry uses it
                    i = at[-1] + 1
                    break
                if size > 1 and chunk in lex.phrases:
                    # the phrase's own words, and the group it belongs to as one more word
                    out += [
                        self._term(raw[j], stems[j], PHRASE_WORD)
                        for j in at
                        if stems[j] not in lex.stop and raw[j] not in lex.stop
                    ]
                    out.append(self._term(" ".join(raw[at[0] : at[-1] + 1]), lex.phrases[chunk]))
                    i = at[-1] + 1
                    break
            else:
                if stems[i] not in lex.stop and raw[i] not in lex.stop:
                    out.append(self._term(raw[i], stems[i]))
                i += 1
        if not out and raw:  # nothing but stop words: take them as they are
            out = [self._term(w, s) for w, s in zip(raw, stems)]
        return out

    def _span(self, stems: list[str], i: int, size: int) -> list[int]:
        """The positions of ``size`` words from ``i`` (``i + size`` within ``stems``) that a phrase of the
        lexicon may be: the words side by side, or, when that is no phrase, with the object pronouns after
        the first word left out ("pick me up", "patch him up" read as "pick up", "patch up")."""
        side_by_side = list(range(i, i + size))
        chunk = tuple(stems[j] for j in side_by_side)
        if size == 1 or chunk in self.lex.expand or chunk in self.lex.phrases:
            return side_by_side
        at = [i]
        j = i + 1
        while len(at) < size and j < len(stems):
            if stems[j] not in OBJECT_PRONOUNS:
                at.append(j)
            j += 1
        return at if len(at) == size and at[-1] - i + 1 > size else side_by_side

    def _term(self, shown: str, s: str, weight: float = 1.0) -> Term:
        weights = {t: weight for t in self.lex.groups.get(s, frozenset({s}))}
        if not any(t in self.postings for t in weights) and shown.isalnum():
            weights.update({t: w * weight for t, w in self._near(shown).items()})
        return Term(shown, weights)

    def _near(self, word: str) -> dict[str, float]:
        """Known words that ``word`` begins (it is still being typed, or cut short: synth, prof) or,
        failing that, is a slip of the fingers for."""
        out: dict[str, float] = {}
        if len(word) >= 3:
            start = bisect.bisect_left(self.sorted_surface, word)
            for w in self.sorted_surface[start : start + 12]:
                if not w.startswith(word):
                    break
                out[self.surface[w]] = PREFIX_WEIGHT
        if not out and len(word) >= TYPO_LENGTH:
            mine = trigrams(word)
            seen: dict[str, float] = {}
            for t in mine:
                for w, g in self.grams.get(t, ()):
                    if w not in seen and abs(len(w) - len(word)) <= 2:
                        seen[w] = likeness(mine, g)
            for w in sorted((w for w, v in seen.items() if v >= TYPO_LIKENESS), key=lambda w: -seen[w])[:3]:
                out[self.surface[w]] = TYPO_WEIGHT
            if not out:  # two letters swapped ("gaurds") share few runs of three: one edit away at most
                fixed = self.correction(word)
                if fixed and edit_distance(word, fixed, 1) <= 1:
                    out[self.surface[fixed]] = TYPO_WEIGHT
        return {t: w for t, w in out.items() if t not in self.lex.stop}

    def correction(self, word: str) -> str | None:
        """The known word ``word`` is most likely a misspelling of (fewest edits: one for a word of up
        to five letters, two for a longer one; ties go to a word of the titles, then to the word more
        entries use), or None when
        ``word`` is known, a stop word, the start of a known word or like none."""
        word = word.lower()
        s = stem(word)
        if (
            len(word) < 4
            or not word.isalpha()
            or word in self.surface
            or s in self.postings
            or s in self.lex.groups
            or s in self.lex.stop
            or word in self.lex.stop
        ):
            return None
        start = bisect.bisect_left(self.sorted_surface, word)
        if start < len(self.sorted_surface) and self.sorted_surface[start].startswith(word):
            return None  # still being typed
        most = 1 if len(word) <= 5 else 2
        seen: set[str] = set()
        best: tuple[int, bool, int, str] | None = None
        mine = frozenset(word)
        letters = self.letters
        for t in trigrams(word):
            for w, _ in self.grams.get(t, ()):
                if w in seen or abs(len(w) - len(word)) > most:
                    continue
                seen.add(w)
                # an edit brings in one letter and takes one away at most: a word with more letters
                # of its own than 2 x most is further away (a set operation, not the distance's table)
                if len(mine ^ letters[w]) > 2 * most:
                    continue
                d = edit_distance(word, w, most)
                if d <= most:
                    t = self.surface[w]
                    rank = (d, t not in self.title_words, -len(self.postings.get(t, ())), w)
                    if best is None or rank < best:
                        best = rank
        return best[-1] if best else None

    # ------------------------------------------------------------ scoring
    def idf(self, docs: int) -> float:
        return math.log(1 + (self.n - docs + 0.5) / (docs + 0.5))

    def scores(self, terms: list[Term]) -> dict[int, float]:
        total: dict[int, float] = {}
        stems_of_query: list[frozenset[str]] = []
        for term in terms:
            tf: dict[int, float] = {}
            for t, w in term.weights.items():
                for doc, f in self.postings.get(t, {}).items():
                    tf[doc] = tf.get(doc, 0.0) + w * f
            if not tf:
                continue
            stems_of_query.append(frozenset(term.weights))
            idf = self.idf(len(tf))
            for doc, f in tf.items():
                total[doc] = total.get(doc, 0.0) + idf * f * (K1 + 1) / (f + K1)
        if stems_of_query:
            for doc in total:
                title = self.titles[doc]
                if all(title & s for s in stems_of_query):
                    # every word of the question in the title; the title nothing but them: about exactly this
                    exact = all(any(t in s for s in stems_of_query) for t in title)
                    total[doc] *= 1 + (2 * TITLE_BONUS if exact else TITLE_BONUS)
        return total
