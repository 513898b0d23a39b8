"""Task verbs: task (plain or opposed), firstaid, treat, heal."""

from __future__ import annotations


from gm_console.core import notation as n
from gm_console.core.actions import Context
from gm_console.core.errors import IllegalAction
from gm_console.core.state import State
from dataclasses import dataclass

from .. import cites
from ..board import BOARD, Injury, LastTask
from ..catalogue import Weapon
from ..common import DEAD, DEFEATED, DESTROYED, char, drop_condition, is_players, must_act_now, need_unit, unit_name
from ..economy import check_major, check_minor, second_major_mod, use_major, use_minor
from ..pools import check_buy, gain, pay_buy
from ..tasks import RollPlan, contest, plan, record_complications
from ..zones import in_reach
from .base import ATTR, BUY, PAY, SPEC, UnitTask, check_range

USE = n.choice("major", "minor", "free")


@dataclass(frozen=True, kw_only=True)
class Task(UnitTask):
    VERB = "task"
    SUMMARY = (
        "Roll a task: 2d20 (more with buy=N) against Attribute + Specialization at a Difficulty (default 1, "
        "penalties added by the console). vs=UNIT makes it opposed (the opponent rolls vattr+vspec, by "
        "default the same pairing). as= says which action it uses (default: Major on the roller's turn, "
        "free otherwise)."
    )
    EXAMPLE = 'task kai reason engineering diff=2 why="override the door" [4,17]'
    SYNTAX = (
        n.Arg("unit", n.UNIT),
        n.Arg("attr", ATTR),
        n.Arg("spec", SPEC),
        n.Opt("diff", n.INT, default=1),
        BUY,
        PAY,
        n.Opt("vs", n.UNIT),
        n.Opt("vattr", ATTR),
        n.Opt("vspec", SPEC),
        n.Opt("vbuy", n.INT, default=0),
        n.Opt("use", USE, key="as"),
        n.Opt("why", n.NAME),
    )
    unit: str
    attr: str
    spec: str
    diff: int = 1
    buy: int = 0
    pay: str = "momentum"
    vs: str | None = None
    vattr: str | None = None
    vspec: str | None = None
    vbuy: int = 0
    use: str | None = None
    why: str | None = None
    dice: tuple[int, ...] | None = None

    def check_limits(self) -> None:
        check_range(self.diff, 0, 5, "diff")
        super().check_limits()
        check_range(self.vbuy, 0, 8, "vbuy")

    def how(self, state: State) -> str:
        return self.use or ("major" if state.clock.active == self.unit else "free")

    def plans(self, state: State, ctx: Context) -> list[RollPlan]:
        need_unit(state, self.unit)
        how = self.how(state)
        second = False
        if how == "major":
            second = check_major(state, self.unit, "take a Major Action")
        elif how == "minor":
            check_minor(state, self.unit, "take a Minor Action")
        out = [plan(state, ctx, self.unit, self.attr, self.spec, self.diff, buy=self.buy, extra=second_major_mod(second))]
        if self.vs is not None:
            need_unit(state, self.vs)
            if self.vs == self.unit:
                raise IllegalAction("an opposed task needs someone else", cites.OPPOSED)
            attr, spec = self.vattr or self.attr, self.vspec or self.spec
            out.append(plan(state, ctx, self.vs, attr, spec, ctx.rules.view("conflict").defence_difficulty, buy=self.vbuy))
        elif self.vattr or self.vspec or self.vbuy:
            raise IllegalAction("vattr=, vspec= and vbuy= go with vs=UNIT", cites.OPPOSED)
        return out

    def check_buys(self, state: State, ctx: Context) -> None:
        super().check_buys(state, ctx)
        if self.vs is not None:
            check_buy(state, ctx, is_players(state, self.vs), self.vbuy, "momentum", unit_name(state, self.vs))

    def apply(self, state: State, ctx: Context) -> None:
        plans = self.plans(state, ctx)
        how = self.how(state)
        if how == "major":
            use_major(state, self.unit)
        elif how == "minor":
            use_minor(state)
        what = f"task ({self.why})" if self.why else "task"
        if self.vs is None:
            self.roll(state, ctx, plans, what)
            return
        self.pay_buy(state, ctx)
        results = self.results(plans)
        pay_buy(state, ctx, is_players(state, self.vs), self.vbuy, "momentum", unit_name(state, self.vs))
        mine, theirs = results
        for r in results:
            ctx.emit(f"{unit_name(state, r.plan.unit)}: {r.plan.describe(state)}; {r.describe()}", "roll", r.plan.unit)
        won, margin = contest(ctx, mine, theirs)
        winner = self.unit if won else self.vs
        ctx.emit(f"opposed {what}: {unit_name(state, winner)} wins" + (f" with {margin} Momentum" if margin else ""), "roll", winner)
        gain(state, ctx, is_players(state, winner), margin, f"{unit_name(state, winner)} wins the opposed {what}")
        for r in results:
            record_complications(state, ctx, r, what)
        BOARD(state).last[self.unit] = LastTask(self.unit, ctx.index, won)


