"""Pointing: clicks on the panes, the selection, the stat block and the unit menu.

A click on a unit (a CTB roster row, a conflict map token, a reactor board
card) selects it; a click on a second unit puts the line of the selected
unit acting on it in the prompt (the first legal action that does, else the
system's verb: ``ui/inspect.pointed_line``); a click on a zone puts its move.
A right-click (or F9) opens the unit's menu; a double-click or F8 its stat
block (F8: the selected unit, else the acting one). Whatever a click does is a line of notation put
in the prompt, or applied when the GM chose so (config ``point = "apply"``),
so the log and replay are what typing would have made.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from rich.text import Text

from gm_console.core.errors import GMError
from gm_console.core.notation import quote

if TYPE_CHECKING:
    from textual.app import App
    from textual.notifications import SeverityLevel
    from textual.screen import Screen

    from gm_console.core.game import Game
    from gm_console.core.state import State
    from gm_console.ui.panes.base import SystemPane
    from gm_console.ui.screens.unit_menu import MenuItem

RIGHT = 3  # the mouse button of a right-click


class PointHost(Protocol):
    """What ``PointCommands`` uses of the fight screen (``FightScreen``) it is mixed into, and all of it
    (tests/ui/test_app_contract.py checks both: the mixin uses no more, FightScreen has it)."""

    game: Game
    replay_at: int | None

    def replay_state(self) -> State: ...
    def redraw(self) -> None: ...
    def apply_line(self, line: str, prompt: Any = None) -> bool: ...
    def fill_prompt(self, text: str) -> None: ...
    def notify(
        self, message: str, *, title: str = "", severity: SeverityLevel = "information", timeout: float | None = None, markup: bool = False,
    ) -> None: ...
    @property
    def app(self) -> App[Any]: ...  # the app the fight is on: its dialogs are pushed there


if TYPE_CHECKING:

    class _PointScreen(Screen, PointHost):
        """For the type checker only: what the mixin's ``self`` is, a screen that is a ``PointHost``."""

else:
    _PointScreen = object


