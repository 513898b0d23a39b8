"""How the zone conflict is drawn: the map tokens, the header (round, whose
turn or pick, Momentum and Threat, the hit waiting), every character's
Stress track with Injuries and markers, the running turn, hazards and
complications, and the odds of the roll being typed. Pure functions from
the conflict's view (core/systems/conflict/view.py) to Rich Text; the pane
(ui/panes/conflict.py) places them.
"""

from __future__ import annotations

import textwrap

from rich.text import Text

from gm_console.core.rules import Rules
from gm_console.core.state import State, Unit
import gm_console.core.systems.conflict.view as cv
from gm_console.ui import palette as pal
from gm_console.ui.render.pointing import mark as point_at
from gm_console.ui.text import clip
from gm_console.ui.render.conditions import unit_conditions
from gm_console.ui.widgets.zone_map import label, legend

KEY = (("⌂", "cover"), ("↓", "prone"), ("✕", "Defeated"), ("✚", "Dying"))
SYSTEM_MARKS = frozenset(("defeated", "prone", "dead"))  # the pane's own marks (✕ ✚ † ↓, Defeated, Prone)
LABEL = 8  # a label on the map in the narrow layout, where a box may be the narrowest (MIN_W)


def key_lines(width: int) -> list[Text]:
    """The legend of the marks, broken between marks to fit ``width``."""
    return list(legend(KEY, width).split("\n"))


# ---------------------------------------------------------------- map tokens


def token(state: State, uid: str, room: int = LABEL) -> Text:
    """A unit on the map: its label, its marks (cover, Defeated or Dying, prone) and the GM's conditions."""
    c = cv.character(state, uid)
    after = map_marks(c)
    return _token(state, c, after, label_room(state, uid, after, room))


def token_detail(state: State, uid: str, room: int = LABEL) -> Text:
    """The map token with the Stress count, for wide layouts."""
    c = cv.character(state, uid)
    after = map_marks(c)
    if c.record and c.stress_max > 0:
        after.append(f" {c.stress}/{c.stress_max}", style=pal.CAUTION_BOLD if c.fatigued else pal.MUTED)
    return _token(state, c, after, label_room(state, uid, after, room))


def label_room(state: State, uid: str, after: Text, room: int) -> int:
    """The cells a label has in a box ``room`` cells inside: the rest of the
    line less the marks after it, a Reach group's brackets and a cell of the
    conditions (never less than ``LABEL``), so the whole name shows where the box has the room."""
    room -= after.cell_len + (2 if own_conditions(state.units[uid]).plain else 0) + (2 if may_be_bracketed(state, uid) else 0)
    return max(LABEL, room)


def may_be_bracketed(state: State, uid: str) -> bool:
    """Whether the unit may stand in a Reach group (``[a~b]``, or a member a line
    between ``[`` and ``~``): its zone holds units of both the players and the GM."""
    zone = state.units[uid].zone
    if zone is None:
        return False
    return len({state.sides[u.side].controller for u in state.units_in(zone) if u.side in state.sides}) > 1


def map_marks(c: cv.Character) -> Text:
    """The marks after a unit's label on the map: ⌂ cover, † ✚ ✕ dead, Dying or Defeated, ↓ prone."""
    out = Text()
    if c.in_cover:
        out.append("⌂", style=pal.INFO)
    if c.dead:
        out.append("†", style=pal.BAD_BOLD)
    elif c.defeated:
        out.append("✚" if c.dying else "✕", style=pal.BAD_BOLD)
    if c.prone:
        out.append("↓", style=pal.CAUTION)
    return out


def _token(state: State, c: cv.Character, after: Text, width: int) -> Text:
    """The label in ``width`` cells, then ``after`` (marks, Stress), then the GM's conditions."""
    how = "now" if c.active else "done" if c.acted else ""
    text = Text(label(state, c.uid, width), style=pal.side(c.side, how))
    text.append_text(after)
    conds = own_conditions(state.units[c.uid])
    if conds.plain:
        text.append(" ")
        text.append_text(conds)
    return text


