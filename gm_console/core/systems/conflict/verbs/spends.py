"""Action-list and Momentum verbs: minor, major, spend."""

from __future__ import annotations

from typing import TypeVar

from gm_console.core import notation as n
from gm_console.core.actions import Context
from gm_console.core.errors import Cite, IllegalAction
from gm_console.core.state import State
from dataclasses import dataclass

from .. import cites
from ..attacks import announce
from ..board import BOARD, Pending
from ..catalogue import Entry, Spend
from ..common import PRONE, add_condition, char, drop_condition, enemies, is_players, need_unit, unit_name
from ..economy import check_buy_major, check_major, check_minor, turn_of, use_major, use_minor
from ..pools import check_pay, pay
from ..stress import clear, protection
from .base import ConflictAction, check_range

WHAT = n.ident("ACTION")
T = TypeVar("T")


def listed(state: State, table: dict[str, T], what: str, kind: str, cite: Cite) -> T:
    """``table[what]``; a refusal that names the nearest ones and the list when it is not there."""
    found = table.get(what)
    if found is None:
        cat = BOARD(state).catalogue
        raise IllegalAction(f"no {kind} {what!r}{cat.suggest(what, table)}; the list: {', '.join(table)}", cite)
    return found


def list_entry(state: State, table: dict[str, Entry], what: str, kind: str) -> Entry:
    entry = listed(state, table, what, f"{kind} Action", cites.MAJOR_MINOR)
    if entry.verb:
        raise IllegalAction(f"{entry.name} is taken with its own verb: {entry.verb} ...", cites.MAJOR_MINOR)
    return entry


def check_effect(state: State, uid: str, entry: Entry) -> None:
    unit = state.units[uid]
    if entry.effect == "prone" and unit.has(PRONE):
        raise IllegalAction(f"{unit.name} is already prone", cites.MAJOR_MINOR)
    if entry.effect == "stand" and not unit.has(PRONE):
        raise IllegalAction(f"{unit.name} is not prone", cites.MAJOR_MINOR)
    if entry.effect == "conceal":
        cat = BOARD(state).catalogue
        if not any((known := cat.weapon(w)) is not None and known.hidden() for w in char(state, uid).weapons):
            raise IllegalAction(f"{unit.name} carries no weapon with the Hidden quality", cites.QUALITIES)


def do_effect(state: State, ctx: Context, uid: str, entry: Entry) -> None:
    unit, turn = state.units[uid], BOARD(state).turn
    if entry.effect == "prone":
        add_condition(unit, PRONE)
    elif entry.effect == "stand":
        drop_condition(unit, PRONE)
    elif entry.effect == "aim" and turn:
        turn.aimed = True
    elif entry.effect == "prepare" and turn:
        turn.prepared = True
    elif entry.effect == "conceal":
        cat, c = BOARD(state).catalogue, char(state, uid)
        c.concealed = tuple(w for w in c.weapons if (known := cat.weapon(w)) is not None and known.hidden())


@dataclass(frozen=True, kw_only=True)
class _ListedAction(ConflictAction):
    """What minor and major share: an action from the encounter's list, its
    effect, and the slot of the turn it uses."""

    KIND = ""  # "Minor" or "Major"
    SYNTAX = (n.Arg("unit", n.UNIT), n.Arg("what", WHAT), n.Opt("why", n.NAME))
    unit: str
    what: str
    why: str | None = None

    def listed(self, state: State) -> dict[str, Entry]:
        return getattr(BOARD(state).catalogue, self.KIND.lower())

    def check_slot(self, state: State) -> None:
        raise NotImplementedError

    def use_slot(self, state: State) -> None:
        raise NotImplementedError

    def label(self, state: State) -> str:
        entry = self.listed(state).get(self.what)
        return f"{unit_name(state, self.unit)}: {entry.name if entry else self.what} ({self.KIND})"

    def check(self, state: State, ctx: Context) -> None:
        need_unit(state, self.unit)
        entry = list_entry(state, self.listed(state), self.what, self.KIND)
        self.check_slot(state)
        check_effect(state, self.unit, entry)

    def apply(self, state: State, ctx: Context) -> None:
        entry = self.listed(state)[self.what]
        self.use_slot(state)
        do_effect(state, ctx, self.unit, entry)
        why = f": {self.why}" if self.why else ""
        ctx.emit(f"{unit_name(state, self.unit)} takes the {self.KIND} Action {entry.name}{why}", "info", self.unit)


@dataclass(frozen=True, kw_only=True)
class Minor(_ListedAction):
    VERB = "minor"
    KIND = "Minor"
    SUMMARY = "Take a Minor Action from the list (aim, prepare, prone, stand, draw, interact, conceal, ...); Movement is stride."
    EXAMPLE = "minor kai aim"

    def check_slot(self, state: State) -> None:
        check_minor(state, self.unit, "take a Minor Action")

    def use_slot(self, state: State) -> None:
        use_minor(state)


