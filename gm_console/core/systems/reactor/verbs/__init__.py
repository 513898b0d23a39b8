"""The reactor verbs: ``operations`` (Personnel on the table: strike,
station, unstation, ready, exhaust) and ``cards`` (deploy, equip, incident,
lockdown, and the GM's hand on the gauges: heat, hack)."""

from gm_console.core.systems.reactor.verbs.cards import Deploy, Equip, Hack, Heat, Incident, Lockdown
from gm_console.core.systems.reactor.verbs.operations import NO_BLOCK, Exhaust, Ready, Station, Strike, Unstation

ACTIONS = (Strike, Station, Unstation, Deploy, Equip, Incident, Lockdown, Ready, Exhaust, Heat, Hack)

__all__ = ["ACTIONS", "NO_BLOCK", "Deploy", "Equip", "Exhaust", "Hack", "Heat", "Incident", "Lockdown", "Ready", "Station", "Strike", "Unstation"]
