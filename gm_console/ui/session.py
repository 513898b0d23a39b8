"""File commands of the console: save, save as, open, new, quit, and the
recovery journal that makes a crash or a kill lose nothing."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from gm_console.core.game import Game, format_action
from gm_console.files.paths import user_data_dir

if TYPE_CHECKING:  # the journal (json, hashlib) is imported when it starts, after the first frame
    from textual.app import App
    from textual.notifications import SeverityLevel
    from textual.screen import Screen

    from gm_console.files.journal import Journal, Recovered


def _toml_name(text: str) -> str | None:
    if not text:
        return "type a file name, e.g. my-fight.toml"
    if not text.endswith(".toml"):
        return "encounter files end in .toml"
    if any(ord(c) < 32 or ord(c) == 127 for c in text):
        return "a file name cannot hold control characters"
    return None


def target_problem(path: Path) -> str | None:
    """Why a new file cannot be written at ``path``, or None. Asked before the
    dialog closes, so the GM corrects the name instead of losing the dialog."""
    try:
        folder = path.parent if str(path.parent) else Path(".")
        if path.is_dir():
            return f"{path} is a folder; add a file name, e.g. {path / 'fight.toml'}"
        if not folder.exists():
            return f"the folder {folder} does not exist; create it first or choose another"
        if not folder.is_dir():
            return f"{folder} is a file, not a folder"
        if not os.access(folder, os.W_OK | os.X_OK):
            return f"the folder {folder} is not writable"
    except (OSError, ValueError) as exc:  # a name the system refuses (too long, NUL, ...)
        return f"{path}: {exc}"
    return None


def log_changed(log, saved: tuple | None) -> bool:
    """Whether ``log`` differs from the ``saved`` one (None: nothing is saved).
    O(1) whenever their lengths differ, as after any action or undo since the
    save; the whole log is compared only when it is back at the saved length,
    newest entry first (where an undo and a new action differ)."""
    if saved is None or len(log) != len(saved):
        return True
    if not log:
        return False
    if log[-1] is not saved[-1] and log[-1] != saved[-1]:
        return True
    return tuple(log) != saved


def write_problem(write) -> str | None:
    """Run ``write()``; the reason it failed as one line, or None."""
    try:
        write()
    except (OSError, ValueError) as exc:
        return f"not written: {exc.strerror or exc}" if isinstance(exc, OSError) else f"not written: {exc}"
    return None


class SessionHost(Protocol):
    """What ``SessionCommands`` uses of the fight screen (``FightScreen``) it is mixed into, and all of it
    (tests/ui/test_app_contract.py checks both: the mixin uses no more, FightScreen has it)."""

    game: Game
    path: Path | None
    _saved: tuple | None  # the log as last saved (None: not saved yet, e.g. a missing file's recovery)
    _saved_dice: str  # the dice mode as last saved

    @property
    def dirty(self) -> bool: ...
    def redraw(self) -> None: ...
    def load_game(self, game: Game, path: Path | None, keep_saved: bool = False) -> None: ...
    def notify(
        self, message: str, *, title: str = "", severity: SeverityLevel = "information", timeout: float | None = None, markup: bool = False,
    ) -> None: ...
    @property
    def app(self) -> App[Any]: ...  # the app the fight is on: its dialogs are pushed there (app.push_screen)


if TYPE_CHECKING:

    class _SessionScreen(Screen, SessionHost):
        """For the type checker only: what the mixin's ``self`` is, a screen that is a ``SessionHost``."""

        # The host's attributes the mixin assigns, stated again: mypy takes an assignment to a Protocol's
        # attribute in a class that subclasses it for the attribute's definition, typed as the value assigned.
        path: Path | None
        _saved: tuple | None

else:
    _SessionScreen = object