@dataclass(frozen=True, kw_only=True)
class Major(_ListedAction):
    VERB = "major"
    KIND = "Major"
    SUMMARY = "Take a Major Action from the list that needs no roll (assist, guard, direct, ready, pass, ...)."
    EXAMPLE = 'major ava guard why="covers the hatch"'

    def check_slot(self, state: State) -> None:
        check_major(state, self.unit, "take a Major Action")

    def use_slot(self, state: State) -> None:
        use_major(state, self.unit)


def last_attack(state: State, uid: str) -> list[Pending]:
    """The waiting Injuries of ``uid``'s latest attack."""
    mine = [p for p in BOARD(state).pending if p.source == uid and p.attack >= 0]
    if not mine:
        return []
    latest = max(p.attack for p in mine)
    return [p for p in mine if p.attack == latest]


@dataclass(frozen=True, kw_only=True)
class SpendAct(ConflictAction):
    VERB = "spend"
    PALETTE = "momentum"
    SUMMARY = (
        "Spend Momentum (Threat for the GM's side) from the spends list: minor (1), major (2, at most two "
        "Majors a round), severity (2 a step, 1 if Intense, at most +2 on a waiting hit), recover (2 per Stress "
        "after a successful task, on=UNIT, three a task), area (1 per further target, on=UNIT), and the combat "
        "table (knockdown, disengage, disarm, ...); core (1 a step, why= names the core spend). n=N repeats it."
    )
    EXAMPLE = "spend kai severity n=2"
    SYNTAX = (n.Arg("unit", n.UNIT), n.Arg("what", n.ident("SPEND")), n.Opt("times", n.INT, default=1, key="n"), n.Opt("on", n.UNIT), n.Opt("why", n.NAME))
    unit: str
    what: str
    times: int = 1
    on: str | None = None
    why: str | None = None

    def check_limits(self) -> None:
        check_range(self.times, 1, 9, "n")

    def times_word(self) -> str:
        return f" x{self.times}" if self.times > 1 else ""

    def label(self, state: State) -> str:
        sp = BOARD(state).catalogue.spends.get(self.what)
        times = self.times_word()
        on = f" on {unit_name(state, self.on)}" if self.on else ""
        return f"{unit_name(state, self.unit)} spends for {sp.name if sp else self.what}{times}{on}"

    def entry(self, state: State) -> Spend:
        return listed(state, BOARD(state).catalogue.spends, self.what, "spend", cites.SPENDS)

    def cost(self, state: State, ctx: Context) -> tuple[int, int]:
        """(paid from the pool, taken from the attack's bonus Momentum); raises when not allowed."""
        need_unit(state, self.unit)
        sp = self.entry(state)
        uid, what = self.unit, self.what
        if self.on is not None:
            need_unit(state, self.on)
        if what == "minor":
            turn_of(state, uid, "buy a Minor Action")
            return sp.cost * self.times, 0
        if what == "major":
            if self.times != 1:
                raise IllegalAction("only one second Major Action can be bought", cites.TWO_MAJORS)
            check_buy_major(state, uid)
            return sp.cost, 0
        if what == "severity":
            hits = last_attack(state, uid)
            if not hits:
                raise IllegalAction(f"{unit_name(state, uid)} has no hit waiting for its target to answer", cites.SEVERITY)
            if hits[0].increase + self.times > 2:
                raise IllegalAction(f"Severity rises by at most 2 in all (already +{hits[0].increase})", cites.SEVERITY)
            total = (1 if hits[0].intense else sp.cost) * self.times
            bonus = min(total, hits[0].bonus)
            return total - bonus, bonus
        if what == "recover":
            return self._recover_cost(state, sp), 0
        if what == "area":
            return self._area_cost(state, sp)
        if sp.effect == "named" and not (self.why or "").strip():
            raise IllegalAction(f"say which spend {sp.name} pays for: spend {uid} {what} n=N why=\"...\"", cites.CORE_SPENDS)
        if sp.effect == "prone" and self.on is None:
            raise IllegalAction(f"{sp.name} needs on=UNIT: who falls prone", cites.SPENDS)
        total = sp.cost * self.times
        hits = last_attack(state, uid)  # a waiting hit: the spend belongs to that Attack, its bonus pays first
        bonus = min(total, hits[0].bonus) if hits else 0
        return total - bonus, bonus

    def _recover_cost(self, state: State, sp: Spend) -> int:
        last = BOARD(state).last.get(self.unit)
        target = self.on or self.unit
        if enemies(state, self.unit, target):
            raise IllegalAction(f"relief goes to {unit_name(state, self.unit)} or an ally who perceives it, not {unit_name(state, target)}", cites.RECOVERY)
        if last is None or not last.success:
            raise IllegalAction(f"recovering Stress needs a successful task by {unit_name(state, self.unit)} just before", cites.RECOVERY)
        if last.recovered + self.times > 3:
            raise IllegalAction(f"one task supports at most three Stress recovered ({last.recovered} so far)", cites.RECOVERY)
        c = char(state, target)
        if c.fatigued and target == self.unit:
            raise IllegalAction(f"{unit_name(state, target)} is Fatigued: only rest or an ally's help brings Stress down", cites.FATIGUED)
        if state.units[target].stats.get("stress", 0) < self.times:
            raise IllegalAction(f"{unit_name(state, target)} has less Stress than that to remove", cites.RECOVERY)
        return sp.cost * self.times

    def _area_cost(self, state: State, sp: Spend) -> tuple[int, int]:
        hits = [p for p in last_attack(state, self.unit) if p.area]
        if not hits:
            raise IllegalAction(f"{unit_name(state, self.unit)} has no Area hit waiting to spread", cites.QUALITIES)
        if self.on is None or self.times != 1:
            raise IllegalAction("name one further target: spend UNIT area on=OTHER", cites.QUALITIES)
        first = state.units[hits[0].target]
        other = state.units[self.on]
        if other.zone != first.zone:
            raise IllegalAction(f"{other.name} is not in {first.name}'s zone", cites.QUALITIES)
        if any(p.target == self.on for p in hits) or self.on == self.unit:
            raise IllegalAction(f"{other.name} is already hit by this attack", cites.QUALITIES)
        bonus = min(sp.cost, hits[0].bonus)
        return sp.cost - bonus, bonus

    def check(self, state: State, ctx: Context) -> None:
        paid, _ = self.cost(state, ctx)
        check_pay(state, ctx, is_players(state, self.unit), paid, f"{self.entry(state).name}")

    def apply(self, state: State, ctx: Context) -> None:
        sp = self.entry(state)
        paid, bonus = self.cost(state, ctx)
        who = unit_name(state, self.unit)
        times = self.times_word()
        if bonus:
            hits = last_attack(state, self.unit)
            for p in hits:
                p.bonus -= bonus
            ctx.emit(f"{bonus} bonus Momentum from the prone target pays toward {sp.name}", "rule", self.unit)
        pay(state, ctx, is_players(state, self.unit), paid, f"{who}: {sp.name}{times}", combat=sp.combat)
        getattr(self, f"_do_{self.what}", self._do_table)(state, ctx, sp)
        if self.why and sp.effect != "named":
            ctx.emit(self.why, "note", self.unit)

    def _do_minor(self, state: State, ctx: Context, sp: Spend) -> None:
        turn = BOARD(state).turn
        assert turn is not None  # (check: a Minor is bought on one's own running turn)
        turn.extra_minors += self.times
        ctx.emit(f"{unit_name(state, self.unit)} gains {self.times} more Minor Action{'s' if self.times > 1 else ''}", "rule", self.unit)

    def _do_major(self, state: State, ctx: Context, sp: Spend) -> None:
        turn = BOARD(state).turn
        assert turn is not None  # (check: a Major is bought on one's own running turn)
        turn.extra_majors += 1
        ctx.emit(f"{unit_name(state, self.unit)} gains a second Major Action (its task +1 Difficulty)", "rule", self.unit)

    def _do_severity(self, state: State, ctx: Context, sp: Spend) -> None:
        for p in last_attack(state, self.unit):
            p.increase += self.times
            ctx.emit(f"the hit on {unit_name(state, p.target)} rises to Severity {p.adjusted} ({p.why()})", "damage", p.target)

    def _do_recover(self, state: State, ctx: Context, sp: Spend) -> None:
        BOARD(state).last[self.unit].recovered += self.times
        clear(state, ctx, self.on or self.unit, self.times, f"relief from {unit_name(state, self.unit)}'s success")

    def _do_area(self, state: State, ctx: Context, sp: Spend) -> None:
        first = [p for p in last_attack(state, self.unit) if p.area][0]
        assert self.on is not None  # (check: an Area spend names its further target)
        prot, parts = protection(state, self.on)
        if first.piercing:
            prot, parts = 0, ["ignored: Piercing"]
        pend = Pending(self.on, self.unit, first.what, first.severity, first.intent, prot, first.piercing, first.increase,
                       first.intense, 0, first.debilitating, first.attack, True, mods=first.mods)
        BOARD(state).pending.append(pend)
        announce(state, ctx, pend, parts)

    def _do_table(self, state: State, ctx: Context, sp: Spend) -> None:
        who = unit_name(state, self.unit)
        if sp.effect == "prone":
            assert self.on is not None  # (check: knocking someone prone names them)
            add_condition(state.units[self.on], PRONE)
            ctx.emit(f"{unit_name(state, self.on)} falls prone", "info", self.on)
        elif sp.effect == "withdraw":
            b = BOARD(state)
            b.reach = {p for p in b.reach if self.unit not in p}
            ctx.emit(f"{who} steps back out of Reach", "info", self.unit)
        elif sp.effect == "named":
            ctx.emit(f"{who}: {sp.name}: {self.why}", "rule", self.unit)
        else:
            ctx.emit(f"{who}: {sp.name}: {sp.text}", "rule", self.unit)
