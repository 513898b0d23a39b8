"""Fog of war and Map Chips: generic map actions every encounter with zones has.

A hidden zone is on the GM's map but not yet known to the players. The GM
reveals it (``reveal ZONE``) when the players could perceive it, and once
revealed during play it stays revealed. ``hide ZONE`` puts a zone the players
have not yet seen under fog. A Map Chip is an item (a unit's ``items``) that a
zone names in its ``chip`` key: using it (``chip UNIT NAME``) reveals every
zone naming that chip and opens their locked connections. Chips are collected
in play (``give UNIT NAME``); a zone with the trait "fast travel" is a
fast-travel point, and ``travel UNIT ZONE`` goes from one to another whose
chip the unit carries.

Units hide too (an ambush): ``hide UNIT`` keeps a unit off the player view
until ``reveal UNIT``; a unit standing in a hidden zone is hidden as well.
What the players see is built from this by ``core/playerview.py``; the
``players`` verb overrides the encounter's ``[players]`` settings. Both live
in ``state.boards["players"]`` (a ``PlayerBoard``), created on first use.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, Literal, overload

from gm_console.core import notation as n
from gm_console.core.actions import Action
from gm_console.core.errors import IllegalAction, UnknownName
from gm_console.core.state import State, Unit, Zone
from dataclasses import dataclass

if TYPE_CHECKING:
    from gm_console.core.actions import Context

FOG = "fog of war"
CHIPS = "map chips"
PLAYER_VIEW = "player view"
BOARD = "players"  # the key of the PlayerBoard in state.boards
HEALTH_MODES = ("exact", "descriptor", "hidden")


@dataclass(slots=True)
class PlayerBoard:
    """What the log has said about the player view: the units hidden from the
    players (``hide UNIT``) and the ``players`` verb's overrides of the
    encounter's ``[players]`` table (None: the table's value)."""

    hidden: tuple[str, ...] = ()
    health: str | None = None
    threat: bool | None = None

    def copy(self) -> PlayerBoard:
        return PlayerBoard(self.hidden, self.health, self.threat)

    def to_json(self) -> dict[str, Any]:
        return {"hidden_units": list(self.hidden), "health": self.health, "threat": self.threat}


@overload
def player_board(state: State, create: Literal[True]) -> PlayerBoard: ...
@overload
def player_board(state: State, create: bool = False) -> PlayerBoard | None: ...
def player_board(state: State, create: bool = False) -> PlayerBoard | None:
    """The player view's board; made (and kept in the state) first when ``create``."""
    board = state.boards.get(BOARD)
    if board is None and create:
        board = state.boards[BOARD] = PlayerBoard()
    return board


def unit_hidden(state: State, unit: Unit) -> bool:
    """Whether the players cannot see ``unit``: hidden itself, or in a hidden zone.
    The players' own characters are always seen (where they stand may not be)."""
    side = state.sides.get(unit.side)
    if side is not None and side.is_players:
        return False
    board = state.boards.get(BOARD)
    if board is not None and unit.id in board.hidden:
        return True
    zone = state.zones.get(unit.zone) if unit.zone is not None else None
    return zone is not None and zone.hidden


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
    return [u.name for u in state.units_in(zone) if state.sides[u.side].is_players]


def _zone_or_unit(state: State, ref: str) -> str:
    """"zone" or "unit": what ``hide``/``reveal`` name (a zone first, as before units hid)."""
    if ref in state.zones:
        return "zone"
    if ref in state.units:
        return "unit"
    raise UnknownName("zone or unit", ref, [*state.zones, *state.units])


