"""The reactor board: what the system keeps in the state besides units.

Per side a ``Plant``: the reactor core's HEAT (in K), the HACK counters on
its SKALA panel, its Base Load and the incidents pending on it, its Power
Order, LOCKDOWN. Beside them the Facilities, which Personnel card each unit
was played from, the casualties, and the last strike's resolution.

Plain data with a cheap ``copy()``; the catalogue is shared, never copied.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gm_console.core.state import BoardKey
from gm_console.core.systems.reactor.cards import GRANT_KEYS, Card, Catalogue

PHASES = ("operations", "incident", "shift-end")
PHASE_TITLES = {"operations": "Operations", "incident": "Incident", "shift-end": "Shift End"}
HEAT_PER_ATK = 100  # an unblocked reactor strike: ATK x 100 K


def whose(name: str) -> str:
    """``Player A's``, ``WNAF Raiders'``."""
    return name + ("'" if name.endswith("s") else "'s")


@dataclass(slots=True)
class Pending:
    """An incident waiting for a side's next Base Load."""

    card: str
    by: str  # the side that deployed it

    def to_json(self) -> dict[str, Any]:
        return {"card": self.card, "by": self.by}


@dataclass(slots=True)
class Plant:
    side: str
    doctrine: str = ""
    heat: int = 0
    hack: int = 0
    base_load: int = 0  # K added at each Base Load
    power_order: int = 1  # delivered at each Shift End
    delivered: int = 0
    forfeited: int = 0
    lockdown: int = 0  # own Shift Ends until LOCKDOWN lifts; 0 = none
    pending: list[Pending] = field(default_factory=list)
    melted: bool = False

    def copy(self) -> Plant:
        return Plant(
            self.side, self.doctrine, self.heat, self.hack, self.base_load, self.power_order,
            self.delivered, self.forfeited, self.lockdown, list(self.pending), self.melted,
        )  # fmt: skip


@dataclass(slots=True)
class Facility:
    id: str
    name: str
    side: str
    card: str | None
    integrity: int
    damage: int = 0
    grants: dict[str, int] = field(default_factory=dict)

    @property
    def remaining(self) -> int:
        return max(0, self.integrity - self.damage)

    @property
    def destroyed(self) -> bool:
        return self.remaining == 0

    def copy(self) -> Facility:
        return Facility(self.id, self.name, self.side, self.card, self.integrity, self.damage, dict(self.grants))

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "side": self.side,
            "card": self.card,
            "integrity": self.integrity,
            "damage": self.damage,
            "destroyed": self.destroyed,
            "grants": dict(self.grants),
        }


@dataclass(frozen=True, slots=True)
class Casualty:
    id: str
    name: str
    side: str
    card: str | None
    damage: int
    cause: str

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "side": self.side, "card": self.card, "damage": self.damage, "cause": self.cause}


def raid_heat(card: Card | None, counters: int) -> int:
    """The extra K an incident puts on a Base Load at this many HACK counters."""
    if card is None:
        return 0
    steps = [st["heat"] for st in card.get("steps", ()) if counters >= st["counters"]]
    return max(steps, default=0)


@dataclass
class Board:
    cards: Catalogue
    plants: dict[str, Plant]
    facilities: dict[str, Facility] = field(default_factory=dict)
    card_of: dict[str, str] = field(default_factory=dict)  # unit id -> Personnel card id
    active: str = ""  # the side whose shift it is
    phase: str = "operations"
    casualties: list[Casualty] = field(default_factory=list)
    last: tuple[str, ...] = ()  # the last strike's resolution, one step a line

    def copy(self) -> Board:
        return Board(
            self.cards,
            {k: p.copy() for k, p in self.plants.items()},
            {k: f.copy() for k, f in self.facilities.items()},
            dict(self.card_of),
            self.active,
            self.phase,
            list(self.casualties),
            self.last,
        )

    # -- derived
    def facilities_of(self, side: str) -> list[Facility]:
        return [f for f in self.facilities.values() if f.side == side]

    def grants(self, side: str) -> dict[str, int]:
        """What a side's standing Facilities grant together (a destroyed one grants nothing)."""
        out = dict.fromkeys(GRANT_KEYS, 0)
        for fac in self.facilities_of(side):
            if not fac.destroyed:
                for key, value in fac.grants.items():
                    out[key] += value
        return out

    def power_order(self, side: str) -> int:
        return max(0, self.plants[side].power_order + self.grants(side)["power_order"])

    def base_load_parts(self, side: str) -> list[tuple[str, int]]:
        """What the side's next Base Load adds, part by part (incidents at today's counters)."""
        plant = self.plants[side]
        parts = [("Base Load", plant.base_load)]
        if self.grants(side)["base_load"]:
            parts.append(("Facilities", self.grants(side)["base_load"]))
        for p in plant.pending:
            card = self.cards.get("incident", p.card)
            parts.append((card.name if card else p.card, raid_heat(card, plant.hack)))
        return parts

    def next_base_load(self, side: str) -> int:
        return max(0, sum(v for _, v in self.base_load_parts(side)))

    def to_json(self) -> dict[str, Any]:
        return {
            "active": self.active,
            "phase": self.phase,
            "sides": {
                side: {
                    "doctrine": p.doctrine,
                    "heat": p.heat,
                    "hack": p.hack,
                    "base_load": p.base_load,
                    "next_base_load": self.next_base_load(side),
                    "pending": [x.to_json() for x in p.pending],
                    "power_order": self.power_order(side),
                    "delivered": p.delivered,
                    "forfeited": p.forfeited,
                    "lockdown": p.lockdown > 0,
                    "lockdown_shift_ends": p.lockdown,
                    "meltdown": p.melted,
                }
                for side, p in self.plants.items()
            },
            "facilities": [f.to_json() for f in self.facilities.values()],
            "personnel": dict(self.card_of),
            "casualties": [c.to_json() for c in self.casualties],
            "last_strike": list(self.last),
        }


BOARD = BoardKey("reactor", Board)  # BOARD(state): the reactor board of a state
