"""``gm-console build FILE`` without changes: the console opened on the build
screen. Closing it shows the fight of what was built (a new file not saved
yet is the starter ``gm-console new`` would write)."""

from __future__ import annotations

import sys
from pathlib import Path

from gm_console.build.draft import Draft, Refused
from gm_console.ui.app import GMConsoleApp


class BuildConsole(GMConsoleApp):
    """The console with the build screen of ``draft`` on top of its fight."""

    def __init__(self, draft: Draft, **options) -> None:
        super().__init__(draft.game, path=draft.path, **options)
        self.draft = draft

    def on_mount(self) -> None:
        super().on_mount()
        from gm_console.ui.screens.build import open_build

        open_build(self.fight, self.draft)


def run_build_screen(file: Path, systems: list[str], title: str | None) -> int:
    """Open the build screen on FILE (a new encounter of ``systems`` when there is none); the exit code."""
    from gm_console.ui.text import clean

    try:
        draft = Draft.open(file) if file.exists() else Draft.new(file, systems, title)
    except Refused as exc:
        for message in exc.messages:
            print(f"error {clean(message)}", file=sys.stderr)
        return 1
    app = BuildConsole(draft)
    app.run()
    return app.return_code or 0
