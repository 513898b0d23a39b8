"""How a CTB fight is drawn: bars, the FFX-style turn bar and the line under
it (what-if, odds, hints), unit rows, the tick ruler and the attack odds, as
Rich text. Pure functions of the state (read through the system's ``view``)
and a width; the pane (ui/panes/ctb.py) calls them on each redraw and the
act flow (ui/screens/ctb_flow.py) shows the same bands."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from rich.cells import cell_len
from rich.text import Text

from gm_console.core.errors import GMError
from gm_console.core.rules import Rules
from gm_console.core.state import State, Unit
from gm_console.core.systems.ctb.view import (
    GLANCING, MARKS, READY, Brk, Hit, Turn, bands, best_strike, gain, is_broken, is_downed, is_recalled, odds, weapons_of,
)  # fmt: skip
from gm_console.ui import palette as pal
from gm_console.ui.render.conditions import unit_conditions
from gm_console.ui.render.pointing import mark as point_at
from gm_console.ui.render.names import labels, width_for

EIGHTHS = " ▏▎▍▌▋▊▉"


def side_style(state: State, unit: Unit, how: str = "") -> str:
    """The unit's side colour (the theme's, the same in every pane); ``how``: see ``palette.side``."""
    side = state.sides.get(unit.side)
    return pal.side(side, how)


def bar(value: int, maximum: int, width: int, style: str, empty: str = pal.EMPTY) -> Text:
    """A horizontal bar ``width`` cells wide, in eighths of a cell."""
    text = Text()
    if width <= 0:
        return text
    frac = 0.0 if maximum <= 0 else max(0.0, min(1.0, value / maximum))
    eighths = round(frac * width * 8)
    full, part = divmod(eighths, 8)
    text.append("█" * full, style=style)
    if full < width:
        text.append(EIGHTHS[part] if part else "", style=style)
        rest = width - full - (1 if part else 0)
        text.append("░" * rest, style=empty)
    return text


def hp_style(value: int, maximum: int) -> str:
    if maximum <= 0 or value * 4 <= maximum:
        return pal.BAD
    return pal.CAUTION if value * 2 <= maximum else pal.GOOD


def label(state: State, unit: Unit, width: int) -> str:
    """What the unit is called in ``width`` cells: the one rule of ``render/names.py``
    among the fight's units (the roster shows them all), the same in every part of the pane."""
    return labels(state.units.values(), width)[unit.id]


def row_name(state: State, unit: Unit, lay: Layout) -> Text:
    """The roster's name cell: the unit's label (``render/names.py``)."""
    name = lay.names.get(unit.id)
    return Text(name if name is not None else label(state, unit, lay.name))


SHOWN_MARKS = frozenset(m.lower() for m in MARKS)  # Downed, Armor Broken, Recalled: the row shows them already


def conditions_text(unit: Unit, skip: frozenset[str] = SHOWN_MARKS) -> Text:
    """The unit's conditions and what is left of each (``Blinded 2t``), but the row's own marks."""
    return unit_conditions(unit, skip)


# ---------------------------------------------------------------- turn bar


