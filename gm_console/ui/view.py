"""What a pane draws: the game, the state to show (live or a replay point),
and the action being typed (for previews such as the CTB what-if)."""

from __future__ import annotations

from typing import NamedTuple

from gm_console.core.actions import Action
from gm_console.core.game import Game
from gm_console.core.state import State


class View(NamedTuple):  # a NamedTuple, not a frozen dataclass: as immutable, and about 1 ms less to define at start
    game: Game
    state: State
    index: int  # how many log actions the state includes
    live: bool  # False in replay mode: panes must not offer actions
    draft: Action | None = None  # a parsed, not yet applied, action from the prompt
