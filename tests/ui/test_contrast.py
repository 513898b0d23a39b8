"""Every text on the screen is readable in every theme: the WCAG contrast of
each (foreground, background) pair of the rendered cells is at least 4.5:1
in gm-dark and gm-light and 7:1 in gm-contrast (the projector theme), for
each system's main screen at 120x40 and 80x24, with the log highlighted
(blurred) and focused, the prompt's placeholder and the footer's keys; in
replay mode (the tinted status line, the replay cursor in the log, the
replay footer); and with a refusal and a warning up. The cells are read as
the terminal gets them (tests/ui/contrast.py), in true colour and as a
256-colour terminal shows them: tmux's default (``tmux-256color``, no
COLORTERM), where Textual sends each colour as the nearest of the 256 and a
pair that passes in true colour can fail (gm-dark's replay status line
2.38:1, its focused placeholder 2.51:1, gm-light's footer keys 3.98:1:
issue 27)."""

from __future__ import annotations

import pytest
from rich.color import Color as RichColor
from rich.color import ColorSystem

from gm_console.files import load_encounter
from gm_console.ui.app import GMConsoleApp
from gm_console.ui.config import Config
from tests.conftest import ENCOUNTERS
from tests.ui.contrast import Pair, contrast, screen_pairs, screen_rows

NEED = {"gm-dark": 4.5, "gm-light": 4.5, "gm-contrast": 7.0}
SIZES = [(120, 40), (80, 24)]
# the fast lane (pytest -m "not slow") checks each screen at 120x40; 80x24 (as many screens again,
# 1-7 s each) is marked slow, and checked by the whole suite
SIZE_PARAMS = [
    pytest.param(size, id=f"{size[0]}x{size[1]}", marks=[pytest.mark.slow] if size != (120, 40) else []) for size in SIZES
]

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


def in_256_colours(hex_colour: str) -> tuple[int, int, int]:
    """The colour a 256-colour terminal shows for ``hex_colour`` (Rich's downgrade, which Textual uses)."""
    triplet = RichColor.parse(hex_colour).downgrade(ColorSystem.EIGHT_BIT).get_truecolor()
    return (triplet.red, triplet.green, triplet.blue)


def failures(app, minimum: float) -> list[Pair]:
    """The text pairs under ``minimum``, in true colour or in 256 colours (marked "256:" there)."""
    bad = []
    for p in screen_pairs(app).values():
        low = contrast(in_256_colours(p.fg), in_256_colours(p.bg))
        if p.ratio < minimum:
            bad.append(p)
        elif low < minimum:
            bad.append(Pair(round(low, 2), f"256:{p.fg}", p.bg, p.text, p.where))
    return sorted(bad, key=lambda p: p.ratio)


async def settle(pilot) -> None:
    await pilot.pause()
    await pilot.pause()


@pytest.mark.parametrize("size", SIZE_PARAMS)
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


REPLAYS = {
    # the log's replay cursor on an entry, the tinted status line, the replay footer
    "ctb": ("ctb-causeway-ambush.toml", [*CTB_START, *"hit tamsin hexer [17]", "enter", *CTB_START]),
    "conflict": ("conflict-relay-station.toml", [*"turn rhea", "enter", *"stride rhea corridor", "enter"]),
    "reactor": ("reactor-worked-exchange.toml", [*"next", "enter"]),
}


@pytest.mark.parametrize("size", SIZE_PARAMS)
@pytest.mark.parametrize("system", list(REPLAYS))
@pytest.mark.parametrize("theme", list(NEED))
async def test_replay_mode_meets_the_contrast_of_its_theme(theme, system, size):
    name, keys = REPLAYS[system]
    app = console(name, theme)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.press(*keys)
        await settle(pilot)
        assert len(app.game.log) >= 1, app.notices
        await pilot.press("f3", "left")  # replay, one entry back: the cursor on an entry, the log focused
        await settle(pilot)
        assert app.fight.replay_at is not None and app.fight.replay_at < len(app.game.log)
        bad = failures(app, NEED[theme])
        assert not bad, f"{theme} {system} replay {size}: under {NEED[theme]}:1\n{report(bad)}"
        app.fight.set_focus(None)  # the log blurred: the cursor's other highlight
        await settle(pilot)
        bad = failures(app, NEED[theme])
        assert not bad, f"{theme} {system} replay {size}, log blurred: under {NEED[theme]}:1\n{report(bad)}"


@pytest.mark.parametrize("theme", list(NEED))
async def test_notices_meet_the_contrast_of_their_theme(theme):
    """A refusal (error), a warning and a plain notice over the fight."""
    app = console("ctb-causeway-ambush.toml", theme)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press(*"hit tamsin hexer", "enter")  # nobody's turn yet: refused
        app.notify("Tamsin's hit is on an ally: Ren (both Cadets).", title="Friendly fire", severity="warning", timeout=30)
        app.notify("saved fight.toml (3 actions)", timeout=30)
        await settle(pilot)
        bad = failures(app, NEED[theme])
        assert not bad, f"{theme} notices: under {NEED[theme]}:1\n{report(bad)}"


@pytest.mark.parametrize("theme", list(NEED))
async def test_the_quit_question_meets_the_contrast_of_its_theme(theme):
    """The dialog with a warning button (the themes' warning colour is dark, for the replay tint)."""
    from gm_console.ui.screens.confirm import Confirm

    app = console("ctb-causeway-ambush.toml", theme)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press(*CTB_START, "ctrl+q")
        await settle(pilot)
        assert isinstance(app.screen, Confirm)
        box = app.screen.query_one("Confirm > Vertical").region
        bad = [p for p in failures(app, NEED[theme]) if box.contains(*p.where)]  # the fight behind is dimmed
        assert not bad, f"{theme} quit question: under {NEED[theme]}:1\n{report(bad)}"