def own_conditions(unit: Unit) -> Text:
    """The GM's conditions (``cond UNIT NAME for=...``) with what is left of each."""
    return unit_conditions(unit, SYSTEM_MARKS)


def reach_groups(rules: Rules):
    """The map's ``groups`` callback: the units of a zone bracketed by Reach."""

    def groups(state: State, zone: str) -> list[list[str]]:
        return cv.reach_groups(state, rules, zone)

    return groups


# ---------------------------------------------------------------- header


def header_lines(state: State, rules: Rules, width: int) -> list[Text]:
    facts = cv.round_facts(state)
    head = Text()
    head.append(f"Round {state.clock.round}", style="bold")
    if facts is not None:
        if state.clock.active:
            active = cv.character(state, state.clock.active)
            head.append(" · ")
            head.append(active.name, style=pal.side(active.side, "now"))
            turn = facts.turn
            extra = " (kept)" if turn and turn.kept else ""
            if turn:
                extra += f" M{turn.majors}/{turn.majors_most} m{turn.minors}/{turn.minors_most}"
            head.append(extra, style=pal.MUTED)
        else:
            pick = "players'" if facts.to_go == "players" else "GM's"
            head.append(f" · {pick} pick: ", style="bold")
            head.append(", ".join(label(state, u) for u in facts.waiting) or "next ends the round", style=pal.PLAYER if facts.players_pick else pal.ENEMY)
    cap = cv.momentum_cap(rules)
    m = state.pools.get("momentum", 0)
    t = state.pools.get("threat", 0)
    pools = Text()
    pools.append("Momentum ", style="bold")
    pools.append("■" * max(0, min(m, cap)), style=pal.GOOD)
    pools.append("□" * max(0, cap - m), style=pal.MUTED)
    pools.append(f" {m}/{cap}  ")
    pools.append("Threat ", style="bold")
    pools.append(str(t), style=pal.BAD_BOLD if t < 0 else pal.BAD)
    if t < 0:
        pools.append(" deficit", style=pal.BAD)
    lines = []
    if head.cell_len + 3 + pools.cell_len <= width:
        lines.append(head + Text(" · ") + pools)
    else:
        lines += [head, pools]
    if facts is not None and facts.pending:
        p = facts.pending[0]
        name = state.units[p.target].name if p.target in state.units else p.target
        hit = f"⚠ {' / '.join(cv.answers(state, rules, p.target))}: {name} faces {p.intent.capitalize()} {p.adjusted}"
        more = f" (+{len(facts.pending) - 1} more)" if len(facts.pending) > 1 else ""
        why = f"; {p.why}" if p.why else ""
        warn = Text(f"{hit} ({p.what}{why})", style=pal.CAUTION_BOLD)
        warn.append(more, style=pal.CAUTION)
        if warn.cell_len <= width or not why:
            lines.append(warn)
        else:  # where the Severity comes from gets a line of its own rather than be cut
            warn = Text(f"{hit} ({p.what})", style=pal.CAUTION_BOLD)
            warn.append(more, style=pal.CAUTION)
            lines.append(warn)
            words = textwrap.wrap(f"Severity {p.adjusted}: {p.why}", width, initial_indent="  ", subsequent_indent="    ")
            if len(words) > 2:  # two lines at most: the log has the whole of it
                words = [words[0], clip(words[1] + " " + " ".join(w.strip() for w in words[2:]), width)]
            lines += [Text(w, style=pal.CAUTION) for w in words]
    return [clip(ln, width) for ln in lines]


def subtitle(state: State) -> str | None:
    """The pane's border subtitle: how many of those who can still act have finished
    their turn this round (the running turn is not finished), the scene."""
    facts = cv.round_facts(state)
    return None if facts is None else f"acted {facts.acted_able}/{facts.can_act} · scene {facts.scene}"


