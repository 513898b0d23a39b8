"""CTB house rules: every gap in the CTB rule text, named, with a default.

An encounter overrides any of them under ``[house_rules.ctb]``; the rules
reference lists each with the value in force. Read them in code with
``rules.view("ctb").<name>`` (``Rules.view``: every CTB house rule as an
attribute, worked out once per encounter, for the hot paths).
"""

from __future__ import annotations


from gm_console.core import schema as s
from gm_console.core.rules import HouseRule, house_rules_of

SYSTEM = "ctb"


_rule = house_rules_of(SYSTEM)


HOUSE_RULES: tuple[HouseRule, ...] = (
    _rule(
        "ap_gain_percent",
        s.Int(min=1, max=1000),
        100,
        "AP gained per tick",
        "How much AP a unit banks on every tick, as a percentage of its AP Total. At 100 a unit with AP Total 12 "
        "gains 12 AP a tick and needs 9 ticks to climb from 0 to 100 (9 x 12 = 108). At 50 it gains 6 a tick "
        "(rounded down, never below 1 while its AP Total is above 0), which slows the whole fight evenly.",
    ),
    _rule(
        "surplus",
        s.Str(choices=("keep", "drop")),
        "keep",
        "AP over 100 after a turn",
        "keep: paying for a turn takes exactly 100 AP, so a unit that reached 108 starts again from 8 and gets "
        "its next turn sooner. drop: the unit goes back to 0 after every turn and the extra AP is lost.",
    ),
    _rule(
        "tie_break",
        s.Str(choices=("most_ap", "ap_total", "listed", "players_first")),
        "most_ap",
        "Who goes first when several units are ready",
        "Several units can pass 100 AP on the same tick. most_ap: the one holding the most AP goes first, then the "
        "higher AP Total, then the order of the encounter file. ap_total: the higher AP Total first, then most AP. "
        "listed: the order of the encounter file. players_first: player-controlled units first, then most AP.",
    ),
    _rule(
        "downed_clock",
        s.Str(choices=("frozen", "reset", "acts")),
        "frozen",
        "The clock of a Downed unit",
        "frozen: a Downed unit banks no AP and takes no turns; its AP waits where it was until it is back on its "
        "feet. reset: the same, and its AP drops to 0 the moment it is Downed. acts: a Downed unit keeps banking "
        "AP and still gets its turns (for tables that run death saves or last words on those turns).",
    ),
    _rule(
        "glancing_rounding",
        s.Str(choices=("down_min1", "down", "up")),
        "down_min1",
        "Rounding a Glancing Blow's half damage",
        "down_min1: halve and round down, but a glance still deals at least 1 (7 raw becomes 3; 1 raw stays 1). "
        "down: halve and round down, so a 1-point hit can glance for 0. up: halve and round up (7 becomes 4). "
        "Against an Armor Broken target the halving and the doubling cancel: a glance deals the raw amount "
        "(3 raw stays 3, never 1 doubled to 2).",
    ),
    _rule(
        "double_stack",
        s.Bool(),
        True,
        "Do Critical and Armor Broken stack?",
        "true: the two doublings multiply, so a Critical Hit on an Armor Broken target deals 4 times the raw "
        "damage (5 raw becomes 20). false: a hit is doubled at most once, so the same hit deals 10.",
    ),
    _rule(
        "precision_step",
        s.Int(min=0, max=19),
        1,
        "Crit floor drop per point of Precision",
        "Each point of Precision lowers the lowest d20 face that counts as a Critical Hit by this many faces. "
        "With 1 and Precision 2 an attacker crits on 18, 19 and 20. 0 switches Precision's effect on the roll off.",
        ((0, "the text says Precision lowers the critical threshold"),),
    ),
    _rule(
        "proficiency_step",
        s.Int(min=0, max=6),
        1,
        "Glancing ceiling drop per point of Proficiency",
        "Each point of the attacker's Proficiency lowers the highest d20 face that glances by this many faces. "
        "With 1 and Proficiency 2 only 1 to 4 glance. Proficiency adds to the Attack Total whatever this says.",
        ((0, "the text says Proficiency can lower the glancing threshold"),),
    ),
    _rule(
        "assist_step",
        s.Int(min=0, max=6),
        1,
        "Glancing ceiling drop per point of Assist",
        "Each point of Assist (the unit's own, plus assist=N on the attack when an ally helps) lowers the highest "
        "glancing face by this many faces. Proficiency 1 and Assist 2 at 1 each leave only 1 to 3 glancing.",
        ((0, "the text says Assist can lower the glancing threshold"),),
    ),
    _rule(
        "glance_floor",
        s.Int(min=0, max=6),
        1,
        "Lowest the glancing ceiling can go",
        "However much Proficiency and Assist an attacker has, faces up to this number still glance. At 1 a natural "
        "1 always glances; at 0 enough Proficiency removes glancing entirely. The Critical band always starts at "
        "least two faces above the glancing ceiling, so one Regular face is left and the bands never overlap.",
    ),
    _rule(
        "brk_roll",
        s.Bool(),
        True,
        "Do BRK attacks roll for effectiveness?",
        "true: a BRK attack rolls the d20 like any attack, so a glance halves the AR it strips and a Critical "
        "doubles it. false: BRK attacks record no die and always strip their full amount. Armor Broken's x2 never "
        "applies to BRK: it only doubles HP damage.",
    ),
    _rule(
        "brk_amount",
        s.Str(choices=("attack_math", "ignore_ar", "weapon_brk")),
        "attack_math",
        "How much AR a BRK attack strips",
        "attack_math: the usual sum, Attack Total minus (AR + PR or MR), at least 1: thick armor is slow to crack. "
        "ignore_ar: Attack Total minus PR or MR only, at least 1. weapon_brk: the weapon's brk value, at least 1.",
    ),
    _rule(
        "unarmored_broken",
        s.Bool(),
        False,
        "Is a unit with no armor at all Armor Broken?",
        "false (the default): Armor Broken is AR reduced to 0, so only a unit whose maximum AR is above 0 can be "
        "Armor Broken; a unit built with no AR takes ordinary HP damage. true: AR 0 means Armor Broken whatever "
        "the reason, so a unit built with no AR takes double HP damage from the first hit (and x4 on a Critical).",
    ),
    _rule(
        "kennel_curve",
        s.Str(choices=("linear", "gentle", "flat")),
        "linear",
        "How Kennel scales maximum HP, AR and KI",
        "Each unit has base maxima for Kennel 100. linear: maximum = base x Kennel / 100, rounded down (at least 1), so Kennel "
        "100 gives the base and 200 doubles it (base 40 HP at Kennel 90 is 36). gentle: maximum = "
        "base x (100 + Kennel) / 200, from half the base at 0 to one and a half times it at 200. Either curve "
        "keeps a floor of 1 for any pool the unit has at all, so Kennel 0 never starts a unit Downed. flat: "
        "Kennel changes nothing.",
        (("flat", "the text says Kennel scales a unit's maximum HP, AR and KI"),),
    ),
    _rule(
        "recall_basis",
        s.Str(choices=("current", "scale", "standard")),
        "current",
        "What the Recall's 10% Kennel damage is 10% of",
        "current: a tenth of the unit's Kennel at the moment of the Recall, rounded down but at least 1 (Kennel "
        "100 drops to 90, then 81). scale: a tenth of the 0-200 scale, a flat 20 points. standard: a tenth of the "
        "standard Kennel 100, a flat 10 points.",
    ),
    _rule(
        "death_comes",
        s.Str(choices=("battle_end", "never")),
        "battle_end",
        "When permanent death comes",
        "The text says a Recall Beacon delays permanent death, not when death comes without one. battle_end (the "
        "default): a Downed unit is at risk of death (the log says so when it falls); when the battle ends "
        "(endbattle) every Downed unit that was not Recalled dies, and the Recalled live on with their 10% Kennel "
        "loss. never: nobody dies; Downed units stay Downed when the battle ends. Campaigns follow this rule too "
        "(there is no second one): a fight carried to a party has ended, so under battle_end every unit Downed and "
        "not Recalled is written dead, endbattle or not; under never it survives with its Kennel untouched (no "
        "Recall, no Kennel Damage) and its HP, AR and KI go as carry_pools says.",
    ),
    _rule(
        "turn_lock",
        s.Bool(),
        True,
        "Only the acting unit attacks",
        "true: hit and brk must come from the unit whose turn it is; write 'free' on the action for a counter or "
        "reaction out of turn (it is logged as such). false: the console does not check whose turn it is.",
    ),
    _rule(
        "attacks_per_turn",
        s.Int(min=0, max=20),
        1,
        "Attacks in one turn",
        "How many hit or brk actions the acting unit makes before its turn must end with next. 0 means no limit. "
        "Attacks marked 'free' do not count.",
    ),
    _rule(
        "round_ticks",
        s.Int(min=1, max=1000),
        10,
        "Ticks in a round",
        "CTB has no rounds of its own; for conditions that last rounds (cond ... for=3r) a round ends every this "
        "many ticks. At 10, round 2 starts on tick 10 and round 3 on tick 20.",
    ),
)
