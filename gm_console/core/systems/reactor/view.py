"""What the UI reads of a reactor fight: the board pane, its renderer
(``ui/render/reactor.py``) and the strike flow. Read-only facts of a state,
the rules' answers (who may strike, what, who may block and why not) and the
action class the UI builds (``Strike``, with ``NO_BLOCK``). The only module
of the reactor the UI imports; nothing here changes a state.

The values it hands out (``Plant``, ``Facility``, ``Casualty``, ``Profile``,
``Target``, ``Reason``) are the system's own plain data: read them, never
change them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gm_console.core.systems.reactor import legality as _lg
from gm_console.core.systems.reactor.board import BOARD as _BOARD
from gm_console.core.systems.reactor.board import HEAT_PER_ATK, PHASE_TITLES, Casualty, Facility, Plant
from gm_console.core.systems.reactor.cards import Card as _Card
from gm_console.core.systems.reactor.cards import Profile, equipment, grants_text, personnel_card
from gm_console.core.systems.reactor.cards import profile as _profile
from gm_console.core.systems.reactor.legality import EXHAUSTED, ORIENTATION, STATIONED, Reason, Target
from gm_console.core.systems.reactor.verbs import NO_BLOCK, Strike

if TYPE_CHECKING:
    from gm_console.core import statblock as sb  # (imported where a block is built: not on the console's start)
    from gm_console.core.rules import Rules
    from gm_console.core.state import State, Unit

__all__ = [
    "EXHAUSTED", "HEAT_PER_ATK", "NO_BLOCK", "ORIENTATION", "PHASE_TITLES", "STATIONED",
    "Casualty", "Facility", "Plant", "Profile", "Reason", "Strike", "Target",
    "active", "all_targets", "base_load_parts", "blockers", "can_hack", "casualties", "facilities", "facility",
    "gear", "grants_text", "incident_steps", "last_strike", "meltdown_heat", "next_base_load", "opposing", "phase",
    "phase_title", "plant", "power_order", "profile", "strikers", "target_word", "targets",
    "TARGET_LINE", "card_block", "facility_block", "stat_block",
]  # fmt: skip


# ---------------------------------------------------------------- the shift


def active(state: State) -> str:
    """The side whose shift it is."""
    return _BOARD(state).active


def phase(state: State) -> str:
    """``operations``, ``incident`` or ``shift-end``."""
    return _BOARD(state).phase


def phase_title(state: State) -> str:
    """The phase as the table says it: Operations, Incident, Shift End."""
    return PHASE_TITLES[_BOARD(state).phase]


def last_strike(state: State) -> tuple[str, ...]:
    """The last strike's resolution, one step a line (empty before the first)."""
    return _BOARD(state).last


def opposing(state: State, side: str) -> list[str]:
    return _lg.opposing(state, side)


# ---------------------------------------------------------------- a side's plant


def plant(state: State, side: str) -> Plant:
    """A side's core: HEAT, HACK counters, doctrine, Power Order delivered and forfeited, LOCKDOWN, meltdown."""
    return _BOARD(state).plants[side]


def meltdown_heat(rules: Rules) -> int:
    """HEAT at which a core melts down (0: never; house rule meltdown_heat)."""
    return rules.view("reactor").meltdown_heat


def power_order(state: State, side: str) -> int:
    """What the side delivers at its Shift End (its own plus what its Facilities grant)."""
    return _BOARD(state).power_order(side)


def base_load_parts(state: State, side: str) -> list[tuple[str, int]]:
    """What the side's next Base Load adds, part by part (``Base Load`` first)."""
    return _BOARD(state).base_load_parts(side)


def next_base_load(state: State, side: str) -> int:
    return _BOARD(state).next_base_load(side)


def incident_steps(state: State, side: str) -> list[list[dict[str, int]]]:
    """For each incident pending on the side, its steps (``counters``, ``heat``) in order."""
    board = _BOARD(state)
    cards = (board.cards.get("incident", p.card) for p in board.plants[side].pending)
    return [list(card.get("steps", ()) if card else ()) for card in cards]


def facilities(state: State, side: str) -> list[Facility]:
    return _BOARD(state).facilities_of(side)


def facility(state: State, fid: str) -> Facility:
    return _BOARD(state).facilities[fid]


def casualties(state: State, side: str) -> list[Casualty]:
    return [c for c in _BOARD(state).casualties if c.side == side]


# ---------------------------------------------------------------- Personnel


def profile(state: State, rules: Rules, unit: Unit) -> Profile:
    """A Personnel's numbers in force and where each comes from."""
    return _profile(state, _BOARD(state), unit, _lg.pack(rules))


def gear(state: State, unit: Unit) -> list[str]:
    """The names of the equipment a Personnel holds."""
    board = _BOARD(state)
    return [c.name for c in (board.cards.get("equipment", i) for i in unit.items) if c]


# ---------------------------------------------------------------- what a strike may do


def strikers(state: State) -> list[tuple[Unit, Reason | None]]:
    """The active side's Personnel, each with why it cannot strike (None: it can)."""
    return _lg.strikers(state, _BOARD(state))


def targets(state: State, rules: Rules, striker: Unit) -> list[tuple[Target, Reason | None]]:
    """What ``striker`` could aim at, each with why it cannot (None: it can)."""
    return _lg.targets(state, _BOARD(state), rules, striker)


def all_targets(state: State, side: str) -> list[Target]:
    return _lg.all_targets(state, _BOARD(state), side)


def blockers(state: State, rules: Rules, striker: Unit, target: Target) -> list[tuple[Unit, Reason | None]]:
    """The target side's Personnel, each with why it cannot block this strike (None: it can)."""
    return _lg.blockers(state, _BOARD(state), rules, striker, target)


