"""Every place the reactor text is silent, as a named house rule.

Each has a default (the most natural reading) and an explanation that the
rules lookup shows with the value in force; an encounter overrides them
under ``[house_rules.reactor]``. Read them with ``rules.view("reactor").<name>``.
"""

from __future__ import annotations

from gm_console.core import schema as s
from gm_console.core.rules import house_rules_of

SYSTEM = "reactor"


_rule = house_rules_of(SYSTEM)


BLOCK_EXHAUSTS = _rule(
    "block_exhausts",
    s.Bool(),
    True,
    "A blocker is used up",
    "The text never says whether intercepting costs the blocker anything. Its worked exchange reads as if it does: "
    "once the Watchman has stopped one Conscript, A has no stationed unit left to stop the next. So by default an "
    "interception leaves the blocker EXHAUSTED (still at its post, unable to block again until it readies). "
    "false: a stationed guard can intercept any number of strikes in one Operations phase.",
    ((False, "the worked exchange has A with no stationed, ready unit left after one interception"),),
)
SELF_BLOCK = _rule(
    "self_block",
    s.Bool(),
    False,
    "The target may intercept its own strike",
    "Interception is read as a second Personnel stepping in front of the target, so a struck Personnel cannot be "
    "its own blocker (that would hand every stationed GUARD first strike whenever it is attacked). "
    "true: a stationed, unexhausted target may block the strike aimed at it.",
)
MELTDOWN_HEAT = _rule(
    "meltdown_heat",
    s.Int(min=0, max=1_000_000),
    1000,
    "HEAT at which a core melts down",
    "The text counts HEAT in K but never says what a total does, nor names a meltdown. Here a core reaching this many "
    "K has melted down: the console marks the side's plant MELTDOWN in red and announces it (the side has lost the "
    "plant; the GM decides whether play goes on), and from then on that side delivers no Power Order at its Shift "
    "Ends. This departs from a literal reading, which puts no limit on HEAT at all: the threshold, the meltdown and "
    "the lost deliveries are the console's. The gauge shows the share of this figure: under half NOMINAL, under "
    "80% ELEVATED, above that CRITICAL. 0 turns meltdown off (the literal reading) and the gauge shows the raw K.",
)
READY_STEP = _rule(
    "ready_step",
    s.Str(choices=("turn-start", "shift-end")),
    "turn-start",
    "When EXHAUSTED Personnel ready",
    "The text exhausts Personnel but never readies them. turn-start (default): a side's Personnel ready as its "
    "own shift begins, before its Base Load; a Personnel that struck stays spent through the opponent's turn, "
    "and a blocker used in the opponent's turn is fresh for its own. shift-end: they ready at their side's Shift "
    "End instead, so strikers are available to block during the opponent's turn.",
)
ORIENTATION_SHIFTS = _rule(
    "orientation_shifts",
    s.Int(min=0, max=9),
    1,
    "How long ORIENTATION lasts",
    "A newly deployed Personnel starts under ORIENTATION; the text does not say for how long. By default it lifts "
    "at its side's next Shift End, so a card played this shift may strike from the next one. The number is how "
    "many of its side's Shift Ends it lasts; 0 means new Personnel arrive ready to strike.",
)
PLAY_TIMING = _rule(
    "play_timing",
    s.Str(choices=("own-operations", "any-time")),
    "own-operations",
    "When cards are played and posts taken",
    "Stationing must be visible in advance, so by default a side stations and unstations its Personnel, deploys "
    "Personnel and equips them only during its own Operations phase. any-time lets the GM do all of that whenever "
    "the table agrees (strikes still need Operations, incidents the Incident phase).",
)
STATION_IN_ORIENTATION = _rule(
    "station_in_orientation",
    s.Bool(),
    True,
    "Personnel under ORIENTATION may take a post",
    "ORIENTATION stops a Personnel from striking; the text does not say it stops guard duty. By default a new "
    "arrival may be STATIONED at once and so can block in the opponent's next turn. false: it must wait until "
    "ORIENTATION lifts.",
)
LOCKDOWN_SPAN = _rule(
    "lockdown_covers_opposing_turn",
    s.Bool(),
    True,
    "LOCKDOWN declared on your own shift lasts through the next",
    "LOCKDOWN holds until its side's next Shift End. Declared during the opponent's turn, that is the end of the "
    "locked side's coming shift. Declared during the side's own shift, a literal reading would end it a moment "
    "later, protecting nothing; by default it then holds through the opponent's turn and ends at the following "
    "own Shift End. That default departs from a literal reading of \"until your next Shift End\", which it stretches "
    "by one Shift End when LOCKDOWN is called in your own shift, so that the call protects anything at all. Either "
    "way exactly one Power Order is lost: the one of the Shift End where LOCKDOWN ends. false: the literal reading.",
)
RAID_CLEARS = _rule(
    "raid_clears_counters",
    s.Bool(),
    False,
    "A resolved raid wipes the HACK counters",
    "The text does not say whether HACK counters are spent. By default they stay on the SKALA panel after a "
    "Hostile Raid lands, so later raids feed on them too. true: when a Base Load resolves an incident that read "
    "the counters, the panel is cleared.",
)
BASE_LOAD = _rule(
    "base_load",
    s.Int(min=0, max=100_000),
    0,
    "A core's Base Load",
    "Base Load is read as the K a core takes on as its side's shift begins. The text only shows extra Base Load "
    "(a Hostile Raid's +150 K), so the plain load defaults to 0 K; a GM who wants a slow, steady climb sets it "
    "here for every side, or per side as base_load under [reactor.sides.<id>]. Facilities may grant more or less; "
    "the total never goes below 0.",
)
POWER_ORDER = _rule(
    "power_order",
    s.Int(min=0, max=1000),
    1,
    "A side's Power Order",
    "Power Order is read as what a plant owes the grid each shift: at its Shift End a side delivers it and adds it "
    "to its running total (the score a GM may use to decide a close game). LOCKDOWN forfeits that delivery. "
    "Default 1 order a shift; per side as power_order under [reactor.sides.<id>]; Facilities may grant more.",
)
PACK_COUNTS = _rule(
    "pack_counts",
    s.Str(choices=("all", "ready")),
    "all",
    "Who counts towards a pack",
    "A pack of three needs three living copies of the card on one side. all (default): any state counts, "
    "exhausted or stationed included. ready: only those that are not EXHAUSTED, so a pack thins as it strikes.",
)

INCIDENTS_PER_PHASE = _rule(
    "incidents_per_phase",
    s.Int(min=0, max=20),
    1,
    "Incidents a side deploys in one Incident phase",
    "The text has a side deploy an incident in its Incident phase, one card for one phase: by default a second "
    "incident in the same phase is refused, so two Hostile Raids cannot stack into +300 K from one shift. 0 lifts "
    "the limit; any other number is the most a side deploys in one Incident phase.",
)
HOUSE_RULES = (
    BLOCK_EXHAUSTS,
    SELF_BLOCK,
    MELTDOWN_HEAT,
    READY_STEP,
    ORIENTATION_SHIFTS,
    PLAY_TIMING,
    STATION_IN_ORIENTATION,
    LOCKDOWN_SPAN,
    RAID_CLEARS,
    BASE_LOAD,
    POWER_ORDER,
    PACK_COUNTS,
    INCIDENTS_PER_PHASE,
)

