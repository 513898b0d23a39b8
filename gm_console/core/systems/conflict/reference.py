"""The zone conflict rules reference, in the project's own words.

Each entry's title is the rule name that IllegalAction messages cite. The
house rules get their own entries from the engine (with the value in force).
"""

from __future__ import annotations

from gm_console.core.reference import RefEntry

from . import cites

RULES: list[tuple[str, str, str, tuple[str, ...]]] = [
    (
        "overview",
        "Zone conflict at a glance",
        "A fight runs in rounds. Each round, every character who can still act gets exactly one turn, and the two "
        "sides take turns choosing who goes. A turn holds one Major and one Minor Action. Tasks roll 2d20 against "
        "Attribute + Specialization; spare successes feed Momentum (players) or Threat (GM). Attacks leave "
        "Injuries, which a character may shrug off by marking Stress. Before the first turn, say what each side "
        "is fighting for and what would make it back down; a foe who truly gives up leaves the fight.",
        ("round", "turn", "overview", "objective"),
    ),
    (
        "opening",
        cites.OPENING.label,
        "Round 1 normally opens with the players. If one character is obviously first, they go (the file's "
        "[conflict] first = ID records it); otherwise the player character with the best Daring starts. When "
        "the opposition plainly took the initiative, as in a successful ambush, the NPCs open: opening = \"gm\" "
        "in the file, or seize UNIT free. If it is unclear who moved first, the GM may pay 1 Threat to let an "
        "NPC open (seize UNIT). Later rounds open with the players unless the fiction hands the opening over. "
        "The console holds round 1 to this: it refuses any other opener, names who should go (turn X), and "
        "`next` starts that turn itself; a tie for the best Daring leaves the pick to the players.",
        ("ambush", "initiative", "first", "seize", "daring"),
    ),
    (
        "alternation",
        cites.ALTERNATION.label,
        "When a turn ends, the opposing side names who goes next, from those of theirs still waiting this "
        "round (turn UNIT). Sides keep swapping like this. If a side has nobody left who can act, the other side takes all "
        "its remaining turns back to back. Once everyone able has acted, the next round starts. `next` ends the "
        "running turn; with only one possible choice it starts that turn itself (house rule auto_pick).",
        ("turn", "next", "side", "round", "alternate"),
    ),
    (
        "one-turn",
        cites.ONE_TURN.label,
        "Nobody takes two turns in the same round, whatever Momentum or Threat is spent. The pane marks who "
        "has acted; the console refuses a second turn for the same character.",
        ("twice", "acted", "round"),
    ),
    (
        "keep",
        cites.KEEP.label,
        "At the end of a turn the players may pay 2 Momentum (the GM 2 Threat) to hand the next turn to an ally "
        "on the same side instead of the opposition: keep ALLY. The ally who got the turn this way cannot keep "
        "it again; after them, play goes to the other side. Pointless when the other side has run out, so the "
        "console refuses it then.",
        ("initiative", "keep", "momentum", "threat", "ally"),
    ),
    (
        "own-turn",
        cites.WHOSE_TURN.label,
        "Attacks, movement and listed actions belong to the acting character's turn. Out of turn a character "
        "may still roll a free task, Avoid or suffer an Injury, Counterattack, or step away after winning a "
        "melee defence. First Aid and treatment are Major Actions of the medic's own turn, counted with any "
        "other Major; only once the conflict is over (endconflict) do they need no turn.",
        ("turn", "active", "acting"),
    ),
    (
        "actions",
        cites.MAJOR_MINOR.label,
        "A turn has one Major Action and one Minor Action, taken in either order. 1 Momentum buys another Minor "
        "(spend UNIT minor); 2 Momentum buys a second Major, and any task in that second Major is 1 Difficulty "
        "harder (spend UNIT major). The lists are data (gm_console/data/conflict.toml, extended by an "
        "encounter's [conflict.minor] and [conflict.major]): Minor: Movement (stride), Aim, Prepare, Drop Prone, "
        "Stand Up, Draw or Stow, Interact, Conceal, Speak Up. Major: Attack, Sprint, First Aid, Treat Injury, "
        "Attempt a Task, Assist, Guard, Direct, Ready, Pass. The text's own lists are empty headings.",
        ("major", "minor", "action", "list", "extra"),
    ),
    (
        "two-majors",
        cites.TWO_MAJORS.label,
        "However many Momentum is spent, a character takes at most two Major Actions in one round.",
        ("major", "limit"),
    ),
    (
        "task",
        cites.TASK.label,
        "The task's own chapter is missing from the text; the console uses the usual 2d20 reading. Roll 2d20 "
        "(more if bought) against a target number equal to Attribute + Specialization. Every die showing the "
        "target or less scores one success, and a die showing the Specialization rating or less scores two (a "
        "critical success; house rule critical_success, on by default). Reaching the Difficulty succeeds, and each success beyond it is 1 "
        "Momentum for the players or 1 Threat for the GM. A die in the complication range (only a 20 by default) "
        "is a complication, recorded on the board for the GM to name. Penalties add to the Difficulty: +1 with "
        "an enemy within Reach (not for a Melee Attack), +1 while Fatigued, +1 for an untreated Injury (house "
        "rule injury_penalty). The GM types the faces the players rolled, or the console rolls them; either "
        "way the action records them, like [4,17]. Example: Daring 10 + Medicine 2 = 12 at Difficulty 2 rolls "
        "[5,12]: two successes, a success with no Momentum; [2,12] would be three successes and 1 Momentum.",
        ("d20", "roll", "difficulty", "momentum", "complication", "target number"),
    ),
    (
        "opposed",
        cites.OPPOSED.label,
        "In an opposed task both sides roll: the one who started it at the task's Difficulty, the defender at "
        "the defence Difficulty (house rule defence_difficulty, 1). Each side's Momentum is its successes "
        "beyond its own Difficulty. The starter wins only by succeeding with more Momentum than the defender "
        "(ties to the defender, house rule opposed_ties) and keeps the difference; otherwise the defender wins "
        "and keeps theirs. The recorded dice list the starter's faces first.",
        ("opposed", "contest", "defend"),
    ),
    (
        "dice",
        cites.DICE.label,
        "Extra d20s beyond the first two are bought before rolling: by default the third costs 1, the fourth 2, "
        "the fifth 3 (house rule extra_dice_costs). Players pay Momentum or, with pay=threat, give the GM that "
        "much Threat; the GM pays Threat. buy=N on a rolling verb; vbuy=N buys dice for the defender.",
        ("dice", "buy", "pool"),
    ),
    (
        "momentum",
        cites.MOMENTUM.label,
        "Momentum is one pool the whole group shares, capped at 6 by default (house rule momentum_cap); anything "
        "earned past the cap is lost and the log says so. Every change is logged with its cause.",
        ("momentum", "pool", "cap"),
    ),
    (
        "threat",
        cites.THREAT.label,
        "Threat is the GM's pool. It grows from the NPCs' surplus successes, from players choosing Deadly "
        "intent, from players buying dice with Threat, and from Momentum spent on combat spends. The GM spends "
        "it to buy dice, Keep the Initiative, seize the opening, Avoid Injuries for Notable and Major NPCs, and "
        "mirror any Momentum spend for NPCs. Only the Deadly-intent cost may push it below zero (house rule "
        "threat_deficit); the console shows the deficit as negative Threat.",
        ("threat", "gm", "deficit"),
    ),
    (
        "spends",
        cites.SPENDS.label,
        "spend UNIT ID pays from the acting side's pool. Built in: minor (1), major (2), severity (2 a step), "
        "recover (2 per Stress), area (1 per target), core (a core spend named with why=). The combat table in the data adds Knockdown (2, the "
        "target falls prone), Disengage (1, leave Reach), Disarm (2), Called Shot (1), Suppress (2) and Exploit "
        "Terrain (2); an encounter may add more under [conflict.spends]. Momentum paid for a combat-table spend "
        "hands the GM the same amount of Threat (house rule spend_adds_threat). NPCs pay Threat for the same "
        "effects.",
        ("momentum", "spend", "table", "combat"),
    ),
    (
        "core-spends",
        cites.CORE_SPENDS.label,
        "The text keeps every core Momentum spend available during a fight, but the core chapter that would list "
        "them is missing, so the console states what it offers. It runs one core spend itself: extra d20s bought "
        "before a roll (buy=N on any rolling verb; the third die 1, the fourth 2, the fifth 3 by house rule "
        "extra_dice_costs; the GM pays Threat). Any other core spend the table uses goes through the data entry "
        "core: spend UNIT core n=N why=\"what it buys\" pays N (Momentum, Threat for the GM's side), logs the why, "
        "and adds no Threat, since it is not on the combat table. Besides those, the spends list holds the text's "
        "own (minor, major, severity, recover, area) and the console's combat table (knockdown, disengage, disarm, "
        "called-shot, suppress, exploit); an encounter adds more under [conflict.spends.ID].",
        ("core", "spend", "buy", "d20", "obtain information", "create trait"),
    ),
    (
        "zones",
        "zones",
        "The battlefield is split into zones along its real features (rooms, corridors, stretches of open "
        "ground); three to five usually do. The encounter file lists them with their connections and Traits "
        "(cover, difficult terrain). Zones can be hidden under fog of war, and a connection can be locked until "
        "a Map Chip opens it.",
        ("zone", "map", "battlefield"),
    ),
    (
        "reach",
        cites.REACH.label,
        "Two characters are within Reach when close enough to touch: by default after one moved up to the other "
        "(near=UNIT) or began there (house rule reach). An enemy within Reach makes every task 1 Difficulty "
        "harder, except the tasks of a Melee Attack, and forbids the Movement Minor Action. A Melee Attack needs "
        "its target within Reach.",
        ("reach", "engaged", "melee", "adjacent"),
    ),
    (
        "movement",
        cites.MOVEMENT.label,
        "Movement (stride UNIT ZONE) is a Minor Action: anywhere in the current zone or into a connected zone, "
        "not across a locked connection, and never while an enemy is within Reach. near=UNIT ends within that "
        "character's Reach; cover ends beside the zone's covering feature. Entering difficult terrain takes a "
        "Sprint by default (house rule difficult_terrain).",
        ("move", "stride", "movement", "minor"),
    ),
    (
        "sprint",
        cites.SPRINT.label,
        "Sprint (sprint UNIT ZONE) is a Major Action covering up to two zones, allowed even with an enemy within "
        "Reach. Difficult terrain on the way (a zone Trait such as \"difficult terrain 2\") or an obstacle the "
        "GM names with diff=N takes a Fitness task: Difficulty 1 for awkward ground or a low obstacle, 2 for "
        "loose rubble or a chest-high wall, 3 for a strong current, a steep climb or a tall barrier. Security "
        "fits force and stamina, Infiltration careful footwork (spec=). A fitting Trait lowers it by 1 (trait). "
        "Success crosses; failure stops short (house rule sprint_failure).",
        ("sprint", "terrain", "difficult", "obstacle", "fitness"),
    ),
    (
        "range",
        cites.RANGE.label,
        "Range comes from the zones: Reach when within Reach, Close in the same zone, Medium one zone away, Long "
        "two, Extreme three or more (house rule range_bands). Each weapon profile names the farthest band it "
        "reaches; melee weapons reach only Reach.",
        ("range", "band", "close", "medium", "long", "extreme"),
    ),
    (
        "cover",
        cites.COVER.label,
        "Cover is usually a Trait of the zone. A character who moved up to the covering feature (stride ... "
        "cover) turns Ranged Attacks against them into opposed tasks, resisting with Control + Security. "
        "Leaving the spot, or the zone, leaves the cover.",
        ("cover", "ranged", "opposed"),
    ),
    (
        "prone",
        cites.PRONE.label,
        "A prone character (minor UNIT prone; stand to get up) is 1 Difficulty harder to hit with a Ranged "
        "Attack from Medium range or beyond, and against those same shots gains +1 Protection while also in "
        "cover. Melee Attacks and Close-range shots get no such penalty or Protection: they come with 2 bonus "
        "Momentum that pays first for any spend of that one attack (Severity, Area, Disarm, Knockdown...) and "
        "is lost once the target answers the hit. The Defeated fall prone.",
        ("prone", "stand", "bonus"),
    ),
    (
        "attacks",
        cites.ATTACK.label,
        "An attack picks a target, a weapon and Stun or Deadly intent, then rolls. Melee: Daring + Security at "
        "Difficulty 1, opposed by Daring + Security if the target knows it is coming and can fight back "
        "(unaware skips that). Ranged: Control + Security at Difficulty 2, opposed by Control + Security when the "
        "target is in cover. A weapon or approach that plainly calls for another pairing may use it (attr=, "
        "spec=). A hit leaves an Injury at the weapon's Severity; Protection lowers it, then the target answers "
        "with avoid or suffer. Worked example: a hostile one zone away fires a Field Sidearm set to Stun "
        "(Severity 4) at a scout who has no cover; the GM's three successes against Difficulty 2 put 1 Threat "
        "in the pool; her cysuit's Protection 1 leaves Severity 3; she has the room, marks 3 Stress and stays "
        "on her feet.",
        ("attack", "melee", "ranged", "hit", "weapon"),
    ),
    (
        "intent",
        cites.INTENT.label,
        "Each weapon says whether it can Stun, kill (Deadly), or both. A player character choosing Deadly raises "
        "the stakes: 1 Threat goes to the GM. An NPC choosing Deadly costs the GM 1 Threat, which may take the "
        "pool into deficit. Whether lethal force was justified is a matter for the fiction and its review.",
        ("stun", "deadly", "intent", "lethal"),
    ),
    (
        "protection",
        "Protection",
        "Protection lowers an Injury's Severity, never below 1. A working cysuit gives 1 (its reflex is already "
        "this and the chance to Avoid: there is no separate defence roll). Armour, shields and Traits add more "
        "(the unit's protection). Piercing ignores all of it. A Protection Compromised Trait or condition switches "
        "the cysuit's share off.",
        ("protection", "armour", "cysuit", "piercing"),
    ),
    (
        "severity",
        cites.SEVERITY.label,
        "After a hit, and before the target answers, the attacker may raise the Severity by 1 for 2 Momentum "
        "(1 with an Intense weapon), at most twice per attack (spend UNIT severity). The GM does the same with "
        "Threat for NPCs.",
        ("severity", "increase", "intense"),
    ),
    (
        "counter",
        cites.COUNTER.label,
        "A character who wins the opposed task against a Melee Attack may step out of Reach for free (stride), "
        "or instead pay 2 Momentum (an NPC 2 Threat) to Counterattack: their own melee weapon's Injury lands on "
        "the attacker at once (counter UNIT).",
        ("counter", "counterattack", "melee", "defence"),
    ),
    (
        "pending",
        cites.PENDING.label,
        "A hit (or an acute hazard) leaves an Injury waiting. Until the target avoids or suffers it, turns "
        "cannot move on; Severity spends and Area targets happen in that window.",
        ("injury", "waiting", "avoid", "suffer"),
    ),
    (
        "stress",
        "Stress",
        "Stress is short-term resilience: the room a character has to dodge trouble, absorb a blow or push "
        "through exhaustion. A main character's track holds as many boxes as their Fitness. Stress never goes "
        "above the track's size.",
        ("stress", "track", "fitness"),
    ),
    (
        "avoid",
        cites.AVOID.label,
        "Facing a consequence of Severity 1-5, a character may mark that much Stress to escape it; for an "
        "Injury that means the adjusted Severity, and the hit becomes a graze or the cysuit soaks it (avoid "
        "UNIT). All of it must fit on the track. If it does not, the remaining boxes fill and the Injury lands "
        "anyway (suffer UNIT). The text states this, so no house rule changes it. The Stress option covers "
        "Severity 1 to 5: what Severity increases push past 5 is settled by house rule severity_above_5 "
        "(by default such a hit cannot be Avoided with Stress).",
        ("avoid", "stress", "injury", "near miss"),
    ),
    (
        "fatigued",
        cites.FATIGUED.label,
        "A character whose track is full is Fatigued: no further Stress can be marked, every task is 1 "
        "Difficulty harder, and tasks with one Attribute of their choice (fatigue UNIT ATTRIBUTE) fail outright "
        "until the track has room again. Only rest or an ally's help lowers a Fatigued character's Stress. NPCs "
        "are never Fatigued.",
        ("fatigued", "fatigue", "stress", "full"),
    ),
    (
        "injury",
        cites.DEFEATED.label,
        "An Injury becomes a Trait named for the harm (Burned Hand, Neural Shock) with its Severity, which sets "
        "the Stress to Avoid it and the Difficulty to treat it. Whoever suffers one is Defeated: prone, taking "
        "no actions and no turns until First Aid revives them. A Stun Injury does no lasting harm and clears at "
        "the end of the character's next turn after they are revived.",
        ("injury", "defeated", "stun", "trait"),
    ),
    (
        "dying",
        cites.DYING.label,
        "A Defeated character holding an untreated Deadly Injury is Dying and dies when the scene ends unless "
        "stabilized (First Aid ends Defeat and with it Dying). A working cysuit starts trauma care and calls for "
        "help: usually the wearer survives the current scene and the one after, which gives time for First Aid "
        "or evacuation. The GM names the exceptions when the Injury lands (suffer UNIT nograce): the Injury "
        "wrecked what the suit would keep going, or left nothing to save. The suit's care neither ends Defeat nor "
        "treats the Injury. scene ends a scene. When a wearer starts Dying the suit's trauma care begins and, "
        "if the connection is Full or Limited, a Vitalis burst calls for help; offline the local care still "
        "carries the grace.",
        ("dying", "death", "cysuit", "grace", "vitalis", "scene"),
    ),
    (
        "synthetics",
        cites.SYNTHETIC.label,
        "A Synthetic (synthetic = true) works through a chassis, and its Injuries are damage to that body; First "
        "Aid, treatment and healing use Engineering instead of Medicine. Two kinds of Trait decide what losing the "
        "body means. An embodiment Trait names the chassis in use (a Trait beginning Chassis, house rule "
        "embodiment_trait); a backup Trait is what the Synthetic survives through (a Trait beginning Backup, house "
        "rule backup_trait). The chassis is destroyed when the GM rules it so from what the embodiment Traits say "
        "(destroy UNIT), when the Synthetic is still Dying as a scene ends, or when a Minor NPC Synthetic is killed "
        "outright (suffer UNIT dead). The embodiment Trait and the body's Injuries go with it. A Synthetic holding a "
        "backup Trait lives on as Chassis Destroyed: it takes no turns, cannot be attacked or revived, and returns "
        "with embody UNIT \"Chassis: ...\". Without a backup Trait it is dead. embody also moves a working "
        "Synthetic into another chassis, leaving the old one's Injuries behind; Stress belongs to the character "
        "and stays.",
        ("synthetic", "chassis", "embodiment", "backup", "destroy", "embody", "continuity", "engineering"),
    ),
    (
        "first-aid",
        cites.FIRST_AID.label,
        "First Aid is a Major Action of the medic's own turn (counted in the two-Majors limit) on a Defeated "
        "living ally within Reach: Daring + Medicine at Difficulty 2. "
        "Success ends Defeat; the patient stays prone and keeps the Injury. Synthetics are patched with "
        "Engineering instead.",
        ("first aid", "revive", "medicine", "defeated"),
    ),
    (
        "treat",
        cites.TREAT.label,
        "Treating an Injury (treat) is Daring + Medicine at its Severity; afterwards it imposes no penalties, "
        "though the Trait remains; during the conflict it is a Major Action of the medic's turn. Removing it "
        "needs proper care out of combat, once endconflict has closed the fight (heal): Control + Medicine at its "
        "Severity, taking that many hours; untreated it is 1 Difficulty harder with a complication range 1 wider. "
        "A medical bay, the patient's cysuit and compatible supplies are helping Traits, each 1 Difficulty "
        "off (aid=N); a helper or a remote specialist is Assistance (assist=N: one more d20 each at the medic's "
        "target, house rule assistance). Help from afar (remote) only reaches the table over a Full or "
        "Limited connection (link sets it; [conflict] connection in the file). Debilitating weapons make both "
        "1 harder. Synthetics use Engineering.",
        ("treat", "heal", "medicine", "injury", "hours"),
    ),
    (
        "yielding",
        cites.YIELD.label,
        "Someone who surrenders, or honestly gives up the fight, is out of it straight away: yield UNIT. They "
        "get no more turns, the alternation goes on without them, and nobody may attack them; the other side "
        "has to respect the surrender. A turn they were taking ends.",
        ("yield", "surrender", "give up", "terms"),
    ),
    (
        "consequences",
        cites.CONSEQUENCE.label,
        "Harm is not only Injury: a lost tool, a ruined position, a shaken nerve may come with a Severity of 1 "
        "to 5 (consequence UNIT SEVERITY TEXT). The character escapes it by marking Stress equal to the Severity "
        "(avoid UNIT), which needs room on the track for all of it; otherwise the boxes left fill and the "
        "consequence sticks as a Trait with that text (suffer UNIT). Only Injuries Defeat. The NPCs' Threat "
        "option is for Injuries.",
        ("consequence", "trait", "avoid", "stress", "severity"),
    ),
    (
        "conflict-over",
        cites.OVER.label,
        "A fight ends when its objective is settled, one side withdraws or yields, or no one is left to resist. "
        "endconflict records that moment in the log and the status line says conflict over: no further turns are "
        "taken, and care that needs calm (heal removes an Injury, First Aid and treatment without a turn) becomes "
        "possible. The next scene (scene) starts a new conflict at round 1.",
        ("end", "over", "endconflict", "outside combat", "heal"),
    ),
    (
        "recovery",
        cites.RECOVERY.label,
        "Ways to clear Stress: when a character's latest task (an Attack counts) succeeded and plausibly brings "
        "relief or safety to them or an ally who sees it, 2 Momentum removes 1 Stress from that character, up to "
        "three times for one task; a failed task since then, or an enemy, cannot be helped this way (spend "
        "UNIT recover on=ALLY). A breather of a few minutes removes 4, a break of half an hour or more 8, sleep "
        "or a long rest all of it (recover UNIT breather|break|rest); bad shelter, pursuit or poor food can cut "
        "that (less=N).",
        ("recover", "recovery", "breather", "break", "rest", "stress"),
    ),
    (
        "hazards",
        cites.HAZARDS.label,
        "Before anyone is exposed, the GM states a hazard's mode, Severity and Interval (hazard ID MODE "
        "SEVERITY every=...). Attritional exposure (heat, cold, radiation, poison, exhaustion, dread) marks "
        "Stress equal to the Severity and cannot be Avoided. Acute exposure (a blast, a fall, a burn, "
        "decompression) is an Injury of that Severity: Protection applies, then avoid or suffer. One exposure "
        "is one mode, never both. Suitable protection or a Trait can shrink or stop it first (expose ... "
        "less=N). A working cysuit shuts out ordinary environments (a hazard stated with env): exposure to one "
        "does nothing until the suit is damaged, drained or overmatched, and that failure is written down as a "
        "Trait (trait UNIT NAME breach); from then on the hazard gets through, until the Trait is removed "
        "(untrait). Exposure after exposure may also leave a lasting mark even when each Injury is avoided: "
        "expose ... trait=NAME adds that Trait, or takes it a step further (Frostbite, Frostbite 2).",
        ("hazard", "attritional", "acute", "exposure", "interval", "cysuit", "environment", "breach"),
    ),
    (
        "traits",
        cites.TRAITS.label,
        "Traits are short facts about a character that the rules read: Injuries, consequences suffered, the "
        "marks of exposure, a failed suit. trait UNIT NAME adds one during play, untrait UNIT NAME removes it. "
        "A Trait called Protection Compromised, however it came, switches off the cysuit's Protection (and, "
        "by house rule compromised_ends_grace, its Dying grace).",
        ("trait", "untrait", "protection compromised", "breach"),
    ),
    (
        "npcs",
        cites.NPCS.label,
        "Minor NPCs have no Stress, so any Injury defeats them; a Deadly one leaves them Dying or, as the GM "
        "judges, dead (suffer UNIT dead). Once a scene, a Notable NPC may shrug off an Injury by paying as "
        "much Threat as its adjusted Severity (avoid UNIT threat); Major NPCs may do that whenever the Threat is there. "
        "NPCs never become Fatigued. Supporting Characters: no Values means no Stress (any Injury defeats them); "
        "one Value gives a track of half their Fitness rounded up; two or more their whole Fitness.",
        ("npc", "minor", "notable", "major", "supporting", "values", "tier"),
    ),
    (
        "qualities",
        cites.QUALITIES.label,
        "Weapon qualities and what the console does with them: Accurate (Aim re-rolls up to two d20s), Area "
        "(1 Momentum per further target in the zone; may Succeed at Cost with atcost), Charge (after Prepare: "
        "charge=area|intense|piercing; an Area charge is 1 Severity lower), Cumbersome (Prepare first), "
        "Debilitating (treating and healing 1 harder), Hidden X (concealing takes a Minor Action, minor UNIT "
        "conceal, and the board remembers it; spotting it is Insight or Reason + Security at Difficulty X, "
        "find UNIT TARGET), Inaccurate (Aim gives nothing), Intense (Severity steps "
        "cost 1 Momentum), Piercing (Protection does not count).",
        ("quality", "accurate", "area", "charge", "cumbersome", "debilitating", "hidden", "inaccurate", "intense", "piercing"),
    ),
    (
        "weapons",
        "weapon profiles",
        "The text names common weapon profiles without listing them; the console ships its own in "
        "gm_console/data/conflict.toml (Unarmed, Cysuit Blade, Bludgeon and Injector, Knife, Stun Baton, "
        "Breaching Maul, Field Sidearm, Carbine, Scattergun, Arc Projector, Frag Charge, Marksman Rifle). Any "
        "working cysuit can grow a blade, bludgeon or injector from colony mass. Anything else (energy "
        "projectors, specialised systems) must be carried (the unit's weapons list) or built into the suit: a "
        "Trait such as Cysuit Hardware: Arc Projector lets a working cysuit use that weapon. An encounter adds "
        "its own under [conflict.weapons.ID].",
        ("weapon", "profile", "sidearm", "cysuit", "hardware"),
    ),
    (
        "fog",
        "fog of war and Map Chips",
        "The GM can keep zones hidden until the players could perceive them (hide, reveal); once revealed in "
        "play a zone stays revealed, and a player character who walks in reveals it. A Map Chip is an item "
        "naming route data: chip UNIT NAME reveals every zone that lists that chip and unlocks their locked "
        "connections. Chips turn up in play (give UNIT NAME adds one to what the unit carries). Zones with the "
        "trait fast travel are fast-travel points: travel UNIT ZONE jumps from one to another whose chip the "
        "unit holds, revealing it if hidden.",
        ("fog", "hidden", "reveal", "map chip", "locked", "give", "travel", "fast travel"),
    ),
]


def entries() -> list[RefEntry]:
    return [RefEntry(f"conflict.{key}", title, "conflict", "rule", body, tags) for key, title, body, tags in RULES]
