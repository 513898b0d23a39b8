"""The zone conflict system (2d20 tasks, Momentum and Threat, zones and Reach,
Stress and Injury). See docs/conflict.md; the modules, smallest first:

- house_rules.py   every silent spot of the text, named, with its default
- catalogue.py     the data lists (gm_console/data/conflict.toml + the encounter's)
- board.py         the board kept in the state (characters, round, waiting hits)
- common.py        rule names and small helpers; pools.py Momentum and Threat
- zones.py         Reach, range bands, cover, difficult terrain
- tasks.py         the task roll and opposed tasks; economy.py Major/Minor Actions
- turns.py         rounds, alternation, the opening, Keep the Initiative
- stress.py        Stress, Fatigue, Injury, Defeat, Dying, recovery
- attacks.py       attacks, Protection, Counterattack
- verbs_*.py       the verbs; verbs.py lists them
- tables.py        the [units.conflict] and [conflict] sections
- palette.py       the actions offered in the palette; reference.py the rules lookup
- system.py        the System: hooks and the clock
"""

from .system import ConflictSystem

SYSTEM = ConflictSystem()

__all__ = ["SYSTEM", "ConflictSystem"]