def medic_skill(state: State, patient: str) -> str:
    return "engineering" if char(state, patient).synthetic else "medicine"


def medic_turn(state: State, uid: str, what: str) -> bool:
    """First Aid and treatment are Major Actions of the medic's own turn (counted in the two-Majors
    limit like any Major); once the conflict is over they need no turn. True when a Major is used."""
    if BOARD(state).over:
        return False
    must_act_now(state, uid, what)
    return True


@dataclass(frozen=True, kw_only=True)
class FirstAid(UnitTask):
    VERB = "firstaid"
    SUMMARY = (
        "First Aid (a Major Action): Daring + Medicine (Engineering for a Synthetic) at Difficulty 2 on a "
        "Defeated ally within Reach; success ends Defeat (and so Dying), the patient stays Prone."
    )
    EXAMPLE = "firstaid ava kai"
    SYNTAX = (n.Arg("unit", n.UNIT), n.Arg("target", n.UNIT, label="PATIENT"), BUY, PAY)
    unit: str
    target: str
    buy: int = 0
    pay: str = "momentum"
    dice: tuple[int, ...] | None = None

    def label(self, state: State) -> str:
        return f"{unit_name(state, self.unit)} gives First Aid to {unit_name(state, self.target)}"

    def plans(self, state: State, ctx: Context) -> list[RollPlan]:
        need_unit(state, self.unit)
        patient = need_unit(state, self.target)
        major = medic_turn(state, self.unit, "give First Aid")
        second = check_major(state, self.unit, "give First Aid") if major else False
        if patient.has(DESTROYED):
            raise IllegalAction(f"{patient.name}'s chassis is destroyed: there is nothing to revive (embody gives it a new one)", cites.FIRST_AID)
        if not patient.has(DEFEATED) or patient.has(DEAD):
            raise IllegalAction(f"{patient.name} is not Defeated" if not patient.has(DEAD) else f"{patient.name} is dead", cites.FIRST_AID)
        if self.unit == self.target:
            raise IllegalAction("a Defeated character cannot treat themselves", cites.FIRST_AID)
        if not in_reach(state, ctx, self.unit, self.target):
            raise IllegalAction(
                f"{patient.name} must be within Reach (stride {self.unit} {patient.zone} near={self.target})", cites.FIRST_AID
            )
        spec = medic_skill(state, self.target)
        return [plan(state, ctx, self.unit, "daring", spec, 2, buy=self.buy, extra=second_major_mod(second))]

    def apply(self, state: State, ctx: Context) -> None:
        plans = self.plans(state, ctx)
        if medic_turn(state, self.unit, "give First Aid"):
            use_major(state, self.unit)
        result = self.roll(state, ctx, plans, f"First Aid on {unit_name(state, self.target)}")
        if result.success:
            patient = state.units[self.target]
            drop_condition(patient, DEFEATED)
            ctx.emit(f"{patient.name} is revived: no longer Defeated (still Prone; Injuries remain)", "info", self.target)


def find_injury(state: State, uid: str, name: str | None, *, untreated_only: bool) -> Injury:
    c = char(state, uid)
    pool = [i for i in c.injuries if not (untreated_only and i.treated)]
    who = unit_name(state, uid)
    if name is None:
        if len(pool) != 1:
            names = ", ".join(repr(i.name) for i in pool) or "none"
            raise IllegalAction(f"name the Injury of {who} to work on ({names})", cites.TREAT)
        return pool[0]
    for inj in pool:
        if inj.name.lower() == name.lower():
            return inj
    names = ", ".join(repr(i.name) for i in pool) or "none"
    raise IllegalAction(f"{who} has no {'untreated ' if untreated_only else ''}Injury {name!r} ({names})", cites.TREAT)