def can_hack(state: State, rules: Rules, striker: Unit, target: Target) -> bool:
    """Whether this strike may put HACK counters instead of HEAT."""
    return _lg.hack_problem(state, _BOARD(state), rules, striker, target) is None


def target_word(state: State, target: Target, side: str) -> str:
    """How a strike line names the target."""
    return _lg.target_word(state, target, side)


# ---------------------------------------------------------------- the stat block

TARGET_LINE = "strike {actor} -> {target}"  # what a click on a second unit puts in the prompt when no legal action names the two


def _card(card: _Card) -> sb.Card:
    from gm_console.core import statblock as sb

    return sb.Card(card.id, card.kind, card.name, card.facts(), card.text)


def card_block(state: State, kind: str, ref: str) -> sb.Card:
    """A card of the catalogue (the bundled data and the encounter's ``[reactor.cards]``), its text as data."""
    return _card(_BOARD(state).cards.find(kind, ref))


def _sources(state: State, side: str, key: str, parts: tuple[tuple[str, int], ...], gear: list[_Card]) -> tuple[sb.Source, ...]:
    """A Profile's (source, amount) steps as sources: the card, a pack or an equipment floor, equipment, Facilities."""
    from gm_console.core import statblock as sb

    names = {c.name for c in gear}
    out = []
    for what, n in parts:
        if what == "card":
            out.append(sb.Source("card", "the Personnel card (its stat, set in play if changed)", n))
        elif what == "Facilities":
            fac = [f.name for f in _BOARD(state).facilities_of(side) if not f.destroyed and f.grants.get(key)]
            out.append(sb.Source("facility", "GRANTS of " + ", ".join(fac) if fac else "Facility GRANTS", n))
        elif what in names:
            out.append(sb.Source("item", what, n))
        else:
            out.append(sb.Source("rule", what, n))  # a pack, or an equipment's ATK floor (its name)
    return tuple(out)


def stat_block(state: State, rules: Rules, uid: str) -> sb.StatBlock:
    """A Personnel's numbers in force (``profile``: the same sums the board and
    the strikes use) with each part's source, its damage against its HP, its
    Traits, conditions, and the text of its card and equipment cards."""
    from gm_console.core import statblock as sb

    unit = state.units[uid]
    board = _BOARD(state)
    p = profile(state, rules, unit)
    gear = equipment(board, unit)
    figures = [
        sb.Figure("in_force.atk", "ATK", p.atk, _sources(state, unit.side, "atk", p.atk_from, gear)),
        sb.Figure("in_force.hp", "HP", p.hp, _sources(state, unit.side, "hp", p.hp_from, gear)),
        sb.Figure("in_force.hack", "HACK", p.hack, _sources(state, unit.side, "hack", p.hack_from, gear)),
        sb.Figure("damage", "damage", p.damage, (sb.Source("state", "taken this fight" if p.damage else "none taken"),), p.hp),
    ]
    words = {"atk": "card ATK", "hp": "card HP", "hack": "card HACK", "damage": "damage"}
    for key, value in unit.stats.items():
        if key == "damage":
            continue  # the figure above
        figures.append(sb.Figure(key, words.get(key, key), value, (sb.Source("card" if key in ("atk", "hp", "hack") else "state", "the unit's stat (set changes it)"),)))
    notes = []
    if p.first_strike:
        notes.append("deals first against Personnel")
    if p.evade is not None:
        notes.append(f"cannot be blocked by Personnel with ATK {p.evade} or less")
    if p.guards_facilities:
        notes.append("while STATIONED, RAIDERs cannot strike its side's Facilities")
    card = personnel_card(board, unit)
    cards = ([_card(card)] if card is not None else []) + [_card(c) for c in gear]
    return sb.StatBlock(
        uid, unit.name, "reactor", sb.side_name(state, unit.side), unit.zone, "Personnel", tuple(figures),
        tuple(sb.Gear(c.id, c.name, c.facts()) for c in gear), p.traits, sb.conditions_left(unit.conditions.values()),
        tuple(notes), tuple(cards),
    )  # fmt: skip


def facility_block(state: State, fid: str) -> sb.StatBlock:
    """A Facility as the board counts it: Integrity from its card, the damage
    taken, what is left, what it GRANTS its side while it stands (nothing once
    destroyed), and its card's text."""
    from gm_console.core import statblock as sb

    board = _BOARD(state)
    fac = board.facilities[fid]
    card = board.cards.get("facility", fac.card) if fac.card else None
    figures = [
        sb.Figure("integrity", "Integrity", fac.integrity, (sb.Source("card" if card else "base", card.name if card else "the encounter's Facility"),)),
        sb.Figure("damage", "damage", fac.damage, (sb.Source("state", "taken this fight" if fac.damage else "none taken"),)),
        sb.Figure("remaining", "Integrity left", fac.remaining, (sb.Source("rule", "Integrity less damage; 0: destroyed"),), fac.integrity),
    ]
    for key, value in fac.grants.items():
        said = "while it stands" if not fac.destroyed else "destroyed: grants nothing now"
        figures.append(sb.Figure(f"grants.{key}", f"GRANTS {key.replace('_', ' ')}", value, (sb.Source("facility", said),)))
    notes = ("DESTROYED",) if fac.destroyed else ()
    return sb.StatBlock(
        fid, fac.name, "reactor", sb.side_name(state, fac.side), None, "Facility", tuple(figures),
        notes=notes, cards=(_card(card),) if card is not None else (), history_kinds=(),
    )  # fmt: skip
