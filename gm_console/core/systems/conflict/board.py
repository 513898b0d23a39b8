"""The conflict board: everything the zone conflict keeps besides the units.

Stress is the unit stat ``stress``; everything else per character (tier,
cysuit, weapons, Injuries, the Fatigued Attribute) is a ``Char`` here. The
board also holds the round (who has acted, whose side picks next), the
running turn's action economy, Injuries waiting to be Avoided or suffered,
Reach and cover, hazards and the complications rolled.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from gm_console.core.state import BoardKey

from .catalogue import Catalogue

NPC_TIERS = ("minor", "notable", "major")
TIERS = ("main", "supporting", *NPC_TIERS)


@dataclass
class Injury:
    name: str
    severity: int
    intent: str  # "stun" or "deadly"
    treated: bool = False
    debilitating: bool = False
    since: int = 0  # log index of the action that inflicted it

    def label(self) -> str:
        mark = ", treated" if self.treated else ""
        return f"{self.name} ({self.intent} {self.severity}{mark})"

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "severity": self.severity,
            "intent": self.intent,
            "treated": self.treated,
            "debilitating": self.debilitating,
            "since": self.since,
        }


@dataclass
class Char:
    tier: str
    values: int = 0
    cysuit: bool = True
    synthetic: bool = False
    weapons: tuple[str, ...] = ()
    injuries: list[Injury] = field(default_factory=list)
    stress_max: int = 0
    fatigued: bool = False
    fatigued_attr: str | None = None
    avoided: bool = False  # a Notable NPC's once-a-scene Threat Avoid is used
    grace: int = 0  # scenes the cysuit keeps a Dying wearer alive beyond this one
    breaches: tuple[str, ...] = ()  # Traits naming a failed cysuit protection
    concealed: tuple[str, ...] = ()  # Hidden weapons concealed (a Conceal Minor Action) and not yet found

    @property
    def npc(self) -> bool:
        return self.tier in NPC_TIERS

    def copy(self) -> Char:
        return replace(self, injuries=[replace(i) for i in self.injuries])

    def to_json(self) -> dict[str, Any]:
        return {
            "tier": self.tier,
            "values": self.values,
            "cysuit": self.cysuit,
            "synthetic": self.synthetic,
            "weapons": list(self.weapons),
            "injuries": [i.to_json() for i in self.injuries],
            "stress_max": self.stress_max,
            "fatigued": self.fatigued,
            "fatigued_attribute": self.fatigued_attr,
            "avoided_this_scene": self.avoided,
            "cysuit_grace": self.grace,
            "cysuit_breaches": list(self.breaches),
            "concealed": list(self.concealed),
        }


@dataclass
class Pending:
    """An Injury that has landed but is not yet Avoided or suffered."""

    target: str
    source: str | None  # the attacker, or None for a hazard
    what: str  # weapon or hazard name
    severity: int  # before Protection and increases
    intent: str
    protection: int = 0
    piercing: bool = False
    increase: int = 0
    intense: bool = False
    bonus: int = 0  # bonus Momentum usable only on this attack (a prone target)
    debilitating: bool = False
    attack: int = -1  # log index of the attack (one attack may hit several targets)
    area: bool = False
    most: int | None = None  # the highest Severity allowed (house rule severity_above_5 = cap)
    kind: str = "injury"  # or "consequence": any other consequence of a Severity, suffered as a Trait
    parts: tuple[str, ...] = ()  # where the Protection comes from ("cysuit 1", "cysuit 0 under the Trait ...")
    mods: tuple[tuple[str, int], ...] = ()  # what already changed ``severity`` (an Area charge -1, an exposure's less=)

    @property
    def adjusted(self) -> int:
        raw = self.severity + self.increase
        sev = raw if self.piercing else max(1, raw - self.protection)
        return sev if self.most is None else min(self.most, sev)

    def why(self) -> str:
        """Where the adjusted Severity comes from, every modifier with its source
        ("4 - Protection 1: cysuit 1", "4 - Protection 0: cysuit 0 under the Trait
        Protection Compromised", "3 +2 spent; Piercing: Protection ignored"), or ""
        when nothing changed the Severity and no Protection was there to count."""
        if self.kind != "injury":
            return ""
        base = self.severity - sum(n for _, n in self.mods)
        steps = "".join(f" {n:+d} {what}" for what, n in self.mods) + (f" {self.increase:+d} spent" if self.increase else "")
        bits = [f"{base}{steps}"] if steps else []
        raw = self.severity + self.increase
        if self.piercing:
            bits.append("Piercing: Protection ignored")
        elif self.parts or self.protection:
            counted = f"Protection {self.protection}" + (f": {', '.join(self.parts)}" if self.parts else "")
            bits = [f"{base}{steps} - {counted}"]
            raw -= self.protection
        if not self.piercing and raw < 1:
            bits.append("at least 1")
        if self.most is not None and max(1, raw) > self.most:
            bits.append(f"at most {self.most}: house rule severity_above_5")
        return "; ".join(bits)

    def to_json(self) -> dict[str, Any]:
        return {
            "target": self.target,
            "source": self.source,
            "what": self.what,
            "severity": self.severity,
            "intent": self.intent,
            "protection": self.protection,
            "piercing": self.piercing,
            "increase": self.increase,
            "adjusted": self.adjusted,
            "bonus_momentum": self.bonus,
            "kind": self.kind,
        }


@dataclass
class TurnUse:
    """The running turn's action economy."""

    unit: str
    start: int  # log index of the action that started it
    kept: bool = False  # given by Keep the Initiative: it must pass to the opposition
    majors: int = 0
    minors: int = 0
    extra_majors: int = 0
    extra_minors: int = 0
    prepared: bool = False
    aimed: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "unit": self.unit,
            "kept": self.kept,
            "majors": self.majors,
            "minors": self.minors,
            "bought_majors": self.extra_majors,
            "bought_minors": self.extra_minors,
            "prepared": self.prepared,
            "aimed": self.aimed,
        }


