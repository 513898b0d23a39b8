"""The key bar at the bottom: Textual's Footer, built again only when the keys
it shows change.

Textual's Footer rebuilds every key of the bar (thirty-odd widgets, each
styled as it mounts) whenever its screen says its bindings were updated,
which it says on every focus change and on every screen pushed over it or
popped: opening the command palette rebuilt the bar under it (about as long
as the palette's own first frame) and repainted the screen behind the
palette again. The bindings are usually the very same: this footer compares
what it would show, and rebuilds only when that differs.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer

# the short form of a description, for a bar that does not fit (the first word otherwise)
SHORT = {
    "Go to action": "Action",
    "Go to round": "Round",
    "Continue from here": "Continue",
    "Dice mode": "Dice",
    "Maximize": "Max",
}
FooterKey = Any  # Textual's key of the bar (not exported: read by its attributes key_display, description, action)
KEPT = ("replay_", "app.quit", "quit", "toggle_replay")  # actions whose keys stay on a bar too narrow for all


def key_width(key: FooterKey) -> int:
    """The cells a key takes on the bar (Footer's CSS, not compact: the key
    padded one cell each side, the description one cell after it; the palette's
    key, docked right, adds its left border and right padding)."""
    width = cell_len(key.key_display) + (2 + cell_len(key.description) + 1 if key.description else 0)
    return width + 2 if key.has_class("-command-palette") else width


def is_key(widget: Widget) -> bool:
    return hasattr(widget, "key_display") and hasattr(widget, "description")


def short(description: str) -> str:
    return SHORT.get(description) or description.split(" ")[0]


def fit(keys: list[FooterKey], width: int) -> list[FooterKey]:
    """The keys that fit in ``width`` cells: descriptions shortened first (SHORT,
    else the first word), then the palette key's description dropped, then
    keys dropped from the end, never the kept actions' (KEPT: the mode's own
    keys, quitting and leaving replay); last, descriptions dropped."""

    def fits() -> bool:
        return sum(key_width(k) for k in keys) <= width

    for key in keys:
        if fits():
            return keys
        if key.description:
            key.description = short(key.description)
    for key in keys:
        if key.has_class("-command-palette") and not fits():
            key.description = ""
    for key in reversed(list(keys)):
        if fits():
            return keys
        if not key.action.startswith(KEPT) and not key.has_class("-command-palette"):
            keys.remove(key)
    for key in keys:
        if fits():
            break
        key.description = ""
    return keys


def shown_bindings(screen: Screen) -> tuple:
    """Everything of the screen's active bindings the footer draws from (the
    command palette's key included)."""
    return tuple(
        (key, binding.key, binding.action, binding.description, binding.key_display, binding.show,
         binding.tooltip, binding.group, enabled, tooltip)
        for key, (_node, binding, enabled, tooltip) in screen.active_bindings.items()
    )


class KeyFooter(Footer):
    """A Footer that rebuilds only when the bindings it shows change."""

    _shown: tuple | None = None
    rebuilds = 0  # how many times the bar was rebuilt (tests count them)

    _fitted_for = 0  # the width the bar was last composed for

    def compose(self) -> ComposeResult:
        widgets: Iterable[Widget] = super().compose()
        made = list(widgets)
        keys = [w for w in made if is_key(w)]
        self._fitted_for = self.app.size.width
        kept = fit(list(keys), self._fitted_for)
        yield from (w for w in made if not is_key(w) or w in kept)

    def on_resize(self) -> None:
        if self._bindings_ready and self.app.size.width != self._fitted_for:
            self.call_after_refresh(self.recompose)

    def bindings_changed(self, screen: Screen) -> None:
        if screen.app.app_focus and self.is_attached and screen is self.screen:  # Footer rebuilds in this case only
            shown = shown_bindings(screen)
            if self._bindings_ready and shown == self._shown:
                return  # the same keys: the bar as it is
            self._shown = shown
            self.rebuilds += 1
        super().bindings_changed(screen)