# ---------------------------------------------------------------- tracks


def mark(c: cv.Character) -> Text:
    if c.dead or c.defeated:
        return Text("✕", style=pal.BAD)
    if c.active:
        return Text("▶", style="bold")
    if c.acted:
        return Text("✓", style=pal.MUTED)
    return Text("·", style=pal.MUTED)


def boxes(c: cv.Character, most: int | None = None) -> Text:
    stress = c.stress
    if c.stress_max <= 0:
        return Text("no Stress" if c.tier != "minor" else "minor NPC", style=pal.MUTED)
    filled, empty = min(stress, c.stress_max), max(0, c.stress_max - stress)
    if most is not None and c.stress_max > most:
        return Text(f"{stress:>2}/{c.stress_max}", style=pal.CAUTION_BOLD if c.fatigued else "")
    text = Text("■" * filled, style=pal.CAUTION_BOLD if c.fatigued else pal.SPECIAL)
    text.append("□" * empty, style=pal.MUTED)
    text.append(f" {stress}/{c.stress_max}")
    return text


def flags(state: State, c: cv.Character, brief: bool, injuries: bool = True, traits: bool = True) -> Text:
    out = Text()

    def add(word: str, short_word: str, style: str) -> None:
        if out.plain:
            out.append(" ")
        out.append(short_word if brief else word, style=style)

    if c.fatigued:
        attr = f"({c.fatigued_attr})" if c.fatigued_attr and not brief else ""
        add(f"Fatigued{attr}", "Fat", pal.CAUTION_BOLD)
    if c.dead:
        add("Dead", "Dead", pal.BAD_BOLD)
    elif c.defeated:
        if c.dying:
            add(f"Dying{' (grace ' + str(c.grace) + ')' if c.grace else ''}", "Dying", pal.BAD_BOLD)
        add("Defeated", "Def", pal.BAD)
    if c.prone:
        add("Prone", "Prn", pal.CAUTION)
    if c.in_cover:
        add("in cover", "cov", pal.INFO)
    conds = own_conditions(state.units[c.uid])
    if conds.plain:
        if out.plain:
            out.append(" ")
        out.append_text(conds)
    if traits and c.traits:
        add("Traits: " + ", ".join(c.traits), f"{len(c.traits)}tr", pal.INFO)
    if not injuries:
        return out
    if not brief:
        for inj in c.injuries:
            add(f"{inj.name} {inj.intent[0]}{inj.severity}{'✓' if inj.treated else ''}", "", pal.BAD if not inj.treated else pal.MUTED)
    elif c.injuries:
        add("", f"{len(c.injuries)}inj", pal.BAD)
    return out


def track_lines(state: State, width: int, height: int | None = None) -> list[Text]:
    """A line a character (two to a line when they would not fit ``height``)."""
    order = cv.characters(state)
    full = [full_row(state, c, width) for c in order]
    if height is None or len(full) <= height or width < 60:
        return full
    cols = 2
    col_w = (width - 1) // cols
    cells = [brief_row(state, c, col_w) for c in order]
    rows = []
    for i in range(0, len(cells), cols):
        line = Text()
        for j, cell in enumerate(cells[i : i + cols]):
            if j:
                line.append(" ")
            line.append_text(cell)
            line.append(" " * max(0, col_w - cell.cell_len))
        rows.append(line)
    return rows


def full_row(state: State, c: cv.Character, width: int) -> Text:
    line = mark(c)
    line.append(" ")
    name_w = 12 if width >= 70 else 9
    line.append(clip(c.name, name_w).ljust(name_w), style=pal.side(c.side))
    line.append(" ")
    line.append_text(boxes(c, most=None if width >= 70 else 10))
    line.append(" ")
    line.append_text(flags(state, c, brief=width < 70))
    return point_at(clip(line, width), "unit", c.uid)  # a click on it points at the character (ui/render/pointing.py)


