"""Reactor: plant-security card combat (strikes, blocks, HEAT, HACK, Facilities, LOCKDOWN).

Modules, each readable in one sitting:

* ``tables``      the TOML schemas ([units.reactor], [reactor], the card catalogue) and the board built from them
* ``cards``       the catalogue and the stats a card implies (packs, equipment, grants)
* ``board``       the per-side plants, Facilities and casualties kept in the state (``BOARD``)
* ``legality``    who may strike or block what, each "no" with its reason
* ``cites``       every rule a refusal cites (its lookup key and label)
* ``combat``      resolving a strike step by step (GUARD, first strike, ARMOR)
* ``phases``      Operations, Incident, Shift End, Ready, Base Load, Power Order
* ``verbs``       the verbs (``verbs.operations``, ``verbs.cards``); ``ACTIONS``
* ``palette``     the legal actions the palette offers
* ``house_rules`` every silent spot, named (read through ``rules.view("reactor")``)
* ``reference``   the rules lookup, in the project's own words
* ``player``      the reactor's part of the player view
* ``policies``    how a side plays a forecast's simulated fights, and what ends one
* ``view``        what the UI reads (the only module of the system it imports)
* ``system``      the wiring: hooks, clock, starter
"""

from gm_console.core.systems.reactor.system import ReactorSystem

SYSTEM = ReactorSystem()

__all__ = ["SYSTEM", "ReactorSystem"]
