"""Fuzzing in the suite: mutated bundled encounters and random action lines
never get anything but EncounterFileError / GMError out of the core, every
file error names the file and a key path or line, a file or game that is
accepted saves and reads back to the same state, and no case hangs.

The generators are tests/fuzz/__init__.py; long campaigns of the same
generators: ``python tests/fuzz/run.py --files 100000 --actions 100000``.
Here a fixed few thousand cases keep this file to a few seconds.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gm_console.core.errors import GMError
from gm_console.files import EncounterFileError, loads_encounter
from tests.fuzz import ENCOUNTERS, ActionCampaign, Hung, Outcome, check_file, file_case, fresh_game, time_limit

FILE_CASES = 1500
ACTION_CASES = 4000
LIMIT = 5  # seconds per case


def failures(cases) -> list[str]:  # type: ignore[no-untyped-def]
    found = []
    for i, case in enumerate(cases):
        try:
            with time_limit(LIMIT):
                outcome, what = case()
        except Hung:
            outcome, what = Outcome("hung", f"more than {LIMIT} s"), f"case {i}"
        if outcome is not None:
            found.append(f"[{i}] {outcome.kind}: {what}: {outcome.detail}")
    return found


def test_the_fuzzer_mutates_every_bundled_encounter():
    assert len(ENCOUNTERS) >= 6


@pytest.mark.slow  # every bundled encounter mutated and loaded again and again: 7-11 s a suite
@pytest.mark.parametrize("seed", ["suite-a", "suite-b"])
def test_mutated_encounter_files_fail_only_with_named_encounter_file_errors(seed):
    found = failures(lambda i=i: file_case(seed, i) for i in range(FILE_CASES // 2))
    assert found == [], "\n".join(found[:10])


@pytest.mark.parametrize("seed", ["suite-a", "suite-b"])
def test_random_action_lines_on_bundled_encounters_raise_only_gm_errors(seed):
    campaign = ActionCampaign(seed)
    found = failures(lambda i=i: campaign.case(i) for i in range(ACTION_CASES // 2))
    assert found == [], "\n".join(found[:10])


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=200))
def test_any_text_parses_or_raises_a_gm_error(line):
    name, game = _game()
    for call in (game.parse, game.push_line):
        try:
            with time_limit(LIMIT):
                call(line)
        except GMError:
            pass


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=400))
def test_any_bytes_load_or_raise_a_named_encounter_file_error(data):
    with time_limit(LIMIT):
        assert check_file("junk.toml", data) is None


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=400))
def test_any_text_loads_or_raises_an_encounter_file_error_naming_the_file(text):
    try:
        with time_limit(LIMIT):
            loads_encounter(text, "junk.toml")
    except EncounterFileError as exc:
        assert all(m.startswith("junk.toml: ") for m in exc.messages())


_GAMES: dict[str, object] = {}


def _game():  # type: ignore[no-untyped-def]
    """One game for the hypothesis examples (loading one per example is slow)."""
    if "game" not in _GAMES:
        import random

        _GAMES["game"] = fresh_game(random.Random("hypothesis"))
    return _GAMES["game"]
