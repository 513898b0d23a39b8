"""The zone map and Stress tracks pane: Pilot tests of what it shows at
80x24, 120x40 and 200x60, the positions-only zones pane, and SVG snapshots
(tests/conflict/__snapshots__; refresh with --snapshot-update)."""

from __future__ import annotations

from gm_console.files import load_encounter
from gm_console.ui.app import GMConsoleApp
from gm_console.ui.panes.conflict import ConflictPane
from gm_console.ui.panes.zones import ZonesPane
from gm_console.ui.render import conflict as draw
from gm_console.ui.widgets.action_prompt import ActionPrompt
from gm_console.ui.widgets.zone_map import map_lines
from tests.conftest import ENCOUNTERS, game_from_dict, minimal

from .helpers import pane_text

RELAY = ENCOUNTERS / "conflict-relay-station.toml"
FIGHT = [
    "turn rhea", "stride rhea corridor near=raider1", "attack rhea raider1 field-sidearm stun buy=1 [2,3,4]", "suffer raider1",
    "next", "turn warden", "attack warden rhea carbine deadly [1,2]", "avoid rhea",
    "next", "turn tomas", "minor tomas prone", "next", "attack raider2 ilse field-sidearm deadly [1,1]",
]  # fmt: skip


def make_app(lines=FIGHT, path=RELAY) -> GMConsoleApp:
    game = load_encounter(path)
    for line in lines:
        game.push_line(line)
    return GMConsoleApp(game)


async def type_line(pilot, line: str) -> None:
    prompt = pilot.app.query_one(ActionPrompt)
    prompt.focus()
    prompt.value = line
    await pilot.press("enter")
    await pilot.pause()


async def test_the_pane_shows_map_tracks_pools_markers_and_who_has_acted():
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        text = pane_text(app)
        for zone in ("1 Docking", "2 Service", "3 Control", "4 Maintena", "5 Reactor"):
            assert zone in text
        assert "Raider Kos✕↓" in text and "[Rhea" not in text  # Defeated and prone: no longer a threat within Reach
        assert "Warden Sarn⌂" in text and "Tomas Vey↓" in text  # cover, prone
        assert "hidden" in text and "↔3⊘,4" in text  # fog of war, a locked exit
        assert "Momentum" in text and "Threat" in text
        assert "⚠ avoid ilse / suffer ilse: Ilse (tech) faces Deadly 3 (Field Sidearm)\n  Severity 3: 4 - Protection 1: cysuit 1" in text
        assert "✓ Rhea Okonkwo" in text and "■■■□□□□□ 3/8" in text  # acted; 3 Stress of 8
        assert "✕ Raider Kos" in text and "Field Sidearm Stun (stun 4)" in text
        assert "✓ Tomas Vey" in text and "Prone" in text
        assert "· Ilse (tech)" in text  # still to act
        # finished turns of those who can still act: Raider Kos is Defeated, Raider Mott's turn is running
        assert app.query_one(ConflictPane).border_subtitle == "acted 3/5 · scene 1"


async def test_the_pane_follows_the_prompt():
    app = make_app(lines=[])
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "players' pick: Rhea… ·" in pane_text(app)  # the file's clear choice is the only one who may open
        await type_line(pilot, "turn rhea")  # the file's clear choice to open
        assert "▶ Rhea Okonkwo" in pane_text(app) and "Rhea M0/1 m0/1" not in pane_text(app)
        await type_line(pilot, "hazard smoke attritional 2")
        await type_line(pilot, "expose tomas smoke")
        assert "■■□□□□□□□ 2/9" in pane_text(app)


