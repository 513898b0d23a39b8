"""The console's only reliance on Textual internals (gm_console/ui/textual_api.py),
checked against the installed Textual: an upgrade that changes one fails here
by name."""

from __future__ import annotations

import pytest
from textual.app import App
from textual.widgets import Static

from gm_console.ui.textual_api import CrashHook, dismiss_notifications, shown_notifications


class Noisy(App):
    def compose(self):
        yield Static("x")


async def test_dismiss_notifications_takes_down_only_those_not_kept():
    app = Noisy()
    async with app.run_test() as pilot:
        app.notify("one", severity="error")
        app.notify("two", severity="warning")
        app.notify("three", severity="error")
        await pilot.pause()
        assert [n.message for n in shown_notifications(app)] == ["one", "two", "three"]
        dismiss_notifications(app, keep=lambda note: note.severity != "error")
        await pilot.pause()
        assert [n.message for n in shown_notifications(app)] == ["two"]
        app.clear_notifications()
        assert shown_notifications(app) == []


class Crashy(CrashHook, App):
    seen: list[BaseException]

    def compose(self):
        yield Static("x")

    def on_crash(self, error: BaseException) -> None:
        self.seen.append(error)

    def key_x(self) -> None:
        raise KeyError("from a handler")


async def test_crash_hook_sees_an_exception_from_a_handler_before_textual_shuts_down():
    app = Crashy()
    app.seen = []
    with pytest.raises(KeyError):
        async with app.run_test() as pilot:
            await pilot.press("x")
            await pilot.pause()
    assert len(app.seen) == 1 and isinstance(app.seen[0], KeyError)
    assert app.return_code == 1
