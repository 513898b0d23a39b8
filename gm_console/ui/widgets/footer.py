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

from textual.screen import Screen
from textual.widgets import Footer


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

    def bindings_changed(self, screen: Screen) -> None:
        if screen.app.app_focus and self.is_attached and screen is self.screen:  # Footer rebuilds in this case only
            shown = shown_bindings(screen)
            if self._bindings_ready and shown == self._shown:
                return  # the same keys: the bar as it is
            self._shown = shown
            self.rebuilds += 1
        super().bindings_changed(screen)
