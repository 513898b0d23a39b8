"""CTB actions: hit, brk, tick, haste, slow, delay, rush, recall, endbattle
(``ACTIONS``).

Each checks its rule and raises ``IllegalAction`` naming it; the GM can still
fix anything by fiat with the generic ``set`` (which the system keeps within
bounds). ``hit`` and ``brk`` record their d20 like ``roll``: ``hit kai gob [17]``.
"""

from __future__ import annotations

from typing import Any

from gm_console.core import notation as n
from gm_console.core.actions import Action, Context, check_dice
from gm_console.core.errors import IllegalAction, NotationError
from gm_console.core.rules import Rules
from gm_console.core.state import Condition, State, Unit
from gm_console.core.systems.ctb import cites, clock
from gm_console.core.systems.ctb import maths
from gm_console.core.systems.ctb.board import BOARD, UNARMED, CTBBoard, Weapon, board_of
from gm_console.core.systems.ctb.stats import is_broken, is_downed, is_recalled, recall_loss, recompute_maxima
from dataclasses import dataclass

WEAPON = n.ident("WEAPON")


def unit_bands(unit: Unit, assist: int, r: Rules) -> maths.Bands:
    stats = unit.stats
    key = (stats.get("prof", 0), stats.get("prec", 0), stats.get("assist", 0) + assist)
    known = r.views.get(_BANDS)
    if known is None:
        known = r.views[_BANDS] = {}
    else:
        found = known.get(key)
        if found is not None:
            return found
    h = r.view("ctb")
    found = maths.bands(
        *key,
        prof_step=h.proficiency_step,
        prec_step=h.precision_step,
        assist_step=h.assist_step,
        floor=h.glance_floor,
    )
    if len(known) >= 4096:  # a pure function of a few small numbers: the memo stays small, or starts over
        known.clear()
    known[key] = found
    return found


_BANDS = "ctb.bands"  # the bands already worked out under one encounter's house rules, by (prof, prec, assist)


def attack_numbers(attacker: Unit, target: Unit, weapon: Weapon) -> maths.Attack:
    magical = weapon.kind == "magical"
    a, t = attacker.stats, target.stats
    # maths.Attack(stat, dam, prof, ar, res), made as its _make does (no Python-level __new__: every hit makes one)
    return _new_attack(
        maths.Attack,
        (a.get("mag" if magical else "atk", 0), weapon.dam, a.get("prof", 0), t.get("ar", 0), t.get("mr" if magical else "pr", 0)),
    )


_new_attack = tuple.__new__


def _non_negative(value: int, what: str) -> None:
    if value < 0:
        raise NotationError(f"{what} cannot be negative, got {value}")


