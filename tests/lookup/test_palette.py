"""The rules lookup in the console (ctrl+r): a GM's question finds its entry
first, and a query that matches nothing lists the nearest entries."""

from __future__ import annotations

from textual.command import CommandList, CommandPalette

from gm_console.files import load_encounter
from gm_console.ui.app import GMConsoleApp
from gm_console.ui.screens.rule_view import RuleView
from tests.conftest import ENCOUNTERS


def prompts(app) -> list[str]:
    assert isinstance(app.screen, CommandPalette)
    hits = app.screen.query_one(CommandList)
    return [str(hits.get_option_at_index(i).prompt).split("\n", 1)[0] for i in range(hits.option_count)]


async def ask(pilot, key, text):
    await pilot.press(key)
    await pilot.pause()
    await pilot.press(*text)
    await pilot.pause(0.6)


async def test_ctrl_r_finds_armor_broken_first_in_a_ctb_fight():
    path = ENCOUNTERS / "ctb-training-yard.toml"
    app = GMConsoleApp(load_encounter(path), path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await ask(pilot, "ctrl+r", "what does armor broken do")
        assert prompts(app)[0] == "rule: Armor Broken"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, RuleView) and app.screen.entry.key == "ctb.armor_broken"


async def test_other_systems_answer_and_nonsense_gets_the_nearest_entries():
    path = ENCOUNTERS / "ctb-training-yard.toml"
    app = GMConsoleApp(load_encounter(path), path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await ask(pilot, "ctrl+r", "what does GUARD do")
        assert prompts(app)[0] == "rule: GUARD"  # a reactor rule, from a CTB fight
        await pilot.press("escape")
        await pilot.pause()
        await ask(pilot, "ctrl+r", "xyzzyplugh")
        shown = prompts(app)
        assert shown and not any("No matches" in p for p in shown)
