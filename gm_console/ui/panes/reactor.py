"""The reactor/Facility board pane.

Top, always visible: whose shift and which phase, then one line that follows
the prompt (a typed strike is resolved on a copy of the state and shown, or
the rule that forbids it) or else the last strike's outcome. Below, per side:
the core's HEAT gauge, the HACK counters on its SKALA panel, the next Base
Load and what it is made of, Power Order, LOCKDOWN; each Facility with its
Integrity bar and GRANTS; each Personnel with its state badge, ATK, HP and
damage, traits and equipment; the casualties. Side by side when the pane is
wide, stacked when narrow; wide panes also list the last strike step by step.

Press s (or click the hint) for the strike flow.
"""

from __future__ import annotations

import os

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from gm_console.ui.widgets.literal import LiteralStatic

from gm_console.core.errors import GMError
from gm_console.core.systems.reactor.actions import Strike
from gm_console.core.systems.reactor.board import PHASE_TITLES, board_of
from gm_console.ui import palette as pal
from gm_console.ui.panes.base import SystemPane
from gm_console.ui.text import scrub
from gm_console.ui.view import View
from gm_console.ui.widgets import reactor_render as r

WIDE = 100  # inner width from which the two sides stand side by side


def lines(parts: list) -> int:
    """Rows a list of one-line Texts, Groups of them and blank lines takes."""
    return sum(len(p.renderables) if isinstance(p, Group) else 1 for p in parts)


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

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.shown: dict[str, object] = {}  # the renderables on screen, by part (for plain_text)

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
        return max(30, self.content_size.width or (self.size.width - 4))

    def redraw(self) -> None:
        if self.view is None or not self.is_mounted:
            return
        self.redraw_bar()
        self.shown["board"] = self.board_renderable()
        self.query_one("#rx-board", LiteralStatic).update(self.shown["board"])

    def redraw_bar(self) -> None:
        if self.view is None or not self.is_mounted:
            return
        state, width = self.view.state, self.inner_width
        board = board_of(state)
        head = Text()
        head.append(f" {state.sides[board.active].name} ", style=r.side_style(state, board.active) + " reverse")
        head.append(f" {PHASE_TITLES[board.phase]}", style="bold")
        head.append(f" · round {state.clock.round}", style=pal.MUTED)
        if self.view.live and board.phase == "operations" and not (self.content_size.height and self.content_size.height < 14):
            head.append("  s: strike flow", style=pal.MUTED_ITALIC)
        head.truncate(width, overflow="ellipsis")
        self.border_subtitle = "replay" if not self.view.live else ""
        draft = self.draft_line(width)
        if self.content_size.height and self.content_size.height < 14:  # short pane: one bar line
            head.append("  ")
            head.append_text(draft)
            head.truncate(width, overflow="ellipsis")
            self.shown["bar"] = Group(head)
        else:
            self.shown["bar"] = Group(head, draft)
        self.query_one("#rx-bar", LiteralStatic).update(self.shown["bar"])

    def plain_text(self, part: str) -> str:
        """What the bar or the board shows, as plain text (for tests and debugging)."""
        from rich.console import Console

        console = Console(width=self.inner_width, record=True, file=open(os.devnull, "w"), color_system=None, markup=False)
        console.print(self.shown.get(part, ""))
        return console.export_text()

    def draft_line(self, width: int) -> Text:
        view = self.view
        draft = view.draft
        if isinstance(draft, Strike):
            steps, problem = r.what_if(view.game, view.state, draft)
            line = Text("if: ", style="bold italic")
            if problem is None:
                try:
                    view.game.check_entry(draft)
                except GMError:  # a guard could block: Enter refuses the line until it says block=
                    line.append("add block=UNIT or block=none; unblocked: ", style=pal.CAUTION)
            line.append(problem or " → ".join(s for s in steps[1:] if not s.startswith("Damage is")), style=pal.CAUTION if problem else "italic")
        else:
            last = r.outcome(board_of(view.state).last)
            line = Text("last: ", style=pal.MUTED)
            line.append(" · ".join(last) if last else "no strike yet", style="" if last else pal.MUTED)
        line.truncate(width, overflow="ellipsis")
        line.no_wrap = True
        return line

    def board_renderable(self):
        state, rules, width = self.view.state, self.view.game.rules, self.inner_width
        board = board_of(state)
        sides = list(state.sides)
        if width >= WIDE and len(sides) >= 2:
            col = (width - 3 * (len(sides) - 1)) // len(sides)
            grid = Table.grid(padding=(0, 3), expand=True)
            for _ in sides:
                grid.add_column(width=col)
            grid.add_row(*(scrub(r.side_block(state, board, rules, s, col, True)) for s in sides))  # a Table is not scrubbed for us
            parts = [grid, Text(""), *r.table_summary(state, board, rules, width)]
            if board.last:
                parts += [Text(""), Text("Last strike", style="bold underline"), r.steps_text(board.last, width)]
            return Group(*parts)
        height = self.query_one("#rx-body").size.height
        detailed = [part for s in sides for part in (r.side_block(state, board, rules, s, width, True), Text(""))]
        summary = [*r.table_summary(state, board, rules, width), Text("")]
        last = [Text("Last strike", style="bold underline"), r.steps_text(board.last, width)] if board.last else []
        medium = [part for s in sides for part in (r.side_block(state, board, rules, s, width, True, False), Text(""))]
        for parts in (detailed + summary + last, detailed + last, detailed, medium + summary + last, medium + summary, medium):
            if lines(parts) <= height:
                return Group(*parts)
        return Group(*(r.side_block(state, board, rules, s, width, False) for s in sides))

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