@dataclass
class LastTask:
    """A character's latest task (an Attack included) and whether it succeeded, for spends that need one."""

    unit: str
    index: int
    success: bool
    recovered: int = 0


@dataclass
class OpposedWin:
    winner: str
    loser: str
    melee: bool


@dataclass
class Hazard:
    id: str
    name: str
    mode: str  # "attritional" or "acute"
    severity: int
    interval: str
    intent: str = "deadly"
    environmental: bool = False  # ordinary environmental exposure: a working, unbreached cysuit keeps it out

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "mode": self.mode,
            "severity": self.severity,
            "interval": self.interval,
            "intent": self.intent,
            "environmental": self.environmental,
        }


@dataclass
class Board:
    catalogue: Catalogue
    opening: str = "players"  # who opens round 1: "players", or "gm" after an ambush
    first: str | None = None  # the clear choice to take the first turn, if the file names one
    to_go: str = "players"  # whose side picks the next turn: "players" or "gm"
    acted: list[str] = field(default_factory=list)
    majors: dict[str, int] = field(default_factory=dict)  # Major Actions this round
    seized: bool = False
    turn: TurnUse | None = None
    pending: list[Pending] = field(default_factory=list)
    last: dict[str, LastTask] = field(default_factory=dict)  # each character's latest task this turn
    opposed: OpposedWin | None = None
    withdraw: str | None = None  # may step out of Reach for free (won an opposed melee defence)
    reach: set[tuple[str, str]] = field(default_factory=set)  # sorted pairs within Reach
    cover: dict[str, str] = field(default_factory=dict)  # unit -> zone whose cover it uses
    chars: dict[str, Char] = field(default_factory=dict)
    hazards: dict[str, Hazard] = field(default_factory=dict)
    complications: list[str] = field(default_factory=list)
    scene: int = 1
    over: bool = False  # the conflict has ended (endconflict): no more turns; healing may begin
    connection: str = "full"  # the link for the Vitalis burst and remote help: full, limited, offline

    def char(self, uid: str) -> Char:
        return self.chars[uid]

    def copy(self) -> Board:
        return Board(
            self.catalogue,  # immutable, shared
            self.opening,
            self.first,
            self.to_go,
            list(self.acted),
            dict(self.majors),
            self.seized,
            replace(self.turn) if self.turn else None,
            [replace(p) for p in self.pending],
            {k: replace(v) for k, v in self.last.items()},
            replace(self.opposed) if self.opposed else None,
            self.withdraw,
            set(self.reach),
            dict(self.cover),
            {k: c.copy() for k, c in self.chars.items()},
            {k: replace(h) for k, h in self.hazards.items()},
            list(self.complications),
            self.scene,
            self.over,
            self.connection,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "scene": self.scene,
            "over": self.over,
            "connection": self.connection,
            "opening": self.opening,
            "first": self.first,
            "to_go": self.to_go,
            "acted": list(self.acted),
            "majors_this_round": dict(self.majors),
            "seized": self.seized,
            "turn": self.turn.to_json() if self.turn else None,
            "pending": [p.to_json() for p in self.pending],
            "reach": [list(p) for p in sorted(self.reach)],
            "cover": dict(self.cover),
            "chars": {k: c.to_json() for k, c in self.chars.items()},
            "hazards": {k: h.to_json() for k, h in self.hazards.items()},
            "complications": list(self.complications),
        }


def pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a <= b else (b, a)


BOARD = BoardKey("conflict", Board)  # the board in state.boards: BOARD(state), BOARD.get(state)
