"""Build and search the rules-reference index (pure Python, no UI)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

from gm_console.core import notation as n
from gm_console.core.actions import Action
from gm_console.core.verbs import GENERIC_ACTIONS
from gm_console.core.reference import RefEntry
from gm_console.core.rules import Rules
from gm_console.core.setup import Setup
from gm_console.core.system import System, all_systems
from gm_console.lookup.search import Engine, Term, lexicon, likeness, situations, stem, trigrams, words



def action_entry(cls: type[Action]) -> RefEntry:
    body = f"{cls.SUMMARY}\n\nUsage: {n.usage(cls)}"
    if cls.EXAMPLE:
        body += f"\nExample: {cls.EXAMPLE}"
    return RefEntry(
        key=f"action.{cls.VERB}",
        title=f"{cls.VERB} (action)",
        system=cls.SYSTEM,
        kind="action",
        body=body,
        tags=("notation", "action", cls.VERB, cls.PALETTE),
    )


def house_rule_entries(systems: Iterable[System], rules: Rules | None) -> list[RefEntry]:
    out = []
    for system in systems:
        for rule in system.HOUSE_RULES:
            value = rules.values.get(rule.key, rule.default) if rules else rule.default
            state = "default" if value == rule.default else f"changed by this encounter; default {rule.default!r}"
            departs = ""
            if rule.departs:
                departs = "\n\n" + " ".join(
                    f"The value {v!r} departs from the text: {note}." for v, note in rule.departs
                )
            note = rule.departure(value)
            warn = " This value departs from the text; the status line shows it while in force." if note else ""
            body = (
                f"{rule.explain}{departs}\n\nIn force: {value!r} ({state}).{warn}\n"
                f"Override in the encounter file: [house_rules.{system.NAME}] {rule.name} = ..."
                f" ({rule.spec.describe()})."
            )
            out.append(
                RefEntry(
                    key=f"house.{rule.key}",
                    title=f"{rule.title} (house rule)",
                    system=system.NAME,
                    kind="house rule",
                    body=body,
                    tags=("house rule", rule.name, rule.key),
                )
            )
    return out


NOTATION_HELP = RefEntry(
    key="notation",
    title="Action notation",
    system="core",
    kind="format",
    body=(
        "Every GM action is one line: VERB, its arguments, then key=value options in any order, "
        "then the dice faces in brackets when the action rolls, e.g. 'roll 2d20 [4,17]'. "
        "Leave the brackets off and the console rolls with the encounter's seed, then records the faces. "
        "Names with spaces go in double quotes. Type 'help VERB' in the prompt, or look up 'VERB (action)' "
        "here, for one verb. The saved log, the prompt, the palette and 'gm-console apply' all use it."
    ),
    tags=("notation", "syntax", "help", "actions", "prompt"),
)


@dataclass
class Hit:
    entry: RefEntry
    score: float
    nearest: bool = False  # no entry holds a word of the query: this is only the closest title


SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9'\"(])|\n+")
# The system in play is a hint, not a wall: an entry of the encounter's own systems (or the console's)
# counts this much more, enough to break a near tie ("downed" in a zone fight), never to outrank a clearly
# better entry of another system (at 2.0 a question about another system's rule, asked in this one's
# encounter, found its entry first half the time: tests/lookup/measure.py, mode "other").
PREFER = 1.2
ASKED = 2.0  # an entry of a system the question names ("ctb: ...", "in the zone fight") counts this much more
# A GM mid-fight asks for the rule first; a house rule refines one and a card is one case of one.
# House rules at 0.9 since issue 30's seventh round: swept 0.8-1.0 over thirteen sets written by others,
# 0.9 found 50 more first hits over the three modes (tests/lookup/measure.py) and lost 12 of the project's
# own questions.toml, which favours the rule; 0.95 and up lost more than it found.
KIND_PRIOR = {"house rule": 0.9, "card": 0.85}
# "How do I ..." asks for the verb that does it; not "how do I explain / work out / decide ...", which asks
# for the rule a GM reasons or teaches with.
_THINKING = r"(?:explain|teach|describe|tell|say|work out|figure|calculate|know|read|decide|understand|count|judge)\b"
HOW_TO = re.compile(
    rf"\bhow (?:do|can|would|should) (?:i|we|you)\b(?! {_THINKING})|\bhow to\b(?! {_THINKING})"
    r"|\b(?:which|what) (?:command|verb)\b|\bwhat do (?:i|we) type\b"
)
# "Which card/building ..." asks for a card of the catalogue, not the rule it plays under.
WHICH_CARD = re.compile(r"\bwhich (?:card|building|facility|personnel|gun|weapon|equipment|guard|unit)s?\b")
WHICH_CARD_LIFT = 1 / KIND_PRIOR["card"]  # the card at par with the rules
HOW_TO_ACTION = 1.2
# "Is there an option / which setting / can I change it / how do I allow that" asks for a house rule: the
# variation the encounter file sets, not the rule it varies ("am I allowed" asks the rule: not a cue).
HOUSE = re.compile(
    r"\b(?:house[- ]?rules?|options?|optional|variants?|settings?|change it|what do (?:i|we) change|"
    r"allow|tweak|softer|harsher|gentler)\b"
)
HOUSE_LIFT = 1.25 / KIND_PRIOR["house rule"]  # above par: swept 1.0-1.5 over every set, 1.25 best
WORKED_EXAMPLE = 0.7  # a worked example holds every word of its system: it answers when no rule does better
# A question about a fight ("mid fight", "during combat") asks for the in-combat rule, not a procedure
# the situations file marks as out of combat (healing, a long rest).
IN_FIGHT = re.compile(
    r"\bmid[- ]?(?:fight|combat|battle|conflict|round|turn)\b|\b(?:during|in|middle of) (?:the |a |this )?"
    r"(?:fight|combat|battle|conflict|round)\b|\bin combat\b"
)
OUT_OF_FIGHT = 0.4
# "my watchman", "their conscripts": a card named as a unit on the board, the question is about a rule
# that unit meets (can it block, raid, keep its pack bonus), not the card's own text.
ON_THE_BOARD = re.compile(r"\b(?:my|our|your|his|her|their|this|that|the enemy's|enemy) (?:own )?([a-z]+(?: [a-z]+)?)")
CARD_AS_UNIT = 0.7  # swept 0.5-1.0: 0.7-0.8 best (three more top-3 hits of table-crossover), 0.6 lost table-voices
# "used delay on the boss", "the move command", "typed sprint": a verb named as the console's command
VERB_NAMED = re.compile(r"\b(?:with|using|used|typed|typing) ([a-z]+)\b|\bthe ([a-z]+) (?:command|verb)\b")
NAMED_VERB = 1.5  # swept 1.2-2.0 over the tuning sets: 1.5 and 2.0 alike, 1.2 too little
THEIRS = 4.0  # a word is another system's when a share of its entries this many times larger uses it
NAMED_SHARE = 0.08  # the share of the entries using a word that must hold it in their title for it to be a name


class RulesIndex:
    """The lookup: ``rank`` orders every entry by relevance to a question
    (see ``gm_console.lookup.search``), the encounter's systems first in a near tie."""

    def __init__(self, entries: list[RefEntry], prefer: Iterable[str] = ()) -> None:
        self.entries = entries
        self.prefer = frozenset(prefer)
        self._by_key = {e.key: e for e in entries}
        extra = lexicon().tags
        told = self._told = situations()
        self.engine = Engine(
            [
                (
                    e.title,
                    " ".join((*e.tags, e.key.replace(".", " "), *extra.get(e.key, ()))),
                    " . ".join((*e.situations, *told.by_key.get(e.key, ()))),
                    e.body,
                )
                for e in entries
            ]
        )
        boost = {"core", *self.prefer} if self.prefer else set()
        # the words of the encounter's systems' entries: a question word in another system's title that
        # none of them uses (Kennel, HEAT, BRK in a zone fight) is that system's own term, and its entries
        # rank as the encounter's do (the system in play is a hint, not a wall)
        # (the console's own entries, shared by every encounter, do not count: 'pool' lists Momentum)
        own_docs = {i for i, e in enumerate(entries) if not boost or e.system in self.prefer}
        self._own_words = frozenset(t for t, row in self.engine.postings.items() if not own_docs.isdisjoint(row))
        # a term is a name when enough of the entries using it carry it in their title (Kennel: 3 of 10;
        # "card", used by 41 entries and the title of 2, is a common word)
        in_titles: dict[str, int] = {}
        for title in self.engine.titles:
            for t in title:
                in_titles[t] = in_titles.get(t, 0) + 1
        self._names = frozenset(t for t, k in in_titles.items() if k >= NAMED_SHARE * len(self.engine.postings.get(t, ())))
        self._out_of_fight = [e.key in told.out_of_fight for e in entries]
        self._own = [not boost or e.system in boost for e in entries]
        self._boost = [
            (PREFER if e.system in boost else 1.0)
            * KIND_PRIOR.get(e.kind, 1.0)
            * (WORKED_EXAMPLE if e.key in told.worked_examples else 1.0)
            for e in entries
        ]
        self._titles = [e.title.lower() for e in entries]
        self._systems = [e.system for e in entries]
        self._sizes: dict[str, int] = {}
        for e in entries:
            self._sizes[e.system] = self._sizes.get(e.system, 0) + 1
        self._cut: dict[str, tuple[RefEntry, list[tuple[str, frozenset[str]]]]] = {}  # matched_sentences' work, per entry

    @cached_property
    def _grams(self) -> list[frozenset[str]]:
        """Each entry's title and tags as trigrams, for ``nearest``: built the
        first time a question matches no entry's words."""
        return [trigrams(" ".join(words(" ".join((e.title, *e.tags))))) for e in self.entries]

    def get(self, key: str) -> RefEntry | None:
        return self._by_key.get(key)

    def search(self, query: str, limit: int = 20) -> list[RefEntry]:
        return [h.entry for h in self.rank(query, limit)]

    def rank(self, query: str, limit: int = 20, terms: list[Term] | None = None) -> list[Hit]:
        """The entries that answer ``query``, best first; never empty while the
        index has entries: with no entry holding a word of it, the entries whose
        titles are nearest to it (``Hit.nearest``). ``terms``: ``engine.terms(query)``,
        when the caller has read the question already."""
        if terms is None:
            terms = self.engine.terms(query)
        if not terms:
            return [Hit(e, 0.0) for e in self.entries[:limit]]
        scores = self.engine.scores(terms)
        text = " ".join(query.lower().split())
        how_to = HOW_TO.search(text) is not None
        in_fight = IN_FIGHT.search(text) is not None
        which_card = WHICH_CARD.search(text) is not None
        house = HOUSE.search(text) is not None
        verbs = {w for m in VERB_NAMED.finditer(text) for w in m.groups() if w}
        units = {stem(w) for m in ON_THE_BOARD.finditer(text) for w in words(m.group(1))} - self.engine.lex.stop
        # the question's words as written (not a prefix, typo or synonym) that name another system's term
        named = {s for t in terms for s, w in t.weights.items() if w == 1.0} - self._own_words
        named &= self._names
        asked = self._told.systems_named(query) if self._told.system_words else set()
        theirs = self._theirs(terms) if self.prefer and THEIRS else set()
        found: list[tuple[float, int]] = []
        for i, score in scores.items():
            if self._titles[i] == text and self._own[i]:  # typed as titled (an other system's: no more than its words)
                score *= 2
            if how_to and self.entries[i].kind == "action":
                score *= HOW_TO_ACTION
            if which_card and self.entries[i].kind == "card":
                score *= WHICH_CARD_LIFT
            if units and self.entries[i].kind == "card" and units & self.engine.titles[i]:
                score *= CARD_AS_UNIT
            if verbs and self.entries[i].kind == "action" and self.entries[i].key[7:] in verbs:
                score *= NAMED_VERB
            if house and self.entries[i].kind == "house rule":
                score *= HOUSE_LIFT
            if in_fight and self._out_of_fight[i]:
                score *= OUT_OF_FIGHT
            boost = self._boost[i]
            if not self._own[i] and (named & self.engine.titles[i] or self._systems[i] in theirs):
                boost *= PREFER
            if self.entries[i].system in asked:  # the question names the system ("in the zone fight")
                boost *= ASKED
            found.append((score * boost, i))
        if not found:
            return self.nearest(query, limit)
        # equal scores (to the last bits a sum's order leaves, which the hash seed of each process sets)
        # in the index's order: the console and `gm-console rules`, two processes, list them alike
        found.sort(key=lambda f: (-round(f[0], 9), f[1]))
        return [Hit(self.entries[i], score) for score, i in found[:limit]]

    def _theirs(self, terms: list[Term]) -> set[str]:
        """The other systems the question uses a word of (as written or a synonym of it, not an unfinished
        word or a typo): a word that a share of that system's entries ``THEIRS`` times larger than of the
        encounter's systems' uses ("zone" in a CTB fight, "heat" in a zone fight, "hp" in a zone fight,
        which has none; not "downed" there: the zone rules say it of a share only 3 times smaller).
        Their entries then rank as the encounter's."""
        engine = self.engine
        own = sum(self._sizes.get(s, 0) for s in self.prefer) or 1
        out: set[str] = set()
        for term in terms:
            docs: set[int] = set()
            for t, w in term.weights.items():
                if w == 1.0:
                    docs.update(engine.postings.get(t, ()))
            count: dict[str, int] = {}
            for d in docs:
                count[self._systems[d]] = count.get(self._systems[d], 0) + 1
            mine = sum(count.get(s, 0) for s in self.prefer) / own
            out.update(
                s for s, c in count.items() if s != "core" and s not in self.prefer and c / self._sizes[s] >= THEIRS * mine
            )
        return out

    def matched_sentence(self, query: str, entry: RefEntry) -> str:
        """The one sentence of ``entry``'s body that answers ``query`` best (the most of its words, rarer
        words counting more), for showing beside each of the top hits so the GM picks in one glance;
        the body's first sentence when no sentence holds a word of it."""
        return self.matched_sentences(query, [entry])[0]

    def matched_sentences(self, query: str, entries: list[RefEntry], terms: list[Term] | None = None) -> list[str]:
        """``matched_sentence`` of each of ``entries``, the question read once (``terms``, when the caller
        has read it already for ``rank``)."""
        engine = self.engine
        rarity = [
            (term, engine.idf(len(set().union(*(engine.postings.get(t, {}) for t in term.weights))) or 1))
            for term in (engine.terms(query) if terms is None else terms)
        ]
        out = []
        for entry in entries:
            sentences = self._sentences(entry)
            if not sentences:
                out.append("")
                continue
            best, best_score = sentences[0][0], 0.0
            for sentence, stems in sentences:
                score = sum(max((w for t, w in term.weights.items() if t in stems), default=0.0) * idf for term, idf in rarity)
                if score > best_score:
                    best, best_score = sentence, score
            out.append(best)
        return out

    def _sentences(self, entry: RefEntry) -> list[tuple[str, frozenset[str]]]:
        """``entry``'s body as sentences, each with its words' stems (cut and stemmed once an entry)."""
        known = self._cut.get(entry.key)
        if known is None or known[0] is not entry:
            sentences = [t.strip() for t in SENTENCE.split(entry.body) if t.strip()]
            known = self._cut[entry.key] = (entry, [(t, frozenset(stem(w) for w in words(t))) for t in sentences])
        return known[1]

    def did_you_mean(self, query: str) -> str | None:
        """``query`` with each misspelt word replaced by the index's own word it is closest to (edit
        distance), for the UI to offer ("did you mean: kennel curve"); None when no word looks misspelt.
        A word that begins a known word is left alone: it may be unfinished (the palette asks per keystroke)."""
        out, changed = [], False
        for word in query.split():
            head = re.match(r"[A-Za-z]+", word)
            letters = head.group() if head else ""
            fixed = self.engine.correction(letters) if letters and letters == word.strip(".,;:?!") else None
            if fixed:
                out.append(fixed + word[len(letters) :])
                changed = True
            else:
                out.append(word)
        return " ".join(out) if changed else None

    def nearest(self, query: str, limit: int = 5) -> list[Hit]:
        """The entries whose title and tags are spelled most like ``query``
        (three-letter runs in common)."""
        mine = trigrams(" ".join(words(query)))
        out = [Hit(e, likeness(mine, g) * self._boost[i], nearest=True) for i, (e, g) in enumerate(zip(self.entries, self._grams))]
        out.sort(key=lambda h: -h.score)
        return out[:limit]


