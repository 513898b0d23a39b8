"""File commands of the console: save, save as, open, new, quit, and the
recovery journal that makes a crash or a kill lose nothing."""

from __future__ import annotations

import time
from pathlib import Path

from gm_console.core.game import Game
from gm_console.files.journal import Journal, journal_path, read_journal
from gm_console.files.paths import user_data_dir
from gm_console.ui.screens.ask_text import AskText
from gm_console.ui.screens.confirm import Confirm


def _toml_name(text: str) -> str | None:
    if not text:
        return "type a file name, e.g. my-fight.toml"
    if not text.endswith(".toml"):
        return "encounter files end in .toml"
    return None


class SessionCommands:
    """Mixed into the app; expects ``game``, ``path``, ``redraw`` and ``load_game``."""

    journal: Journal | None = None

    # ------------------------------------------------------------ recovery
    def recovery_folder(self) -> Path:
        return user_data_dir() / "recovery"

    def start_journal(self) -> None:
        try:
            self.journal = Journal(journal_path(self.recovery_folder(), self.path))
            self.journal.start(self.game, self.path)
        except OSError as exc:
            self.journal = None
            self.notify(f"autosave is off: {exc}", title="No recovery file", severity="warning", timeout=10)

    def offer_recovery(self) -> bool:
        """Ask to recover when a journal from an unfinished session exists."""
        path = journal_path(self.recovery_folder(), self.path)
        if not path.exists():
            return False
        found = read_journal(path)
        if found is None or found.changes == 0 or found.game.lines() == self.game.lines():
            return False
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(found.started))
        question = (
            f"A session on this encounter started {when} did not end cleanly. "
            f"Its log has {len(found.game.log)} actions (this file: {len(self.game.log)}). Recover it?"
        )

        def answer(choice: str | None) -> None:
            if choice == "yes":
                self.load_game(found.game, self.path, keep_saved=True)
                self.notify(f"recovered {found.changes} change(s); save to keep them", timeout=8)
            self.start_journal()

        self.push_screen(Confirm(question, "Recover", "Discard"), answer)
        return True

    def journal_push(self) -> None:
        if self.journal is not None:
            self.journal.push(self.game.lines()[-1])

    def journal_pop(self) -> None:
        if self.journal is not None:
            self.journal.pop()

    def finish(self) -> None:
        """Leave cleanly: the journal is no longer needed."""
        if self.journal is not None:
            self.journal.discard()
        self.exit()

    # ------------------------------------------------------------ save
    def action_save(self) -> None:
        if self.path is None:
            self.action_save_as()
        else:
            self.save_to(self.path)

    def action_save_as(self, then_quit: bool = False) -> None:
        def done(text: str | None) -> None:
            if text and self.save_to(Path(text).expanduser()) and then_quit:
                self.finish()

        default = str(self.path) if self.path else f"{self.game.setup.title.lower().replace(' ', '-')}.toml"
        self.push_screen(AskText("Save the encounter as:", default, _toml_name), done)

    def save_to(self, path: Path) -> bool:
        from gm_console.files import save_encounter

        try:
            save_encounter(self.game, path)
        except OSError as exc:
            self.notify(f"{path}: {exc}", title="Not saved", severity="error", timeout=10)
            return False
        moved = path != self.path
        self.path = path
        self._saved = tuple(self.game.log)
        if moved and self.journal is not None:
            self.journal.discard()
        self.start_journal()  # the saved file is the new base
        self.notify(f"saved {path} ({len(self.game.log)} actions)", timeout=3)
        self.redraw()
        return True

    # ------------------------------------------------------------ open / new
    def action_open(self) -> None:
        self.unless_unsaved(self._ask_open)

    def _ask_open(self) -> None:
        def check(text: str) -> str | None:
            problem = _toml_name(text)
            if problem:
                return problem
            from gm_console.files import check_file

            problems = check_file(Path(text).expanduser())
            return "\n".join(problems[:6]) if problems else None

        def done(text: str | None) -> None:
            if text:
                from gm_console.files import load_encounter

                self.open_game(load_encounter(Path(text).expanduser()), Path(text).expanduser())

        self.push_screen(AskText("Open which encounter file?", "", check), done)

    def action_new(self) -> None:
        self.unless_unsaved(self._ask_new)

    def _ask_new(self) -> None:
        from gm_console.core.system import system_names

        names = system_names()

        def check(text: str) -> str | None:
            parts = text.split()
            if not parts:
                return "type a file name, then the systems, e.g. raid.toml ctb"
            problem = _toml_name(parts[0])
            if problem:
                return problem
            if Path(parts[0]).expanduser().exists():
                return f"{parts[0]} exists; choose another name"
            unknown = [p for p in parts[1:] if p not in names]
            return f"unknown system {unknown[0]!r}; choose from {', '.join(names)}" if unknown else None

        def done(text: str | None) -> None:
            if not text:
                return
            from gm_console.files import atomic_write, loads_encounter
            from gm_console.starter import starter_text

            parts = text.split()
            path = Path(parts[0]).expanduser()
            body = starter_text(path.stem, parts[1:])
            atomic_write(path, body.encode("utf-8"), backup=False)
            self.open_game(loads_encounter(body, str(path)), path)

        self.push_screen(AskText(f"New encounter: FILE.toml then systems ({', '.join(names)})", "", check), done)

    def open_game(self, game: Game, path: Path) -> None:
        if self.journal is not None:
            self.journal.discard()
        self.load_game(game, path)
        self.start_journal()

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

        self.push_screen(Confirm("There are unsaved changes. Save them first?", "Save", "Discard"), answer)

    # ------------------------------------------------------------ quit
    async def action_quit(self) -> None:
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

        count = len(self.game.log) - len(self._saved)
        changes = f"{count:+d} actions since the last save" if count else "the log changed since the last save"
        self.push_screen(Confirm(f"Unsaved changes ({changes}). Save before quitting?", "Save", "Discard"), answer)
