"""The CTB rules reference, in the console's own words, with worked numbers.

House rules get their own entries from ``gm_console.lookup`` (built from
``HOUSE_RULES``, with the value in force); the entries here name them.
"""

from __future__ import annotations

from gm_console.core.reference import RefEntry


def _e(key: str, title: str, body: str, *tags: str) -> RefEntry:
    return RefEntry(f"ctb.{key}", title, "ctb", "rule", body, ("ctb", *tags))


ENTRIES: tuple[RefEntry, ...] = (
    _e(
        "countdown",
        "Countdown Battle (the CTB clock)",
        "Time runs in ticks. On each tick every unit banks AP equal to its AP Total (house rule ap_gain_percent). "
        "A unit holding 100 AP or more gets a turn; when that turn ends it pays 100 AP and keeps the rest "
        "(house rule surplus). So speed is AP Total: at 25 a unit acts every 4 ticks, at 10 every 10 ticks.\n\n"
        "Worked: Kai (AP Total 12, AP 0) and Gob (AP Total 9, AP 40). Kai needs ceil(100/12) = 9 ticks, Gob "
        "ceil(60/9) = 7, so Gob acts on tick 7 with 103 AP, pays 100 and keeps 3. Kai acts on tick 9 with 108.\n\n"
        "'next' ends the current turn and jumps straight to the next unit at 100 (no matter how many ticks that "
        "is); 'tick N' lets single ticks pass. Units that pass 100 on the same tick go in the order of house rule "
        "tie_break. Downed units follow house rule downed_clock (default: frozen, no AP and no turns).",
        "ap", "tick", "turn", "initiative", "next", "ap total",
    ),
    _e(
        "projection",
        "Turn order projection and what-if",
        "The turn bar lists the next turns (10 unless the encounter's [ctb] projection says otherwise), worked out "
        "from each unit's AP and AP Total without stepping through the ticks. The unit acting now is assumed to pay "
        "its 100 AP first.\n\n"
        "What-if: while you type 'set gob ap_total 20', 'set gob ap 80', 'haste', 'slow', 'delay' or 'rush' in the "
        "prompt, the pane shows the order as it would be after that change, beside the current one; clear the "
        "prompt and it goes away. Nothing changes until you press Enter.",
        "turn order", "what if", "haste", "slow", "delay", "rush", "timeline",
    ),
    _e(
        "durability",
        "HP and AR pools",
        "Every unit has two pools. HP is its health; at HP 0 it is Downed. AR is armor that works as a shield: "
        "while it is above 0 hits do their normal damage, and it also counts in the Defense Total. 'set' keeps "
        "both between 0 and their maximum (which Kennel sets).",
        "hp", "ar", "armor", "health",
    ),
    _e(
        "armor_broken",
        "Armor Broken",
        "A unit whose AR has fallen to 0 is Armor Broken: HP attacks against it deal double damage, the doubling "
        "applied to what the effectiveness roll gives. Against it a Glancing Blow deals the raw damage (x0.5 then x2: the two "
        "cancel, nothing is rounded), a Regular Hit twice the raw damage, and a Critical Hit four times the raw "
        "damage unless house rule double_stack is false (then twice).\n\nWorked, raw 7: d20 3 Glancing = 7; "
        "d20 12 Regular = 14; d20 20 Critical = 28 (14 with double_stack false). Whether a unit built with no AR "
        "counts as broken is house rule unarmored_broken: by default it does not, since the rule speaks of AR "
        "reduced to 0.",
        "broken", "double", "ar 0",
    ),
    _e(
        "brk",
        "BRK attacks",
        "A BRK attack ('brk ATTACKER TARGET') goes for the armor: it lowers AR and never touches HP. The amount is "
        "set by house rule brk_amount (default: the same sum as an HP attack); house rule brk_roll says whether the "
        "d20 applies to it (default yes). Once the armor is gone the unit counts as Armor Broken and the HP "
        "attacks that follow hit twice as hard.\n\nWorked: 12+4+2 - (10+3) = 5, d20 15 Regular = 5: AR 10 -> 5. A second such "
        "hit leaves AR 0 and Armor Broken.",
        "armor break", "ar", "break",
    ),
    _e(
        "attack_math",
        "Attack and Defense Totals",
        "Attack Total = the attacker's stat (atk for physical weapons, mag for magical) + the weapon's DAM + the "
        "attacker's proficiency. Defense Total = the target's current AR + its PR against physical attacks, or + its "
        "MR against magical ones. Raw damage is Attack Total minus Defense Total, never under 1, before the d20.\n\n"
        "Worked: atk 14 + DAM 3 + prof 2 = 19 against AR 4 + PR 3 = 7: raw 12. Against AR 20 + PR 3 the sum is "
        "negative, so raw is 1.",
        "damage", "attack total", "defense total", "dam", "raw", "hit",
    ),
    _e(
        "resistances",
        "PR and MR",
        "PR (Physical Resistance) defends against physical weapons and MR (Magical Resistance) against magical "
        "ones; each adds to the target's AR to make its Defense Total. A weapon's kind in the encounter file "
        "(kind = \"physical\" or \"magical\") picks which.",
        "pr", "mr", "resistance", "magic",
    ),
    _e(
        "effectiveness",
        "Effectiveness roll (d20): glancing, regular or critical",
        "Once raw damage is known, a d20 decides how well the attack landed: 1 to 6 is a Glancing Blow (half, "
        "rounded by house rule glancing_rounding), 7 to 19 a Regular Hit (as is), 20 a Critical Hit (double). "
        "The GM may type the die a player rolled (hit kai gob [17]) or leave it off and the console rolls it; "
        "either way the face is kept in the log.\n\nWorked: raw 12, d20 4 Glancing x0.5 = 6; d20 20 Critical x2 = 24.",
        "d20", "glancing", "regular", "critical", "crit", "roll",
    ),
    _e(
        "precision",
        "Precision",
        "Each point of Precision moves the start of the Critical band down (house rule precision_step faces per "
        "point, default 1). Precision 3: criticals on 17 to 20. The band never comes closer than two faces above "
        "the glancing band.",
        "crit", "critical", "prec",
    ),
    _e(
        "proficiency_assist",
        "Proficiency and Assist",
        "Proficiency and Assist each move the top of the Glancing band down (house rules proficiency_step and "
        "assist_step, default one face per point), but never below house rule glance_floor (default 1: a natural "
        "1 still glances). Assist is the unit's own standing Assist plus assist=N written on the attack when an ally "
        "helps. Proficiency 2 with assist=1: only 1 to 3 glance.",
        "glancing", "prof", "assist", "help",
    ),
    _e(
        "kennel",
        "Kennel",
        "Kennel (0 to 200, 100 standard) is a unit's spiritual capacity, its link to the planet's energy. It scales "
        "maximum HP, AR and KI from the unit's bases along house rule kennel_curve (default linear: base x Kennel / "
        "100, never below 1 for a pool the unit has, so Kennel 0 leaves it standing on 1 HP). Worked: hp_base 40 at "
        "Kennel 90 gives max HP 36; at 150, 60. Setting kennel or a base recomputes the "
        "maxima, and current values above a new maximum come down to it.",
        "kennel", "max hp", "max ar", "ki", "scaling",
    ),
    _e(
        "downed",
        "Downed",
        "A unit at HP 0 is Downed: it cannot attack or be attacked, and by default (house rule downed_clock) it "
        "neither banks AP nor takes turns. Setting its HP above 0 with 'set' puts it back on its feet with the AP "
        "it had.",
        "downed", "hp 0", "ko",
    ),
    _e(
        "recall",
        "Recall Beacon",
        "A Recall Beacon pulls a Downed unit out before death ('recall UNIT'). The unit leaves the fight (it stays "
        "listed, marked Recalled, off the clock) and takes Kennel damage of 10% (of what: house rule recall_basis; "
        "default its current Kennel, at least 1 point), which lowers its maxima.\n\nWorked: Kennel 100, hp_base 40: "
        "after a Recall Kennel 90 and max HP 36; after a second, Kennel 81 and max HP 32. Only a Downed unit can "
        "be Recalled; 'set UNIT recalled 0' brings one back by GM fiat.\n\nWhat the beacon delays: by house rule "
        "death_comes (default battle_end) a Downed unit is at risk from the moment it falls, and when the GM "
        "closes the fight ('endbattle') every Downed unit still without a Recall dies; a dead unit cannot be "
        "Recalled any more. death_comes = never: nobody dies. Carrying the fight to a party (gm-console carry) "
        "reads the same rule: the fight is over, so the Downed without a Recall are written dead under battle_end "
        "and live on under never.",
        "recall", "beacon", "kennel damage", "extraction", "death", "endbattle",
    ),
    _e(
        "ctb_fog",
        "Fog of War on the CTB map",
        "Zones the cadets have not perceived stay hidden (hide, reveal). A player unit that moves into a hidden "
        "zone (move UNIT ZONE) perceives it, so the zone is revealed at once, as in the zone conflict; an "
        "enemy's move reveals nothing. Map Chips the cadets collect (give UNIT CHIP) unlock hidden zones, "
        "locked doors and fast-travel points (chip, travel).",
        "fog", "hidden", "reveal", "move", "map chip",
    ),
    _e(
        "ki",
        "KI",
        "KI is a third pool, scaled by Kennel like HP and AR. The rules here spend it on nothing by themselves; an "
        "attack that costs KI says so with ki=N (hit ren gob with=ember ki=4) and the console refuses it when the "
        "unit has too little.",
        "ki", "mana", "technique",
    ),
    _e(
        "format",
        "CTB in the encounter file",
        "Each unit has a [units.ctb] table: ap_total (required), ap, kennel (default 100), hp_base (required), "
        "ar_base, ki_base, optional starting hp/ar/ki, atk, mag, pr, mr, prof, prec, assist, and weapons: a list "
        "of tables with id, name, dam, kind (physical or magical) and brk. The optional [ctb] table sets projection "
        "(turns on the turn bar). House rules go under [house_rules.ctb]. See docs/ctb.md.",
        "toml", "encounter", "units.ctb", "weapons", "file",
    ),
)


def entries() -> list[RefEntry]:
    """The CTB rules-lookup entries (``SYSTEM.reference()``)."""
    return list(ENTRIES)
