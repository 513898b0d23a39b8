"""Start-up of the app: themes (bundled and user), the remembered theme,
key remaps; every problem reported in one notification, never a crash."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gm_console.files.paths import themes_dir, user_config_dir
from gm_console.ui.config import load_config
from gm_console.ui.themes import DEFAULT_THEME, load_themes

if TYPE_CHECKING:
    from gm_console.ui.app import GMConsoleApp


def apply_user_setup(app: GMConsoleApp) -> list[str]:
    """Register themes, choose one, apply key remaps; return what was skipped.
    Called before the app composes, so the first frame is styled once."""
    if app.config is None:
        app.config = load_config()
    config = app.config
    themes, failures = load_themes([themes_dir(), user_config_dir() / "themes"])
    for theme in themes:
        app.register_theme(theme)
    names = {t.name for t in themes}
    wanted = config.theme or DEFAULT_THEME
    if wanted in app.available_themes:
        app.theme = wanted
    else:
        failures.append(f"theme {wanted!r} is not installed; using {DEFAULT_THEME}")
        if DEFAULT_THEME in names:
            app.theme = DEFAULT_THEME
    if config.keys:
        app.set_keymap(config.keys)
    return failures + config.problems


def report_skipped(app: GMConsoleApp, problems: list[str]) -> None:
    if problems:
        app.notify("\n".join(problems), title="Some settings were skipped", severity="warning", timeout=12)
