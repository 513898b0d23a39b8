"""House rules of campaigns: what a fight leaves on a party's characters.

The rule texts say what an Injury, Stress, a Kennel loss or a death is; they
do not say what carries from one fight to the next. Each choice is a named
house rule of its system (``[house_rules.<system>]`` of the encounter being
carried overrides it), listed in the rules lookup with its default like any
other. They live here rather than in the systems' own ``house_rules``
modules: ``extend(system)`` adds them to a system's ``HOUSE_RULES`` when the
registry loads it (core/system.py), so the schema, the engine's ``Rules``
and the lookup all see them. What carry does with them: each system's
carry.py (systems/<name>/carry.py), which core/carry.py asks through the hooks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gm_console.core import schema as s
from gm_console.core.rules import HouseRule

if TYPE_CHECKING:
    from collections.abc import Callable

    from gm_console.core.system import System

CAMPAIGN_RULES: dict[str, tuple[HouseRule, ...]] = {
    "conflict": (
        HouseRule(
            "conflict",
            "carry_stress",
            s.Bool(),
            True,
            "Campaigns: Stress carries to the next fight",
            "true: the Stress a character has marked when the fight ends is still marked in the next one; the GM "
            "clears it with the rest verbs of the text (gm-console party PARTY rest breather: 4 Stress, break: 8, "
            "sleep: all of it). false: every fight starts with an empty Stress track (Injuries, Traits and death "
            "still carry).",
        ),
        HouseRule(
            "conflict",
            "conditions_as_traits",
            s.Bool(),
            True,
            "Campaigns: lasting conditions become Traits",
            "true: a condition put on a character during the fight with no duration (cond rhea \"Protection "
            "Compromised\") carries to the party as a Trait, except the fight's own marks (Defeated, Prone, Dead), "
            "which end with it. false: only the character's Traits and Injuries carry.",
        ),
    ),
    "ctb": (
        HouseRule(
            "ctb",
            "carry_pools",
            s.Str(choices=("reset", "carry")),
            "reset",
            "Campaigns: HP, AR and KI between fights",
            "reset: every fight starts with HP, AR and KI at their maxima (the maxima that Kennel leaves). carry: "
            "they start where the last fight left them (never above the maxima).",
        ),
    ),
}


# Campaign house rules that were folded into another rule: a file that still
# sets one is refused with the replacement (setup.py adds them to the schema).
RETIRED: dict[str, dict[str, str]] = {
    "ctb": {
        "downed_end": (
            "ctb.downed_end is gone: carrying a fight follows house rule ctb.death_comes, the one rule on when a "
            "Downed unit dies. Write death_comes = \"battle_end\" for downed_end = \"dies\" (the default), or "
            "death_comes = \"never\" for downed_end = \"survives\""
        ),
    },
}


def retired_keys(system: str) -> dict[str, s.Key]:
    """Schema keys for the retired house rules of ``system``: any value is a problem naming the replacement."""
    return {
        name: s.Key(s.Custom(checker=_refused_with(text), description="nothing (retired)"), doc="retired")
        for name, text in RETIRED.get(system, {}).items()
    }


def _refused_with(text: str) -> Callable[[Any], str]:
    """A schema checker that finds any value a problem, ``text``."""

    def checker(_value: Any) -> str:
        return text

    return checker


def extend(system: System) -> None:
    """Give ``system`` its campaign house rules (once; the registry calls this)."""
    extra = CAMPAIGN_RULES.get(system.NAME, ())
    have = {rule.name for rule in system.HOUSE_RULES}
    missing = tuple(rule for rule in extra if rule.name not in have)
    if missing:
        system.HOUSE_RULES = (*system.HOUSE_RULES, *missing)  # type: ignore[misc]  # the instance's own tuple
