"""Every rule a reactor refusal cites, as a ``Cite``: its key opens the
entry in the rules lookup (a rule of ``reference.entries()`` or a house
rule), its label is how the message names it ("Reactor: Blocking
(intercepting)", "Reactor house rule: self_block"). A colon inside keeps
the bracketed label safe from Rich and Textual markup."""

from __future__ import annotations

from gm_console.core.errors import Cite
from gm_console.core.systems.reactor.reference import entries

_TITLES = {e.key: e.title for e in entries()}


def _rule(name: str) -> Cite:
    key = f"reactor.{name}"
    return Cite(key, f"Reactor: {_TITLES[key]}")


def _house(name: str) -> Cite:
    return Cite(f"house.reactor.{name}", f"Reactor house rule: {name}")


TURN = _rule("turn")
DECLARING = _rule("declaring")
RAIDERS = _rule("raiders")
STATIONING = _rule("stationing")
BLOCKING = _rule("blocking")
FACILITY = _rule("facility")
HACK = _rule("hack")
TRT = _rule("trt")
LOCKDOWN = _rule("lockdown")
BLOXIAN = _rule("bloxian")
INCIDENT = _rule("incident")
EQUIPMENT = _rule("equipment")
STATES = _rule("states")
STATS = _rule("stats")
# ids on the board (units, Facilities and "reactor" share one name space): the
# lookup explains it under declaring a strike (how a strike names its target)
IDS = Cite("reactor.declaring", "Reactor: Ids on the board")
# a typed strike a guard could block must say the defender's answer; this
# refusal has always been labelled with the bare key
ANSWER = Cite("reactor.blocking", "reactor.blocking")

SELF_BLOCK = _house("self_block")
STATION_IN_ORIENTATION = _house("station_in_orientation")
INCIDENTS_PER_PHASE = _house("incidents_per_phase")
