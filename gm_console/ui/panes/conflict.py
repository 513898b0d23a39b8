"""The zone conflict pane: the zone map, every character's Stress track with
Injuries and markers, Momentum and Threat, and who has acted this round.

Narrow (the 80x24 console gives it about 78x13): a header, the map, then the
tracks (two to a line when they would not fit). Wide (110+ columns): the map
on the left, the tracks with full detail on the right.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal

from gm_console.core.rules import Rules
from gm_console.core.state import State
from gm_console.core.systems.conflict.board import Board
from gm_console.core.systems.conflict.stress import dying
from gm_console.core.systems.conflict.turns import candidates
from gm_console.ui.panes.base import SystemPane
from gm_console.ui.text import content
from gm_console.ui.view import View
from gm_console.ui.widgets.literal import LiteralStatic
from gm_console.ui import palette as pal
from gm_console.ui.widgets.zone_map import SIDE_STYLE, ZoneMap, label, legend, map_lines, unit_conditions

WIDE = 110


def fit(text: str, most: int) -> str:
    return text if len(text) <= most else text[: most - 1] + "…"


def board_of(state: State) -> Board | None:
    return state.boards.get("conflict")


def controller(state: State, uid: str) -> str:
    return state.sides[state.units[uid].side].controller


# ---------------------------------------------------------------- map callbacks


def token(state: State, uid: str) -> Text:
    unit = state.units[uid]
    b = board_of(state)
    how = "now" if state.clock.active == uid else "done" if b is not None and uid in b.acted else ""
    text = Text(label(state, uid, 8), style=pal.side(state.sides[state.units[uid].side], how))
    if b is not None and b.cover.get(uid) == unit.zone:
        text.append("⌂", style=pal.INFO)
    if unit.has("dead"):
        text.append("†", style=pal.BAD_BOLD)
    elif unit.has("defeated"):
        text.append("✚" if dying(state, uid) else "✕", style=pal.BAD_BOLD)
    if unit.has("prone"):
        text.append("↓", style=pal.CAUTION)
    conds = own_conditions(unit)
    if conds.plain:
        text.append(" ")
        text.append_text(conds)
    return text


SYSTEM_MARKS = frozenset(("defeated", "prone", "dead"))  # the pane's own marks (✕ ✚ † ↓, Defeated, Prone)


def own_conditions(unit) -> Text:
    """The GM's conditions (``cond UNIT NAME for=...``) with what is left of each."""
    return unit_conditions(unit, SYSTEM_MARKS)


def token_detail(state: State, uid: str) -> Text:
    """The map token with the Stress count, for wide layouts."""
    text = token(state, uid)
    b = board_of(state)
    if b is not None and uid in b.chars and b.chars[uid].stress_max > 0:
        c = b.chars[uid]
        text.append(f" {state.units[uid].stats.get('stress', 0)}/{c.stress_max}", style=pal.CAUTION_BOLD if c.fatigued else pal.MUTED)
    return text


def reach_groups(rules: Rules):
    def groups(state: State, zone: str) -> list[list[str]]:
        here = [u.id for u in state.units_in(zone)]
        b = board_of(state)
        if b is None:
            return [[u] for u in here]
        if rules["conflict.reach"] == "zone":
            sides = {controller(state, u) for u in here}
            return [here] if len(sides) > 1 else [[u] for u in here]
        parent = {u: u for u in here}

        def able(u: str) -> bool:
            unit = state.units[u]
            return not unit.has("defeated") and not unit.has("dead")

        def find(u: str) -> str:
            while parent[u] != u:
                u = parent[u]
            return u

        for a, c in b.reach:  # only an able enemy within Reach matters at a glance (penalty, no Movement)
            if a in parent and c in parent and controller(state, a) != controller(state, c) and able(a) and able(c):
                parent[find(a)] = find(c)
        out: dict[str, list[str]] = {}
        for u in here:
            out.setdefault(find(u), []).append(u)
        return list(out.values())

    return groups


# ---------------------------------------------------------------- header and tracks


