"""What the UI reads of a CTB fight (the only module of the system that
``gm_console/ui`` imports): the projection and its what-if, the odds of an
attack and the d20 bands, a unit's marks, the board's facts, and the action
classes the pane and the act flow build. Nothing here changes a state."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gm_console.core.actions import Action, SetStat
from gm_console.core.rules import Rules
from gm_console.core.state import State, Unit
from gm_console.core.systems.ctb.board import BOARD, UNARMED, Weapon
from gm_console.core.systems.ctb.maths import CRIT_FLOOR, CRITICAL, GLANCE_CEILING, GLANCING, REGULAR, Attack, Bands
from gm_console.core.systems.ctb.projection import READY, Turn, gain, project, what_if
from gm_console.core.systems.ctb.stats import (
    COMBAT, KENNEL_STANDARD, MARKS, POOLS, in_fight, is_broken, is_downed, is_recalled, kennel_max,
)  # fmt: skip
from gm_console.core.systems.ctb.tables import DEFAULT_PROJECTION
from gm_console.core.systems.ctb.verbs import Brk, Delay, Haste, Hit, Recall, Rush, Slow, odds, unit_bands

if TYPE_CHECKING:
    from gm_console.core import statblock as sb  # (imported where a block is built: not on the console's start)

__all__ = [
    "CRITICAL", "GLANCING", "MARKS", "READY", "REGULAR",
    "Bands", "Brk", "Hit", "Recall", "Turn", "Weapon",
    "attacks_made", "bands", "best_strike", "clock_change", "gain", "in_fight", "is_broken", "is_downed",
    "is_recalled", "odds", "project", "projection_length", "stat_block", "turn_key", "weapons_of", "what_if",
    "TARGET_LINE",
]  # fmt: skip

_ADJUSTS = (Haste, Slow, Delay, Rush)  # the verbs that change a unit's clock by an amount


def bands(unit: Unit, rules: Rules, assist: int = 0) -> Bands:
    """The d20 faces of each effectiveness result for ``unit``'s attacks
    (with ``assist`` more Assist than its own)."""
    return unit_bands(unit, assist, rules)


def clock_change(state: State, draft: Action | None) -> tuple[str, dict[str, int]] | None:
    """(unit id, {"ap_total" or "ap": value}) when ``draft`` would change a
    unit's clock (``set UNIT ap_total N``, haste, slow, delay, rush): what
    ``what_if`` takes to show the order after it. None otherwise."""
    if isinstance(draft, SetStat) and draft.stat in ("ap_total", "ap") and draft.unit in state.units:
        return draft.unit, {draft.stat: draft.value}
    if isinstance(draft, _ADJUSTS) and draft.unit in state.units:
        return draft.unit, {draft.STAT: draft.new_value(state.units[draft.unit])}
    return None


def projection_length(state: State) -> int:
    """How many turns the turn bar projects (the encounter's ``[ctb] projection``)."""
    board = BOARD.get(state)
    return board.projection_length if board else DEFAULT_PROJECTION


def weapons_of(state: State, uid: str) -> tuple[Weapon, ...]:
    """The weapons unit ``uid`` carries, the default (first) one first."""
    board = BOARD.get(state)
    return board.weapons.get(uid, ()) if board is not None else ()


def attacks_made(state: State) -> int:
    """The attacks the acting unit made this turn (free ones excluded)."""
    board = BOARD.get(state)
    return board.attacks if board is not None else 0


def turn_key(state: State) -> tuple:
    """What the legality of an attack depends on besides the two units:
    whose turn it is, its attacks so far, whether the battle is over."""
    board = BOARD.get(state)
    return (state.clock.active, getattr(board, "attacks", 0), getattr(board, "ended", False))


def best_strike(state: State, rules: Rules, strike: Hit | Brk) -> Hit | Brk:
    """``strike`` with the attacker's weapon that does the most to the target:
    the most HP (a hit) or AR (a brk) on a Regular result, then on a Critical,
    then the first listed. The strike itself when it names a weapon or the
    unit carries fewer than two."""
    owned = weapons_of(state, strike.attacker)
    if strike.weapon is not None or len(owned) < 2:
        return strike
    best, score = strike, (-1, -1)
    for weapon in owned:
        candidate = type(strike)(attacker=strike.attacker, target=strike.target, weapon=weapon.id,
                                 assist=strike.assist, ki=strike.ki, free=strike.free)  # fmt: skip
        amounts = odds(state, rules, candidate)[1]
        mine = (amounts.get(REGULAR, 0), amounts.get(CRITICAL, 0))
        if mine > score:
            best, score = candidate, mine
    return best


# ---------------------------------------------------------------- the stat block

TARGET_LINE = "hit {actor} {target}"  # what a click on a second unit puts in the prompt when no legal action names the two
_WORDS = {
    "ap_total": "AP Total", "ap": "AP", "kennel": "Kennel", "hp_base": "HP base", "ar_base": "AR base",
    "ki_base": "KI base", "atk": "ATK", "mag": "MAG", "pr": "PR", "mr": "MR", "prof": "Proficiency",
    "prec": "Precision", "assist": "Assist", "recalled": "Recalled",
}  # fmt: skip


def _house(rules: Rules, name: str) -> sb.Source:
    """A CTB house rule as the source of a number, saying when it departs from the text."""
    from gm_console.core import statblock as sb

    value = getattr(rules.view("ctb"), name)
    departs = rules.departing().get(f"ctb.{name}")
    return sb.Source("house rule", f"{name} = {value}" + (f" (departs: {departs})" if departs else ""))


def _maximum(unit: Unit, rules: Rules, pool: str) -> sb.Figure:
    """A pool's maximum: its base at Kennel 100, scaled by the unit's Kennel along the house rule's curve."""
    from gm_console.core import statblock as sb

    s = unit.stats
    base, kennel, curve = s.get(f"{pool}_base", 0), s.get("kennel", KENNEL_STANDARD), rules.view("ctb").kennel_curve
    worked = kennel_max(base, kennel, curve)
    parts = [sb.Source("base", f"{pool}_base {base} (at Kennel {KENNEL_STANDARD})", base)]
    if worked != base:
        parts.append(sb.Source("kennel", f"Kennel {kennel}", worked - base))
    parts.append(_house(rules, "kennel_curve"))
    value = s.get(f"{pool}_max", worked)
    if value != worked:
        parts.append(sb.Source("state", f"set in play to {value}", value - worked))
    return sb.Figure(f"{pool}_max", f"max {pool.upper()}", value, tuple(parts))


def _bands_figures(unit: Unit, rules: Rules) -> list[sb.Figure]:
    """The d20 bands of the unit's attacks (``bands``, as its odds use them), each with its parts."""
    from gm_console.core import statblock as sb

    s, h = unit.stats, rules.view("ctb")
    b = bands(unit, rules)
    prof, prec, assist = s.get("prof", 0), s.get("prec", 0), s.get("assist", 0)
    glance = [sb.Source("rule", f"faces 1-{GLANCE_CEILING} glance", GLANCE_CEILING)]
    if prof:
        glance.append(sb.Source("base", f"Proficiency {prof} x {h.proficiency_step}", -prof * h.proficiency_step))
    if assist:
        glance.append(sb.Source("base", f"Assist {assist} x {h.assist_step}", -assist * h.assist_step))
    glance += [_house(rules, "proficiency_step"), _house(rules, "assist_step"), _house(rules, "glance_floor")]
    crit = [sb.Source("rule", f"face {CRIT_FLOOR} crits", CRIT_FLOOR)]
    if prec:
        crit.append(sb.Source("base", f"Precision {prec} x {h.precision_step}", -prec * h.precision_step))
    crit += [_house(rules, "precision_step"), sb.Source("rule", "at least two faces above the glancing ceiling")]
    return [
        sb.Figure("glance_ceiling", f"glancing d20 {b.label(GLANCING)}" if b.glance_ceiling else "glancing: none", b.glance_ceiling, tuple(glance)),
        sb.Figure("crit_floor", f"critical d20 {b.label(CRITICAL)}", b.crit_floor, tuple(crit)),
    ]


def _weapon(unit: Unit, weapon: Weapon) -> sb.Gear:
    from gm_console.core import statblock as sb

    s = unit.stats
    stat = "mag" if weapon.kind == "magical" else "atk"
    attack = Attack(s.get(stat, 0), weapon.dam, s.get("prof", 0), 0, 0)  # the attacker's half of an attack
    against = "AR+MR" if weapon.kind == "magical" else "AR+PR"
    facts = (
        f"DAM {weapon.dam}, {weapon.kind} ({stat.upper()} against {against}), BRK {weapon.brk}; "
        f"Attack Total {attack.stat}+{attack.dam}+{attack.prof} = {attack.attack_total}"
    )
    return sb.Gear(weapon.id, weapon.name, facts, (("dam", weapon.dam), ("brk", weapon.brk), ("attack_total", attack.attack_total)))


def stat_block(state: State, rules: Rules, uid: str) -> sb.StatBlock:
    """Unit ``uid`` as the CTB sees it: every stat in force with its source (the
    maxima from the bases and Kennel under the house rule's curve, the AP it
    banks a tick, the d20 bands of its attacks), its weapons with their Attack
    Totals, Traits, items, conditions and marks."""
    from gm_console.core import statblock as sb

    unit = state.units[uid]
    s = unit.stats
    figures: list[sb.Figure] = []
    rate = gain(unit, rules)
    figures.append(sb.Figure("ap_total", "AP Total", s.get("ap_total", 0), (sb.Source("base", "the unit's AP Total", s.get("ap_total", 0)),)))
    figures.append(sb.Figure("ap_gain", "AP a tick", rate, (
        sb.Source("base", f"AP Total {s.get('ap_total', 0)}"), _house(rules, "ap_gain_percent"),
        *((sb.Source("state", "off the clock (Downed or Recalled)"),) if not rate and s.get("ap_total", 0) else ()),
    )))  # fmt: skip
    figures.append(sb.Figure("ap", "AP", s.get("ap", 0), (sb.Source("state", f"banked toward {READY}"),), READY))
    figures.append(sb.Figure("kennel", "Kennel", s.get("kennel", KENNEL_STANDARD), (sb.Source("base", "0-200, 100 = the bases"),)))
    for pool in POOLS:
        figures.append(sb.Figure(f"{pool}_base", f"{pool.upper()} base", s.get(f"{pool}_base", 0), (sb.Source("base", "at Kennel 100"),)))
        top = _maximum(unit, rules, pool)
        figures.append(top)
        now = s.get(pool, 0)
        lost = top.value - now
        said = f"{lost} lost this fight" if lost > 0 else ("full" if lost == 0 else f"{-lost} over the maximum")
        figures.append(sb.Figure(pool, pool.upper(), now, (sb.Source("state", said, -lost if lost else None),), top.value))
    for key in COMBAT:
        figures.append(sb.Figure(key, _WORDS[key], s.get(key, 0), (sb.Source("base", "the unit's own"),)))
    figures += _bands_figures(unit, rules)
    figures.append(sb.Figure("recalled", "Recalled", s.get("recalled", 0), (sb.Source("state", "1 once Recalled"),)))
    known = {f.key for f in figures}
    for key, value in s.items():  # anything else a GM set (``set UNIT KEY N``)
        if key not in known:
            figures.append(sb.Figure(key, key, value, (sb.Source("state", "set in play"),)))
    owned = weapons_of(state, uid) or (UNARMED,)
    gear = [_weapon(unit, w) for w in owned]
    gear += [sb.Gear(item, item, "item (a Map Chip or a GM's note)") for item in unit.items]
    notes = []
    if is_downed(unit):
        notes.append("Downed: HP 0 (a Recall Beacon takes it out of the fight)")
    if is_broken(unit, rules):
        notes.append("Armor Broken: AR 0, HP attacks on it deal double damage")
    if is_recalled(unit):
        notes.append("Recalled: has left the fight")
    return sb.StatBlock(
        uid, unit.name, "ctb", sb.side_name(state, unit.side), unit.zone, "unit", tuple(figures), tuple(gear),
        tuple(unit.traits), sb.conditions_left(unit.conditions.values()), tuple(notes),
    )  # fmt: skip
