"""Trust at the table: the whole console explored as a person uses it.

For every bundled encounter and every hostile one (tests/data/hostile-*.toml:
markup and odd unicode in every name and text), at 80x24 and 120x40, the
driver in tests/ui/explore.py opens the console with Textual's Pilot and
runs console commands from the palette and a sample of its action hits,
presses the bindings, opens the screens (help, rules lookup, dice log,
replay and its branch, file new / save as / open with a bad and a good
path, the reactor strike flow, manual dice), types adversarial lines into
the prompt (Enter and Tab on each) and quits. After every step the console
must be alive and have raised nothing; a failure lists every step that went
wrong, with its traceback (the driver opens the console again after a crash
and goes on, so one run reports them all).

Run time: a step costs about a second of Textual rendering on this kind of
machine, and the whole exploration has about ninety, so running all of it
for all eighteen runs would take half an hour. By default it is dealt out
(``explore.all_steps``): the steps that read the encounter (the palette's
discovery list and a legal action from it, every pane, a rename with markup
then the palette, quitting) run in every run; the steps that go through a
system's rules, panes or notation are dealt over the six runs of that system
(three encounters, two sizes), so each runs once per system; the steps that
are the same for every encounter (themes, files, help, notes and quotes in
the prompt) are dealt over all eighteen runs. ``GM_CONSOLE_EXPLORE=full``
runs every step in every run.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from gm_console.files import EncounterFileError, load_encounter
from tests.conftest import ENCOUNTERS
from tests.ui import explore

pytestmark = pytest.mark.slow

DATA = Path(__file__).resolve().parent.parent / "data"
BUNDLED = sorted(ENCOUNTERS.glob("*.toml"))
HOSTILE = sorted(DATA.glob("hostile-*.toml"))
SIZES = [(80, 24), (120, 40)]
FULL = os.environ.get("GM_CONSOLE_EXPLORE") == "full"


def _system(path: Path) -> str:
    return "+".join(sorted(load_encounter(path).systems))


def _parts() -> dict[tuple[Path, tuple[int, int]], tuple[tuple[int, int], tuple[int, int]]]:
    """Each run's (system, generic) share; see the module docstring."""
    everything = sorted(BUNDLED + HOSTILE, key=lambda p: p.name)
    by_system: dict[str, list[Path]] = {}
    for path in everything:
        by_system.setdefault(_system(path), []).append(path)
    shares = {}
    for i, path in enumerate(everything):
        group = by_system[_system(path)]
        for j, size in enumerate(SIZES):
            system = (group.index(path) * len(SIZES) + j, len(group) * len(SIZES))
            generic = (i * len(SIZES) + j, len(everything) * len(SIZES))
            shares[path, size] = (system, generic)
    return shares


PARTS = _parts()


def test_there_is_something_to_explore():
    assert len(BUNDLED) >= 6
    assert {p.stem for p in HOSTILE} == {"hostile-ctb", "hostile-conflict", "hostile-reactor"}
    for path in HOSTILE:
        load_encounter(path)  # markup and unicode are fine in a file; only controls are refused


async def explore_console(path: Path, size: tuple[int, int], tmp_path: Path) -> None:
    explorer = explore.Explorer(path, size, tmp_path / "work")
    system, generic = ((0, 1), (0, 1)) if FULL else PARTS[path, size]
    findings = await explorer.run(explore.all_steps(explorer.path, system, generic))
    if findings:
        pytest.fail(explorer.report(), pytrace=False)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.stem)
async def test_explore_bundled_encounter(path, size, tmp_path):
    await explore_console(path, size, tmp_path)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("path", HOSTILE, ids=lambda p: p.stem)
async def test_explore_hostile_encounter(path, size, tmp_path):
    await explore_console(path, size, tmp_path)


# ------------------------------------------------------------------ control characters are refused

ESC, BEL, RLO = "\\u001b", "\\u0007", "\\u202e"  # as TOML escapes
CONTROLS = [
    # (what, file, text in the file, the same with a control character, the key path named)
    ("ESC in a unit name", "hostile-ctb", 'name = "[/] Ren [bold red]"', f'name = "Ren{ESC}[31m"', "units[0].name"),
    ("BEL in the title", "hostile-ctb", 'title = "', f'title = "{BEL}', "title"),
    ("U+202E in a zone name", "hostile-ctb", 'name = "[/] West', f'name = "{RLO}[/] West', "zones[0].name"),
    ("a raw U+202E in a side name", "hostile-conflict", 'name = "[/] Raiders', 'name = "\u202e[/] Raiders', "sides[1].name"),
    ("ESC in a zone trait", "hostile-conflict", 'traits = ["[/]"', f'traits = ["{ESC}[2J"', "zones[1].traits[0]"),
    ("BEL in a weapon name", "hostile-ctb", 'name = "[bold red]Blade', f'name = "{BEL}[bold red]Blade', "units[0].ctb.weapons[0].name"),
    ("U+202E in a card name", "hostile-reactor", 'name = "[/] Guard card', f'name = "{RLO}[/] Guard card', "reactor.cards.personnel.markup-guard.name"),
    ("ESC in a log line", "hostile-ctb", '"note [bold red]x[/]"', f'"note {ESC}[bold red]x[/]"', "log[0]"),
]


@pytest.mark.parametrize(("file", "plain", "bad", "key"), [c[1:] for c in CONTROLS], ids=[c[0] for c in CONTROLS])
def test_control_characters_in_a_file_are_refused_naming_the_key(file, plain, bad, key, tmp_path):
    text = (DATA / f"{file}.toml").read_text(encoding="utf-8")
    assert plain in text
    path = tmp_path / f"{file}.toml"
    path.write_text(text.replace(plain, bad, 1), encoding="utf-8")
    with pytest.raises(EncounterFileError) as refused:
        load_encounter(path)
    message = str(refused.value)
    assert key in message, message
    assert "\x1b" not in message and "\x07" not in message and "\u202e" not in message, "the message repeats what it refuses"