def own_entries(systems: Iterable[System] = (), rules: Rules | None = None, setup: Setup | None = None) -> list[RefEntry]:
    """The entries ``build_index`` lists first: the notation help, the generic
    verbs, then the encounter's systems' entries and their house rules (with
    the encounter's values). Only the encounter's systems are read: the other
    systems' modules are not imported (the palette's first list needs no more)."""
    entries: list[RefEntry] = [NOTATION_HELP]
    entries += [action_entry(cls) for cls in GENERIC_ACTIONS]
    own = list(systems)
    for system in own:
        entries += _system_entries(system, setup)
    return entries + house_rule_entries(own, rules)


def _system_entries(system: System, setup: Setup | None) -> list[RefEntry]:
    """A system's reference, its verbs and its catalogue: the encounter's own
    cards when ``setup`` (the encounter's) has a catalogue of it, else the
    bundled one."""
    entries = system.reference() + [action_entry(cls) for cls in system.ACTIONS]
    if system.CATALOGUE:
        if setup is not None and system.NAME in setup.catalogues:
            catalogue = setup.catalogues[system.NAME]
        else:
            from gm_console.files.catalogues import load_catalogues

            catalogue = load_catalogues((system.NAME,), []).get(system.NAME) or {}
        entries += system.catalogue_reference(catalogue, setup)
    return entries


def build_index(
    systems: Iterable[System] | None = None, rules: Rules | None = None, setup: Setup | None = None,
    *, own: list[RefEntry] | None = None,
) -> RulesIndex:
    """Every system's entries, the console's own and the notation help.

    ``systems`` are the encounter's (none: no encounter): their entries come
    first (``own_entries``) and win a near tie, and with the encounter's ``rules``
    and ``setup`` its house rules show its values and its catalogues its own
    cards. The other systems are still found, with their defaults and bundled
    catalogues. ``own``: ``own_entries`` of the same arguments, when the
    caller has them already."""
    mine = [] if systems is None else list(systems)
    names = {s.NAME for s in mine}
    entries = list(own) if own is not None else own_entries(mine, rules, setup)
    others = [s for s in all_systems() if s.NAME not in names]
    for system in others:
        entries += _system_entries(system, None)
    entries += house_rule_entries(others, None)  # defaults: this encounter does not use those systems
    return RulesIndex(entries, prefer=names)
