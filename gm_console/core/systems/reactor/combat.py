"""Resolving one strike, step by step.

Damage between two Personnel is simultaneous unless one side strikes first:
a GUARD blocker does, and so does a striker holding first-strike equipment
(the M80 AMR) when it fights a Personnel; when both apply they cancel out. A
Personnel killed by a first strike deals nothing. ARMOR ignores any source of
ATK 1 or less. A blocked strike never reaches its original target. The dead
leave the board at once, and whatever depended on them (a pack) goes too.

Each step is said through ``say(text, kind)`` so that the log shows the
resolution line by line and the pane can replay it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from gm_console.core.state import Condition, State, Unit
from gm_console.core.systems.reactor.board import Board, Casualty, HEAT_PER_ATK, whose
from gm_console.core.systems.reactor.cards import ARMOR, GUARD, Profile, grants_text, profile
from gm_console.core.systems.reactor.legality import EXHAUSTED, Target, pack

if TYPE_CHECKING:
    from gm_console.core.rules import Rules

Say = Callable[..., None]  # say(text, kind="damage", unit=None)


def exhaust(unit: Unit) -> None:
    unit.conditions[EXHAUSTED.lower()] = Condition(EXHAUSTED)


def add_heat(state: State, board: Board, rules: Rules, side: str, amount: int, say: Say) -> None:
    """Put ``amount`` K on a side's core (negative cools, never below 0); announce a meltdown."""
    plant = board.plants[side]
    plant.heat = max(0, plant.heat + amount)
    limit = rules.view("reactor").meltdown_heat
    if limit and plant.heat >= limit and not plant.melted:
        plant.melted = True
        say(f"MELTDOWN: {whose(state.sides[side].name)} core is at {plant.heat} K (limit {limit} K)", "warn")


def hit(src: Unit, sp: Profile, dst: Unit, dp: Profile, say: Say) -> bool:
    """``src`` deals its ATK to ``dst``; True when that kills it."""
    amount = sp.atk
    if amount <= 1 and dp.has(ARMOR):
        say(f"ARMOR: {dst.name} ignores {src.name} (ATK {amount})", "rule", dst.id)
        return False
    if amount == 0:
        say(f"{src.name} deals nothing (ATK 0)", "info", src.id)
        return False
    dst.stats["damage"] = dst.stat("damage") + amount
    say(f"{src.name} deals {amount} to {dst.name} (damage {dst.stats['damage']}/{dp.hp})", "damage", dst.id)
    if dst.stats["damage"] >= dp.hp:
        say(f"{dst.name} is killed", "damage", dst.id)
        return True
    return False


def fight(striker: Unit, sp: Profile, other: Unit, op: Profile, blocking: bool, say: Say) -> None:
    """Striker and ``other`` trade damage; profiles are taken as the strike was declared."""
    guard_first = blocking and op.has(GUARD)
    if guard_first and sp.first_strike:
        say(f"{striker.name}'s first strike and {other.name}'s GUARD cancel out: damage is simultaneous", "rule")
        order = None
    elif guard_first:
        say(f"GUARD: {other.name} deals its damage first", "rule", other.id)
        order = ((other, op), (striker, sp))
    elif sp.first_strike:
        say(f"First strike: {striker.name} deals its damage first", "rule", striker.id)
        order = ((striker, sp), (other, op))
    else:
        say("Damage is simultaneous", "rule")
        order = None
    if order is None:
        hit(striker, sp, other, op, say)
        hit(other, op, striker, sp, say)
        return
    (first, fp), (second, secp) = order
    if hit(first, fp, second, secp, say):
        say(f"{second.name} dies before it can hit back: it deals nothing", "rule", second.id)
    else:
        hit(second, secp, first, fp, say)


def settle(state: State, board: Board, rules: Rules, say: Say, cause: str = "killed") -> None:
    """Take every Personnel whose damage has reached its HP off the board."""
    dead = [u for u in state.units.values() if not profile(state, board, u, pack(rules)).alive]
    for unit in dead:
        del state.units[unit.id]
        board.casualties.append(Casualty(unit.id, unit.name, unit.side, board.card_of.pop(unit.id, None), unit.stat("damage"), cause))
    if dead:
        say(f"Leaves the board: {', '.join(u.name for u in dead)}", "damage")


def strike(
    state: State, board: Board, rules: Rules, striker: Unit, target: Target, blocker: Unit | None, hack: bool, say: Say
) -> list[str]:
    """Apply a checked strike; return its steps (also said one by one)."""
    steps: list[str] = []

    def step(text: str, kind: str = "damage", unit: str | None = None) -> None:
        steps.append(text)
        say(text, kind, unit)

    sp = profile(state, board, striker, pack(rules))  # numbers as declared, before anyone is spent
    defender = blocker if blocker is not None else state.units.get(target.id) if target.kind == "personnel" else None
    dp = profile(state, board, defender, pack(rules)) if defender is not None else None
    exhaust(striker)
    how = " to hack" if hack else ""
    step(f"{striker.name} strikes {target.label}{how}; it is EXHAUSTED", "info", striker.id)
    if blocker is not None:
        if rules.view("reactor").block_exhausts:
            exhaust(blocker)
        used = " and is used up (EXHAUSTED)" if rules.view("reactor").block_exhausts else ""
        step(f"{blocker.name} intercepts{used}", "rule", blocker.id)
        nothing = "no HEAT and no HACK counters" if target.kind == "reactor" else "nothing"
        step(f"Blocked: {target.label} takes {nothing}", "rule")
        assert dp is not None  # the blocker is the defender, profiled above
        fight(striker, sp, blocker, dp, True, step)
    elif target.kind == "personnel":
        # resolve_target: a personnel target is a unit in play, so the defender, profiled above
        assert defender is not None and dp is not None
        fight(striker, sp, defender, dp, False, step)
    elif target.kind == "facility":
        fac = board.facilities[target.id]
        atk = sp.atk
        fac.damage = min(fac.integrity, fac.damage + atk)
        step(f"{striker.name} deals {atk} to {fac.name}: Integrity {fac.remaining}/{fac.integrity}")
        if fac.destroyed:
            lost = f"; its grants are gone: {grants_text(fac.grants)}" if grants_text(fac.grants) else ""
            step(f"{fac.name} is destroyed{lost}")
    else:
        plant = board.plants[target.side]
        who = state.sides[target.side].name
        if hack:
            plant.hack += sp.hack
            step(f"+{sp.hack} HACK counters on {whose(who)} SKALA panel (now {plant.hack})")
        else:
            step(f"+{sp.atk * HEAT_PER_ATK} K HEAT on {whose(who)} core (ATK {sp.atk} x {HEAT_PER_ATK}; now {plant.heat + sp.atk * HEAT_PER_ATK} K)")
            add_heat(state, board, rules, target.side, sp.atk * HEAT_PER_ATK, step)
    settle(state, board, rules, step)
    board.last = tuple(steps)
    return steps
