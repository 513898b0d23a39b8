"""The reactor/Facility board pane.

Top, always visible: whose shift and which phase, then one line that follows
the prompt (a typed strike is resolved on a copy of the state and shown, or
the rule that forbids it) or else the last strike's outcome. Below, per side:
the core's HEAT gauge, the HACK counters on its SKALA panel, the next Base
Load and what it is made of, Power Order, LOCKDOWN; each Facility with its
Integrity bar and GRANTS; each Personnel with its state badge, ATK, HP and
damage, traits and equipment; the casualties. Side by side when the pane is
wide, stacked when narrow; wide panes also list the last strike step by step.

Press s (or click the hint) for the strike flow. What it shows is drawn in
``gm_console.ui.render.reactor``; this module puts it on screen.
"""

from __future__ import annotations

from rich.console import RenderableType
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll

from gm_console.ui.panes.base import SystemPane
from gm_console.ui.render import reactor as r
from gm_console.ui.view import View
from gm_console.ui.widgets.literal import LiteralStatic


class ReactorPane(SystemPane):
    SYSTEM = "reactor"
    TITLE = "Reactor · board"
    BINDINGS = [
        Binding("s", "strike_flow", "Strike…"),
        Binding("up", "scroll(-1)", "Up", show=False),
        Binding("down", "scroll(1)", "Down", show=False),
        Binding("pageup", "scroll(-8)", "Page up", show=False),
        Binding("pagedown", "scroll(8)", "Page down", show=False),
    ]

    DEFAULT_CSS = """
    ReactorPane { padding: 0 1; }
    ReactorPane #rx-bar { height: auto; }
    ReactorPane #rx-body { height: 1fr; scrollbar-size-vertical: 1; }
    ReactorPane #rx-board { height: auto; }
    """

    def compose(self) -> ComposeResult:
        yield LiteralStatic(id="rx-bar")
        with VerticalScroll(id="rx-body", can_focus=False):
            yield LiteralStatic(id="rx-board")

    # ------------------------------------------------------------ the contract
    def show(self, view: View) -> None:
        self.view = view
        self.redraw()

    def preview(self, view: View) -> None:
        self.view = view
        self.redraw_bar()

    def on_resize(self) -> None:
        self.redraw()

    # ------------------------------------------------------------ drawing
    @property
    def inner_width(self) -> int:
        return self.drawn_width(30)

    def redraw(self) -> None:
        if self.view is None or not self.is_mounted:
            return
        self.redraw_bar()
        height = self.query_one("#rx-body").size.height
        state, rules, width = self.view.state, self.view.game.rules, self.inner_width
        board = r.pane_board(state, rules, width, height)
        if height and self.rows(board, width) > height:  # it scrolls: drawn a column narrower, clear of the scrollbar
            board = r.pane_board(state, rules, width - 1, height)
        self.query_one("#rx-board", LiteralStatic).update(board)

    def rows(self, board: RenderableType, width: int) -> int:
        """The rows ``board`` takes at ``width`` columns."""
        console = self.app.console
        return len(console.render_lines(board, console.options.update_width(width), pad=False))

    def redraw_bar(self) -> None:
        if self.view is None or not self.is_mounted:
            return
        view, width = self.view, self.inner_width
        self.border_subtitle = "replay" if not view.live else ""
        draft = r.draft_line(view.game, view.state, view.draft, width)
        bar = r.pane_bar(view.state, draft, view.live, width, self.content_size.height)
        self.query_one("#rx-bar", LiteralStatic).update(bar)

    # ------------------------------------------------------------ the strike flow
    def action_strike_flow(self) -> None:
        if self.view is None or not self.view.live:
            self.app.notify("replay mode shows the past: no strikes here", severity="warning")
            return
        from gm_console.ui.screens.strike_flow import StrikeFlow

        def done(line: str | None) -> None:
            if line:
                self.submit(line)

        self.app.push_screen(StrikeFlow(self.view.game, self.view.state), done)

    def action_scroll(self, lines: int) -> None:
        body = self.query_one("#rx-body")
        body.scroll_to(y=body.scroll_y + lines, animate=False)

    def on_click(self) -> None:
        self.focus()


PANE = ReactorPane
