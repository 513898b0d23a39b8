"""Attacks: target, weapon and intent; the roll (opposed when the target
defends in melee or shelters in cover); Protection; the Injury that waits for
the target to Avoid it or suffer it; Counterattack.

``plan_attack`` works everything out from the state without changing it, so
``check``, ``dice_needed`` and ``apply`` of the attack all see one answer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gm_console.core.errors import IllegalAction
from gm_console.core.state import State
from dataclasses import dataclass

from . import cites
from .board import BOARD, Pending
from .catalogue import Weapon
from .common import DEAD, DESTROYED, PRONE, YIELDED, able, char, is_players, need_unit, unit_name
from .economy import check_major, second_major_mod
from .house_rules import BANDS
from .pools import THREAT, add_threat, check_buy, check_pay, pay, pay_threat
from .stress import answers, cysuit_works, protection
from .tasks import RollPlan, plan
from .zones import in_reach, band, band_at_least, in_cover

if TYPE_CHECKING:
    from gm_console.core.actions import Context


@dataclass
class AttackPlan:
    attacker: str
    target: str
    weapon: Weapon
    intent: str
    band: str
    actor: RollPlan
    defender: RollPlan | None
    severity: int
    protection: int
    protection_parts: list[str]
    piercing: bool
    intense: bool
    area: bool
    bonus: int
    second: bool
    mods: tuple[tuple[str, int], ...] = ()  # what changed the weapon's Severity (an Area charge)

    @property
    def dice(self) -> int:
        return self.actor.dice + (self.defender.dice if self.defender else 0)


def carried(state: State, uid: str, wid: str) -> Weapon:
    cat = BOARD(state).catalogue
    weapon = cat.weapon(wid)
    c = char(state, uid)
    usable = set(c.weapons) | {"unarmed"}
    if cysuit_works(state, uid):
        usable |= {k for k, w in cat.weapons.items() if w.cysuit}
        usable |= hardware(state, uid)
    if weapon is None or wid not in usable:
        have = ", ".join(sorted(usable))
        raise IllegalAction(f"{unit_name(state, uid)} has no weapon {wid!r}{cat.suggest(wid, usable)}; usable: {have}", cites.ATTACK)
    return weapon


def hardware(state: State, uid: str) -> set[str]:
    """Weapons a working cysuit carries as hardware: a Trait "Cysuit Hardware: NAME" (or "(NAME)")."""
    cat = BOARD(state).catalogue
    out: set[str] = set()
    for trait in state.units[uid].traits:
        t = trait.strip()
        if not t.lower().startswith("cysuit hardware"):
            continue
        named = t[len("cysuit hardware"):].strip(" :()").lower()
        out |= {k for k, w in cat.weapons.items() if named in (k.lower(), w.name.lower())}
    return out


def choose_intent(weapon: Weapon, intent: str | None) -> str:
    options = weapon.intents()
    if intent is None:
        if len(options) > 1:
            raise IllegalAction(f"{weapon.name} can Stun or kill: add stun or deadly", cites.INTENT)
        return options[0]
    if intent not in options:
        raise IllegalAction(f"{weapon.name} inflicts {weapon.intent} Injuries only, not {intent}", cites.INTENT)
    return intent


def plan_attack(state: State, ctx: Context, a) -> AttackPlan:
    """``a`` is an Attack action (see actions)."""
    need_unit(state, a.unit)
    tgt = need_unit(state, a.target)
    if a.unit == a.target:
        raise IllegalAction("a character cannot attack themselves", cites.ATTACK)
    second = check_major(state, a.unit, "attack")
    weapon = carried(state, a.unit, a.weapon)
    intent = choose_intent(weapon, a.intent)
    if tgt.has(DEAD):
        raise IllegalAction(f"{tgt.name} is dead", cites.ATTACK)
    if tgt.has(YIELDED):
        raise IllegalAction(f"{tgt.name} has yielded: the crew must accept it", cites.YIELD)
    if tgt.has(DESTROYED):
        raise IllegalAction(f"{tgt.name}'s chassis is destroyed: nothing is left in the fight to attack", cites.SYNTHETIC)
    if is_players(state, a.unit) and tgt.zone in state.zones and state.zones[tgt.zone].hidden:
        raise IllegalAction(f"{tgt.name} is in a hidden zone the players cannot see (reveal it first)", cites.FOG)
    where = band(state, ctx, a.unit, a.target)
    if where is None:
        raise IllegalAction(f"no route joins {unit_name(state, a.unit)} and {tgt.name}", cites.RANGE)
    turn = BOARD(state).turn
    prepared = bool(turn and turn.prepared)
    charge = a.charge
    if charge and not weapon.has("charge"):
        raise IllegalAction(f"{weapon.name} has no Charge quality", cites.QUALITIES)
    if (weapon.has("cumbersome") or charge) and not prepared:
        why = "Cumbersome" if weapon.has("cumbersome") else "a Charge"
        raise IllegalAction(f"{weapon.name} needs a Prepare Minor Action first ({why}): minor {a.unit} prepare", cites.QUALITIES)
    if a.reroll:
        if not (turn and turn.aimed):
            raise IllegalAction(f"re-rolls come from Aim: minor {a.unit} aim first", cites.QUALITIES)
        most = 0 if weapon.has("inaccurate") else 2 if weapon.has("accurate") else ctx.rules.view("conflict").aim_reroll
        if a.reroll > most:
            raise IllegalAction(f"Aim with {weapon.name} re-rolls at most {most} d20{'s' if most != 1 else ''}", cites.QUALITIES)
    area = weapon.has("area") or charge == "area"
    if a.atcost and not area:
        raise IllegalAction("only an Area attack may Succeed at Cost", cites.QUALITIES)
    if weapon.melee:
        if where != "reach":
            raise IllegalAction(
                f"a Melee Attack needs {tgt.name} within Reach (stride {a.unit} {tgt.zone} near={a.target})", cites.REACH
            )
    elif BANDS.index(where) > BANDS.index(weapon.range):
        raise IllegalAction(f"{tgt.name} is at {where} range; {weapon.name} reaches {weapon.range}", cites.RANGE)
    attr = a.attr or ("daring" if weapon.melee else "control")
    spec = a.spec or "security"
    base = a.diff if a.diff is not None else (1 if weapon.melee else 2)
    prone = tgt.has(PRONE)
    extra = second_major_mod(second)
    if prone and not weapon.melee and band_at_least(where, "medium"):
        extra.append(("target prone at range", 1))
    actor = plan(state, ctx, a.unit, attr, spec, base, buy=a.buy, reroll=a.reroll, reach_applies=not weapon.melee, extra=extra)
    defender = None
    if able(state, a.target):
        d_base = ctx.rules.view("conflict").defence_difficulty
        if weapon.melee and not a.unaware:
            defender = plan(state, ctx, a.target, "daring", "security", d_base, buy=a.vbuy, reach_applies=False)
        elif not weapon.melee and in_cover(state, a.target):
            defender = plan(state, ctx, a.target, "control", "security", d_base, buy=a.vbuy)
    if a.vbuy and defender is None:
        raise IllegalAction(f"{tgt.name} is not defending: vbuy needs an opposed attack", cites.ATTACK)
    piercing = weapon.has("piercing") or charge == "piercing"
    prot, parts = protection(state, a.target)
    if prone and in_cover(state, a.target) and not weapon.melee and band_at_least(where, "medium"):
        prot += 1  # the text ties it to Ranged Attacks from Medium range or farther
        parts.append("prone in cover 1")
    if piercing:
        prot, parts = 0, ["ignored: Piercing"]
    bonus = 2 if prone and (weapon.melee or where in ("reach", "close")) else 0
    severity = max(1, weapon.severity - (1 if charge == "area" else 0))
    mods = (("Area charge", severity - weapon.severity),) if severity != weapon.severity else ()
    check_costs(state, ctx, a, intent, defender)
    return AttackPlan(
        a.unit, a.target, weapon, intent, where, actor, defender, severity, prot, parts,
        piercing, weapon.has("intense") or charge == "intense", area, bonus, second, mods,
    )


def check_costs(state: State, ctx: Context, a, intent: str, defender: RollPlan | None) -> None:
    mine = is_players(state, a.unit)
    check_buy(state, ctx, mine, a.buy, a.pay, unit_name(state, a.unit))
    if defender is not None:
        check_buy(state, ctx, is_players(state, a.target), a.vbuy, "momentum", unit_name(state, a.target))
    if intent == "deadly" and not mine:
        from .pools import dice_cost

        spent = dice_cost(ctx, a.buy)
        have = state.pools.get(THREAT, 0) - spent
        if have < 1:
            from .pools import deficit_allowed

            if not deficit_allowed(ctx, deadly=True):
                raise IllegalAction(f"Deadly intent costs the GM 1 Threat; {have} left after the dice", cites.THREAT)


def pay_intent(state: State, ctx: Context, uid: str, intent: str) -> None:
    if intent != "deadly":
        return
    who = unit_name(state, uid)
    if is_players(state, uid):
        add_threat(state, ctx, 1, f"{who} chooses Deadly intent: the escalation adds 1 Threat")
    else:
        pay_threat(state, ctx, 1, f"{who} chooses Deadly intent")


def make_pending(state: State, ctx: Context, p: AttackPlan, target: str | None = None) -> Pending:
    target = target or p.target
    if target == p.target:
        prot, parts = p.protection, p.protection_parts
    else:
        prot, parts = protection(state, target)
        if p.piercing:
            prot, parts = 0, ["ignored: Piercing"]
    pend = Pending(
        target, p.attacker, p.weapon.name, p.severity, p.intent, prot, p.piercing, 0, p.intense,
        p.bonus if target == p.target else 0, p.weapon.has("debilitating"), ctx.index, p.area, mods=p.mods,
    )
    BOARD(state).pending.append(pend)
    announce(state, ctx, pend, parts)
    return pend


def announce(state: State, ctx: Context, pend: Pending, parts: list[str]) -> None:
    """Log a waiting hit (every Injury that waits passes here, so the Severity cap is set here too)."""
    if ctx.rules.view("conflict").severity_above_5 == "cap":
        pend.most = 5
    if not pend.piercing:
        pend.parts = tuple(parts)
    name = unit_name(state, pend.target)
    why = f" ({pend.why()})" if pend.why() else ""
    ctx.emit(
        f"{name} faces a {pend.intent.capitalize()} Injury of Severity {pend.adjusted}{why}: "
        + " or ".join(answers(state, ctx, pend.target)),
        "damage",
        pend.target,
    )


# ------------------------------------------------------------ Counterattack


def check_counter(state: State, ctx: Context, uid: str, wid: str | None, intent: str | None) -> tuple[str, Weapon, str]:
    b = BOARD(state)
    win = b.opposed
    if win is None or win.winner != uid or not win.melee:
        raise IllegalAction(f"{unit_name(state, uid)} has not just won an opposed Melee Attack against them", cites.COUNTER)
    if not in_reach(state, ctx, uid, win.loser):
        raise IllegalAction(f"{unit_name(state, win.loser)} is no longer within Reach of {unit_name(state, uid)}", cites.COUNTER)
    if wid is None:
        c = char(state, uid)
        cat = b.catalogue
        melee = [w for w in c.weapons if (known := cat.weapon(w)) is not None and known.melee]
        wid = melee[0] if melee else "unarmed"
    weapon = carried(state, uid, wid)
    if not weapon.melee and ctx.rules.view("conflict").counter_weapons == "melee":
        raise IllegalAction(f"a Counterattack uses a melee weapon; {weapon.name} is ranged (house rule counter_weapons)", cites.COUNTER)
    intent = choose_intent(weapon, intent)
    mine = is_players(state, uid)
    check_pay(state, ctx, mine, 2, "a Counterattack")
    if intent == "deadly" and not mine:
        from .pools import deficit_allowed

        if state.pools.get(THREAT, 0) - 2 < 1 and not deficit_allowed(ctx, deadly=True):
            raise IllegalAction("Deadly intent costs the GM 1 Threat more than the GM has", cites.THREAT)
    return win.loser, weapon, intent


def counter(state: State, ctx: Context, uid: str, loser: str, weapon: Weapon, intent: str) -> None:
    b = BOARD(state)
    pay(state, ctx, is_players(state, uid), 2, f"{unit_name(state, uid)} Counterattacks")
    pay_intent(state, ctx, uid, intent)
    prot, parts = protection(state, loser)
    piercing = weapon.has("piercing")
    if piercing:
        prot, parts = 0, ["ignored: Piercing"]
    pend = Pending(loser, uid, weapon.name, weapon.severity, intent, prot, piercing, 0, weapon.has("intense"), 0, weapon.has("debilitating"), ctx.index)
    b.pending.append(pend)
    b.opposed = None
    b.withdraw = None
    ctx.emit(f"{unit_name(state, uid)} Counterattacks {unit_name(state, loser)} with {weapon.name}", "info", uid)
    announce(state, ctx, pend, parts)
