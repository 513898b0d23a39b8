"""The reactor verbs about cards and plants: deploy, equip, incident,
lockdown, and the GM's own hand on the gauges (heat, hack).

    deploy wnaf-conscript c4        a Personnel card enters play (under ORIENTATION)
    equip c4 chainbreaker           an equipment card onto a Personnel
    incident hostile-raid -> a      in the Incident phase, against a side's next Base Load
    lockdown a by=director          the Plant Director's exhaust (without by=: Class 2 Lockdown)
    heat a +100 why="coolant leak"  GM fiat on a core's HEAT
"""

from __future__ import annotations


from gm_console.core import notation as n
from gm_console.core.actions import Context
from gm_console.core.errors import IllegalAction
from gm_console.core.state import Condition, State, Unit
from gm_console.core.systems.reactor import cites as cite
from gm_console.core.systems.reactor.board import BOARD, Pending, whose
from gm_console.core.systems.reactor.cards import Card
from gm_console.core.systems.reactor.combat import add_heat, exhaust
from gm_console.core.systems.reactor.legality import EXHAUSTED, ORIENTATION, REACTOR, opposing, play_timing
from gm_console.core.systems.reactor.verbs.operations import CARD, ReactorAction
from dataclasses import dataclass


def fresh_name(state: State, card: Card) -> str:
    taken = {u.name for u in state.units.values()}
    if card.name not in taken:
        return card.name
    k = 2
    while f"{card.name} #{k}" in taken:
        k += 1
    return f"{card.name} #{k}"


def fresh_id(state: State, card: Card) -> str:
    board = BOARD(state)
    stem = card.id.split("-")[-1] or "p"
    k = 1
    while f"{stem}{k}" in state.units or f"{stem}{k}" in board.facilities:
        k += 1
    return f"{stem}{k}"


def enter_play(state: State, unit: Unit, card: Card) -> None:
    """Give a unit its card's stats and traits (used by deploy and by the setup)."""
    board = BOARD(state)
    for key in ("atk", "hp", "hack"):
        unit.stats.setdefault(key, card.get(key))  # the schema fills atk 0, hp 1, hack 0
    unit.stats.setdefault("damage", 0)
    unit.traits = tuple(dict.fromkeys([*card.get("traits"), *unit.traits]))
    board.card_of[unit.id] = card.id


@dataclass(frozen=True, kw_only=True)
class Deploy(ReactorAction):
    VERB = "deploy"
    PALETTE = "card"
    SUMMARY = "Play a Personnel card for a side (default: the side whose shift it is); it starts under ORIENTATION."
    EXAMPLE = "deploy wnaf-conscript c4"
    SYNTAX = (n.Arg("card", CARD), n.Arg("unit", n.UNIT, optional=True, label="ID"), n.Opt("side", n.SIDE))
    card: str
    unit: str | None = None
    side: str | None = None

    def resolve(self, state: State) -> tuple[Card, str, str]:
        board = BOARD(state)
        card = board.cards.find("personnel", self.card)
        side = self.side or board.active
        state.side(side)
        return card, side, self.unit or fresh_id(state, card)

    def describe(self, state: State) -> str:
        card, side, uid = self.resolve(state)
        return f"{state.sides[side].name} deploys {card.name} ({uid})"

    def check(self, state: State, ctx: Context) -> None:
        card, side, uid = self.resolve(state)
        if uid in state.units or uid in BOARD(state).facilities or uid == REACTOR:
            raise IllegalAction(f"the id {uid!r} is taken", cite.IDS)
        late = play_timing(state, BOARD(state), ctx.rules, side)
        if late is not None:
            raise late.fail(state.sides[side].name, f"deploy {card.name}")

    def apply(self, state: State, ctx: Context) -> None:
        card, side, uid = self.resolve(state)
        unit = Unit(uid, fresh_name(state, card), side)
        enter_play(state, unit, card)
        shifts = ctx.rules.view("reactor").orientation_shifts
        if shifts:
            unit.conditions[ORIENTATION.lower()] = Condition(ORIENTATION, shifts, "shift")
        state.units[uid] = unit
        under = " under ORIENTATION" if shifts else ""
        ctx.emit(f"{state.sides[side].name} deploys {unit.name} ({uid}){under}", "info", uid)


