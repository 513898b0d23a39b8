"""The strike flow: a strike at table speed, one choice at a time.

1. the striker (the side whose Operations it is; those who cannot strike are
   listed greyed with the reason),
2. the target (likewise),
3. for a reactor strike by a Personnel with HACK: HEAT or HACK counters,
4. the defender's answer: no block, or one of the blockers the rules allow
   (the others greyed, each with why it cannot),
   each target and each answer showing its outcome (``→ WNAF Conscript #1 is
   killed``, HEAT, HACK counters), worked out on a copy of the state,
5. the resolution, step by step, worked out on a copy of the state.

Enter picks, Backspace goes back a step, Escape cancels. The flow ends by
dismissing with one action line, which the pane submits to the app.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from gm_console.core.game import Game
from gm_console.core.state import State, Unit
from gm_console.core.systems.reactor import view as rv
from gm_console.core.systems.reactor.view import NO_BLOCK as STRIKE_NO_BLOCK, Strike
from gm_console.ui import palette as pal
from gm_console.ui.render import reactor as r
from gm_console.ui.widgets.literal import LiteralLabel, LiteralOptionList, LiteralStatic

STEPS = ("striker", "target", "mode", "block", "confirm")
NO_BLOCK = "-"


class StrikeFlow(ModalScreen[str | None]):
    DEFAULT_CSS = """
    StrikeFlow { align: center middle; }
    StrikeFlow > Vertical { width: 90%; max-width: 110; height: auto; max-height: 90%;
                            border: thick $accent; background: $surface; padding: 0 1; }
    StrikeFlow #sf-title { text-style: bold; width: 100%; }
    StrikeFlow #sf-line { color: $text-muted; width: 100%; }
    StrikeFlow OptionList, StrikeFlow OptionList:focus { height: auto; max-height: 16; border: none; padding: 0; }
    StrikeFlow #sf-steps { height: auto; }
    StrikeFlow #sf-hint { color: $text-muted; }
    """
    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        Binding("backspace", "back", "Back"),
    ]

    def __init__(self, game: Game, state: State) -> None:
        super().__init__()
        self.game = game
        self.state = state
        self.rules = game.rules
        self.step = "striker"
        self.striker: str | None = None
        self.target: rv.Target | None = None
        self.hack = False
        self.block: str | None = None

    def compose(self) -> ComposeResult:
        with Vertical():
            yield LiteralLabel(id="sf-title")  # side and unit names: shown as written
            yield LiteralLabel(id="sf-line")
            yield LiteralOptionList(id="sf-options")
            yield LiteralStatic(id="sf-steps")
            yield LiteralLabel("Enter: choose · Backspace: back · Escape: cancel", id="sf-hint")

    def on_mount(self) -> None:
        self.show_step()

    # ------------------------------------------------------------ the choices made
    def chosen_striker(self) -> Unit:
        """The striker chosen (every step after the first has one)."""
        assert self.striker is not None, f"no striker at the {self.step} step"
        return self.state.units[self.striker]

    def chosen_target(self) -> rv.Target:
        """The target chosen (every step after the second has one)."""
        assert self.target is not None, f"no target at the {self.step} step"
        return self.target

    def can_strike(self, uid: str) -> bool:
        """Whether ``uid`` is one of the active side's Personnel that may strike now (F7 with it selected)."""
        return any(u.id == uid and why is None for u, why in rv.strikers(self.state))

    # ------------------------------------------------------------ the line being built
    def action(self) -> Strike | None:
        if self.striker is None or self.target is None:
            return None
        word = rv.target_word(self.state, self.target, self.state.units[self.striker].side)
        return Strike(striker=self.striker, target=word, block=self.block, hack=self.hack)

    def line_text(self) -> str:
        action = self.action()
        if action is not None:
            return action.notation()
        return f"strike {self.striker} -> …" if self.striker else "strike …"

    # ------------------------------------------------------------ steps
    def show_step(self) -> None:
        options: list[Option] = []
        title = ""
        who = self.state.sides[rv.active(self.state)].name
        if self.step == "striker":
            title = f"Strike · who strikes for {who}?"
            strikers = rv.strikers(self.state)
            options = self.choices([(u.id, r.unit_label(self.state, self.rules, u), why) for u, why in strikers], "cannot strike")
        elif self.step == "target":
            striker = self.chosen_striker()
            title = f"Strike · what does {striker.name} strike?"
            targets = rv.targets(self.state, self.rules, striker)
            options = self.choices([(t.id + "|" + t.kind, r.target_label(self.state, self.rules, t) + (self.outcome(t) if why is None else Text()), why) for t, why in targets], "cannot be struck")
        elif self.step == "mode":
            title = "Strike · HEAT on the core, or HACK counters on its SKALA panel?"
            options = [Option(label, id=oid) for oid, label in r.strike_modes(self.state, self.rules, self.chosen_striker())]
        elif self.step == "block":
            target = self.chosen_target()
            defender = self.state.sides[target.side].name
            title = f"Strike · does {defender} block?"
            blockers = rv.blockers(self.state, self.rules, self.chosen_striker(), target)
            options = [Option(Text("No block", style="bold") + self.outcome(target, None, self.hack), id=NO_BLOCK)]
            options += self.choices([(u.id, r.unit_label(self.state, self.rules, u) + (self.outcome(target, u.id, self.hack) if why is None else Text()), why) for u, why in blockers], "cannot block")
        else:
            title = "Strike · the resolution (Enter applies it)"
            steps, problem = r.what_if(self.game, self.state, self.action())
            self.query_one("#sf-steps", LiteralStatic).update(Text(problem, style=pal.BAD) if problem else r.steps_text(steps, 100))
            options = [Option(Text(f"Apply: {self.line_text()}", style=pal.GOOD_BOLD), id="apply", disabled=problem is not None)]
        if self.step != "confirm":
            self.query_one("#sf-steps", LiteralStatic).update("")
        self.query_one("#sf-title", LiteralLabel).update(title)
        self.query_one("#sf-line", LiteralLabel).update(self.line_text())
        menu = self.query_one(OptionList)
        menu.clear_options()
        menu.add_options(options)
        first = next((i for i, o in enumerate(options) if not o.disabled), None)
        menu.highlighted = first
        menu.focus()

    def choices(self, rows: list[tuple[str, Text, rv.Reason | None]], verb: str) -> list[Option]:
        """Allowed ones first; the others greyed out with the reason."""
        ok = [Option(label, id=oid) for oid, label, why in rows if why is None]
        no = [Option(r.refused(label, verb, why.text), id=oid, disabled=True) for oid, label, why in rows if why is not None]
        if not ok:
            ok = [Option(Text(f"nothing can be chosen here ({verb})", style=pal.CAUTION), disabled=True)]
        return ok + no

    def outcome(self, target: rv.Target, block: str | None = None, hack: bool = False) -> Text:
        """`` → +200 K HEAT on ...``: what the strike would do, by the system's own
        resolution on a copy of the state (who dies, HEAT, counters), before it commits."""
        striker = self.chosen_striker()
        word = rv.target_word(self.state, target, striker.side)
        steps, problem = r.what_if(self.game, self.state, Strike(striker=striker.id, target=word, block=block, hack=hack))
        return r.outcome_text(steps, problem)

    # ------------------------------------------------------------ moving
    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        oid = event.option.id
        if oid is None:  # only "nothing can be chosen here" has no id, and it is disabled
            return
        if self.step == "striker":
            self.striker = oid
            self.step = "target"
        elif self.step == "target":
            ref, _, kind = oid.rpartition("|")
            striker = self.chosen_striker()
            target = next(t for t in rv.all_targets(self.state, striker.side) if t.id == ref and t.kind == kind)
            self.target = target
            hackable = rv.can_hack(self.state, self.rules, striker, target)
            self.hack = False
            self.step = "mode" if hackable else "block"
        elif self.step == "mode":
            self.hack = oid == "hack"
            self.step = "block"
        elif self.step == "block":
            able = any(why is None for _, why in rv.blockers(self.state, self.rules, self.chosen_striker(), self.chosen_target()))
            # "no block" said outright when a guard could have blocked (a typed strike must say it too)
            self.block = (STRIKE_NO_BLOCK if able else None) if oid == NO_BLOCK else oid
            self.step = "confirm"
        else:
            self.dismiss(self.line_text())
            return
        self.show_step()

    def action_back(self) -> None:
        i = STEPS.index(self.step)
        if i == 0:
            return
        previous = STEPS[i - 1]
        if previous == "mode" and not self._hackable():
            previous = "target"
        if previous == "striker":
            self.striker = None
        if previous in ("striker", "target"):
            self.target, self.hack = None, False
        self.block = None
        self.step = previous
        self.show_step()

    def _hackable(self) -> bool:
        if self.striker is None or self.target is None:
            return False
        return rv.can_hack(self.state, self.rules, self.state.units[self.striker], self.target)

    def action_cancel(self) -> None:
        self.dismiss(None)
