"""The rule text's worked exchange, replayed from the bundled encounter, step by step."""

from __future__ import annotations

from gm_console.core.game import Game
from gm_console.files import load_encounter
from tests.conftest import ENCOUNTERS
from tests.reactor.helpers import board, prof

PATH = ENCOUNTERS / "reactor-worked-exchange.toml"


def test_the_setup_has_the_stats_the_text_gives():
    game = load_encounter(PATH)
    start = Game(game.setup)
    watchman = prof(start, "watchman")
    assert (watchman.atk, watchman.hp, watchman.hp_why, watchman.damage) == (2, 4, "3+1", 0)
    assert "GUARD" in watchman.traits and start.state.units["watchman"].has("STATIONED")
    assert start.state.units["operator"].has("EXHAUSTED")
    assert [prof(start, c).atk for c in ("c1", "c2", "c3")] == [2, 2, 2]
    assert [prof(start, c).hp for c in ("c1", "c2", "c3")] == [2, 2, 2]
    ranger = prof(start, "ranger")
    assert (ranger.atk, ranger.hack) == (2, 2)


def test_replay_ends_exactly_as_the_text_says():
    game = load_encounter(PATH)
    state, b = game.state, board(game)
    # Conscript #1 dead, the Watchman unhurt
    assert "c1" not in state.units
    assert [c.id for c in b.casualties] == ["c1"]
    assert state.units["watchman"].stat("damage") == 0
    # 200 HEAT on A's core, 2 HACK counters on A's panel
    assert b.plants["a"].heat == 200
    assert b.plants["a"].hack == 2
    # the Hostile Raid deployed: A's next Base Load +150 K
    assert [p.card for p in b.plants["a"].pending] == ["hostile-raid"]
    assert b.next_base_load("a") == 150
    # nothing else moved: B's core untouched, the other Conscripts unhurt
    assert b.plants["b"].heat == 0 and b.plants["b"].hack == 0
    assert state.units["c2"].stat("damage") == 0 and state.units["c3"].stat("damage") == 0


def test_a_third_counter_makes_the_raid_200():
    game = load_encounter(PATH)
    game.push_line("hack a +1")
    assert board(game).next_base_load("a") == 200
    game.push_line("next")  # B's Shift End
    game.push_line("next")  # A's shift: Ready, Base Load
    assert board(game).plants["a"].heat == 200 + 200
    assert board(game).plants["a"].pending == []


def test_the_raid_lands_on_a_s_next_base_load():
    game = load_encounter(PATH)
    game.push_line("next")
    events = game.push_line("next")
    assert board(game).plants["a"].heat == 350
    assert any("+150 (Hostile Raid) = 150 K" in e.text for e in events)


def test_each_step_of_the_exchange():
    game = load_encounter(PATH)
    lines = game.lines()
    assert lines == [
        "strike c1 -> reactor block=watchman",
        "strike c2 -> reactor",
        "strike ranger -> reactor hack",
        "next",
        "incident hostile-raid -> a",
    ]
    # 1: the Watchman's GUARD hits for 2 before the Conscript can; HP 2, so it never hits back
    s1 = game.state_at(1)
    assert "c1" not in s1.units and s1.units["watchman"].stat("damage") == 0
    assert s1.units["watchman"].has("EXHAUSTED")  # used up: nobody else of A's can intercept now
    assert s1.boards["reactor"].plants["a"].heat == 0
    steps = " | ".join(s1.boards["reactor"].last)
    assert steps.index("GUARD") < steps.index("deals 2 to WNAF Conscript #1") < steps.index("deals nothing")
    # 2: unblocked, HEAT 200
    assert game.state_at(2).boards["reactor"].plants["a"].heat == 200
    # 3: the Ranger hacks: 2 counters, no more HEAT
    s3 = game.state_at(3).boards["reactor"].plants["a"]
    assert (s3.heat, s3.hack) == (200, 2)
    # 4: the Incident phase; 5: the raid
    assert game.state_at(4).boards["reactor"].phase == "incident"
    assert game.state_at(5).boards["reactor"].plants["a"].pending


def test_two_stationed_guards_would_have_held():
    game = load_encounter(PATH)
    while game.log:
        game.undo()
    game.push_line('add guard2 a name="Second Watchman" copy=watchman')
    game.push_line("cond guard2 STATIONED")  # posted during A's last shift
    game.push_line("strike c1 -> reactor block=watchman")
    game.push_line("strike c2 -> reactor block=guard2")
    assert board(game).plants["a"].heat == 0
    assert "c2" not in game.state.units


def test_the_json_shows_personnel_numbers_in_force_and_where_each_came_from():
    """R28 (issue 13): the Watchman with the Weston SMG is ATK 2, HP 3+1; a Conscript with Chainbreaker ATK 2;
    the JSON shows those numbers, not the card's base ATK 1 HP 3."""
    from gm_console.export import state_json

    data = state_json(Game(load_encounter(PATH).setup))
    force = data["boards"]["reactor"]["in_force"]
    w = force["watchman"]
    assert (w["atk"], w["hp"], w["hack"]) == (2, 4, 0)
    assert w["atk_from"] == [{"from": "card", "value": 1}, {"from": "Weston SMG", "value": 1}]
    assert w["hp_from"] == [{"from": "card", "value": 3}, {"from": "Weston SMG", "value": 1}]
    assert force["c1"]["atk"] == 2 and {"from": "card", "value": 1} in force["c1"]["atk_from"]
    assert force["ranger"]["hack"] == 2 and force["ranger"]["hack_from"][-1]["from"] == "Hacking Device"


def test_a_conscript_in_a_pack_of_three_shows_the_pack_atk_in_the_json():
    from gm_console.export import state_json
    from tests.reactor.helpers import reactor_game, unit

    game = reactor_game(unit("k1", "b", "wnaf-conscript"), unit("k2", "b", "wnaf-conscript"), unit("k3", "b", "wnaf-conscript"))
    k1 = state_json(game)["boards"]["reactor"]["in_force"]["k1"]
    assert k1["atk"] == 2 and k1["atk_from"] == [{"from": "card", "value": 1}, {"from": "pack of 3", "value": 1}]


def test_the_board_shows_personnel_numbers_in_force_and_their_sources():
    from gm_console.ui.render.reactor import personnel_rows

    start = Game(load_encounter(PATH).setup)
    rows = personnel_rows(start.state, start.rules, start.state.units["watchman"], 100, True)
    text = "\n".join(r.plain for r in rows)
    assert "ATK 2" in text and "HP 4" in text
    assert "ATK card 1 +1 Weston SMG" in text and "HP card 3 +1 Weston SMG" in text
