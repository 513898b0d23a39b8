"""What the console and its README tell a GM in the first hour (issue 27):
the README's first command leaves ``gm-console`` runnable as the later
examples type it; the demo's ctrl+s offers the user data folder, not the
folder the console was started in; the Armor Broken entry gives the numbers
the console deals."""

from __future__ import annotations

import re
import shlex

import pytest

from gm_console.core.systems.ctb import maths
from gm_console.core.systems.ctb.reference import entries
from gm_console.files import load_encounter
from gm_console.files.paths import user_data_dir
from gm_console.ui.app import GMConsoleApp
from gm_console.ui.screens.ask_text import AskText
from gm_console.ui.widgets.literal import LiteralInput
from tests.conftest import ENCOUNTERS, ROOT

ACTIVATE = {(".", ".venv/bin/activate"), ("source", ".venv/bin/activate")}


def shell_blocks(text: str) -> list[str]:
    return re.findall(r"```sh\n(.*?)```", text, re.S)


def steps(block: str) -> list[list[str]]:
    """Each command of a block (lines, then ``&&``), as words; comments left out."""
    out = []
    for line in block.replace("\\\n", " ").splitlines():
        for part in re.split(r"&&|\|", line.split("  #")[0]):
            words = shlex.split(part, comments=True)
            if words:
                out.append(words)
    return out


def test_the_readme_runs_gm_console_as_a_fresh_shell_finds_it():
    """Every ``gm-console`` the README types runs in the shell its first command set up."""
    blocks = shell_blocks((ROOT / "README.md").read_text())
    first = steps(blocks[0])
    on_path = False
    for words in first:
        on_path = on_path or tuple(words[:2]) in ACTIVATE
        assert words[0] != "gm-console" or on_path, f"{words}: gm-console is not on PATH yet in {blocks[0]!r}"
    bare = [words for block in blocks[1:] for words in steps(block) if words[0] == "gm-console"]
    assert bare  # the later examples do type it bare
    assert on_path, "the first command must put .venv/bin on PATH for the examples that follow it"
    assert any(w in ("gm-console", ".venv/bin/gm-console") for w in first[-1][:1]), "the first command starts the console"


async def test_the_demo_saves_into_the_user_data_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # where the console was started (the clone's root, for a GM trying it)
    app = GMConsoleApp(load_encounter(ENCOUNTERS / "ctb-causeway-ambush.toml"), path=None, demo=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press(*"next", "enter")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, AskText)
        offered = app.screen.query_one(LiteralInput).value
        folder = user_data_dir()
        await pilot.press("enter")
        await pilot.pause()
        saved = folder / "causeway-ambush.toml"
        assert saved.is_file(), offered
        assert app.fight.path is not None and app.fight.path.expanduser() == saved and not app.fight.dirty
        assert list(tmp_path.iterdir()) == []  # nothing written where the console was started


def armor_broken_text() -> str:
    return next(e.body for e in entries() if e.key == "ctb.armor_broken")


@pytest.mark.parametrize("stack", [True, False])
def test_the_armor_broken_entry_gives_what_the_console_deals(stack):
    """Each worked number of the entry is what ``maths.hp_damage`` deals an Armor Broken target."""
    text = armor_broken_text()
    raw = int(re.search(r"Worked, raw (\d+):", text).group(1))
    worked = re.findall(r"d20 (\d+) (Glancing|Regular|Critical) = (\d+)", text)
    assert {result for _, result, _ in worked} == {"Glancing", "Regular", "Critical"}, text
    no_stack = re.search(r"Critical = \d+ \((\d+) with double_stack false\)", text)
    assert no_stack, text
    bands = maths.bands(0, 0, 0, prof_step=1, prec_step=1, assist_step=1, floor=1)
    attack = maths.Attack(raw, 0, 0, 0, 0)  # raw damage ``raw`` on a target at AR 0
    for face, result, amount in worked:
        out = maths.hp_damage(attack, int(face), bands, broken=True, rounding="down_min1", stack=stack)
        want = int(no_stack.group(1)) if result == "Critical" and not stack else int(amount)
        assert (out.result, out.amount) == (result, want), out.text