@dataclass(frozen=True, kw_only=True)
class Equip(ReactorAction):
    VERB = "equip"
    PALETTE = "card"
    SUMMARY = "Attach an equipment card to a Personnel (Weston SMG, Chainbreaker, Hacking Device, M80 AMR, ...)."
    EXAMPLE = "equip c4 chainbreaker"
    SYNTAX = (n.Arg("unit", n.UNIT), n.Arg("card", CARD))
    unit: str
    card: str

    def describe(self, state: State) -> str:
        return f"{state.units[self.unit].name} takes {BOARD(state).cards.find('equipment', self.card).name}"

    def check(self, state: State, ctx: Context) -> None:
        unit = state.unit(self.unit)
        card = BOARD(state).cards.find("equipment", self.card)
        if card.id in unit.items:
            raise IllegalAction(f"{unit.name} already holds {card.name}", cite.EQUIPMENT)
        late = play_timing(state, BOARD(state), ctx.rules, unit.side)
        if late is not None:
            raise late.fail(unit.name, f"take {card.name}")

    def apply(self, state: State, ctx: Context) -> None:
        unit = state.units[self.unit]
        card = BOARD(state).cards.find("equipment", self.card)
        unit.items = (*unit.items, card.id)
        ctx.emit(f"{unit.name} takes {card.name} ({card.facts()})", "info", unit.id)


@dataclass(frozen=True, kw_only=True)
class Incident(ReactorAction):
    VERB = "incident"
    PALETTE = "card"
    SUMMARY = "In its Incident phase, the side whose shift it is deploys an incident card against an opposing side."
    EXAMPLE = "incident hostile-raid -> a"
    SYNTAX = (n.Arg("card", CARD), n.Lit("->"), n.Arg("side", n.SIDE))
    card: str
    side: str

    def describe(self, state: State) -> str:
        return f"{BOARD(state).cards.find('incident', self.card).name} against {state.sides[self.side].name}"

    def check(self, state: State, ctx: Context) -> None:
        board = BOARD(state)
        card = board.cards.find("incident", self.card)
        state.side(self.side)
        who = state.sides[board.active].name
        if board.phase != "incident":
            raise IllegalAction(f"{who} cannot deploy {card.name}: incidents wait for the Incident phase", cite.TURN)
        if self.side not in opposing(state, board.active):
            raise IllegalAction(f"{who} cannot deploy {card.name} against its own plant", cite.INCIDENT)
        limit = ctx.rules.view("reactor").incidents_per_phase
        played = sum(1 for plant in board.plants.values() for p in plant.pending if p.by == board.active)
        if limit and played >= limit:
            raise IllegalAction(
                f"{who} has deployed {played} incident(s) this Incident phase; the limit is {limit}",
                cite.INCIDENTS_PER_PHASE,
            )

    def apply(self, state: State, ctx: Context) -> None:
        board = BOARD(state)
        card = board.cards.find("incident", self.card)
        board.plants[self.side].pending.append(Pending(card.id, board.active))
        plant = board.plants[self.side]
        ctx.emit(
            f"{state.sides[board.active].name} deploys {card.name} against {state.sides[self.side].name}: "
            f"next Base Load +{board.next_base_load(self.side)} K at {plant.hack} HACK counters ({card.facts()})",
            "rule",
        )


