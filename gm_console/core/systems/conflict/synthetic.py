"""Synthetics and their chassis: what destroying the embodiment does.

For a Synthetic, an Injury is damage to the chassis it works through now.
Whether that chassis is destroyed, and whether the Synthetic outlives it,
follow its Traits: an embodiment Trait names the chassis (house rule
``embodiment_trait``, "Chassis: ..."), a backup Trait carries the Synthetic
on when the chassis goes (house rule ``backup_trait``, "Backup: ...").

A chassis is destroyed when the GM rules it (``destroy``, as the embodiment
Traits say), when a Synthetic is still Dying as the scene ends (the death of
a body, for a Synthetic, is the loss of its chassis), and when a Minor NPC
Synthetic is killed outright. With a backup Trait the Synthetic is
``Chassis Destroyed``: out of the fight, alive, waiting for ``embody``.
Without one it is dead.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from gm_console.core.state import State

from .board import BOARD
from .common import DEAD, DEFEATED, DESTROYED, PRONE, add_condition, char, drop_condition
from .zones import leave_position

if TYPE_CHECKING:
    from gm_console.core.actions import Context


def _named(word: str):
    return re.compile(rf"\s*{re.escape(word.strip())}(?![A-Za-z])", re.I)


def traits_named(state: State, ctx_or_rules, uid: str, which: str) -> tuple[str, ...]:
    """The unit's Traits that start with the word of house rule ``which``
    (``embodiment_trait`` or ``backup_trait``)."""
    rules = getattr(ctx_or_rules, "rules", ctx_or_rules)
    pattern = _named(getattr(rules.view("conflict"), which))
    return tuple(t for t in state.units[uid].traits if pattern.match(t))


def embodiment(state: State, ctx_or_rules, uid: str) -> tuple[str, ...]:
    return traits_named(state, ctx_or_rules, uid, "embodiment_trait")


def backups(state: State, ctx_or_rules, uid: str) -> tuple[str, ...]:
    return traits_named(state, ctx_or_rules, uid, "backup_trait")


def destroy_chassis(state: State, ctx: Context, uid: str, why: str) -> None:
    """The chassis of Synthetic ``uid`` is destroyed (``why``, for the log):
    its embodiment Traits and Injuries go with it; a backup Trait keeps the
    Synthetic alive (Chassis Destroyed), otherwise it is dead."""
    unit, c = state.units[uid], char(state, uid)
    body = embodiment(state, ctx, uid)
    kept = backups(state, ctx, uid)
    named = f" ({', '.join(body)})" if body else ""
    ctx.emit(f"{unit.name}'s chassis{named} is destroyed: {why}", "damage", uid)
    if body:
        unit.traits = tuple(t for t in unit.traits if t not in body)
    if c.injuries:
        ctx.emit(f"its Injuries go with it: {', '.join(i.name for i in c.injuries)}", "rule", uid)
        c.injuries = []
    c.grace = 0
    drop_condition(unit, DEFEATED)
    drop_condition(unit, PRONE)
    leave_position(state, uid)
    if kept:
        add_condition(unit, DESTROYED)
        ctx.emit(
            f"{unit.name} continues through {', '.join(kept)} (house rule backup_trait): out of the fight until "
            f"embody {uid} \"{ctx.rules.view('conflict').embodiment_trait}: ...\" gives it a new chassis",
            "warn",
            uid,
        )
    else:
        add_condition(unit, DEAD)
        ctx.emit(f"{unit.name} has no backup Trait: the Synthetic ends with its chassis and is dead", "damage", uid)
    b = BOARD(state)
    b.pending = [p for p in b.pending if p.target != uid]
