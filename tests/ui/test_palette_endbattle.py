"""The palette offers endbattle as a ready action (from the CTB system's
legal actions), labelled in words, and applying it closes the battle."""

from __future__ import annotations

import pytest

from gm_console.ui.widgets.action_prompt import ActionPrompt
from tests.ui.settle import palette_searched
from tests.ui.test_flows import CTB, make_app


@pytest.mark.slow  # the palette searched again at each of 21 key presses: 6-12 s
async def test_the_palette_offers_endbattle_and_applies_it():
    app = make_app(CTB)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"clock: end the battle")
        await palette_searched(pilot)
        await pilot.press("enter")
        await pilot.pause()
        game = app.game
        assert game.state.boards["ctb"].ended
        assert game.log[-1].notation() == "endbattle"
        assert app.focused is app.query_one(ActionPrompt)
        assert "endbattle" not in [a.notation() for a in game.legal_actions()]