@dataclass(frozen=True, kw_only=True)
class _Medicine(UnitTask):
    """What treat and heal share: a medic, a patient, which Injury, bought dice."""

    UNTREATED_ONLY = True

    SYNTAX = (
        n.Arg("unit", n.UNIT),
        n.Arg("target", n.UNIT, label="PATIENT"),
        n.Arg("injury", n.NAME, optional=True, label="INJURY"),
        BUY,
        PAY,
        n.Opt("aid", n.INT, default=0),
        n.Opt("assist", n.INT, default=0),
        n.Flag("remote"),
    )
    unit: str
    target: str
    injury: str | None = None
    buy: int = 0
    pay: str = "momentum"
    aid: int = 0  # helping Traits: a medical facility, the patient's cysuit, compatible supplies (-1 each)
    assist: int = 0  # Assistance: a helper, remote specialists (house rule assistance)
    remote: bool = False  # some of the Assistance comes over the connection
    dice: tuple[int, ...] | None = None

    def check_limits(self) -> None:
        super().check_limits()
        check_range(self.aid, 0, 3, "aid")
        check_range(self.assist, 0, 3, "assist")

    def aids(self, state: State, ctx: Context) -> tuple[list[tuple[str, int]], int]:
        """(Difficulty changes, Assistance dice) from aid=, assist= and remote."""
        if self.remote:
            link = BOARD(state).connection
            if not self.assist:
                raise IllegalAction("remote names Assistance that comes over the connection: add assist=N", cites.TREAT)
            if link not in ("full", "limited"):
                raise IllegalAction(
                    f"remote Assistance needs a Full or Limited connection; it is {link.capitalize()} (link full|limited)", cites.TREAT
                )
        mods = [("aid", -self.aid)] if self.aid else []
        if self.assist and ctx.rules.view("conflict").assistance == "difficulty":
            return mods + [("assistance, house rule assistance", -self.assist)], 0
        return mods, self.assist

    def label(self, state: State) -> str:
        word = "treats" if self.VERB == "treat" else "heals"
        patient = unit_name(state, self.target)
        what = f"{patient}'s {self.injury}" if self.injury else f"an Injury of {patient}"
        return f"{unit_name(state, self.unit)} {word} {what}"

    def the_injury(self, state: State) -> Injury:
        return find_injury(state, self.target, self.injury, untreated_only=self.UNTREATED_ONLY)

    def medic_plan(self, state: State, ctx: Context, attr: str, inj: Injury, extra: list[tuple[str, int]], **kw) -> list[RollPlan]:
        """The medic's one roll on ``inj``: ``attr`` + Medicine (Engineering for a Synthetic) at its Severity,
        +1 if Debilitating, with the aid and Assistance of this action after ``extra``."""
        mods, dice = self.aids(state, ctx)
        extra = extra + ([("Debilitating", 1)] if inj.debilitating else []) + mods
        return [plan(state, ctx, self.unit, attr, medic_skill(state, self.target), inj.severity, buy=self.buy, extra=extra, assist=dice, **kw)]


@dataclass(frozen=True, kw_only=True)
class Treat(_Medicine):
    VERB = "treat"
    SUMMARY = (
        "Treat an Injury so it stops imposing penalties (the Trait stays until healed): Daring + Medicine at a "
        "Difficulty equal to its Severity (+1 if Debilitating). A Major Action on the medic's turn."
    )
    EXAMPLE = 'treat ava kai "Burned Hand"'

    def plans(self, state: State, ctx: Context) -> list[RollPlan]:
        need_unit(state, self.unit)
        patient = need_unit(state, self.target)
        major = medic_turn(state, self.unit, "treat an Injury")
        second = check_major(state, self.unit, "treat an Injury") if major else False
        inj = self.the_injury(state)
        if self.unit != self.target and not in_reach(state, ctx, self.unit, self.target):
            raise IllegalAction(f"{patient.name} must be within Reach (stride {self.unit} {patient.zone} near={self.target})", cites.TREAT)
        return self.medic_plan(state, ctx, "daring", inj, second_major_mod(second))

    def apply(self, state: State, ctx: Context) -> None:
        plans = self.plans(state, ctx)
        inj = self.the_injury(state)
        if medic_turn(state, self.unit, "treat an Injury"):
            use_major(state, self.unit)
        result = self.roll(state, ctx, plans, f"treating {inj.name}")
        if result.success:
            inj.treated = True
            ctx.emit(f"{inj.name} is treated: no more penalties, the Trait stays until healed", "info", self.target)


