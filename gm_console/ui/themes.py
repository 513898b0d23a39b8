"""Themes as TOML files: the bundled ``themes/`` folder plus the user's
``<config>/themes/``. Each file maps onto Textual's ``Theme`` dataclass. A
broken file is skipped and reported (file and problem), never a crash."""

from __future__ import annotations

import tomllib
from pathlib import Path

from textual.theme import Theme

from gm_console.core import schema as s
from gm_console.core.schema import Key

COLOR = s.Str(pattern=r"#[0-9A-Fa-f]{6}([0-9A-Fa-f]{2})?|[a-z]+", pattern_doc="a colour like #1c1f24")
THEME = s.Table(
    {
        "name": Key(s.Str(pattern=r"[a-z0-9][a-z0-9_-]*", pattern_doc="a lower-case name"), required=True),
        "primary": Key(COLOR, required=True),
        **{k: Key(COLOR) for k in ("secondary", "warning", "error", "success", "accent", "foreground", "background", "surface", "panel", "boost")},
        "dark": Key(s.Bool(), default=True),
        "luminosity_spread": Key(s.Float(min=0, max=1)),
        "text_alpha": Key(s.Float(min=0, max=1)),
        "variables": Key(s.Table(extra=s.Str(allow_empty=True), extra_key=r"[a-z0-9-]+", name="a table of strings"), default={}),
    },
    name="a theme",
)

DEFAULT_THEME = "gm-dark"


def load_theme(path: Path) -> Theme:
    """Read one theme file; raise ValueError naming the file and the problem."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise ValueError(f"{path.name}: cannot read: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"{path.name}: not valid TOML: {exc}") from None
    value, problems = s.validate(data, THEME)
    if problems:
        raise ValueError(f"{path.name}: " + "; ".join(str(p) for p in problems))
    try:
        theme = Theme(**value)
        theme.to_color_system()
    except Exception as exc:  # Textual rejects a colour it cannot parse
        raise ValueError(f"{path.name}: {exc}") from None
    return theme


def load_themes(folders: list[Path]) -> tuple[list[Theme], list[str]]:
    """Every theme in ``folders`` (later folders override earlier names), and
    one message per file that failed."""
    themes: dict[str, Theme] = {}
    failures: list[str] = []
    for folder in folders:
        if not folder.is_dir():
            continue
        for path in sorted(folder.glob("*.toml")):
            try:
                theme = load_theme(path)
            except ValueError as exc:
                failures.append(str(exc))
                continue
            themes[theme.name] = theme
    return list(themes.values()), failures
