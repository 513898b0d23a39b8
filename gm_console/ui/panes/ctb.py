"""The CTB pane: the AP timeline.

Top, always visible: the FFX-style turn bar (the acting unit, then the
projected turns) and one line that follows the prompt: the what-if order
while the GM types an AP change, the odds while a hit or brk is typed, a
hint otherwise. Below, scrolling: a row per unit (AP filling toward 100,
HP, AR with the Armor Broken mark, KI, Kennel; Downed and Recalled dimmed),
the acting unit's attack odds against each enemy, and the tick ruler.
"""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from gm_console.ui.widgets.literal import LiteralStatic

from gm_console.core.actions import Action, SetStat
from gm_console.core.errors import GMError
from gm_console.core.systems.ctb.actions import Brk, Hit, _Adjust, unit_bands
from gm_console.core.systems.ctb.projection import project, what_if
from gm_console.ui import palette as pal
from gm_console.ui.panes.base import SystemPane
from gm_console.ui.text import content
from gm_console.ui.view import View
from gm_console.ui.widgets import ctb_render as r
from gm_console.ui.widgets.lines_view import LinesView

def what_if_change(view: View, draft: Action | None) -> tuple[str, dict[str, int]] | None:
    """(unit id, {"ap_total"/"ap": value}) when the draft changes a unit's clock."""
    state = view.state
    if isinstance(draft, SetStat) and draft.stat in ("ap_total", "ap") and draft.unit in state.units:
        return draft.unit, {draft.stat: draft.value}
    if isinstance(draft, _Adjust) and draft.unit in state.units:
        return draft.unit, {draft.STAT: draft.new_value(state.units[draft.unit])}
    return None


