"""Crash logs: when the console stops on an error, the traceback goes to a
file in the user state folder, and the last line on the terminal says where
it is and where the recovery journal is."""

from __future__ import annotations

import os
import platform
import sys
import time
import traceback
from pathlib import Path

from gm_console.files.paths import user_state_dir


def write_crash_log(error: BaseException, *, encounter: Path | None, journal: Path | None) -> Path | None:
    """Write the crash log; its path, or None when even that failed."""
    from importlib.metadata import PackageNotFoundError, version

    def installed(name: str) -> str:
        try:
            return version(name)
        except PackageNotFoundError:
            return "?"

    stamp = time.strftime("%Y%m%d-%H%M%S")
    folder = user_state_dir() / "crashes"
    lines = [
        f"gm-console {installed('gm-console')} crashed at {time.strftime('%Y-%m-%d %H:%M:%S %z')}",
        f"python {platform.python_version()} on {platform.platform()}; textual {installed('textual')}; rich {installed('rich')}",
        f"command: {' '.join(sys.argv)!r}",
        f"encounter: {encounter if encounter else 'the bundled demo'}",
        f"recovery journal: {journal if journal else 'none'}",
        "",
        *traceback.format_exception(type(error), error, error.__traceback__),
    ]
    try:
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"crash-{stamp}-{os.getpid()}.log"
        path.write_text("\n".join(line.rstrip("\n") for line in lines) + "\n", encoding="utf-8", errors="backslashreplace")
    except OSError:
        return None
    return path


def crash_message(log: Path | None, journal: Path | None) -> str:
    """The last line a crash leaves on the terminal."""
    where = f"the traceback is in {log}" if log else "the crash log could not be written"
    kept = (
        f"every action is in the recovery journal {journal}, offered at the next start"
        if journal
        else "there was no recovery journal (autosave was off)"
    )
    return f"gm-console stopped on an error: {where}; {kept}."
