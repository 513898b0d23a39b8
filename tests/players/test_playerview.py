"""The player-safe document (gm_console/core/playerview.py): one pure function
of the GM state, which never holds what the players may not see."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gm_console.core.errors import IllegalAction
from gm_console.core.fog import unit_hidden
from gm_console.core.playerview import PLAYER_JSON_VERSION, band, player_document
from tests.conftest import game_from_dict, minimal
from tests.players.fights import FIGHTS, document, leaks, npc_figures


def fog_game(**players):
    data = minimal(
        zones=[
            {"id": "a", "name": "Gate", "adjacent": ["b", "c"]},
            {"id": "b", "name": "Hall"},
            {"id": "c", "name": "Vault", "hidden": True, "traits": ["gold hoard"]},
        ],
        units=[
            {"id": "kai", "side": "pcs", "zone": "a", "stats": {"hp": 10}},
            {"id": "gob", "name": "Goblin", "side": "npcs", "zone": "b", "stats": {"hp": 4}},
            {"id": "orc", "name": "Orc Chief", "side": "npcs", "zone": "c"},
            {"id": "imp", "name": "Imp", "side": "npcs", "zone": "b"},
        ],
    )
    if players:
        data["players"] = players
    return game_from_dict(data)


def names(doc):
    return {u["name"] for u in doc["units"]}


def test_descriptor_bands_are_unhurt_hurt_bloodied_down():
    assert band(1.0) == "Unhurt"
    assert band(0.75) == band(0.51) == "Hurt"
    assert band(0.5) == band(0.01) == "Bloodied"
    assert band(0) == band(-1) == "Down"
    assert band(None) is None


def test_the_document_has_its_version_and_no_gm_internals():
    doc = player_document(fog_game())
    assert doc["player_json_version"] == PLAYER_JSON_VERSION == 1
    text = json.dumps(doc)
    for key in ("seed", "house_rules", "description", "log_length"):
        assert f'"{key}"' not in text


def test_hidden_zones_and_their_occupants_never_appear():
    doc = player_document(fog_game())
    text = json.dumps(doc)
    assert "Vault" not in text and "gold hoard" not in text and '"c"' not in text
    assert "Orc Chief" not in text and "orc" not in text
    assert [z["id"] for z in doc["map"]["zones"]] == ["a", "b"]
    assert doc["map"]["links"] == [{"a": "a", "b": "b", "locked": False}]


def test_hide_and_reveal_a_unit_are_logged_actions():
    game = fog_game()
    game.push_line("hide imp")
    assert unit_hidden(game.state, game.state.units["imp"])
    assert "Imp" not in names(player_document(game))
    assert game.lines()[-1] == "hide imp"
    with pytest.raises(IllegalAction, match=r"already hidden .*\[player view\]"):
        game.push_line("hide imp")
    game.push_line("reveal imp")
    doc = player_document(game)
    assert "Imp" in names(doc)
    assert any(line["text"] == "Imp is revealed to the players" for line in doc["log"])
    game.undo()
    assert "Imp" not in names(player_document(game))


def test_players_own_characters_cannot_be_hidden():
    with pytest.raises(IllegalAction, match="player character"):
        fog_game().push_line("hide kai")


def test_a_unit_in_a_hidden_zone_stays_hidden_until_the_zone_is_revealed():
    game = fog_game()
    with pytest.raises(IllegalAction, match=r"Orc Chief is not hidden .*stands in Vault"):
        game.push_line("reveal orc")
    game.push_line("reveal c")
    assert {"Orc Chief", "Goblin", "Imp", "kai"} <= names(player_document(game))


def test_hiding_a_zone_still_works_and_a_zone_wins_over_a_unit_of_the_same_id():
    game = fog_game()
    game.push_line("hide b")
    doc = player_document(game)
    assert "Hall" not in json.dumps(doc) and "Goblin" not in names(doc)


def test_gm_notes_never_reach_the_players_and_say_lines_do():
    game = fog_game()
    game.push_line("note the orc waits in the vault")
    game.push_line("say A cold draft from the gate")
    game.push_line('roll 1d20 why="secret check"')
    doc = player_document(game)
    texts = [line["text"] for line in doc["log"]]
    assert texts == ["A cold draft from the gate"]
    assert "orc" not in json.dumps(doc)


def test_npc_health_follows_the_setting_and_the_players_verb():
    game = fog_game(health="exact")
    game.push_line("set gob hp 2")
    gob = next(u for u in player_document(game)["units"] if u["name"] == "Goblin")
    assert gob["meters"] == [] and gob["band"] is None  # no system: no health meters at all
    game.push_line("players health=hidden threat=shown")
    doc = player_document(game)
    assert doc["health"] == "hidden"
    assert game.lines()[-1] == "players health=hidden threat=shown"


def test_threat_shows_only_when_the_gm_shows_it():
    from tests.players.fights import conflict_fight

    game = conflict_fight(steps=0).game
    pools = {p["name"] for p in player_document(game)["pools"]}
    assert pools == {"momentum"}
    game.push_line("players threat=shown")
    assert {p["name"] for p in player_document(game)["pools"]} == {"momentum", "threat"}


def test_ctb_descriptor_health_hides_exact_figures_and_shows_bands():
    from tests.players.fights import ctb_fight

    game = ctb_fight(steps=0).game
    game.push_line("next")  # Tamsin's turn
    game.push_line("hit tamsin hexer [17]")
    doc = player_document(game)
    hexer = next(u for u in doc["units"] if u["name"] == "Hexer")
    assert hexer["meters"] == [] and hexer["band"] == "Bloodied"
    assert any(line["text"] == "Tamsin hits Hexer · dice 17" for line in doc["log"])
    tamsin = next(u for u in doc["units"] if u["name"] == "Tamsin")
    assert [m["label"] for m in tamsin["meters"]] == ["HP", "AR"]
    game.push_line("players health=exact")
    hexer = next(u for u in player_document(game)["units"] if u["name"] == "Hexer")
    assert {"label": "HP", "value": 4, "max": 26} in hexer["meters"]


def test_ctb_next_turns_leave_hidden_units_out():
    from tests.players.fights import ctb_fight

    game = ctb_fight(steps=0).game
    doc = player_document(game)
    assert len(doc["next"]) == 5
    assert all(t["id"] not in ("shade", "lurker") for t in doc["next"])


def test_conflict_map_leaves_the_reactor_gallery_out():
    from tests.players.fights import conflict_fight

    game = conflict_fight(steps=0).game
    doc = player_document(game)
    assert [z["name"] for z in doc["map"]["zones"]] == ["Docking Bay", "Service Corridor", "Control Room", "Maintenance Vents"]
    text = json.dumps(doc)
    assert "reactor" not in text.lower() and "coolant" not in text.lower() and "Warden" not in text
    rhea = next(u for u in doc["units"] if u["name"] == "Rhea Okonkwo")
    assert rhea["meters"] == [{"label": "Stress", "value": 0, "max": 8}]


def test_reactor_boards_show_both_sides_cards():
    from tests.players.fights import reactor_fight

    doc = player_document(reactor_fight(steps=0).game)
    titles = [p["title"] for p in doc["panels"]]
    assert titles == ["Unit 4 Security's board", "WNAF Raiders' board"]
    core = doc["panels"][0]["cards"][0]
    assert "HEAT 300 K" in core["lines"]
    assert "Federal Ranger" not in names(doc)  # hidden
    senior = next(u for u in doc["units"] if u["id"] == "senior")
    assert "STATIONED" in senior["tags"]


@pytest.mark.parametrize("system", sorted(FIGHTS))
def test_a_scripted_fight_leaks_nothing(system):
    fight = FIGHTS[system]()
    doc = document(fight)
    text = json.dumps(doc, ensure_ascii=False).lower()
    assert [term for term in leaks(fight.game) if term.lower() in text] == []
    assert npc_figures(doc) == []
    visible_ids = {u["id"] for u in doc["units"]}
    assert not any(unit_hidden(fight.game.state, fight.game.state.units[uid]) for uid in visible_ids)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(system=st.sampled_from(sorted(FIGHTS)), seed=st.integers(0, 10_000), steps=st.integers(0, 30),
       health=st.sampled_from(["descriptor", "hidden"]), hide_more=st.integers(0, 3))
def test_random_games_never_put_hidden_data_in_the_document(system, seed, steps, health, hide_more):
    fight = FIGHTS[system](steps=steps, seed=seed, health=health)
    game = fight.game
    npcs = [u.id for u in game.state.units.values() if game.state.sides[u.side].controller == "gm" and not unit_hidden(game.state, u)]
    for uid in npcs[:hide_more]:
        game.push_line(f"hide {uid}")
    doc = player_document(game)
    text = json.dumps(doc, ensure_ascii=False).lower()
    assert [term for term in leaks(game) if term.lower() in text] == []
    assert npc_figures(doc) == []
    for zone in (doc["map"] or {"zones": []})["zones"]:
        assert not game.state.zones[zone["id"]].hidden


@pytest.mark.parametrize("system", sorted(FIGHTS))
def test_the_public_log_worked_out_once_per_line_is_the_log_worked_out_afresh(system):
    """public_log remembers what each line became for a given sight (so an action
    re-reads only its new lines): after every step, including the GM hiding and
    revealing units and changing the health setting, it equals a cold computation."""
    from gm_console.core import playerview

    fight = FIGHTS[system](steps=0)
    game = fight.game
    import random

    from gm_console.core.actions import Next
    from gm_console.core.errors import GMError

    rng = random.Random(5)
    npcs = [u.id for u in game.state.units.values() if not game.state.sides[u.side].is_players]
    extra = [f"hide {npcs[0]}", f"reveal {npcs[0]}", "players health=exact", "players health=descriptor", "players threat=shown"]
    for step in range(40):
        line = rng.choice(extra) if step % 4 == 3 else None
        try:
            if line:
                game.push_line(line)
            else:
                game.push(rng.choice([a for a in game.legal_actions() if a.VERB not in ("hide", "reveal", "endbattle")] + [Next()]))
        except GMError:
            continue
        remembered = player_document(game)["log"]
        playerview._LINES.clear()
        assert remembered == player_document(game)["log"]


def test_a_document_after_an_action_sorts_and_compiles_no_name_pattern_again(monkeypatch):
    """The log's name patterns depend on the names only: after an action that
    leaves them as they were, the next document builds none (issue 16: sorting
    the names for each pattern was a sixth of the document's time with 50 units)."""
    from gm_console.core import playerview
    from tests.bench.generate import encounter_text
    from gm_console.files.encounter_io import loads_encounter

    game = loads_encounter(encounter_text(50, 40))
    player_document(game)
    built = playerview._compiled.cache_info().misses
    sorts = []
    monkeypatch.setattr(playerview, "sorted", lambda *a, **k: sorts.append(1) or sorted(*a, **k), raising=False)
    asked = []
    players = playerview.Sight.players
    monkeypatch.setattr(playerview.Sight, "players", lambda self, unit: asked.append(self.player_sides is None) or players(self, unit))
    game.push_line("hit u0 u1 free [7]")
    player_document(game)
    assert playerview._compiled.cache_info().misses == built and sorts == []
    assert asked.count(True) == 1 and len(asked) > 50  # the players' sides worked out once per document, asked per unit


def test_with_health_as_words_an_npc_line_keeps_no_fragment_that_names_no_one():
    """Issue 27: the head of "a Stun Injury: it clears at the end of Raider Kos's next
    turn..." (an event about the NPC) was kept as "a Stun Injury": what befell the NPC,
    with no one doing it. A shortened NPC line keeps who does what to whom, or nothing."""
    from gm_console.files import load_encounter
    from tests.conftest import ENCOUNTERS

    game = load_encounter(ENCOUNTERS / "conflict-relay-station.toml")  # health: descriptor, the default
    for line in ("turn rhea", "attack rhea raider1 field-sidearm stun [2,5]", "suffer raider1"):
        game.push_line(line)
    log = [line["text"] for line in player_document(game)["log"]]
    assert "Rhea Okonkwo hits Raider Kos" in log and "Raider Kos suffers Field Sidearm Stun" in log
    assert not [text for text in log if "Stun Injury" in text]
    game.push_line("players health=exact")  # the GM shows everything: the whole line is there
    log = [line["text"] for line in player_document(game)["log"]]
    assert any(text.startswith("a Stun Injury: it clears at the end of Raider Kos") for text in log)
