"""The rules lookup: one index over every system's reference entries, the
house rules (with this encounter's values), catalogues and the notation help.
Shared by the command palette and ``gm-console rules``."""

from gm_console.lookup.index import RulesIndex, build_index

__all__ = ["RulesIndex", "build_index"]
