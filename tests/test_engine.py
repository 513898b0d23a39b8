"""The engine: push/undo/redo, replay at any index, dice recorded, and the
invariants that make the log the truth (property-tested)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gm_console.core.errors import IllegalAction, NothingToRedo, NothingToUndo, UnknownName
from gm_console.core.game import Game
from gm_console.files.encounter_io import dumps_encounter, loads_encounter
from tests.conftest import game_from_dict, minimal


def test_push_returns_events_and_logs_the_resolved_action(game):
    events = game.push_line("roll 2d20")
    assert len(game.log) == 1
    line = game.lines()[0]
    assert line.startswith("roll 2d20 [")
    faces = game.log[0].dice
    assert len(faces) == 2 and all(1 <= f <= 20 for f in faces)
    assert events[0].kind == "roll" and str(sum(faces)) in events[0].text


def test_rolls_come_from_the_seed_and_the_log_position():
    a, b = game_from_dict(minimal(seed=7)), game_from_dict(minimal(seed=7))
    for g in (a, b):
        g.push_line("roll 3d20")
        g.push_line("roll 1d6")
    assert a.lines() == b.lines()
    c = game_from_dict(minimal(seed=8))
    c.push_line("roll 3d20")
    c.push_line("roll 1d6")
    assert c.lines() != a.lines()


def test_entered_dice_are_kept_and_checked(game):
    game.push_line("roll 2d6 [6,6]")
    assert game.log[0].dice == (6, 6)
    with pytest.raises(IllegalAction, match="a d6 shows 1 to 6"):
        game.push_line("roll 1d6 [7]")
    with pytest.raises(IllegalAction, match="expected 2 dice"):
        game.push_line("roll 2d6 [1]")
    assert len(game.log) == 1


def test_replay_never_rolls_again():
    g = game_from_dict(minimal(seed=1))
    g.push_line("roll 4d20")
    text = dumps_encounter(g)
    reloaded = loads_encounter(text.replace("seed = 1", "seed = 999"))
    assert reloaded.lines() == g.lines()


def test_a_saved_roll_without_dice_is_rejected():
    with pytest.raises(ValueError, match=r"log\[0\]: a saved action must record its dice"):
        game_from_dict(minimal(log=["roll 2d20"]))


def test_illegal_action_changes_nothing(game):
    before = game.state.to_json()
    with pytest.raises(UnknownName):
        game.push_line("set nobody hp 3")
    with pytest.raises(IllegalAction, match=r"unit ids are unique"):
        game.push_line("add kai pcs")
    assert game.state.to_json() == before and game.log == []


def test_undo_redo_walk_the_log(game):
    game.push_line("set kai hp 7")
    game.push_line("move kai b")
    assert game.undo().notation() == "move kai b"
    assert game.state.units["kai"].zone == "a"
    assert game.undo().notation() == "set kai hp 7"
    assert game.state.units["kai"].stats["hp"] == 10
    with pytest.raises(NothingToUndo):
        game.undo()
    game.redo()
    game.redo()
    assert game.state.units["kai"].zone == "b" and game.state.units["kai"].stats["hp"] == 7
    with pytest.raises(NothingToRedo):
        game.redo()


def test_a_new_action_after_undo_clears_redo(game):
    game.push_line("set kai hp 7")
    game.undo()
    game.push_line("set kai hp 5")
    assert not game.can_redo


def test_redo_keeps_the_recorded_dice(game):
    game.push_line("roll 5d20")
    line = game.lines()[0]
    game.undo()
    game.redo()
    assert game.lines() == [line]


def test_conditions_count_down_at_turn_and_round_ends(game):
    game.push_line("cond kai Dazed for=1t")
    game.push_line("cond gob Burning for=1r")
    assert game.push_line("next")[0].text == "kai's turn"
    events = [e.text for e in game.push_line("next")]
    assert "kai: Dazed ends (end of turn)" in events and "gob's turn" in events
    assert "burning" in game.state.units["gob"].conditions
    events = [e.text for e in game.push_line("next")]
    assert "gob: Burning ends (end of round 1)" in events and "Round 2 begins" in events
    assert game.state.clock.round == 2


def test_state_at_rebuilds_any_point_from_checkpoints(monkeypatch):
    monkeypatch.setattr(Game, "CHECKPOINT_EVERY", 3)
    g = game_from_dict(minimal())
    seen = [g.state.to_json()]
    for i in range(10):
        g.push_line(f"set kai hp {i}")
        seen.append(g.state.to_json())
    assert g.checkpoints == [0, 3, 6, 9]
    for i, expected in enumerate(seen):
        assert g.state_at(i).to_json() == expected
    for _ in range(5):
        g.undo()
    assert g.checkpoints == [0, 3]
    assert g.state.to_json() == seen[5]


def test_state_at_returns_a_copy(game):
    game.push_line("set kai hp 2")
    snap = game.state_at(1)
    snap.units["kai"].stats["hp"] = 99
    assert game.state.units["kai"].stats["hp"] == 2


def test_log_of_ten_thousand_actions_keeps_few_state_copies():
    g = game_from_dict(minimal())
    for i in range(10_000):
        g.push_line(f"set kai hp {i % 50}")
    assert len(g.checkpoints) == 10_000 // Game.CHECKPOINT_EVERY + 1
    assert g.state_at(5_001).units["kai"].stats["hp"] == 5_000 % 50


# ------------------------------------------------------------------ properties

STATS = ("hp", "ar", "speed")
CONDS = ("Dazed", "Burning", "Hidden")


@st.composite
def action_line(draw, game: Game) -> str:
    state = game.state
    units = sorted(state.units) or ["kai"]
    u = draw(st.sampled_from(units))
    choice = draw(st.integers(0, 10))
    if choice == 0:
        return f"set {u} {draw(st.sampled_from(STATS))} {draw(st.integers(-5, 40))}"
    if choice == 1:
        return f"move {u} {draw(st.sampled_from(sorted(state.zones)))}"
    if choice == 2:
        dur = draw(st.sampled_from(["", " for=1t", " for=2r", " for=1s"]))
        return f"cond {u} {draw(st.sampled_from(CONDS))}{dur}"
    if choice == 3:
        held = [c.name for c in state.units[u].conditions.values()] if u in state.units else []
        return f"uncond {u} {draw(st.sampled_from(held or ['Dazed']))}"
    if choice == 4:
        return draw(st.sampled_from(["roll 2d20", "roll 1d20+3", f"roll 3d6 by={u}", "roll 1d6 [4]"]))
    if choice == 5:
        return "note " + draw(st.sampled_from(["the floor shakes", '"quoted" words', "a=b [1]"]))
    if choice in (6, 7):
        return "next"
    if choice == 8:
        return f"pool threat {draw(st.sampled_from(['+1', '-1', '+3']))}"
    if choice == 9:
        new = draw(st.sampled_from(["gob2", "kai2", "x"]))
        return f"add {new} {draw(st.sampled_from(['pcs', 'npcs']))} copy={u} hp={draw(st.integers(0, 9))}"
    return draw(st.sampled_from([f"remove {u}", f'rename {u} "New {u}"']))


def play(data, game: Game, steps: int) -> list[dict]:
    snapshots = [game.state.to_json()]
    for _ in range(steps):
        line = data.draw(action_line(game))
        try:
            game.push_line(line)
        except ValueError:
            continue
        snapshots.append(game.state.to_json())
    return snapshots


SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_replay_of_the_saved_file_equals_live_play(data, seed):
    game = game_from_dict(minimal(seed=seed, pools={"threat": 2}))
    play(data, game, data.draw(st.integers(0, 40)))
    reloaded = loads_encounter(dumps_encounter(game))
    assert reloaded.state.to_json() == game.state.to_json()
    assert reloaded.events == game.events
    assert reloaded.lines() == game.lines()


@SETTINGS
@given(data=st.data())
def test_state_at_every_index_equals_what_live_play_saw(data):
    Game.CHECKPOINT_EVERY, saved = 4, Game.CHECKPOINT_EVERY
    try:
        game = game_from_dict(minimal(pools={"threat": 2}))
        seen = play(data, game, data.draw(st.integers(0, 30)))
        for i, snapshot in enumerate(seen):
            assert game.state_at(i).to_json() == snapshot
    finally:
        Game.CHECKPOINT_EVERY = saved


@SETTINGS
@given(data=st.data())
def test_undo_then_redo_is_the_identity(data):
    game = game_from_dict(minimal(pools={"threat": 2}))
    play(data, game, data.draw(st.integers(1, 30)))
    before, lines, events = game.state.to_json(), game.lines(), list(game.events)
    k = data.draw(st.integers(0, len(game.log)))
    for _ in range(k):
        game.undo()
    assert game.state.to_json() == game.state_at(len(game.log)).to_json()
    for _ in range(k):
        game.redo()
    assert game.state.to_json() == before and game.lines() == lines and game.events == events


@SETTINGS
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_save_load_save_gives_identical_bytes(data, seed):
    game = game_from_dict(minimal(seed=seed, pools={"threat": 2}, description="a test", dice="manual"))
    play(data, game, data.draw(st.integers(0, 25)))
    first = dumps_encounter(game)
    second = dumps_encounter(loads_encounter(first))
    assert first == second
