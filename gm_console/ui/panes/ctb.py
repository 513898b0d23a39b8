"""The CTB pane: the AP timeline.

Top, always visible: the FFX-style turn bar (the acting unit, then the
projected turns) and one line that follows the prompt: the what-if order
while the GM types an AP change, the odds while a hit or brk is typed, a
hint otherwise. Below, scrolling: a row per unit (AP filling toward 100,
HP, AR with the Armor Broken mark, KI, Kennel; Downed and Recalled dimmed),
the acting unit's attack odds against each enemy, and the tick ruler. When
a turn starts the body scrolls so the acting unit's row (and as much of its
odds as fits) is in view; within a turn it stays where the GM scrolled it.

One path: each redraw builds all of it from the view with the plain
functions of ``ui/render/ctb.py``, the turns projected once for both the
turn bar and the timeline (the bar's are the first of the timeline's). What
reaches the screen is only what changed: the body repaints the rows that
differ (``LinesView``), and the bar is updated only when its lines differ,
without a layout (its height stays).
"""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult

from gm_console.core.actions import Action, Context
from gm_console.core.errors import GMError
from gm_console.core.state import State
from gm_console.core.systems.ctb.view import Brk, Hit, Turn, attacks_made, clock_change, project, projection_length, what_if
from gm_console.ui.panes.base import SystemPane
from gm_console.ui.render import ctb as r
from gm_console.ui.text import content
from gm_console.ui.view import View
from gm_console.ui.widgets.lines_view import LinesView
from gm_console.ui.widgets.literal import LiteralStatic


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
        self._bar_lines: list[Text] = []  # the turn bar and the line under it, as shown
        self._subtitle = ""
        self._drawn_width = 0  # the inner width the pane last drew at
        self._acting: tuple[int, int] | None = None  # body rows of the acting unit's row .. its last odds row
        self._followed: tuple | None = None  # the turn the body last scrolled to (see follow_turn)

    # ------------------------------------------------------------ the contract
    def show(self, view: View) -> None:
        self.view = view
        self.draft = view.draft
        self.redraw()

    def preview(self, view: View) -> None:
        """The draft changes only the line under the turn bar: the bar is drawn again, the body stays."""
        self.view = view
        self.draft = view.draft
        if self.is_mounted:
            self.redraw_bar(project(view.state, view.game.rules, projection_length(view.state)))

    def on_resize(self) -> None:
        if self.inner_width == self._drawn_width:
            if self.is_mounted:
                self.follow_turn(self.query_one(LinesView))  # a turn that started while the body had no height
            return  # drawn at this width already (before its layout, at its width_hint)
        self.redraw()

    # ------------------------------------------------------------ drawing
    @property
    def inner_width(self) -> int:
        return self.drawn_width(20)

    def redraw(self) -> None:
        """The turn bar and the body (unit rows, odds, timeline), from one projection."""
        view = self.view
        if view is None or not self.is_mounted:
            return
        if not self.size.width and not self.width_hint():
            return  # not laid out yet, nor is its width known: its Resize draws it
        self._drawn_width = self.inner_width
        state = view.state
        bar, timeline = projection_length(state), max(10, len(state.units) * 4)
        turns = project(state, view.game.rules, max(bar, timeline))  # the first k are the projection of k
        self.redraw_bar(turns[:bar])
        body = self.query_one(LinesView)
        body.set_lines(self.body_rows(turns[:timeline]))
        self.follow_turn(body)

    def follow_turn(self, body: LinesView) -> None:
        """When a turn has started since the body last followed one, scroll it so the
        acting unit's row is in view, and as much of its odds under it as fits; the
        least scroll that does it (none when they show already). Within a turn the
        body stays where the GM scrolled it."""
        view = self.view
        if view is None:
            return
        clock = view.state.clock
        turn = (clock.active, clock.turn)
        if turn == self._followed:
            return
        height = body.scrollable_content_region.height
        if height <= 0:
            return  # not laid out yet (or behind its tab): its Resize follows the turn
        self._followed = turn
        if self._acting is None:
            return
        start, end = self._acting
        top = round(body.scroll_y)
        if top <= start and end < top + height:
            return  # in view already
        if end - start < height:  # all of it fits: the least scroll that shows it
            body.scroll_to(y=start if top > start else end - height + 1, animate=False, immediate=True)
        else:
            body.scroll_to(y=start, animate=False, immediate=True)

    def redraw_bar(self, turns: list[Turn]) -> None:
        """The turn bar and the line under it; updated only when they changed (a hit mid-turn leaves them)."""
        view = self.view
        if view is None or not self.is_mounted:
            return
        state, width = view.state, self.inner_width
        subtitle = f"tick {state.clock.tick} · round {state.clock.round}"
        if subtitle != self._subtitle:  # setting it repaints the whole pane, even unchanged
            self.border_subtitle = content(subtitle)
            self._subtitle = subtitle
        lines = [r.turn_bar(state, turns, width, "NOW" if state.clock.active else "NEXT"), self.draft_line(view, turns, width)]
        if lines == self._bar_lines:
            return
        self.query_one("#ctb-bar", LiteralStatic).update(Group(*lines), layout=len(lines) != len(self._bar_lines))
        self._bar_lines = lines

    def draft_line(self, view: View, turns: list[Turn], width: int) -> Text:
        state, rules, draft = view.state, view.game.rules, self.draft
        change = clock_change(state, draft)
        if change is not None:
            uid, values = change
            return r.what_if_line(state, what_if(state, rules, uid, len(turns), **values), width, uid)
        if isinstance(draft, (Hit, Brk)) and draft.attacker in state.units and draft.target in state.units:
            return r.strike_line(state, rules, draft, width)
        return r.hint_line(state, view.live)

    @staticmethod
    def legal_now(strike: Hit | Brk, state: State, ctx: Context) -> bool:
        """Whether the acting unit may make ``strike`` now (any d20 face)."""
        try:
            strike.with_dice((1,)).check(state, ctx)
        except GMError:
            return False
        return True

    def body_rows(self, turns: list[Turn]) -> list[Text]:
        """The body: a row per unit, the acting unit's attack odds, the AP timeline."""
        view = self.view
        if view is None:
            return []
        state, rules = view.state, view.game.rules
        if not state.units:
            return r.no_units()
        width = self.inner_width - 1  # the body's scrollbar takes a column
        lay = r.layout(width, state.units.values())
        rows: list[Text] = []
        acting: tuple[int, int] | None = None  # the acting unit's rows
        for unit in state.units.values():
            start = len(rows)
            rows += r.unit_rows(state, rules, unit, lay, width)
            if unit.id == state.clock.active:
                acting = (start, len(rows) - 1)
        ctx = view.game.context(view.index)
        odds = r.matchups(state, rules, width, legal=lambda strike: self.legal_now(strike, state, ctx))
        active = state.units.get(state.clock.active) if state.clock.active else None
        if active is not None and odds:
            rows += [*r.attacks_heading(active, rules), *odds]
        elif active is not None and attacks_made(state):
            rows += r.turn_used(active, width)
        if acting is not None and odds:  # the acting unit's row and its odds under it
            acting = (acting[0], len(rows) - 1)
        self._acting = acting
        return rows + r.timeline(state, turns, width)


PANE = CTBPane