@dataclass(frozen=True, kw_only=True)
class _ZoneOrUnit(Action):
    """A map verb on a zone (fog of war) or on a unit (kept off the player view): check and apply
    hand the target to the zone's half or the unit's."""

    PALETTE = "map"
    SYNTAX = (n.Arg("target", n.ZONE, label="ZONE|UNIT"),)
    target: str

    def check(self, state: State, ctx: Context) -> None:
        if _zone_or_unit(state, self.target) == "unit":
            self.check_unit(state, state.units[self.target])
        else:
            self.check_zone(state, state.zone(self.target))

    def apply(self, state: State, ctx: Context) -> None:
        if self.target in state.zones:
            self.apply_zone(state, ctx, state.zones[self.target])
        else:
            self.apply_unit(state, ctx, player_board(state, create=True), state.units[self.target])

    def check_unit(self, state: State, unit: Unit) -> None:
        raise NotImplementedError

    def check_zone(self, state: State, z: Zone) -> None:
        raise NotImplementedError

    def apply_unit(self, state: State, ctx: Context, board: PlayerBoard, unit: Unit) -> None:
        raise NotImplementedError

    def apply_zone(self, state: State, ctx: Context, z: Zone) -> None:
        raise NotImplementedError


@dataclass(frozen=True, kw_only=True)
class Hide(_ZoneOrUnit):
    VERB = "hide"
    SUMMARY = (
        "Put a zone the players have not seen under fog of war (a zone revealed during play stays revealed), "
        "or keep a GM unit off the player view until revealed (an ambush)."
    )
    EXAMPLE = "hide vault"

    def check_unit(self, state: State, unit: Unit) -> None:
        if state.sides[unit.side].is_players:
            raise IllegalAction(f"{unit.name} is a player character: the players always see their own", PLAYER_VIEW)
        board = player_board(state)
        if board is not None and unit.id in board.hidden:
            raise IllegalAction(f"{unit.name} is already hidden from the players", PLAYER_VIEW)

    def check_zone(self, state: State, z: Zone) -> None:
        if z.hidden:
            raise IllegalAction(f"{z.name} is already hidden", FOG)
        if z.revealed:
            raise IllegalAction(f"{z.name} was revealed during play and stays revealed", FOG)
        here = _players_in(state, self.target)
        if here:
            raise IllegalAction(f"{', '.join(here)} stand(s) in {z.name}: the players can see it", FOG)

    def apply_unit(self, state: State, ctx: Context, board: PlayerBoard, unit: Unit) -> None:
        board.hidden = (*board.hidden, unit.id)
        ctx.emit(f"{unit.name} is hidden from the players", "info", unit.id)

    def apply_zone(self, state: State, ctx: Context, z: Zone) -> None:
        z.hidden = True
        ctx.emit(f"{z.name} is hidden from the players", "info")


@dataclass(frozen=True, kw_only=True)
class Reveal(_ZoneOrUnit):
    VERB = "reveal"
    SUMMARY = (
        "Reveal a hidden zone to the players (line of sight, sensors, scouting; it stays revealed), "
        "or a hidden unit (it stays unseen while it stands in a hidden zone)."
    )
    EXAMPLE = "reveal vault"

    def check_unit(self, state: State, unit: Unit) -> None:
        board = player_board(state)
        if board is None or unit.id not in board.hidden:
            where = state.zones.get(unit.zone) if unit.zone else None
            why = f" (it stands in {where.name}, hidden: reveal the zone)" if where is not None and where.hidden else ""
            raise IllegalAction(f"{unit.name} is not hidden from the players{why}", PLAYER_VIEW)

    def check_zone(self, state: State, z: Zone) -> None:
        if not z.hidden:
            raise IllegalAction(f"{z.name} is not hidden", FOG)

    def apply_unit(self, state: State, ctx: Context, board: PlayerBoard, unit: Unit) -> None:
        board.hidden = tuple(u for u in board.hidden if u != unit.id)
        still = " (still unseen in a hidden zone)" if unit_hidden(state, unit) else ""
        ctx.emit(f"{unit.name} is revealed to the players{still}", "info", unit.id)

    def apply_zone(self, state: State, ctx: Context, z: Zone) -> None:
        reveal_zone(state, ctx, self.target, "the GM reveals it")


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


