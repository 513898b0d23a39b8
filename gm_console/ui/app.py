"""The console: the app and the screen that shows a fight.

``FightScreen`` is the fight: it owns one ``Game`` and the widgets that show
it (panes of the encounter's systems, the log, the prompt), and every change
goes through its ``apply_line`` / ``action_undo`` / ``action_redo``; after
each, ``redraw`` hands the state to every pane. Its key bindings are its own
(Textual resolves an action on the focused widget, then the screen, then the
app). Its parts are mixins with a declared contract (``FightHost`` and the
Protocols next to each, tests/ui/test_app_contract.py): file commands and the
recovery journal in ``session.py``, replay mode in ``replay.py``, the player
view in ``players.py``.

``GMConsoleApp`` keeps what is app-wide: themes, the command palette's
providers (``commands.py``), the help screen, the crash hook, the record of
notifications, and quitting (it asks the fight about unsaved changes).
Nothing here knows a rule.
"""

from __future__ import annotations

import gc
from collections import deque
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, cast

from textual import events
from textual.app import App, ComposeResult
from textual.screen import Screen
from textual.containers import Horizontal, Vertical
from textual.notifications import Notification
from textual.reactive import var
from textual.widgets import Input

from gm_console.core.completion import friendly_fire
from gm_console.core.errors import GMError
from gm_console.core.game import Game, format_action
from gm_console.ui import keys, palette
from gm_console.ui.commands import ActionsProvider, ConsoleProvider, RulesProvider
from gm_console.ui.panes import pane_class
from gm_console.ui.panes.base import SystemPane
from gm_console.ui.players import PlayerViewCommands
from gm_console.ui.pointing import PointCommands
from gm_console.ui.replay import ReplayCommands
from gm_console.ui.session import SessionCommands, log_changed
from gm_console.ui.text import clean
from gm_console.ui.textual_api import CrashHook, dismiss_notifications, shown_notifications
from gm_console.ui.view import View
from gm_console.ui.widgets.action_prompt import ActionPrompt
from gm_console.ui.widgets.footer import KeyFooter
from gm_console.ui.widgets.tab_strip import TabStrip
from gm_console.ui.widgets.log_pane import LogPane
from gm_console.ui.widgets.status_line import StatusLine

if TYPE_CHECKING:
    from gm_console.core.reference import RefEntry
    from gm_console.lookup.ondemand import Lookup
    from gm_console.ui.learning import TableMemory
    from gm_console.ui.widgets.dice_log import DiceLog

NARROW = 120  # below this many columns the log goes under the panes
SIDE = 46  # the side column's width (the log, the dice log) beside the panes: GMConsoleApp.CSS's #side
PANE_ROOM = NARROW - SIDE  # a system pane's width at 120 columns: side by side, no pane gets less (side_by_side)


def side_by_side(width: int, panes_shown: int) -> bool:
    """Whether ``panes_shown`` panes show side by side at ``width`` columns
    (else one at a time, under tabs): only when each gets at least the room a
    single pane has at 120 columns (PANE_ROOM). Two panes side by side need
    194 columns; at 160-190 a pane split in two lost its bars and cut its names."""
    if panes_shown <= 1:
        return True
    return width >= NARROW and (width - SIDE) // panes_shown >= PANE_ROOM
LIVE_ONLY = {"undo", "redo", "toggle_dice"}
REFUSED_AT_PROMPT = "Not applied: the line stays to fix (ctrl+u clears it)"
REFUSED = "Not applied"  # the title of a refusal's notice (REFUSED_AT_PROMPT when the line stays in the prompt)
FRIENDLY_FIRE = "Friendly fire"
REPLAY_ONLY = {k.action.split("(")[0] for k in keys.REPLAY_KEYS}
FRAME_OUT = 0.05  # s after a frame is handed to the terminal's writer thread: it is on the terminal by then
NOTICES_KEPT = 100  # the app's record of what it told the GM: the newest this many


def _memory(app: App) -> TableMemory:
    """What the rules lookup learned from this GM (ui/learning.py): the console app's."""
    return cast("GMConsoleApp", app).memory


def is_refusal(note: Notification) -> bool:
    """Whether ``note`` says an action was not applied (a success takes it down)."""
    return note.severity == "error" and str(note.title).startswith(REFUSED)


