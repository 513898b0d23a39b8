"""Momentum and Threat: the capped group pool, the GM's pool and its deficit.

Every change goes through ``gain`` or ``pay`` and is logged with its cause.
The players' side earns and spends Momentum; the GM's side earns and spends
Threat. ``check_pay`` raises IllegalAction naming the rule before any change.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gm_console.core.errors import IllegalAction
from gm_console.core.state import State

from . import cites

if TYPE_CHECKING:
    from gm_console.core.actions import Context

MOMENTUM, THREAT = "momentum", "threat"


def _change(state: State, ctx: Context, pool: str, delta: int, cause: str) -> None:
    old = state.pools.get(pool, 0)
    state.pools[pool] = old + delta
    ctx.emit(f"{pool.capitalize()} {old} -> {old + delta} ({cause})", "pool")


def add_threat(state: State, ctx: Context, n: int, cause: str) -> None:
    if n:
        _change(state, ctx, THREAT, n, cause)


def add_momentum(state: State, ctx: Context, n: int, cause: str) -> None:
    """Momentum into the group pool, up to its cap; the rest is lost (logged)."""
    if n <= 0:
        return
    cap = ctx.rules.view("conflict").momentum_cap
    room = max(0, cap - state.pools.get(MOMENTUM, 0))
    kept = min(n, room)
    if kept:
        _change(state, ctx, MOMENTUM, kept, cause)
    if n > kept:
        ctx.emit(f"{n - kept} Momentum lost: the pool holds at most {cap} (house rule momentum_cap)", "rule")


def gain(state: State, ctx: Context, players: bool, n: int, cause: str) -> None:
    """Successes over the Difficulty: Momentum for the players' side (``players``), Threat for the GM's."""
    if players:
        add_momentum(state, ctx, n, cause)
    else:
        add_threat(state, ctx, n, cause)


def deficit_allowed(ctx: Context, deadly: bool) -> bool:
    mode = ctx.rules.view("conflict").threat_deficit
    return mode == "any" or (mode == "deadly" and deadly)


def check_pay(state: State, ctx: Context, players: bool, n: int, what: str, *, deadly: bool = False) -> None:
    if n <= 0:
        return
    if players:
        have = state.pools.get(MOMENTUM, 0)
        if have < n:
            raise IllegalAction(f"{what} costs {n} Momentum; the pool holds {have}", cites.MOMENTUM)
    else:
        have = state.pools.get(THREAT, 0)
        if have < n and not deficit_allowed(ctx, deadly):
            raise IllegalAction(
                f"{what} costs {n} Threat; the GM has {have} (house rule threat_deficit is {ctx.rules.view('conflict').threat_deficit!r})",
                cites.THREAT,
            )


def pay(state: State, ctx: Context, players: bool, n: int, what: str, *, combat: bool = False) -> None:
    """Spend ``n`` from the side's pool (Momentum for the players' side); a Momentum spend may add equal Threat."""
    if n <= 0:
        return
    if players:
        _change(state, ctx, MOMENTUM, -n, what)
        mode = ctx.rules.view("conflict").spend_adds_threat
        if mode == "all" or (mode == "table" and combat):
            add_threat(state, ctx, n, f"Momentum spent in combat adds equal Threat: {what}")
    else:
        _change(state, ctx, THREAT, -n, what)


def dice_cost(ctx: Context, buy: int) -> int:
    costs = ctx.rules.view("conflict").extra_dice_costs
    return sum(costs[:buy])


def pay_threat(state: State, ctx: Context, n: int, what: str) -> None:
    """The GM spends ``n`` Threat (whoever it is spent for)."""
    pay(state, ctx, False, n, what)


def check_buy(state: State, ctx: Context, players: bool, buy: int, pay_with: str, who: str) -> None:
    if buy <= 0:
        return
    costs = ctx.rules.view("conflict").extra_dice_costs
    if buy > len(costs):
        raise IllegalAction(f"at most {len(costs)} extra d20s can be bought ({2 + len(costs)} in all)", cites.DICE)
    if pay_with == THREAT and not players:
        pass  # the GM always pays Threat
    elif pay_with == THREAT:
        return  # a player adds Threat instead of paying Momentum: always possible
    check_pay(state, ctx, players, dice_cost(ctx, buy), f"{who}'s {buy} extra d20{'s' if buy > 1 else ''}")


def pay_buy(state: State, ctx: Context, players: bool, buy: int, pay_with: str, who: str) -> None:
    if buy <= 0:
        return
    cost = dice_cost(ctx, buy)
    what = f"{who} buys {buy} extra d20{'s' if buy > 1 else ''}"
    if players and pay_with == THREAT:
        add_threat(state, ctx, cost, what + " by adding Threat")
    else:
        pay(state, ctx, players, cost, what)
