"""What a pane draws: the game, the state to show (live or a replay point),
and the action being typed (for previews such as the CTB what-if)."""

from __future__ import annotations

from typing import NoReturn

from gm_console.core.actions import Action
from gm_console.core.game import Game
from gm_console.core.state import State


class View:
    """Immutable once made. A class with slots: a NamedTuple's field ``index`` would hide
    ``tuple.index``, and a frozen dataclass takes about 1 ms more to define at start."""

    __slots__ = ("game", "state", "index", "live", "draft")

    game: Game
    state: State
    index: int  # how many log actions the state includes
    live: bool  # False in replay mode: panes must not offer actions
    draft: Action | None  # a parsed, not yet applied, action from the prompt

    def __init__(self, game: Game, state: State, index: int, live: bool, draft: Action | None = None) -> None:
        put = object.__setattr__
        put(self, "game", game)
        put(self, "state", state)
        put(self, "index", index)
        put(self, "live", live)
        put(self, "draft", draft)

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"a View is immutable: cannot set {name}")
