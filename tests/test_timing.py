"""Conditions count down at the right moment in every system, and the log
says so: end of the holder's turn, end of a round, the side's Shift End."""

from __future__ import annotations

from gm_console.files import load_encounter
from tests.conftest import ENCOUNTERS


def texts(events) -> list[str]:
    return [e.text for e in events]


def test_ctb_turn_condition_ends_with_the_holders_turn():
    game = load_encounter(ENCOUNTERS / "ctb-training-yard.toml")
    game.push_line("next")
    who = game.state.clock.active
    name = game.state.units[who].name
    game.push_line(f"cond {who} Dazed for=1t")
    assert f"{name}: Dazed ends (end of turn)" in texts(game.push_line("next"))
    assert "dazed" not in game.state.units[who].conditions


def test_ctb_round_condition_ends_when_ticks_cross_a_round():
    game = load_encounter(ENCOUNTERS / "ctb-training-yard.toml")
    game.push_line("cond golem Burning for=1r")
    seen: list[str] = []
    while game.state.clock.round == 1:
        seen += texts(game.push_line("next"))
    assert "golem: Burning ends (end of round 1)".replace("golem", game.state.units["golem"].name) in seen


def test_conflict_turn_condition_ends_when_the_turn_does():
    game = load_encounter(ENCOUNTERS / "conflict-relay-station.toml")
    game.push_line("turn rhea")
    game.push_line("cond rhea Dazed for=1t")
    name = game.state.units["rhea"].name
    assert f"{name}: Dazed ends (end of turn)" in texts(game.push_line("next"))


def test_reactor_shift_condition_ends_at_the_sides_shift_end():
    game = load_encounter(ENCOUNTERS / "reactor-night-shift.toml")
    side = game.state.boards["reactor"].active
    holder = next(u for u in game.state.units.values() if u.side == side)
    game.push_line(f"cond {holder.id} Shaken for=1s")
    seen: list[str] = []
    for _ in range(3):  # Operations -> Incident -> Shift End
        seen += texts(game.push_line("next"))
        if any("Shaken ends" in t for t in seen):
            break
    assert any(t.startswith(f"{holder.name}: Shaken ends") and "Shift End" in t for t in seen), seen
    assert "shaken" not in game.state.units[holder.id].conditions
