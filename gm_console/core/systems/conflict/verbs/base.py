"""Shared pieces of the conflict verbs: option specs and the rolling-action base."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gm_console.core import notation as n
from gm_console.core.actions import Action, check_dice
from gm_console.core.errors import IllegalAction
from dataclasses import dataclass

from .. import cites
from ..board import BOARD, LastTask
from ..common import is_players, unit_name
from ..pools import check_buy, gain, pay_buy
from ..tasks import Result, RollPlan, record_complications, resolve

if TYPE_CHECKING:
    from gm_console.core.actions import Context
    from gm_console.core.state import State

PAY_KIND = n.choice("momentum", "threat")
BUY = n.Opt("buy", n.INT, default=0)
PAY = n.Opt("pay", PAY_KIND, default="momentum")
ATTR = n.ident("ATTRIBUTE")
SPEC = n.ident("SPECIALIZATION")
WEAPON = n.ident("WEAPON")
INTENT = n.choice("stun", "deadly")


def settle(state: State, ctx: Context, uid: str, result: Result, what: str) -> None:
    """Log a plain task's roll, bank its Momentum, note complications."""
    name = unit_name(state, uid)
    verdict = "succeeds" if result.success else "fails"
    ctx.emit(f"{name} {what}: {result.plan.describe(state)}; {result.describe()}: {verdict}", "roll", uid)
    if result.momentum:
        gain(state, ctx, is_players(state, uid), result.momentum, f"{result.momentum} success{'es' if result.momentum > 1 else ''} over the Difficulty on {name}'s {what}")
    record_complications(state, ctx, result, what)
    BOARD(state).last[uid] = LastTask(uid, ctx.index, result.success)


def check_range(value: int, low: int, high: int, what: str) -> None:
    if not low <= value <= high:
        raise IllegalAction(f"{what} must be {low} to {high}, got {value}", cites.LIMITS)


@dataclass(frozen=True, kw_only=True)
class ConflictAction(Action):
    SYSTEM = "conflict"
    PALETTE = "conflict"

    def check_limits(self) -> None:
        """Raise IllegalAction when a number is out of its range (parsing accepts any)."""

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        for name in ("check", "dice_needed"):
            method = getattr(cls, name, None)
            if method is not None and not getattr(method, "_limited", False):
                setattr(cls, name, _limited(method))


def _limited(method):
    """Run ``check_limits`` before ``check`` / ``dice_needed``."""

    def wrapper(self, state, ctx):
        self.check_limits()
        return method(self, state, ctx)

    wrapper._limited = True  # type: ignore[attr-defined]
    wrapper.__doc__ = method.__doc__
    wrapper.__name__ = method.__name__
    return wrapper


@dataclass(frozen=True, kw_only=True)
class RollingAction(ConflictAction):
    """An action whose dice are the pools of one or two task rolls, actor first."""

    ROLLS = True

    def plans(self, state: State, ctx: Context) -> list[RollPlan]:
        raise NotImplementedError

    def dice_needed(self, state: State, ctx: Context) -> tuple[int, ...]:
        return (20,) * sum(p.dice for p in self.plans(state, ctx))

    def dice_purpose(self, state: State) -> str:
        return self.notation()

    def results(self, plans: list[RollPlan]) -> list[Result]:
        faces = tuple(getattr(self, "dice", None) or ())
        out, at = [], 0
        for p in plans:
            out.append(resolve(p, faces[at : at + p.dice]))
            at += p.dice
        return out


@dataclass(frozen=True, kw_only=True)
class UnitTask(RollingAction):
    """A rolling action whose ``unit`` rolls a task with ``buy`` bought dice paid from ``pay``: the
    check plans it, checks the purchase and the dice; the apply pays and settles the one roll."""

    if TYPE_CHECKING:  # every subclass declares these fields, in its own order
        unit: str
        buy: int
        pay: str

    def check_limits(self) -> None:
        check_range(self.buy, 0, 8, "buy")

    def check_buys(self, state: State, ctx: Context) -> None:
        check_buy(state, ctx, is_players(state, self.unit), self.buy, self.pay, unit_name(state, self.unit))

    def check(self, state: State, ctx: Context) -> None:
        self.plans(state, ctx)
        self.check_buys(state, ctx)
        check_dice(self, state, ctx)

    def pay_buy(self, state: State, ctx: Context) -> None:
        pay_buy(state, ctx, is_players(state, self.unit), self.buy, self.pay, unit_name(state, self.unit))

    def roll(self, state: State, ctx: Context, plans: list[RollPlan], what: str) -> Result:
        """Pay the bought dice, then log and settle the unit's one roll as ``what``."""
        self.pay_buy(state, ctx)
        result = self.results(plans)[0]
        settle(state, ctx, self.unit, result, what)
        return result
