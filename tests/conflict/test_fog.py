"""Fog of war and Map Chips (CTB text, used by every map): hide, reveal, chip.

Rules: the GM hides and reveals zones; a zone revealed during play stays
revealed; a Map Chip is an item that reveals hidden zones and opens locked
connections when used."""

from __future__ import annotations

import pytest

from gm_console.core.errors import IllegalAction
from gm_console.core.fog import is_locked, open_neighbours
from gm_console.files.encounter_io import EncounterFileError
from tests.conftest import game_from_dict, minimal


def fog_game(**extra):
    data = minimal(
        zones=[
            {"id": "a", "name": "Gate", "adjacent": ["b"]},
            {"id": "b", "name": "Hall", "adjacent": ["c"], "locked": ["c"]},
            {"id": "c", "name": "Vault", "hidden": True, "chip": "Vault Record"},
            {"id": "d", "name": "Shaft", "adjacent": ["a"]},
        ],
        units=[
            {"id": "kai", "side": "pcs", "zone": "a", "items": ["Vault Record", "rope"]},
            {"id": "gob", "side": "npcs", "zone": "d"},
        ],
    )
    data.update(extra)
    return game_from_dict(data)


def test_fog_reveal_shows_a_hidden_zone_and_it_stays_revealed():
    game = fog_game()
    assert game.state.zones["c"].hidden
    game.push_line("reveal c")
    zone = game.state.zones["c"]
    assert not zone.hidden and zone.revealed
    with pytest.raises(IllegalAction, match=r"revealed during play and stays revealed \[fog of war\]"):
        game.push_line("hide c")


def test_fog_hide_puts_an_unseen_zone_under_fog():
    game = fog_game()
    game.push_line("hide d")
    assert game.state.zones["d"].hidden
    with pytest.raises(IllegalAction, match="already hidden"):
        game.push_line("hide d")


def test_fog_cannot_hide_where_the_players_stand():
    game = fog_game()
    with pytest.raises(IllegalAction, match=r"kai stand\(s\) in Gate.*\[fog of war\]"):
        game.push_line("hide a")


def test_fog_reveal_of_a_visible_zone_is_refused():
    with pytest.raises(IllegalAction, match="Gate is not hidden"):
        fog_game().push_line("reveal a")


def test_map_chip_reveals_and_unlocks():
    game = fog_game()
    assert is_locked(game.state, "b", "c") and is_locked(game.state, "c", "b")
    assert "c" not in open_neighbours(game.state, "b")
    events = game.push_line('chip kai "vault record"')
    assert not game.state.zones["c"].hidden and game.state.zones["c"].revealed
    assert not is_locked(game.state, "b", "c")
    assert "c" in open_neighbours(game.state, "b")
    texts = [e.text for e in events]
    assert "Vault is revealed (Map Chip 'vault record')" in texts
    assert any("between Hall and Vault opens" in t for t in texts)
    assert "Vault Record" in game.state.units["kai"].items  # intel is kept
    with pytest.raises(IllegalAction, match=r"nothing left to reveal or unlock \[map chips\]"):
        game.push_line('chip kai "Vault Record"')


def test_map_chip_must_be_carried_and_known():
    game = fog_game()
    with pytest.raises(IllegalAction, match=r"gob does not carry 'Vault Record' \(items: nothing\) \[map chips\]"):
        game.push_line('chip gob "Vault Record"')
    with pytest.raises(IllegalAction, match="no zone on this map answers to the chip 'rope'"):
        game.push_line("chip kai rope")


def test_fog_state_round_trips_through_copy_json_and_replay():
    game = fog_game()
    game.push_line("hide d")
    game.push_line('chip kai "Vault Record"')
    copy = game.state.copy()
    assert copy.to_json() == game.state.to_json()
    zones = {z["id"]: z for z in game.state.to_json()["zones"]}
    assert zones["c"] == {
        "id": "c", "name": "Vault", "adjacent": ["b"], "traits": [], "hidden": False,
        "locked": [], "chip": "Vault Record", "revealed": True,
    }
    assert zones["d"]["hidden"] is True
    from gm_console.files.encounter_io import dumps_encounter, loads_encounter

    again = loads_encounter(dumps_encounter(game))
    assert again.state.to_json() == game.state.to_json()
    game.undo()
    assert is_locked(game.state, "b", "c")


