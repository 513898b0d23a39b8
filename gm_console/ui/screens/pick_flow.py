"""Pick, don't type: a guided flow that builds one action line from choices.

A system's chooser (``ctb_flow.CTBChooser``, ``conflict_flow.ConflictChooser``)
says, for the picks made so far, which step comes next: the choices legal
now (the others greyed with the rule that forbids them), each with its odds
or damage bands, and the notation built so far; or the finished line with
what it would do, worked out on a copy of the state by the system's own
rules (``dry_run``). Enter picks, Backspace goes back a step, Escape cancels
(nothing typed in the prompt is touched). The flow dismisses with the line,
which the app applies through its normal path (checked, logged, journaled,
undoable), exactly as if it had been typed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from gm_console.core.errors import GMError
from gm_console.core.game import Game
from gm_console.core.state import State
from gm_console.ui import palette as pal
from gm_console.ui.widgets.literal import LiteralLabel, LiteralOptionList, LiteralStatic

APPLY = "=apply"


@dataclass
class Choice:
    id: str
    label: Text
    why: str | None = None  # why it cannot be chosen now: shown greyed, not selectable
    note: Text | None = None  # odds or damage bands, after the label


@dataclass
class Step:
    key: str  # the pick this step makes
    title: str
    choices: list[Choice]
    info: Any = None  # a renderable under the list (odds of the pool so far, ...)
    default: str | None = None  # the choice highlighted first (else the first allowed)


@dataclass
class Final:
    line: str  # the action line the flow applies
    title: str
    info: Any = None  # what it would do (a dry run on a copy of the state)
    problem: str | None = None  # why it cannot be applied (the rule)
    extra: list[str] = field(default_factory=list)


class Chooser(Protocol):
    NAME: str

    def step(self, picks: dict[str, str]) -> Step | Final: ...

    def line(self, picks: dict[str, str]) -> str: ...


def dry_run(game: Game, state: State, action) -> tuple[list[str], State | None, str | None]:
    """The events ``action`` would produce now and the state after it, on a copy of the
    state through the system's own check and apply; or why it is illegal."""
    ctx = game.context()
    try:
        action.check_entry(state, ctx)
        action.check(state, ctx)
        copy = state.copy()
        ctx = game.context()
        action.apply(copy, ctx)
    except GMError as exc:
        return [], None, str(exc)
    return [e.text for e in ctx.events], copy, None


def legal(game: Game, state: State, action) -> str | None:
    """None when ``action`` may be made now (dice filled in if it rolls), else the reason."""
    try:
        if action.ROLLS and getattr(action, "dice", None) is None:
            sides = action.dice_needed(state, game.context())
            action = action.with_dice(tuple(1 for _ in sides)) if sides else action
        action.check(state, game.context())
    except GMError as exc:
        return str(exc)
    return None


class PickFlow(ModalScreen[str | None]):
    DEFAULT_CSS = """
    PickFlow { align: center middle; }
    PickFlow > Vertical { width: 94%; max-width: 118; height: auto; max-height: 94%;
                          border: thick $accent; background: $surface; padding: 0 1; }
    PickFlow #pf-title { text-style: bold; width: 100%; }
    PickFlow #pf-line { width: 100%; }
    PickFlow OptionList, PickFlow OptionList:focus { height: auto; max-height: 18; border: none; padding: 0; }
    PickFlow #pf-info { height: auto; max-height: 10; }
    PickFlow #pf-hint { color: $text-muted; }
    """
    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        Binding("backspace", "back", "Back"),
    ]

    def __init__(self, chooser: Chooser) -> None:
        super().__init__()
        self.chooser = chooser
        self.picks: list[tuple[str, str]] = []
        self.current: Step | Final | None = None

    def compose(self) -> ComposeResult:
        with Vertical():
            yield LiteralLabel(id="pf-title")
            yield LiteralLabel(id="pf-line")
            yield LiteralOptionList(id="pf-options")
            yield LiteralStatic(id="pf-info")
            yield LiteralLabel("Enter choose · Backspace back · Esc cancel (the prompt keeps its text)", id="pf-hint")

    def on_mount(self) -> None:
        self.show_step()

    @property
    def chosen(self) -> dict[str, str]:
        return dict(self.picks)

    @property
    def step_key(self) -> str:
        """The step on screen: its pick's name, or ``confirm``."""
        return self.current.key if isinstance(self.current, Step) else "confirm"

    def info_text(self) -> str:
        """What the info under the list shows, as plain text (for tests)."""

        def plain(part) -> list[str]:
            if isinstance(part, Group):
                return [line for p in part.renderables for line in plain(p)]
            return [part.plain if isinstance(part, Text) else str(part)]

        return "\n".join(plain(self.query_one("#pf-info", LiteralStatic).content))

    def line_text(self) -> str:
        return self.chooser.line(self.chosen)

    def show_step(self) -> None:
        current = self.current = self.chooser.step(self.chosen)
        options: list[Option] = []
        default = None
        if isinstance(current, Step):
            options = self.options(current.choices)
            info = current.info
            default = current.default
        else:
            problem = current.problem
            label = Text("Apply: ", style="bold")
            label.append(current.line, style=pal.GOOD_BOLD if problem is None else pal.MUTED)
            options = [Option(label, id=APPLY, disabled=problem is not None)]
            info = Group(*([Text(problem, style=pal.BAD)] if problem is not None else []), *([current.info] if current.info is not None else []))
        self.query_one("#pf-title", LiteralLabel).update(Text(f"{self.chooser.NAME} · {current.title}"))
        line = Text("line: ", style=pal.MUTED)
        line.append(self.line_text(), style="bold")
        self.query_one("#pf-line", LiteralLabel).update(line)
        self.query_one("#pf-info", LiteralStatic).update(info if info is not None else "")
        menu = self.query_one(OptionList)
        menu.clear_options()
        menu.add_options(options)
        first = next((i for i, o in enumerate(options) if not o.disabled), None)
        menu.highlighted = next((i for i, o in enumerate(options) if o.id == default and not o.disabled), first)
        menu.focus()

    @staticmethod
    def options(choices: list[Choice]) -> list[Option]:
        """Allowed ones first; the others greyed out with the reason."""
        ok, no = [], []
        for c in choices:
            label = c.label.copy()
            if c.note is not None:
                label.append("  ")
                label.append_text(c.note)
            if c.why is None:
                ok.append(Option(label, id=c.id))
            else:
                label.stylize(pal.MUTED)
                label.append(f"  {c.why}", style=pal.MUTED_ITALIC)
                no.append(Option(label, id=c.id, disabled=True))
        if not ok:
            ok = [Option(Text("nothing can be chosen here now", style=pal.CAUTION), disabled=True)]
        return ok + no

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        current, oid = self.current, event.option.id
        if isinstance(current, Final):
            if oid == APPLY and current.problem is None:
                self.dismiss(current.line)
            return
        if current is None or oid is None:
            return
        self.picks.append((current.key, oid))
        self.show_step()

    def action_back(self) -> None:
        if self.picks:
            self.picks.pop()
            self.show_step()

    def action_cancel(self) -> None:
        self.dismiss(None)
