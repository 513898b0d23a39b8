"""Pilot tests of issue 14 at the table: what the board shows, what the prompt
accepts and says, where focus goes, the dice mode kept with the encounter."""

from __future__ import annotations

import pytest

from gm_console.files import load_encounter
from gm_console.ui.app import GMConsoleApp
from gm_console.ui.widgets.action_prompt import ActionPrompt
from tests.conftest import ENCOUNTERS

SIZES = [(80, 24), (120, 40)]


def open_app(name: str, tmp_path=None, **kwargs) -> GMConsoleApp:
    path = ENCOUNTERS / name
    if tmp_path is not None:  # a copy the test may save
        copy = tmp_path / name
        copy.write_text(path.read_text())
        path = copy
    return GMConsoleApp(load_encounter(path), path=path, **kwargs)


async def type_line(pilot, line: str) -> None:
    prompt = pilot.app.query_one(ActionPrompt)
    prompt.focus()
    prompt.value = line
    await pilot.press("enter")
    await pilot.pause()


def errors(app) -> list[str]:
    return [str(n.message) for n in app._notifications if n.severity == "error"]


@pytest.mark.parametrize("size", SIZES)
async def test_a_typed_strike_a_guard_could_block_is_refused_with_the_fix(size):
    app = open_app("reactor-night-shift.toml")
    async with app.run_test(size=size) as pilot:
        await type_line(pilot, "strike k1 -> reactor")
        assert app.game.lines() == []
        assert app.query_one(ActionPrompt).value == "strike k1 -> reactor"  # kept, to add the answer
        text = errors(app)[-1]
        assert "block=senior (Senior Guard)" in text and "block=none" in text
        await type_line(pilot, "strike k1 -> reactor block=none")
        assert app.game.lines() == ["strike k1 -> reactor block=none"]


@pytest.mark.parametrize("size", SIZES)
async def test_names_and_prefixes_work_at_the_prompt_and_the_log_writes_ids(size):
    app = open_app("ctb-causeway-ambush.toml")
    async with app.run_test(size=size) as pilot:
        await type_line(pilot, "set Hex hp 5")
        assert app.game.lines()[-1] == "set hexer hp 5"
        await type_line(pilot, "set rai hp 5")
        assert "raider1 (Raider)" in errors(app)[-1] and "raider2 (Raider Skirmisher)" in errors(app)[-1]
