"""A refusal's notice is about the line that was refused: the next action
that is applied takes it down (issue 27), whether typed, picked in the
palette or given its dice by hand. Other notices stay their time."""

from __future__ import annotations

from gm_console.files import load_encounter
from gm_console.ui.app import GMConsoleApp
from gm_console.ui.screens.ask_text import AskText
from gm_console.ui.textual_api import shown_notifications
from tests.conftest import ENCOUNTERS
from tests.ui.settle import settle, until


def demo() -> GMConsoleApp:
    return GMConsoleApp(load_encounter(ENCOUNTERS / "ctb-causeway-ambush.toml"), path=None, demo=True)


def errors(app) -> list:
    return [n for n in shown_notifications(app) if n.severity == "error"]


async def test_a_success_takes_the_refusal_down():
    app = demo()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press(*"hit tamsin hexer", "enter")  # nobody's turn yet: refused
        await pilot.pause()
        assert len(errors(app)) == 1 and len(app.game.log) == 0
        await pilot.press("ctrl+u", *"next", "enter")
        await until(pilot, lambda: not errors(app), "the refusal to come down")  # FRAME_OUT after the frame
        assert len(app.game.log) == 1
        assert any(n.severity == "error" for n in app.notices)  # the record keeps what was said


async def test_a_success_with_dice_typed_by_hand_takes_it_down_too():
    app = demo()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press(*"next", "enter", "f2")  # manual dice
        await pilot.pause()
        app.fight.apply_line("cond nobody Blinded")
        await pilot.pause()
        assert len(errors(app)) == 1
        app.fight.apply_line("hit tamsin hexer")
        await pilot.pause()
        assert isinstance(app.screen, AskText)
        await pilot.press(*"12", "enter")
        await until(pilot, lambda: not errors(app), "the refusal to come down")  # FRAME_OUT after the frame
        assert app.game.lines()[-1] == "hit tamsin hexer [12]"


async def test_a_success_leaves_other_notices_up():
    app = demo()
    async with app.run_test(size=(120, 40)) as pilot:
        app.notify("the disk is full", title="Not saved", severity="error", timeout=30)
        await pilot.pause()
        await pilot.press(*"next", "enter")
        await settle(pilot)  # what comes after the frame, done
        assert [n.title for n in errors(app)] == ["Not saved"]