@dataclass(frozen=True, kw_only=True)
class Lockdown(ReactorAction):
    VERB = "lockdown"
    PALETTE = "card"
    SUMMARY = (
        "Put a side in LOCKDOWN: nothing of its can be struck and no HACK counters land until its next Shift End, "
        "which delivers no Power Order. by= exhausts a Personnel with that ability (Plant Director); "
        "otherwise an executive card is played (default Class 2 Lockdown)."
    )
    EXAMPLE = "lockdown a by=director"
    SYNTAX = (n.Arg("side", n.SIDE), n.Opt("by", n.UNIT), n.Opt("card", CARD))
    side: str
    by: str | None = None
    card: str | None = None

    def describe(self, state: State) -> str:
        how = state.units[self.by].name if self.by else BOARD(state).cards.find("executive", self.card or "class-2-lockdown").name
        return f"{state.sides[self.side].name} into LOCKDOWN ({how})"

    def check(self, state: State, ctx: Context) -> None:
        board = BOARD(state)
        who = state.side(self.side).name
        if board.plants[self.side].lockdown:
            raise IllegalAction(f"{who} is already in LOCKDOWN", cite.LOCKDOWN)
        if self.by is not None and self.card is not None:
            raise IllegalAction("lockdown comes from a card or from a Personnel's exhaust, not both", cite.LOCKDOWN)
        if self.by is None:
            card = board.cards.find("executive", self.card or "class-2-lockdown")
            if card.get("effect") != "lockdown":
                raise IllegalAction(f"{card.name} does not call a LOCKDOWN", cite.LOCKDOWN)
            return
        unit = state.unit(self.by)
        personnel = board.cards.get("personnel", board.card_of.get(unit.id, ""))
        if unit.side != self.side or personnel is None or personnel.get("exhaust") != "lockdown":
            raise IllegalAction(f"{unit.name} cannot call a LOCKDOWN for {who}", cite.LOCKDOWN)
        for state_word in (EXHAUSTED, ORIENTATION):
            if unit.has(state_word):
                raise IllegalAction(f"{unit.name} cannot exhaust: {state_word}", cite.LOCKDOWN)

    def apply(self, state: State, ctx: Context) -> None:
        board = BOARD(state)
        plant = board.plants[self.side]
        own = board.active == self.side and board.phase != "shift-end"
        plant.lockdown = 2 if own and ctx.rules.view("reactor").lockdown_covers_opposing_turn else 1
        if self.by is not None:
            source = state.units[self.by].name
            exhaust(state.units[self.by])
        else:
            source = board.cards.find("executive", self.card or "class-2-lockdown").name
        until = "the Shift End after next" if plant.lockdown == 2 else "its next Shift End"
        ctx.emit(f"LOCKDOWN ({source}): {state.sides[self.side].name} cannot be struck until {until}", "rule")


@dataclass(frozen=True, kw_only=True)
class _GaugeFiat(ReactorAction):
    """GM fiat on one of a side's gauges: ``VERB SIDE +N [why=...]``."""

    PALETTE = "fiat"
    SYNTAX = (n.Arg("side", n.SIDE), n.Arg("delta", n.DELTA), n.Opt("why", n.NAME))
    side: str
    delta: int
    why: str | None = None

    def check(self, state: State, ctx: Context) -> None:
        state.side(self.side)

    def apply(self, state: State, ctx: Context) -> None:
        old, new, what = self.change(state, ctx)
        why = f" ({self.why})" if self.why else ""
        ctx.emit(f"{whose(state.sides[self.side].name)} {what}: {old} -> {new}{why}", "rule")

    def change(self, state: State, ctx: Context) -> tuple[int, int, str]:
        raise NotImplementedError


@dataclass(frozen=True, kw_only=True)
class Heat(_GaugeFiat):
    VERB = "heat"
    SUMMARY = "Change a core's HEAT by GM fiat, in K (never below 0)."
    EXAMPLE = 'heat a +100 why="feedwater pump trips"'

    def change(self, state: State, ctx: Context) -> tuple[int, int, str]:
        board = BOARD(state)
        old = board.plants[self.side].heat
        add_heat(state, board, ctx.rules, self.side, self.delta, ctx.emit)
        return old, board.plants[self.side].heat, "core (K)"


@dataclass(frozen=True, kw_only=True)
class Hack(_GaugeFiat):
    VERB = "hack"
    SUMMARY = "Change the HACK counters on a side's SKALA panel by GM fiat (none can be added during LOCKDOWN)."
    EXAMPLE = "hack a +1"

    def check(self, state: State, ctx: Context) -> None:
        who = state.side(self.side).name
        if self.delta > 0 and BOARD(state).plants[self.side].lockdown:
            raise IllegalAction(f"no HACK counters can be added: {who} is in LOCKDOWN", cite.LOCKDOWN)

    def change(self, state: State, ctx: Context) -> tuple[int, int, str]:
        plant = BOARD(state).plants[self.side]
        old, plant.hack = plant.hack, max(0, plant.hack + self.delta)
        return old, plant.hack, "HACK counters on the SKALA panel"
