"""Growth rates of the core, counted (stat reads, applied actions, state
copies), never timed: nothing grows faster than linearly
with the units of a fight or the length of its log, and what one step at the
end of a long log costs does not grow with the log at all."""

from __future__ import annotations

import pytest

from gm_console.core.actions import Next, SetStat
from gm_console.core.game import Game
from gm_console.core.state import State
from gm_console.core.systems.ctb import projection
from gm_console.core.systems.ctb.verbs import _Strike
from gm_console.files.encounter_io import dumps_encounter, loads_encounter
from tests.fights import fight


class CountingStats(dict):
    """A unit's stats that count how often they are read."""

    reads = 0

    def __getitem__(self, key):
        CountingStats.reads += 1
        return dict.__getitem__(self, key)

    def get(self, key, default=None):
        CountingStats.reads += 1
        return dict.get(self, key, default)


def reads_of(game: Game, step) -> int:
    """Stat reads of ``step(state, ctx)`` on a copy of the game's state (its units' stats counted)."""
    state = game.state.copy()
    for unit in state.units.values():
        unit.stats = CountingStats(unit.stats)
    CountingStats.reads = 0
    step(state, game)
    return CountingStats.reads


def mean_reads(game: Game, step, times: int = 30) -> float:
    """Reads per step over ``times`` steps of play (next and a hit in turn), the state moving on."""
    total = 0
    for _ in range(times):
        total += reads_of(game, step)
        game.push_line("next")
    return total / times


@pytest.fixture(scope="module")
def fights() -> dict[int, Game]:
    return {n: fight(n, 60) for n in (50, 500)}


def next_step(state: State, game: Game) -> None:
    ctx = game.context()
    Next().check(state, ctx)
    Next().apply(state, ctx)


def test_a_next_reads_each_unit_a_bounded_number_of_times(fights):
    small, large = (mean_reads(fights[n], next_step) for n in (50, 500))
    assert large / small <= 12, (small, large)  # ten times the units: about ten times the reads
    assert large / 500 <= 8  # a few stats of each unit (AP first), never a pass per unit


def test_a_projection_reads_each_unit_a_bounded_number_of_times(fights):
    def project(state, game):
        projection.project(state, game.rules, 20)

    small, large = (reads_of(fights[n], project) for n in (50, 500))
    assert large / small <= 12, (small, large)


class Counts:
    def __init__(self, monkeypatch):
        self.applied = self.copies = self.formatted = 0
        for cls in (Next, _Strike, SetStat):
            original = cls.apply

            def apply(action, state, ctx, original=original):
                self.applied += 1
                return original(action, state, ctx)

            monkeypatch.setattr(cls, "apply", apply)
        copy = State.copy

        def counted_copy(state):
            self.copies += 1
            return copy(state)

        monkeypatch.setattr(State, "copy", counted_copy)
        import gm_console.core.game as game_module

        fmt = game_module.format_action

        def counted_format(action):
            self.formatted += 1
            return fmt(action)

        monkeypatch.setattr(game_module, "format_action", counted_format)

    def reset(self):
        self.applied = self.copies = self.formatted = 0


@pytest.fixture(scope="module")
def saved_logs() -> dict[int, str]:
    long = fight(6, 20_000)
    text = {20_000: dumps_encounter(long)}
    while len(long.log) > 2_000:
        long.undo()
    text[2_000] = dumps_encounter(long)
    return text


def test_a_replay_applies_each_action_once_and_copies_few_states(saved_logs, monkeypatch):
    counts = Counts(monkeypatch)
    seen = {}
    for n, text in saved_logs.items():
        counts.reset()
        loads_encounter(text)
        seen[n] = (counts.applied, counts.copies, counts.formatted)
        assert counts.applied == n and counts.formatted == 0  # nothing formatted on open
        # copies: one per CHECKPOINT_EVERY actions (plus the initial state's)
        assert counts.copies <= n // Game.CHECKPOINT_EVERY + 2, (n, counts.copies)


@pytest.mark.parametrize("what", ["undo", "redo", "state_at", "events", "push"])
def test_a_step_at_the_end_of_the_log_costs_the_same_at_any_length(saved_logs, monkeypatch, what):
    counts = Counts(monkeypatch)
    cost = {}
    for n, text in saved_logs.items():
        game = loads_encounter(text)
        if what == "redo":
            game.undo()
        counts.reset()
        if what == "undo":
            game.undo()
        elif what == "redo":
            game.redo()
        elif what == "state_at":
            game.state_at(len(game.log) - 5)
        elif what == "events":
            game.events[-1]
        else:
            game.push_line("next")
        cost[n] = (counts.applied, counts.copies, counts.formatted)
    # at most the actions since the checkpoint before (and a copy or two), at either length
    assert all(max(c) <= Game.CHECKPOINT_EVERY + 1 for c in cost.values()), cost