class CTBPane(SystemPane):
    SYSTEM = "ctb"
    TITLE = "CTB · AP timeline"

    DEFAULT_CSS = """
    CTBPane { padding: 0 1; }
    CTBPane #ctb-bar { height: auto; }
    CTBPane #ctb-body { height: 1fr; }
    """

    def compose(self) -> ComposeResult:
        yield LiteralStatic(id="ctb-bar")
        yield LinesView(id="ctb-body")  # rows, odds, timeline: a hit repaints only the rows it changed

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.draft: Action | None = None
        self.bar_text = ""  # what the turn bar and draft line show, as plain text (for tests)
        self._rows: dict[tuple, Text] = {}
        self._bar_lines: list[Text] = []
        self._subtitle = ""

    # ------------------------------------------------------------ the contract
    def show(self, view: View) -> None:
        if self.view is not None and view.game is not self.view.game:
            self._rows.clear()  # another encounter: other rules, other units
        self.view = view
        self.draft = view.draft
        self.redraw()

    def preview(self, view: View) -> None:
        self.view = view
        self.draft = view.draft
        self.redraw_bar()

    def on_resize(self) -> None:
        self.redraw()

    # ------------------------------------------------------------ drawing
    @property
    def inner_width(self) -> int:
        return max(20, self.content_size.width or (self.size.width - 4))

    def redraw(self) -> None:
        if self.view is None or not self.is_mounted:
            return
        self.redraw_bar()
        rows, odds, timeline = self.body_sections()
        self.query_one(LinesView).set_lines(rows + odds + timeline)

    @property
    def body_text(self) -> str:
        """The body as plain text (for tests)."""
        return self.query_one(LinesView).plain

    def turns(self, count: int | None = None):
        view = self.view
        board = view.state.boards.get("ctb")
        n = count or (board.projection_length if board else 10)
        return project(view.state, view.game.rules, n)

    def redraw_bar(self) -> None:
        if self.view is None or not self.is_mounted:
            return
        state, width = self.view.state, self.inner_width
        turns = self.turns()
        subtitle = f"tick {state.clock.tick} · round {state.clock.round}"
        if subtitle != self._subtitle:  # setting it repaints the whole pane, even unchanged
            self.border_subtitle = content(subtitle)
            self._subtitle = subtitle
        lines = [r.turn_bar(state, turns, width, "NOW" if state.clock.active else "NEXT")]
        lines.append(self.draft_line(turns, width))
        if lines == self._bar_lines:
            return  # e.g. a hit mid-turn leaves the turn bar as it was
        self.bar_text = "\n".join(line.plain for line in lines)
        self.query_one("#ctb-bar", LiteralStatic).update(Group(*lines), layout=len(lines) != len(self._bar_lines))
        self._bar_lines = lines

    def draft_line(self, turns, width: int) -> Text:
        view, draft = self.view, self.draft
        state, rules = view.state, view.game.rules
        change = what_if_change(view, draft)
        if change is not None:
            uid, values = change
            after = what_if(state, rules, uid, len(turns), **values)
            line = r.turn_bar(state, after, width, "IF " if state.clock.active else "IF  ", highlight=uid)
            line.stylize("italic")
            return line
        if isinstance(draft, (Hit, Brk)) and draft.attacker in state.units and draft.target in state.units:
            try:
                line = r.odds_line(state, rules, draft)
            except GMError as exc:
                line = Text(f"{draft.VERB}: {exc}", style=pal.CAUTION)
            line.truncate(width, overflow="ellipsis")
            return line
        if not view.live:
            return Text("replay: the turn bar shows this point of the log", style=pal.MUTED)
        if state.clock.active is None:
            return Text("type next to start the clock (or tick for one tick)", style=pal.MUTED)
        return Text("what-if: type set UNIT ap_total N, haste/slow/delay/rush UNIT N", style=pal.MUTED)

    def unit_row(self, state, rules, unit, lay) -> Text:
        """A unit's row, drawn again only when something it shows changed (an
        action usually touches one or two units of a big fight)."""
        key = (unit.id, unit.name, unit.side, tuple(unit.stats.items()), unit.id == state.clock.active, lay)
        row = self._rows.get(key)
        if row is None:
            if len(self._rows) > 8 * max(8, len(state.units)):
                self._rows.clear()
            row = self._rows[key] = r.unit_row(state, rules, unit, lay)
        return row

    @staticmethod
    def legal_now(strike, state, ctx) -> bool:
        """Whether the acting unit may make ``strike`` now (any d20 face)."""
        try:
            strike.with_dice((1,)).check(state, ctx)
        except GMError:
            return False
        return True

    def body_sections(self) -> tuple[list[Text], list[Text], list[Text]]:
        """The unit rows, the acting unit's attack odds, the AP timeline."""
        view = self.view
        state, rules = view.state, view.game.rules
        width = self.inner_width - 1  # the body's scrollbar takes a column
        lay = r.layout(width)
        rows: list[Text] = []
        for unit in state.units.values():
            row = self.unit_row(state, rules, unit, lay)
            row.truncate(width, overflow="ellipsis")
            conds = r.conditions_text(unit)
            if not conds.plain:
                rows.append(row)
            elif row.cell_len + 2 + conds.cell_len <= width:  # on the row when it fits, else under it
                rows.append(row + Text("  ") + conds)
            else:
                under = Text(" " * 4) + conds
                under.truncate(width, overflow="ellipsis")
                rows += [row, under]
        if not rows:
            return [Text("no units: add some with 'add ID SIDE ap_total=N hp=N'", style=pal.MUTED)], [], []
        odds_lines: list[Text] = []
        ctx = view.game.context(view.index)
        odds = r.matchups(state, rules, width, legal=lambda strike: self.legal_now(strike, state, ctx))
        active = state.units.get(state.clock.active) if state.clock.active else None
        if odds:
            b = unit_bands(active, 0, rules)
            bands = f"d20 {b.label('Glancing')} glance, {b.label('Regular')} regular, {b.label('Critical')} crit"
            odds_lines = [Text(""), Text(f"{active.name}'s attacks ({bands})", style="bold underline"), *odds]
        elif active is not None and getattr(state.boards.get("ctb"), "attacks", 0):
            done = Text(f"{active.name} has made this turn's attack: next ends the turn", style=pal.MUTED)
            done.truncate(width, overflow="ellipsis")
            odds_lines = [Text(""), done]
        time_lines: list[Text] = []
        turns = self.turns(max(10, len(state.units) * 4))
        if turns:
            time_lines = [Text(""), Text("AP timeline (next turns by tick)", style="bold underline"), *r.ruler(state, turns, width)]
        return rows, odds_lines, time_lines


PANE = CTBPane
