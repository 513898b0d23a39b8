"""The zone conflict text's silent spots, each a named house rule with a default.

An encounter overrides any of them under ``[house_rules.conflict]``; the rules
reference shows every one with the value in force.
"""

from __future__ import annotations

from gm_console.core import schema as s
from gm_console.core.rules import house_rules_of

BANDS = ("reach", "close", "medium", "long", "extreme")


_rule = house_rules_of("conflict")


MOMENTUM_CAP = _rule(
    "momentum_cap",
    s.Int(min=1, max=99),
    6,
    "Momentum pool cap",
    "The group's Momentum pool never holds more than this. Momentum earned beyond it is lost, and the log "
    "says how much. Six is the usual size of a 2d20 group pool; the text gives the pool but not its size.",
)
THREAT_DEFICIT = _rule(
    "threat_deficit",
    s.Str(choices=("deadly", "any", "never")),
    "deadly",
    "Threat deficit",
    "When the GM's Threat may drop below zero. 'deadly' (the default): only the 1 Threat an NPC pays for "
    "Deadly intent may push it into deficit, as the text allows; every other GM spend needs the Threat in "
    "the pool. 'any': every GM spend may run a deficit. 'never': no spend may. A deficit is shown as a "
    "negative Threat and is paid back by the next Threat gained.",
    (("never", "the text lets the 1 Threat an NPC pays for Deadly intent take the pool into deficit"),),
)
MIRROR = _rule(
    "spend_adds_threat",
    s.Str(choices=("table", "all", "none")),
    "table",
    "Combat Momentum spends add Threat",
    "Which Momentum spends hand the GM an equal amount of Threat. 'table' (the default): the spends of the "
    "combat spends table (the `spends` list marked combat = true in the data). 'all': every Momentum the "
    "players spend while a conflict runs, including Keep the Initiative, extra actions, Severity, "
    "Counterattack, recovery and bought dice. 'none': no mirroring.",
    (("none", "the text says every Momentum spent on the combat spends adds equal Threat"),),
)
RANGE_BANDS = _rule(
    "range_bands",
    s.List(s.Str(choices=BANDS[1:]), min_len=4, max_len=4),
    ["close", "medium", "long", "extreme"],
    "Range bands by zone distance",
    "The range band for a target 0, 1, 2 and 3-or-more zones away (counting connections, locked or not). "
    "Two characters in the same zone are at Reach instead when one is within Reach of the other. The text "
    "names the bands but leaves their table empty; this is the common 2d20 reading.",
)
REACH = _rule(
    "reach",
    s.Str(choices=("engaged", "zone")),
    "engaged",
    "What counts as within Reach",
    "'engaged' (the default): characters are within Reach of each other only after one moves up to the "
    "other (`stride kai hall near=gob`) or starts there (`near = [...]` in the file); moving away ends it. "
    "'zone': everyone in the same zone is within Reach of everyone else there.",
)
DICE_COSTS = _rule(
    "extra_dice_costs",
    s.List(s.Int(min=0, max=9), max_len=8),
    [1, 2, 3],
    "Cost of extra d20s",
    "What each d20 bought beyond the first two costs, in order: by default the third costs 1, the fourth "
    "2 and the fifth 3, so five dice at most. The players pay Momentum (or add the same Threat with "
    "pay=threat); the GM pays Threat. The task chapter that would say this is not part of the text.",
)
CRITICAL_SUCCESS = _rule(
    "critical_success",
    s.Bool(),
    True,
    "A die at or under the Specialization scores two",
    "true (the default): every d20 that comes up at or under the roller's Specialization rating counts as "
    "two successes, as 2d20 games usually read a task; every other die at or under Attribute + "
    "Specialization counts one. The text's task chapter is missing, and only this reading gives the worked "
    "example's three successes from two dice with none bought. false: every die at or under the target "
    "counts one success, however low it rolls.",
)
COMPLICATION_RANGE = _rule(
    "complication_range",
    s.Int(min=1, max=5),
    1,
    "Complication range",
    "How many faces at the top of the d20 count as complications: 1 means only a 20. An untreated Injury "
    "widens it by one for its healing task, as the text says.",
)
OPPOSED_TIES = _rule(
    "opposed_ties",
    s.Str(choices=("defender", "actor")),
    "defender",
    "Ties in opposed tasks",
    "In an opposed task each side rolls against its own Difficulty and counts Momentum (successes over "
    "it); the side that started the task wins with more Momentum than the other, and the winner keeps the "
    "difference. On a tie the defender wins by default; 'actor' gives ties to the one who started it.",
)
DEFENCE_DIFFICULTY = _rule(
    "defence_difficulty",
    s.Int(min=0, max=5),
    1,
    "Defender's Difficulty in opposed tasks",
    "The Difficulty the defending side rolls against in an opposed task (the text gives the attacker's "
    "Difficulty only). The defender's own penalties (Fatigued, untreated Injury, an enemy within Reach "
    "when defending against a Ranged Attack) are added.",
)
AIM_REROLL = _rule(
    "aim_reroll",
    s.Int(min=0, max=2),
    1,
    "Aim without Accurate",
    "How many d20s Aim lets a character re-roll with a weapon that is neither Accurate (2) nor "
    "Inaccurate (0). The Minor Action list is empty in the text; 1 is the usual 2d20 value.",
)
DIFFICULT_TERRAIN = _rule(
    "difficult_terrain",
    s.Str(choices=("sprint", "any")),
    "sprint",
    "Entering difficult terrain",
    "'sprint' (the default): only a Sprint enters a zone with difficult terrain, and it takes the "
    "Fitness task; a Movement Minor Action cannot. 'any': a Movement may enter it freely and only a "
    "Sprint through it takes the task.",
    (("any", "the text makes crossing difficult terrain a Fitness task taken as part of a Sprint"),),
)
SPRINT_FAILURE = _rule(
    "sprint_failure",
    s.Str(choices=("before", "stay")),
    "before",
    "A failed Sprint across difficult terrain",
    "'before' (the default): the sprinter gets as far as the last zone before the difficult one. 'stay': "
    "they do not move at all. The text only says that success crosses.",
)
INJURY_PENALTY = _rule(
    "injury_penalty",
    s.Int(min=0, max=3),
    1,
    "Penalty of an untreated Injury",
    "Difficulty added to every task of a character who carries an untreated Injury (0 switches it off). "
    "The text says treatment stops an Injury's penalties but not what they are.",
    ((0, "the text says a treated Injury stops imposing penalties, so an untreated one imposes some"),),
)
NPC_STRESS = _rule(
    "npc_stress",
    s.Str(choices=("fitness", "none")),
    "fitness",
    "Stress of Notable and Major NPCs",
    "'fitness' (the default): Notable and Major NPCs keep a Stress track as long as their Fitness and may "
    "Avoid an Injury with it like anyone else, besides their Threat option; they never become Fatigued. "
    "'none': they have no Stress and only the Threat option. Minor NPCs never have Stress.",
)
AUTO_PICK = _rule(
    "auto_pick",
    s.Bool(),
    True,
    "Start the only possible turn",
    "When only one character can take the next turn, `next` starts it and the log says so, within a round "
    "and at a round's start alike. At a round's start the GM's side may still seize the opening, so while "
    "it has anyone able to act a lone player character waits for `next` (the log says so) or a `seize`.",
)
SEIZE_EACH_ROUND = _rule(
    "seize_each_round",
    s.Bool(),
    False,
    "Paying to seize later rounds",
    "Whether the GM may pay 1 Threat to open a later round with an NPC. By default the paid seize is "
    "for the opening of the conflict only; later rounds go to the opposition only when the situation "
    "gives it to them (`seize UNIT free`).",
)

