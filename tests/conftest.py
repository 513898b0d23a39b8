"""Shared fixtures: build games from TOML text or dicts without touching disk."""

from __future__ import annotations

import os
import textwrap
from pathlib import Path

import pytest
from hypothesis import settings
from hypothesis.database import DirectoryBasedExampleDatabase

from gm_console.core.game import Game
from gm_console.files.encounter_io import game_from_data, loads_encounter

ROOT = Path(__file__).resolve().parent.parent
ENCOUNTERS = ROOT / "encounters"

# Hypothesis, in every worker of the parallel run (pytest-xdist): no deadline (a property test's
# example timed by the clock fails at random on a loaded machine: timing is the benchmark's job,
# tests/bench/), failures printed with the blob that replays them (@reproduce_failure).
# "dev", the default: a new random seed each run, and the examples that failed kept in the
# repository's .hypothesis/ (one folder for every worker: its writes are safe side by side) and
# tried first next time. "ci" (HYPOTHESIS_PROFILE=ci, set by .ci/run): the same examples in every
# run, each test's drawn from its own name, and nothing kept, so a red CI run is the code's, never
# the luck of the draw or of a database.
settings.register_profile(
    "dev", deadline=None, print_blob=True, database=DirectoryBasedExampleDatabase(ROOT / ".hypothesis" / "examples"),
)
settings.register_profile("ci", deadline=None, print_blob=True, derandomize=True, database=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


def game_from_toml(text: str, name: str = "<test>") -> Game:
    return loads_encounter(textwrap.dedent(text), name)


def game_from_dict(data: dict, name: str = "<test>") -> Game:
    return game_from_data(data, name)


def minimal(**extra) -> dict:
    """The smallest valid encounter document, with ``extra`` keys merged in."""
    data = {
        "format": 1,
        "title": "test",
        "systems": [],
        "sides": [{"id": "pcs", "controller": "players"}, {"id": "npcs"}],
        "zones": [{"id": "a", "adjacent": ["b"]}, {"id": "b"}],
        "units": [
            {"id": "kai", "side": "pcs", "zone": "a", "stats": {"hp": 10}},
            {"id": "gob", "side": "npcs", "zone": "b", "stats": {"hp": 4}},
        ],
    }
    data.update(extra)
    return data


@pytest.fixture(autouse=True)
def _private_user_folders(tmp_path_factory, monkeypatch):
    """Tests never read or write the real user's config, themes, recovery files."""
    base = tmp_path_factory.mktemp("user")
    monkeypatch.setenv("GM_CONSOLE_CONFIG_DIR", str(base / "config"))
    monkeypatch.setenv("GM_CONSOLE_DATA_DIR", str(base / "data"))
    monkeypatch.setenv("GM_CONSOLE_STATE_DIR", str(base / "state"))
    return base


@pytest.fixture
def game() -> Game:
    return game_from_dict(minimal())


def pytest_collection_modifyitems(items):
    """Every test that compares an SVG snapshot is marked ``snapshot`` (CI's run
    on the dependency floors leaves them out: they are drawn by the pinned versions)."""
    for item in items:
        if "snap_compare" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.snapshot)