def header_lines(state: State, rules: Rules, width: int) -> list[Text]:
    b = board_of(state)
    head = Text()
    head.append(f"Round {state.clock.round}", style="bold")
    if b is not None:
        if state.clock.active:
            who = state.units[state.clock.active].name
            head.append(" · ")
            head.append(who, style=pal.side(state.sides[state.units[state.clock.active].side], "now"))
            extra = " (kept)" if b.turn and b.turn.kept else ""
            if b.turn:
                extra += f" M{b.turn.majors}/{1 + b.turn.extra_majors} m{b.turn.minors}/{1 + b.turn.extra_minors}"
            head.append(extra, style=pal.MUTED)
        else:
            left = candidates(state, b.to_go)
            pick = "players'" if b.to_go == "players" else "GM's"
            head.append(f" · {pick} pick: ", style="bold")
            head.append(", ".join(label(state, u) for u in left) or "next ends the round", style=SIDE_STYLE[b.to_go])
    cap = rules["conflict.momentum_cap"]
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
    if b is not None and b.pending:
        p = b.pending[0]
        name = state.units[p.target].name if p.target in state.units else p.target
        warn = Text(f"⚠ avoid {p.target} / suffer {p.target}: {name} faces {p.intent.capitalize()} {p.adjusted} ({p.what})", style=pal.CAUTION_BOLD)
        if len(b.pending) > 1:
            warn.append(f" (+{len(b.pending) - 1} more)", style=pal.CAUTION)
        lines.append(warn)
    return [ln[:width] if ln.cell_len > width else ln for ln in lines]


def mark(state: State, b: Board, uid: str) -> Text:
    unit = state.units[uid]
    if unit.has("dead") or unit.has("defeated"):
        return Text("✕", style=pal.BAD)
    if state.clock.active == uid:
        return Text("▶", style="bold")
    if uid in b.acted:
        return Text("✓", style=pal.MUTED)
    return Text("·", style=pal.MUTED)


def boxes(state: State, b: Board, uid: str, most: int | None = None) -> Text:
    c = b.chars[uid]
    stress = state.units[uid].stats.get("stress", 0)
    if c.stress_max <= 0:
        return Text("no Stress" if c.tier != "minor" else "minor NPC", style=pal.MUTED)
    filled, empty = min(stress, c.stress_max), max(0, c.stress_max - stress)
    if most is not None and c.stress_max > most:
        return Text(f"{stress:>2}/{c.stress_max}", style=pal.CAUTION_BOLD if c.fatigued else "")
    text = Text("■" * filled, style=pal.CAUTION_BOLD if c.fatigued else pal.SPECIAL)
    text.append("□" * empty, style=pal.MUTED)
    text.append(f" {stress}/{c.stress_max}")
    return text


def flags(state: State, b: Board, uid: str, brief: bool, injuries: bool = True) -> Text:
    unit, c = state.units[uid], b.chars[uid]
    out = Text()

    def add(word: str, short_word: str, style: str) -> None:
        if out.plain:
            out.append(" ")
        out.append(short_word if brief else word, style=style)

    if c.fatigued:
        attr = f"({c.fatigued_attr})" if c.fatigued_attr and not brief else ""
        add(f"Fatigued{attr}", "Fat", pal.CAUTION_BOLD)
    if unit.has("dead"):
        add("Dead", "Dead", pal.BAD_BOLD)
    elif unit.has("defeated"):
        if dying(state, uid):
            add(f"Dying{' (grace ' + str(c.grace) + ')' if c.grace else ''}", "Dying", pal.BAD_BOLD)
        add("Defeated", "Def", pal.BAD)
    if unit.has("prone"):
        add("Prone", "Prn", pal.CAUTION)
    if b.cover.get(uid) == unit.zone:
        add("in cover", "cov", pal.INFO)
    conds = own_conditions(unit)
    if conds.plain:
        if out.plain:
            out.append(" ")
        out.append_text(conds)
    if not injuries:
        return out
    if not brief:
        for inj in c.injuries:
            add(f"{inj.name} {inj.intent[0]}{inj.severity}{'✓' if inj.treated else ''}", "", pal.BAD if not inj.treated else pal.MUTED)
    elif c.injuries:
        add("", f"{len(c.injuries)}inj", pal.BAD)
    return out


def track_lines(state: State, width: int, height: int | None = None) -> list[Text]:
    b = board_of(state)
    if b is None:
        return []
    order = [u for u in state.units if u in b.chars and controller(state, u) == "players"]
    order += [u for u in state.units if u in b.chars and controller(state, u) != "players"]
    full = [full_row(state, b, uid, width) for uid in order]
    if height is None or len(full) <= height or width < 60:
        return full
    cols = 2
    col_w = (width - 1) // cols
    cells = [brief_row(state, b, uid, col_w) for uid in order]
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


def full_row(state: State, b: Board, uid: str, width: int) -> Text:
    unit = state.units[uid]
    line = mark(state, b, uid)
    line.append(" ")
    name_w = 12 if width >= 70 else 9
    line.append(fit(unit.name, name_w).ljust(name_w), style=SIDE_STYLE.get(controller(state, uid), ""))
    line.append(" ")
    line.append_text(boxes(state, b, uid, most=None if width >= 70 else 10))
    line.append(" ")
    line.append_text(flags(state, b, uid, brief=width < 70))
    if line.cell_len > width:
        line = line[: width - 1] + Text("…")
    return line


