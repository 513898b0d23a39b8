"""Reactor: plant-security card combat (strikes, blocks, HEAT, HACK, Facilities, LOCKDOWN).

Modules, each readable in one sitting:

* ``cards``       the catalogue and the stats a card implies (packs, equipment, grants)
* ``board``       the per-side plants, Facilities and casualties kept in the state
* ``legality``    who may strike or block what, each "no" with its reason
* ``combat``      resolving a strike step by step (GUARD, first strike, ARMOR)
* ``phases``      Operations, Incident, Shift End, Ready, Base Load, Power Order
* ``actions``, ``card_actions``  the verbs
* ``house_rules`` every silent spot, named
* ``reference``   the rules lookup, in the project's own words
* ``system``      the wiring: schemas, hooks, clock, palette, starter
"""

from gm_console.core.systems.reactor.system import SYSTEM

__all__ = ["SYSTEM"]
