"""A map of the encounter's zones: boxes with their connections and Traits,
who stands where (sides in different colours), groups within Reach, and
hidden zones shown to the GM as hidden.

``map_lines`` draws into a character grid of a given size and returns Rich
Text lines, so the conflict pane can place the map beside its other parts;
``ZoneMap`` is the widget that draws a state at its own size. Systems tell
the map more about a unit through ``token`` and ``groups`` callbacks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from gm_console.core.fog import is_locked
from gm_console.core.state import State
from gm_console.ui import palette as pal
from gm_console.ui.render.conditions import unit_conditions
from gm_console.ui.render.names import labels
from gm_console.ui.render.pointing import mark as point_at, style as point_style
from gm_console.ui.text import clip, scrub

MIN_W = 14  # narrowest box, borders included
GAP = 2  # columns between boxes (connectors go here)

TokenFn = Callable[[State, str, int], Text]  # (state, unit id, the cells inside its box) -> its token
GroupFn = Callable[[State, str], list[list[str]]]


Styles = tuple[Style | str, ...]  # a cell's styles, lowest first, as given (the theme's style names stay names)


class Canvas:
    """A width x height grid of (character, styles) cells."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.cells: list[list[tuple[str, Styles]]] = [[(" ", ())] * width for _ in range(height)]

    def put(self, x: int, y: int, text: str | Text, style: Style | str = "") -> int:
        """Write ``text`` at (x, y), clipped; return the x after it."""
        if not 0 <= y < self.height:
            return x
        if isinstance(text, Text):
            plain = text.plain
            base: Styles = (text.style,) if text.style else ()
            cells = [base] * len(plain)
            for span in text.spans:  # in order: a later span is laid over an earlier one
                for i in range(max(0, span.start), min(span.end, len(plain))):
                    cells[i] = cells[i] + (span.style,)
        else:
            plain, cells = text, [(style,) if style else ()] * len(text)
        for i, ch in enumerate(plain):
            if 0 <= x + i < self.width:
                self.cells[y][x + i] = (ch, cells[i])
        return x + len(plain)

    def tag(self, x: int, y: int, w: int, h: int, style: Style) -> None:
        """Lay ``style`` under every cell of a region (a zone's box: a click in it points at the zone)."""
        for row in self.cells[max(0, y) : max(0, y + h)]:
            for i in range(max(0, x), min(self.width, x + w)):
                ch, styles = row[i]
                row[i] = (ch, (style, *styles))

    def lines(self) -> list[Text]:
        out = []
        for row in self.cells:
            line = Text()
            run = ""
            styles: Styles | None = None
            for ch, cell in [*row, ("", None)]:  # runs of cells with the same styles, then a sentinel
                if cell != styles and run:
                    start = len(line)
                    line.append(run)
                    for style in styles or ():
                        line.stylize(style, start, start + len(run))
                    run = ""
                run, styles = run + ch, cell
            line.rstrip()
            out.append(line)
        return out


def label(state: State, uid: str, most: int = 9) -> str:
    """What the map (and the panes that share its tokens) call a unit in
    ``most`` cells: the one rule of ``render/names.py`` among the fight's units
    (the whole name, else a cut that only this unit's name begins with, else its id)."""
    return labels(state.units.values(), most)[uid]


def default_token(state: State, uid: str, room: int = 9) -> Text:
    unit = state.units[uid]
    conds = unit_conditions(unit)
    most = max(9, room - 2 - (conds.cell_len + 1 if conds.plain else 0))  # (2: a Reach group's brackets)
    text = Text(label(state, uid, most), style=pal.side(state.sides.get(unit.side), "now" if state.clock.active == uid else ""))
    if conds.plain:
        text.append(" ")
        text.append_text(conds)
    return text


def default_groups(state: State, zone: str) -> list[list[str]]:
    return [[u.id] for u in state.units_in(zone)]


class Place(NamedTuple):
    zone: str
    col: int
    row: int