def test_a_locked_connection_must_join_adjacent_zones():
    data = minimal(zones=[{"id": "a", "adjacent": ["b"], "locked": ["c"]}, {"id": "b"}, {"id": "c"}])
    with pytest.raises(EncounterFileError, match=r"zones\[0\].locked\[0\]: 'c' is not adjacent to 'a'"):
        game_from_dict(data)


def test_a_gm_move_drops_reach_and_cover_at_once():
    """The generic move (GM fiat) tells the system, so a move away and back
    within one turn does not keep the old engagement."""
    from gm_console.core.systems.conflict.board import pair
    from gm_console.files import load_encounter
    from tests.conftest import ENCOUNTERS

    game = load_encounter(ENCOUNTERS / "conflict-relay-station.toml")
    a, b = game.state.units["rhea"], game.state.units["raider1"]
    game.push_line("move rhea corridor")
    game.state.boards["conflict"].reach.add(pair(a.id, b.id))  # as a stride near=... would leave it
    here, other = "corridor", "dock"
    game.push_line(f"move {a.id} {other}")
    assert not any(a.id in p for p in game.state.boards["conflict"].reach)
    game.push_line(f"move {a.id} {here}")
    assert not any(a.id in p for p in game.state.boards["conflict"].reach)


# ------------------------------------------------------------ issue 13: chips collected in play, fast travel


def test_L24_a_map_chip_is_collected_in_play_and_then_used():
    """CTB line 24: Map Chips are collectible intel; give UNIT CHIP hands one over during play."""
    game = fog_game(units=[{"id": "kai", "side": "pcs", "zone": "a"}, {"id": "gob", "side": "npcs", "zone": "d"}])
    with pytest.raises(IllegalAction, match=r"does not carry 'Vault Record'"):
        game.push_line('chip kai "Vault Record"')
    events = [e.text for e in game.push_line('give kai "Vault Record"')]
    assert "kai collects the Map Chip 'Vault Record'" in events
    assert "Vault Record" in game.state.units["kai"].items
    game.push_line('chip kai "Vault Record"')
    assert not game.state.zones["c"].hidden
    with pytest.raises(IllegalAction, match=r"kai already carries 'Vault Record'"):
        game.push_line('give kai "Vault Record"')
    assert game.parse('give kai "Vault Record"').notation() == 'give kai "Vault Record"'


def test_L24_fast_travel_points_take_a_unit_between_them_with_the_chip_of_the_destination():
    """CTB line 24: Map Chips serve fast-travel points: a unit at one travels to another whose chip it carries."""
    game = fog_game(zones=[
        {"id": "a", "name": "Gate", "adjacent": ["b"], "traits": ["fast travel"]},
        {"id": "b", "name": "Hall", "adjacent": ["c"]},
        {"id": "c", "name": "Vault", "hidden": True, "chip": "Vault Record", "traits": ["fast travel"]},
        {"id": "d", "name": "Shaft", "adjacent": ["a"], "traits": ["fast travel"], "chip": "Shaft Pass"},
    ])
    events = [e.text for e in game.push_line("travel kai c")]
    assert game.state.units["kai"].zone == "c" and not game.state.zones["c"].hidden
    assert any("fast-travels" in e for e in events)
    with pytest.raises(IllegalAction, match=r"kai carries no Map Chip for Shaft \('Shaft Pass'\)"):
        game.push_line("travel kai d")
    game.push_line("move kai b")
    with pytest.raises(IllegalAction, match=r"Hall is not a fast-travel point"):
        game.push_line("travel kai c")
