"""Rich text for the reactor board pane: gauges, badges, rows, a side's
block. Pure functions of the state, the rules and a width, so the pane stays
thin and each piece is easy to test."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from gm_console.core.rules import Rules
from gm_console.core.state import State, Unit
from gm_console.core.systems.reactor.board import Board, Facility
from gm_console.core.systems.reactor.cards import grants_text, profile
from gm_console.core.systems.reactor.house_rules import value
from gm_console.core.systems.reactor.legality import EXHAUSTED, ORIENTATION, STATIONED, pack
from gm_console.ui import palette as pal

STAGES = ((0.5, "NOMINAL", pal.GOOD), (0.8, "ELEVATED", pal.CAUTION), (1.0, "CRITICAL", pal.BAD_BOLD))


def side_style(state: State, side: str, how: str = "") -> str:
    """The side's colour (the theme's, the same in every pane); ``how``: see ``palette.side``."""
    return pal.side(state.sides[side], how)


def short(name: str, width: int) -> str:
    return name if len(name) <= width else name[: max(1, width - 1)] + "…"


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


def heat_gauge(board: Board, rules: Rules, side: str, width: int) -> Text:
    plant = board.plants[side]
    limit = value(rules, "meltdown_heat")
    stage, style = heat_stage(plant.heat, limit, plant.melted)
    text = Text("HEAT ", style="bold")
    text.append_text(bar(plant.heat, limit or max(plant.heat, 1), width, pal.BAD if style == pal.ALERT else style))
    text.append(f" {plant.heat}" + (f"/{limit}" if limit else "") + " K", style="bold")
    if stage:
        text.append(f" {stage}", style=style)
    return text


HACK_PIPS = 10  # more counters than this: the number alone says how many


def hack_pips(board: Board, side: str) -> Text:
    """HACK counters on the SKALA panel: a pip each (three empty ones at least,
    the raid's steps), then the number."""
    n = board.plants[side].hack
    text = Text("HACK ", style="bold")
    text.append("●" * min(n, HACK_PIPS), style=pal.SPECIAL_BOLD)
    text.append("○" * max(0, 3 - n), style=pal.EMPTY)
    if n > HACK_PIPS:
        text.append("…", style=pal.SPECIAL_BOLD)
    text.append(f" {n}", style=pal.SPECIAL_BOLD if n else pal.MUTED)
    return text


def base_load_text(state: State, board: Board, side: str, full: bool) -> Text:
    parts = board.base_load_parts(side)
    total = board.next_base_load(side)
    text = Text("Base Load ", style="bold")
    text.append(f"+{total} K", style=pal.CAUTION_BOLD if total else "")
    extra = [(name, v) for name, v in parts if name != "Base Load" and v]
    plant = board.plants[side]
    if full:
        shown = [f"{v:+d} {name}" for name, v in parts if v]
        if len(shown) > 1 or (shown and parts[0][1] == 0):
            text.append(" = " + " ".join(shown), style=pal.MUTED)
        for p in plant.pending:
            card = board.cards.get("incident", p.card)
            steps = [s for s in (card.get("steps", ()) if card else ()) if s["counters"] > plant.hack]
            if steps:
                text.append(f"; +{steps[0]['heat']} K at {steps[0]['counters']} counters", style=pal.CAUTION)
    elif extra:
        text.append(" (" + ", ".join(name for name, _ in extra) + ")", style=pal.MUTED)
    return text


def power_text(board: Board, side: str) -> Text:
    plant = board.plants[side]
    text = Text("Power Order ", style="bold")
    text.append(str(board.power_order(side)), style=pal.GOOD_BOLD)
    text.append(f" · delivered {plant.delivered}", style=pal.MUTED)
    if plant.forfeited:
        text.append(f" · forfeited {plant.forfeited}", style=pal.BAD)
    return text


def lockdown_text(board: Board, side: str) -> Text:
    n = board.plants[side].lockdown
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
        text.append(short(fac.name, 16).ljust(17), style=pal.MUTED_STRUCK)
        text.append("DESTROYED", style=pal.BAD_BOLD)
        text.append(f" 0/{fac.integrity}", style=pal.MUTED)
        if fac.grants:
            text.append(f"  grants nothing (was {grants_text(fac.grants)})", style=pal.MUTED)
        return text
    text.append(short(fac.name, 16).ljust(17), style="bold")
    bar_w = min(fac.integrity, 8)
    share = fac.remaining / fac.integrity
    text.append_text(bar(fac.remaining, fac.integrity, bar_w, integrity_style(share)))
    text.append(f" {fac.remaining}/{fac.integrity}")
    if fac.grants:
        text.append(f"  {grants_text(fac.grants)}", style=pal.INFO)
    text.truncate(width, overflow="ellipsis")
    return text


def facility_line(facs: list[Facility], width: int) -> Text:
    """Every Facility of a side on one line (the compact board): name, Integrity, what it grants."""
    for short_grants, gone in ((False, "DESTROYED"), (True, "DESTROYED"), (True, "DESTR.")):
        text = Text()
        for fac in facs:
            if text.plain:
                text.append(" · ", style=pal.MUTED)
            if fac.destroyed:  # named, marked and at 0 Integrity, as on the full board
                text.append(fac.name + " ", style=pal.MUTED_STRUCK)
                text.append(gone, style=pal.BAD_BOLD)
                text.append(f" 0/{fac.integrity}", style=pal.MUTED)
                continue
            share = fac.remaining / fac.integrity
            text.append(fac.name + " ", style="bold")
            text.append_text(bar(fac.remaining, fac.integrity, min(fac.integrity, 4), integrity_style(share)))
            text.append(f"{fac.remaining}/{fac.integrity}")
            if fac.grants:
                text.append(f" {grants_text(fac.grants, short_grants)}", style=pal.INFO)
        if text.cell_len <= width:
            break
    text.truncate(width, overflow="ellipsis")
    return text


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


def personnel_rows(state: State, board: Board, rules: Rules, unit: Unit, width: int, full: bool) -> list[Text]:
    """One line per Personnel; ``full`` adds a second with where ATK comes from, traits and gear."""
    p = profile(state, board, unit, pack(rules))
    gear = [c.name for c in (board.cards.get("equipment", i) for i in unit.items) if c]
    text = badge(unit)
    name_w = 24 if full else 17
    text.append(" " + short(unit.name, name_w).ljust(name_w) + " ", style="bold")
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
    return rows


def side_block(state: State, board: Board, rules: Rules, side: str, width: int, full: bool, two_line: bool = True) -> Group:
    """A side's plant, Facilities, Personnel and casualties; ``full`` spends a line on each gauge,
    ``two_line`` (with full) a second line on each Personnel."""
    plant = board.plants[side]
    head = Text()
    head.append(state.sides[side].name, style=side_style(state, side, "now" if board.active == side else ""))
    if plant.doctrine:
        head.append(f" · {plant.doctrine}", style=pal.MUTED)
    rows: list[RenderableType] = []
    if full:
        rows += [head, heat_gauge(board, rules, side, max(8, min(30, width - 34)))]
        line = hack_pips(board, side)
        line.append("  SKALA panel", style=pal.MUTED)
        rows += [line, base_load_text(state, board, side, True), power_text(board, side)]
        if plant.lockdown:
            rows.append(lockdown_text(board, side))
    else:
        head.append("  ")
        head.append_text(heat_gauge(board, rules, side, 8))
        head.append("  ")
        head.append_text(hack_pips(board, side))
        rows.append(head)
        line = base_load_text(state, board, side, False)
        line.append("  ")
        line.append_text(power_text(board, side))
        if plant.lockdown:
            line.append("  ")
            line.append(" LOCKDOWN ", style=pal.CAUTION_BADGE)
        rows.append(line)
    facs = board.facilities_of(side)
    if full:
        rows += [Text("  ").append_text(facility_row(fac, width - 2)) for fac in facs]
    elif facs:
        rows.append(facility_line(facs, width))
    units = state.units_of(side)
    for u in units:
        rows += personnel_rows(state, board, rules, u, width, full and two_line and width >= 60)
    if not units:
        rows.append(Text("  no Personnel on the board", style=pal.MUTED))
    dead = [c for c in board.casualties if c.side == side]
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
    from gm_console.core.errors import GMError

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


def table_summary(state: State, board: Board, rules: Rules, width: int) -> list[Text]:
    """Who can strike, which targets are open or closed and why, whose posts can still block."""
    from gm_console.core.systems.reactor import legality as lg

    rows = [Text("At the table", style="bold underline")]
    who = state.sides[board.active].name
    ready = [u for u, why in lg.strikers(state, board) if why is None]
    if not ready:
        reasons = {why.text for _, why in lg.strikers(state, board) if why is not None}
        rows.append(Text(f"Nobody of {who} can strike now ({'; '.join(sorted(reasons)) or 'no Personnel'})", style=pal.MUTED))
    else:
        rows.append(Text.assemble(("Can strike: ", "bold"), ", ".join(u.name for u in ready)))
        open_, closed = {}, {}
        for unit in ready:
            for target, why in lg.targets(state, board, rules, unit):
                if target.side == unit.side:
                    continue
                (open_ if why is None else closed).setdefault(target.label, (target, why))
        for label in open_:
            closed.pop(label, None)
        kinds = {"reactor": [], "facility": [], "personnel": []}
        for target, _ in open_.values():
            kinds[target.kind].append(target.label)
        shown = kinds["reactor"] + kinds["facility"] + ([f"{len(kinds['personnel'])} Personnel"] if kinds["personnel"] else [])
        rows.append(Text.assemble(("Open targets: ", "bold"), (", ".join(shown) or "none", pal.GOOD if shown else pal.BAD)))
        reasons: dict[str, list[str]] = {}
        for label, (_, why) in closed.items():
            reasons.setdefault(why.text, []).append(label)
        for text, labels in reasons.items():
            rows.append(Text.assemble(("Closed: ", "bold"), (", ".join(labels), pal.MUTED), (f" ({text})", pal.CAUTION)))
    for side in lg.opposing(state, board.active):
        posts = [u for u in state.units_of(side) if u.has(lg.STATIONED)]
        fresh = [u.name for u in posts if not u.has(lg.EXHAUSTED)]
        row = Text(f"{state.sides[side].name} can block with: ", style="bold")
        row.append(", ".join(fresh) if fresh else "nobody", style=pal.GOOD if fresh else pal.BAD)
        spent = [u.name for u in posts if u.has(lg.EXHAUSTED)]
        if spent:
            row.append(f"  (spent on post: {', '.join(spent)})", style=pal.MUTED)
        rows.append(row)
    for row in rows:
        row.truncate(width, overflow="ellipsis")
        row.no_wrap = True
    return rows
