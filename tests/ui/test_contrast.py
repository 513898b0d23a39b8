"""Every text on the screen is readable in every theme: the WCAG contrast of
each (foreground, background) pair of the rendered cells is at least 4.5:1
in gm-dark and gm-light and 7:1 in gm-contrast (the projector theme), for
each system's main screen at 120x40 and 80x24, with the log highlighted
(blurred) and focused. The cells are read as the terminal gets them
(tests/ui/contrast.py)."""

from __future__ import annotations

import pytest

from gm_console.files import load_encounter
from gm_console.ui.app import GMConsoleApp
from gm_console.ui.config import Config
from tests.conftest import ENCOUNTERS
from tests.ui.contrast import contrast, failures, screen_pairs, screen_rows

NEED = {"gm-dark": 4.5, "gm-light": 4.5, "gm-contrast": 7.0}
SIZES = [(120, 40), (80, 24)]

CTB_START = ["n", "e", "x", "t", "enter"]
SCREENS = {
    # the acting unit, the newest entry highlighted, an attack's odds
    "ctb": ("ctb-causeway-ambush.toml", [*CTB_START, *"hit tamsin hexer [17]", "enter"]),
    # Downed, Armor Broken, low HP, the odds line while a hit is typed
    "ctb-hurt": (
        "ctb-causeway-ambush.toml",
        [*CTB_START, *"set raider1 hp 0", "enter", *"set hexer ar 0", "enter", *"set warlord hp 3", "enter", *"hit tamsin hexer"],
    ),
    "conflict": ("conflict-worked-example.toml", []),
    "conflict-cover": ("conflict-relay-station.toml", []),
    "reactor": ("reactor-worked-exchange.toml", []),
    "reactor-posts": ("reactor-night-shift.toml", []),
}


def console(name: str, theme: str) -> GMConsoleApp:
    return GMConsoleApp(load_encounter(ENCOUNTERS / name), path=None, config=Config(theme=theme))


def report(pairs) -> str:
    return "\n".join(f"{p.ratio}:1 {p.fg} on {p.bg} at {p.where}: {p.text!r}" for p in pairs)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("screen", list(SCREENS))
@pytest.mark.parametrize("theme", list(NEED))
async def test_every_text_meets_the_contrast_of_its_theme(theme, screen, size):
    name, keys = SCREENS[screen]
    app = console(name, theme)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        if keys:
            await pilot.press(*keys)
        await pilot.pause()
        assert len(app.screen_stack) == 1  # the fight screen itself, nothing over it
        bad = failures(app, NEED[theme])
        assert not bad, f"{theme} {screen} {size}: under {NEED[theme]}:1\n{report(bad)}"
        await pilot.press("ctrl+l")  # the log focused: its highlight is stronger
        await pilot.pause()
        bad = failures(app, NEED[theme])
        assert not bad, f"{theme} {screen} {size}, log focused: under {NEED[theme]}:1\n{report(bad)}"


async def test_a_new_theme_recolours_every_pane_at_once():
    """Switching theme redraws what the panes, the log and the status line
    already rendered: nothing stays in the old theme's colours."""
    app = console("ctb-causeway-ambush.toml", "gm-dark")
    async with app.run_test(size=(200, 50)) as pilot:  # wide: the CTB pane, the zone map and the log side by side
        await pilot.pause()
        await pilot.press(*CTB_START, *"hit tamsin hexer [17]", "enter")
        await pilot.pause()
        dark = set(screen_pairs(app))
        app.theme = "gm-contrast"
        await pilot.pause()
        await pilot.pause()
        pairs = screen_pairs(app)
        assert not set(pairs) & dark
        bad = [p for p in pairs.values() if p.ratio < NEED["gm-contrast"]]
        assert not bad, report(bad)


async def test_one_colour_per_side_in_every_pane():
    """A player's name is in the theme's player colour in the CTB roster, the
    turn bar, the zone map and the status line; an NPC's in the GM colour."""
    app = console("ctb-causeway-ambush.toml", "gm-light")
    async with app.run_test(size=(200, 50)) as pilot:
        await pilot.pause()
        await pilot.press(*CTB_START)
        await pilot.pause()
        variables = app.theme_variables
        player, gm = variables["gm-player"].lower(), variables["gm-enemy"].lower()
        seen: dict[str, set[str]] = {"Tamsin": set(), "Hexer": set()}
        for row in screen_rows(app):
            for seg in row:  # a name drawn on its own (roster, turn bar, map token, status line; not inside a log line)
                if seg.text.strip() in seen and seg.style is not None and seg.style.color is not None:
                    seen[seg.text.strip()].add("#%02x%02x%02x" % tuple(seg.style.color.get_truecolor()))  # reversed or not
        assert seen["Tamsin"] == {player}, seen
        assert seen["Hexer"] == {gm}, seen


def test_the_contrast_formula():
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert contrast((0x76, 0x76, 0x76), (255, 255, 255)) == pytest.approx(4.54, abs=0.01)
