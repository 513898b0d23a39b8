"""Build and search the rules-reference index (pure Python, no UI)."""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass

from gm_console.core import notation as n
from gm_console.core.actions import GENERIC_ACTIONS, Action
from gm_console.core.reference import RefEntry
from gm_console.core.rules import Rules
from gm_console.core.setup import Setup
from gm_console.core.system import System, all_systems

_WORD = re.compile(r"[a-z0-9]+")


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


class RulesIndex:
    def __init__(self, entries: list[RefEntry]) -> None:
        self.entries = entries
        self._words = [
            (set(_WORD.findall(e.title.lower())), set(_WORD.findall(" ".join(e.tags).lower())), e.body.lower())
            for e in entries
        ]

    def get(self, key: str) -> RefEntry | None:
        return next((e for e in self.entries if e.key == key), None)

    def search(self, query: str, limit: int = 20) -> list[RefEntry]:
        words = _WORD.findall(query.lower())
        if not words:
            return list(self.entries[:limit])
        hits: list[Hit] = []
        for entry, (title, tags, body) in zip(self.entries, self._words):
            total = 0.0
            for word in words:
                best = 0.0
                if word in title:
                    best = 10
                elif any(t.startswith(word) for t in title):
                    best = 7
                elif word in tags or any(t.startswith(word) for t in tags):
                    best = 5
                elif word in body:
                    best = 2
                else:
                    close = difflib.get_close_matches(word, list(title | tags), n=1, cutoff=0.75)
                    best = 3 if close else 0
                if best == 0:
                    break
                total += best
            else:
                if query.lower().strip() == entry.title.lower():
                    total += 20
                hits.append(Hit(entry, total))
        hits.sort(key=lambda h: -h.score)
        return [h.entry for h in hits[:limit]]


def build_index(
    systems: Iterable[System] | None = None, rules: Rules | None = None, setup: Setup | None = None
) -> RulesIndex:
    """Every entry of ``systems`` (all by default); with an encounter's ``rules``
    and ``setup``, house rules show its values and catalogues its own cards."""
    systems = list(all_systems() if systems is None else systems)
    entries: list[RefEntry] = [NOTATION_HELP]
    entries += [action_entry(cls) for cls in GENERIC_ACTIONS]
    for system in systems:
        entries += system.reference()
        entries += [action_entry(cls) for cls in system.ACTIONS]
        if system.CATALOGUE:
            if setup is not None and system.NAME in setup.catalogues:
                catalogue = setup.catalogues[system.NAME]
            else:
                from gm_console.files.catalogues import load_catalogues

                catalogue = load_catalogues((system.NAME,), []).get(system.NAME) or {}
            entries += system.catalogue_reference(catalogue, setup)
    entries += house_rule_entries(systems, rules)
    return RulesIndex(entries)
