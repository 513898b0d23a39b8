"""The mutable state of a fight, derived by applying the log to the setup.

Everything here is plain data with a cheap ``copy()``: the engine keeps a
copy only at sparse checkpoints, never one per action.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from gm_console.core.errors import UnknownName

DURATION_UNITS = {"t": "turn", "r": "round", "s": "shift"}  # the letter of a duration (``for=3r``)
DURATION_WORDS = {"turn": ("turn", "turns"), "round": ("round", "rounds"), "shift": ("Shift End", "Shift Ends")}


@dataclass(slots=True)
class Condition:
    """A named condition; ``remaining`` counts down at each ``per`` boundary."""

    name: str
    remaining: int | None = None
    per: str | None = None  # "turn" (the holder's turn end), "round", "shift"

    @classmethod
    def lasting(cls, name: str, duration: str | None) -> Condition:
        """The condition ``name`` lasting ``duration`` as notation writes it
        (``3r``: three rounds, ``1t``, ``2s``), or for good when None; the one
        reader of a duration (notation checks its form before it gets here)."""
        if not duration:
            return cls(name)
        return cls(name, int(duration[:-1]), DURATION_UNITS[duration[-1]])

    def label(self) -> str:
        if self.remaining is None or self.per is None:
            return self.name
        one, many = DURATION_WORDS[self.per]
        return f"{self.name} ({self.remaining} {one if self.remaining == 1 else many})"

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "remaining": self.remaining, "per": self.per}


@dataclass(slots=True)
class Unit:
    """A unit in the fight: who it is, where, and its numbers, traits, items and conditions."""

    id: str
    name: str
    side: str
    zone: str | None = None
    stats: dict[str, int] = field(default_factory=dict)
    traits: tuple[str, ...] = ()
    items: tuple[str, ...] = ()
    conditions: dict[str, Condition] = field(default_factory=dict)

    def copy(self) -> Unit:
        conditions = self.conditions
        return Unit(
            self.id,
            self.name,
            self.side,
            self.zone,
            self.stats.copy(),
            self.traits,
            self.items,
            {k: Condition(c.name, c.remaining, c.per) for k, c in conditions.items()} if conditions else {},
        )

    def stat(self, name: str, default: int = 0) -> int:
        return self.stats.get(name, default)

    def has(self, condition: str) -> bool:
        return condition.lower() in self.conditions

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "side": self.side,
            "zone": self.zone,
            "stats": dict(self.stats),
            "traits": list(self.traits),
            "items": list(self.items),
            "conditions": [c.to_json() for c in self.conditions.values()],
        }


@dataclass(slots=True)
class Zone:
    """A zone of the map and its connections."""

    id: str
    name: str
    adjacent: tuple[str, ...] = ()
    traits: tuple[str, ...] = ()
    hidden: bool = False
    locked: tuple[str, ...] = ()  # adjacent zones behind a locked connection (fog of war, core/fog.py)
    chip: str | None = None  # the Map Chip that reveals this zone and opens its locked connections
    revealed: bool = False  # revealed during play: it stays revealed

    def copy(self) -> Zone:
        return Zone(self.id, self.name, self.adjacent, self.traits, self.hidden, self.locked, self.chip, self.revealed)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "adjacent": list(self.adjacent),
            "traits": list(self.traits),
            "hidden": self.hidden,
            "locked": list(self.locked),
            "chip": self.chip,
            "revealed": self.revealed,
        }


@dataclass(frozen=True, slots=True)
class Side:
    """A side of the fight, and who controls it."""

    id: str
    name: str
    controller: str = "gm"  # "players" or "gm"

    @property
    def is_players(self) -> bool:
        """Whether the players control this side (else the GM does)."""
        return self.controller == "players"

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "controller": self.controller}


@dataclass(slots=True)
class Clock:
    """Where the fight is in time: round, turn, tick, and whose turn it is."""

    round: int = 1
    turn: int = 0  # turns taken so far in this round
    tick: int = 0
    active: str | None = None  # whose turn it is
    phase: str = ""  # a system's phase name, when it has phases

    def copy(self) -> Clock:
        return Clock(self.round, self.turn, self.tick, self.active, self.phase)

    def to_json(self) -> dict[str, Any]:
        return {"round": self.round, "turn": self.turn, "tick": self.tick, "active": self.active, "phase": self.phase}


class SystemState(Protocol):
    """What a rule system keeps in the state besides units: its board."""

    def copy(self) -> SystemState: ...

    def to_json(self) -> dict[str, Any]: ...


@dataclass(slots=True)
class State:
    """Everything the log has made of the setup so far: units, zones, sides, clock, pools, boards."""

    units: dict[str, Unit] = field(default_factory=dict)
    zones: dict[str, Zone] = field(default_factory=dict)
    sides: dict[str, Side] = field(default_factory=dict)
    clock: Clock = field(default_factory=Clock)
    pools: dict[str, int] = field(default_factory=dict)
    boards: dict[str, Any] = field(default_factory=dict)  # system name -> SystemState

    def copy(self) -> State:
        return State(
            {k: u.copy() for k, u in self.units.items()},
            {k: z.copy() for k, z in self.zones.items()},
            self.sides,  # sides never change during a fight
            self.clock.copy(),
            dict(self.pools),
            {k: b.copy() for k, b in self.boards.items()},
        )

    def unit(self, uid: str) -> Unit:
        try:
            return self.units[uid]
        except KeyError:
            raise UnknownName("unit", uid, self.units) from None

    def zone(self, zid: str) -> Zone:
        try:
            return self.zones[zid]
        except KeyError:
            raise UnknownName("zone", zid, self.zones) from None

    def side(self, sid: str) -> Side:
        try:
            return self.sides[sid]
        except KeyError:
            raise UnknownName("side", sid, self.sides) from None

    def units_of(self, side: str) -> list[Unit]:
        return [u for u in self.units.values() if u.side == side]

    def units_in(self, zone: str) -> list[Unit]:
        return [u for u in self.units.values() if u.zone == zone]

    def to_json(self) -> dict[str, Any]:
        return {
            "units": [u.to_json() for u in self.units.values()],
            "zones": [z.to_json() for z in self.zones.values()],
            "sides": [s.to_json() for s in self.sides.values()],
            "clock": self.clock.to_json(),
            "pools": dict(self.pools),
            "boards": {k: b.to_json() for k, b in self.boards.items()},
        }


B = TypeVar("B")


class BoardKey(Generic[B]):
    """The typed way to one system's board in ``state.boards``: a system
    declares ``BOARD = BoardKey("ctb", CTBBoard)`` in its board module and
    reads ``BOARD(state)``, a ``CTBBoard`` to a type checker."""

    __slots__ = ("name", "type")

    def __init__(self, name: str, type_: type[B]) -> None:
        self.name = name
        self.type = type_

    def __call__(self, state: State) -> B:
        return state.boards[self.name]

    def get(self, state: State) -> B | None:
        """The board, or None in a state without this system."""
        return state.boards.get(self.name)
