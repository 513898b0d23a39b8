"""The one answer to a question, for the palette (ctrl+p), the rules lookup
(ctrl+r) and ``gm-console rules`` alike: the ranked entries, the sentence of
each of the top three that matched, "did you mean" for a misspelt word, and
what this GM taught the lookup.

Pure: what the GM taught it (a question -> the entry opened for it) comes in
as a plain mapping; reading and writing its file is ``gm_console/files/learned.py``'s.
A question is remembered by ``query_key``: lower case, single spaces, no
punctuation at its end, so "How do I heal?" and "how do i heal" are one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from gm_console.lookup.index import Hit, RulesIndex

TOP = 3  # the hits shown with their matched sentence: the GM picks among them in one glance
LEARN_FROM = (1, 2)  # the places (from 0) whose opening teaches the lookup: the second and third hit
SHOWN = 160  # a matched sentence as the command line lists it (the palette fits it to two of its lines)


def brief(text: str, most: int = SHOWN) -> str:
    """``text`` cut to ``most`` characters, "..." saying so."""
    return text if len(text) <= most else text[: most - 3].rstrip() + "..."


def query_key(query: str) -> str:
    """How a question is remembered: lower case, single spaces, no ``?!.,;:`` at its ends."""
    return " ".join(query.lower().split()).strip("?!.,;: ")


@dataclass(frozen=True)
class Answer:
    query: str
    hits: list[Hit]  # best first; the entry this GM opened for this question first of all
    sentences: dict[str, str] = field(default_factory=dict)  # entry key -> its sentence that matched (the top three)
    did_you_mean: str | None = None  # the question with each misspelt word spelled as the index spells it
    learned: str | None = None  # the key of the entry ranked first because this GM opened it for this question

    @property
    def unmatched(self) -> bool:
        """No entry holds a word of the question (and none was learned for it): the hits are the nearest titles."""
        return not self.hits or self.hits[0].nearest


def answer(index: RulesIndex, query: str, *, limit: int = 20, learned: Mapping[str, str] | None = None) -> Answer:
    """``index.rank(query)``, with the entry ``learned`` holds for this question (``query_key``) moved
    first when the index has it, the matched sentence of the top three and "did you mean"."""
    terms = index.engine.terms(query)  # the question read once: its misspelt words are the costly part
    hits = index.rank(query, limit, terms)
    key = learned.get(query_key(query)) if learned else None
    entry = index.get(key) if key else None
    if entry is None:
        key = None
    else:
        top = max((h.score for h in hits), default=0.0) or 1.0
        hits = [Hit(entry, top), *(h for h in hits if h.entry.key != key)][:limit]
    top3 = [h.entry for h in hits[:TOP]]
    sentences = dict(zip((e.key for e in top3), index.matched_sentences(query, top3, terms)))
    return Answer(query, hits, sentences, index.did_you_mean(query), key)
