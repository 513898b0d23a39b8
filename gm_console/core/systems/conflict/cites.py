"""Every rule the conflict system's refusals cite, as ``Cite`` constants: the
key is the entry of the rules lookup that explains it (an entry of
reference.py, keyed ``conflict.<key>``), the label how the message names it
(``... [Reach]``). Every ``IllegalAction`` of the system uses one of these."""

from __future__ import annotations

from gm_console.core.errors import Cite

OPENING = Cite("conflict.opening", "the opening")
ALTERNATION = Cite("conflict.alternation", "alternating turns")
ONE_TURN = Cite("conflict.one-turn", "one turn a round")
KEEP = Cite("conflict.keep", "Keep the Initiative")
WHOSE_TURN = Cite("conflict.own-turn", "acting on your turn")
MAJOR_MINOR = Cite("conflict.actions", "Major and Minor Actions")
TWO_MAJORS = Cite("conflict.two-majors", "two Major Actions a round")
TASK = Cite("conflict.task", "the task roll")
OPPOSED = Cite("conflict.opposed", "opposed tasks")
DICE = Cite("conflict.dice", "buying d20s")
REACH = Cite("conflict.reach", "Reach")
MOVEMENT = Cite("conflict.movement", "Movement")
SPRINT = Cite("conflict.sprint", "Sprint and difficult terrain")
RANGE = Cite("conflict.range", "range bands")
COVER = Cite("conflict.cover", "cover")
PRONE = Cite("conflict.prone", "prone")
ATTACK = Cite("conflict.attacks", "attacks")
INTENT = Cite("conflict.intent", "Stun or Deadly intent")
SEVERITY = Cite("conflict.severity", "increasing Severity")
COUNTER = Cite("conflict.counter", "Counterattack")
QUALITIES = Cite("conflict.qualities", "weapon qualities")
AVOID = Cite("conflict.avoid", "Avoid Injury")
FATIGUED = Cite("conflict.fatigued", "Fatigued")
DEFEATED = Cite("conflict.injury", "Defeated")
DYING = Cite("conflict.dying", "Dying and the cysuit")
FIRST_AID = Cite("conflict.first-aid", "First Aid")
TREAT = Cite("conflict.treat", "treating Injuries")
RECOVERY = Cite("conflict.recovery", "Stress recovery")
HAZARDS = Cite("conflict.hazards", "hazards")
NPCS = Cite("conflict.npcs", "NPC tiers")
MOMENTUM = Cite("conflict.momentum", "the Momentum pool")
THREAT = Cite("conflict.threat", "Threat")
SPENDS = Cite("conflict.spends", "Momentum spends")
CORE_SPENDS = Cite("conflict.core-spends", "core Momentum spends")
PENDING = Cite("conflict.pending", "resolving a hit")
OVER = Cite("conflict.conflict-over", "the end of the conflict")
YIELD = Cite("conflict.yielding", "yielding")
CONSEQUENCE = Cite("conflict.consequences", "consequences")
TRAITS = Cite("conflict.traits", "Traits in play")
SYNTHETIC = Cite("conflict.synthetics", "Synthetics and their chassis")
STRESS = Cite("conflict.stress", "Stress")
FOG = Cite("conflict.fog", "fog of war")
LIMITS = Cite("notation", "allowed values")  # an option's number out of its range: the notation entry