def brief_row(state: State, b: Board, uid: str, width: int) -> Text:
    unit = state.units[uid]
    line = mark(state, b, uid)
    line.append(label(state, uid, 7).ljust(7), style=SIDE_STYLE.get(controller(state, uid), ""))
    line.append(" ")
    line.append_text(boxes(state, b, uid, most=max(4, width - 26)))
    line.append(" ")
    line.append_text(flags(state, b, uid, brief=True))
    if line.cell_len > width:
        line = line[: width - 1] + Text("…")
    return line


def detail_lines(state: State, width: int) -> list[Text]:
    """Two or three lines a character: who and where, the track and markers, Injuries."""
    b = board_of(state)
    if b is None:
        return []
    out: list[Text] = []
    order = [u for u in state.units if u in b.chars and controller(state, u) == "players"]
    order += [u for u in state.units if u in b.chars and controller(state, u) != "players"]
    for uid in order:
        unit, c = state.units[uid], b.chars[uid]
        top = mark(state, b, uid)
        top.append(" ")
        top.append(fit(unit.name, 24), style=SIDE_STYLE.get(controller(state, uid), ""))
        if unit.id.lower() != unit.name.lower():  # the id the prompt takes
            top.append(f" {unit.id}", style=pal.MUTED)
        zone = state.zones[unit.zone].name if unit.zone in state.zones else "-"
        top.append(f"  {c.tier} · {zone}", style=pal.MUTED)
        out.append(top[:width])
        line = Text("  ")
        line.append_text(boxes(state, b, uid, most=width - 12))
        marks = flags(state, b, uid, brief=False)
        injuries = [i for i in c.injuries]
        if injuries:  # injuries get their own line here
            marks = flags_without_injuries(state, b, uid)
        if marks.plain:
            line.append("  ")
            line.append_text(marks)
        out.append(line[:width] if line.cell_len > width else line)
        if injuries:
            inj = Text("  Injuries: ", style=pal.MUTED)
            inj.append(", ".join(i.label() for i in injuries), style=pal.BAD)
            out.append(inj[:width] if inj.cell_len > width else inj)
    return out


def flags_without_injuries(state: State, b: Board, uid: str) -> Text:
    # (the Injuries get a line of their own; Dying reads them, so they stay in place)
    return flags(state, b, uid, brief=False, injuries=False)


def extra_lines(state: State, width: int) -> list[Text]:
    """The running turn, hazards and the latest complications (wide layouts)."""
    b = board_of(state)
    out: list[Text] = []
    if b is None:
        return out
    if b.turn is not None:
        t = b.turn
        bits = [f"Major {t.majors}/{1 + t.extra_majors}", f"Minor {t.minors}/{1 + t.extra_minors}"]
        bits += [w for w, on in (("aimed", t.aimed), ("prepared", t.prepared), ("kept initiative", t.kept)) if on]
        out.append(Text(f"Turn: {state.units[t.unit].name if t.unit in state.units else t.unit} · " + ", ".join(bits), style="bold"))
    acted = ", ".join(label(state, u) for u in b.acted if u in state.units) or "no one yet"
    out.append(Text(f"Acted this round: {acted}", style=pal.MUTED))
    for h in b.hazards.values():
        out.append(Text(f"Hazard {h.name}: {h.mode}, Severity {h.severity}, every {h.interval}", style=pal.CAUTION))
    for note in b.complications[-3:]:
        out.append(Text(f"Complication: {note}", style=pal.SPECIAL))
    return [ln[:width] if ln.cell_len > width else ln for ln in out]


def draft_odds(view: View) -> list[Text]:
    """The odds of the roll being typed (core/systems/conflict/odds.py, from the system's own
    plan of it), or why it cannot be made now; nothing for a line that rolls nothing."""
    from gm_console.core.errors import GMError
    from gm_console.core.systems.conflict.odds import action_odds

    draft = view.draft
    if draft is None or not view.live or getattr(draft, "SYSTEM", "") != "conflict" or not getattr(draft, "ROLLS", False):
        return []
    try:
        line = action_odds(draft, view.state, view.game.context(view.index))
    except GMError as exc:
        return [Text(f"{draft.VERB}: {exc}", style=pal.CAUTION)]
    if line is None:
        return []
    text = Text("odds: ", style="bold")
    text.append(line)
    return [text]


