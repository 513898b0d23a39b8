"""Fog of war and Map Chips: generic map actions every encounter with zones has.

A hidden zone is on the GM's map but not yet known to the players. The GM
reveals it (``reveal ZONE``) when the players could perceive it, and once
revealed during play it stays revealed. ``hide ZONE`` puts a zone the players
have not yet seen under fog. A Map Chip is an item (a unit's ``items``) that a
zone names in its ``chip`` key: using it (``chip UNIT NAME``) reveals every
zone naming that chip and opens their locked connections.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from gm_console.core import notation as n
from gm_console.core.actions import Action  # actions.py imports this module at its end (after Action)
from gm_console.core.errors import IllegalAction
from gm_console.core.state import State

if TYPE_CHECKING:
    from gm_console.core.actions import Context

FOG = "fog of war"
CHIPS = "map chips"


def is_locked(state: State, a: str, b: str) -> bool:
    """Whether the connection between zones ``a`` and ``b`` is locked."""
    za, zb = state.zones.get(a), state.zones.get(b)
    return bool((za is not None and b in za.locked) or (zb is not None and a in zb.locked))


def open_neighbours(state: State, zone: str) -> list[str]:
    """Zones one move from ``zone`` through connections that are not locked."""
    z = state.zones.get(zone)
    return [] if z is None else [a for a in z.adjacent if a in state.zones and not is_locked(state, zone, a)]


def chip_zones(state: State, name: str) -> list[str]:
    return [z.id for z in state.zones.values() if z.chip is not None and z.chip.lower() == name.lower()]


def reveal_zone(state: State, ctx: Context, zone: str, why: str) -> None:
    z = state.zones[zone]
    z.hidden = False
    z.revealed = True
    ctx.emit(f"{z.name} is revealed ({why})", "info")


def _players_in(state: State, zone: str) -> list[str]:
    return [u.name for u in state.units_in(zone) if state.sides[u.side].controller == "players"]


@dataclass(frozen=True, kw_only=True)
class Hide(Action):
    VERB = "hide"
    PALETTE = "map"
    SUMMARY = "Put a zone the players have not seen under fog of war (a zone revealed during play stays revealed)."
    EXAMPLE = "hide vault"
    SYNTAX = (n.Arg("zone", n.ZONE),)
    zone: str

    def check(self, state: State, ctx: Context) -> None:
        z = state.zone(self.zone)
        if z.hidden:
            raise IllegalAction(f"{z.name} is already hidden", FOG)
        if z.revealed:
            raise IllegalAction(f"{z.name} was revealed during play and stays revealed", FOG)
        here = _players_in(state, self.zone)
        if here:
            raise IllegalAction(f"{', '.join(here)} stand(s) in {z.name}: the players can see it", FOG)

    def apply(self, state: State, ctx: Context) -> None:
        z = state.zones[self.zone]
        z.hidden = True
        ctx.emit(f"{z.name} is hidden from the players", "info")


@dataclass(frozen=True, kw_only=True)
class Reveal(Action):
    VERB = "reveal"
    PALETTE = "map"
    SUMMARY = "Reveal a hidden zone to the players (line of sight, sensors, scouting); it stays revealed."
    EXAMPLE = "reveal vault"
    SYNTAX = (n.Arg("zone", n.ZONE),)
    zone: str

    def check(self, state: State, ctx: Context) -> None:
        z = state.zone(self.zone)
        if not z.hidden:
            raise IllegalAction(f"{z.name} is not hidden", FOG)

    def apply(self, state: State, ctx: Context) -> None:
        reveal_zone(state, ctx, self.zone, "the GM reveals it")


@dataclass(frozen=True, kw_only=True)
class UseChip(Action):
    VERB = "chip"
    PALETTE = "map"
    SUMMARY = (
        "A unit uses a Map Chip it carries: every zone naming that chip is revealed and its locked "
        "connections open. The chip is navigation intel and stays with the unit."
    )
    EXAMPLE = 'chip kai "Vault Access Record"'
    SYNTAX = (n.Arg("unit", n.UNIT), n.Arg("name", n.NAME, label="CHIP"))
    unit: str
    name: str

    def check(self, state: State, ctx: Context) -> None:
        unit = state.unit(self.unit)
        if not any(item.lower() == self.name.lower() for item in unit.items):
            held = ", ".join(unit.items) or "nothing"
            raise IllegalAction(f"{unit.name} does not carry {self.name!r} (items: {held})", CHIPS)
        zones = chip_zones(state, self.name)
        if not zones:
            raise IllegalAction(f"no zone on this map answers to the chip {self.name!r}", CHIPS)
        if not any(state.zones[z].hidden or state.zones[z].locked for z in zones):
            raise IllegalAction(f"{self.name!r} has nothing left to reveal or unlock", CHIPS)

    def apply(self, state: State, ctx: Context) -> None:
        unit = state.units[self.unit]
        ctx.emit(f"{unit.name} uses the Map Chip {self.name!r}", "info", unit.id)
        for zid in chip_zones(state, self.name):
            z = state.zones[zid]
            if z.hidden:
                reveal_zone(state, ctx, zid, f"Map Chip {self.name!r}")
            for other in z.locked:
                ctx.emit(f"the way between {z.name} and {state.zones[other].name} opens", "info")
            z.locked = ()
            for o in state.zones.values():  # a lock written on the other zone opens too
                if zid in o.locked:
                    o.locked = tuple(x for x in o.locked if x != zid)
                    ctx.emit(f"the way between {o.name} and {z.name} opens", "info")


FOG_ACTIONS = (Hide, Reveal, UseChip)
