"""The generic verbs: the ones every encounter has, whatever its systems.

``actions.py`` holds the Action base class and the verbs on units, stats,
conditions, dice and the clock; ``fog.py`` the fog of war and Map Chips,
built on that base class. Listing them here, rather than at the end of
``actions.py``, keeps the two modules from importing each other.
"""

from __future__ import annotations

from gm_console.core.actions import BASE_ACTIONS, Action
from gm_console.core.fog import FOG_ACTIONS

GENERIC_ACTIONS: tuple[type[Action], ...] = (*BASE_ACTIONS, *FOG_ACTIONS)

__all__ = ["GENERIC_ACTIONS"]
