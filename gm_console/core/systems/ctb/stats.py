"""A CTB unit's numbers, kept in ``unit.stats``, and the marks derived from them.

The stats are the truth: Downed is HP 0, Armor Broken is AR 0, Recalled is
``recalled = 1``. The conditions of the same names are a mirror that
``sync_marks`` keeps in step, so the units pane, the log and the JSON show them.
"""

from __future__ import annotations

from gm_console.core.rules import Rules
from gm_console.core.state import Condition, Unit

POOLS = ("hp", "ar", "ki")  # current value; ``<pool>_base`` at Kennel 100; ``<pool>_max`` derived
BASES = tuple(f"{p}_base" for p in POOLS)
MAXIMA = tuple(f"{p}_max" for p in POOLS)
COMBAT = ("atk", "mag", "pr", "mr", "prof", "prec", "assist")
CLOCK = ("ap_total", "ap")
KENNEL_MAX = 200
KENNEL_STANDARD = 100

# every stat the system knows, with its default when a unit does not give it
DEFAULTS: dict[str, int] = {
    "ap_total": 10,
    "ap": 0,
    "kennel": KENNEL_STANDARD,
    "hp_base": 10,
    "ar_base": 0,
    "ki_base": 0,
    **{k: 0 for k in COMBAT},
    "recalled": 0,
}
KNOWN = frozenset(DEFAULTS) | frozenset(POOLS) | frozenset(MAXIMA)

DOWNED = "Downed"
BROKEN = "Armor Broken"
RECALLED = "Recalled"
MARKS = (DOWNED, BROKEN, RECALLED)
_DOWNED_KEY, _BROKEN_KEY, _RECALLED_KEY = (name.lower() for name in MARKS)


def kennel_max(base: int, kennel: int, curve: str) -> int:
    """A maximum scaled by Kennel (0-200) along the named curve."""
    if curve == "flat" or base <= 0:
        return base
    if curve == "gentle":
        return max(1, base * (KENNEL_STANDARD + kennel) // (2 * KENNEL_STANDARD))
    return max(1, base * kennel // KENNEL_STANDARD)  # linear; a pool the unit has keeps at least 1


def recall_loss(kennel: int, basis: str) -> int:
    """Kennel points a Recall costs: 10% of the basis the house rule names."""
    if basis == "scale":
        loss = KENNEL_MAX // 10
    elif basis == "standard":
        loss = KENNEL_STANDARD // 10
    else:
        loss = max(1, kennel // 10)
    return min(loss, kennel)


def is_downed(unit: Unit) -> bool:
    return unit.stats.get("hp", 0) <= 0


def is_recalled(unit: Unit) -> bool:
    return unit.stats.get("recalled", 0) > 0


def is_broken(unit: Unit, rules: Rules) -> bool:
    if unit.stats.get("ar", 0) > 0:
        return False
    return unit.stats.get("ar_max", 0) > 0 or bool(rules.view("ctb").unarmored_broken)


def in_fight(unit: Unit) -> bool:
    """Standing and not Recalled: can attack and be attacked."""
    return not is_downed(unit) and not is_recalled(unit)


def recompute_maxima(unit: Unit, rules: Rules) -> list[str]:
    """Derive HP/AR/KI maxima from the bases and Kennel; pull current values down
    to a lower maximum. Returns what changed, in words, for the log."""
    curve = rules.view("ctb").kennel_curve
    kennel = unit.stats.get("kennel", KENNEL_STANDARD)
    notes = []
    for pool in POOLS:
        new = kennel_max(unit.stats.get(f"{pool}_base", 0), kennel, curve)
        old = unit.stats.get(f"{pool}_max")
        unit.stats[f"{pool}_max"] = new
        if old is not None and old != new:
            notes.append(f"max {pool.upper()} {old} -> {new}")
        if pool in unit.stats and unit.stats[pool] > new:
            notes.append(f"{pool.upper()} {unit.stats[pool]} -> {new}")
            unit.stats[pool] = new
    return notes


def fill(unit: Unit, rules: Rules) -> None:
    """Give a unit every CTB stat: defaults for missing ones, derived maxima,
    full pools where no current value was given."""
    for key, value in DEFAULTS.items():
        unit.stats.setdefault(key, value)
    recompute_maxima(unit, rules)
    for pool in POOLS:
        unit.stats.setdefault(pool, unit.stats[f"{pool}_max"])


def sync_marks(unit: Unit, rules: Rules) -> list[tuple[str, bool]]:
    """Make the Downed / Armor Broken / Recalled conditions match the stats.
    Returns the marks that changed as (name, now_on)."""
    conditions = unit.conditions
    stats = unit.stats
    downed = stats.get("hp", 0) <= 0  # is_downed, is_broken and is_recalled, inline (every hit ends here)
    broken = stats.get("ar", 0) <= 0 and (stats.get("ar_max", 0) > 0 or bool(rules.view("ctb").unarmored_broken))
    recalled = stats.get("recalled", 0) > 0
    if (
        downed is (_DOWNED_KEY in conditions)
        and broken is (_BROKEN_KEY in conditions)
        and recalled is (_RECALLED_KEY in conditions)
    ):
        return []  # the usual case: the marks already match
    changed = []
    for name, on in ((DOWNED, downed), (BROKEN, broken), (RECALLED, recalled)):
        key = name.lower()
        if on and key not in unit.conditions:
            unit.conditions[key] = Condition(name)
            changed.append((name, True))
        elif not on and key in unit.conditions:
            del unit.conditions[key]
            changed.append((name, False))
    return changed


MARK_WORDS = {
    (DOWNED, True): "{name} is Downed",
    (DOWNED, False): "{name} is back on their feet",
    (BROKEN, True): "{name} is Armor Broken: HP attacks now deal double damage",
    (BROKEN, False): "{name}'s armor holds again",
    (RECALLED, True): "{name} is Recalled and leaves the fight",
    (RECALLED, False): "{name} returns to the fight",
}

