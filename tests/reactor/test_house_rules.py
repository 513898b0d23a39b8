"""Each house rule: its default is what the other tests assume; here, the other value."""

from __future__ import annotations

import pytest

from gm_console.core.systems.reactor import SYSTEM
from gm_console.lookup import build_index
from tests.conftest import game_from_dict
from tests.reactor.helpers import board, prof, reactor_game, refused, unit


def test_every_silent_spot_is_a_named_house_rule_with_an_explanation():
    names = {r.name for r in SYSTEM.HOUSE_RULES}
    assert {"block_exhausts", "meltdown_heat", "base_load", "power_order", "ready_step", "orientation_shifts"} <= names
    for rule in SYSTEM.HOUSE_RULES:
        assert len(rule.explain) > 80 and rule.title
        problems: list = []
        rule.spec.check(rule.default, rule.name, problems)
        assert problems == [], rule.name


def test_house_rules_show_in_the_rules_lookup_with_the_value_in_force():
    game = reactor_game(unit("k", "b", "wnaf-conscript"), house={"block_exhausts": False})
    index = build_index(list(game.systems.values()), game.rules)
    for rule in SYSTEM.HOUSE_RULES:
        entry = index.get(f"house.{rule.key}")
        assert entry is not None and rule.explain in entry.body
    assert "In force: False (changed by this encounter; default True)" in index.get("house.reactor.block_exhausts").body


def test_a_bad_house_rule_value_is_reported():
    data = {
        "format": 1, "title": "t", "systems": ["reactor"], "sides": [{"id": "a"}, {"id": "b"}],
        "house_rules": {"reactor": {"ready_step": "never", "blok_exhausts": True}},
    }  # fmt: skip
    with pytest.raises(ValueError) as exc:
        game_from_dict(data)
    assert "house_rules.reactor.ready_step" in str(exc.value) and "did you mean 'block_exhausts'" in str(exc.value)


def test_block_exhausts_false_lets_a_guard_hold_all_shift():
    game = reactor_game(unit("w", "a", "junior-watchman", "weston-smg", stationed=True),
                        *(unit(f"k{i}", "b", "wnaf-conscript") for i in (1, 2, 3)), house={"block_exhausts": False})  # fmt: skip
    for i in (1, 2, 3):
        game.push_line(f"strike k{i} -> reactor block=w")
    assert not game.state.units["w"].has("EXHAUSTED") and board(game).plants["a"].heat == 0


def test_self_block_lets_the_target_intercept_for_itself():
    units = (unit("w", "a", "junior-watchman", "weston-smg", stationed=True), unit("k", "b", "wnaf-conscript", "chainbreaker"))
    refused(reactor_game(*units), "strike k -> w block=w", "it is the target", "Reactor house rule: self_block")
    game = reactor_game(*units, house={"self_block": True})
    game.push_line("strike k -> w block=w")
    assert "k" not in game.state.units and game.state.units["w"].stat("damage") == 0


def test_meltdown_heat_sets_the_limit_and_0_turns_it_off():
    game = reactor_game(unit("k", "b", "wnaf-conscript"), house={"meltdown_heat": 100})
    game.push_line("strike k -> reactor")
    assert board(game).plants["a"].melted
    game = reactor_game(unit("k", "b", "wnaf-conscript"), sides={"a": {"heat": 5000}}, house={"meltdown_heat": 0})
    game.push_line("strike k -> reactor")
    assert not board(game).plants["a"].melted and board(game).plants["a"].heat == 5100


def test_ready_step_shift_end_readies_strikers_for_the_opponents_turn():
    game = reactor_game(unit("k", "b", "wnaf-conscript"), house={"ready_step": "shift-end"})
    game.push_line("strike k -> reactor")
    game.push_line("next")
    game.push_line("next")
    assert not game.state.units["k"].has("EXHAUSTED")


def test_orientation_shifts():
    for shifts, still in ((0, False), (2, True)):
        game = reactor_game(unit("k", "b", "wnaf-conscript"), house={"orientation_shifts": shifts})
        game.push_line("deploy wnaf-conscript n1")
        game.push_line("next")
        game.push_line("next")
        assert game.state.units["n1"].has("ORIENTATION") == still


def test_play_timing_any_time():
    game = reactor_game(unit("w", "a", "junior-watchman"), unit("k", "b", "wnaf-conscript"), house={"play_timing": "any-time"})
    game.push_line("station w")  # during B's shift
    game.push_line("equip w weston-smg")
    assert game.state.units["w"].has("STATIONED") and prof(game, "w").atk == 2


def test_station_in_orientation_false():
    game = reactor_game(unit("w", "a", "junior-watchman", orientation=True), active="a", house={"station_in_orientation": False})
    refused(game, "station w", "under ORIENTATION", "Reactor house rule: station_in_orientation")