@dataclass(frozen=True, kw_only=True)
class _Strike(Action):
    """What hit and brk share: who, whom, with what, and the turn checks."""

    SYSTEM = "ctb"
    ROLLS = True
    PALETTE = "attack"
    RULE = cites.ATTACK_DAMAGE
    SYNTAX = (
        n.Arg("attacker", n.UNIT),
        n.Arg("target", n.UNIT),
        n.Opt("weapon", WEAPON, key="with"),
        n.Opt("assist", n.INT, default=0),
        n.Opt("ki", n.INT, default=0),
        n.Flag("free"),
    )
    attacker: str
    target: str
    weapon: str | None = None
    assist: int = 0  # an ally's help on this attack, added to the attacker's own Assist
    ki: int = 0  # KI the attacker spends on it (a technique's cost)
    free: bool = False  # out of turn (a counter or reaction): not held to the turn rules
    dice: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        if self.assist < 0 or self.ki < 0:  # (the usual case checked in one line: every saved hit is made so)
            _non_negative(self.assist, "assist=")
            _non_negative(self.ki, "ki=")

    def label(self, state: State) -> str:
        names = [state.units[u].name if u in state.units else u for u in (self.attacker, self.target)]
        verb = "hits" if self.VERB == "hit" else "breaks the armor of"
        return f"{names[0]} {verb} {names[1]}"

    def dice_needed(self, state: State, ctx: Context) -> tuple[int, ...]:
        return (20,)

    def dice_purpose(self, state: State) -> str:
        return f"{self.VERB} {self.attacker} {self.target} (effectiveness d20)"

    def check(self, state: State, ctx: Context) -> None:
        self._checked(state, ctx)

    def apply(self, state: State, ctx: Context) -> None:
        attacker, target = state.units[self.attacker], state.units[self.target]
        board = BOARD(state)
        weapon = board.weapon(attacker.id, self.weapon)
        self._apply(state, ctx, attacker, target, board, weapon, ctx.rules.view("ctb"))

    def _checked(self, state: State, ctx: Context) -> tuple[Unit, Unit, CTBBoard, Weapon, Any]:
        """``check``, giving what ``apply`` looks up: attacker, target, board,
        weapon and the CTB house rules."""
        units = state.units
        attacker = units.get(self.attacker)
        if attacker is None:
            attacker = state.unit(self.attacker)  # (raises UnknownName)
        target = units.get(self.target)
        if target is None:
            target = state.unit(self.target)
        board = board_of(state)
        wid = self.weapon
        if wid is None:  # board.weapon(attacker.id, None), inline: the usual line names no weapon
            owned = board.weapons.get(attacker.id, ())
            weapon = owned[0] if owned else UNARMED
        else:
            weapon = board.weapon(attacker.id, wid)
        if attacker.id == target.id:
            raise IllegalAction(f"{attacker.name} cannot attack itself", self.RULE)
        a, t = attacker.stats, target.stats
        if a.get("recalled", 0) > 0:  # is_recalled
            raise IllegalAction(f"{attacker.name} was Recalled and has left the fight, so cannot attack", cites.RECALL)
        if t.get("recalled", 0) > 0:
            raise IllegalAction(f"{target.name} was Recalled and has left the fight, so cannot be attacked", cites.RECALL)
        if a.get("hp", 0) <= 0:  # is_downed
            raise IllegalAction(f"{attacker.name} is Downed (HP 0) and cannot attack", cites.DOWNED)
        if t.get("hp", 0) <= 0:
            raise IllegalAction(f"{target.name} is already Downed (HP 0)", cites.DOWNED)
        h = ctx.rules.view("ctb")
        free = self.free
        active = state.clock.active
        if not free and h.turn_lock:
            if active is None:
                raise IllegalAction("nobody's turn yet: type next to start the clock", cites.TURN_LOCK)
            if active != attacker.id:
                raise IllegalAction(
                    f"it is {state.units[active].name}'s turn, not {attacker.name}'s "
                    "(add 'free' for a counter or reaction out of turn)",
                    cites.TURN_LOCK,
                )
        limit = h.attacks_per_turn
        if not free and limit and board.attacks >= limit and active == attacker.id:
            raise IllegalAction(
                f"{attacker.name} has made {board.attacks} attack(s) this turn, the limit is {limit}: end the turn with next",
                cites.ATTACKS_PER_TURN,
            )
        if self.ki > a.get("ki", 0):
            raise IllegalAction(f"{attacker.name} has {a.get('ki', 0)} KI; this attack costs {self.ki}", cites.KI)
        check_dice(self, state, ctx)
        return attacker, target, board, weapon, h

    def _apply(
        self, state: State, ctx: Context, attacker: Unit, target: Unit, board: CTBBoard, weapon: Weapon, h: Any
    ) -> None:
        numbers = attack_numbers(attacker, target, weapon)
        bands = unit_bands(attacker, self.assist, ctx.rules)
        face = self.dice[0] if self.dice else None
        if self.ki:
            attacker.stats["ki"] -= self.ki
        if not self.free and state.clock.active == attacker.id:
            board.attacks += 1
        self.resolve(state, ctx, attacker, target, weapon, numbers, bands, face, h)
        clock.settle(state, ctx, target)

    def head(self, attacker: Unit, target: Unit, weapon: Weapon, verb: str) -> str:
        extras = [weapon.name, weapon.kind]
        if self.assist:
            extras.append(f"assist {self.assist}")
        if self.ki:
            extras.append(f"{self.ki} KI")
        if self.free:
            extras.append("free")
        return f"{attacker.name} {verb} {target.name} ({', '.join(extras)}): "

    @staticmethod
    def take(ctx: Context, target: Unit, stat: str, amount: int, said: str) -> None:
        """Take ``amount`` off the target's ``stat`` (never below 0) and say so."""
        old = target.stats.get(stat, 0)
        target.stats[stat] = max(0, old - amount)
        ctx.emit(f"{said}; {stat.upper()} {old} -> {target.stats[stat]}", "damage", target.id)

    def resolve(self, state, ctx, attacker, target, weapon, numbers, bands, face, h) -> None:
        """The attack's effect; ``h``: the CTB house rules."""
        raise NotImplementedError


@dataclass(frozen=True, kw_only=True)
class Hit(_Strike):
    VERB = "hit"
    RULE = cites.ATTACK_DAMAGE
    SUMMARY = (
        "An HP attack: (attack stat + weapon DAM + proficiency) - (AR + PR or MR), at least 1, then the d20 "
        "(glancing x0.5, critical x2), then x2 if the target is Armor Broken."
    )
    EXAMPLE = "hit kai gob with=sword [17]"

    def resolve(self, state, ctx, attacker, target, weapon, numbers, bands, face, h) -> None:
        out = maths.hp_damage(
            numbers,
            face,
            bands,
            broken=is_broken(target, ctx.rules),
            rounding=h.glancing_rounding,
            stack=h.double_stack,
        )
        self.take(ctx, target, "hp", out.amount, self.head(attacker, target, weapon, "hits") + out.text)


