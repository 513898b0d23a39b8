"""What the UI reads of the zone conflict: read-only facts for the pane, its
renderer (ui/render/conflict.py) and the act flow (ui/screens/conflict_flow.py),
and the action classes the flow builds. The only module of the system that
gm_console/ui imports; nothing here changes the state.

- ``character(state, uid)``: one unit as the pane draws it (a ``Character``);
  ``characters(state)``: those with a conflict record, the players' side first
- ``round_facts(state)``: the round (whose side picks, who is waiting, who has
  acted), the running turn's economy, the hits waiting, hazards, complications
- ``reach_groups(state, rules, zone)``: the units of a zone, grouped by Reach
- ``able``, ``has_record``, ``is_players``: small questions the flow asks
- ``answers(state, rules, uid)``: the legal lines that answer a waiting hit
- ``attack_options``, ``odds``: the attacks worth offering, a roll's exact odds
- ``attributes``, ``specializations``, ``weapon_label``, ``momentum_cap``,
  ``extra_dice_costs``: the catalogue and the house rules the UI shows
- ``stat_block(state, rules, uid)``: every number of a character in force with its source
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dataclasses import dataclass


from . import common, odds as _odds, palette, stress, tasks, turns
from .board import BOARD
from .verbs import Attack, Task

if TYPE_CHECKING:
    from gm_console.core import statblock as sb  # (imported where a block is built: not on the console's start)
    from gm_console.core.actions import Action, Context
    from gm_console.core.rules import Rules
    from gm_console.core.state import Side, State

__all__ = [
    "Attack",
    "Character",
    "Hazard",
    "Injury",
    "Pending",
    "RoundFacts",
    "Task",
    "TurnFacts",
    "able",
    "answers",
    "attack_options",
    "attributes",
    "character",
    "characters",
    "extra_dice_costs",
    "has_record",
    "in_play",
    "is_players",
    "momentum_cap",
    "odds",
    "reach_groups",
    "round_facts",
    "specializations",
    "stat_block",
    "weapon_label",
    "TARGET_LINE",
]


@dataclass(frozen=True, slots=True)
class Injury:
    name: str
    intent: str  # "stun" or "deadly"
    severity: int
    treated: bool
    label: str  # "Field Sidearm Stun (stun 4, treated)"


@dataclass(frozen=True, slots=True)
class Character:
    """A unit as the conflict shows it. ``record`` is False for a unit the
    system has no character for (its Stress fields are then empty)."""

    uid: str
    name: str
    side: Side | None
    controller: str  # "players" or "gm"
    zone: str | None
    record: bool
    tier: str
    stress: int
    stress_max: int
    fatigued: bool
    fatigued_attr: str | None
    grace: int
    injuries: tuple[Injury, ...]
    active: bool  # it is this unit's turn
    acted: bool  # has had its turn this round
    in_cover: bool  # uses the cover of the zone it stands in
    dead: bool
    defeated: bool
    dying: bool  # Defeated by an untreated Deadly Injury, not dead
    prone: bool
    traits: tuple[str, ...] = ()  # the unit's Traits (carried from the party, given in play, suffered)
    protection: int = 0  # what a hit on it would lose to Protection now
    protection_parts: tuple[str, ...] = ()  # where that comes from ("cysuit 1", "cysuit 0 under the Trait ...")
    cysuit_lost: str | None = None  # what leaves its cysuit without Protection ("the Trait Protection Compromised")

    @property
    def is_players(self) -> bool:
        return self.side is not None and self.side.is_players


@dataclass(frozen=True, slots=True)
class TurnFacts:
    unit: str
    majors: int
    majors_most: int
    minors: int
    minors_most: int
    kept: bool
    aimed: bool
    prepared: bool


@dataclass(frozen=True, slots=True)
class Pending:
    target: str
    intent: str
    adjusted: int  # the Severity after Protection and increases
    what: str
    why: str = ""  # where the adjusted Severity comes from ("4 - Protection 1: cysuit 1"), "" when unchanged


@dataclass(frozen=True, slots=True)
class Hazard:
    name: str
    mode: str
    severity: int
    interval: str


@dataclass(frozen=True, slots=True)
class RoundFacts:
    to_go: str  # whose side picks the next turn: "players" or "gm"
    waiting: tuple[str, ...]  # who that side may pick (at round 1's opening: only those the text lets open)
    acted: tuple[str, ...]  # whose turn this round is over (the running turn is not)
    turn: TurnFacts | None
    pending: tuple[Pending, ...]
    hazards: tuple[Hazard, ...]
    complications: tuple[str, ...]
    characters: int  # how many have a conflict record
    scene: int
    can_act: int = 0  # how many of them can still act (not Defeated, Yielded, dead or without a chassis)
    acted_able: int = 0  # how many of those have finished their turn this round

    @property
    def players_pick(self) -> bool:
        """Whether the players' side picks the next turn (else the GM's)."""
        return self.to_go == "players"


def in_play(state: State) -> bool:
    """Whether the state has a conflict board."""
    return BOARD.get(state) is not None


def has_record(state: State, uid: str) -> bool:
    b = BOARD.get(state)
    return b is not None and uid in b.chars


def is_players(state: State, uid: str) -> bool:
    """Whether the players control the unit's side."""
    return common.is_players(state, uid)