def test_lockdown_covers_opposing_turn():
    for covers, delivered_before_lift in ((True, 1), (False, 0)):
        game = reactor_game(unit("k", "a", "wnaf-conscript"), active="a", house={"lockdown_covers_opposing_turn": covers})
        game.push_line("lockdown a")  # during A's own Operations
        game.push_line("next")
        game.push_line("next")  # A's Shift End
        plant = board(game).plants["a"]
        assert plant.delivered == delivered_before_lift
        assert (plant.lockdown > 0) == covers
        assert plant.forfeited == (0 if covers else 1)


def test_raid_clears_counters():
    for clears, left in ((False, 2), (True, 0)):
        game = reactor_game(unit("k", "b", "wnaf-conscript"), phase="incident", sides={"a": {"hack": 2}},
                            house={"raid_clears_counters": clears})  # fmt: skip
        game.push_line("incident hostile-raid -> a")
        game.push_line("next")
        game.push_line("next")
        assert board(game).plants["a"].hack == left and board(game).plants["a"].heat == 150


def test_base_load_and_power_order_defaults_and_per_side_values():
    game = reactor_game(unit("k", "b", "wnaf-conscript"), house={"base_load": 40, "power_order": 3},
                        sides={"a": {"base_load": 10}}, facilities=[{"id": "loop", "side": "a", "card": "cooling-loop"}])  # fmt: skip
    assert board(game).plants["b"].base_load == 40 and board(game).power_order("b") == 3
    assert board(game).next_base_load("a") == 0  # 10 - 100 from the Cooling Loop, never below 0
    game.push_line("next")
    game.push_line("next")
    assert board(game).plants["b"].delivered == 3
    game.push_line("next")
    assert board(game).plants["a"].heat == 0
    for _ in range(3):
        game.push_line("next")
    assert board(game).plants["b"].heat == 40


def test_pack_counts_ready():
    units = [unit(f"k{i}", "b", "wnaf-conscript") for i in (1, 2, 3)] + [unit("op", "a", "reactor-operator")]
    game = reactor_game(*units, house={"pack_counts": "ready"})
    assert prof(game, "k2").atk == 2
    game.push_line("strike k1 -> reactor")
    assert prof(game, "k2").atk == 1  # k1 is spent: only two ready
    assert board(game).plants["a"].heat == 200  # k1 struck with the pack's 2
    game = reactor_game(*units)
    game.push_line("strike k1 -> reactor")
    assert prof(game, "k2").atk == 2


def test_one_incident_per_incident_phase_by_default():
    """House rule incidents_per_phase = 1: two Hostile Raids in one phase do not stack."""
    from gm_console.core.errors import IllegalAction
    from gm_console.files import load_encounter
    from tests.conftest import ENCOUNTERS

    game = load_encounter(ENCOUNTERS / "reactor-worked-exchange.toml")
    assert game.state.boards["reactor"].phase == "incident"  # the exchange ends with the raid deployed
    with pytest.raises(IllegalAction, match=r"limit is 1 \[Reactor house rule: incidents_per_phase\]"):
        game.push_line("incident hostile-raid -> a")
    text = (ENCOUNTERS / "reactor-worked-exchange.toml").read_text()
    lifted = text.replace("[reactor]", "[house_rules.reactor]\nincidents_per_phase = 0\n\n[reactor]", 1)
    from gm_console.files import loads_encounter

    game = loads_encounter(lifted)
    game.push_line("incident hostile-raid -> a")
    assert len(game.state.boards["reactor"].plants["a"].pending) == 2


# ------------------------------------------------------------ issue 13: no house rule quietly overrides the text


def test_block_exhausts_false_is_marked_departs_from_the_text():
    """R30: the worked exchange leaves A no ready post after one interception; false departs from it."""
    game = reactor_game(unit("k", "b", "wnaf-conscript"), house={"block_exhausts": False})
    assert "reactor.block_exhausts" in game.rules.departing()
    body = build_index(list(game.systems.values()), game.rules).get("house.reactor.block_exhausts").body
    assert "departs from the text" in body
    assert reactor_game(unit("k", "b", "wnaf-conscript")).rules.departing() == {}


def test_lockdown_span_and_meltdown_heat_say_where_they_depart_from_a_literal_reading():
    rules = {r.name: r for r in SYSTEM.HOUSE_RULES}
    assert "departs from a literal reading" in rules["lockdown_covers_opposing_turn"].explain
    assert "departs from a literal reading" in rules["meltdown_heat"].explain
    assert "Power Order" in rules["meltdown_heat"].explain  # a melted core also stops delivering


def test_every_reactor_house_rule_is_in_docs_reactor_md():
    from pathlib import Path

    page = (Path(__file__).resolve().parents[2] / "docs" / "reactor.md").read_text()
    for rule in SYSTEM.HOUSE_RULES:
        assert f"| `{rule.name}` |" in page, rule.name