class ConflictPane(SystemPane):
    SYSTEM = "conflict"
    TITLE = "Zone conflict"
    DRAWS_ZONES = True

    DEFAULT_CSS = """
    ConflictPane #cf-head { height: auto; }
    ConflictPane #cf-body { height: 1fr; layout: vertical; }
    ConflictPane.-wide #cf-body { layout: horizontal; }
    ConflictPane #cf-map { height: auto; }
    ConflictPane #cf-tracks { height: 1fr; }
    ConflictPane.-wide #cf-map { width: 3fr; height: 1fr; }
    ConflictPane.-wide #cf-tracks { width: 2fr; height: 1fr; padding-left: 1; }
    """

    def compose(self) -> ComposeResult:
        yield LiteralStatic(id="cf-head")
        with Horizontal(id="cf-body"):
            yield ZoneMap(token=token, id="cf-map")
            yield LiteralStatic(id="cf-tracks")

    def show(self, view: View) -> None:
        self.view = view
        self.relayout()

    def on_resize(self) -> None:
        self.relayout()

    def preview(self, view: View) -> None:
        """While the GM types a roll (task, attack, first aid...): its exact odds above the tracks."""
        self.view = view
        self._draft = view.draft
        self._odds = draft_odds(view)
        self.show_tracks(layout=False)  # its height is fixed (1fr): typing lays nothing out

    def show_tracks(self, layout: bool = True) -> None:
        if not self.is_mounted:
            return
        lines = getattr(self, "_odds", []) + getattr(self, "_tracks", [])
        self.query_one("#cf-tracks", LiteralStatic).update(Text("\n").join(lines), layout=layout)

    def relayout(self) -> None:
        view = self.view
        if view is None or not self.is_mounted:
            return
        state, rules = view.state, view.game.rules
        width, height = self.content_size.width or 78, self.content_size.height or 13
        wide = width >= WIDE
        self.set_class(wide, "-wide")
        head = header_lines(state, rules, width)
        self.query_one("#cf-head", LiteralStatic).update(Text("\n").join(head))
        zmap = self.query_one(ZoneMap)
        zmap.groups = reach_groups(rules)
        zmap.per_line = None
        zmap.token = token_detail if wide else token
        zmap.show(state)
        body_h = max(3, height - len(head))
        key = legend(" ⌂ cover ↓ prone ✕ Defeated ✚ Dying")
        if wide:
            side_w = width * 2 // 5 - 1
            tracks = detail_lines(state, side_w)
            if len(tracks) > body_h:
                tracks = track_lines(state, side_w, body_h)
            more = extra_lines(state, side_w)
            if len(tracks) + 1 + len(more) <= body_h:
                tracks += [Text("")] + more
            if len(tracks) + 3 <= body_h:
                tracks += [Text(""), key]
            zmap.styles.height = "1fr"
        else:
            tracks = self.stacked(state, zmap, width, body_h, key)
        self._tracks = tracks
        draft = getattr(self, "_draft", None)  # a line still in the prompt: its odds on this state
        self._odds = draft_odds(View(view.game, view.state, view.index, view.live, draft)) if draft is not None else []
        self.show_tracks()
        b = board_of(state)
        if b is not None:
            self.border_subtitle = content(f"acted {len(b.acted)}/{len(b.chars)} · scene {b.scene}")

    def plain_text(self) -> str:
        """What the pane shows, as plain text (for tests and screen readers)."""
        parts = [self.query_one("#cf-head", LiteralStatic).content.plain]
        parts.append(self.query_one(ZoneMap).render().plain)
        parts.append(self.query_one("#cf-tracks", LiteralStatic).content.plain)
        return "\n".join(parts)

    def stacked(self, state: State, zmap: ZoneMap, width: int, body_h: int, key: Text) -> list[Text]:
        """Map over tracks: the richest arrangement that fits the height."""
        for per_line in (True, False):
            need = len(map_lines(state, width, body_h, token, zmap.groups, per_line=per_line))
            for tracks in (detail_lines(state, width), track_lines(state, width)):
                if need + len(tracks) <= body_h:
                    zmap.per_line = per_line
                    zmap.styles.height = need
                    if need + len(tracks) + 2 <= body_h:
                        tracks = tracks + [Text(""), key]
                    return tracks
        zmap.per_line = False
        need = len(map_lines(state, width, body_h, token, zmap.groups, per_line=False))
        room = max(1, body_h - min(need, body_h - 3))
        zmap.styles.height = max(3, body_h - room)
        return track_lines(state, width, room)


PANE = ConflictPane
