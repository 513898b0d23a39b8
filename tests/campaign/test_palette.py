"""The palette's `campaign: carry results to the party`: the list in a confirm
screen first; Carry writes, Cancel writes nothing."""

from __future__ import annotations

import shutil

import pytest
from typer.testing import CliRunner

from gm_console.cli import app as cli
from gm_console.files import load_encounter
from gm_console.files.party import load_party
from tests.campaign.test_flow import FIGHT_1
from tests.conftest import ENCOUNTERS


@pytest.mark.asyncio
@pytest.mark.parametrize("key, written", [("y", True), ("escape", False)])
async def test_carry_from_the_palette_confirms_the_list_first(tmp_path, monkeypatch, key, written):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    folder = tmp_path / "c"
    shutil.copytree(ENCOUNTERS / "campaign", folder)
    fight = folder / "1-relay-breach.toml"
    assert CliRunner().invoke(cli, ["apply", str(fight), *FIGHT_1]).exit_code == 0
    from gm_console.ui.app import GMConsoleApp
    from gm_console.ui.screens.confirm import Confirm

    console = GMConsoleApp(load_encounter(fight), path=fight)
    async with console.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        console.fight.action_campaign_carry()
        await pilot.pause()
        screen = console.screen
        assert isinstance(screen, Confirm)
        assert "rhea: conflict.injuries: none -> Gashed Arm (deadly 3)" in screen.question
        await pilot.press(key)
        await pilot.pause()
    history = load_party(folder / "party.toml").history
    assert (len(history) == 1) is written
