"""The forecast: play a fight many times through the real engine.

Every simulated fight is a fork of the game at the chosen point
(``Game.fork``) and a list of ordinary actions ``push``ed through it, each
checked and applied as a GM's would be. No rule is restated here: a policy
(``systems/<name>/policies.py``) proposes actions in its order of preference,
the engine refuses those the rules forbid (``push`` raises and changes
nothing) and the first it accepts is played. Dice come from
``random.Random`` seeded with the forecast's seed and the fight's index, and
are written into the action as a GM's rolled dice are, so a fight is the same
whichever process plays it, and its log replays to the same end.

A fight ends on the system's own ends, as its policies module reads them from
the state (``outcome``: a side defeated, yielded, a core melted down), after
which the module's closing action (``endbattle``, ``endconflict``) is pushed;
or on a time-out (``Caps``: rounds or actions), or when no side has a move the
engine accepts (``stuck``).

A system's policies module provides: ``POLICIES`` (name -> Policy),
``DEFAULT`` (a name), ``choosers(state)`` (the sides whose choice it is now,
in order), ``outcome(state, ctx)``, ``closing(state)`` and
``tally(state, ctx)``; optionally ``respond(state, ctx, action, policy_of,
rng)`` when an action carries a choice of the other side (the reactor's block).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any

from gm_console.core.actions import Next
from gm_console.core.errors import GMError

if TYPE_CHECKING:
    from gm_console.core.actions import Action, Context
    from gm_console.core.game import Game
    from gm_console.core.state import State

TIME_OUT = "time out"
STUCK = "stuck"  # no side had a move the engine accepts: a gap of the policies, reported as such


@dataclass(frozen=True, slots=True)
class Policy:
    """A named way for a side to play: ``choose(state, ctx, side, rng)`` gives
    the actions it would take now, best first (the engine keeps the first it accepts)."""

    name: str
    doc: str
    choose: Callable[[State, Context, str, random.Random], Iterable[Action]]


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a fight ended: ``end`` (``defeat``, ``yield``, ``meltdown``, ``time out``,
    ``stuck``), the side that won (None: nobody) and a few words."""

    end: str
    winner: str | None = None
    why: str = ""


