"""The rules core: pure Python, no UI, no terminal and no file I/O.

The public surface: ``Game`` (setup + log; push/undo/redo/state_at),
``Setup`` and ``check_document`` (validated encounter data), ``parse_action``
and ``format_action`` (the one-line notation), and the typed errors.
"""

from gm_console.core.actions import Action, Context
from gm_console.core.errors import DiceNeeded, GMError, IllegalAction, NotationError, UnknownName
from gm_console.core.events import Event
from gm_console.core.game import Game, LogError, format_action, parse_action
from gm_console.core.setup import FORMAT_VERSION, Setup, check_document
from gm_console.core.state import State, Unit

__all__ = [
    "Action",
    "Context",
    "DiceNeeded",
    "Event",
    "FORMAT_VERSION",
    "GMError",
    "Game",
    "IllegalAction",
    "LogError",
    "NotationError",
    "Setup",
    "State",
    "Unit",
    "UnknownName",
    "check_document",
    "format_action",
    "parse_action",
]
