"""The rules lookup in the console (ctrl+r): a GM's question finds its entry
first, and a query that matches nothing lists the nearest entries."""

from __future__ import annotations

import pytest
from textual.command import CommandList, CommandPalette

from gm_console.files import load_encounter
from gm_console.ui.app import GMConsoleApp
from gm_console.ui.screens.rule_view import RuleView
from tests.conftest import ENCOUNTERS
from tests.ui.settle import palette_searched


def prompts(app) -> list[str]:
    assert isinstance(app.screen, CommandPalette)
    hits = app.screen.query_one(CommandList)
    return [str(hits.get_option_at_index(i).prompt).split("\n", 1)[0] for i in range(hits.option_count)]


async def ask(pilot, key, text):
    await pilot.press(key)
    await pilot.pause()
    await pilot.press(*text)
    await palette_searched(pilot)


async def test_ctrl_r_finds_armor_broken_first_in_a_ctb_fight():
    path = ENCOUNTERS / "ctb-training-yard.toml"
    app = GMConsoleApp(load_encounter(path), path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await ask(pilot, "ctrl+r", "what does armor broken do")
        assert prompts(app)[0] == "rule: Armor Broken"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, RuleView) and app.screen.entry.key == "ctb.armor_broken"


@pytest.mark.slow  # the rules lookup opened and searched in each system's fight: 7-10 s
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


async def test_the_first_list_needs_no_index_and_the_index_builds_behind_it():
    """ctrl+r, nothing typed: the list is the encounter's own entries, shown
    before the whole index (every system's modules, the ranking tables) is
    built; that builds on a thread once the list is painted, and the first
    question is answered from it."""
    from gm_console.ui.commands import INDEX_AFTER

    path = ENCOUNTERS / "ctb-training-yard.toml"
    app = GMConsoleApp(load_encounter(path), path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("ctrl+r")
        await palette_searched(pilot)  # the first list, whenever it comes on a loaded machine
        lookup = app.fight.lookup()
        assert prompts(app)[0] == "format: Action notation"  # the index's first entry
        assert len(prompts(app)) == 40 and lookup._index is None
        for _ in range(200):  # the build starts INDEX_AFTER after the palette opens: waited for, not timed
            await pilot.pause(INDEX_AFTER / 5)
            if lookup._build is not None:
                break
        build = lookup._build
        assert build is not None and build.name == "rules-index"
        build.join(30)
        await pilot.press(*"what does GUARD do")
        await palette_searched(pilot)
        assert prompts(app)[0] == "rule: GUARD"  # another system's entry: the whole index
        assert lookup._build is None and lookup._index is build.index