def turn_bar(state: State, turns: list[Turn], width: int, title: str, highlight: str | None = None) -> Text:
    """``NOW Ren ▸ Golem ▸ Mira ...``: the acting unit, then the projection,
    as many as fit. ``highlight`` underlines one unit's turns (the what-if)."""
    text = Text()
    text.append(f"{title} ", style="bold")
    active = state.units.get(state.clock.active) if state.clock.active else None
    entries: list[tuple[Unit, str]] = []
    if active is not None:
        entries.append((active, side_style(state, active, "now")))
    for turn in turns:
        unit = state.units.get(turn.unit)
        if unit is None:
            continue
        entries.append((unit, side_style(state, unit, "next" if highlight and turn.unit == highlight else "")))
    if not entries:
        text.append("nobody can take a turn", style=pal.MUTED)
        return text
    names = max(4, min(12, (width - 4) // max(1, min(len(entries), 6)) - 3))  # cells a name (NOW or NEXT alike)
    names = width_for(state.units.values(), names, 12)  # told apart by name where a few cells more do it
    called = labels(state.units.values(), names)
    text.no_wrap = True
    for i, (unit, style) in enumerate(entries):
        piece = called[unit.id]
        need = len(piece) + (3 if i else 0)
        if text.cell_len + need > width - (2 if i < len(entries) - 1 else 0):
            text.append(" …", style=pal.MUTED)
            break
        if i:
            text.append(" ▸ ", style=pal.MUTED)
        text.append(piece, style=style)
    return text


def order_changes(before: list[Turn], after: list[Turn]) -> str:
    """A few words on what a what-if changes: 'Golem 3 turns -> 4', or 'same order'."""
    if [t.unit for t in before] == [t.unit for t in after]:
        return "same order"
    count = lambda turns: {t.unit: sum(1 for x in turns if x.unit == t.unit) for t in turns}  # noqa: E731
    a, b = count(before), count(after)
    diffs = [f"{u} {a.get(u, 0)}->{b.get(u, 0)}" for u in sorted(set(a) | set(b)) if a.get(u, 0) != b.get(u, 0)]
    return "turns in view: " + ", ".join(diffs) if diffs else "order changes"


def what_if_line(state: State, after: list[Turn], width: int, uid: str) -> Text:
    """The turn bar as it would be after a change to unit ``uid``'s clock (``IF``), its turns underlined."""
    line = turn_bar(state, after, width, "IF " if state.clock.active else "IF  ", highlight=uid)
    line.stylize("italic")
    return line


def strike_line(state: State, rules: Rules, strike: Hit | Brk, width: int) -> Text:
    """The odds of the hit or brk being typed, or why it cannot be worked out."""
    try:
        line = odds_line(state, rules, strike)
    except GMError as exc:
        line = Text(f"{strike.VERB}: {exc}", style=pal.CAUTION)
    line.truncate(width, overflow="ellipsis")
    return line


def hint_line(state: State, live: bool) -> Text:
    """The line under the turn bar when the prompt holds nothing it previews."""
    if not live:
        return Text("replay: the turn bar shows this point of the log", style=pal.MUTED)
    if state.clock.active is None:
        return Text("type next to start the clock (or tick for one tick)", style=pal.MUTED)
    return Text("what-if: type set UNIT ap_total N, haste/slow/delay/rush UNIT N", style=pal.MUTED)


# ---------------------------------------------------------------- unit rows


@dataclass(frozen=True)
class Layout:
    name: int
    ap: int
    hp: int
    ar: int
    ki: int  # 0: KI as numbers only
    rate: bool = True  # the +N AP-per-tick column
    names: Mapping[str, str] = field(default_factory=dict, compare=False)  # the units' labels in ``name`` cells


FIXED = 36  # cells of a unit row that are not the name, a bar, the rate column or the KI/Kennel tail
RATE = 5
TAIL = len("10/10 K100")  # the KI numbers and the Kennel, without units to measure


def tail_width(units: Iterable[Unit]) -> int:
    """The widest ``KI/KI_MAX K<kennel>`` of ``units``: the row's last, unbarred cells."""
    return max((len(f"{u.stats.get('ki', 0)}/{u.stats.get('ki_max', 0)} K{u.stats.get('kennel', 0)}") for u in units), default=TAIL)


def layout(width: int, units: Iterable[Unit] = ()) -> Layout:
    """Column widths for a pane ``width`` cells wide. The name gets about an
    eighth, up to 4 cells more where ``units`` need them to be told apart by
    name rather than by id (``names.width_for``); below 80 cells the
    AP-per-tick column goes; the AR bar keeps room for BROKEN and the HP bar
    for DOWN; the AP bar takes most of the rest. The row ends with the KI
    numbers and the Kennel whole (measured on ``units``)."""
    name = max(6, min(16, width // 8))
    units = tuple(units)
    name = width_for(units, name, min(16, name + 4))
    names = labels(units, name)
    rate = width >= 80
    rest = width - FIXED - tail_width(units) - name - (RATE if rate else 0)
    if rest < 16:
        return Layout(name, max(0, rest - 10), 4, 6, 0, rate, names)
    ki = rest // 8 if rest >= 40 else 0
    rest -= 1 if ki else 0  # the space after the KI bar
    ar = max(6, (rest - ki) // 4)
    hp = max(4, (rest - ki - ar) * 9 // 20)
    return Layout(name, rest - ki - ar - hp, hp, ar, ki, rate, names)


def mark(words: tuple[str, ...], width: int, style: str) -> Text:
    """The longest of ``words`` that fits ``width`` cells, centred (for a bar's place)."""
    word = next((w for w in words if len(w) <= width), words[-1])
    return Text(f"{word:^{max(width, len(word))}}", style=style)


def unit_row(state: State, rules: Rules, unit: Unit, lay: Layout) -> Text:
    s = unit.stats
    active = unit.id == state.clock.active
    downed, recalled = is_downed(unit), is_recalled(unit)
    text = Text()
    text.append("▶ " if active else "  ", style=pal.CAUTION_BOLD)
    name = row_name(state, unit, lay)
    name.stylize_before(side_style(state, unit, "now" if active else ""))
    text.append_text(name)
    if name.cell_len < lay.name:
        text.append(" " * (lay.name - name.cell_len))
    ap, rate = s.get("ap", 0), gain(unit, rules)
    text.append(" AP ", style=pal.MUTED)  # the clock's column, labelled like HP and AR
    if recalled:
        text.append_text(mark(("RECALLED", "RCLD", "R"), lay.ap, "bold reverse"))
    else:
        text.append_text(bar(min(ap, READY), READY, lay.ap, pal.CAUTION_BOLD if ap >= READY else pal.GOOD))
    text.append(f" {ap:>3}", style=pal.CAUTION_BOLD if ap >= READY else "")
    if lay.rate:
        text.append(f" +{rate:<3}", style=pal.MUTED)
    hp, hpm = s.get("hp", 0), s.get("hp_max", 0)
    text.append(" HP ")
    if downed:
        text.append_text(mark(("DOWNED", "DOWN", "D"), lay.hp, "bold reverse"))
    else:
        text.append_text(bar(hp, hpm, lay.hp, hp_style(hp, hpm)))
    text.append(f" {hp:>3}/{hpm:<3}")
    ar, arm = s.get("ar", 0), s.get("ar_max", 0)
    text.append(" AR ")
    if is_broken(unit, rules) and not (downed or recalled):
        text.append_text(mark(("BROKEN", "BRKN", "B!"), lay.ar, pal.ALERT))
    else:
        text.append_text(bar(ar, arm, lay.ar, pal.ARMOR))
    text.append(f" {ar:>2}/{arm:<2}")
    ki, kim, kennel = s.get("ki", 0), s.get("ki_max", 0), s.get("kennel", 0)
    text.append(" KI ")
    if lay.ki:
        text.append_text(bar(ki, kim, lay.ki, pal.SPECIAL))
        text.append(" ")
    text.append(f"{ki}/{kim}")
    text.append(f" K{kennel}", style=pal.MUTED if kennel == 100 else pal.SPECIAL_BOLD)
    if downed or recalled:
        text.stylize(pal.OUT)  # one muted colour over the row's own (dim fell under the contrast asked)
    return text


def unit_rows(state: State, rules: Rules, unit: Unit, lay: Layout, width: int) -> list[Text]:
    """A unit's row cut to ``width``, its conditions on it when they fit, else on a row under it."""
    row = unit_row(state, rules, unit, lay)
    row.truncate(width, overflow="ellipsis")
    conds = conditions_text(unit)
    if not conds.plain:
        return [point_at(row, "unit", unit.id)]  # a click on a row points at its unit (ui/render/pointing.py)
    if row.cell_len + 2 + conds.cell_len <= width:
        return [point_at(row + Text("  ") + conds, "unit", unit.id)]
    under = Text(" " * 4) + conds
    under.truncate(width, overflow="ellipsis")
    return [point_at(row, "unit", unit.id), point_at(under, "unit", unit.id)]


def no_units() -> list[Text]:
    return [Text("no units: add some with 'add ID SIDE ap_total=N hp=N'", style=pal.MUTED)]


# ---------------------------------------------------------------- ruler


def ruler(state: State, turns: list[Turn], width: int) -> list[Text]:
    """The AP timeline: one row per unit on the clock, a mark on each tick
    where the projection gives it a turn."""
    name_w = width_for(state.units.values(), 9, 12) + 1
    called = labels(state.units.values(), name_w - 1)
    span_w = max(10, width - name_w - 8)
    now = state.clock.tick
    last = max([t.tick for t in turns] + [now + 10])
    scale = max(1, -(-(last - now) // span_w))  # ticks per cell, rounded up
    stretch = max(1, min(4, span_w // max(1, last - now)))  # cells per tick on wide panes
    cells = (last - now) // scale * stretch + 1
    head = Text()
    head.append(f"{'tick ' + str(now):<{name_w}}", style=pal.MUTED)
    axis = ["─"] * cells
    for i in range(0, cells, 10 * stretch):
        axis[i] = "┼"
    head.append("".join(axis), style=pal.MUTED)
    head.append(f" {now + (cells - 1) // stretch * scale}", style=pal.MUTED)
    lines = [head]
    by_unit: dict[str, list[Turn]] = {}  # each unit's turns, in order: one pass over the turns
    for t in turns:
        by_unit.setdefault(t.unit, []).append(t)
    for unit in state.units.values():
        marks = by_unit.get(unit.id)
        if not marks:
            continue
        row = [" "] * cells
        for n, t in enumerate(marks, 1):
            col = (t.tick - now) // scale * stretch
            row[col] = str(n) if n < 10 and row[col] == " " else ("*" if row[col] != " " else "+")
        line = Text()
        line.append(f"{called[unit.id]:<{name_w}}", style=side_style(state, unit))
        line.append("".join(row), style="bold")
        lines.append(line)
    if scale > 1:
        lines.append(Text(f"(one cell = {scale} ticks; digits: 1st, 2nd... turn in view)", style=pal.MUTED))
    return lines


def timeline(state: State, turns: list[Turn], width: int) -> list[Text]:
    """The AP timeline section: a blank line, its heading and the ruler (nothing without turns)."""
    if not turns:
        return []
    return [Text(""), Text("AP timeline (next turns by tick)", style="bold underline"), *ruler(state, turns, width)]


# ---------------------------------------------------------------- attack odds


TARGET_W = 10  # the odds table's target column
ODDS_REST = 52  # cells of an odds row that are not its weapon column (a broken target's x2 aside)


def weapon_width(state: State, uid: str, width: int) -> int:
    """The odds table's weapon column for unit ``uid`` in a ``width``-cell pane:
    its longest weapon name, at most 16 cells, less where the room is short (6 at least)."""
    longest = max((cell_len(w.name) for w in weapons_of(state, uid)), default=0)
    return max(6, min(16, longest, width - ODDS_REST))


def odds_line(
    state: State, rules: Rules, strike: Hit | Brk, *, full: bool = True, weapon_w: int = 10, names: Mapping[str, str] | None = None
) -> Text:
    """What a hit or brk would do on each d20 band: the raw sum (``full``) or
    the target, the weapon and the raw number (a row of the odds table), then
    the amount per band."""
    b, amounts, raw, base = odds(state, rules, strike)
    target = state.units[strike.target]
    what = "AR" if isinstance(strike, Brk) else "HP"
    text = Text(no_wrap=True, overflow="ellipsis")
    if full:
        text.append(f"{strike.VERB} {strike.attacker} {strike.target}: ", style="bold")
        text.append(raw)
    else:
        called = names[target.id] if names is not None else label(state, target, TARGET_W)
        text.append(f"{strike.VERB} {called:<{TARGET_W}} ", style="bold")
        weapon = weapon_label(state, strike, weapon_w)
        if weapon:
            text.append(weapon + " " * (weapon_w - cell_len(weapon) + 1), style=pal.MUTED)
        text.append(f"raw {base:>3}")
    if is_broken(target, rules) and isinstance(strike, Hit):
        text.append(" x2 broken", style=pal.BAD_BOLD)
    for result, amount in amounts.items():
        text.append(" │ ", style=pal.MUTED)
        text.append(f"{b.label(result)} ")
        text.append(f"{amount}", style="bold" if result != GLANCING else "")
    text.append(f" {what}")
    return text


def weapon_label(state: State, strike: Hit | Brk, width: int) -> str:
    """The name of the weapon ``strike`` uses, told apart from the attacker's
    others in the odds table's column ("" for a unit without weapons)."""
    owned = weapons_of(state, strike.attacker)
    if not owned:
        return ""
    used = strike.weapon or owned[0].id
    return labels(owned, width).get(used, used)


def matchups(state: State, rules: Rules, width: int, legal: Callable[[Hit | Brk], bool] | None = None) -> list[Text]:
    """For the acting unit: what a hit and a brk would do to each standing enemy,
    each with the unit's best weapon for it (``best_strike``: the most HP or AR
    taken), named in the row; only those ``legal`` allows now (none once the
    turn's attacks are used); each an odds row cut to ``width``."""
    uid = state.clock.active
    unit = state.units.get(uid) if uid else None
    if unit is None or is_downed(unit) or is_recalled(unit):
        return []
    lines = []
    weapon_w = weapon_width(state, unit.id, width)
    names = labels(state.units.values(), TARGET_W)
    for target in state.units.values():
        if target.side == unit.side or is_downed(target) or is_recalled(target):
            continue
        for plain in (Hit(attacker=unit.id, target=target.id), Brk(attacker=unit.id, target=target.id)):
            if isinstance(plain, Brk) and target.stats.get("ar", 0) <= 0:
                continue
            strike = best_strike(state, rules, plain)
            if legal is not None and not legal(strike):
                continue
            lines.append(odds_row(state, rules, strike, width, weapon_w, names))
    return lines


def odds_row(
    state: State, rules: Rules, strike: Hit | Brk, width: int, weapon_w: int | None = None, names: Mapping[str, str] | None = None
) -> Text:
    """One line of the acting unit's attacks: the short odds line cut to ``width``."""
    if weapon_w is None:
        weapon_w = weapon_width(state, strike.attacker, width)
    text = odds_line(state, rules, strike, full=False, weapon_w=weapon_w, names=names)
    text.truncate(width, overflow="ellipsis")
    return text


def attacks_heading(unit: Unit, rules: Rules) -> list[Text]:
    """A blank line and the heading of ``unit``'s attacks, with its d20 bands."""
    b = bands(unit, rules)
    words = f"d20 {b.label('Glancing')} glance, {b.label('Regular')} regular, {b.label('Critical')} crit"
    return [Text(""), Text(f"{unit.name}'s attacks ({words})", style="bold underline")]


def turn_used(unit: Unit, width: int) -> list[Text]:
    """What the attacks section says once the acting unit has made its turn's attacks."""
    done = Text(f"{unit.name} has made this turn's attack: next ends the turn", style=pal.MUTED)
    done.truncate(width, overflow="ellipsis")
    return [Text(""), done]
