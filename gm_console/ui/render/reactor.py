"""How the reactor board is drawn: the pane's bar (whose shift, the phase,
the typed strike's preview or the last strike's outcome), a side's block
(gauges, HACK pips, Base Load, Power Order, LOCKDOWN, Facilities, Personnel
rows with their badges, casualties), the summary of who can strike what, the
board laid out for the pane's size, and the strike flow's labels. Pure
functions of what ``gm_console.core.systems.reactor.view`` gives, a width and
a height, to Rich Text: the pane and the flow only put them on screen."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from rich.table import Table

from gm_console.core.errors import GMError
from gm_console.core.rules import Rules
from gm_console.core.state import State, Unit
from gm_console.core.systems.reactor import view as rv
from gm_console.core.systems.reactor.view import EXHAUSTED, ORIENTATION, STATIONED, Facility, Reason, Target, grants_text
from gm_console.ui import palette as pal
from gm_console.ui.render.pointing import mark as point_at
from gm_console.ui.text import clip, scrub

STAGES = ((0.5, "NOMINAL", pal.GOOD), (0.8, "ELEVATED", pal.CAUTION), (1.0, "CRITICAL", pal.BAD_BOLD))


def side_style(state: State, side: str, how: str = "") -> str:
    """The side's colour (the theme's, the same in every pane); ``how``: see ``palette.side``."""
    return pal.side(state.sides[side], how)


def bar(value_: int, maximum: int, width: int, style: str) -> Text:
    filled = 0 if maximum <= 0 else round(max(0.0, min(1.0, value_ / maximum)) * width)
    return Text.assemble(("█" * filled, style), ("░" * (width - filled), pal.EMPTY))


# ---------------------------------------------------------------- the plant


def heat_stage(heat: int, limit: int, melted: bool) -> tuple[str, str]:
    if melted or (limit and heat >= limit):
        return "MELTDOWN", pal.ALERT
    if not limit:
        return "", pal.CAUTION
    share = heat / limit
    return next(((name, style) for top, name, style in STAGES if share < top), ("CRITICAL", pal.BAD_BOLD))


def heat_gauge(state: State, rules: Rules, side: str, width: int) -> Text:
    plant = rv.plant(state, side)
    limit = rv.meltdown_heat(rules)
    stage, style = heat_stage(plant.heat, limit, plant.melted)
    text = Text("HEAT ", style="bold")
    text.append_text(bar(plant.heat, limit or max(plant.heat, 1), width, pal.BAD if style == pal.ALERT else style))
    text.append(f" {plant.heat}" + (f"/{limit}" if limit else "") + " K", style="bold")
    if stage:
        text.append(f" {stage}", style=style)
    return text


HACK_PIPS = 10  # more counters than this: the number alone says how many


def hack_pips(state: State, side: str) -> Text:
    """HACK counters on the SKALA panel: a pip each (three empty ones at least,
    the raid's steps), then the number."""
    n = rv.plant(state, side).hack
    text = Text("HACK ", style="bold")
    text.append("●" * min(n, HACK_PIPS), style=pal.SPECIAL_BOLD)
    text.append("○" * max(0, 3 - n), style=pal.EMPTY)
    if n > HACK_PIPS:
        text.append("…", style=pal.SPECIAL_BOLD)
    text.append(f" {n}", style=pal.SPECIAL_BOLD if n else pal.MUTED)
    return text


def base_load_text(state: State, side: str, full: bool) -> Text:
    parts = rv.base_load_parts(state, side)
    total = rv.next_base_load(state, side)
    text = Text("Base Load ", style="bold")
    text.append(f"+{total} K", style=pal.CAUTION_BOLD if total else "")
    extra = [(name, v) for name, v in parts if name != "Base Load" and v]
    plant = rv.plant(state, side)
    if full:
        shown = [f"{v:+d} {name}" for name, v in parts if v]
        if len(shown) > 1 or (shown and parts[0][1] == 0):
            text.append(" = " + " ".join(shown), style=pal.MUTED)
        for card_steps in rv.incident_steps(state, side):
            steps = [s for s in card_steps if s["counters"] > plant.hack]
            if steps:
                text.append(f"; +{steps[0]['heat']} K at {steps[0]['counters']} counters", style=pal.CAUTION)
    elif extra:
        text.append(" (" + ", ".join(name for name, _ in extra) + ")", style=pal.MUTED)
    return text


def power_text(state: State, side: str) -> Text:
    plant = rv.plant(state, side)
    text = Text("Power Order ", style="bold")
    text.append(str(rv.power_order(state, side)), style=pal.GOOD_BOLD)
    text.append(f" · delivered {plant.delivered}", style=pal.MUTED)
    if plant.forfeited:
        text.append(f" · forfeited {plant.forfeited}", style=pal.BAD)
    return text


def lockdown_text(state: State, side: str) -> Text:
    n = rv.plant(state, side).lockdown
    if not n:
        return Text("")
    until = "next Shift End" if n == 1 else "Shift End after next"
    return Text.assemble((" LOCKDOWN ", pal.CAUTION_BADGE), (f" until its {until} (no Power Order then)", pal.CAUTION))


# ---------------------------------------------------------------- Facilities and Personnel


def integrity_style(share: float) -> str:
    return pal.GOOD if share > 0.5 else pal.CAUTION if share > 0.25 else pal.BAD


def facility_row(fac: Facility, width: int) -> Text:
    text = Text()
    if fac.destroyed:
        text.append(clip(fac.name, 16).ljust(17), style=pal.MUTED_STRUCK)
        text.append("DESTROYED", style=pal.BAD_BOLD)
        text.append(f" 0/{fac.integrity}", style=pal.MUTED)
        if fac.grants:
            text.append(f"  grants nothing (was {grants_text(fac.grants)})", style=pal.MUTED)
        return point_at(text, "facility", fac.id)
    text.append(clip(fac.name, 16).ljust(17), style="bold")
    bar_w = min(fac.integrity, 8)
    share = fac.remaining / fac.integrity
    text.append_text(bar(fac.remaining, fac.integrity, bar_w, integrity_style(share)))
    text.append(f" {fac.remaining}/{fac.integrity}")
    if fac.grants:
        text.append(f"  {grants_text(fac.grants)}", style=pal.INFO)
    text.truncate(width, overflow="ellipsis")
    return point_at(text, "facility", fac.id)


def facility_entry(fac: Facility, short_grants: bool, gone: str) -> Text:
    """One Facility of the compact board: name, Integrity (bar and number), what it grants."""
    text = Text()
    if fac.destroyed:  # named, marked and at 0 Integrity, as on the full board
        text.append(fac.name + " ", style=pal.MUTED_STRUCK)
        text.append(gone, style=pal.BAD_BOLD)
        text.append(f" 0/{fac.integrity}", style=pal.MUTED)
        return point_at(text, "facility", fac.id)
    share = fac.remaining / fac.integrity
    text.append(fac.name + " ", style="bold")
    text.append_text(bar(fac.remaining, fac.integrity, min(fac.integrity, 4), integrity_style(share)))
    text.append(f"{fac.remaining}/{fac.integrity}")
    if fac.grants:
        text.append(f" {grants_text(fac.grants, short_grants)}", style=pal.INFO)
    return point_at(text, "facility", fac.id)


def facility_lines(facs: list[Facility], width: int) -> list[Text]:
    """Every Facility of a side (the compact board): on one line when they fit
    (grants shortened, then DESTROYED), else over as many lines as they need,
    each Facility whole on one (a line never cuts a number: `DESTR. 0/` lost
    its Integrity). Only a Facility wider than the pane alone is cut, with `…`."""
    for short_grants, gone in ((False, "DESTROYED"), (True, "DESTROYED"), (True, "DESTR.")):
        entries = [facility_entry(fac, short_grants, gone) for fac in facs]
        if sum(e.cell_len for e in entries) + 3 * (len(entries) - 1) <= width:
            break
    rows: list[Text] = []
    for entry in entries:
        if rows and rows[-1].cell_len + 3 + entry.cell_len <= width:
            rows[-1].append(" · ", style=pal.MUTED)
            rows[-1].append_text(entry)
        else:
            rows.append(entry)
    for row in rows:
        row.truncate(width, overflow="ellipsis")
    return rows


def badge(unit: Unit) -> Text:
    """Two slots: READY/EXHAUSTED, then STATIONED or ORIENTATION."""
    text = Text()
    text.append("EXH" if unit.has(EXHAUSTED) else "RDY", style=pal.BAD if unit.has(EXHAUSTED) else pal.GOOD_BOLD)
    text.append(" ")
    if unit.has(STATIONED):
        text.append("STN", style=pal.ARMOR_BADGE if not unit.has(EXHAUSTED) else pal.ARMOR)
    elif unit.has(ORIENTATION):
        text.append("ORI", style=pal.CAUTION)
    else:
        text.append("   ")
    return text


def hp_cells(hp: int, damage: int) -> Text:
    left = max(0, hp - damage)
    return Text.assemble(("▮" * min(left, 10), pal.GOOD), ("✕" * min(hp - left, 10), pal.BAD))


def personnel_rows(state: State, rules: Rules, unit: Unit, width: int, full: bool) -> list[Text]:
    """One line per Personnel; ``full`` adds a second with where ATK comes from, traits and gear."""
    p = rv.profile(state, rules, unit)
    gear = rv.gear(state, unit)
    text = badge(unit)
    name_w = 24 if full else 17
    text.append(" " + clip(unit.name, name_w).ljust(name_w) + " ", style="bold")
    text.append(f"ATK {p.atk}" if full else f"ATK{p.atk}", style="bold")
    text.append(f"  HP {p.hp} " if full else f" HP{p.hp} ")
    text.append_text(hp_cells(p.hp, p.damage))
    if full or p.damage:
        text.append(f" dmg {p.damage}", style=pal.BAD if p.damage else pal.MUTED)
    if p.hack:
        text.append(f" HACK {p.hack}", style=pal.SPECIAL)
    extra = Text()
    sources = Text()  # the numbers in force and where each comes from: the card, a pack or floor, gear, Facilities
    for label, parts in (("ATK", p.atk_from), ("HP", p.hp_from), ("HACK", p.hack_from)):
        if len(parts) > 1:
            steps = " ".join(f"{n:+d} {src}" for src, n in parts[1:])
            sources.append(" · " if sources.plain else "", style=pal.MUTED)
            sources.append(f"{label} card {parts[0][1]} {steps}", style=pal.MUTED)
    if p.traits:
        extra.append(" ".join(p.traits) + " ", style=pal.INFO)
    if gear:
        extra.append("· " + ", ".join(gear) + " ", style="italic")
    if p.evade is not None:
        extra.append(f"unblockable by ATK≤{p.evade}", style=pal.INFO)
    rows = [text]
    if full:
        rows.append(Text("        ").append_text(extra) if extra.plain else Text(""))
        rows.append(Text("        ").append_text(sources) if sources.plain else Text(""))
        rows = [r for r in rows if r.plain.strip()]
    else:
        text.append(" ")
        text.append_text(extra)
    for row in rows:
        row.truncate(width, overflow="ellipsis")
        row.no_wrap = True
        point_at(row, "unit", unit.id)  # a click on it points at the Personnel (ui/render/pointing.py)
    return rows


def side_block(state: State, rules: Rules, side: str, width: int, full: bool, two_line: bool = True) -> Group:
    """A side's plant, Facilities, Personnel and casualties; ``full`` spends a line on each gauge,
    ``two_line`` (with full) a second line on each Personnel."""
    plant = rv.plant(state, side)
    head = Text()
    head.append(state.sides[side].name, style=side_style(state, side, "now" if rv.active(state) == side else ""))
    if plant.doctrine:
        head.append(f" · {plant.doctrine}", style=pal.MUTED)
    rows: list[RenderableType] = []
    if full:
        rows += [head, heat_gauge(state, rules, side, max(8, min(30, width - 34)))]
        line = hack_pips(state, side)
        line.append("  SKALA panel", style=pal.MUTED)
        rows += [line, base_load_text(state, side, True), power_text(state, side)]
        if plant.lockdown:
            rows.append(lockdown_text(state, side))
    else:
        head.append("  ")
        head.append_text(heat_gauge(state, rules, side, 8))
        head.append("  ")
        head.append_text(hack_pips(state, side))
        rows.append(head)
        line = base_load_text(state, side, False)
        line.append("  ")
        line.append_text(power_text(state, side))
        if plant.lockdown:
            line.append("  ")
            line.append(" LOCKDOWN ", style=pal.CAUTION_BADGE)
        rows.append(line)
    facs = rv.facilities(state, side)
    if full:
        rows += [Text("  ").append_text(facility_row(fac, width - 2)) for fac in facs]
    elif facs:
        rows += facility_lines(facs, width)
    units = state.units_of(side)
    for u in units:
        rows += personnel_rows(state, rules, u, width, full and two_line and width >= 60)
    if not units:
        rows.append(Text("  no Personnel on the board", style=pal.MUTED))
    dead = rv.casualties(state, side)
    if dead:
        rows.append(Text("  † " + ", ".join(c.name for c in dead), style=pal.MUTED_STRUCK if not full else pal.MUTED))
    for row in rows:
        if isinstance(row, Text):
            row.no_wrap = True
            row.truncate(width, overflow="ellipsis")
    return Group(*rows)


# ---------------------------------------------------------------- what-if and the last strike


def what_if(game, state: State, action) -> tuple[list[str], str | None]:
    """The events ``action`` would produce now, on a copy of the state, or why it is illegal."""
    try:
        action.check(state, game.context())
        copy = state.copy()
        ctx = game.context()
        action.apply(copy, ctx)
    except GMError as exc:
        return [], str(exc)
    return [e.text for e in ctx.events], None


OUTCOME_WORDS = ("Blocked", "killed", " K HEAT", "HACK counters on", "destroyed", "ARMOR", "MELTDOWN")


def outcome(steps: tuple[str, ...]) -> list[str]:
    """The steps of a resolution that changed something, for one summary line."""
    return [s for s in steps if any(w in s for w in OUTCOME_WORDS)]


def steps_text(steps: list[str] | tuple[str, ...], width: int, numbered: bool = True) -> Group:
    rows = []
    for i, step in enumerate(steps, 1):
        style = pal.BAD_BOLD if "killed" in step or "destroyed" in step or "MELTDOWN" in step else ""
        style = style or (pal.SPECIAL if "HACK" in step and "+" in step else pal.CAUTION if " K HEAT" in step else "")
        row = Text(f"{i:>2}. " if numbered else "  ", style=pal.MUTED)
        row.append(step, style=style)
        row.truncate(width, overflow="ellipsis")
        row.no_wrap = True
        rows.append(row)
    return Group(*rows)


def table_summary(state: State, rules: Rules, width: int) -> list[Text]:
    """Who can strike, which targets are open or closed and why, whose posts can still block."""
    rows = [Text("At the table", style="bold underline")]
    who = state.sides[rv.active(state)].name
    ready = [u for u, why in rv.strikers(state) if why is None]
    if not ready:
        why_not = {why.text for _, why in rv.strikers(state) if why is not None}
        rows.append(Text(f"Nobody of {who} can strike now ({'; '.join(sorted(why_not)) or 'no Personnel'})", style=pal.MUTED))
    else:
        rows.append(Text.assemble(("Can strike: ", "bold"), ", ".join(u.name for u in ready)))
        open_: dict[str, Target] = {}  # by label: a target some striker can strike
        closed: dict[str, Reason] = {}  # by label: why the first striker found cannot
        for unit in ready:
            for target, why in rv.targets(state, rules, unit):
                if target.side == unit.side:
                    continue
                if why is None:
                    open_.setdefault(target.label, target)
                else:
                    closed.setdefault(target.label, why)
        for label in open_:
            closed.pop(label, None)
        kinds: dict[str, list[str]] = {"reactor": [], "facility": [], "personnel": []}
        for target in open_.values():
            kinds[target.kind].append(target.label)
        shown = kinds["reactor"] + kinds["facility"] + ([f"{len(kinds['personnel'])} Personnel"] if kinds["personnel"] else [])
        rows.append(Text.assemble(("Open targets: ", "bold"), (", ".join(shown) or "none", pal.GOOD if shown else pal.BAD)))
        reasons: dict[str, list[str]] = {}
        for label, reason in closed.items():
            reasons.setdefault(reason.text, []).append(label)
        for text, labels in reasons.items():
            rows.append(Text.assemble(("Closed: ", "bold"), (", ".join(labels), pal.MUTED), (f" ({text})", pal.CAUTION)))
    for side in rv.opposing(state, rv.active(state)):
        posts = [u for u in state.units_of(side) if u.has(STATIONED)]
        fresh = [u.name for u in posts if not u.has(EXHAUSTED)]
        row = Text(f"{state.sides[side].name} can block with: ", style="bold")
        row.append(", ".join(fresh) if fresh else "nobody", style=pal.GOOD if fresh else pal.BAD)
        spent = [u.name for u in posts if u.has(EXHAUSTED)]
        if spent:
            row.append(f"  (spent on post: {', '.join(spent)})", style=pal.MUTED)
        rows.append(row)
    for row in rows:
        row.truncate(width, overflow="ellipsis")
        row.no_wrap = True
    return rows


# ---------------------------------------------------------------- the pane


WIDE = 100  # inner width from which the two sides stand side by side
SHORT = 14  # a pane shorter than this gets one bar line


def lines(parts: list) -> int:
    """Rows a list of one-line Texts, Groups of them and blank lines takes."""
    return sum(len(p.renderables) if isinstance(p, Group) else 1 for p in parts)


def draft_line(game, state: State, draft, width: int) -> Text:
    """The bar's second line: a typed strike resolved on a copy of the state
    (or the rule that forbids it), else the last strike's outcome."""
    if isinstance(draft, rv.Strike):
        steps, problem = what_if(game, state, draft)
        line = Text("if: ", style="bold italic")
        if problem is None:
            try:
                game.check_entry(draft)
            except GMError:  # a guard could block: Enter refuses the line until it says block=
                line.append("add block=UNIT or block=none; unblocked: ", style=pal.CAUTION)
        line.append(problem or " → ".join(s for s in steps[1:] if not s.startswith("Damage is")), style=pal.CAUTION if problem else "italic")
    else:
        last = outcome(rv.last_strike(state))
        line = Text("last: ", style=pal.MUTED)
        line.append(" · ".join(last) if last else "no strike yet", style="" if last else pal.MUTED)
    line.truncate(width, overflow="ellipsis")
    line.no_wrap = True
    return line


def pane_bar(state: State, draft: Text, live: bool, width: int, height: int) -> Group:
    """The pane's top: whose shift, the phase, the round (and the strike flow's key
    when it can open), then ``draft`` (``draft_line``); one line in a short pane."""
    active = rv.active(state)
    short = bool(height and height < SHORT)
    head = Text()
    head.append(f" {state.sides[active].name} ", style=side_style(state, active) + " reverse")
    head.append(f" {rv.phase_title(state)}", style="bold")
    head.append(f" · round {state.clock.round}", style=pal.MUTED)
    if live and rv.phase(state) == "operations" and not short:
        head.append("  s: strike flow", style=pal.MUTED_ITALIC)
    head.truncate(width, overflow="ellipsis")
    if short:
        head.append("  ")
        head.append_text(draft)
        head.truncate(width, overflow="ellipsis")
        return Group(head)
    return Group(head, draft)


def pane_board(state: State, rules: Rules, width: int, height: int) -> Group:
    """Both sides, the summary and the last strike, laid out for the pane:
    side by side from ``WIDE``; else stacked, dropping detail until it fits ``height``."""
    sides = list(state.sides)
    last_steps = rv.last_strike(state)
    if width >= WIDE and len(sides) >= 2:
        col = (width - 3 * (len(sides) - 1)) // len(sides)
        grid = Table.grid(padding=(0, 3), expand=True)
        for _ in sides:
            grid.add_column(width=col)
        grid.add_row(*(scrub(side_block(state, rules, s, col, True)) for s in sides))  # a Table is not scrubbed for us
        parts: list[RenderableType] = [grid, Text(""), *table_summary(state, rules, width)]
        if last_steps:
            parts += [Text(""), Text("Last strike", style="bold underline"), steps_text(last_steps, width)]
        return Group(*parts)
    detailed: list[RenderableType] = [part for s in sides for part in (side_block(state, rules, s, width, True), Text(""))]
    summary: list[RenderableType] = [*table_summary(state, rules, width), Text("")]
    last: list[RenderableType] = [Text("Last strike", style="bold underline"), steps_text(last_steps, width)] if last_steps else []
    medium: list[RenderableType] = [part for s in sides for part in (side_block(state, rules, s, width, True, False), Text(""))]
    for fitting in (detailed + summary + last, detailed + last, detailed, medium + summary + last, medium + summary, medium):
        if lines(fitting) <= height:
            return Group(*fitting)
    return Group(*(side_block(state, rules, s, width, False) for s in sides))


# ---------------------------------------------------------------- the strike flow


def unit_label(state: State, rules: Rules, unit: Unit) -> Text:
    """A Personnel as the flow offers it: badge, name, ATK, HP left, traits."""
    text = badge(unit)
    p = rv.profile(state, rules, unit)
    text.append(f" {unit.name} ", style="bold")
    text.append(f"ATK {p.atk} HP {p.hp - p.damage}/{p.hp}")
    if p.traits:
        text.append(" " + " ".join(p.traits), style=pal.INFO)
    return text


def target_label(state: State, rules: Rules, target: rv.Target) -> Text:
    """A target as the flow offers it: a Personnel's label, a Facility's row, a core's HEAT and counters."""
    if target.kind == "personnel":
        return unit_label(state, rules, state.units[target.id])
    if target.kind == "facility":
        return facility_row(rv.facility(state, target.id), 80)
    plant = rv.plant(state, target.side)
    return Text.assemble((target.label, "bold"), f"  HEAT {plant.heat} K · HACK {plant.hack}")


def strike_modes(state: State, rules: Rules, striker: Unit) -> list[tuple[str, Text]]:
    """The flow's HEAT-or-HACK choice for a reactor strike, by option id."""
    p = rv.profile(state, rules, striker)
    heat = rv.HEAT_PER_ATK
    return [
        ("heat", Text(f"HEAT: +{p.atk * heat} K on the core (ATK {p.atk} x {heat})")),
        ("hack", Text(f"HACK: +{p.hack} counters on the SKALA panel")),
    ]


def outcome_text(steps: list[str], problem: str | None) -> Text:
    """`` → +200 K HEAT on ...``: what a strike would do (``what_if``), or nothing when it is illegal."""
    shown = outcome(tuple(steps)) if problem is None else []
    return Text("  → " + " · ".join(shown), style="italic") if shown else Text()


def refused(label: Text, verb: str, why: str) -> Text:
    """An option the rules refuse, greyed out with the reason."""
    label = label.copy()
    label.stylize(pal.MUTED)
    label.append(f"  {verb}: {why}", style=pal.MUTED_ITALIC)
    return label