@dataclass(frozen=True, kw_only=True)
class Brk(_Strike):
    VERB = "brk"
    RULE = cites.BRK_ATTACK
    SUMMARY = "A BRK attack: strips AR only (never HP); at AR 0 the target is Armor Broken."
    EXAMPLE = "brk kai gob with=hammer [12]"

    def dice_needed(self, state: State, ctx: Context) -> tuple[int, ...]:
        return (20,) if ctx.rules.view("ctb").brk_roll else ()

    def _checked(self, state: State, ctx: Context) -> tuple[Unit, Unit, CTBBoard, Weapon, Any]:
        target = state.unit(self.target)
        if target.stats.get("ar", 0) <= 0 and not is_recalled(target) and not is_downed(target):
            raise IllegalAction(f"{target.name} has AR 0 already: a BRK attack has nothing left to strip", self.RULE)
        return super()._checked(state, ctx)

    def resolve(self, state, ctx, attacker, target, weapon, numbers, bands, face, h) -> None:
        out = maths.brk_amount(numbers, weapon.brk, face, bands, mode=h.brk_amount, rounding=h.glancing_rounding)
        self.take(ctx, target, "ar", out.amount, self.head(attacker, target, weapon, "breaks at") + out.text)


@dataclass(frozen=True, kw_only=True)
class Tick(Action):
    VERB = "tick"
    SYSTEM = "ctb"
    PALETTE = "clock"
    SUMMARY = (
        "Let single ticks pass (default 1): the acting unit's turn ends, every unit banks its AP, and the clock "
        "stops early on the tick where someone reaches 100 AP. 'next' jumps there in one step."
    )
    EXAMPLE = "tick 3"
    SYNTAX = (n.Arg("count", n.INT, optional=True, default=1, label="N"),)
    count: int = 1

    def __post_init__(self) -> None:
        if not 1 <= self.count <= 1000:
            raise NotationError(f"tick counts 1 to 1000 ticks, got {self.count}")

    def check(self, state: State, ctx: Context) -> None:
        clock.check_tick(state, ctx)

    def apply(self, state: State, ctx: Context) -> None:
        clock.tick(state, ctx, self.count)


@dataclass(frozen=True, kw_only=True)
class _Adjust(Action):
    """Change one clock stat of a unit by an amount (haste, slow, delay, rush)."""

    SYSTEM = "ctb"
    PALETTE = "clock"
    STAT = "ap_total"
    SIGN = 1
    SYNTAX = (n.Arg("unit", n.UNIT), n.Arg("amount", n.INT, label="N"))
    unit: str
    amount: int

    def __post_init__(self) -> None:
        if self.amount < 1:
            raise NotationError(f"{self.VERB} takes an amount of 1 or more, got {self.amount}")

    def new_value(self, unit: Unit) -> int:
        return max(0, unit.stats.get(self.STAT, 0) + self.SIGN * self.amount)

    def check(self, state: State, ctx: Context) -> None:
        unit = state.unit(self.unit)
        if is_recalled(unit):
            raise IllegalAction(f"{unit.name} was Recalled and is off the clock", cites.RECALL)

    def apply(self, state: State, ctx: Context) -> None:
        unit = state.units[self.unit]
        old = unit.stats.get(self.STAT, 0)
        unit.stats[self.STAT] = self.new_value(unit)
        label = "AP Total" if self.STAT == "ap_total" else "AP"
        floor = " (not below 0)" if old + self.SIGN * self.amount < 0 else ""
        ctx.emit(f"{unit.name}: {label} {old} -> {unit.stats[self.STAT]}{floor}", "info", unit.id)


@dataclass(frozen=True, kw_only=True)
class Haste(_Adjust):
    VERB = "haste"
    SUMMARY = "Raise a unit's AP Total by N: it banks more AP each tick and acts more often."
    EXAMPLE = "haste kai 4"


@dataclass(frozen=True, kw_only=True)
class Slow(_Adjust):
    VERB = "slow"
    SIGN = -1
    SUMMARY = "Lower a unit's AP Total by N (not below 0; at 0 it stops taking turns)."
    EXAMPLE = "slow gob 3"


@dataclass(frozen=True, kw_only=True)
class Delay(_Adjust):
    VERB = "delay"
    STAT = "ap"
    SIGN = -1
    SUMMARY = "Take N AP from a unit now (not below 0): its next turn comes later."
    EXAMPLE = "delay gob 30"


@dataclass(frozen=True, kw_only=True)
class Rush(_Adjust):
    VERB = "rush"
    STAT = "ap"
    SUMMARY = "Give a unit N AP now: its next turn comes sooner (at 100 or more it is ready)."
    EXAMPLE = "rush kai 25"


