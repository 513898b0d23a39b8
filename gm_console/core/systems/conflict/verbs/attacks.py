"""Attack verbs: attack, counter."""

from __future__ import annotations


from gm_console.core import notation as n
from gm_console.core.actions import Context, check_dice
from gm_console.core.state import State
from dataclasses import dataclass

from ..attacks import check_counter, counter, make_pending, pay_intent, plan_attack
from ..board import BOARD, LastTask, OpposedWin
from ..common import ctrl, is_players, unit_name
from ..economy import use_major
from ..pools import gain, pay_buy
from ..tasks import RollPlan, contest, record_complications
from .base import ATTR, BUY, INTENT, PAY, SPEC, WEAPON, ConflictAction, RollingAction, check_range

CHARGE = n.choice("area", "intense", "piercing")


@dataclass(frozen=True, kw_only=True)
class Attack(RollingAction):
    VERB = "attack"
    SUMMARY = (
        "Attack (a Major Action): Melee is Daring + Security at Difficulty 1, opposed by an aware target's "
        "Daring + Security; Ranged is Control + Security at Difficulty 2, opposed by a target in cover. A hit "
        "leaves an Injury (weapon Severity less Protection) for the target to avoid or suffer. Deadly intent "
        "adds 1 Threat (players) or costs the GM 1 Threat."
    )
    EXAMPLE = "attack gob kai field-sidearm stun buy=1 [3,8,11]"
    SYNTAX = (
        n.Arg("unit", n.UNIT, label="ATTACKER"),
        n.Arg("target", n.UNIT, label="TARGET"),
        n.Arg("weapon", WEAPON),
        n.Arg("intent", INTENT, optional=True),
        BUY,
        PAY,
        n.Opt("reroll", n.INT, default=0),
        n.Opt("charge", CHARGE),
        n.Opt("diff", n.INT),
        n.Opt("attr", ATTR),
        n.Opt("spec", SPEC),
        n.Opt("vbuy", n.INT, default=0),
        n.Flag("unaware"),
        n.Flag("atcost"),
    )
    unit: str
    target: str
    weapon: str
    intent: str | None = None
    buy: int = 0
    pay: str = "momentum"
    reroll: int = 0
    charge: str | None = None
    diff: int | None = None
    attr: str | None = None
    spec: str | None = None
    vbuy: int = 0
    unaware: bool = False
    atcost: bool = False
    dice: tuple[int, ...] | None = None

    def check_limits(self) -> None:
        check_range(self.buy, 0, 8, "buy")
        check_range(self.vbuy, 0, 8, "vbuy")
        check_range(self.reroll, 0, 2, "reroll")
        if self.diff is not None:
            check_range(self.diff, 0, 5, "diff")

    def label(self, state: State) -> str:
        intent = f" ({self.intent})" if self.intent else ""
        return f"{unit_name(state, self.unit)} attacks {unit_name(state, self.target)} with {self.weapon}{intent}"

    def plans(self, state: State, ctx: Context) -> list[RollPlan]:
        p = plan_attack(state, ctx, self)
        return [p.actor] + ([p.defender] if p.defender else [])

    def check(self, state: State, ctx: Context) -> None:
        plan_attack(state, ctx, self)
        check_dice(self, state, ctx)

    def apply(self, state: State, ctx: Context) -> None:
        p = plan_attack(state, ctx, self)
        b = BOARD(state)
        who, whom = unit_name(state, self.unit), unit_name(state, self.target)
        kind = "Melee" if p.weapon.melee else "Ranged"
        ctx.emit(f"{who} makes a {kind} Attack on {whom}: {p.weapon.name}, {p.intent.capitalize()}, Severity {p.severity}, at {p.band} range", "info", self.unit)
        use_major(state, self.unit)
        pay_buy(state, ctx, is_players(state, self.unit), self.buy, self.pay, who)
        if p.defender is not None:
            pay_buy(state, ctx, is_players(state, self.target), self.vbuy, "momentum", whom)
        pay_intent(state, ctx, self.unit, p.intent)
        results = self.results([p.actor] + ([p.defender] if p.defender else []))
        mine = results[0]
        ctx.emit(f"{who}: {p.actor.describe(state)}; {mine.describe()}", "roll", self.unit)
        if p.defender is None:
            hit, margin, winner = mine.success, mine.momentum, self.unit
        else:
            theirs = results[1]
            why = "defends" if p.weapon.melee else "shelters in cover"
            ctx.emit(f"{whom} {why}: {p.defender.describe(state)}; {theirs.describe()}", "roll", self.target)
            hit, margin = contest(ctx, mine, theirs)
            winner = self.unit if hit else self.target
        for r in results:
            record_complications(state, ctx, r, f"{who}'s attack")
        b.last[self.unit] = LastTask(self.unit, ctx.index, hit or self.atcost)  # an Attack is a task too
        if not hit and self.atcost:
            hit = True
            note = f"{who}'s Area attack Succeeds at Cost"
            b.complications.append(note)
            ctx.emit(f"{note}: the hit lands, and the GM names the cost", "warn", self.unit)
        if margin:
            what = f"{who}'s attack" if winner == self.unit else f"{whom}'s defence"
            gain(state, ctx, is_players(state, winner), margin, f"{margin} surplus success{'es' if margin > 1 else ''} on {what}")
        if not hit:
            ctx.emit(f"{who} misses {whom}", "info", self.unit)
            both_failed = p.defender is not None and not results[1].success and not mine.success
            if p.defender is not None and p.weapon.melee and not (both_failed and ctx.rules.view("conflict").opposed_both_fail == "nobody"):
                b.opposed = OpposedWin(self.target, self.unit, True)
                b.withdraw = self.target
                ctx.emit(
                    f"{whom} won the opposed task: they may step out of Reach (stride {self.target} ZONE) or "
                    f"Counterattack for 2 {'Momentum' if ctrl(state, self.target) == 'players' else 'Threat'} (counter {self.target})",
                    "rule",
                    self.target,
                )
            return
        ctx.emit(f"{who} hits {whom}", "damage", self.unit)
        if p.bonus:
            ctx.emit(f"{whom} is prone: 2 bonus Momentum for this attack's spends only", "rule", self.target)
        make_pending(state, ctx, p)
        if p.area:
            ctx.emit(f"Area: 1 Momentum per further target in {whom}'s zone (spend {self.unit} area on=UNIT)", "rule", self.unit)


@dataclass(frozen=True, kw_only=True)
class Counter(ConflictAction):
    VERB = "counter"
    SUMMARY = (
        "Counterattack after winning the opposed task against a Melee Attack: 2 Momentum (2 Threat for an NPC) "
        "inflicts the defender's melee weapon's Injury on the attacker at once, instead of stepping away."
    )
    EXAMPLE = "counter kai with=cysuit-blade"
    SYNTAX = (n.Arg("unit", n.UNIT), n.Opt("weapon", WEAPON, key="with"), n.Opt("intent", INTENT))
    unit: str
    weapon: str | None = None
    intent: str | None = None

    def label(self, state: State) -> str:
        return f"{unit_name(state, self.unit)} Counterattacks" + (f" with {self.weapon}" if self.weapon else "")

    def check(self, state: State, ctx: Context) -> None:
        state.unit(self.unit)
        check_counter(state, ctx, self.unit, self.weapon, self.intent)

    def apply(self, state: State, ctx: Context) -> None:
        loser, weapon, intent = check_counter(state, ctx, self.unit, self.weapon, self.intent)
        counter(state, ctx, self.unit, loser, weapon, intent)

