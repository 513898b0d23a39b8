"""Who may strike what, and who may block it, each "no" with its reason.

Every function returns ``None`` when the move is allowed, or a ``Reason``:
the short text the table says ("EXHAUSTED") and the ``Cite`` of the rule
that forbids it (``cites.py``). The actions raise them as ``IllegalAction``; the
strike flow shows them beside the options it cannot offer.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from gm_console.core.errors import Cite, IllegalAction, UnknownName
from gm_console.core.systems.reactor import cites as cite
from gm_console.core.systems.reactor.board import Board, PHASE_TITLES, whose
from gm_console.core.systems.reactor.cards import RAIDER, profile
from gm_console.core.systems.reactor.tables import REACTOR
from dataclasses import dataclass

if TYPE_CHECKING:
    from gm_console.core.rules import Rules
    from gm_console.core.state import State, Unit

EXHAUSTED, STATIONED, ORIENTATION = "EXHAUSTED", "STATIONED", "ORIENTATION"
TARGET_RE = re.compile(r"[A-Za-z][A-Za-z0-9_-]*(:[A-Za-z][A-Za-z0-9_-]*)?")


@dataclass(frozen=True)
class Reason:
    text: str
    cite: Cite  # the rule that forbids it (cites.py), e.g. cites.BLOCKING

    def fail(self, who: str, verb: str) -> IllegalAction:
        return IllegalAction(f"{who} cannot {verb}: {self.text}", self.cite)


@dataclass(frozen=True)
class Target:
    kind: str  # "personnel", "facility" or "reactor"
    id: str  # unit id, facility id, or the side id for a reactor
    side: str
    label: str

    @property
    def ref(self) -> str:
        return self.id if self.kind != "reactor" else REACTOR


def pack(rules: Rules) -> str:
    """Who counts towards a pack (house rule pack_counts)."""
    return rules.view("reactor").pack_counts


def opposing(state: State, side: str) -> list[str]:
    return [s for s in state.sides if s != side]


def resolve_target(state: State, board: Board, side: str, ref: str) -> Target:
    """A target word: a unit id, a Facility id, ``reactor`` (the one opposing
    reactor) or ``reactor:SIDE``."""
    if ref == REACTOR or ref.startswith(REACTOR + ":"):
        owner = ref.partition(":")[2]
        if not owner:
            others = opposing(state, side)
            if len(others) != 1:
                raise UnknownName("reactor", ref, [f"{REACTOR}:{s}" for s in others])
            owner = others[0]
        state.side(owner)
        return Target("reactor", owner, owner, f"{whose(state.sides[owner].name)} reactor")
    if ref in state.units:
        unit = state.units[ref]
        return Target("personnel", ref, unit.side, unit.name)
    if ref in board.facilities:
        fac = board.facilities[ref]
        return Target("facility", ref, fac.side, fac.name)
    raise UnknownName("target", ref, [*state.units, *board.facilities, REACTOR])


# ------------------------------------------------------------------ timing


def own_operations(state: State, board: Board, side: str) -> Reason | None:
    if board.active != side:
        return Reason(f"it is {whose(state.sides[board.active].name)} shift", cite.TURN)
    if board.phase != "operations":
        return Reason(f"it is the {PHASE_TITLES[board.phase]} phase, not Operations", cite.TURN)
    return None


def play_timing(state: State, board: Board, rules: Rules, side: str) -> Reason | None:
    if rules.view("reactor").play_timing == "any-time":
        return None
    return own_operations(state, board, side)


# ------------------------------------------------------------------ strikes


def striker_problem(state: State, board: Board, unit: Unit) -> Reason | None:
    late = own_operations(state, board, unit.side)
    if late is not None:
        return late
    if unit.has(EXHAUSTED):
        return Reason(EXHAUSTED, cite.DECLARING)
    if unit.has(ORIENTATION):
        return Reason("under ORIENTATION", cite.DECLARING)
    if unit.has(STATIONED):
        return Reason("STATIONED (it guards; unstation it to strike)", cite.DECLARING)
    return None


def facility_guard(state: State, board: Board, rules: Rules, side: str) -> Unit | None:
    """A stationed Personnel of ``side`` that keeps RAIDERs off its Facilities."""
    for unit in state.units_of(side):
        if unit.has(STATIONED) and profile(state, board, unit, pack(rules)).guards_facilities:
            return unit
    return None


def target_problem(state: State, board: Board, rules: Rules, striker: Unit, target: Target) -> Reason | None:
    if target.side == striker.side:
        return Reason(f"{target.label} is on its own side", cite.DECLARING)
    if board.plants[target.side].lockdown:
        return Reason(f"{state.sides[target.side].name} is in LOCKDOWN", cite.LOCKDOWN)
    if target.kind != "personnel" and not profile(state, board, striker, pack(rules)).has(RAIDER):
        what = "a Facility" if target.kind == "facility" else "a reactor"
        return Reason(f"only RAIDER Personnel strike {what}", cite.RAIDERS)
    if target.kind == "facility":
        if board.facilities[target.id].destroyed:
            return Reason(f"{target.label} is already destroyed", cite.FACILITY)
        guard = facility_guard(state, board, rules, target.side)
        if guard is not None:
            return Reason(f"{guard.name} is stationed and keeps RAIDERs off its Facilities", cite.TRT)
    return None


def hack_problem(state: State, board: Board, rules: Rules, striker: Unit, target: Target) -> Reason | None:
    if target.kind != "reactor":
        return Reason("only a reactor strike can hack", cite.HACK)
    if profile(state, board, striker, pack(rules)).hack < 1:
        return Reason("HACK 0", cite.HACK)
    return None


def block_problem(state: State, board: Board, rules: Rules, striker: Unit, target: Target, blocker: Unit) -> Reason | None:
    if blocker.side != target.side:
        return Reason(f"not on {whose(state.sides[target.side].name)} side", cite.BLOCKING)
    if not blocker.has(STATIONED):
        return Reason("not STATIONED", cite.STATIONING)
    if blocker.has(EXHAUSTED):
        return Reason(EXHAUSTED, cite.BLOCKING)
    if target.kind == "personnel" and blocker.id == target.id and not rules.view("reactor").self_block:
        return Reason("it is the target of the strike", cite.SELF_BLOCK)
    evade = profile(state, board, striker, pack(rules)).evade
    atk = profile(state, board, blocker, pack(rules)).atk
    if evade is not None and atk <= evade:
        return Reason(f"ATK {atk}; {striker.name} cannot be blocked by ATK {evade} or less", cite.BLOXIAN)
    return None


def check_strike(
    state: State, board: Board, rules: Rules, striker: Unit, target: Target, blocker: Unit | None, hack: bool
) -> None:
    """Raise IllegalAction naming the first rule that forbids this strike."""
    problem = striker_problem(state, board, striker) or target_problem(state, board, rules, striker, target)
    if problem is not None:
        raise problem.fail(striker.name, f"strike {target.label}")
    if hack:
        problem = hack_problem(state, board, rules, striker, target)
        if problem is not None:
            raise problem.fail(striker.name, "hack")
    if blocker is not None:
        problem = block_problem(state, board, rules, striker, target, blocker)
        if problem is not None:
            raise problem.fail(blocker.name, "block")


# ------------------------------------------------------------------ what the flow offers


def all_targets(state: State, board: Board, side: str) -> list[Target]:
    out: list[Target] = []
    for other in opposing(state, side):
        ref = REACTOR if len(opposing(state, side)) == 1 else f"{REACTOR}:{other}"
        out.append(resolve_target(state, board, side, ref))
        out += [Target("facility", f.id, other, f.name) for f in board.facilities_of(other)]
        out += [Target("personnel", u.id, other, u.name) for u in state.units_of(other)]
    return out


def target_word(state: State, target: Target, side: str) -> str:
    """How a strike line names the target."""
    if target.kind != "reactor":
        return target.id
    return REACTOR if len(opposing(state, side)) == 1 else f"{REACTOR}:{target.side}"


def strikers(state: State, board: Board) -> list[tuple[Unit, Reason | None]]:
    return [(u, striker_problem(state, board, u)) for u in state.units_of(board.active)]


def targets(state: State, board: Board, rules: Rules, striker: Unit) -> list[tuple[Target, Reason | None]]:
    return [(t, target_problem(state, board, rules, striker, t)) for t in all_targets(state, board, striker.side)]


def blockers(state: State, board: Board, rules: Rules, striker: Unit, target: Target) -> list[tuple[Unit, Reason | None]]:
    return [(u, block_problem(state, board, rules, striker, target, u)) for u in state.units_of(target.side)]