def layouts(state: State, width: int) -> list[tuple[list[Place], int, int]]:
    """Candidate grid places for the zones, best first: columns by distance from
    the first zone (connections read left to right), then reading order.
    Each is (places, columns, rows); a layout too wide for ``width`` is left out."""
    ids = list(state.zones)
    if not ids:
        return []
    depth: dict[str, int] = {}
    base = 0
    for start in ids:
        if start in depth:
            continue
        depth[start] = base
        todo = [start]
        while todo:
            nxt = []
            for z in todo:
                for a in state.zones[z].adjacent:
                    if a in state.zones and a not in depth:
                        depth[a] = depth[z] + 1
                        nxt.append(a)
            todo = nxt
        base = max(depth.values()) + 1
    out = []
    ncols = max(depth.values()) + 1
    per_col: dict[int, list[str]] = {}
    for z in ids:
        per_col.setdefault(depth[z], []).append(z)
    if ncols * MIN_W + (ncols - 1) * GAP <= width:
        nrows = max(len(v) for v in per_col.values())
        out.append(([Place(z, c, r) for c, zs in per_col.items() for r, z in enumerate(zs)], ncols, nrows))
    ncols = max(1, min(len(ids), (width + GAP) // (MIN_W + GAP)))
    # reading order, as many columns as fit, then fewer (wider boxes, whole names, more rows)
    for cols in range(ncols, 0, -1):
        out.append(([Place(z, i % cols, i // cols) for i, z in enumerate(ids)], cols, -(-len(ids) // cols)))
    return out


def traits_text(state: State, zone: str) -> str:
    z = state.zones[zone]
    bits = list(z.traits)
    if z.hidden:
        bits.insert(0, "hidden")
    return " · ".join(bits)


def flow(items: list[Text], width: int) -> list[Text]:
    """Wrap Text items (space separated) into lines of at most ``width`` cells."""
    lines: list[Text] = []
    cur = Text()
    for item in items:
        item = clip(item, max(2, width))
        if cur.plain and cur.cell_len + 1 + item.cell_len > width:
            lines.append(cur)
            cur = Text()
        if cur.plain:
            cur.append(" ")
        cur.append_text(item)
    if cur.plain:
        lines.append(cur)
    return lines


def group_text(state: State, group: list[str], token: TokenFn, room: int) -> Text:
    if len(group) == 1:
        return token(state, group[0], room)
    out = Text("[", style=pal.CAUTION)
    for i, uid in enumerate(group):
        if i:
            out.append("~", style=pal.CAUTION)
        out.append_text(token(state, uid, room))
    out.append("]", style=pal.CAUTION)
    return out


def split_group(state: State, group: list[str], token: TokenFn, room: int) -> list[Text]:
    """A Reach group too wide for one line: one member a line, bracketed."""
    lines = []
    for i, uid in enumerate(group):
        line = Text("[" if i == 0 else " ", style=pal.CAUTION)
        line.append_text(token(state, uid, room))
        line.append("~" if i < len(group) - 1 else "]", style=pal.CAUTION)
        lines.append(line)
    return lines


def map_lines(
    state: State,
    width: int,
    height: int,
    token: TokenFn = default_token,
    groups: GroupFn = default_groups,
    per_line: bool | None = None,
) -> list[Text]:
    """Draw the zones into ``width`` x ``height`` cells (fewer lines if it needs fewer).

    ``per_line``: one occupant (or Reach group) per line; None chooses it when it fits.
    """
    width, height = max(width, MIN_W), max(height, 3)
    given = token
    token = lambda state, uid, room: point_at(given(state, uid, room), "unit", uid)  # noqa: E731  (a click on a token points at its unit)
    candidates = layouts(state, width)
    if not candidates:
        return [Text("no zones in this encounter", style=pal.MUTED)]
    numbers = {z: i + 1 for i, z in enumerate(state.zones)}

    def variants(zone: str, inner: int, one_each: bool, room: int) -> list[list[Text]]:
        """Ways to fill a box, richest first; the drawing takes the first that fits.
        ``room``: the cells a token may take (0: its shortest label)."""
        tr = traits_text(state, zone)
        traits = [Text(clip(tr, inner), style=pal.MUTED_ITALIC)] if tr else []
        gs = groups(state, zone)
        items = [group_text(state, g, token, room) for g in gs]
        split: list[Text] = []
        for g, item in zip(gs, items):
            split += split_group(state, g, token, room) if item.cell_len > inner and len(g) > 1 else [item]
        each = [ln for item in split for ln in flow([item], inner)]
        out = [traits + each] if one_each else []
        out += [traits + flow(split, inner), traits + flow(items, inner), flow(items, inner)]
        return out

    def plan(places: list[Place], ncols: int, nrows: int, one_each: bool, short: bool):
        cell_w = max(MIN_W, (width - (ncols - 1) * GAP) // ncols)
        contents = {p.zone: variants(p.zone, cell_w - 2, one_each, 0 if short else cell_w - 2) for p in places}

        def need(k: int) -> int:  # rows needed when every box uses variant k (-1: the most compact)
            return sum(max([len(contents[p.zone][k]) for p in places if p.row == r] or [0]) + 2 for r in range(nrows))

        return cell_w, contents, need(0), need(-1)

    # whole names where the boxes have the room, else the shortest labels (render/names.py)
    tries = [(c, each, short) for short in (False, True) for each in ((True, False) if per_line is None else (per_line,)) for c in candidates]
    plans = [(c, plan(*c, each, short)) for c, each, short in tries]
    longest = max(len(f" {numbers[z]} {state.zones[z].name} ") for z in state.zones)
    # the richest that fits whole with every zone's name whole, else the richest that fits whole
    chosen = next((x for x in plans if x[1][2] <= height and x[1][0] - 3 >= longest), None)
    if chosen is None:
        chosen = next((x for x in plans if x[1][2] <= height), None)
    if chosen is None:
        chosen = next((x for x in plans if x[1][3] <= height), None)  # else the first that fits compactly
    if chosen is None:
        chosen = min(plans, key=lambda x: x[1][3])
    (places, ncols, nrows), (cell_w, contents, _, _) = chosen
    row_h = [max([len(contents[p.zone][0]) for p in places if p.row == r] or [0]) + 2 for r in range(nrows)]
    low = [max([len(contents[p.zone][-1]) for p in places if p.row == r] or [0]) + 2 for r in range(nrows)]
    while sum(row_h) > height and any(h > max(3, lo) for h, lo in zip(row_h, low)):
        i = max(range(nrows), key=lambda r: row_h[r] - max(3, low[r]))
        row_h[i] -= 1
    while sum(row_h) > height and max(row_h) > 3:
        i = row_h.index(max(row_h))
        row_h[i] -= 1
    canvas = Canvas(width, sum(row_h))
    tops = [sum(row_h[:r]) for r in range(nrows)]
    for p in places:
        x, y, h = p.col * (cell_w + GAP), tops[p.row], row_h[p.row]
        options = contents[p.zone]
        body = next((v for v in options if len(v) <= h - 2), options[-1])
        draw_box(canvas, state, p.zone, numbers, x, y, cell_w, h, body)
        canvas.tag(x, y, cell_w, h, point_style("zone", p.zone))
    draw_links(canvas, state, places, tops, row_h, cell_w)
    return canvas.lines()


def draw_box(canvas: Canvas, state: State, zone: str, numbers: dict[str, int], x: int, y: int, w: int, h: int, body: list[Text]) -> None:
    z = state.zones[zone]
    hidden = z.hidden
    border = pal.MUTED if hidden else ""
    hz, vt = ("┄", "┆") if hidden else ("─", "│")
    title = f" {numbers[zone]} {z.name} "
    if len(title) > w - 3:
        title = clip(title, w - 4) + " "
    canvas.put(x, y, "╭" + hz + title + hz * max(0, w - 3 - len(title)) + "╮", border)
    canvas.put(x + 2, y, title, pal.MUTED_BOLD if hidden else "bold")
    room = h - 2
    shown = body[:room]
    if len(body) > room and room > 0:
        shown = body[: room - 1] + [Text(f"+{len(body) - room + 1} more", style=pal.MUTED)]
    for i in range(room):
        canvas.put(x, y + 1 + i, vt, border)
        canvas.put(x + w - 1, y + 1 + i, vt, border)
        if i < len(shown):
            canvas.put(x + 1, y + 1 + i, shown[i])
    exits = []
    for a in z.adjacent:
        if a in numbers:
            exits.append(f"{numbers[a]}{'⊘' if is_locked(state, zone, a) else ''}")
    foot = f" ↔{','.join(exits)} " if exits else ""
    if len(foot) > w - 3:
        foot = clip(foot, w - 4) + " "
    canvas.put(x, y + h - 1, "╰" + hz + foot + hz * max(0, w - 3 - len(foot)) + "╯", border)
    canvas.put(x + 2, y + h - 1, foot, pal.MUTED)


def draw_links(canvas: Canvas, state: State, places: list[Place], tops: list[int], row_h: list[int], cell_w: int) -> None:
    """Connectors between boxes side by side in one row (others show as exits)."""
    at = {(p.col, p.row): p.zone for p in places}
    for p in places:
        right = at.get((p.col + 1, p.row))
        if right is None or right not in state.zones[p.zone].adjacent:
            continue
        x = p.col * (cell_w + GAP) + cell_w
        y = tops[p.row] + max(1, row_h[p.row] // 2)
        locked = is_locked(state, p.zone, right)
        canvas.put(x, y, "╳╳" if locked else "══", pal.BAD if locked else "")


LEGEND = (  # (mark, its style, meaning, its style)
    ("●", pal.PLAYER, "players", ""), ("●", pal.ENEMY, "GM", ""), ("[a~b]", pal.CAUTION, "within Reach", pal.MUTED),
    ("↔", pal.MUTED, "exits", pal.MUTED), ("⊘", pal.MUTED, "locked", pal.MUTED), ("┄", pal.MUTED, "hidden", pal.MUTED),
)


def legend_items(extra: tuple[tuple[str, str], ...] = ()) -> list[Text]:
    """The marks of the map, one ``Text`` each; ``extra``: a pane's own (mark, meaning) pairs."""
    marks = LEGEND + tuple((mark, pal.MUTED, meaning, pal.MUTED) for mark, meaning in extra)
    return [Text.assemble((mark, style), (" " + meaning, said)) for mark, style, meaning, said in marks]


def legend(extra: tuple[tuple[str, str], ...] = (), width: int | None = None) -> Text:
    """The legend on as many lines as ``width`` needs, broken between marks
    (never inside one); one line when ``width`` is None."""
    lines: list[Text] = []
    for item in legend_items(extra):
        if lines and (width is None or lines[-1].cell_len + 2 + item.cell_len <= width):
            lines[-1].append("  ").append_text(item)
        else:
            lines.append(item.copy())
    return Text("\n").join(lines)


class ZoneMap(Widget):
    """The zone map of a state, drawn at the widget's size."""

    DEFAULT_CSS = "ZoneMap { height: 1fr; }"

    def __init__(self, token: TokenFn = default_token, groups: GroupFn = default_groups, **kwargs) -> None:
        super().__init__(**kwargs)
        self.state: State | None = None
        self.token = token
        self.groups = groups
        self.per_line: bool | None = None  # one occupant a line (None: when it fits)

    def show(self, state: State) -> None:
        self.state = state
        self.refresh()

    def render(self) -> Text:
        if self.state is None:
            return Text("")
        lines = map_lines(self.state, self.size.width, self.size.height, self.token, self.groups, self.per_line)
        return Text("\n").join(scrub(line, lines=False) for line in lines)