@dataclass(frozen=True, kw_only=True)
class Recall(Action):
    VERB = "recall"
    SYSTEM = "ctb"
    PALETTE = "unit"
    SUMMARY = "Fire a Downed unit's Recall Beacon: it leaves the fight and loses 10% Kennel, lowering its maxima."
    EXAMPLE = "recall gob"
    SYNTAX = (n.Arg("unit", n.UNIT),)
    unit: str

    def check(self, state: State, ctx: Context) -> None:
        unit = state.unit(self.unit)
        if unit.has(DEAD):
            raise IllegalAction(f"{unit.name} is dead: the beacon came too late", cites.RECALL)
        if is_recalled(unit):
            raise IllegalAction(f"{unit.name} was already Recalled", cites.RECALL)
        if not is_downed(unit):
            raise IllegalAction(
                f"{unit.name} is not Downed (HP {unit.stats.get('hp', 0)}): only a Downed unit is Recalled", cites.RECALL
            )

    def apply(self, state: State, ctx: Context) -> None:
        unit = state.units[self.unit]
        basis = ctx.rules.view("ctb").recall_basis
        old = unit.stats.get("kennel", 0)
        loss = recall_loss(old, basis)
        unit.stats["kennel"] = old - loss
        unit.stats["recalled"] = 1
        unit.stats["ap"] = 0
        changes = recompute_maxima(unit, ctx.rules)
        detail = f"; {', '.join(changes)}" if changes else ""
        ctx.emit(
            f"{unit.name}'s Recall Beacon fires: Kennel {old} -> {unit.stats['kennel']} "
            f"(-{loss}, 10% by recall_basis = {basis}){detail}",
            "damage",
            unit.id,
        )
        if state.clock.active == unit.id:
            state.clock.active = None
            BOARD(state).attacks = 0
        clock.settle(state, ctx, unit)


def odds(state: State, rules: Rules, strike: _Strike) -> tuple[maths.Bands, dict[str, int], str, int]:
    """What a hit or brk would do on each effectiveness result, before rolling:
    (bands, amount per result, the raw sum as text, the raw amount).
    For previews; no checks."""
    attacker, target = state.units[strike.attacker], state.units[strike.target]
    weapon = BOARD(state).weapon(attacker.id, strike.weapon)
    numbers = attack_numbers(attacker, target, weapon)
    b = unit_bands(attacker, strike.assist, rules)
    rounding = rules.view("ctb").glancing_rounding
    out: dict[str, int] = {}
    text, raw = "", 0
    for result, face in ((maths.GLANCING, 1), (maths.REGULAR, b.glance_ceiling + 1), (maths.CRITICAL, 20)):
        if result == maths.GLANCING and b.glance_ceiling < 1:
            continue
        if isinstance(strike, Brk):
            o = maths.brk_amount(numbers, weapon.brk, face if rules.view("ctb").brk_roll else None, b,
                                mode=rules.view("ctb").brk_amount, rounding=rounding)  # fmt: skip
        else:
            o = maths.hp_damage(numbers, face, b, broken=is_broken(target, rules), rounding=rounding,
                               stack=rules.view("ctb").double_stack)  # fmt: skip
        out[result] = o.amount
        text = text or o.text.split(", d20")[0]
        if result == maths.REGULAR or not raw:
            raw = o.amount if (isinstance(strike, Brk) or not is_broken(target, rules)) else o.amount // 2
    return b, out, text, raw


DEAD = "Dead"


@dataclass(frozen=True, kw_only=True)
class EndBattle(Action):
    VERB = "endbattle"
    SYSTEM = "ctb"
    PALETTE = "clock"
    SUMMARY = (
        "End the battle: the running turn stops and the clock with it. Under house rule death_comes = "
        "battle_end every Downed unit that was not Recalled dies; the Recalled survive."
    )
    EXAMPLE = "endbattle"
    SYNTAX = ()

    def label(self, state: State) -> str:
        return "end the battle (house rule death_comes says who dies)"

    def check(self, state: State, ctx: Context) -> None:
        if BOARD(state).ended:
            raise IllegalAction("the battle is already over", cites.RECALL)

    def apply(self, state: State, ctx: Context) -> None:
        board = BOARD(state)
        board.ended = True
        board.attacks = 0
        state.clock.active = None
        ctx.emit("The battle is over", "turn")
        if ctx.rules.view("ctb").death_comes != "battle_end":
            return
        for unit in state.units.values():
            if is_downed(unit) and not is_recalled(unit) and not unit.has(DEAD):
                unit.conditions[DEAD.lower()] = Condition(DEAD)
                ctx.emit(f"{unit.name} dies: Downed and never Recalled when the battle ends", "damage", unit.id)


ACTIONS: tuple[type[Action], ...] = (Hit, Brk, Tick, Haste, Slow, Delay, Rush, Recall, EndBattle)