def able(state: State, uid: str) -> bool:
    """Able to act: in the fight (not yielded) and neither Defeated nor dead."""
    return common.able(state, uid)


def character(state: State, uid: str) -> Character:
    unit = state.units[uid]
    b = BOARD.get(state)
    c = b.chars.get(uid) if b is not None else None
    side = state.sides.get(unit.side)
    dead, defeated = unit.has("dead"), unit.has("defeated")
    prot, parts = stress.protection(state, uid) if c is not None else (0, [])
    return Character(
        uid=uid,
        name=unit.name,
        side=side,
        controller=side.controller if side is not None else "gm",
        zone=unit.zone,
        record=c is not None,
        tier=c.tier if c else "",
        stress=unit.stats.get("stress", 0),
        stress_max=c.stress_max if c else 0,
        fatigued=c.fatigued if c else False,
        fatigued_attr=c.fatigued_attr if c else None,
        grace=c.grace if c else 0,
        injuries=tuple(Injury(i.name, i.intent, i.severity, i.treated, i.label()) for i in c.injuries) if c else (),
        active=state.clock.active == uid,
        acted=b is not None and uid in b.acted,
        in_cover=b is not None and b.cover.get(uid) == unit.zone,
        dead=dead,
        defeated=defeated,
        dying=defeated and not dead and stress.dying(state, uid),
        prone=unit.has("prone"),
        traits=tuple(unit.traits),
        protection=prot,
        protection_parts=tuple(parts),
        cysuit_lost=stress.compromised_by(state, uid) if c is not None and c.cysuit else None,
    )


def characters(state: State) -> list[Character]:
    """Every unit with a conflict record, the players' side first, each side in unit order."""
    b = BOARD.get(state)
    if b is None:
        return []
    mine = [character(state, u) for u in state.units if u in b.chars]
    return [c for c in mine if c.is_players] + [c for c in mine if not c.is_players]


def round_facts(state: State) -> RoundFacts | None:
    b = BOARD.get(state)
    if b is None:
        return None
    t = b.turn
    turn = None if t is None else TurnFacts(t.unit, t.majors, 1 + t.extra_majors, t.minors, 1 + t.extra_minors, t.kept, t.aimed, t.prepared)
    running = t.unit if t is not None else state.clock.active
    finished = tuple(u for u in b.acted if u != running)
    can_act = [u for u in b.chars if common.able(state, u)]
    return RoundFacts(
        to_go=b.to_go,
        waiting=tuple(turns.may_start(state)),
        acted=finished,
        turn=turn,
        pending=tuple(Pending(p.target, p.intent, p.adjusted, p.what, p.why()) for p in b.pending),
        hazards=tuple(Hazard(h.name, h.mode, h.severity, h.interval) for h in b.hazards.values()),
        complications=tuple(b.complications),
        characters=len(b.chars),
        scene=b.scene,
        can_act=len(can_act),
        acted_able=sum(1 for u in can_act if u in finished),
    )


