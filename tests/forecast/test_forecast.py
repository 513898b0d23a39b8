"""The forecast plays fights through the real engine: seeded, reproducible,
never touching the game it starts from (core/forecast.py, gm_console/forecast.py)."""

from __future__ import annotations

import pytest

from gm_console.core.errors import GMError
from gm_console.core.forecast import Caps, Fight, play, policy_names, side_policies
from gm_console.core.forecast_figures import summarize, wilson
from gm_console.core.game import Game
from gm_console.files import load_encounter
from gm_console.forecast import base_game, make_job, run
from tests.forecast.helpers import FIGHTER, GIANT, MOUSE, duel

DEMO = "encounters/ctb-causeway-ambush.toml"


def test_a_fight_one_side_cannot_lose_gives_it_at_least_99_percent():
    job = make_job(duel(GIANT, MOUSE, first_side="b"), seed=3)
    figures = run(job, 200, workers=1).figures()
    assert figures["fights"] == 200
    assert figures["sides"]["a"]["win"]["p"] >= 0.99
    assert "standing" not in figures["units"]["ub"]["ends"]  # Downed, Dead or Recalled in every fight


def test_a_mirror_fight_with_a_fair_opening_gives_each_side_50_percent_within_its_interval():
    # two identical sides; each opens half the fights (tie_break = listed, each listed first in one file)
    fights: list[Fight] = []
    for first in ("a", "b"):
        job = make_job(duel(FIGHTER, FIGHTER, first_side=first), seed=11)
        fights += run(job, 300, workers=1).fights
    figures = summarize(fights, ["a", "b"])
    for side in ("a", "b"):
        win = figures["sides"][side]["win"]
        assert win["low"] <= 0.5 <= win["high"], (side, win)


def test_the_same_seed_gives_the_same_figures_and_another_seed_other_fights():
    game = load_encounter(DEMO)
    one = run(make_job(game, seed=5), 40, workers=1).figures()
    two = run(make_job(game, seed=5), 40, workers=1).figures()
    other = run(make_job(game, seed=6), 40, workers=1)
    assert one == two
    assert [f.rounds for f in other.fights] != [f.rounds for f in run(make_job(game, seed=5), 40, workers=1).fights]


def test_the_figures_do_not_depend_on_the_number_of_processes():
    game = load_encounter(DEMO)
    alone = run(make_job(game, seed=9), 60, workers=1).figures()
    pooled = run(make_job(game, seed=9), 60, workers=2).figures()
    assert pooled == alone


def test_a_forecast_never_changes_the_game_it_starts_from():
    game = load_encounter("encounters/conflict-worked-example.toml")
    lines, state = game.lines(), game.state.to_json()
    run(make_job(game, seed=1, what_if=["pool threat +3"]), 20, workers=1)
    play(game, side_policies(game, {}), 1, 0)
    assert game.lines() == lines and game.state.to_json() == state and not game.redo_stack


def test_from_n_is_the_forecast_of_the_file_truncated_at_n(tmp_path):
    from gm_console.files.encounter_io import save_encounter

    game = load_encounter("encounters/conflict-worked-example.toml")
    cut = tmp_path / "cut.toml"
    save_encounter(game, cut, upto=1)
    truncated = load_encounter(cut)
    assert len(truncated.log) == 1
    from_one = run(make_job(game, 1, seed=4), 30, workers=1).figures()
    assert from_one == run(make_job(truncated, seed=4), 30, workers=1).figures()
    assert from_one != run(make_job(game, seed=4), 30, workers=1).figures()


def test_every_simulated_action_is_an_ordinary_logged_action_that_replays():
    game = load_encounter(DEMO)
    fight, played = play(game, side_policies(game, {}), 2, 7)
    again = Game.load(played.setup, played.lines())
    assert again.state.to_json() == played.state.to_json()
    assert fight.actions == len(played.log) - len(game.log)
    assert fight.end == "defeat" and played.lines()[-1] == "endbattle"


