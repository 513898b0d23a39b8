"""The few places where the console needs more of Textual than its public API.

Each is one function or hook here, and tests/ui/test_textual_api.py checks
each against the installed Textual, so an upgrade that changes one fails
that test by name instead of misbehaving at the table.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual.app import App
from textual.notifications import Notification


def shown_notifications(app: App) -> list[Notification]:
    """The notifications up now, oldest first (Textual keeps them private)."""
    return list(app._notifications)


def dismiss_notifications(app: App, keep: Callable[[Notification], bool]) -> None:
    """Take down the notifications on screen for which ``keep`` is false.
    (Textual offers ``clear_notifications`` for all of them, nothing for some.)"""
    for note in shown_notifications(app):
        if not keep(note):
            app._unnotify(note)


if TYPE_CHECKING:
    _CrashHookBase = App[Any]  # for the type checker: CrashHook is only ever mixed in before an App
else:
    _CrashHookBase = object


class CrashHook(_CrashHookBase):
    """Mixed into an App before ``App``: ``on_crash(error)`` is called with any
    exception that reaches Textual unhandled (a handler, a worker, a render),
    just before Textual shuts the app down with return code 1.

    Textual routes every such exception through ``App._handle_exception``;
    there is no public hook for it."""

    def on_crash(self, error: BaseException) -> None:  # pragma: no cover - overridden
        pass

    def _handle_exception(self, error: Exception) -> None:
        try:
            self.on_crash(error)
        finally:
            super()._handle_exception(error)
