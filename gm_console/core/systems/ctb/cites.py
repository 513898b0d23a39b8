"""Every rule a CTB refusal cites: the key of its entry in the rules lookup
(``ctb.<entry>`` of ``reference.entries()``, ``house.ctb.<name>`` of a house
rule) and the label the message shows."""

from gm_console.core.errors import Cite

ATTACK_DAMAGE = Cite("ctb.attack_math", "Attack Damage")
BRK_ATTACK = Cite("ctb.brk", "BRK Attack")
COUNTDOWN = Cite("ctb.countdown", "Countdown Battle")
POOLS = Cite("ctb.durability", "HP and AR pools")
KENNEL = Cite("ctb.kennel", "Kennel Scaling")
RECALL = Cite("ctb.recall", "Recall Beacon")
DOWNED = Cite("ctb.downed", "Downed")
KI = Cite("ctb.ki", "KI")
STATS = Cite("ctb.format", "CTB stats")
TURN_LOCK = Cite("house.ctb.turn_lock", "ctb.turn_lock")
ATTACKS_PER_TURN = Cite("house.ctb.attacks_per_turn", "ctb.attacks_per_turn")
