"""The ``gm-console`` entry point.

The common case, ``gm-console`` or ``gm-console FILE``, goes straight to the
console without importing typer: start-up time is what a GM waits for at the
table. Everything else is handed to the typer app in ``cli.py``.
"""

from __future__ import annotations

import gc
import sys
from pathlib import Path

COMMANDS = ("open", "validate", "apply", "replay", "rules", "new", "carry", "party", "forecast", "build")


def run_console(file: Path | None, replay: bool = False, players: dict | None = None) -> int:
    """Load FILE (or the demo) and run the console. 1 when the file is
    unusable or the console stopped on an error (the crash log and the
    recovery journal are named on the last line). ``players``: start the
    player view with these options (host, port, token).

    Start-up builds what lives for the whole session (modules, classes, the
    replayed state, the widgets), and the cyclic collector would scan that
    growing heap over and over. It is held off here, the one place for every
    way in; the app freezes what start-up built and turns it back on after
    its first frame (``GMConsoleApp.fight_drawn``)."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        return _run_console(file, replay, players)
    finally:
        if was_on and not gc.isenabled():  # no first frame (a file that did not load): the collector as it was
            gc.enable()


def _run_console(file: Path | None, replay: bool, players: dict | None) -> int:
    from gm_console.files import EncounterFileError, load_encounter
    from gm_console.files.paths import demo_encounter

    path = file or demo_encounter()
    missing = False
    if file is not None and not path.exists():
        game = _from_journal(path)
        if game is None:
            print(f"error {_shown(path)}: no such file (create one with: gm-console new {_shown(path)} --system ctb)", file=sys.stderr)
            return 1
        missing = True  # the journal knows the setup: the console opens it and offers the actions
    else:
        try:
            game = load_encounter(path)
        except EncounterFileError as exc:
            for message in exc.messages():
                print(f"error {_shown(message)}", file=sys.stderr)
            return 1
    from gm_console.ui.app import GMConsoleApp

    app = None
    try:
        app = GMConsoleApp(game, path=None if file is None else path, demo=file is None, replay=replay, missing=missing, players=players)
        app.run()
    except Exception as exc:  # outside Textual's own handling (building the app, its driver)
        from gm_console.files.crashlog import crash_message, write_crash_log

        journal = app.fight.journal_file() if app is not None else None
        log = write_crash_log(exc, encounter=path if file else None, journal=journal)
        import traceback

        traceback.print_exc()
        print(crash_message(log, journal), file=sys.stderr)
        return 1
    if app.return_code:  # Textual caught an exception and shut down (its traceback is printed above)
        from gm_console.files.crashlog import crash_message

        print(crash_message(app.crash_log, app.fight.journal_file()), file=sys.stderr)
        return app.return_code
    return 0


def _shown(text: object) -> str:
    """A path or message as it may reach a terminal: no control characters."""
    from gm_console.ui.text import clean  # only on these error paths

    return clean(str(text))


def _from_journal(path: Path):
    """The encounter as its newest readable recovery journal began, or None."""
    from gm_console.files.journal import journals_for, read_journal
    from gm_console.files.paths import user_data_dir

    for journal in journals_for(user_data_dir() / "recovery", path):
        found = read_journal(journal)
        base = found.base_game() if found is not None else None
        if base is not None:
            return base
    return None


def main() -> None:
    args = sys.argv[1:]
    if not args or (len(args) == 1 and not args[0].startswith("-") and args[0] not in COMMANDS):
        sys.exit(run_console(Path(args[0]) if args else None))
    from gm_console.cli import app

    app()


if __name__ == "__main__":
    main()