class FightScreen(SessionCommands, ReplayCommands, PlayerViewCommands, PointCommands, Screen):
    """The screen that shows a fight, and the fight's logic: the game being
    played, applying lines, undo and redo, dice mode, replay stepping
    (``ReplayCommands``), saving and the recovery journal (``SessionCommands``),
    the player-view link (``PlayerViewCommands``), clicks, the selection and
    the stat block (``PointCommands``), and the fight's keys.

    The prompt has focus from the first frame (no focus hopping, and no
    restyle, while the console opens)."""

    AUTO_FOCUS = "ActionPrompt"
    # F6 maximizes a pane; the status line and the prompt stay, so the GM keeps playing
    ALLOW_IN_MAXIMIZED_VIEW = "StatusLine, ActionPrompt, Footer"
    # the fight's keys (a dialog on top has its own); F1 and ctrl+q run the app's actions, bound
    # here too so the footer lists every key in the order it always has (keys.FIGHT_KEYS)
    BINDINGS = keys.bindings(keys.FIGHT_KEYS) + keys.bindings(keys.REPLAY_KEYS)

    # "auto" or "manual": the encounter's (game.setup.dice), shown on the status line; a change redraws (watch_dice_mode)
    dice_mode: var[str] = var("auto", init=False)

    _resumed = False

    def __init__(
        self, game: Game, *, path: Path | None = None, replay: bool = False, missing: bool = False, players: dict | None = None,
    ) -> None:
        """``missing``: the file at ``path`` is gone and ``game`` comes from its
        recovery journal, so nothing counts as saved until the GM saves.
        ``replay``: open in replay mode. ``players``: start the player view
        (host, port, token) once mounted."""
        super().__init__(id="fight")
        self.players_options = players
        self.game = game
        self.path = path
        self.start_in_replay = replay
        self._saved: tuple | None = None if missing else tuple(game.log)
        self._saved_dice = game.setup.dice  # the dice mode the file holds (F2 changes the encounter)
        self.set_reactive(FightScreen.dice_mode, game.setup.dice)  # nothing to redraw yet
        self._lookup: Lookup | None = None
        self._narrow_pane = 0
        self._width = 0
        self._panes: list[SystemPane] | None = None
        self._swapping = False
        self._drawing: list | None = None  # while redraw runs: what it asked to run after the frame

    # ---------------------------------------------------------------- layout
    def compose(self) -> ComposeResult:
        panes = self.make_panes()
        # the layout classes before any widget has a style: setting them later restyles every widget
        self.set_layout_classes(self.app.size.width, len(panes))
        yield StatusLine(id="status")
        with Horizontal(id="body"):
            with Vertical(id="panes-area"):
                # a tab per pane, built with it (one widget for the strip: see TabStrip)
                yield TabStrip(self.pane_tabs(panes), id="pane-tabs")
                with Horizontal(id="panes"):
                    yield from panes
            with Vertical(id="side"):
                yield TabStrip([("tab-log", "Log"), ("tab-dice", "Dice")], id="side-tabs")
                yield LogPane(id="log")  # the dice log joins it the first time its tab opens (on_tab_strip_activated)
        yield ActionPrompt(self.game, id="prompt")
        yield KeyFooter()  # Textual's Footer, rebuilt only when the keys it shows change

    def make_panes(self) -> list[SystemPane]:
        panes: list[SystemPane] = []
        for name in self.game.systems:
            cls = pane_class(name)
            if cls is not None and not any(isinstance(p, cls) for p in panes):
                panes.append(cls(id=f"pane-{name}"))
        if not panes:
            from gm_console.ui.panes.units import UnitsPane  # only for an encounter whose systems bring no pane

            panes.append(UnitsPane(id="pane-units"))
        if self.game.state.zones and not any(p.DRAWS_ZONES for p in panes):
            maps = pane_class("zones")  # positions-only zone map, for encounters with zones
            if maps is not None:
                panes.append(maps(id="pane-zones"))
        return panes

    def system_panes(self) -> list[SystemPane]:
        if self._swapping:
            return []  # another encounter opened: its panes are on the way
        if not self._panes:  # the panes change only when another encounter opens
            self._panes = list(self.query(SystemPane))
        return self._panes

    def prompt(self) -> ActionPrompt:
        return self.query_one(ActionPrompt)

    def log_pane(self) -> LogPane:
        return self.query_one(LogPane)

    def on_mount(self) -> None:
        self.app.title = f"gm-console · {self.game.setup.title}"
        self.apply_layout()
        self.redraw()
        self.prompt().focus()
        if self.start_in_replay:
            self.enter_replay(0)
        if self.players_options is not None:
            self.players_start()
        self.call_after_refresh(self._after_first_frame)

    def after_frame(self, callback, *args, **kwargs) -> None:
        """Run ``callback`` once the frame being drawn is on the terminal, not
        straight after Textual hands it over. Textual writes a frame from a
        thread of its own, which needs the GIL for each step of the write: work
        begun on the main thread at once (a toast lays the whole screen out
        again, about 15 ms; the start-up garbage collection walks every object)
        held the frame back by up to a switch interval (5 ms) a step. The GM
        sees the change first, what follows FRAME_OUT (50 ms) later."""
        later = partial(callback, *args, **kwargs)
        if self._drawing is not None:
            self._drawing.append(later)  # asked for while redraw runs: scheduled when it is done
            return
        self.call_after_refresh(self.set_timer, FRAME_OUT, later)

    def _after_first_frame(self) -> None:
        """What the GM need not wait for: the recovery check and the journal
        (at once: the journal holds the fight from its start), then, once the
        first frame is out, the app's start-up garbage collection."""
        if not self.offer_recovery():
            self.start_journal()
        app = self.app
        assert isinstance(app, GMConsoleApp)  # the fight is only ever the console app's (GMConsoleApp.__init__)
        self.after_frame(app.fight_drawn)

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        """Back from any flow, dialog or screen, the GM types on: the prompt has
        focus (in replay mode the log keeps it, to step on).

        The first resume, as the console opens, restyles nothing: each widget
        was styled as it mounted, in the theme and layout classes it opens with,
        and the whole-screen restyle cost as much again. (Textual runs this
        before Screen's own handler, which reads ``refresh_styles``; a
        ``_on_screen_resume`` here would replace this handler, not add to it.)"""
        if not self._resumed:
            self._resumed = True
            event.refresh_styles = False
        if self.replay_at is None and self.is_mounted:
            for prompt in self.query(ActionPrompt):
                self.set_focus(prompt)

    def apply_layout(self, width: int | None = None) -> None:
        """Wide: every pane side by side, when each gets the room one pane has at
        120 columns (side_by_side). Narrower: one pane at a time under tabs (F5
        or a click switches). Below 120 columns the log goes underneath."""
        width = self.app.size.width if width is None else width
        self._width = width
        panes = self.system_panes()
        if not panes:
            # not mounted yet (the app's first Resize comes while the fight composes) or being swapped:
            # compose and _swap_panes lay out for this width; classes set here from no panes would be
            # set back once they mount, and each change restyles every widget (two restyles at start-up)
            return
        shown = [p for p in panes if not p.has_class("-hidden")]
        tabbed = self.set_layout_classes(width, len(shown))
        current = panes[self._narrow_pane % len(panes)] if panes else None
        if current is not None and current.has_class("-hidden") and shown:
            current = shown[0]
        for pane in panes:
            shown_now = not pane.has_class("-hidden") and (not tabbed or pane is current)
            if shown_now and not pane.display and pane.view is None and self.is_mounted and self.query(LogPane):
                pane.show(self.current_view())
                line = self.prompt().value if self.query(ActionPrompt) and self.replay_at is None else ""
                if line.strip():  # what the GM has typed meanwhile: its what-if, as typing it shows
                    pane.preview(self.draft_view(line))
            pane.display = shown_now

    def pane_width(self) -> int:
        """The width a shown pane is laid out at (its border included), from
        the terminal's width and the layout (GMConsoleApp.CSS): what a pane not
        laid out yet draws for (SystemPane.width_hint), so that the first frame
        shows it at its width. Side by side, the panes share the width (the
        estimate may miss by a column: such a pane draws again when laid out)."""
        width = self.app.size.width
        area = width if width < NARROW else width - SIDE
        shown = sum(1 for pane in self.system_panes() if not pane.has_class("-hidden"))
        return area if self.has_class("tabbed") else area // max(1, shown)

    def set_layout_classes(self, width: int, panes_shown: int) -> bool:
        """``tabbed`` (one pane at a time) and ``narrow`` (the log underneath) for
        this width; True when tabbed. A class change restyles every widget, so
        only a change is applied."""
        tabbed = not side_by_side(width, panes_shown)
        if tabbed != self.has_class("tabbed"):
            self.set_class(tabbed, "tabbed")
        if (width < NARROW) != self.has_class("narrow"):
            self.set_class(width < NARROW, "narrow")
        return tabbed

    _dice: DiceLog | None = None
    _dice_mounting = False

    @staticmethod
    def pane_tabs(panes: list[SystemPane]) -> list[tuple[str, str]]:
        return [(f"tab-{pane.id}", pane.TITLE) for pane in panes]

    async def on_tab_strip_activated(self, event: TabStrip.Activated) -> None:
        if event.strip.id == "side-tabs":
            side = self.query_one("#side")
            side.set_class(event.tab_id == "tab-dice", "dice")
            if self._dice is None and event.tab_id == "tab-dice" and not self._dice_mounting:
                # built when first shown: most sessions never open it, and the first frame is quicker without it
                self._dice_mounting = True
                from gm_console.ui.widgets.dice_log import DiceLog

                mounted = DiceLog(id="dice")
                await side.mount(mounted)
                self._dice, self._dice_mounting = mounted, False
            dice = self._dice
            if dice is not None and dice.display:
                dice.sync(self.game)
        elif event.strip.id == "pane-tabs":
            ids = event.strip.tab_ids  # a tab per pane, in the panes' order (pane_tabs)
            if event.tab_id in ids:
                self._narrow_pane = ids.index(event.tab_id)
                self.apply_layout(self._width)

    def action_toggle_dice_log(self) -> None:
        """Switch the side column between the log and the dice log."""
        tabs = self.query_one("#side-tabs", TabStrip)
        tabs.active = "tab-log" if tabs.active == "tab-dice" else "tab-dice"

    def action_next_pane(self) -> None:
        panes = self.system_panes()
        if self.has_class("tabbed"):
            self._narrow_pane = (self._narrow_pane + 1) % len(panes)
            tabs = self.query_one("#pane-tabs", TabStrip)
            tabs.active = tabs.tab_ids[self._narrow_pane]
            self.apply_layout(self._width)
        else:
            current = next((i for i, p in enumerate(panes) if p.has_focus_within), -1)
            panes[(current + 1) % len(panes)].focus()

    def toggle_pane(self, pane_id: str | None) -> None:
        pane = self.query_one(f"#{pane_id}", SystemPane)
        visible = [p for p in self.system_panes() if not p.has_class("-hidden")]
        if pane in visible and len(visible) == 1:
            self.notify("the last visible pane stays", severity="warning")
            return
        pane.toggle_class("-hidden")
        self.apply_layout(self._width)

    def action_toggle_maximize(self) -> None:
        if self.maximized is not None:
            self.minimize()
            return
        panes = [p for p in self.system_panes() if p.display]
        target = next((p for p in panes if p.has_focus_within), panes[0] if panes else None)
        if target is not None:
            self.maximize(target, container=False)

    def notify(self, message: str, *, title: str = "", severity="information", timeout: float | None = None, markup: bool = False) -> None:
        """Through the app's ``notify`` (text as written: ``markup`` is off, unlike a widget's)."""
        self.app.notify(message, title=title, severity=severity, timeout=timeout, markup=markup)

    # ---------------------------------------------------------------- state
    @property
    def dirty(self) -> bool:
        return self.game.setup.dice != self._saved_dice or log_changed(self.game.log, self._saved)

    def current_view(self) -> View:
        if self.replay_at is not None:
            return View(self.game, self.replay_state(), self.replay_at, live=False)
        return View(self.game, self.game.state, len(self.game.log), live=True)

    def redraw(self) -> None:
        """Every widget the game shows, drawn from the game (each only where it
        changed). What the panes put off until after the frame (``after_frame``)
        is scheduled once the whole redraw is done: scheduling it wakes this
        screen, and a screen woken while its widgets still have to report what
        they changed paints the first of them in one frame and the rest (the
        log, the status line) in the next, some 20-40 ms later."""
        if self._drawing is not None:  # called from within a redraw: part of that one
            self._redraw()
            return
        self._drawing = []
        try:
            self._redraw()
        finally:
            later, self._drawing = self._drawing, None
            for callback in later:
                self.after_frame(callback)

    def _redraw(self) -> None:
        view = self.current_view()
        for pane in self.system_panes():
            if pane.display:  # a pane behind a tab or hidden is drawn when it shows again
                pane.show(view)
            else:
                pane.view = None
        focus = None if self.replay_at is None else self.replay_at - 1
        self.log_pane().sync(self.game.log, self.game.events, focus)  # formats only the entries it shows
        dice = self._dice
        if dice is not None and dice.display:  # hidden behind its tab (or never opened): synced when shown
            dice.sync(self.game)
        where = str(self.path) if self.path else "demo (unsaved copy)"
        dirty = self.dirty
        self.query_one(StatusLine).show(view, dirty=dirty, dice=self.dice_mode, path=where, players=self.players_label(), selected=self.selected)
        self.app.sub_title = where + (" *" if dirty else "")
        self.players_publish()  # the live game to the player view, if it is on (never the replay cursor)

    def load_game(self, game: Game, path: Path | None, keep_saved: bool = False) -> None:
        """Switch to another game with the same panes (recovery, branch, open)."""
        same_panes = list(game.systems) == list(self.game.systems) and bool(game.state.zones) == bool(self.game.state.zones)
        self.game = game
        self.path = path
        if not keep_saved:
            self._saved = tuple(game.log)
            self._saved_dice = game.setup.dice
        self.set_reactive(FightScreen.dice_mode, game.setup.dice)  # drawn below with the rest of the game
        self._lookup = None
        self.prompt().set_game(game)
        self.log_pane().reset()
        if not same_panes:
            self._swapping = True  # the old panes must not draw the new game while they go
            self._panes = None
            self.run_worker(self._swap_panes(), exclusive=True, group="swap-panes")
            return
        self.redraw()

    async def _swap_panes(self) -> None:
        """Replace the panes with the new game's, then lay out and draw."""
        container = self.query_one("#panes")
        await container.remove_children()
        await container.mount_all(self.make_panes())
        self._swapping = False
        self._panes = None
        self.query_one("#pane-tabs", TabStrip).set_tabs(self.pane_tabs(self.system_panes()))
        self._narrow_pane = 0
        self.apply_layout(self._width)
        self.redraw()

    # ---------------------------------------------------------------- actions
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in REPLAY_ONLY:
            return self.replay_at is not None
        if action in LIVE_ONLY:
            return self.replay_at is None
        return True

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if isinstance(event.input, ActionPrompt) and event.value.strip():
            self.apply_line(event.value.strip(), event.input)

    def draft_view(self, text: str) -> View:
        """The live state, with ``text`` (the prompt's line) as the draft when it parses."""
        try:
            draft = self.game.parse(text, explain=False) if text.strip() else None
        except GMError:
            draft = None
        return View(self.game, self.game.state, len(self.game.log), live=True, draft=draft)

    def on_input_changed(self, event: Input.Changed) -> None:
        if not isinstance(event.input, ActionPrompt) or self.replay_at is not None:
            return
        view = self.draft_view(event.value)
        for pane in self.system_panes():
            if pane.display:
                pane.preview(view)
            else:  # out of date: drawn whole, with the prompt's draft, as it shows again (apply_layout)
                pane.view = None

    def on_log_pane_selected(self, event: LogPane.Selected) -> None:
        self.on_replay_select(event.index)

    def on_system_pane_submit(self, message: SystemPane.Submit) -> None:
        self.apply_line(message.line)

    def fill_prompt(self, text: str) -> None:
        prompt = self.prompt()
        prompt.value = text
        prompt.cursor_position = len(text)
        prompt.focus()

    def apply_line(self, line: str, prompt: ActionPrompt | None = None) -> bool:
        """Apply one action line; on error say why and keep the text."""
        if self.replay_at is not None:
            self.notify("replay mode shows the past; press F3 to play on, or b to branch here", severity="warning")
            return False
        brought = None
        try:
            action = self.game.parse(line)
            template = getattr(action, "template", None)
            if template is not None:  # add UNIT from=library:ID
                from gm_console.files.library import bring_template

                if bring_template(self.game, action, self.path):  # the template into the encounter, once
                    brought = template
            self.game.check_entry(action)
            sides = self.game.dice_needed(action)
            if sides and self.dice_mode == "manual":
                self.ask_dice(action, sides, prompt)
                return False
            self.game.push(action)
        except GMError as exc:
            if brought is not None:  # a refused add leaves no template behind
                self.game.drop_template(brought)
            self.notify(str(exc), title=REFUSED_AT_PROMPT if prompt is not None else REFUSED, severity="error", timeout=8)
            return False
        self.applied(prompt)
        return True

    def applied(self, prompt: ActionPrompt | None) -> None:
        self.journal_push()
        if prompt is not None:
            prompt.remember(prompt.value.strip())
            prompt.value = ""
        self.redraw()
        self.after_success()

    def after_success(self) -> None:
        """The notices an applied action changes, after the frame that shows it (a toast lays the
        screen out again): the refusals up now come down (what they refused is behind the GM), and
        an attack on the attacker's own side says so (applied, not refused: the GM may mean it)."""
        refusals = [note for note in shown_notifications(self.app) if is_refusal(note)]
        warning = friendly_fire(self.game.log[-1], self.game.state) if self.game.log else None
        if refusals or warning:
            self.after_frame(self._success_notices, refusals, warning)

    def _success_notices(self, refusals: list[Notification], warning: str | None) -> None:
        taken = {id(note) for note in refusals}
        dismiss_notifications(self.app, keep=lambda note: id(note) not in taken)
        if warning:
            self.notify(warning, title=FRIENDLY_FIRE, severity="warning", timeout=8)

    def ask_dice(self, action, sides: tuple[int, ...], prompt: ActionPrompt | None) -> None:
        dice = " ".join(f"d{s}" for s in sides)

        def parse(text: str) -> tuple[int, ...] | str:
            parts = text.replace(",", " ").split()
            # ASCII digits, a few of them: str.isdigit() takes '²' and int() refuses 5,000 digits
            if len(parts) != len(sides) or not all(p.isascii() and p.isdigit() and len(p) <= 6 for p in parts):
                return f"type {len(sides)} number(s), one per die: {dice}"
            faces = tuple(int(p) for p in parts)
            bad = [f"d{s} shows 1-{s}" for f, s in zip(faces, sides) if not 1 <= f <= s]
            return "; ".join(bad) if bad else faces

        def check(text: str) -> str | None:
            result = parse(text)
            return result if isinstance(result, str) else None

        def done(text: str | None) -> None:
            if text is None:
                return
            try:
                self.game.push(action.with_dice(parse(text)))
            except GMError as exc:
                self.notify(str(exc), title=REFUSED, severity="error", timeout=8)
                return
            self.applied(prompt)

        from gm_console.ui.screens.ask_text import AskText

        purpose = action.dice_purpose(self.game.state)
        self.app.push_screen(AskText(f"{action.notation()}: enter the {dice} rolled for {purpose}", check=check), done)

    def action_undo(self) -> None:
        try:
            action = self.game.undo()
        except GMError as exc:
            self.notify(str(exc), severity="warning")
            return
        self.journal_pop()
        self.redraw()
        # the notice after the frame that shows the undo: a toast lays the screen out again, and the
        # undone state should not wait for that (the log's count and the panes are the answer; the notice says what)
        self.after_frame(self.notify, f"undid: {action.notation()}", timeout=3)

    def action_redo(self) -> None:
        try:
            self.game.redo()
        except GMError as exc:
            self.notify(str(exc), severity="warning")
            return
        self.journal_push()
        self.redraw()
        self.after_frame(self.notify, f"redid: {format_action(self.game.log[-1])}", timeout=3)  # as undo's

    def action_toggle_dice(self) -> None:
        mode = "auto" if self.dice_mode == "manual" else "manual"
        self.game.setup.set_dice(mode)  # the encounter's: saved with it, restored on reopen
        if self.journal is not None:
            self.start_journal()  # a recovery after a crash comes back in this mode too
        how = "the console rolls" if mode == "auto" else "you enter the dice the players rolled"
        self.notify(f"dice: {mode} ({how})", timeout=4)
        self.dice_mode = mode

    def watch_dice_mode(self) -> None:
        self.redraw()

    def action_focus_prompt(self) -> None:
        if self.replay_at is None:
            self.prompt().focus()

    def action_focus_log(self) -> None:
        self.log_pane().focus()

    # ---------------------------------------------------------------- lookup, flows
    def lookup(self) -> Lookup:
        """This game's rules lookup (gm_console/lookup/ondemand.py): built when first asked."""
        if self._lookup is None:
            from gm_console.lookup.ondemand import Lookup

            self._lookup = Lookup(list(self.game.systems.values()), self.game.rules, self.game.setup)
        return self._lookup

    def show_rule(self, entry: RefEntry, query: str = "", place: int = 0) -> None:
        """Show ``entry``; opened as the second or third hit (``place`` 1 or 2) for ``query``, the
        lookup learns to rank it first for that question (ui/learning.py; off in the config)."""
        from gm_console.ui.screens.rule_view import RuleView

        self.app.push_screen(RuleView(entry))
        from gm_console.lookup.answer import LEARN_FROM

        if query and place in LEARN_FROM:
            try:
                _memory(self.app).remember(query, entry.key)
            except OSError as exc:
                self.notify(f"the rules lookup could not write what it learned: {exc}", severity="warning")

    def action_rules(self) -> None:
        self.app.push_screen(self._rules_palette())

    def _rules_palette(self) -> Screen:
        from textual.command import CommandPalette

        return CommandPalette(providers=[RulesProvider], placeholder="Look up a rule, house rule, card or action…")

    async def look_up(self, query: str) -> None:
        """The rules lookup (ctrl+r) with ``query`` typed in it ("did you mean" chosen)."""
        from textual.command import CommandInput

        palette = self._rules_palette()
        await self.app.push_screen(palette)
        field = palette.query_one(CommandInput)
        field.value = query  # searched as if typed (the palette searches on each change)
        field.action_end()

    def forget_learned(self, question: str | None) -> None:
        """``lookup: forget``: one question the lookup learned, or (None) all of them."""
        try:
            gone = _memory(self.app).forget(question)
        except (OSError, ValueError) as exc:
            self.notify(f"the rules lookup forgot nothing: {exc}", severity="warning")
            return
        what = f'"{question}"' if question is not None else "everything learned"
        self.notify(f"the rules lookup forgot {what}" if gone else "the rules lookup had nothing learned to forget", timeout=4)

    def action_act(self) -> None:
        """F7: this system's guided flow (screens/flows.py); its line is applied as if typed."""
        from gm_console.ui.screens.flows import flow_for

        def apply(line: str | None) -> None:
            if line:
                self.apply_line(line)

        flow = flow_for(self, self.selected)
        if flow is not None:
            self.app.push_screen(flow, apply)


