"""Trait verbs: trait, untrait (Traits given and taken away in play).

A Trait is a unit's ``traits`` entry. ``trait UNIT NAME breach`` also records
it as naming a failed cysuit protection: while such a Trait stands, ordinary
environmental hazards reach the wearer (see ``Expose``). A Trait named
Protection Compromised removes the cysuit's Protection wherever it came from.
"""

from __future__ import annotations

import re

from gm_console.core import notation as n
from gm_console.core.actions import Context
from gm_console.core.errors import IllegalAction
from gm_console.core.state import State, Unit
from dataclasses import dataclass

from .. import cites
from ..common import char, need_unit
from .base import ConflictAction

LEVEL = re.compile(r"^(.*?)\s+(\d+)$")


def find_trait(unit: Unit, name: str) -> str | None:
    return next((t for t in unit.traits if t.lower() == name.lower()), None)


def add_trait(unit: Unit, name: str) -> bool:
    if find_trait(unit, name) is not None:
        return False
    unit.traits = (*unit.traits, name)
    return True


def worsen(state: State, ctx: Context, uid: str, name: str) -> None:
    """Repeated exposure: create the Trait, or worsen it one step (Frostbite, Frostbite 2, ...)."""
    unit = state.units[uid]
    for t in unit.traits:
        m = LEVEL.match(t)
        base, level = (m.group(1), int(m.group(2))) if m else (t, 1)
        if base.lower() == name.lower():
            new = f"{base} {level + 1}"
            unit.traits = tuple(new if x == t else x for x in unit.traits)
            c = char(state, uid)
            if t in c.breaches:
                c.breaches = tuple(new if x == t else x for x in c.breaches)
            ctx.emit(f"{unit.name}'s Trait {t} worsens to {new}", "damage", uid)
            return
    add_trait(unit, name)
    ctx.emit(f"{unit.name} gains the Trait {name}", "damage", uid)


@dataclass(frozen=True, kw_only=True)
class GiveTrait(ConflictAction):
    VERB = "trait"
    PALETTE = "harm"
    SUMMARY = (
        "Give a character a Trait in play (a wound's aftermath, a location's effect, Protection Compromised). "
        "breach: the Trait names a failed cysuit protection, so ordinary environmental hazards reach them."
    )
    EXAMPLE = 'trait kai "Cracked Visor" breach'
    SYNTAX = (n.Arg("unit", n.UNIT), n.Arg("name", n.NAME, label="TRAIT"), n.Flag("breach"))
    unit: str
    name: str
    breach: bool = False

    def check(self, state: State, ctx: Context) -> None:
        unit = need_unit(state, self.unit)
        if not self.name.strip():
            raise IllegalAction("a Trait needs a name", cites.TRAITS)
        if find_trait(unit, self.name) is not None and not self.breach:
            raise IllegalAction(f"{unit.name} already has the Trait {find_trait(unit, self.name)}", cites.TRAITS)
        if self.breach and not char(state, self.unit).cysuit:
            raise IllegalAction(f"{unit.name} wears no cysuit whose protection could fail", cites.TRAITS)

    def apply(self, state: State, ctx: Context) -> None:
        unit = state.units[self.unit]
        add_trait(unit, self.name)
        name = find_trait(unit, self.name) or self.name
        c = char(state, self.unit)
        if self.breach and name not in c.breaches:
            c.breaches = (*c.breaches, name)
        ctx.emit(f"{unit.name} gains the Trait {name}", "rule", self.unit)
        if self.breach:
            ctx.emit(f"{name} names a failed cysuit protection: ordinary environmental hazards now reach {unit.name}", "warn", self.unit)


@dataclass(frozen=True, kw_only=True)
class RemoveTrait(ConflictAction):
    VERB = "untrait"
    PALETTE = "harm"
    SUMMARY = "Take a Trait away from a character (the harm mended, the suit repaired, the effect over)."
    EXAMPLE = 'untrait kai "Cracked Visor"'
    SYNTAX = (n.Arg("unit", n.UNIT), n.Arg("name", n.NAME, label="TRAIT"))
    unit: str
    name: str

    def check(self, state: State, ctx: Context) -> None:
        unit = need_unit(state, self.unit)
        if find_trait(unit, self.name) is None:
            have = ", ".join(repr(t) for t in unit.traits) or "none"
            raise IllegalAction(f"{unit.name} has no Trait {self.name!r} ({have})", cites.TRAITS)

    def apply(self, state: State, ctx: Context) -> None:
        unit = state.units[self.unit]
        name = find_trait(unit, self.name)
        unit.traits = tuple(t for t in unit.traits if t != name)
        c = char(state, self.unit)
        c.breaches = tuple(t for t in c.breaches if t != name)
        ctx.emit(f"{unit.name} loses the Trait {name}", "info", self.unit)
