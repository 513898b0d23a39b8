"""The rules core: pure Python, no UI, no terminal and no file I/O.

The public surface: ``Game`` (setup + log; push/undo/redo/state_at),
``Setup`` and ``check_document`` (validated encounter data), ``parse_action``
and ``format_action`` (the one-line notation), and the typed errors.
"""

from __future__ import annotations

import importlib
from typing import Any

# name -> the module that defines it; loaded on first use, so importing one
# core module (``gm_console.core.state``) loads neither the engine nor the
# systems, and no core module depends on this package's own imports
_PUBLIC = {
    "Action": "actions",
    "Context": "actions",
    "DiceNeeded": "errors",
    "GMError": "errors",
    "IllegalAction": "errors",
    "NotationError": "errors",
    "UnknownName": "errors",
    "Event": "events",
    "Game": "game",
    "LogError": "game",
    "format_action": "game",
    "parse_action": "game",
    "FORMAT_VERSION": "setup",
    "Setup": "setup",
    "check_document": "setup",
    "State": "state",
    "Unit": "state",
}


def __getattr__(name: str) -> Any:
    try:
        module = _PUBLIC[name]
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


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