SEVERITY_ABOVE_5 = _rule(
    "severity_above_5",
    s.Str(choices=("unavoidable", "cap", "avoidable")),
    "unavoidable",
    "Severity above 5",
    "Increases can lift a Severity past 5 (a Severity 5 weapon with +2 is 7), and the text lets Stress avoid "
    "a consequence of Severity 1 to 5 only. 'unavoidable' (the default): Severity may exceed 5, and such a hit "
    "cannot be Avoided with Stress (a Notable or Major NPC's Threat still can). 'cap': Severity stops at 5 "
    "after Protection. 'avoidable': above 5 still avoidable with that much Stress.",
)
OPPOSED_BOTH_FAIL = _rule(
    "opposed_both_fail",
    s.Str(choices=("defender", "nobody")),
    "defender",
    "Both sides fail an opposed melee",
    "When neither the attacker nor the defender reaches their Difficulty in an opposed Melee Attack, the "
    "attack misses; the text does not say whether the defender then 'won'. 'defender' (the default): the "
    "defender counts as the winner and may step out of Reach or Counterattack. 'nobody': neither may.",
)
COUNTER_WEAPONS = _rule(
    "counter_weapons",
    s.Str(choices=("melee", "any")),
    "melee",
    "Weapons for a Counterattack",
    "'melee' (the default): a Counterattack is struck with a melee weapon (or unarmed), since it answers a "
    "Melee Attack within Reach. 'any': any weapon the defender carries, a sidearm fired at point blank included.",
)
GRACE_SCENES = _rule(
    "cysuit_grace_scenes",
    s.Int(min=0, max=3),
    1,
    "Scenes of cysuit grace beyond this one",
    "How many scenes after the current one a working cysuit keeps a Dying wearer alive. 1 (the default) is "
    "the text's 'the current scene and the following scene'; the GM may still rule it out for one Injury "
    "(suffer UNIT nograce).",
    ((0, "the text keeps a Dying wearer alive through the current and the following scene"),
     (2, "the text keeps a Dying wearer alive through the current and the following scene"),
     (3, "the text keeps a Dying wearer alive through the current and the following scene")),
)
COMPROMISED_ENDS_GRACE = _rule(
    "compromised_ends_grace",
    s.Bool(),
    True,
    "Protection Compromised ends the Dying grace",
    "true (the default): a wearer whose suit carries Protection Compromised has no working cysuit, so it gives "
    "neither Protection 1 nor the grace that keeps the Dying alive. false: the Trait removes the Protection "
    "only, and the grace still holds.",
)