def brief_row(state: State, c: cv.Character, width: int) -> Text:
    line = mark(c)
    line.append(label(state, c.uid, 7).ljust(7), style=pal.side(c.side))
    line.append(" ")
    line.append_text(boxes(c, most=max(4, width - 26)))
    line.append(" ")
    line.append_text(flags(state, c, brief=True))
    return point_at(clip(line, width), "unit", c.uid)


def detail_lines(state: State, width: int) -> list[Text]:
    """Two or three lines a character: who and where, the track and markers, Injuries."""
    out: list[Text] = []
    for c in cv.characters(state):
        first = len(out)
        top = mark(c)
        top.append(" ")
        top.append(clip(c.name, 24), style=pal.side(c.side))
        if c.uid.lower() != c.name.lower():  # the id the prompt takes
            top.append(f" {c.uid}", style=pal.MUTED)
        zone = state.zones[c.zone].name if c.zone in state.zones else "-"
        top.append(f"  {c.tier} · {zone}", style=pal.MUTED)
        if c.record and (c.protection or c.protection_parts):
            top.append(f" · {protection_words(c)}", style=pal.MUTED)
        out.append(clip(top, width))
        line = Text("  ")
        line.append_text(boxes(c, most=width - 12))
        # the Injuries and Traits get a line of their own here (Dying reads them, so they stay in place)
        marks = flags(state, c, brief=False, injuries=not c.injuries, traits=False)
        if marks.plain:
            line.append("  ")
            line.append_text(marks)
        out.append(clip(line, width))
        if c.injuries:
            inj = Text("  Injuries: ", style=pal.MUTED)
            inj.append(", ".join(i.label for i in c.injuries), style=pal.BAD)
            out.append(clip(inj, width))
        if c.traits:
            tr = Text("  Traits: ", style=pal.MUTED)
            tr.append(", ".join(c.traits), style=pal.INFO)
            out.append(clip(tr, width))
        for line in out[first:]:
            point_at(line, "unit", c.uid)  # a click on any of its lines points at the character
    return out


def protection_words(c: cv.Character) -> str:
    """``Protection 1``, or ``Protection 0 (no cysuit)`` when what it wears gives none
    (the Trait or condition that says so is on its Traits line or among its marks)."""
    return f"Protection {c.protection}" + (" (no cysuit)" if c.cysuit_lost else "")


def extra_lines(state: State, width: int) -> list[Text]:
    """The running turn, hazards and the latest complications (wide layouts)."""
    facts = cv.round_facts(state)
    out: list[Text] = []
    if facts is None:
        return out
    if facts.turn is not None:
        t = facts.turn
        bits = [f"Major {t.majors}/{t.majors_most}", f"Minor {t.minors}/{t.minors_most}"]
        bits += [w for w, on in (("aimed", t.aimed), ("prepared", t.prepared), ("kept initiative", t.kept)) if on]
        out.append(Text(f"Turn: {state.units[t.unit].name if t.unit in state.units else t.unit} · " + ", ".join(bits), style="bold"))
    acted = ", ".join(label(state, u) for u in facts.acted if u in state.units) or "no one yet"
    out.append(Text(f"Acted this round: {acted}", style=pal.MUTED))
    for h in facts.hazards:
        out.append(Text(f"Hazard {h.name}: {h.mode}, Severity {h.severity}, every {h.interval}", style=pal.CAUTION))
    for note in facts.complications[-3:]:
        out.append(Text(f"Complication: {note}", style=pal.SPECIAL))
    return [ln[:width] if ln.cell_len > width else ln for ln in out]


# ---------------------------------------------------------------- odds


def odds_lines(verb: str, line: str | None, problem: str | None = None) -> list[Text]:
    """The odds of the roll being typed, or why it cannot be made now."""
    if problem is not None:
        return [Text(f"{verb}: {problem}", style=pal.CAUTION)]
    if line is None:
        return []
    text = Text("odds: ", style="bold")
    text.append(line)
    return [text]
