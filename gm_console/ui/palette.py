"""The panes' colours, from the theme.

Panes build Rich ``Text`` with *style names* (``gm.player``, ``gm.bad.bold``)
rather than colours: the texts stay pure functions of the state (the CTB
pane's row cache keeps them across a theme change) and every colour comes
from the theme's ``gm-*`` variables (``themes.PANE_COLOURS``; each bundled
theme sets them). ``install(app)`` turns the current theme into a Rich
``Theme`` of those names, once per theme change, and puts it on the app's
console: Rich resolves a span's style name there when it renders (a dict
look-up, what a style string like "bold red" cost before). Widgets holding
rendered content draw it again on ``App.theme_changed_signal``.

Names: ``gm.ROLE`` and ``gm.ROLE.bold`` for each role; ``gm.ROLE.now``
(reversed: the acting unit, a badge), ``gm.ROLE.next`` (underlined) and
``gm.ROLE.done`` (plain weight, italic: has acted) for the two sides.
``side(of, how)`` names a side's style; ``gm.out`` greys a row out
of the fight (laid over its other styles).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.style import Style
from rich.theme import Theme as RichTheme

from gm_console.ui.themes import PANE_COLOURS, pane_colour_defaults

if TYPE_CHECKING:
    from textual.app import App

    from gm_console.core.state import Side

ROLES = ("player", "enemy", "good", "caution", "bad", "info", "special", "armor", "muted")
SIDES = ("player", "enemy")

# the style names, ready to use (a typo is then a NameError, not a missing colour)
PLAYER, ENEMY = "gm.player", "gm.enemy"
GOOD, GOOD_BOLD = "gm.good", "gm.good.bold"
CAUTION, CAUTION_BOLD = "gm.caution", "gm.caution.bold"
BAD, BAD_BOLD = "gm.bad", "gm.bad.bold"
INFO, SPECIAL, SPECIAL_BOLD = "gm.info", "gm.special", "gm.special.bold"
ARMOR, MUTED = "gm.armor", "gm.muted"  # MUTED: what "dim" was (Textual's dim fell under 4.5:1 over colours, 7:1 in gm-contrast)
MUTED_BOLD, MUTED_ITALIC, MUTED_STRUCK = "gm.muted.bold", "gm.muted.done", "gm.muted.struck"
ALERT = "gm.bad.now"  # BROKEN, MELTDOWN: bold, reversed out of the bad colour
CAUTION_BADGE = "gm.caution.now"  # LOCKDOWN
ARMOR_BADGE = "gm.armor.now"  # a stationed guard
OUT = "gm.out"  # a row out of the fight (Downed, Recalled)
EMPTY = MUTED  # the empty part of a bar, an unlit pip


def side(of: Side | None, how: str = "") -> str:
    """The style of a side's names (the enemy's for no side): ``how`` is "",
    "now", "next" or "done"."""
    role = "player" if of is not None and of.is_players else "enemy"
    return f"gm.{role}.{how}" if how else f"gm.{role}"


def colours(variables: dict[str, str]) -> dict[str, str]:
    """Each ``gm-*`` pane colour as opaque #rrggbb (a colour with alpha is laid
    over the theme's background, as the screen would show it)."""
    from textual.color import Color

    values = {**pane_colour_defaults(variables), **{k: v for k, v in variables.items() if k in PANE_COLOURS}}
    background = Color.parse(variables["background"])
    out = {}
    for name, text in values.items():
        try:
            colour = Color.parse(text)
        except Exception:  # noqa: BLE001 - "auto 87%" and such: the theme's text colour
            colour = Color.parse(variables["foreground"])
        out[name] = (background + colour).hex6 if colour.a < 1 else colour.hex6
    return out


def styles(variables: dict[str, str]) -> dict[str, Style]:
    """The Rich styles of every name, for the theme with these CSS variables."""
    c = colours(variables)
    out: dict[str, Style] = {}
    for role in ROLES:
        colour = c[f"gm-{role}"]
        bold = role in SIDES  # the sides' names are bold everywhere
        out[f"gm.{role}"] = Style(color=colour, bold=bold)
        out[f"gm.{role}.bold"] = Style(color=colour, bold=True)
        out[f"gm.{role}.now"] = Style(color=colour, bold=True, reverse=True)
        out[f"gm.{role}.next"] = Style(color=colour, bold=bold, underline=True)
        out[f"gm.{role}.done"] = Style(color=colour, bold=False, italic=True)
    out[MUTED_STRUCK] = Style(color=c["gm-muted"], strike=True)
    out[OUT] = Style(color=c["gm-muted"], bold=False)
    return out


def rich_theme(variables: dict[str, str]) -> RichTheme:
    return RichTheme(styles(variables), inherit=False)


def install(app: App) -> None:
    """Put the current theme's pane styles on the app's console (replacing the
    last theme's). Called when the app starts and when the theme changes (at
    start both happen: the second call finds this theme's styles on already)."""
    current = app.current_theme
    console = app.console
    installed = getattr(console, "_gm_palette", None)
    if installed is current:
        return
    theme = rich_theme(app.get_css_variables())
    if installed is not None:
        console.pop_theme()
    console.push_theme(theme)
    setattr(console, "_gm_palette", current)  # our mark on Rich's console: the theme whose styles it holds