def reach_groups(state: State, rules: Rules, zone: str) -> list[list[str]]:
    """The units in ``zone``, grouped as the map brackets them: with house rule
    reach = zone everyone there when both sides are; otherwise each group
    joined by an able enemy within Reach (what matters at a glance: the
    penalty, no free Movement)."""
    here = [u.id for u in state.units_in(zone)]
    b = BOARD.get(state)
    if b is None:
        return [[u] for u in here]

    def controller(u: str) -> str:
        return state.sides[state.units[u].side].controller

    if rules.view("conflict").reach == "zone":
        sides = {controller(u) for u in here}
        return [here] if len(sides) > 1 else [[u] for u in here]
    parent = {u: u for u in here}

    def up(u: str) -> bool:
        unit = state.units[u]
        return not unit.has("defeated") and not unit.has("dead")

    def find(u: str) -> str:
        while parent[u] != u:
            u = parent[u]
        return u

    for a, c in b.reach:
        if a in parent and c in parent and controller(a) != controller(c) and up(a) and up(c):
            parent[find(a)] = find(c)
    out: dict[str, list[str]] = {}
    for u in here:
        out.setdefault(find(u), []).append(u)
    return list(out.values())


def answers(state: State, rules: Rules, uid: str) -> tuple[str, ...]:
    """The lines that answer the hit waiting for ``uid`` now ("avoid kai", "suffer kai"),
    each one its action's check allows: a Minor NPC is offered no avoid."""
    from gm_console.core.actions import Context

    return tuple(stress.answers(state, Context(rules, {}, None, 0), uid))  # type: ignore[arg-type]  # (the checks read the rules only)


def attack_options(state: State, uid: str) -> list[Action]:
    """Every attack ``uid`` could make now (each target, weapon and intent), legal or not."""
    return palette.attacks(state, uid)


def odds(action: Action, state: State, ctx: Context, *, brief: bool = False) -> str | None:
    """The exact odds of an action that rolls, in words; None for one that
    rolls nothing. Raises the action's IllegalAction when it cannot be made now."""
    return _odds.action_odds(action, state, ctx, brief=brief)


def attributes(state: State) -> tuple[str, ...]:
    return tuple(BOARD(state).catalogue.attributes)


def specializations(state: State) -> tuple[str, ...]:
    return tuple(BOARD(state).catalogue.specializations)


def weapon_label(state: State, wid: str) -> str | None:
    """How the weapon reads in a list ("Field Sidearm (ranged, Severity 3 ...)"), or None if unknown."""
    weapon = BOARD(state).catalogue.weapon(wid)
    return weapon.describe() if weapon is not None else None


def momentum_cap(rules: Rules) -> int:
    return rules.view("conflict").momentum_cap


def extra_dice_costs(rules: Rules) -> tuple[int, ...]:
    return tuple(rules.view("conflict").extra_dice_costs)


# ---------------------------------------------------------------- the stat block

TARGET_LINE = "attack {actor} {target}"  # what a click on a second unit puts in the prompt when no legal action names the two
_PART_KINDS = (("cysuit 0 under the Trait", "trait"), ("cysuit 0 under the condition", "condition"), ("cysuit", "item"), ("armour", "base"))


def _protection_source(part: str) -> sb.Source:
    from gm_console.core import statblock as sb

    kind = next((k for start, k in _PART_KINDS if part.startswith(start)), "base")
    return sb.Source(kind, part)


