"""Countdown Battle (CTB): AP ticks toward 100, HP/AR with BRK and Armor
Broken, the d20 effectiveness roll, Kennel scaling and the Recall Beacon.

Modules (docs/architecture.md's template): ``system`` (the hooks and the
clock's wiring), ``tables`` (the TOML schemas), ``board`` (the state's CTB
board, ``BOARD``), ``house_rules`` (every gap in the text, named),
``cites`` (the rules its refusals cite), ``verbs`` (the actions,
``ACTIONS``), ``palette`` (the legal actions), ``reference`` (the rules
lookup's entries), ``player`` (its part of the player view), ``view`` (what
the UI reads), ``carry`` (what a fight leaves on a party's characters), ``policies``
(how a side plays a forecast's simulated fights, and what ends one);
and its own rules: ``stats`` (a unit's numbers and marks),
``maths`` (pure attack arithmetic), ``projection`` (turn order as
arithmetic), ``clock`` (next / tick).
"""

from gm_console.core.systems.ctb.system import CTBSystem

SYSTEM = CTBSystem()

__all__ = ["SYSTEM", "CTBSystem"]
