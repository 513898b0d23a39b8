"""Pure CTB arithmetic: attack and defense totals, the effectiveness bands of
the d20, and one attack resolved into a number and the sentence that shows
how it was reached (``14+3+2 - (4+3) = 12, d20 17 Regular, Armor Broken x2 = 24``).

No state, no events: callers pass numbers and house-rule values in.
"""

from __future__ import annotations

from typing import NamedTuple

GLANCE_CEILING = 6  # faces 1-6 glance before Proficiency and Assist
CRIT_FLOOR = 20  # face 20 crits before Precision

GLANCING, REGULAR, CRITICAL = "Glancing", "Regular", "Critical"


class Bands(NamedTuple):
    """The d20 faces of each effectiveness result for one attack. (The values
    of this module are named tuples: immutable, and cheap to make on every attack.)"""

    glance_ceiling: int  # faces 1..glance_ceiling glance (0: none)
    crit_floor: int  # faces crit_floor..20 crit

    def result(self, face: int) -> str:
        if face <= self.glance_ceiling:
            return GLANCING
        if face >= self.crit_floor:
            return CRITICAL
        return REGULAR

    def label(self, result: str) -> str:
        """The band of a result as faces, e.g. '1-4' or '18-20'."""
        lo, hi = {
            GLANCING: (1, self.glance_ceiling),
            REGULAR: (self.glance_ceiling + 1, self.crit_floor - 1),
            CRITICAL: (self.crit_floor, 20),
        }[result]
        return str(lo) if lo == hi else f"{lo}-{hi}"

    @property
    def shifted(self) -> bool:
        return self.glance_ceiling != GLANCE_CEILING or self.crit_floor != CRIT_FLOOR


def bands(prof: int, prec: int, assist: int, *, prof_step: int, prec_step: int, assist_step: int, floor: int) -> Bands:
    """Precision lowers the crit floor; Proficiency and Assist lower the glancing
    ceiling (never under ``floor``); the crit floor stays at least two faces above
    the glancing ceiling, so the bands never cross and one Regular face is left."""
    ceiling = max(min(floor, GLANCE_CEILING), GLANCE_CEILING - prof * prof_step - assist * assist_step)
    crit = max(CRIT_FLOOR - prec * prec_step, ceiling + 2)
    return Bands(ceiling, crit)


def halve(value: int, rounding: str) -> int:
    if rounding == "up":
        return (value + 1) // 2
    half = value // 2
    return max(1, half) if rounding == "down_min1" else half


class Attack(NamedTuple):
    """The numbers of one attack, as the attacker and target stand."""

    stat: int  # atk (physical) or mag (magical)
    dam: int  # weapon DAM
    prof: int
    ar: int  # target's current AR
    res: int  # target's PR (physical) or MR (magical)

    @property
    def attack_total(self) -> int:
        return self.stat + self.dam + self.prof

    @property
    def defense_total(self) -> int:
        return self.ar + self.res

    def raw(self) -> int:
        stat, dam, prof, ar, res = self
        return max(1, stat + dam + prof - (ar + res))

    def raw_text(self, with_ar: bool = True) -> str:
        stat, dam, prof, ar, res = self
        total = stat + dam + prof - (ar + res if with_ar else res)
        defense = f"({ar}+{res})" if with_ar else f"{res}"
        text = f"{stat}+{dam}+{prof} - {defense} = {total}"
        return text if total >= 1 else text + ", at least 1"


class Outcome(NamedTuple):
    amount: int  # damage to HP, or AR stripped
    result: str | None  # Glancing / Regular / Critical, None when no roll
    text: str


def effectiveness(raw: int, face: int | None, b: Bands, rounding: str) -> tuple[int, str | None, str]:
    """Apply the d20 result to ``raw``: (value, result, text of this step)."""
    if face is None:
        return raw, None, ""
    result = b.result(face)
    band = f" ({b.label(result)})" if b.shifted and result != REGULAR else ""
    if result == GLANCING:
        value = halve(raw, rounding)
        return value, result, f"d20 {face} Glancing{band} x0.5 = {value}"
    if result == CRITICAL:
        return raw * 2, result, f"d20 {face} Critical{band} x2 = {raw * 2}"
    return raw, result, f"d20 {face} Regular"


def hp_damage(attack: Attack, face: int, b: Bands, *, broken: bool, rounding: str, stack: bool) -> Outcome:
    """HP damage of a hit: raw, then effectiveness, then Armor Broken x2.

    A Glancing Blow on an Armor Broken target is x0.5 x2 = x1: the raw damage,
    never rounded down first (halving 3 to 1 and doubling it to 2 would make
    the broken target take less than a plain hit)."""
    raw = attack.raw()
    steps = [attack.raw_text()]
    value, result, text = effectiveness(raw, face, b, rounding)
    if broken and result == GLANCING:
        band = f" ({b.label(result)})" if b.shifted else ""
        steps.append(f"d20 {face} Glancing{band} x0.5, Armor Broken x2 = {raw}")
        return Outcome(raw, result, ", ".join(steps))
    steps.append(text)
    if broken:
        if result == CRITICAL and not stack:
            steps.append(f"Armor Broken (no stack with Critical) = {value}")
        else:
            value *= 2
            steps.append(f"Armor Broken x2 = {value}")
    elif result == REGULAR:
        steps[-1] += f" = {value}"
    return Outcome(value, result, ", ".join(steps))


def brk_amount(attack: Attack, weapon_brk: int, face: int | None, b: Bands, *, mode: str, rounding: str) -> Outcome:
    """AR stripped by a BRK attack: the named amount, then effectiveness (if rolled)."""
    if mode == "weapon_brk":
        raw = max(1, weapon_brk)
        first = f"BRK {weapon_brk}" + (", at least 1" if weapon_brk < 1 else "")
    elif mode == "ignore_ar":
        raw = max(1, attack.attack_total - attack.res)
        first = attack.raw_text(with_ar=False)
    else:
        raw = attack.raw()
        first = attack.raw_text()
    value, result, text = effectiveness(raw, face, b, rounding)
    if face is None:
        return Outcome(value, None, first)
    if result == REGULAR:
        text += f" = {value}"
    return Outcome(value, result, f"{first}, {text}")
