"""The CTB board in the state (``state.boards["ctb"]``) and the encounter's
CTB tables: ``[units.ctb]`` for each unit and ``[ctb]`` for the board.

The board keeps what is not a number on a unit (weapons) and the per-turn
attack count. The projection and the marks are derived when something shows
them (``derived``; ``replay --json`` adds them under ``boards.ctb``), never
recomputed on every action.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gm_console.core import schema as s
from gm_console.core.errors import UnknownName
from gm_console.core.rules import Rules
from gm_console.core.schema import Key
from gm_console.core.state import State
from gm_console.core.systems.ctb.projection import project, ready_units
from gm_console.core.systems.ctb.stats import is_broken, is_downed, is_recalled

KINDS = ("physical", "magical")
DEFAULT_PROJECTION = 10


@dataclass(frozen=True, slots=True)
class Weapon:
    """A unit's weapon: DAM, kind (physical or magical) and BRK amount."""

    id: str
    name: str
    dam: int = 0
    kind: str = "physical"  # physical: atk against AR+PR; magical: mag against AR+MR
    brk: int = 0  # the BRK amount under the weapon_brk house rule

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "dam": self.dam, "kind": self.kind, "brk": self.brk}


UNARMED = Weapon("unarmed", "Unarmed")

WEAPON_TABLE = s.Table(
    {
        "id": Key(s.Id(), required=True, doc="how hit/brk name it: with=ID"),
        "name": Key(s.Str(), doc="shown in the log (default: the id)"),
        "dam": Key(s.Int(min=0, max=999), default=0, doc="weapon DAM, added to the Attack Total"),
        "kind": Key(s.Str(choices=KINDS), default="physical", doc="physical uses atk vs PR, magical mag vs MR"),
        "brk": Key(s.Int(min=0, max=999), default=0, doc="BRK amount (house rule brk_amount = weapon_brk)"),
    },
    name="a weapon table",
)

_STAT = s.Int(min=0, max=9999)
UNIT_TABLE = s.Table(
    {
        "ap_total": Key(s.Int(min=0, max=1000), required=True, doc="AP gained per tick; 0 never acts"),
        "ap": Key(s.Int(min=0, max=10000), default=0, doc="AP at the start of the fight"),
        "kennel": Key(s.Int(min=0, max=200), default=100, doc="0-200; scales the maxima (100 = the bases)"),
        "hp_base": Key(s.Int(min=0, max=9999), doc="maximum HP at Kennel 100 (default: hp; one of the two is required)"),
        "ar_base": Key(_STAT, doc="maximum AR at Kennel 100 (default: ar, else 0)"),
        "ki_base": Key(_STAT, doc="maximum KI at Kennel 100 (default: ki, else 0)"),
        "hp": Key(_STAT, doc="HP at the start (default: the maximum)"),
        "ar": Key(_STAT, doc="AR at the start (default: the maximum)"),
        "ki": Key(_STAT, doc="KI at the start (default: the maximum)"),
        "atk": Key(_STAT, default=0, doc="attack stat of physical weapons"),
        "mag": Key(_STAT, default=0, doc="attack stat of magical weapons"),
        "pr": Key(_STAT, default=0, doc="Physical Resistance"),
        "mr": Key(_STAT, default=0, doc="Magical Resistance"),
        "prof": Key(_STAT, default=0, doc="Proficiency: Attack Total, and lowers the glancing ceiling"),
        "prec": Key(_STAT, default=0, doc="Precision: lowers the crit floor"),
        "assist": Key(_STAT, default=0, doc="standing Assist: lowers the glancing ceiling"),
        "weapons": Key(s.List(WEAPON_TABLE), default=[], doc="the first is used when hit/brk name none"),
    },
    name="a ctb unit table",
)

BOARD_TABLE = s.Table(
    {"projection": Key(s.Int(min=1, max=50), default=DEFAULT_PROJECTION, doc="turns the turn bar projects")},
    name="a ctb board table",
)


@dataclass(slots=True)
class CTBBoard:
    """What the CTB system keeps in the state besides unit stats (``state.boards["ctb"]``)."""

    projection_length: int = DEFAULT_PROJECTION
    weapons: dict[str, tuple[Weapon, ...]] = field(default_factory=dict)
    attacks: int = 0  # attacks the acting unit made this turn (free ones excluded)
    turns_taken: int = 0
    rules: Rules | None = None  # the encounter's house rules (fixed for a game), for derived views
    ended: bool = False  # the battle is over (endbattle): the Downed who were not Recalled have died

    def copy(self) -> CTBBoard:
        return CTBBoard(self.projection_length, dict(self.weapons), self.attacks, self.turns_taken, self.rules, self.ended)

    def weapon(self, uid: str, wid: str | None) -> Weapon:
        """The named weapon of a unit, or its first (Unarmed when it has none)."""
        owned = self.weapons.get(uid, ())
        if wid is None:
            return owned[0] if owned else UNARMED
        for w in owned:
            if w.id == wid:
                return w
        raise UnknownName("weapon", wid, [w.id for w in owned])

    def derived(self, state: State, rules: Rules) -> dict[str, Any]:
        """What the board shows but no rule reads: computed when asked, never
        stored, so applying an action never pays for a projection."""
        units = state.units.values()
        return {
            "turn_order": [{"unit": t.unit, "tick": t.tick} for t in project(state, rules, self.projection_length)],
            "ready": [u for u in ready_units(state, rules) if u != state.clock.active],
            "downed": [u.id for u in units if is_downed(u) and not is_recalled(u)],
            "armor_broken": [u.id for u in units if is_broken(u, rules) and not is_recalled(u)],
            "recalled": [u.id for u in units if is_recalled(u)],
            "at_risk": [u.id for u in units if is_downed(u) and not is_recalled(u) and not u.has("Dead")
                        and rules["ctb.death_comes"] == "battle_end" and not self.ended],
            "dead": [u.id for u in units if u.has("Dead")],
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "projection_length": self.projection_length,
            "attacks_this_turn": self.attacks,
            "turns_taken": self.turns_taken,
            "ended": self.ended,
            "weapons": {uid: [w.to_json() for w in ws] for uid, ws in self.weapons.items()},
        }


def board_of(state: State) -> CTBBoard:
    board = state.boards.get("ctb")
    if board is None:  # a state built without the system's init_board (defensive)
        board = state.boards["ctb"] = CTBBoard()
    return board


def weapons_from(table: dict[str, Any]) -> tuple[Weapon, ...]:
    return tuple(
        Weapon(w["id"], w.get("name", w["id"]), w.get("dam", 0), w.get("kind", "physical"), w.get("brk", 0))
        for w in table.get("weapons", ())
    )
