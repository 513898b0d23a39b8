"""The prompt's completion in the demo, as a GM types it (issue 27): Tab on
``hi`` gives ``hit``, on ``hit tamsin `` one of her enemies; a hit on an
ally is applied and a warning says so."""

from __future__ import annotations

from gm_console.files import load_encounter
from gm_console.ui.app import FRIENDLY_FIRE, GMConsoleApp
from gm_console.ui.textual_api import shown_notifications
from gm_console.ui.widgets.action_prompt import ActionPrompt
from tests.conftest import ENCOUNTERS
from tests.ui.settle import settle, until


def demo() -> GMConsoleApp:
    return GMConsoleApp(load_encounter(ENCOUNTERS / "ctb-causeway-ambush.toml"), path=None, demo=True)


async def test_tab_completes_the_likely_verb_and_target():
    app = demo()
    async with app.run_test(size=(120, 40)) as pilot:
        prompt = app.query_one(ActionPrompt)
        await pilot.press("h", "i", "tab")
        assert prompt.value == "hit "
        await pilot.press("ctrl+u", *"next", "enter")
        await pilot.pause()
        await pilot.press(*"hit tamsin ", "tab")
        target = prompt.value.split()[2]
        state = app.game.state
        assert state.units[target].side != state.units["tamsin"].side, prompt.value


async def test_a_hit_on_an_ally_is_applied_with_a_warning():
    app = demo()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press(*"next", "enter", *"hit tamsin ren [10]", "enter")
        # the notice comes after the frame that shows the hit (FRAME_OUT): waited for
        await until(pilot, lambda: any(n.title == FRIENDLY_FIRE for n in shown_notifications(app)), "the warning")
        assert app.game.lines()[-1] == "hit tamsin ren [10]"
        assert app.game.state.units["ren"].stats["hp"] < 40
        shown = [n for n in shown_notifications(app) if n.title == FRIENDLY_FIRE]
        assert len(shown) == 1 and shown[0].severity == "warning" and "Ren" in shown[0].message, shown
        await pilot.press(*"next", "enter", *"hit raider2 ren [10]", "enter")
        await settle(pilot)  # what comes after the frame, done
        assert app.game.lines()[-1] == "hit raider2 ren [10]"
        assert len([n for n in app.notices if n.title == FRIENDLY_FIRE]) == 1  # a hit on an enemy says nothing
