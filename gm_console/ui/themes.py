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

# The colours the panes draw with (gm_console/ui/palette.py turns them into
# styles). Each bundled theme sets every one in [variables], chosen to meet
# the contrast tests/ui/test_contrast.py asks; a user's theme that leaves one
# out gets the Textual colour named here.
PANE_COLOURS: dict[str, tuple[str, str]] = {
    "gm-player": ("primary", "the players' side: names, tokens, turn bar"),
    "gm-enemy": ("error", "the GM's side"),
    "gm-good": ("success", "full HP, ready, Momentum, open targets"),
    "gm-caution": ("warning", "half HP, prone, HEAT rising, warnings, Reach groups"),
    "gm-bad": ("error", "low HP, damage, Injuries, destroyed, Armor Broken"),
    "gm-info": ("primary", "rolls, cover, grants and traits"),
    "gm-special": ("accent", "conditions, KI, Kennel, HACK, Stress, pools"),
    "gm-armor": ("primary", "AR bars, stationed guards"),
    "gm-muted": ("foreground-muted", "empty bar cells and pips, out-of-the-fight rows, hints"),
    "gm-highlight": ("panel", "background of the log's highlighted entry"),
    "gm-highlight-focus": ("panel", "the same while the log has focus, and the focused prompt's background"),
}


def pane_colour_defaults(generated: dict[str, str]) -> dict[str, str]:
    """The pane colours a theme without them gets, from its Textual colours."""
    return {name: generated.get(source) or generated["foreground"] for name, (source, _) in PANE_COLOURS.items()}


def theme_pane_defaults(theme: Theme) -> dict[str, str]:
    """The pane colours ``theme`` leaves to its Textual colours; none (``{}``)
    when it sets every one (each bundled theme does): its own values win over these
    anyway, and working them out builds the theme's whole colour system again
    (about 0.8 ms, as the console starts and on each theme change)."""
    if all(name in theme.variables for name in PANE_COLOURS):
        return {}
    return pane_colour_defaults(theme.to_color_system().generate())


def load_theme(path: Path) -> Theme:
    """Read one theme file; raise ValueError naming the file and the problem."""
    from gm_console.files.reading import read_user_file

    try:  # a regular file only, of a sane size: a FIFO or /dev/zero never holds the console up
        data = tomllib.loads(read_user_file(path).decode("utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise ValueError(f"{path.name}: cannot read: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"{path.name}: not valid TOML: {exc}") from None
    value, problems = s.validate(data, THEME)
    if problems:
        raise ValueError(f"{path.name}: " + "; ".join(str(p) for p in problems))
    try:
        theme = Theme(**value)
        # the variables' defaults, from the theme's colours without its own overrides
        # (building this colour system parses every colour of the theme: a bad one raises here)
        generated = Theme(**{**value, "variables": {}}).to_color_system().generate()
        generated.update(pane_colour_defaults(generated))  # the panes' colours are colours too
    except Exception as exc:  # Textual rejects a colour it cannot parse
        raise ValueError(f"{path.name}: {exc}") from None
    bad = [p for name, text in value.get("variables", {}).items() if (p := variable_problem(name, text, generated))]
    if bad:
        raise ValueError(f"{path.name}: " + "; ".join(bad))
    return theme


def _kind(text: str) -> str:
    """What a CSS variable's value is: a colour, a text style, or anything else."""
    from textual.color import Color, ColorParseError

    words = text.split()
    if words and words[0] == "auto" and all(w.rstrip("%").isdigit() for w in words[1:]):
        return "colour"  # Textual's contrasting-colour form: auto 87%
    try:
        Color.parse(text)
        return "colour"
    except ColorParseError:
        pass
    from textual.css.constants import VALID_STYLE_FLAGS

    if words and all(w in VALID_STYLE_FLAGS for w in words):
        return "text style"
    return "other"


def variable_problem(name: str, text: str, generated: dict[str, str]) -> str | None:
    """Why ``[variables] name = text`` would break the stylesheet, or None.

    A variable is pasted into every rule that uses it, so a value that is not
    CSS at all, or a word where Textual's own CSS expects a colour, stops the
    whole stylesheet (every start, not just this theme). The value must
    tokenize as CSS, and a variable Textual defines must keep the kind of
    value its default has."""
    from textual.css.tokenize import tokenize_values
    from textual.css.tokenizer import TokenError

    where = f"variables.{name}"
    try:
        tokenize_values({name: text})
    except TokenError as exc:
        return f"{where}: {text!r} is not a CSS value ({exc.args[0] if exc.args else exc})"
    default = generated.get(name)
    if default is not None:
        wanted, got = _kind(default), _kind(text)
        if wanted != "other" and got != wanted:
            return f"{where}: {text!r} is not a {wanted} (Textual uses this variable for a {wanted}, e.g. {default!r})"
    return None


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
