"""What the stat block shows of a unit, gathered for the UI: each system's
``stat_block`` (its view module) for the unit at the state shown, its history
up to that point (the log's events, ``core/statblock.history``) and, live,
the legal actions that name it. Plain functions, no widget: the screen
(``ui/screens/stat_block.py``) and the tests read the same."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from gm_console.core import statblock as sb
from gm_console.core.game import Game
from gm_console.core.state import State


def _ctb() -> ModuleType:
    from gm_console.core.systems.ctb import view

    return view


def _conflict() -> ModuleType:
    from gm_console.core.systems.conflict import view

    return view


def _reactor() -> ModuleType:
    from gm_console.core.systems.reactor import view

    return view


VIEWS: dict[str, Callable[[], ModuleType]] = {"ctb": _ctb, "conflict": _conflict, "reactor": _reactor}  # each has stat_block, TARGET_LINE


@dataclass(frozen=True)
class Inspected:
    """A unit at one point of the log: its block per system, its history, the actions naming it."""

    uid: str
    index: int  # how many actions of the log the state includes
    live: bool
    blocks: tuple[sb.StatBlock, ...]
    history: tuple[tuple[int, str], ...]
    actions: tuple[str, ...]  # the legal lines naming it (live only)


def blocks(game: Game, state: State, uid: str) -> tuple[sb.StatBlock, ...]:
    """The unit's stat block in each of the encounter's systems that has a board in ``state`` (a plain one without)."""
    out = [VIEWS[name]().stat_block(state, game.rules, uid) for name in game.systems if name in VIEWS and name in state.boards]
    return tuple(out) or (sb.generic(state, uid),)


def inspect(game: Game, uid: str, index: int | None = None, state: State | None = None) -> Inspected:
    """Unit ``uid`` after the log's first ``index`` actions (all: live play)."""
    n = len(game.log) if index is None else index
    live = n == len(game.log)
    if state is None:
        state = game.state if live else game.state_at(n)
    made = blocks(game, state, uid)
    kinds = tuple(dict.fromkeys(k for b in made for k in b.history_kinds))
    history = tuple(sb.history(game.events, uid, kinds, n))
    actions: tuple[str, ...] = ()
    if live:
        actions = tuple(a.notation() for a in sb.unit_actions(game.legal_actions(), uid))
    return Inspected(uid, n, live, made, history, actions)


def inspect_facility(game: Game, fid: str, index: int | None = None, state: State | None = None) -> Inspected:
    """A reactor Facility after the log's first ``index`` actions: its block, and live the strikes on it."""
    n = len(game.log) if index is None else index
    live = n == len(game.log)
    if state is None:
        state = game.state if live else game.state_at(n)
    block = VIEWS["reactor"]().facility_block(state, fid)
    actions = tuple(a.notation() for a in sb.unit_actions(game.legal_actions(), fid)) if live else ()
    return Inspected(fid, n, live, (block,), (), actions)


def pointed_line(game: Game, actor: str, *, target: str | None = None, zone: str | None = None) -> str:
    """The line a click means: ``actor`` on ``target`` (a second unit) or into ``zone``:
    the first legal action now that does it, else the system's own verb for it
    (its TARGET_LINE; ``move`` for a zone), for the GM to finish or see refused."""
    legal: list[Any] = game.legal_actions()
    found = sb.pointed(legal, actor, target=target, zone=zone)
    if found is not None:
        return found.notation()
    if zone is not None:
        return f"move {actor} {zone}"
    template = next((t for t in map(target_line, game.systems) if t is not None), "note {actor} {target}")
    return template.format(actor=actor, target=target)


def target_line(system: str) -> str | None:
    """How ``system`` writes one unit aiming at another (``hit {actor} {target}``), or None."""
    view = VIEWS.get(system)
    return view().TARGET_LINE if view is not None else None
