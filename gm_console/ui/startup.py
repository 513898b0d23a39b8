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
    Called before the app composes, so the first frame is styled once. Each
    step that fails is reported and skipped: the console starts on the
    defaults whatever the user's files hold."""
    if app.config is None:
        app.config = load_config()
    config = app.config
    themes, failures = load_themes([themes_dir(), user_config_dir() / "themes"])
    for theme in themes:
        try:
            app.register_theme(theme)
        except Exception as exc:  # noqa: BLE001 - a theme Textual refuses is skipped, never fatal
            failures.append(f"theme {theme.name!r}: {exc}")
    wanted = config.theme or DEFAULT_THEME
    if wanted not in app.available_themes:
        failures.append(f"theme {wanted!r} is not installed; using {DEFAULT_THEME}")
        wanted = DEFAULT_THEME
    for name in dict.fromkeys((wanted, DEFAULT_THEME)):
        if name not in app.available_themes:
            continue
        try:
            app.theme = name
            break
        except Exception as exc:  # noqa: BLE001
            failures.append(f"theme {name!r} could not be used: {exc}")
    if config.keys:
        try:
            app.set_keymap(config.keys)
        except Exception as exc:  # noqa: BLE001 - a key Textual cannot read
            failures.append(f"{config.path}: keys: not applied ({exc})")
    return failures + config.problems


def report_skipped(app: GMConsoleApp, problems: list[str]) -> None:
    if problems:
        app.notify("\n".join(problems), title="Some settings were skipped", severity="warning", timeout=12)
