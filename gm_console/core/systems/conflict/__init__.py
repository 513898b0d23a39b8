"""The zone conflict system (2d20 tasks, Momentum and Threat, zones and Reach,
Stress and Injury). See docs/conflict.md; the modules, smallest first:

- house_rules.py   every silent spot of the text, named, with its default (read as rules.view("conflict"))
- catalogue.py     the data lists (gm_console/data/conflict.toml + the encounter's)
- board.py         the board kept in the state (characters, round, waiting hits); BOARD reads it
- cites.py         the rules the refusals cite (each a rules-lookup entry)
- common.py        small helpers (sides, conditions, who may act); pools.py Momentum and Threat
- zones.py         Reach, range bands, cover, difficult terrain
- tasks.py         the task roll and opposed tasks; economy.py Major/Minor Actions
- turns.py         rounds, alternation, the opening, Keep the Initiative
- stress.py        Stress, Fatigue, Injury, Defeat, Dying, recovery
- attacks.py       attacks, Protection, Counterattack; synthetic.py chassis and backups
- odds.py          the exact odds of a roll, from its plan
- verbs/           the verbs (base.py, attacks.py, harm.py, moves.py, ...); verbs/__init__.py lists them (ACTIONS)
- tables.py        the [units.conflict] and [conflict] sections
- palette.py       the actions offered in the palette; reference.py the rules lookup (entries())
- player.py        the player view; view.py what the UI reads (the only module it imports)
- carry.py         what a fight leaves on a party's characters, and the rests
- policies.py      how a side plays a forecast's simulated fights, and what ends one
- system.py        the System: hooks and the clock
"""

from .system import ConflictSystem

SYSTEM = ConflictSystem()

__all__ = ["SYSTEM", "ConflictSystem"]