@dataclass(slots=True)
class Tally:
    """What a finished fight leaves, read from its state: each unit's end
    states (``Downed``, ``Dead``...; none: it stands) and numbers per subject
    (a unit, a side, a Facility, ``pools``) and measure (``hp``, ``stress``...)."""

    marks: dict[str, tuple[str, ...]] = field(default_factory=dict)
    numbers: dict[str, dict[str, int]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Fight:
    """One simulated fight: its index, end, winner, rounds, actions played and tally."""

    index: int
    end: str
    winner: str | None
    rounds: int
    actions: int
    tally: Tally
    why: str = ""


@dataclass(frozen=True, slots=True)
class Caps:
    """When a fight is called a time out: more rounds or more actions than these."""

    rounds: int = 30
    actions: int = 2000


def plan_of(game: Game) -> ModuleType:
    """The policies module of the encounter's first system that has one."""
    for name in game.systems:
        try:
            return importlib.import_module(f"gm_console.core.systems.{name}.policies")
        except ModuleNotFoundError as exc:
            if exc.name != f"gm_console.core.systems.{name}.policies":
                raise
    raise GMError(f"no policies for the systems of this encounter ({', '.join(game.systems)}): it cannot be forecast")


def policy_names(game: Game) -> tuple[list[str], str]:
    """The policies the encounter's system offers, and its default."""
    plan = plan_of(game)
    return list(plan.POLICIES), plan.DEFAULT


def side_policies(game: Game, chosen: Mapping[str, str]) -> dict[str, Policy]:
    """Each side's Policy: the one ``chosen`` names (side id -> policy name), else the default.
    Raises GMError naming an unknown side or policy."""
    plan = plan_of(game)
    for side, name in chosen.items():
        if side not in game.state.sides:
            raise GMError(f"--policy {side}={name}: no side {side!r} (sides: {', '.join(game.state.sides)})")
        if name not in plan.POLICIES:
            raise GMError(f"--policy {side}={name}: no policy {name!r} (policies: {', '.join(plan.POLICIES)})")
    return {side: plan.POLICIES[chosen.get(side, plan.DEFAULT)] for side in game.state.sides}


def fight_rng(seed: int, index: int) -> random.Random:
    """The dice and choices of fight ``index``: the same in any process, whatever the split."""
    return random.Random(f"gm-console-forecast:{seed}:{index}")


def roll(game: Game, action: Action, rng: random.Random, ctx: Context | None = None) -> Action:
    """The action with the dice it needs, rolled from ``rng`` (written into it as rolled
    dice are). ``ctx``: the game's context now, when the caller has it."""
    if not action.ROLLS or getattr(action, "dice", None) is not None:
        return action
    sides = action.dice_needed(game.state, ctx if ctx is not None else game.context())
    return action.with_dice(tuple(rng.randint(1, s) for s in sides)) if sides else action


def try_push(game: Game, action: Action, rng: random.Random, ctx: Context | None = None) -> bool:
    """Push ``action`` (dice rolled); False when the engine refuses it (the game is unchanged)."""
    try:
        game.push(roll(game, action, rng, ctx))
    except GMError:
        return False
    return True


def play(base: Game, policies: Mapping[str, Policy], seed: int, index: int, caps: Caps = Caps()) -> tuple[Fight, Game]:
    """Play fight ``index`` from ``base``'s point to its end; ``base`` is left as it was.
    Returns the fight and the game it was played in (its log is the fight)."""
    plan = plan_of(base)
    game = base.fork()
    rng = fight_rng(seed, index)
    respond = getattr(plan, "respond", None)
    start = len(game.log)
    outcome: Outcome | None = None
    while outcome is None:
        state = game.state
        ctx = game.context()
        outcome = plan.outcome(state, ctx)
        if outcome is not None:
            closing = plan.closing(state)
            if closing is not None:
                try_push(game, closing, rng)
            break
        if state.clock.round > caps.rounds or len(game.log) - start >= caps.actions:
            outcome = Outcome(TIME_OUT, None, f"more than {caps.rounds} rounds or {caps.actions} actions")
            break
        if not _move(game, plan, policies, state, ctx, rng, respond):
            outcome = Outcome(STUCK, None, "no side had a move the engine accepts")
    ctx = game.context()
    fight = Fight(index, outcome.end, outcome.winner, game.state.clock.round, len(game.log) - start,
                  _tally(plan, game.state, ctx), outcome.why)  # fmt: skip
    return fight, game


def _move(game: Game, plan: ModuleType, policies: Mapping[str, Policy], state: State, ctx: Context,
          rng: random.Random, respond: Any) -> bool:  # fmt: skip
    """Push the first action the deciding sides' policies want that the engine accepts
    (``next`` last of all: the clock moves when nobody acts)."""
    for side in plan.choosers(state):
        for action in policies[side].choose(state, ctx, side, rng):
            if respond is not None:
                action = respond(state, ctx, action, policies.__getitem__, rng)
            if try_push(game, action, rng, ctx):
                return True
    return try_push(game, Next(), rng, ctx)


def _tally(plan: ModuleType, state: State, ctx: Context) -> Tally:
    tally: Tally = plan.tally(state, ctx)
    if state.pools:
        tally.numbers["pools"] = dict(state.pools)
    return tally


def play_many(base: Game, policies: Mapping[str, Policy], seed: int, indexes: Iterable[int],
              caps: Caps = Caps()) -> list[Fight]:  # fmt: skip
    """The fights of these indexes, played one after the other."""
    return [play(base, policies, seed, i, caps)[0] for i in indexes]
