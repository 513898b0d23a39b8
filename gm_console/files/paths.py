"""Where bundled and user files live.

The top-level ``encounters/`` and ``themes/`` folders are copied into the
wheel as ``gm_console/_bundled/``; from a source checkout they are read in
place. User folders come from platformdirs (imported only when needed).
"""

from __future__ import annotations

import os
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent
DATA = PACKAGE / "data"


def _bundled(name: str) -> Path:
    inside = PACKAGE / "_bundled" / name
    if inside.is_dir():
        return inside
    return PACKAGE.parent / name


def encounters_dir() -> Path:
    return _bundled("encounters")


def themes_dir() -> Path:
    return _bundled("themes")


DEMO_NAME = "ctb-causeway-ambush.toml"


def demo_encounter() -> Path:
    return encounters_dir() / DEMO_NAME


def _dirs():  # platformdirs is only imported by the app, never by --help
    import platformdirs

    return platformdirs.PlatformDirs("gm-console", appauthor=False)


def user_config_dir() -> Path:
    override = os.environ.get("GM_CONSOLE_CONFIG_DIR")
    return Path(override) if override else Path(_dirs().user_config_dir)


def user_data_dir() -> Path:
    override = os.environ.get("GM_CONSOLE_DATA_DIR")
    return Path(override) if override else Path(_dirs().user_data_dir)


def user_state_dir() -> Path:
    """Crash logs live here."""
    override = os.environ.get("GM_CONSOLE_STATE_DIR")
    return Path(override) if override else Path(_dirs().user_state_dir)

