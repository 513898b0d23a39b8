"""Countdown Battle (CTB): AP ticks toward 100, HP/AR with BRK and Armor
Broken, the d20 effectiveness roll, Kennel scaling and the Recall Beacon.

Modules: ``house_rules`` (every gap in the text, named), ``stats`` (a unit's
numbers and marks), ``rules`` (pure attack math), ``projection`` (turn order
as arithmetic), ``clock`` (next / tick), ``board`` (state board and TOML
tables), ``actions`` (the verbs), ``reference`` (rules lookup), ``system``.
"""

from gm_console.core.systems.ctb.system import CTBSystem

SYSTEM = CTBSystem()

__all__ = ["SYSTEM", "CTBSystem"]
