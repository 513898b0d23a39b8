"""The CTB board in the state (``BOARD(state)``; its TOML table is in
``tables``).

The board keeps what is not a number on a unit (weapons) and the per-turn
attack count. The projection and the marks are derived when something shows
them (``derived``; ``replay --json`` adds them under ``boards.ctb``), never
recomputed on every action.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gm_console.core.errors import UnknownName
from gm_console.core.rules import Rules
from gm_console.core.state import BoardKey, State
from gm_console.core.systems.ctb.projection import project, ready_units
from gm_console.core.systems.ctb.stats import is_broken, is_downed, is_recalled
from gm_console.core.systems.ctb.tables import DEFAULT_PROJECTION


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


@dataclass(slots=True)
class CTBBoard:
    """What the CTB system keeps in the state besides unit stats (``BOARD(state)``)."""

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
                        and rules.view("ctb").death_comes == "battle_end" and not self.ended],
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


BOARD = BoardKey("ctb", CTBBoard)
_NAME = BOARD.name


def board_of(state: State) -> CTBBoard:
    """``BOARD(state)`` as a plain function, for the replay's hot paths (each
    next and hit): calling the key object costs a few hundred instructions
    more than a function call."""
    return state.boards[_NAME]


def weapons_from(table: dict[str, Any] | None) -> tuple[Weapon, ...]:
    """The weapons of a unit's validated ``[units.ctb]`` table (none without one)."""
    if not table:
        return ()
    return tuple(Weapon(w["id"], w.get("name", w["id"]), w["dam"], w["kind"], w["brk"]) for w in table["weapons"])