def test_a_time_out_is_reported_as_such():
    game = load_encounter(DEMO)
    fight, _ = play(game, side_policies(game, {}), 0, 0, Caps(rounds=2))
    assert fight.end == "time out" and fight.winner is None


@pytest.mark.parametrize("bad, words", [
    ({"nobody": "focus"}, "no side 'nobody'"),
    ({"cadets": "nonsense"}, "no policy 'nonsense'"),
])  # fmt: skip
def test_a_bad_policy_choice_is_refused_by_name(bad, words):
    with pytest.raises(GMError, match=words):
        make_job(load_encounter(DEMO), policies=bad)


def test_a_bad_what_if_line_names_the_line_and_the_rule():
    with pytest.raises(GMError, match="what-if 'remove nobody'"):
        make_job(load_encounter(DEMO), what_if=["remove nobody"])


def test_a_what_if_plays_its_lines_at_the_start_point():
    game = load_encounter(DEMO)
    base = base_game(make_job(game, what_if=["remove warlord"]))
    assert "warlord" not in base.state.units and "warlord" in game.state.units


@pytest.mark.parametrize("path", sorted(__import__("glob").glob("encounters/*.toml")))
def test_every_bundled_encounter_has_policies_and_forecasts(path):
    game = load_encounter(path)
    names, default = policy_names(game)
    assert default in names
    figures = run(make_job(game, seed=1), 4, workers=1).figures()
    assert figures["fights"] == 4 and sum(f["p"] for f in figures["ends"].values()) == pytest.approx(1)


def test_wilson_stays_inside_zero_and_one_and_narrows_with_fights():
    assert wilson(0, 10)["low"] == 0 and wilson(10, 10)["high"] == 1
    assert wilson(50, 100)["high"] - wilson(50, 100)["low"] > wilson(500, 1000)["high"] - wilson(500, 1000)["low"]
    assert wilson(50, 100)["low"] < 0.5 < wilson(50, 100)["high"]


@pytest.mark.parametrize("workers", [1, 2])
def test_a_stopped_forecast_keeps_the_fights_played_so_far(workers):
    import threading

    stop = threading.Event()
    result = run(make_job(load_encounter(DEMO), seed=2), 400, workers=workers, stop=stop,
                 progress=lambda done, _runs: stop.set())  # fmt: skip
    figures = result.figures()
    assert result.cancelled and not figures["complete"]
    assert 0 < figures["fights"] < 400 and figures["fights"] == len(result.fights)
    assert len({f.index for f in result.fights}) == len(result.fights)  # each fight once


def test_a_fork_plays_on_without_touching_its_game_and_undoes_like_it():
    game = load_encounter("encounters/conflict-worked-example.toml")
    state, lines = game.state.to_json(), game.lines()
    fork = game.fork()
    fork.push_line("next")
    fork.push_line('note "a fork only"')
    assert game.lines() == lines and game.state.to_json() == state
    fork.undo()
    fork.undo()
    assert fork.lines() == lines and fork.state.to_json() == state
    assert fork.state_at(1).to_json() == game.state_at(1).to_json()


def test_the_win_chances_of_the_fight_so_far_are_at_each_round_start_and_now():
    from gm_console.forecast import history, round_starts

    game = load_encounter(DEMO)
    for line in ["next", "hit tamsin raider2 [12]", "next", "next", "next", "next", "next", "next", "next", "next"]:
        game.push_line(line)
    starts = round_starts(game)
    assert starts[0] == (1, 0) and len(starts) >= 2 and all(a[0] < b[0] for a, b in zip(starts, starts[1:]))
    rows = history(game, 4, workers=1)
    assert [(r, i) for r, i, _ in rows[: len(starts)]] == starts
    assert rows[-1][1] == len(game.log) or starts[-1][1] == len(game.log)
    assert all(set(sides) == {"cadets", "raiders"} for _, _, sides in rows)
