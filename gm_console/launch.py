"""The ``gm-console`` entry point.

The common case, ``gm-console`` or ``gm-console FILE``, goes straight to the
console without importing typer: start-up time is what a GM waits for at the
table. Everything else is handed to the typer app in ``cli.py``.
"""

from __future__ import annotations

import gc
import sys
from pathlib import Path

COMMANDS = ("open", "validate", "apply", "replay", "rules", "new")


def run_console(file: Path | None, replay: bool = False) -> int:
    """Load FILE (or the demo) and run the console; 1 when the file is unusable."""
    from gm_console.files import EncounterFileError, load_encounter
    from gm_console.files.paths import demo_encounter

    path = file or demo_encounter()
    if file is not None and not path.exists():
        print(f"error {path}: no such file (create one with: gm-console new {path} --system ctb)", file=sys.stderr)
        return 1
    try:
        game = load_encounter(path)
    except EncounterFileError as exc:
        for message in exc.messages():
            print(f"error {message}", file=sys.stderr)
        return 1
    from gm_console.ui.app import GMConsoleApp

    GMConsoleApp(game, path=None if file is None else path, demo=file is None, replay=replay).run()
    return 0


def main() -> None:
    args = sys.argv[1:]
    if not args or (len(args) == 1 and not args[0].startswith("-") and args[0] not in COMMANDS):
        # Start-up builds what lives for the whole session (modules, classes, the
        # replayed state, the widgets), and the cyclic collector would scan that
        # growing heap over and over: 40-60 ms of a 380 ms start on the bench
        # machine. The app freezes that heap and turns the collector back on after
        # its first frame (GMConsoleApp._after_first_frame).
        gc.disable()
        sys.exit(run_console(Path(args[0]) if args else None))
    from gm_console.cli import app

    app()


if __name__ == "__main__":
    main()
