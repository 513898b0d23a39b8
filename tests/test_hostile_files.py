"""Files that point anywhere (issue 28): an encounter, party or library path
that names /dev/zero, a named pipe, /dev/stdin or a huge file is refused at
once with the reason, never read until memory runs out or waited on."""

from __future__ import annotations

import os
import sys

import pytest

from gm_console.files.encounter_io import EncounterFileError, load_encounter
from gm_console.files.reading import MAX_BYTES, UnreadableFile, read_user_file

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="devices and FIFOs of POSIX")

ENCOUNTER = '''format = 1
title = "x"
systems = ["conflict"]
{extra}
[[sides]]
id = "a"
controller = "players"

[[units]]
id = "kai"
side = "a"
conflict = {{ tier = "minor" }}
'''


@pytest.fixture
def fifo(tmp_path):
    path = tmp_path / "pipe.toml"
    os.mkfifo(path)
    return path


@pytest.fixture
def huge(tmp_path):
    path = tmp_path / "huge.toml"
    with open(path, "wb") as f:
        f.truncate(MAX_BYTES + 1)  # sparse: no disk taken
    return path


def zero(tmp_path):
    link = tmp_path / "zero.toml"
    link.symlink_to("/dev/zero")
    return link


def test_the_reader_refuses_a_device_a_pipe_and_a_huge_file(tmp_path, fifo, huge):
    with pytest.raises(UnreadableFile, match="a device"):
        read_user_file(zero(tmp_path))
    with pytest.raises(UnreadableFile, match="a named pipe"):
        read_user_file(fifo)  # refused at once: nothing writes to it, and nothing waits
    with pytest.raises(UnreadableFile, match="16 MiB"):
        read_user_file(huge)
    with pytest.raises(IsADirectoryError):
        read_user_file(tmp_path)
    ok = tmp_path / "ok.toml"
    ok.write_bytes(b"x = 1\n")
    assert read_user_file(ok) == b"x = 1\n"


@pytest.mark.parametrize("target", ["zero", "fifo", "huge"])
def test_an_encounter_that_is_no_regular_file_is_refused_with_the_reason(tmp_path, fifo, huge, target):
    path = {"zero": zero(tmp_path), "fifo": fifo, "huge": huge}[target]
    with pytest.raises(EncounterFileError) as caught:
        load_encounter(path)
    (message,) = caught.value.messages()
    assert ("not a regular file" in message) if target != "huge" else ("at most 16 MiB" in message)


@pytest.mark.parametrize(
    "extra, expected",
    [
        ('party = "/dev/zero"', "party: /dev/zero: not a regular file (a device)"),
        ('party = "/dev/stdin"', "party: /dev/stdin: not a regular file"),
        ('party = "PIPE"', "party: PIPE: not a regular file (a named pipe)"),
        ('libraries = ["/dev/urandom"]', "/dev/urandom: not a regular file (a device)"),
        ('libraries = ["PIPE"]', "not a regular file (a named pipe)"),
    ],
)
def test_a_party_or_library_that_is_no_regular_file_is_refused(tmp_path, fifo, extra, expected):
    source = 'from = "party:kai"' if extra.startswith("party") else 'from = "library:kai"'
    extra = extra.replace("PIPE", str(fifo))
    expected = expected.replace("PIPE", str(fifo))
    text = ENCOUNTER.format(extra=extra).replace('id = "kai"', source)
    path = tmp_path / "fight.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(EncounterFileError) as caught:
        load_encounter(path)
    assert any(expected in m for m in caught.value.messages()), caught.value.messages()


# ------------------------------------------------------------------ the console's own files


def test_a_config_or_theme_that_is_a_pipe_or_a_device_is_a_problem_not_a_hang(tmp_path, fifo):
    from gm_console.ui.config import load_config
    from gm_console.ui.themes import load_themes

    for path in (fifo, zero(tmp_path)):
        config = load_config(path)
        assert config.problems and "not a regular file" in config.problems[0]
    themes = tmp_path / "themes"
    themes.mkdir()
    os.mkfifo(themes / "piped.toml")
    (themes / "zero.toml").symlink_to("/dev/zero")
    loaded, failures = load_themes([themes])
    assert loaded == [] and len(failures) == 2 and all("not a regular file" in f for f in failures)


async def test_the_console_shows_the_fight_with_a_piped_config_and_theme():
    """A config.toml and a user theme that are named pipes stopped the console
    from ever showing the fight: now it starts, and one notice names both."""
    from gm_console.files.paths import demo_encounter, user_config_dir
    from gm_console.ui.app import GMConsoleApp

    folder = user_config_dir()
    (folder / "themes").mkdir(parents=True)
    os.mkfifo(folder / "config.toml")
    os.mkfifo(folder / "themes" / "piped.toml")
    app = GMConsoleApp(load_encounter(demo_encounter()), demo=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.fight.is_mounted and app.game.setup.title
        messages = " ".join(str(n.message) for n in app.notices)
        assert "config.toml" in messages and "piped.toml" in messages


def test_remembering_the_theme_keeps_the_config_as_written(tmp_path):
    from gm_console.ui.config import load_config, save_theme

    path = tmp_path / "config.toml"
    text = '# my settings\ntheme = "gm-dark"  # for the TV: gm-contrast\n\n[keys]\nsave = "ctrl+s"   # the default\n'
    path.write_text(text)
    save_theme(load_config(path), "gm-light")
    assert path.read_text() == text.replace('"gm-dark"', '"gm-light"')
