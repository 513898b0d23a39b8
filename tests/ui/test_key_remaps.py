"""Key remaps from the config file (issue 28): a plain letter would steal a
key from the prompt (``quit = "a"`` quit the console mid-``hit``), a key
bound twice leaves one binding without it (``save = "ctrl+q"``), and ``,,,``
or ``ctrl+`` name no key at all. Each is refused, named in the one settings
notice, and its binding keeps its default."""

from __future__ import annotations

import pytest

from gm_console.files import load_encounter
from gm_console.files.paths import demo_encounter, user_config_dir
from gm_console.ui.config import load_config
from gm_console.ui.keys import check_keymap


@pytest.mark.parametrize(
    "keymap, refused, why",
    [
        ({"quit": "a"}, "quit", "a key the prompt types"),
        ({"quit": "shift+a"}, "quit", "a key the prompt types"),
        ({"undo": "tab"}, "undo", "a key the prompt types"),
        ({"save": "ctrl+q"}, "save", "quit's key already"),
        ({"quit": ",,,"}, "quit", "an empty key"),
        ({"undo": "ctrl+"}, "undo", "is not a key"),
        ({"undo": "ctrl+wibble"}, "undo", "not a key Textual knows"),
        ({"save": "ctrl+b", "undo": "ctrl+b"}, "undo", "save's key already"),
    ],
)
def test_a_remap_that_cannot_be_taken_is_refused_with_the_reason(keymap, refused, why):
    accepted, problems = check_keymap(keymap)
    assert refused not in accepted
    assert len(problems) == 1 and problems[0].startswith(f"keys.{refused}: ") and why in problems[0]
    assert problems[0].endswith(f"{refused} keeps its default")


@pytest.mark.parametrize("keymap", [{"save": "ctrl+b"}, {"help": "f10,ctrl+h"}, {"save": "ctrl+comma"}, {"replay-goto": "x"}, {"undo": "ctrl+y", "redo": "ctrl+z"}])
def test_a_remap_that_can_be_taken_is(keymap):
    assert check_keymap(keymap) == (keymap, [])


def test_the_config_reports_each_refused_remap_once(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('[keys]\nquit = "a"\nsave = "ctrl+q"\nundo = "ctrl+"\nredo = "ctrl+e"\n')
    config = load_config(path)
    assert config.keys == {"redo": "ctrl+e"}
    assert sorted(p.split(": ")[1] for p in config.problems) == ["keys.quit", "keys.save", "keys.undo"]


async def test_typing_a_letter_remapped_to_quit_types_it():
    """``quit = "a"`` in the config: typing ``hit ren golem`` in the prompt used to
    quit the console at the first ``a``. Now the letter is typed, and the one
    settings notice says why the remap was not taken."""
    from gm_console.ui.app import GMConsoleApp

    folder = user_config_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "config.toml").write_text('[keys]\nquit = "a"\nsave = "ctrl+q"\n')
    app = GMConsoleApp(load_encounter(demo_encounter()), demo=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press(*"note a raid")
        await pilot.pause()
        assert app.is_running and app.fight.prompt().value == "note a raid"
        notices = " ".join(str(n.message) for n in app.notices)
        assert "keys.quit" in notices and "keys.save" in notices
        await pilot.press("ctrl+s")  # still save's key: not quit's
        await pilot.pause()
        assert app.is_running