class GMConsoleApp(CrashHook, App[None]):
    """The app-wide part of the console: themes, the palette's providers, the
    help screen, the crash hook, the notifications record and quitting. The
    fight itself is ``fight``, the app's first screen (get_default_screen)."""

    TITLE = "gm-console"
    COMMANDS = App.COMMANDS | {ActionsProvider, RulesProvider, ConsoleProvider}
    # the fight screen's layout, in the app's stylesheet (the classes tabbed, narrow and replaying are
    # the screen's; a screen's own CSS would be scoped to its descendants and miss them)
    CSS = """
    #body { height: 1fr; }
    #panes-area { width: 1fr; height: 1fr; }
    #panes { height: 1fr; }
    #pane-tabs { display: none; height: 2; }
    #side { width: 46; height: 1fr; }
    #side-tabs { height: 2; }
    DiceLog { display: none; }
    #side.dice LogPane { display: none; }
    #side.dice DiceLog { display: block; }
    .tabbed #pane-tabs { display: block; }
    .narrow #body { layout: vertical; }
    .narrow #side { width: 1fr; height: 8; }
    .narrow #side-tabs { display: none; }
    .replaying StatusLine { background: $warning 40%; }
    TabStrip > .tab-strip--tab { color: $gm-muted; }
    /* The palette (ctrl+p, ctrl+r) on a plain background, not Textual's 60% tint of the fight: under a
       tint every full repaint of the palette draws the whole fight again and blends each of its
       segments, about 40% of the time to its first hits with 50 units (issue 16, palette_ratio 1.77
       against 1.08-1.18 opaque, same run). Its hits say what each does; the fight is back on Escape. */
    CommandPalette { background: $background; }
    """
    # quit (priority: from any screen, a dialog's too); the fight's keys are FightScreen's
    BINDINGS = keys.bindings(keys.APP_ONLY_KEYS)

    def __init__(
        self, game: Game, *, path: Path | None = None, demo: bool = False, replay: bool = False, config=None, missing: bool = False,
        players: dict | None = None,
    ) -> None:
        """The fight's arguments are FightScreen's (``missing``: the file at
        ``path`` is gone and ``game`` comes from its recovery journal;
        ``players``: start the player view once mounted)."""
        super().__init__()
        self._variables_wanted = True
        self.notices: deque[Notification] = deque(maxlen=NOTICES_KEPT)  # every notify, as shown, newest last
        self.demo = demo
        self.crash_log: Path | None = None
        self.config = config
        self.fight = FightScreen(game, path=path, replay=replay, missing=missing, players=players)
        from gm_console.ui.startup import apply_user_setup

        self._skipped = apply_user_setup(self)  # themes before the first style pass, not after
        from gm_console.ui.learning import TableMemory

        self.memory = TableMemory(enabled=self.config.learn if self.config is not None else True)  # read after the first frame
        palette.install(self)  # the panes' style names, in this theme's colours
        self.stylesheet.set_variables(self.get_css_variables())  # this theme's (App.__init__ left them empty)

    def get_default_screen(self) -> Screen:
        """The fight is the app's first screen (Textual's hook for it): composed and
        mounted as the app starts, so it is laid out and drawn when the app is ready."""
        return self.fight

    @property
    def game(self) -> Game:
        """The game of the fight on screen (``fight.game``): read by many callers, so kept here."""
        return self.fight.game

    def on_mount(self) -> None:
        from gm_console.ui.startup import report_skipped

        report_skipped(self, self._skipped)

    def fight_drawn(self) -> None:
        """Called by the fight once its first frame is drawn (the app's own
        mount comes before the fight's screen is laid out, so not from there)."""
        from gm_console.ui.startup import register_later_themes

        if not gc.isenabled():  # held off for start-up by the launcher (launch.run_console)
            gc.collect()  # start-up's garbage (about 1 MB), once, after the frame
            gc.freeze()  # what start-up built stays: later collections skip it
            gc.enable()
        register_later_themes(self)  # the bundled themes start-up left for after the first frame
        if self.memory.enabled:  # what the rules lookup learned from this GM: read once, a broken file reported
            problems = self.memory.read()
            if problems:
                self.notify("\n".join(problems), title="The rules lookup's learned file", severity="warning", timeout=12)

    def on_resize(self, event: events.Resize) -> None:
        self.fight.apply_layout(event.size.width)  # the fight lays out for the terminal's width, even under a dialog

    def notify(self, message: str, *, title: str = "", severity="information", timeout: float | None = None, markup: bool = False) -> None:
        """Notifications show text as written (usage lines are full of [brackets]),
        and a new error replaces the last one instead of piling up over the fight.
        Each is kept in ``notices`` (taken down or timed out, it stays there)."""
        message, title = clean(message, lines=True), clean(title)
        if severity == "error":
            dismiss_notifications(self, keep=lambda note: note.severity != "error")
        shown_for = self.NOTIFICATION_TIMEOUT if timeout is None else timeout
        self.notices.append(Notification(message, title=title, severity=severity, timeout=shown_for, markup=markup))
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)

    def on_crash(self, error: BaseException) -> None:
        """An exception reached Textual: write the crash log (the journal already
        holds every applied action); the launcher prints where both are."""
        from gm_console.files.crashlog import write_crash_log

        fight = self.fight
        if fight.journal is not None:
            fight.journal.close()  # flushed after every action; closed, it stays for the next start
        self.crash_log = write_crash_log(error, encounter=fight.path, journal=fight.journal_file())

    async def action_quit(self) -> None:
        """Quit, asking first when the fight has unsaved changes (``FightScreen.quit_asking``),
        or the screen on top has its own (the build screen's ``quit_asking``)."""
        getattr(self.screen, "quit_asking", self.fight.quit_asking)()

    def action_help(self) -> None:
        from gm_console.ui.screens.help import HelpScreen

        path = str(self.config.path) if self.config and self.config.path else "config.toml"
        self.push_screen(HelpScreen(self.config.keys if self.config else {}, path))

    # ---------------------------------------------------------------- themes
    def get_theme_variable_defaults(self) -> dict[str, str]:
        """The panes' colours (``gm-*``) of a theme that does not set them: Textual's own."""
        from gm_console.ui.themes import theme_pane_defaults

        return theme_pane_defaults(self.current_theme)

    _css_variables: tuple | None = None  # (theme, its variables); a class default: App.__init__ asks first
    _variables_wanted = False  # False while Textual's App.__init__ runs (see get_css_variables)

    def get_css_variables(self) -> dict[str, str]:
        """Textual's variables, worked out once per theme. Textual asks three
        times as the console starts and twice more on a theme change (and the
        palette once), and each time generated the theme's whole colour system
        twice (its own and the panes' defaults).

        None (an empty dict) while Textual's ``App.__init__`` builds the
        stylesheet: the theme then is Textual's default, not the console's
        (chosen just after, in ``__init__``, which then sets this theme's on the
        stylesheet), and nothing is parsed before that."""
        if not self._variables_wanted:
            return {}
        theme = self.current_theme
        if self._css_variables is not None and self._css_variables[0] is theme:
            self.theme_variables = dict(self._css_variables[1])
            return dict(self._css_variables[1])
        variables = super().get_css_variables()
        self._css_variables = (theme, dict(variables))
        return variables

    def refresh_css(self, animate: bool = True) -> None:
        """Before the app has a screen nothing is styled yet: the stylesheet is
        parsed (with these variables) as the first widget is styled, and the
        app itself just after its screen, so the new theme's variables are all
        it needs. Textual's own refresh, queued by the theme chosen at start,
        parsed the app's stylesheet in a copy and threw the copy's parse cache
        away: the first styling parsed it all again."""
        if not self.screen_stack:
            self.stylesheet.set_variables(self.get_css_variables())
            return
        super().refresh_css(animate=animate)

    def watch_theme(self) -> None:
        """A new theme: its pane styles on the console at once; the widgets that
        hold rendered text draw it again on ``theme_changed_signal`` (published after)."""
        palette.install(self)

    def set_theme(self, name: str) -> None:
        from gm_console.ui.startup import register_later_themes

        register_later_themes(self)  # a bundled theme start-up left for after its first frame, if asked for sooner
        self.theme = name
        if self.config is not None:
            from gm_console.ui.config import save_theme

            try:
                save_theme(self.config, name)
            except (OSError, ValueError) as exc:
                self.notify(f"theme not remembered: {exc}", severity="warning")