ASSISTANCE = _rule(
    "assistance",
    s.Str(choices=("die", "difficulty")),
    "die",
    "What Assistance does for treatment and healing",
    "The text makes a medical facility, the patient's cysuit, remote specialists and supplies count as Traits "
    "and Assistance, but its Assistance chapter is missing. 'die' (the default, the usual 2d20 help): each "
    "Assistance adds one d20 to the medic's pool, rolled at the medic's target number (treat/heal assist=N). "
    "'difficulty': each lowers the Difficulty by 1 instead. A Trait that helps (aid=N) always lowers the "
    "Difficulty by 1 each.",
)

EMBODIMENT_TRAIT = _rule(
    "embodiment_trait",
    s.Str(pattern=r"[A-Za-z][A-Za-z -]*", pattern_doc="a word or two (letters, spaces, hyphens)", max_len=30),
    "Chassis",
    "The word that names a Synthetic's embodiment Trait",
    "The text lets a Synthetic's embodiment Traits decide when its chassis is destroyed, but leaves how a table "
    "writes them open. The console reads a Trait whose name starts with this word (Chassis by default, case "
    "ignored: \"Chassis: Survey Frame\") as the body the Synthetic works through now. Its Injuries are that "
    "body's damage; when the GM rules the chassis destroyed (destroy UNIT) or the Synthetic is still Dying when "
    "the scene ends, that Trait goes with the body, and embody UNIT \"Chassis: ...\" names the next one.",
)
BACKUP_TRAIT = _rule(
    "backup_trait",
    s.Str(pattern=r"[A-Za-z][A-Za-z -]*", pattern_doc="a word or two (letters, spaces, hyphens)", max_len=30),
    "Backup",
    "The word that names a Synthetic's backup Trait",
    "A Trait whose name starts with this word (Backup by default, case ignored: \"Backup: Aelith Archive\") is "
    "a backup Trait. When a Synthetic's chassis is destroyed, such a Trait carries the Synthetic on: it is out "
    "of the fight (Chassis Destroyed, no turns, nothing to attack or revive) but alive, and embody gives it a new "
    "chassis. With no backup Trait the Synthetic ends with its chassis and is dead. What the backup keeps or "
    "loses beyond that is the Trait's own wording, for the GM to read out.",
)
CARRY_DEFEAT = _rule(
    "carry_defeat",
    s.Str(choices=("stays", "revived")),
    "stays",
    "Campaigns: Defeated and Dying between fights",
    "What a fight carried to a party (gm-console carry) does with a character it left Defeated. The text ends "
    "Defeat only with First Aid (the cysuit's automatic stabilization does not), and a Dying character not "
    "stabilized by the time their scene ends is dead. A carried fight's scene has ended, so 'stays' (the default): "
    "the Defeated start the next fight Defeated and Prone until First Aid revives them; the Dying (an untreated "
    "Deadly Injury) stay Dying with one scene less of cysuit grace (by default the following scene: the next "
    "fight, at whose end they die without First Aid), and one with no grace left dies at the carry. 'revived': "
    "the party sees to its fallen between fights: nobody is carried Defeated or dies of Dying at the carry; "
    "their Injuries still carry, untreated.",
    (("revived", "the text ends Defeat only with First Aid, and the Dying die at the scene's end without stabilization"),),
)

HOUSE_RULES = (
    MOMENTUM_CAP,
    THREAT_DEFICIT,
    MIRROR,
    RANGE_BANDS,
    REACH,
    DICE_COSTS,
    CRITICAL_SUCCESS,
    COMPLICATION_RANGE,
    OPPOSED_TIES,
    DEFENCE_DIFFICULTY,
    AIM_REROLL,
    DIFFICULT_TERRAIN,
    SPRINT_FAILURE,
    INJURY_PENALTY,
    NPC_STRESS,
    AUTO_PICK,
    SEIZE_EACH_ROUND,
    SEVERITY_ABOVE_5,
    OPPOSED_BOTH_FAIL,
    COUNTER_WEAPONS,
    GRACE_SCENES,
    COMPROMISED_ENDS_GRACE,
    ASSISTANCE,
    EMBODIMENT_TRAIT,
    BACKUP_TRAIT,
    CARRY_DEFEAT,
)
