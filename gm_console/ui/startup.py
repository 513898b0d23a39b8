"""Start-up of the app: themes (bundled and user), the remembered theme,
key remaps; every problem reported in one notification, never a crash.

Of the bundled themes only the one to start in is read before the first frame
(each costs about 1.5 ms to read and check); the others are registered once
the first frame is out (``register_later_themes``, from ``fight_drawn``) or
when a list of themes is wanted first (the palette). The user's own themes are
all read at start, so a broken one is reported as the console opens."""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

from gm_console.files.paths import themes_dir, user_config_dir
from gm_console.ui.config import load_config
from gm_console.ui.themes import DEFAULT_THEME, load_theme, load_themes

if TYPE_CHECKING:
    from pathlib import Path

    from textual.app import App

    from gm_console.ui.app import GMConsoleApp

_LATER: weakref.WeakKeyDictionary[App, list[Path]] = weakref.WeakKeyDictionary()  # bundled theme files not read yet


def apply_user_setup(app: GMConsoleApp) -> list[str]:
    """Register themes, choose one, apply key remaps; return what was skipped.
    Called before the app composes, so the first frame is styled once. Each
    step that fails is reported and skipped: the console starts on the
    defaults whatever the user's files hold."""
    if app.config is None:
        app.config = load_config()
    config = app.config
    themes, failures = load_themes([user_config_dir() / "themes"])
    for theme in themes:
        _register(app, theme, failures)
    # a bundled theme file is named after its theme (tests/ui/test_console.py); a user's theme of that name wins
    bundled = {path.stem: path for path in sorted(themes_dir().glob("*.toml")) if path.stem not in app.available_themes}

    def read(name: str) -> None:
        path = bundled.pop(name, None)
        if path is not None:
            _read(app, path, failures)

    wanted = config.theme or DEFAULT_THEME
    if wanted not in app.available_themes and wanted not in bundled:
        failures.append(f"theme {wanted!r} is not installed; using {DEFAULT_THEME}")
        wanted = DEFAULT_THEME
    for name in dict.fromkeys((wanted, DEFAULT_THEME)):
        read(name)
        if name not in app.available_themes:
            continue
        try:
            app.theme = name
            break
        except Exception as exc:  # noqa: BLE001
            failures.append(f"theme {name!r} could not be used: {exc}")
    _LATER[app] = list(bundled.values())
    if config.keys:
        try:
            app.set_keymap(config.keys)
        except Exception as exc:  # noqa: BLE001 - a key Textual cannot read
            failures.append(f"{config.path}: keys: not applied ({exc})")
    return failures + config.problems


def register_later_themes(app: App) -> None:
    """Register the bundled themes start-up left for later (once; a problem is
    reported as start-up's are)."""
    failures: list[str] = []
    for path in _LATER.pop(app, ()):
        _read(app, path, failures)
    report_skipped(app, failures)


def _read(app: App, path: Path, failures: list[str]) -> None:
    """Read a bundled theme file and register it, unless a theme of its name is
    there already (a user's of the same name stays); a problem goes to ``failures``."""
    try:
        theme = load_theme(path)
    except ValueError as exc:
        failures.append(str(exc))
        return
    if theme.name not in app.available_themes:
        _register(app, theme, failures)


def _register(app: App, theme, failures: list[str]) -> None:
    try:
        app.register_theme(theme)
    except Exception as exc:  # noqa: BLE001 - a theme Textual refuses is skipped, never fatal
        failures.append(f"theme {theme.name!r}: {exc}")


def report_skipped(app: App, problems: list[str]) -> None:
    if problems:
        app.notify("\n".join(problems), title="Some settings were skipped", severity="warning", timeout=12)