@dataclass(frozen=True, kw_only=True)
class Heal(_Medicine):
    VERB = "heal"
    SUMMARY = (
        "Proper treatment outside combat that removes an Injury: Control + Medicine at its Severity "
        "(+1 Debilitating; +1 Difficulty and complication range if untreated); it takes that many hours."
    )
    EXAMPLE = 'heal ava kai "Burned Hand"'
    UNTREATED_ONLY = False

    def plans(self, state: State, ctx: Context) -> list[RollPlan]:
        need_unit(state, self.unit)
        need_unit(state, self.target)
        if not BOARD(state).over:
            raise IllegalAction("healing an Injury happens outside combat: the conflict is still on (endconflict ends it)", cites.TREAT)
        inj = self.the_injury(state)
        return self.medic_plan(state, ctx, "control", inj, [("untreated", 1)] if not inj.treated else [], comp_extra=0 if inj.treated else 1)

    def apply(self, state: State, ctx: Context) -> None:
        plans = self.plans(state, ctx)
        inj = self.the_injury(state)
        result = self.roll(state, ctx, plans, f"healing {inj.name} ({inj.severity} hours)")
        if result.success:
            char(state, self.target).injuries.remove(inj)
            ctx.emit(f"{inj.name} is healed and removed", "info", self.target)


@dataclass(frozen=True, kw_only=True)
class Find(UnitTask):
    VERB = "find"
    SUMMARY = (
        "Search someone for a concealed Hidden X weapon: Insight (or attr=reason) + Security at Difficulty X. "
        "A Major Action on the searcher's turn, free out of turn like any task. Success finds it."
    )
    EXAMPLE = "find kai gob knife"
    SYNTAX = (
        n.Arg("unit", n.UNIT),
        n.Arg("target", n.UNIT, label="TARGET"),
        n.Arg("weapon", n.ident("WEAPON"), optional=True),
        n.Opt("attr", ATTR),
        BUY,
        PAY,
    )
    unit: str
    target: str
    weapon: str | None = None
    attr: str | None = None
    buy: int = 0
    pay: str = "momentum"
    dice: tuple[int, ...] | None = None

    def sought_weapon(self, state: State) -> Weapon:
        wid = self.sought(state)
        weapon = BOARD(state).catalogue.weapon(wid)
        if weapon is None:  # (a concealed weapon is one the catalogue knows: conceal picks it from there)
            raise IllegalAction(f"unknown weapon {wid!r}", cites.QUALITIES)
        return weapon

    def sought(self, state: State) -> str:
        c, who = char(state, self.target), unit_name(state, self.target)
        if not c.concealed:
            raise IllegalAction(f"{who} has no concealed weapon (a Hidden weapon is concealed with minor UNIT conceal)", cites.QUALITIES)
        if self.weapon is None:
            if len(c.concealed) > 1:
                raise IllegalAction(f"name the weapon to look for: {', '.join(c.concealed)}", cites.QUALITIES)
            return c.concealed[0]
        if self.weapon not in c.concealed:
            raise IllegalAction(f"{who} has no concealed {self.weapon!r} ({', '.join(c.concealed)})", cites.QUALITIES)
        return self.weapon

    def plans(self, state: State, ctx: Context) -> list[RollPlan]:
        need_unit(state, self.unit)
        need_unit(state, self.target)
        if self.unit == self.target:
            raise IllegalAction("a character knows what they carry", cites.QUALITIES)
        attr = self.attr or "insight"
        if attr not in ("insight", "reason"):
            raise IllegalAction(f"finding a Hidden weapon is an Insight or Reason + Security task, not {attr}", cites.QUALITIES)
        weapon = self.sought_weapon(state)
        second = check_major(state, self.unit, "search for a weapon") if state.clock.active == self.unit else False
        return [plan(state, ctx, self.unit, attr, "security", weapon.hidden() or 1, buy=self.buy, extra=second_major_mod(second))]

    def apply(self, state: State, ctx: Context) -> None:
        plans = self.plans(state, ctx)
        wid = self.sought(state)
        if state.clock.active == self.unit:
            use_major(state, self.unit)
        weapon = self.sought_weapon(state)
        result = self.roll(state, ctx, plans, f"searches {unit_name(state, self.target)} for {weapon.name}")
        if result.success:
            c = char(state, self.target)
            c.concealed = tuple(w for w in c.concealed if w != wid)
            ctx.emit(f"{unit_name(state, self.unit)} finds {unit_name(state, self.target)}'s concealed {weapon.name}", "info", self.unit)