def stat_block(state: State, rules: Rules, uid: str) -> sb.StatBlock:
    """A character as the conflict counts it: Attributes and Specializations
    (the Fatigued one failing), Stress against its maximum and where that comes
    from (``stress.max_parts``), Protection and its parts (``stress.protection``),
    the Difficulty every task of it carries now (``tasks.penalties``), weapons,
    Injuries, Traits and conditions."""
    from gm_console.core import statblock as sb

    from gm_console.core.actions import Context

    unit = state.units[uid]
    b = BOARD.get(state)
    c = b.chars.get(uid) if b is not None else None
    figures: list[sb.Figure] = []
    notes: list[str] = []
    gear: list[sb.Gear] = []
    kind = "unit"
    shown: set[str] = set()
    if b is not None and c is not None:
        kind = f"{c.tier} character" if not c.npc else f"{c.tier} NPC"
        cat = b.catalogue
        for attr in cat.attributes:
            if attr in unit.stats:
                parts = [sb.Source("base", "Attribute score")]
                if c.fatigued and c.fatigued_attr == attr:
                    parts.append(sb.Source("condition", "Fatigued: this Attribute fails outright"))
                figures.append(sb.Figure(attr, attr.capitalize(), unit.stats[attr], tuple(parts)))
                shown.add(attr)
        for spec in cat.specializations:
            if spec in unit.stats:
                figures.append(sb.Figure(spec, spec.capitalize(), unit.stats[spec], (sb.Source("base", "Specialization rating"),)))
                shown.add(spec)
        top, why = stress.max_parts(state, rules, uid)
        figures.append(sb.Figure("stress_max", "max Stress", c.stress_max, tuple(sb.Source(k, w) for k, w in why)))
        now = unit.stats.get("stress", 0)
        figures.append(sb.Figure("stress", "Stress", now, (sb.Source("state", "marked this fight" if now else "none marked"),), c.stress_max))
        shown.add("stress")
        prot, prot_parts = stress.protection(state, uid)
        figures.append(sb.Figure("protection_in_force", "Protection", prot, tuple(_protection_source(p) for p in prot_parts) or (sb.Source("rule", "no cysuit, no armour"),)))
        if "protection" in unit.stats:
            figures.append(sb.Figure("protection", "armour Protection", unit.stats["protection"], (sb.Source("item", "armour, shields (beyond the cysuit)"),)))
            shown.add("protection")
        ctx = Context(rules, {}, None, 0)  # type: ignore[arg-type]  # (the penalties read the rules only)
        mods = tasks.penalties(state, ctx, uid)
        figures.append(sb.Figure("difficulty_added", "Difficulty added to its tasks", sum(n for _, n in mods), tuple(
            sb.Source("house rule" if "house rule" in what else ("condition" if what == "Fatigued" else "rule"), what, n) for what, n in mods
        ) or (sb.Source("rule", "nothing adds Difficulty now"),)))  # fmt: skip
        for wid in c.weapons or ("unarmed",):
            w = cat.weapon(wid)
            if w is not None:
                gear.append(sb.Gear(w.id, w.name, f"{w.kind}, Severity {w.severity}, {w.intent}, range {w.range}"
                                    + (f", {', '.join(w.qualities)}" if w.qualities else "") + (f"; {w.text}" if w.text else ""),
                                    (("severity", w.severity),)))  # fmt: skip
        for i in c.injuries:
            notes.append(f"Injury: {i.label()}" + (", Debilitating" if i.debilitating else ""))
        if c.fatigued:
            notes.append(f"Fatigued: +1 Difficulty; {c.fatigued_attr or 'an Attribute to choose'} fails")
        if c.grace:
            notes.append(f"cysuit keeps it alive {c.grace} more scene(s)")
        if b.cover.get(uid) == unit.zone and unit.zone is not None:
            notes.append("in cover")
        if c.synthetic:
            notes.append("Synthetic: works through a chassis")
    for key, value in unit.stats.items():
        if key not in shown:
            figures.append(sb.Figure(key, key, value, (sb.Source("state", "set in play"),)))
    gear += [sb.Gear(item, item, "item (a Map Chip or a GM's note)") for item in unit.items]
    return sb.StatBlock(
        uid, unit.name, "conflict", sb.side_name(state, unit.side), unit.zone, kind, tuple(figures), tuple(gear),
        tuple(unit.traits), sb.conditions_left(unit.conditions.values()), tuple(notes),
    )  # fmt: skip