class PointCommands(_PointScreen):
    """Mixed into ``FightScreen``; uses what ``PointHost`` declares."""

    selected: str | None = None  # the unit a click selected (its actions first in the palette and F7)

    # ---------------------------------------------------------------- what a click means
    def on_system_pane_pointed(self, message: SystemPane.Pointed) -> None:
        kind, ident = message.kind, message.ident
        state = self.shown_state()
        if kind == "unit" and ident not in state.units:
            return
        if kind == "unit" and message.button == RIGHT:
            self.unit_menu(ident)
        elif kind == "unit" and message.chain >= 2:  # a double-click: its stat block (the first click selected it)
            if self.selected != ident:
                self.select(ident)
            self.show_unit(ident)
        elif kind == "unit":
            self.click_unit(ident)
        elif kind in ("zone", "facility"):
            self.click_place(kind, ident)

    def click_unit(self, uid: str) -> None:
        """Select ``uid``; with another unit selected (live), aim it at ``uid``; a click on the selected unit clears it."""
        chosen = self.selected
        if chosen == uid:
            self.select(None)
        elif chosen is None or self.replay_at is not None or chosen not in self.game.state.units:
            self.select(uid)
        else:
            from gm_console.ui.inspect import pointed_line

            self.point(pointed_line(self.game, chosen, target=uid))

    def click_place(self, kind: str, ident: str) -> None:
        """A zone (a move there) or a Facility (a strike on it) for the selected unit;
        a Facility with no unit selected shows its card."""
        chosen = self.selected
        if kind == "facility" and (chosen is None or self.replay_at is not None):
            self.show_facility(ident)
            return
        if chosen is None or chosen not in self.game.state.units:
            self.notify(f"click a unit first to select it, then the {kind} for it", timeout=4)
            return
        if self.replay_at is not None:
            self.notify("replay mode shows the past: press F3 to play on", severity="warning")
            return
        from gm_console.ui.inspect import pointed_line

        if kind == "zone":
            self.point(pointed_line(self.game, chosen, zone=ident))
        else:
            self.point(pointed_line(self.game, chosen, target=ident))

    def point(self, line: str) -> None:
        """A line a click made: applied when the GM's config says ``point = "apply"``, else put in the prompt."""
        config = getattr(self.app, "config", None)
        if getattr(config, "point", "prompt") == "apply":
            self.apply_line(line)
        else:
            self.fill_prompt(line)

    def select(self, uid: str | None) -> None:
        self.selected = uid
        self.redraw()  # the status line says who is selected
        if uid is None:
            self.notify("selection cleared", timeout=2)
            return
        name = self.shown_state().units[uid].name
        self.notify(
            f"selected {name}: click a target or a zone; ctrl+p or F7 for its actions; F8 stat block; F9 or right-click its menu",
            timeout=4,
        )

    def shown_state(self) -> State:
        return self.game.state if self.replay_at is None else self.replay_state()

    def focus_unit(self) -> str | None:
        """The unit the keys act on: the selected one, else the acting one."""
        state = self.shown_state()
        if self.selected in state.units:
            return self.selected
        return state.clock.active if state.clock.active in state.units else None

    # ---------------------------------------------------------------- the stat block
    def show_unit(self, uid: str) -> None:
        """The stat block of ``uid`` at the point on screen (live, or the replay's)."""
        from gm_console.ui.inspect import inspect
        from gm_console.ui.screens.stat_block import StatBlockScreen

        state = self.shown_state()
        if uid not in state.units:
            self.notify(f"no unit {uid!r} at this point of the log", severity="warning")
            return
        self.app.push_screen(StatBlockScreen(inspect(self.game, uid, self.replay_at, state)))

    def show_facility(self, fid: str) -> None:
        """A reactor Facility's block (Integrity, GRANTS, its card's text) at the point on screen."""
        from gm_console.ui.inspect import inspect_facility
        from gm_console.ui.screens.stat_block import StatBlockScreen

        self.app.push_screen(StatBlockScreen(inspect_facility(self.game, fid, self.replay_at, self.shown_state())))

    def action_stat_block(self) -> None:
        uid = self.focus_unit()
        if uid is None:
            self.notify("click a unit to select it (or ctrl+p: unit: show NAME)", timeout=4)
            return
        self.show_unit(uid)

    # ---------------------------------------------------------------- the unit menu
    def action_unit_menu(self) -> None:
        uid = self.focus_unit()
        if uid is None:
            self.notify("click a unit to select it (or right-click it for its menu)", timeout=4)
            return
        self.unit_menu(uid)

    def unit_menu(self, uid: str) -> None:
        from gm_console.ui.screens.unit_menu import UnitMenu

        unit = self.shown_state().units[uid]
        title = Text("Unit: ", style="bold")
        title.append(unit.name)
        self.app.push_screen(UnitMenu(title, self.menu_items(uid)), self.menu_chosen)

    def menu_items(self, uid: str) -> list[MenuItem]:
        from gm_console.ui.screens.unit_menu import MenuItem

        state = self.shown_state()
        unit = state.units[uid]
        items = [MenuItem("show", uid, "stat block: every number and where it comes from")]
        items.append(MenuItem("select", uid, "clear the selection" if self.selected == uid else "select (its actions first; click a target or a zone)"))
        if self.replay_at is not None:
            return items  # the past: nothing to write
        chosen = self.selected
        if chosen is not None and chosen != uid and chosen in state.units:
            from gm_console.ui.inspect import pointed_line

            line = pointed_line(self.game, chosen, target=uid)
            items.append(MenuItem("line", line, line, self.refusal(line)))
        items.append(MenuItem("fill", f"cond {uid} ", f"cond {uid} CONDITION, for=3r if it lasts: give it a condition"))
        for cond in unit.conditions.values():
            line = f"uncond {uid} {quote(cond.name)}"
            items.append(MenuItem("line", line, f"{line}: take off {cond.label()}", self.refusal(line)))
        items.append(MenuItem("fill", f"set {uid} ", f"set {uid} STAT N: change a number"))
        for verb in ("hide", "reveal"):
            line = f"{verb} {uid}"
            items.append(MenuItem("line", line, line, self.refusal(line)))
        return items

    def refusal(self, line: str) -> str | None:
        """Why the line cannot be applied now (None: it can)."""
        try:
            action = self.game.parse(line)
            if not self.game.dice_needed(action):  # (a line that rolls is checked when rolled)
                self.game.check(action)
        except GMError as exc:
            return str(exc)
        return None

    def menu_chosen(self, chosen: tuple[str, str] | None) -> None:
        if chosen is None:
            return
        what, line = chosen
        if what == "show":
            self.show_unit(line)
        elif what == "select":
            self.select(None if self.selected == line else line)
        elif what == "fill":
            self.fill_prompt(line)
        else:
            self.point(line)

