"""The CTB pane: the AP timeline.

Top, always visible: the FFX-style turn bar (the acting unit, then the
projected turns) and one line that follows the prompt: the what-if order
while the GM types an AP change, the odds while a hit or brk is typed, a
hint otherwise. Below, scrolling: a row per unit (AP filling toward 100,
HP, AR with the Armor Broken mark, KI, Kennel; Downed and Recalled dimmed),
the acting unit's attack odds against each enemy, and the tick ruler.
With the unit rows filling the body, the odds and the ruler are out of
sight, and are worked out once the frame is on the terminal.

What an action costs grows with what it changed, not with the fight: the
projection is worked out once per state (the turn bar's is a prefix of the
timeline's), a keystroke that leaves the parsed draft as it was draws
nothing, and an odds line and its legality are kept until something they
are computed from (the units' numbers, names, conditions, weapons, whose
turn it is, the turn's attacks) changes. The unit rows are built each redraw;
the body repaints only those that differ (``LinesView``). A state is the same
while it is the same object at the same log index: the engine changes a
state only by applying an action (the index moves) and gives a new object
otherwise (undo, replay jumps).
"""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult

from gm_console.core.actions import Action
from gm_console.core.errors import GMError
from gm_console.core.systems.ctb.view import (
    Brk,
    Hit,
    attacks_made,
    clock_change,
    project,
    projection_length,
    turn_key,
    weapons_of,
    what_if,
)
from gm_console.ui.panes.base import SystemPane
from gm_console.ui.render import ctb as r
from gm_console.ui.text import content
from gm_console.ui.view import View
from gm_console.ui.widgets.lines_view import LazyLine, LinesView
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
        self._odds: dict[tuple, Text] = {}  # (strike, both units' looks, weapons, width) -> its odds line
        self._legal: dict[tuple, bool] = {}  # the same and whose turn it is -> legal now
        self._bar_lines: list[Text] = []
        self._bar_key: tuple | None = None  # what the turn bar and draft line were drawn for
        self._timeline_key: tuple | None = None  # what the AP timeline was drawn from
        self._timeline: list[Text] = []
        self._body_state = None  # the state the body's rows were last set from
        self._tail: list = []  # the body's rows under the unit rows (odds, timeline), as last drawn
        self._tail_due: tuple | None = None  # (game, state, index) the tail waits for the frame to be drawn for
        self._game = None  # the game the caches above are of
        self._subtitle = ""
        self._drawn_width = 0  # the inner width the pane last drew at
        self._at: tuple | None = None  # (game, state, index) the projection below is of
        self._generation = 0  # counts the states seen (_at): the turn bar's key holds it, not the state
        self._turns: list = []
        self._turns_asked = 0  # how many turns _turns was asked for
        # how much work the pane did (tests check that it grows with what changed, not with the fight)

    # ------------------------------------------------------------ the contract
    def show(self, view: View) -> None:
        if view.game is not self._game:
            # another encounter: other rules, other units (the pane may have been hidden, its view None, meanwhile)
            self._game = view.game
            self._odds.clear()
            self._legal.clear()
            self._timeline_key = None
            self._tail = []
        self.view = view
        self.draft = view.draft
        self.redraw()

    def preview(self, view: View) -> None:
        self.view = view
        self.draft = view.draft
        self.redraw_bar()  # nothing to do while the parsed draft is what it was

    def on_resize(self) -> None:
        if self.inner_width == self._drawn_width:
            return  # drawn at this width already (before its layout, at its width_hint)
        self._bar_key = None  # the width is new
        self.redraw()

    # ------------------------------------------------------------ drawing
    @property
    def inner_width(self) -> int:
        return self.drawn_width(20)

    def redraw(self) -> None:
        """The turn bar, then the body. When the unit rows fill the body down to
        the bottom of what it shows, the odds and the AP timeline under them
        are below the fold: they are worked out once the frame is out (their
        legality checks and the timeline's longer projection are most of what
        a turn change costs this pane), and until then the rows there are the
        ones drawn before (out of sight: only a scroll down within those 50 ms
        would show them, and the new ones replace them then). Otherwise the
        whole body is drawn at once."""
        if self.view is None or not self.is_mounted:
            return
        if not self.size.width and not self.width_hint():
            return  # not laid out yet, nor is its width known: its Resize draws it
        self._drawn_width = self.inner_width
        self._tail_due = None
        body = self.query_one(LinesView)
        rows, looks = self.unit_section()
        after_frame = getattr(self.screen, "after_frame", None)  # FightScreen's
        if rows and self._tail and after_frame is not None and self._below_fold(body, len(rows)):
            self.redraw_bar()
            body.set_lines(rows + self._tail)
            self._tail_due = due = (self.view.game, self.view.state, self.view.index)
            after_frame(self._draw_tail, due)
            return
        self.turns(max(self._bar_count(), self._timeline_count()))  # one projection for the bar and the timeline
        self.redraw_bar()
        self._draw_body(body, rows, looks)

    @staticmethod
    def _below_fold(body: LinesView, first: int) -> bool:
        """Whether the body's row ``first`` and those after it are out of sight
        (as the body is laid out and scrolled now)."""
        shown = body.size.height
        return shown > 0 and first >= body.scroll_offset.y + shown

    def _draw_tail(self, due: tuple) -> None:
        """The body's rows under the units, for the state ``redraw`` left them
        waiting for; a redraw since, or another state, makes this one moot."""
        view = self.view
        if due is not self._tail_due or view is None or not self.is_mounted:
            return
        self._tail_due = None
        self._draw_body(self.query_one(LinesView), *self.unit_section())

    def _draw_body(self, body: LinesView, rows: list[Text], looks: dict) -> None:
        if not rows:
            self._tail = []
            body.set_lines(r.no_units())
            return
        odds, timeline = self.tail_sections(looks)
        self._tail = odds + timeline
        body.set_lines(rows + self._tail)

    def _bar_count(self) -> int:
        return projection_length(self.view.state)

    def _timeline_count(self) -> int:
        return max(10, len(self.view.state.units) * 4)

    def _same_state(self) -> bool:
        """Whether the view shows the state the caches were computed for (else they start again)."""
        view, at = self.view, self._at
        if at is not None and at[0] is view.game and at[1] is view.state and at[2] == view.index:
            return True
        self._at = (view.game, view.state, view.index)
        self._generation += 1
        self._turns, self._turns_asked = [], 0
        return False

    def turns(self, count: int | None = None):
        """The next ``count`` turns (default: the turn bar's), projected once
        per state: fewer are the first of those (a projection's first k turns
        are the projection of k)."""
        view = self.view
        n = count or self._bar_count()
        self._same_state()
        if n > self._turns_asked:
            self._turns = project(view.state, view.game.rules, n)
            self._turns_asked = n
        return self._turns[:n]

    def redraw_bar(self) -> None:
        if self.view is None or not self.is_mounted:
            return
        state, width = self.view.state, self.inner_width
        self._same_state()
        key = (self._generation, self.draft, width, self.view.live)
        if key == self._bar_key:
            return  # the same state and the same parsed draft: the same two lines
        self._bar_key = key
        turns = self.turns()
        subtitle = f"tick {state.clock.tick} · round {state.clock.round}"
        if subtitle != self._subtitle:  # setting it repaints the whole pane, even unchanged
            self.border_subtitle = content(subtitle)
            self._subtitle = subtitle
        lines = [r.turn_bar(state, turns, width, "NOW" if state.clock.active else "NEXT")]
        lines.append(self.draft_line(turns, width))
        if lines == self._bar_lines:
            return  # e.g. a hit mid-turn leaves the turn bar as it was
        self.query_one("#ctb-bar", LiteralStatic).update(Group(*lines), layout=len(lines) != len(self._bar_lines))
        self._bar_lines = lines

    def draft_line(self, turns, width: int) -> Text:
        view, draft = self.view, self.draft
        state, rules = view.state, view.game.rules
        change = clock_change(state, draft)
        if change is not None:
            uid, values = change
            return r.what_if_line(state, what_if(state, rules, uid, len(turns), **values), width, uid)
        if isinstance(draft, (Hit, Brk)) and draft.attacker in state.units and draft.target in state.units:
            return r.strike_line(state, rules, draft, width)
        return r.hint_line(state, view.live)

    @staticmethod
    def look(unit) -> tuple:
        """Everything of a unit its odds are drawn from."""
        conditions = tuple((k, c.name, c.remaining, c.per) for k, c in unit.conditions.items())
        return (unit.id, unit.name, unit.side, unit.zone, tuple(unit.stats.items()), conditions, unit.traits, unit.items)

    @staticmethod
    def legal_now(strike, state, ctx) -> bool:
        """Whether the acting unit may make ``strike`` now (any d20 face)."""
        try:
            strike.with_dice((1,)).check(state, ctx)
        except GMError:
            return False
        return True

    def _strike_key(self, strike, state, looks) -> tuple:
        return (type(strike), looks[strike.attacker], looks[strike.target], weapons_of(state, strike.attacker))

    def _legal_cached(self, strike, state, ctx, looks) -> bool:
        key = (self._strike_key(strike, state, looks), turn_key(state))
        found = self._legal.get(key)
        if found is None:
            if len(self._legal) > 16 * max(8, len(state.units)):
                self._legal.clear()
            found = self._legal[key] = self.legal_now(strike, state, ctx)
        return found

    def _odds_cached(self, strike, state, rules, width, looks) -> LazyLine:
        """A strike's odds line, kept while its inputs are the same, and worked
        out only when the body first draws it (under 50 unit rows it is below
        the fold): from the state the body was last given, whose inputs to it
        are the key's."""
        key = (self._strike_key(strike, state, looks), width, rules)
        found = self._odds.get(key)
        if found is None:
            if len(self._odds) > 16 * max(8, len(state.units)):
                self._odds.clear()
            found = self._odds[key] = LazyLine(key, lambda: self._odds_text(strike, rules, width))
        return found

    def _odds_text(self, strike, rules, width: int) -> Text:
        return r.odds_row(self._body_state, rules, strike, width)

    def unit_section(self) -> tuple[list[Text], dict]:
        """The unit rows, and each unit's look (what its odds are drawn from)."""
        state, rules = self.view.state, self.view.game.rules
        width = self.inner_width - 1  # the body's scrollbar takes a column
        lay = r.layout(width)
        rows: list[Text] = []
        looks = {}
        for unit in state.units.values():
            looks[unit.id] = self.look(unit)
            rows += r.unit_rows(state, rules, unit, lay, width)
        return rows, looks

    def tail_sections(self, looks: dict) -> tuple[list[Text], list[Text]]:
        """The acting unit's attack odds and the AP timeline, under the unit rows."""
        view = self.view
        state, rules = view.state, view.game.rules
        width = self.inner_width - 1  # the body's scrollbar takes a column
        # What the lazy odds lines are worked out from, when drawn. Set only with
        # the tail: lines left from an earlier state while the tail waits for the
        # frame (redraw) are worked out from the state they were made for.
        self._body_state = state
        odds_lines: list[Text] = []
        ctx = view.game.context(view.index)
        odds = r.matchups(
            state, rules, width,
            legal=lambda strike: self._legal_cached(strike, state, ctx, looks),
            line=lambda strike: self._odds_cached(strike, state, rules, width, looks),
        )
        active = state.units.get(state.clock.active) if state.clock.active else None
        if odds:
            odds_lines = [*r.attacks_heading(active, rules), *odds]
        elif active is not None and attacks_made(state):
            odds_lines = r.turn_used(active, width)
        return odds_lines, self.timeline(state, width)

    def timeline(self, state, width: int) -> list[Text]:
        """The AP timeline's lines, drawn again only when the projected turns,
        the tick, the width or a unit's name or side changed (a hit mid-turn
        leaves it as it was)."""
        turns = self.turns(self._timeline_count())
        key = (tuple(turns), state.clock.tick, width, tuple((u.id, u.name, u.side) for u in state.units.values()))
        if key != self._timeline_key:
            self._timeline_key = key
            self._timeline = r.timeline(state, turns, width)
        return self._timeline


PANE = CTBPane