async def test_the_pane_is_readable_at_80x24():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        pane = app.query_one(ConflictPane)
        width = pane.content_size.width
        assert width <= 78
        state, rules = app.game.state, app.game.rules
        drawn = draw.header_lines(state, rules, width) + draw.detail_lines(state, width) + draw.track_lines(state, width)
        drawn += map_lines(state, width, 13, draw.token, draw.reach_groups(rules))
        assert all(line.cell_len <= width for line in drawn)  # nothing the pane draws runs past its edge
        text = pane_text(app)
        assert "Momentum" in text and "Threat" in text and "avoid ilse" in text
        for who in ("Rhea", "Tomas", "Ilse", "raider1", "raider2", "Warden"):
            assert who in text
        assert "3/8" in text


async def test_the_pane_uses_a_wide_screen():
    app = make_app()
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.pause()
        pane = app.query_one(ConflictPane)
        assert pane.has_class("-wide")
        text = pane_text(app)
        assert "Rhea Okonkwo 3/8" in text  # the map carries Stress counts, beside whole names: its boxes have room
        assert "Injuries: Field Sidearm Stun (stun 4)" in text
        assert "Hazard Coolant Leak: acute, Severity 3, every one round" in text
        assert "Acted this round: Rhea…, Warden…, Tomas Vey\n" in text  # raider2's turn is still running


def test_map_lines_fit_the_width_and_mark_hidden_and_locked():
    game = load_encounter(RELAY)
    for width in (40, 78, 120):
        lines = map_lines(game.state, width, 12)
        assert all(line.cell_len <= width for line in lines)
    text = "\n".join(line.plain for line in map_lines(game.state, 120, 20))
    assert "┆" in text and "╳╳" in text  # the hidden zone's border, the locked connection


async def test_the_zones_pane_serves_encounters_without_the_conflict_system():
    data = minimal(zones=[{"id": "a", "name": "Gate", "adjacent": ["b"], "traits": ["cover"]}, {"id": "b", "name": "Vault", "hidden": True}])
    app = GMConsoleApp(game_from_dict(data))
    async with app.run_test(size=(200, 50)) as pilot:  # wide enough for the panes side by side
        await pilot.pause()
        pane = app.query_one(ZonesPane)
        text = pane.query_one("#zones-map").render().plain
        assert "1 Gate" in text and "2 Vault" in text and "kai" in text and "gob" in text
        assert "hidden" in text
        assert pane.border_subtitle == "2 zones, 1 hidden"
        await type_line(pilot, "reveal b")
        assert pane.border_subtitle == "2 zones"


def test_snapshot_80x24(snap_compare):
    assert snap_compare(make_app(), terminal_size=(80, 24))


def test_snapshot_120x40(snap_compare):
    assert snap_compare(make_app(), terminal_size=(120, 40))


def test_snapshot_200x60(snap_compare):
    assert snap_compare(make_app(), terminal_size=(200, 60))


async def test_in_manual_dice_mode_the_console_asks_for_the_players_dice():
    from textual.widgets import Input

    from gm_console.ui.screens.ask_text import AskText

    app = make_app(lines=["turn rhea"])
    async with app.run_test(size=(120, 40)) as pilot:
        app.fight.dice_mode = "manual"
        await type_line(pilot, "attack rhea raider1 field-sidearm stun buy=1")
        assert isinstance(app.screen, AskText)
        app.screen.query_one(Input).value = "3 8 11"
        await pilot.press("enter")
        await pilot.pause()
        assert app.game.lines()[-1] == "attack rhea raider1 field-sidearm stun buy=1 [3,8,11]"
        assert "⚠ suffer raider1: Raider Kos" in pane_text(app)  # a Minor NPC: no avoid on offer


def test_the_map_brackets_able_enemies_within_reach():
    from gm_console.ui.render.conflict import reach_groups, token

    game = load_encounter(RELAY)
    for line in ("turn rhea", "stride rhea corridor near=raider1", "next", "turn raider2", "stride raider2 corridor near=rhea"):
        game.push_line(line)
    text = "\n".join(line.plain for line in map_lines(game.state, 120, 30, token, reach_groups(game.rules)))
    assert "[Rhea Okonkwo~" in text and "Raider Kos~" in text and "Raider Mott]" in text  # each whole: the box has the room
