"""Growth rates of the core, counted (stat reads, applied actions, state
copies, formatted lines), never timed: nothing grows faster than linearly
with the units of a fight or the length of its log, and what one step at the
end of a long log costs does not grow with the log at all."""

from __future__ import annotations

import pytest

from gm_console.core.actions import Next, QuietContext, SetStat
from gm_console.core.game import Game
from gm_console.core.state import State
from gm_console.core.systems.ctb import projection
from gm_console.core.systems.ctb.verbs import _Strike
from gm_console.files import cache
from gm_console.files.encounter_io import dumps_encounter, load_encounter, loads_encounter, save_encounter
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


def quiet_next(state: State, game: Game) -> None:
    ctx = QuietContext(game.rules, game.systems, game.setup, len(game.log))
    Next().check(state, ctx)
    Next().apply(state, ctx)


def loud_next(state: State, game: Game) -> None:
    ctx = game.context()
    Next().check(state, ctx)
    Next().apply(state, ctx)


@pytest.mark.parametrize("step", [quiet_next, loud_next], ids=["replayed", "played"])
def test_a_next_reads_each_unit_a_bounded_number_of_times(fights, step):
    small, large = (mean_reads(fights[n], step) for n in (50, 500))
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
        for cls in (Next, _Strike):  # a replay's one call per line, applying without calling apply
            fused = cls.check_apply

            def check_apply(action, state, ctx, fused=fused):
                self.applied += 1
                return fused(action, state, ctx)

            monkeypatch.setattr(cls, "check_apply", check_apply)
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
        assert counts.applied == n and counts.formatted == 0  # nothing worded or formatted on open
    # copies: one per 1024 actions, one per 128 over the last 1024 (plus the initial state's)
    assert seen[20_000][1] <= 20_000 // 1024 + 8 + 2 and seen[2_000][1] <= 2_000 // 1024 + 8 + 2


@pytest.mark.parametrize("what", ["undo", "redo", "state_at", "events", "push", "lines"])
def test_a_step_at_the_end_of_the_log_costs_the_same_at_any_length(saved_logs, monkeypatch, what):
    counts = Counts(monkeypatch)
    cost = {}
    for n, text in saved_logs.items():
        game = loads_encounter(text)
        game.lines()
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
        elif what == "push":
            game.push_line("next")
        else:
            game.push_line("next")
            counts.reset()
            game.lines()
        cost[n] = (counts.applied, counts.copies, counts.formatted)
    # at most the actions since the checkpoint before (and a copy or two), at either length
    assert all(max(c) <= Game.CHECKPOINT_EVERY + 1 for c in cost.values()), cost


def test_formatting_a_replayed_log_formats_each_distinct_action_once(saved_logs, monkeypatch):
    counts = Counts(monkeypatch)
    game = loads_encounter(saved_logs[2_000])
    counts.reset()
    game.lines()
    assert counts.formatted == len({id(a) for a in game.log}) < len(game.log)


def test_an_open_from_the_cache_applies_nothing(saved_logs, monkeypatch, tmp_path):
    path = tmp_path / "long.toml"
    path.write_text(saved_logs[20_000])
    load_encounter(path)
    cache.flush()
    counts = Counts(monkeypatch)
    decoded = []
    import gm_console.core.snapshot as snapshot

    decode = snapshot.decode_state
    monkeypatch.setattr(snapshot, "decode_state", lambda *a: decoded.append(1) or decode(*a))
    game = load_encounter(path)
    assert counts.applied == 0 and counts.formatted == 0 and len(decoded) == 1  # the final state only
    game.undo()
    assert counts.applied <= Game.CHECKPOINT_EVERY and len(decoded) == 2  # one checkpoint, when needed
    save_encounter(game, tmp_path / "again.toml", backup=False)
