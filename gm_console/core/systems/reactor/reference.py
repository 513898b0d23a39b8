"""The reactor rules lookup, in this project's own words.

Rule entries are written here; card entries are built from the catalogue
(the cards of the encounter loaded last, else the bundled file read through
the file layer), so a GM's new card is looked up like any other.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from gm_console.core.reference import RefEntry
from gm_console.core.systems.reactor.cards import Card, Catalogue

if TYPE_CHECKING:
    from gm_console.core.setup import Setup

S = "reactor"


def _rule(key: str, title: str, body: str, *tags: str) -> RefEntry:
    return RefEntry(f"{S}.{key}", title, S, "rule", body, ("reactor", *tags))


RULES = (
    _rule(
        "states", "Personnel states",
        "A Personnel card on the table is READY or EXHAUSTED, and independently may be STATIONED (on guard duty) "
        "and under ORIENTATION (newly arrived). The pane shows them as badges: RDY, EXH, STN, ORI. Striking, "
        "blocking with the used-up rule, and exhaust abilities make a card EXHAUSTED; it readies at its side's Ready "
        "step (house rule ready_step). ORIENTATION wears off at its side's Shift End (house rule orientation_shifts). "
        "GM fiat: ready ID, exhaust ID.",
        "ready", "exhausted", "stationed", "orientation", "badge",
    ),
    _rule(
        "turn", "The shift (turn structure)",
        "Sides take shifts in the order the encounter lists them. A shift opens with its Ready step and its Base Load "
        "(both automatic), then Operations (strikes, posts, new cards), then the Incident phase (incident cards), "
        "then Shift End (Power Order delivered, durations tick). 'next' moves one phase on; from Shift End it opens "
        "the following side's shift. The reading of the silent parts is the console's: see the house rules "
        "ready_step, base_load, power_order and play_timing.",
        "turn", "phase", "operations", "incident", "shift end", "next", "round",
    ),
    _rule(
        "declaring", "Declaring a strike",
        "Only in its own side's Operations phase, and only if it is READY, not STATIONED and not under ORIENTATION, "
        "does a Personnel strike. It picks exactly one target on an opposing side and is EXHAUSTED by doing so. "
        "Any Personnel may go after an enemy Personnel. Notation: strike STRIKER -> TARGET [block=ID] [hack]; the "
        "target is a unit id, a Facility id, or 'reactor' ('reactor:SIDE' with more than one opponent).",
        "strike", "attack", "target", "notation",
    ),
    _rule(
        "raiders", "RAIDERs alone hit plants",
        "A Facility or a reactor core can only be targeted by a Personnel with the RAIDER trait. Everyone else, "
        "DEFENSE cards included, fights Personnel and holds posts.",
        "raider", "facility", "reactor", "defense",
    ),
    _rule(
        "stationing", "Stationing: the only way to block",
        "Blocking needs a guard who was posted beforehand: station ID puts a Personnel on post (STATIONED), in plain "
        "view of the opponent; unstation ID takes it off. A READY card that is not on post cannot intercept, however "
        "many the defender has. A posted card does not strike. By default posts change only in the side's own "
        "Operations (house rule play_timing), a card must be READY to take one, and a new arrival may take one at "
        "once (house rule station_in_orientation).",
        "station", "unstation", "post", "guard",
    ),
    _rule(
        "blocking", "Blocking (intercepting)",
        "Whatever the target, the defending side may answer a strike with one of its STATIONED Personnel that is not "
        "EXHAUSTED. The strike then turns into a fight between the striker and that blocker. The console uses up the "
        "blocker (EXHAUSTED) by default, as the worked exchange implies: house rule block_exhausts. The target "
        "itself does not intercept for itself unless house rule self_block says so. The blocker is "
        "named on the strike line: strike c1 -> reactor block=watchman. An illegal choice says why, e.g. "
        "'Junior Watchman cannot block: EXHAUSTED'.",
        "block", "intercept", "blocker", "exhausted",
    ),
    _rule(
        "damage-order", "Damage order",
        "When two Personnel fight, each deals its ATK to the other at the same moment, unless one of them has first "
        "strike. A GUARD blocker has it; so does a striker carrying the M80 AMR against any Personnel. When a GUARD "
        "blocker meets an AMR striker both advantages vanish and the exchange is simultaneous again. Whoever is "
        "killed by a first strike never gets to deal its own damage.",
        "simultaneous", "first strike", "order", "damage",
    ),
    _rule(
        "guard", "GUARD",
        "The mark of SECFOR and GSP security (Junior Watchman, Senior Guard, Reserve Enlisted, TRT Squad Leader): "
        "when it blocks, a GUARD card hits before the striker does. It gives nothing when the GUARD card is itself "
        "the one being struck, or when it strikes.",
        "guard", "secfor", "gsp", "first strike",
    ),
    _rule(
        "amr", "M80 AMR: first strike against Personnel",
        "A striker holding the M80 AMR deals its damage before its opponent whenever that opponent is a Personnel, "
        "blocker or target. Against a GUARD blocker the two first strikes cancel: damage is simultaneous.",
        "amr", "m80", "first strike", "rifle",
    ),
    _rule(
        "blocked", "A blocked strike misses its target",
        "Once a blocker steps in, the original target gets nothing at all: no damage to a Personnel, no Integrity lost "
        "for a Facility, no HEAT and no HACK counters for a reactor, whatever the striker chose. The Senior Guard's "
        "card text about a HACK value of 0 is just this rule printed as a reminder.",
        "blocked", "hack", "senior guard",
    ),
    _rule(
        "persistent", "Damage stays; the dead leave",
        "Damage on a Personnel is not healed between shifts: it is kept in the unit's damage stat. When damage reaches "
        "its HP (card HP plus equipment plus Facility grants) the card dies and leaves the board at once; the pane "
        "lists it under casualties. A pack that loses a member may lose its bonus.",
        "damage", "hp", "dead", "casualty",
    ),
    _rule(
        "personnel-fight", "An unblocked strike on a Personnel",
        "Striker and target fight: each deals its ATK to the other (simultaneously, unless a first strike applies), "
        "and both keep the damage. A GUARD target gets no first strike: GUARD only works when blocking.",
        "personnel", "fight",
    ),
    _rule(
        "facility", "Facilities, Integrity and GRANTS",
        "An unblocked strike on a Facility removes the striker's ATK from its Integrity. At 0 the Facility is "
        "destroyed, and whatever it GRANTS its side (Power Order, Base Load relief, ATK, HP) stops that instant; a "
        "Personnel whose damage now reaches its lowered HP dies on the spot. Facilities sit on the board "
        "([[reactor.facilities]]); the bundled ones are examples, since the rules text names none.",
        "facility", "integrity", "grants", "destroyed",
    ),
    _rule(
        "heat", "Reactor strikes: HEAT",
        "An unblocked strike on a reactor raises the defender's core temperature by the striker's ATK times 100 K. "
        "Everything a saboteur might do to valves, feedwater or control rods is folded into that number. What a "
        "total does is house rule meltdown_heat (default: 1000 K melts the core down).",
        "heat", "reactor", "core", "k",
    ),
    _rule(
        "hack", "HACK counters",
        "A Personnel with HACK n (a Federal Ranger has 1, 2 with a Hacking Device) striking a reactor unblocked may "
        "place n HACK counters on the defender's SKALA control panel instead of dealing HEAT; the striking side "
        "decides, with the 'hack' word on the strike line. Counters feed incidents such as the Hostile Raid. They "
        "are never added while the panel's side is in LOCKDOWN, and never by a blocked strike.",
        "hack", "skala", "counters", "panel",
    ),
    _rule(
        "trt", "TRT Squad Leader: Facility cover",
        "As long as a TRT Squad Leader is STATIONED (exhausted or not), RAIDERs cannot choose its side's Facilities "
        "as targets at all. Its reactor and Personnel are not covered.",
        "trt", "squad leader", "facility", "raider",
    ),
    _rule(
        "lockdown", "LOCKDOWN",
        "The executive defence: Class 2 Lockdown (lockdown SIDE) or the Plant Director's exhaust (lockdown SIDE "
        "by=ID). Until the side's next Shift End none of its Personnel, Facilities or its reactor may be chosen as a "
        "target, and no HACK counter can be put on its panel. The price: the Shift End where it ends delivers no "
        "Power Order. When it is declared during the side's own shift, see house rule lockdown_covers_opposing_turn. "
        "Its own Personnel may still strike.",
        "lockdown", "class 2", "plant director", "power order",
    ),
    _rule(
        "armor", "ARMOR",
        "A card with ARMOR (the VT-6 \"Monarch\") takes no damage from any Personnel whose ATK is 1 or lower at that "
        "moment. A lone Conscript is ATK 1 and bounces off; one of a pack of three, or one with a Chainbreaker, is "
        "ATK 2 and hurts it.",
        "armor", "monarch", "vt-6",
    ),
    _rule(
        "bloxian", "Unblockable by ATK 0",
        "The Bloxian Support Operative cannot be intercepted by a Personnel whose ATK is 0 (catalogue key evade): a "
        "guard post held only by Reactor Operators or the Plant Director lets it through.",
        "bloxian", "evade", "operator", "unblockable",
    ),
    _rule(
        "base-load", "Base Load",
        "As a side's shift opens, its core takes its Base Load in K: the plain load (house rule base_load, 0 by "
        "default), what its standing Facilities add or remove, and every incident waiting for it. An incident is "
        "read at that moment, so counters that land before then still count. The total is never negative. The pane "
        "shows the next Base Load and what it is made of.",
        "base load", "heat", "pending",
    ),
    _rule(
        "power-order", "Power Order",
        "What a plant owes the grid each shift (house rule power_order, 1 by default, more from Facilities). It is "
        "delivered at the side's Shift End and added to its running total, unless LOCKDOWN ends at that Shift End "
        "(forfeited) or the core has melted down.",
        "power order", "delivered", "score",
    ),
    _rule(
        "incident", "The Incident phase",
        "After Operations the side whose shift it is may put incident cards into play against an opponent: "
        "incident CARD -> SIDE. The bundled one is the Hostile Raid. How many a side may deploy in one Incident "
        "phase is house rule incidents_per_phase (one by default).",
        "incident", "phase", "deploy",
    ),
    _rule(
        "hostile-raid", "Hostile Raid",
        "An incident aimed at the target side's next Base Load. When that Base Load comes it adds 150 K if the "
        "target's SKALA panel then carries two HACK counters, 200 K at three or more, and nothing with fewer than two. "
        "Whether the counters stay afterwards is house rule raid_clears_counters (they stay by default).",
        "hostile raid", "incident", "base load", "hack",
    ),
    _rule(
        "equipment", "Equipment",
        "equip ID CARD hands an equipment card to a Personnel (by default in its own Operations). Bonuses add to the "
        "card's stats, except a Chainbreaker, which lifts ATK to 2 rather than adding. A card holds one copy of each.",
        "equip", "equipment", "item",
    ),
    _rule(
        "stats", "Where a card's numbers come from",
        "ATK, HP and HACK start from the Personnel card (in the unit's stats, so 'set' can change them), then: the "
        "highest raise (a pack, a Chainbreaker), then equipment bonuses, then what the side's standing Facilities "
        "grant. Examples: a Conscript alone is ATK 1; in a pack of three or with a Chainbreaker it is 2, not 3. "
        "A Junior Watchman with a Weston SMG is ATK 2 and HP 3+1. Who counts in a pack: house rule pack_counts.",
        "atk", "hp", "pack", "chainbreaker", "stats", "conscript",
    ),
    _rule(
        "meltdown", "What HEAT does",
        "The console tracks HEAT as a gauge up to house rule meltdown_heat (1000 K by default): NOMINAL under half, "
        "ELEVATED under 80%, CRITICAL above, MELTDOWN at the limit. A melted-down core delivers no Power Order; "
        "the rest is the GM's call.",
        "meltdown", "heat", "gauge",
    ),
    _rule(
        "worked-exchange", "Worked exchange (encounters/reactor-worked-exchange.toml)",
        "A defends with a posted Junior Watchman carrying a Weston SMG and a spent Reactor Operator; B attacks with "
        "three Chainbreaker Conscripts and a Federal Ranger with a Hacking Device. 1) strike c1 -> reactor "
        "block=watchman: the Watchman's GUARD damage (2) kills the Conscript (HP 2) before it hits back. 2) strike "
        "c2 -> reactor: nobody left to block, 200 K. 3) strike ranger -> reactor hack: 2 counters. 4) next, then "
        "incident hostile-raid -> a: A's next Base Load is +150 K, +200 K should a third counter arrive first. "
        "A second guard on post would have stopped it all.",
        "example", "worked", "exchange", "watchman",
    ),
)  # fmt: skip


def entries() -> list[RefEntry]:
    """The reactor's rule entries (``SYSTEM.reference()``); the cards come from ``catalogue_entries``."""
    return list(RULES)


def card_entry(card: Card) -> RefEntry:
    kind = {"personnel": "Personnel", "equipment": "equipment", "executive": "executive card", "incident": "incident", "facility": "Facility"}
    body = f"{card.text}\n\n{kind[card.kind].capitalize()} card, id {card.id}: {card.facts()}."
    if card.kind == "personnel" and card.get("faction"):
        body += f" Faction: {card.get('faction')}."
    return RefEntry(f"{S}.card.{card.id}", card.name, S, "card", body, ("card", card.kind, card.id, *card.get("traits", ())))


def card_entries(cards: Iterable[Card]) -> list[RefEntry]:
    return [card_entry(c) for c in cards]


def catalogue_entries(catalogue: Mapping[str, Any], setup: Setup | None) -> list[RefEntry]:
    """One entry per card: the bundled catalogue plus the encounter's own cards."""
    cards = Catalogue(catalogue)
    if setup is not None:
        cards.merge((setup.board(S) or {}).get("cards", {}))
    return card_entries(cards.all())
