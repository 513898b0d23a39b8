"""Stress, Fatigue, Injury, Defeat, Dying, and Stress recovery.

A character's maximum Stress follows their tier: Fitness for main characters;
for Supporting Characters by Values (0: none, 1: half Fitness rounded up,
2+: Fitness); none for Minor NPCs; Fitness for Notable and Major NPCs under
the default house rule ``npc_stress``. At maximum a character (never an NPC)
is Fatigued.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gm_console.core.errors import IllegalAction
from gm_console.core.state import State

from . import cites
from .board import BOARD, Char, Injury, Pending
from .common import DEAD, DEFEATED, PRONE, add_condition, char
from .pools import THREAT, pay_threat
from .synthetic import destroy_chassis

if TYPE_CHECKING:
    from gm_console.core.actions import Context
    from gm_console.core.rules import Rules

RECOVERY = {"breather": 4, "break": 8, "rest": None}  # None: all of it


def compute_max(state: State, rules: Rules, uid: str) -> int:
    return max_parts(state, rules, uid)[0]


def max_parts(state: State, rules: Rules, uid: str) -> tuple[int, list[tuple[str, str]]]:
    """The maximum Stress and where it comes from, as (kind, words) steps:
    the tier's rule, then the Fitness (or the Values, or the house rule) it reads."""
    unit, c = state.units[uid], char(state, uid)
    fitness = max(0, unit.stats.get("fitness", 0))
    if c.tier == "main":
        return fitness, [("rule", "a main character: Fitness"), ("base", f"Fitness {fitness}")]
    if c.tier == "supporting":
        if c.values <= 0:
            return 0, [("rule", "a Supporting Character with Values 0: no Stress track")]
        if c.values == 1:
            return -(-fitness // 2), [("rule", "a Supporting Character with Values 1: half Fitness, rounded up"), ("base", f"Fitness {fitness}")]
        return fitness, [("rule", f"a Supporting Character with Values {c.values}: Fitness"), ("base", f"Fitness {fitness}")]
    if c.tier == "minor":
        return 0, [("rule", "a Minor NPC: no Stress track")]
    rule = rules.view("conflict").npc_stress
    said = ("house rule", f"npc_stress = {rule}")
    if rule == "fitness":
        return fitness, [("rule", f"a {c.tier.capitalize()} NPC"), said, ("base", f"Fitness {fitness}")]
    return 0, [("rule", f"a {c.tier.capitalize()} NPC"), said]


def can_fatigue(c: Char) -> bool:
    return not c.npc and c.stress_max > 0


def stress(state: State, uid: str) -> int:
    return state.units[uid].stats.get("stress", 0)


def refresh(state: State, rules: Rules, uid: str, ctx: Context | None = None) -> None:
    """Recompute the maximum and the Fatigued flag after anything changed."""
    unit, c = state.units[uid], char(state, uid)
    was = c.fatigued
    c.stress_max = compute_max(state, rules, uid)
    now = stress(state, uid)
    if now > c.stress_max:
        unit.stats["stress"] = c.stress_max
        if ctx is not None:
            ctx.emit(f"{unit.name}'s Stress drops to the new maximum, {c.stress_max}", "rule", uid)
    elif now < 0:
        unit.stats["stress"] = 0
    c.fatigued = can_fatigue(c) and stress(state, uid) >= c.stress_max
    if not c.fatigued:
        c.fatigued_attr = None
    if ctx is not None and c.fatigued and not was:
        ctx.emit(
            f"{unit.name} is Fatigued: no more Stress, +1 Difficulty on every task, and one Attribute fails "
            f"outright (choose it: fatigue {uid} ATTRIBUTE)",
            "warn",
            uid,
        )
    elif ctx is not None and was and not c.fatigued:
        ctx.emit(f"{unit.name} is no longer Fatigued", "info", uid)


def mark(state: State, ctx: Context, uid: str, n: int, cause: str) -> int:
    """Mark up to ``n`` Stress (never past the maximum); return how much was marked."""
    unit, c = state.units[uid], char(state, uid)
    old = stress(state, uid)
    new = min(c.stress_max, old + max(0, n))
    unit.stats["stress"] = new
    ctx.emit(f"{unit.name} marks {new - old} Stress ({new}/{c.stress_max}): {cause}", "damage", uid)
    refresh(state, ctx.rules, uid, ctx)
    return new - old


def clear(state: State, ctx: Context, uid: str, n: int | None, cause: str) -> int:
    unit, c = state.units[uid], char(state, uid)
    old = stress(state, uid)
    new = 0 if n is None else max(0, old - n)
    unit.stats["stress"] = new
    ctx.emit(f"{unit.name} recovers {old - new} Stress ({new}/{c.stress_max}): {cause}", "info", uid)
    refresh(state, ctx.rules, uid, ctx)
    return old - new


COMPROMISED = "protection compromised"


def compromised_by(state: State, uid: str) -> str | None:
    """What leaves the unit's cysuit without its Protection ("the Trait Protection
    Compromised", "the condition Protection Compromised"), or None."""
    unit = state.units[uid]
    trait = next((t for t in unit.traits if t.lower() == COMPROMISED), None)
    if trait is not None:
        return f"the Trait {trait}"
    cond = unit.conditions.get(COMPROMISED)
    return f"the condition {cond.name}" if cond is not None else None


def cysuit_works(state: State, uid: str) -> bool:
    return char(state, uid).cysuit and compromised_by(state, uid) is None


def protection(state: State, uid: str) -> tuple[int, list[str]]:
    """A unit's Protection and where each part comes from (cysuit, armour stat), a
    cysuit that gives none saying why ("cysuit 0 under the Trait Protection Compromised")."""
    parts = []
    total = 0
    lost = compromised_by(state, uid) if char(state, uid).cysuit else None
    if lost is not None:
        parts.append(f"cysuit 0 under {lost}")
    elif char(state, uid).cysuit:
        total += 1
        parts.append("cysuit 1")
    extra = state.units[uid].stats.get("protection", 0)
    if extra:
        total += extra
        parts.append(f"armour {extra}")
    return total, parts


def dying(state: State, uid: str) -> bool:
    unit = state.units[uid]
    if not unit.has(DEFEATED) or unit.has(DEAD):
        return False
    return any(i.intent == "deadly" and not i.treated for i in char(state, uid).injuries)


def untreated(state: State, uid: str) -> bool:
    return any(not i.treated for i in char(state, uid).injuries)


# ------------------------------------------------------------ resolving a hit


def pending_for(state: State, uid: str) -> Pending:
    for p in BOARD(state).pending:
        if p.target == uid:
            return p
    raise IllegalAction(f"no Injury is waiting for {state.unit(uid).name} to Avoid or suffer", cites.PENDING)


def check_avoid(state: State, ctx: Context, uid: str, with_threat: bool) -> None:
    unit, c = state.units[uid], char(state, uid)
    p = pending_for(state, uid)
    sev = p.adjusted
    if with_threat:
        if p.kind != "injury":
            raise IllegalAction("the NPCs' Threat option avoids an Injury; a consequence is avoided with Stress", cites.NPCS)
        if c.tier not in ("notable", "major"):
            raise IllegalAction(f"only Notable and Major NPCs Avoid an Injury with Threat; {unit.name} is {c.tier}", cites.NPCS)
        if c.tier == "notable" and c.avoided:
            raise IllegalAction(f"{unit.name} is a Notable NPC and has already Avoided with Threat this scene", cites.NPCS)
        have = state.pools.get(THREAT, 0)
        if have < sev:
            raise IllegalAction(f"Avoiding costs {sev} Threat (the adjusted Severity); the GM has {have}", cites.THREAT)
        return
    if sev > 5 and ctx.rules.view("conflict").severity_above_5 == "unavoidable":
        raise IllegalAction(
            f"Severity {sev} is beyond 1 to 5: it cannot be Avoided with Stress (house rule severity_above_5); suffer {uid}",
            cites.AVOID,
        )
    if c.stress_max <= 0:
        why = "Minor NPCs" if c.tier == "minor" else "this character"
        extra = " (try: avoid " + uid + " threat)" if c.tier in ("notable", "major") else ""
        raise IllegalAction(f"{unit.name} has no Stress track: {why} cannot Avoid with Stress{extra}", cites.NPCS)
    room = c.stress_max - stress(state, uid)
    if room < sev:
        raise IllegalAction(
            f"{unit.name} needs room for all {sev} Stress but has {room} space{'s' if room != 1 else ''} left; "
            f"the Injury lands (suffer {uid})",
            cites.AVOID if not c.fatigued else cites.FATIGUED,
        )


def answers(state: State, ctx: Context, uid: str) -> list[str]:
    """The lines that answer the hit waiting for ``uid`` now, each one its action's own
    check allows (a Minor NPC has no Stress to avoid with; a Notable or Major NPC may
    pay Threat): what the log, the refusals and the pane offer."""
    from .verbs import Avoid, Suffer

    out = []
    for action in (Avoid(unit=uid), Avoid(unit=uid, threat=True), Suffer(unit=uid)):
        try:
            action.check(state, ctx)
        except IllegalAction:
            continue
        out.append(action.notation())
    return out


def avoid(state: State, ctx: Context, uid: str, with_threat: bool) -> None:
    unit, c = state.units[uid], char(state, uid)
    p = pending_for(state, uid)
    sev = p.adjusted
    if with_threat:
        pay_threat(state, ctx, sev, f"{unit.name} Avoids the Injury ({c.tier} NPC)")
        if c.tier == "notable":
            c.avoided = True
    elif p.kind == "consequence":
        mark(state, ctx, uid, sev, f"Avoids the consequence {p.what} (Severity {sev})")
        BOARD(state).pending.remove(p)
        ctx.emit(f"{unit.name} Avoids the consequence: {p.what} does not happen", "info", uid)
        return
    else:
        mark(state, ctx, uid, sev, f"Avoids the {p.what} Injury (Severity {sev})")
    BOARD(state).pending.remove(p)
    ctx.emit(f"{unit.name} Avoids the Injury: a near miss, a glancing blow, or the cysuit takes it", "info", uid)


def suffer(state: State, ctx: Context, uid: str, name: str | None, nograce: bool, dead: bool) -> None:
    unit, c = state.units[uid], char(state, uid)
    p = pending_for(state, uid)
    sev = p.adjusted
    room = c.stress_max - stress(state, uid)
    if 0 < room < sev:  # the text: fill the remaining spaces, then suffer
        mark(state, ctx, uid, room, "no room to Avoid: the rest of the track fills")
    if p.kind == "consequence":  # any other consequence is suffered as a Trait, not as an Injury
        BOARD(state).pending.remove(p)
        label = name or p.what
        if label not in unit.traits:
            unit.traits = (*unit.traits, label)
        ctx.emit(f"{unit.name} suffers the consequence: the Trait {label} (Severity {sev})", "damage", uid)
        return
    label = name or f"{p.what} {'Wound' if p.intent == 'deadly' else 'Stun'}"
    c.injuries.append(Injury(label, sev, p.intent, False, p.debilitating, ctx.index))
    BOARD(state).pending.remove(p)
    add_condition(unit, DEFEATED)
    add_condition(unit, PRONE)
    ctx.emit(f"{unit.name} suffers {label} ({p.intent} Injury, Severity {sev}): Defeated and Prone", "damage", uid)
    if p.intent != "deadly":
        ctx.emit(f"a Stun Injury: it clears at the end of {unit.name}'s next turn after they are revived", "rule", uid)
    if dead and c.synthetic:  # killed outright: for a Synthetic, the chassis is what is lost
        destroy_chassis(state, ctx, uid, f"{label} leaves nothing of it")
    elif dead:
        add_condition(unit, DEAD)
        ctx.emit(f"{unit.name} is dead", "damage", uid)
    elif dying(state, uid):  # this Deadly Injury, or an earlier untreated one now that they are Defeated again
        again = "" if p.intent == "deadly" else " again (an untreated Deadly Injury)"
        suit = cysuit_works(state, uid) or (c.cysuit and not ctx.rules.view("conflict").compromised_ends_grace)
        scenes = ctx.rules.view("conflict").cysuit_grace_scenes
        if cysuit_works(state, uid):  # the suit acts at once; the burst needs a channel
            link = BOARD(state).connection
            burst = (f"a Vitalis burst goes out over the {link.capitalize()} connection" if link in ("full", "limited")
                     else f"no Vitalis burst: the connection is {link.capitalize()} (local treatment goes on)")
            ctx.emit(f"{unit.name}'s cysuit: trauma intervention begins; {burst}", "rule", uid)
        if suit and not nograce and scenes > 0:
            c.grace = scenes
            more = "the next" if scenes == 1 else f"the next {scenes}"
            ctx.emit(f"{unit.name} is Dying{again}; the cysuit keeps them alive through this scene and {more}", "warn", uid)
        else:
            c.grace = 0
            why = "the GM rules the cysuit cannot help" if nograce and cysuit_works(state, uid) else "no working cysuit"
            ctx.emit(f"{unit.name} is Dying{again}: without First Aid, death comes when the scene ends ({why})", "warn", uid)


def check_suffer(state: State, uid: str, dead: bool) -> None:
    p = pending_for(state, uid)
    c = char(state, uid)
    if dead and (c.tier != "minor" or p.intent != "deadly"):
        raise IllegalAction("only a Minor NPC may be killed outright, and only by a Deadly Injury", cites.NPCS)


# ------------------------------------------------------------ time


def clear_stun(state: State, ctx: Context, uid: str, turn_start: int) -> None:
    """End of ``uid``'s turn: Stun Injuries from before the turn clear if not Defeated."""
    unit = state.units.get(uid)
    if unit is None or unit.has(DEFEATED):
        return
    c = char(state, uid)
    gone = [i for i in c.injuries if i.intent == "stun" and i.since < turn_start]
    for inj in gone:
        c.injuries.remove(inj)
        ctx.emit(f"{unit.name}'s Stun Injury {inj.name} clears", "expire", uid)


def check_recover(state: State, uid: str, how: str) -> None:
    c = char(state, uid)
    if c.stress_max <= 0:
        raise IllegalAction(f"{state.units[uid].name} has no Stress track", cites.RECOVERY)
    if c.fatigued and how != "rest":
        raise IllegalAction(
            f"{state.units[uid].name} is Fatigued: only rest or an ally's help brings Stress down", cites.FATIGUED
        )


def end_scene(state: State, ctx: Context) -> None:
    for uid, c in BOARD(state).chars.items():
        unit = state.units.get(uid)
        if unit is None:
            continue
        if dying(state, uid):
            if c.grace > 0:
                c.grace -= 1
                ctx.emit(f"the cysuit keeps {unit.name} alive into the next scene; they are still Dying", "warn", uid)
            elif c.synthetic:  # a Synthetic's Injuries are its chassis's: the chassis fails, the backup decides
                destroy_chassis(state, ctx, uid, "still Dying at the end of the scene without stabilization")
            else:
                add_condition(unit, DEAD)
                ctx.emit(f"{unit.name} dies: Dying at the end of the scene without stabilization", "damage", uid)
        c.avoided = False


def check_fatigue_choice(state: State, uid: str, attr: str, attributes: tuple[str, ...]) -> None:
    c = char(state, uid)
    if not c.fatigued:
        raise IllegalAction(f"{state.units[uid].name} is not Fatigued", cites.FATIGUED)
    if attr not in attributes:
        raise IllegalAction(f"unknown Attribute {attr!r}; expected one of: {', '.join(attributes)}", cites.FATIGUED)
    if c.fatigued_attr is not None:
        raise IllegalAction(
            f"{state.units[uid].name} already chose {c.fatigued_attr}; it holds until they are no longer Fatigued",
            cites.FATIGUED,
        )

