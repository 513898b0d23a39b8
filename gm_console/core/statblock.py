"""A unit's stat block as plain data: every number in force with where it
comes from, its weapons, Traits, conditions, card texts, and (from the log,
never stored) its history this fight and the legal actions that name it.

Each system builds the block in its ``view`` module (``stat_block(state,
rules, uid)``) from the same functions its pane and odds use; the UI draws it
(ui/render/stat_block.py). ``history`` and ``unit_actions`` read what the
engine already holds (the events of the log, the legal actions of now)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields
from typing import Any

from gm_console.core.events import Event
from gm_console.core.state import Condition, State

# what a part of a number is: the unit's own value (base), Kennel scaling, an item, a Facility's GRANTS,
# a Trait, a condition, a house rule, the card, a rule of the text, or the state (what play has done)
KINDS = ("base", "kennel", "item", "facility", "trait", "condition", "house rule", "card", "rule", "state")


@dataclass(frozen=True, slots=True)
class Source:
    """One part of a number: ``kind`` (one of KINDS), in words, and what it adds (None: not a sum)."""

    kind: str
    label: str
    value: int | None = None

    def text(self) -> str:
        amount = "" if self.value is None else f" {self.value:+d}"
        return f"{self.kind}: {self.label}{amount}"


@dataclass(frozen=True, slots=True)
class Figure:
    """A number in force. ``key`` is its name in the state JSON (``hp_max``;
    ``in_force.atk`` for a number the JSON keeps under a board); ``of`` the
    maximum it is shown against (HP 12/40), or None."""

    key: str
    label: str
    value: int
    sources: tuple[Source, ...]
    of: int | None = None

    def shown(self) -> str:
        return f"{self.value}/{self.of}" if self.of is not None else str(self.value)


@dataclass(frozen=True, slots=True)
class Gear:
    """A weapon or an item, with its figures in words and the numbers it adds (by key)."""

    id: str
    name: str
    facts: str
    numbers: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Card:
    """A card's text as data: its kind, name, numbers in a line and its words."""

    id: str
    kind: str
    name: str
    facts: str
    text: str


@dataclass(frozen=True, slots=True)
class Left:
    """A condition and what is left of it (None: until taken off)."""

    name: str
    remaining: int | None
    per: str | None
    label: str


@dataclass(frozen=True, slots=True)
class StatBlock:
    uid: str
    name: str
    system: str
    side: str
    zone: str | None
    kind: str  # what the system calls it: a tier, "Personnel", "unit"
    figures: tuple[Figure, ...]
    gear: tuple[Gear, ...] = ()
    traits: tuple[str, ...] = ()
    conditions: tuple[Left, ...] = ()
    notes: tuple[str, ...] = ()  # a system's facts in words (Injuries, marks, what the rules say of it now)
    cards: tuple[Card, ...] = ()
    history_kinds: tuple[str, ...] = ("damage",)  # the kinds of event its history shows

    def figure(self, key: str) -> Figure | None:
        return next((f for f in self.figures if f.key == key), None)


def generic(state: State, uid: str) -> StatBlock:
    """A unit of an encounter without a rule system: its stats as given and changed in play."""
    unit = state.units[uid]
    figures = tuple(Figure(k, k, v, (Source("base", "the unit's stat (set changes it)"),)) for k, v in unit.stats.items())
    return StatBlock(
        uid, unit.name, "", side_name(state, unit.side), unit.zone, "unit", figures,
        tuple(Gear(i, i, "item") for i in unit.items), tuple(unit.traits), conditions_left(unit.conditions.values()),
    )  # fmt: skip


def conditions_left(conditions: Iterable[Condition]) -> tuple[Left, ...]:
    return tuple(Left(c.name, c.remaining, c.per, c.label()) for c in conditions)


def side_name(state: State, sid: str) -> str:
    side = state.sides.get(sid)
    return side.name if side is not None else sid


def history(events: Sequence[tuple[Event, ...]], uid: str, kinds: tuple[str, ...] = ("damage",), upto: int | None = None) -> list[tuple[int, str]]:
    """(action number, words) of every event of the log's first ``upto`` actions
    about unit ``uid`` of one of ``kinds``: what the fight did to its numbers,
    as the log said it."""
    stop = len(events) if upto is None else min(upto, len(events))
    return [(i + 1, e.text) for i in range(stop) for e in events[i] if e.unit == uid and e.kind in kinds]


def names(action: Any, uid: str) -> bool:
    """Whether an action names unit ``uid`` in one of its fields."""
    return any(getattr(action, f.name, None) == uid for f in fields(action))


def unit_actions(actions: Iterable[Any], uid: str) -> list[Any]:
    """The actions of ``actions`` (the legal ones now) that name unit ``uid``, those it takes first."""
    mine = [a for a in actions if names(a, uid)]
    return sorted(mine, key=lambda a: getattr(a, fields(a)[0].name, None) != uid if fields(a) else True)


def actor_of(action: Any) -> Any:
    """The first field of an action (who acts, for the verbs that have one)."""
    first = fields(action)[0].name if fields(action) else None
    return getattr(action, first) if first else None


def pointed(actions: Iterable[Any], actor: str, *, target: str | None = None, zone: str | None = None) -> Any | None:
    """The first of ``actions`` (legal now) that ``actor`` takes on ``target``
    (another field names it) or into ``zone`` (its ``zone`` field): what a
    click on a second unit or on a zone means."""
    for a in actions:
        if actor_of(a) != actor:
            continue
        if zone is not None and getattr(a, "zone", None) == zone:
            return a
        if target is not None and any(getattr(a, f.name, None) == target for f in fields(a)[1:]):
            return a
    return None