@dataclass(frozen=True, kw_only=True)
class GiveChip(Action):
    VERB = "give"
    PALETTE = "map"
    SUMMARY = "A unit collects a Map Chip in play (found route data, a sector map, an access record): it joins its items."
    EXAMPLE = 'give kai "Vault Access Record"'
    SYNTAX = (n.Arg("unit", n.UNIT), n.Arg("name", n.NAME, label="CHIP"))
    unit: str
    name: str

    def check(self, state: State, ctx: Context) -> None:
        unit = state.unit(self.unit)
        if not self.name.strip():
            raise IllegalAction("a Map Chip needs a name", CHIPS)
        if any(item.lower() == self.name.lower() for item in unit.items):
            raise IllegalAction(f"{unit.name} already carries {self.name!r}", CHIPS)

    def apply(self, state: State, ctx: Context) -> None:
        unit = state.units[self.unit]
        unit.items = (*unit.items, self.name)
        ctx.emit(f"{unit.name} collects the Map Chip {self.name!r}", "info", unit.id)


def fast_travel(zone) -> bool:
    return any(t.lower() == "fast travel" for t in zone.traits)


@dataclass(frozen=True, kw_only=True)
class Travel(Action):
    VERB = "travel"
    PALETTE = "map"
    SUMMARY = (
        "Fast travel: a unit at a fast-travel point (a zone with the trait \"fast travel\") goes straight to "
        "another one whose Map Chip it carries; a hidden destination is revealed."
    )
    EXAMPLE = "travel kai vault"
    SYNTAX = (n.Arg("unit", n.UNIT), n.Arg("zone", n.ZONE))
    unit: str
    zone: str

    def check(self, state: State, ctx: Context) -> None:
        unit = state.unit(self.unit)
        dest = state.zone(self.zone)
        here = state.zones.get(unit.zone) if unit.zone else None
        if here is None or not fast_travel(here):
            raise IllegalAction(f"{here.name if here else 'nowhere'} is not a fast-travel point", CHIPS)
        if not fast_travel(dest) or dest.id == here.id:
            raise IllegalAction(f"{dest.name} is not another fast-travel point", CHIPS)
        if not dest.chip or not any(item.lower() == dest.chip.lower() for item in unit.items):
            need = f" ({dest.chip!r})" if dest.chip else ""
            raise IllegalAction(f"{unit.name} carries no Map Chip for {dest.name}{need}", CHIPS)

    def apply(self, state: State, ctx: Context) -> None:
        unit = state.units[self.unit]
        old, unit.zone = unit.zone, self.zone
        assert old is not None  # check: the unit stands on a fast-travel point
        dest = state.zones[self.zone]
        ctx.emit(f"{unit.name} fast-travels from {state.zones[old].name} to {dest.name} (Map Chip {dest.chip!r})", "info", unit.id)
        if dest.hidden:
            reveal_zone(state, ctx, self.zone, f"{unit.name} travels there")
        for system in ctx.each_system():
            system.unit_moved(state, unit, old, ctx)


@dataclass(frozen=True, kw_only=True)
class Players(Action):
    VERB = "players"
    PALETTE = "players"
    SUMMARY = (
        "Change what the player view shows, overriding the encounter's players table: NPC health "
        "(MODE: exact, descriptor or hidden) and the Threat pool (SHOW: shown or hidden)."
    )
    EXAMPLE = "players health=descriptor threat=shown"
    # the choices' usage reads MODE and SHOW (a "|" inside [..] is not markup the palette's older Textual reads)
    SYNTAX = (
        n.Opt("health", dataclasses.replace(n.choice(*HEALTH_MODES), name="MODE")),
        n.Opt("threat", dataclasses.replace(n.choice("shown", "hidden"), name="SHOW")),
    )
    health: str | None = None
    threat: str | None = None

    def check(self, state: State, ctx: Context) -> None:
        if self.health is None and self.threat is None:
            raise IllegalAction("say what changes: players health=exact|descriptor|hidden threat=shown|hidden", PLAYER_VIEW)

    def apply(self, state: State, ctx: Context) -> None:
        board = player_board(state, create=True)
        said = []
        if self.health is not None:
            board.health = self.health
            said.append(f"NPC health {self.health}")
        if self.threat is not None:
            board.threat = self.threat == "shown"
            said.append(f"Threat {self.threat}")
        ctx.emit("player view: " + ", ".join(said), "info")


FOG_ACTIONS = (Hide, Reveal, UseChip, GiveChip, Travel, Players)