class SessionCommands(_SessionScreen):
    """Mixed into ``FightScreen``; uses what ``SessionHost`` declares."""

    journal: Journal | None = None
    journal_source: Path | None = None  # the encounter file this session's journal is for
    recovered_from: list[Path] = []  # journals whose actions this session took in; dropped once saved

    def recovery_folder(self) -> Path:
        return user_data_dir() / "recovery"

    def start_journal(self) -> None:
        """(Re)start this session's own journal from the game as it is now."""
        from gm_console.files.journal import Journal, free_journal_path

        try:
            if self.journal is None or self.journal_source != self.path:
                if self.journal is not None:
                    self.journal.discard()  # the journal of the file we left: that file is saved or discarded
                self.journal = Journal(free_journal_path(self.recovery_folder(), self.path))
                self.journal_source = self.path
            self.journal.start(self.game, self.path)
        except OSError as exc:
            self.journal = None
            self.notify(f"autosave is off: {exc}", title="No recovery file", severity="warning", timeout=10)

    def pending_recoveries(self) -> list[tuple[Path, Recovered]]:
        """Journals left by sessions that did not end cleanly and hold something
        the saved file does not, newest first. A journal that holds exactly the
        saved file is dropped here (nothing in it is lost); one that is live in
        another console, or unreadable, is left alone."""
        from gm_console.files.journal import in_use, journals_for, read_journal

        found = []
        mine = self.journal.path if self.journal is not None else None
        for path in journals_for(self.recovery_folder(), self.path):
            if path == mine or in_use(path):
                continue
            recovered = read_journal(path)
            if recovered is None:
                continue
            if self._saved is not None and tuple(recovered.game.log) == self._saved:
                try:
                    path.unlink()
                except OSError:
                    pass
                continue
            found.append((path, recovered))
        return found

    def offer_recovery(self) -> bool:
        """Ask to recover when a journal from an unfinished session exists.
        Recover takes its actions in; Discard (confirmed) drops it; Esc keeps it
        for the next start. This session's own journal is a new file either way."""
        pending = self.pending_recoveries()
        if not pending:
            return False
        path, found = pending[0]
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(found.started))
        here = "this file is missing" if self._saved is None else f"this file: {len(self.game.log)}"
        more = f" ({len(pending) - 1} older journal(s) are kept too.)" if len(pending) > 1 else ""
        question = (
            f"A session on this encounter started {when} did not end cleanly. "
            f"Its log has {len(found.game.log)} actions ({here}). Recover it?{more}"
        )

        def kept() -> None:
            self.notify(f"the recovery journal is kept and offered again at the next start: {path}", timeout=10)

        def dropped(choice: str | None) -> None:
            if choice == "yes":
                try:
                    path.unlink()
                except OSError as exc:
                    self.notify(f"could not drop {path}: {exc}", severity="warning")
                else:
                    self.notify(f"dropped the {len(found.game.log)}-action session of {when}", timeout=5)
            else:
                kept()

        def answer(choice: str | None) -> None:
            if choice == "yes":
                self.load_game(found.game, self.path, keep_saved=True)
                self.recovered_from = [*self.recovered_from, path]
                self.notify(f"recovered {len(found.game.log)} actions; save to keep them (the journal stays until then)", timeout=8)
            elif choice == "no":
                self.app.push_screen(
                    Confirm(f"Drop the {len(found.game.log)} actions of the session of {when} for good?", "Drop them", None, "Keep"),
                    dropped,
                )
            else:
                kept()
            self.start_journal()

        from gm_console.ui.screens.confirm import Confirm

        self.app.push_screen(Confirm(question, "Recover", "Discard", "Decide later"), answer)
        return True

    def drop_recovered(self) -> None:
        """Delete the journals whose actions this session took in."""
        for path in self.recovered_from:
            try:
                path.unlink()
            except OSError:
                pass
        self.recovered_from = []

    def saved_safely(self) -> None:
        """The log is in a saved file: journals it came from are no longer needed,
        and this session's journal starts again from the saved file."""
        self.drop_recovered()
        self.start_journal()

    def journal_file(self) -> Path | None:
        return self.journal.path if self.journal is not None else None

    def journal_push(self) -> None:
        if self.journal is not None:
            self.journal.push(format_action(self.game.log[-1]), self.game.setup.templates)  # one line, not the log's

    def journal_pop(self) -> None:
        if self.journal is not None:
            self.journal.pop()

    def finish(self) -> None:
        """Leave cleanly: what the journals held is saved or was discarded on
        purpose (the quit question), so they are no longer needed."""
        if self.journal is not None:
            self.journal.discard()
        self.drop_recovered()
        self.app.exit()

    # ------------------------------------------------------------ save
    def action_save(self) -> None:
        if self.path is None:
            self.action_save_as()
        else:
            self.save_to(self.path)

    def action_save_as(self, then_quit: bool = False) -> None:
        def check(text: str) -> str | None:
            # the save itself runs here, so a refused path keeps the dialog open with the reason
            problem = _toml_name(text)
            if problem:
                return problem
            path = Path(text).expanduser()
            return target_problem(path) or self.try_save(path)

        def done(text: str | None) -> None:
            if text and then_quit:
                self.finish()

        from gm_console.ui.screens.ask_text import AskText

        self.app.push_screen(AskText("Save the encounter as:", self.save_as_default(), check), done)

    def save_as_default(self) -> str:
        """What the save dialog offers: the encounter's own file, or, with none (the demo), a file named
        after its title in the user data folder (which holds the recovery journal, so it is there): not
        the folder the console was started in (for the demo, the clone's root, among the project's files)."""
        if self.path:
            return str(self.path)
        folder = user_data_dir()
        name = "".join(c if c.isascii() and (c.isalnum() or c in "-_") else "-" for c in self.game.setup.title.lower())
        path = folder / f"{name.strip('-') or 'encounter'}.toml"
        try:
            home = Path.home()
        except RuntimeError:  # no home folder to name
            return str(path)
        return f"~/{path.relative_to(home)}" if path.is_relative_to(home) else str(path)  # read back by expanduser

    def save_to(self, path: Path) -> bool:
        problem = self.try_save(path)
        if problem:
            self.notify(problem, title="Not saved", severity="error", timeout=10)
        return problem is None

    def try_save(self, path: Path) -> str | None:
        """Save to ``path``; None when saved, else why not (nothing changes then)."""
        from gm_console.files import save_encounter

        problem = write_problem(lambda: save_encounter(self.game, path))
        if problem:
            return f"{path}: {problem}"
        self.path = path
        self._saved = tuple(self.game.log)
        self._saved_dice = self.game.setup.dice
        self.saved_safely()
        self.notify(f"saved {path} ({len(self.game.log)} actions)", timeout=3)
        self.redraw()
        return None

    # ------------------------------------------------------------ open / new
    def action_open(self) -> None:
        self.unless_unsaved(self._ask_open)

    def _ask_open(self) -> None:
        opened: list[Game] = []

        def check(text: str) -> str | None:
            problem = _toml_name(text)
            if problem:
                return problem
            from gm_console.files import EncounterFileError, load_encounter

            try:
                opened[:] = [load_encounter(Path(text).expanduser())]
            except EncounterFileError as exc:
                return "\n".join(exc.messages()[:6])
            except (OSError, ValueError) as exc:
                return f"{text}: {exc}"
            return None

        def done(text: str | None) -> None:
            if text and opened:
                self.open_game(opened[0], Path(text).expanduser())

        from gm_console.ui.screens.ask_text import AskText

        self.app.push_screen(AskText("Open which encounter file?", "", check), done)

    def action_new(self) -> None:
        self.unless_unsaved(self._ask_new)

    def _ask_new(self) -> None:
        from gm_console.core.system import system_names

        names = system_names()
        made: list[Game] = []

        def check(text: str) -> str | None:
            parts = text.split()
            if not parts:
                return "type a file name, then the systems, e.g. raid.toml ctb"
            problem = _toml_name(parts[0])
            if problem:
                return problem
            path = Path(parts[0]).expanduser()
            unknown = [p for p in parts[1:] if p not in names]
            if unknown:
                return f"unknown system {unknown[0]!r}; choose from {', '.join(names)}"
            if path.exists():
                return f"{parts[0]} exists; choose another name"
            problem = target_problem(path)
            if problem:
                return problem
            from gm_console.files import atomic_write, loads_encounter
            from gm_console.starter import starter_text

            body = starter_text(path.stem, parts[1:])
            made[:] = [loads_encounter(body, str(path))]
            return write_problem(lambda: atomic_write(path, body.encode("utf-8"), backup=False))

        def done(text: str | None) -> None:
            if text and made:
                self.open_game(made[0], Path(text.split()[0]).expanduser())

        from gm_console.ui.screens.ask_text import AskText

        self.app.push_screen(AskText(f"New encounter: FILE.toml then systems ({', '.join(names)})", "", check), done)

    def open_game(self, game: Game, path: Path) -> None:
        self.load_game(game, path)
        self.start_journal()
        self.recovered_from = []
        self.offer_recovery()  # a journal a crash left for that file

    def unless_unsaved(self, then) -> None:
        """Run ``then`` now, or after asking what to do with unsaved changes."""
        if not self.dirty:
            then()
            return

        def answer(choice: str | None) -> None:
            if choice == "yes":
                if self.path is not None and self.save_to(self.path):
                    then()
                elif self.path is None:
                    self.action_save_as()
            elif choice == "no":
                then()

        from gm_console.ui.screens.confirm import Confirm

        self.app.push_screen(Confirm("There are unsaved changes. Save them first?", "Save", "Discard"), answer)

    # ------------------------------------------------------------ campaign (docs/campaign.md)
    def action_campaign_carry(self) -> None:
        """campaign: carry results to the party: save first, list the changes, confirm, write."""
        if self.path is None:
            self.notify("save the encounter to a file first: carry reads the saved fight", severity="warning")
            return
        self.unless_unsaved(self._carry_confirm)

    def _carry_confirm(self) -> None:
        from gm_console.files import EncounterFileError
        from gm_console.files.party import PartyFileError, plan_carry, save_party

        path = self.path
        if path is None:  # action_campaign_carry asks this only of a saved fight
            return
        try:
            party, doc, result = plan_carry(path)
        except (EncounterFileError, PartyFileError) as exc:
            self.notify("\n".join(exc.messages()), title="Not carried", severity="error", timeout=12)
            return
        lines = [c.text() for c in result.changes] or ["no change: the party leaves this fight as it came in"]
        shown = lines[:20] + ([f"... and {len(lines) - 20} more"] if len(lines) > 20 else [])
        question = f"Carry {result.encounter} to {result.party}?\n\n" + "\n".join(shown)

        def answer(choice: str | None) -> None:
            if choice != "yes":
                return
            try:
                save_party(party, doc)
            except OSError as exc:
                self.notify(f"could not write {result.party}: {exc}", severity="error")
                return
            n = len([c for c in result.changes if not c.derived])
            self.notify(f"{n} change{'s' if n != 1 else ''} written to {result.party} (previous version: .bak)", title="Carried")

        from gm_console.ui.screens.confirm import Confirm

        self.app.push_screen(Confirm(question, "Carry", None, "Cancel"), answer)

    # ------------------------------------------------------------ quit
    def quit_asking(self) -> None:
        """Quit (the app's ctrl+q), asking first what to do with unsaved changes."""
        if not self.dirty:
            self.finish()
            return

        def answer(choice: str | None) -> None:
            if choice == "yes":
                if self.path is None:
                    self.action_save_as(then_quit=True)
                elif self.save_to(self.path):
                    self.finish()
            elif choice == "no":
                self.finish()

        if self._saved is None:
            changes = "the file is missing; this log exists only in the recovery journal"
        else:
            count = len(self.game.log) - len(self._saved)
            changes = f"{count:+d} actions since the last save" if count else (
                "the log changed since the last save" if log_changed(self.game.log, self._saved) else "the dice mode changed"
            )
        from gm_console.ui.screens.confirm import Confirm

        self.app.push_screen(Confirm(f"Unsaved changes ({changes}). Save before quitting?", "Save", "Discard"), answer)
