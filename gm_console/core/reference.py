"""Rules-reference entries: plain data that systems contribute and the
lookup index (palette and ``gm-console rules``) searches."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class RefEntry:
    """One entry of the rules reference (a rule, house rule, card, action or format)."""

    key: str  # stable id, e.g. "ctb.effectiveness"
    title: str
    system: str  # "core", "ctb", "conflict", "reactor"
    kind: str  # "rule", "house rule", "card", "action", "format"
    body: str  # the project's own words; may hold a worked number
    tags: tuple[str, ...] = ()
    # the situations it answers, in the table's words (a player's, a GM's): what the lookup matches a
    # question told as a situation against, beside the title, tags and body
    situations: tuple[str, ...] = ()

    def to_json(self) -> dict[str, object]:
        return {
            "key": self.key,
            "title": self.title,
            "system": self.system,
            "kind": self.kind,
            "body": self.body,
            "tags": list(self.tags),
        }
