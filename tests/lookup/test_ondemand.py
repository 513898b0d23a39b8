"""The rules lookup built on demand (gm_console/lookup/ondemand.py): the
palette's first list needs only the encounter's own entries; the whole index
builds on a thread; a search waits for it, or builds it."""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

import pytest

from gm_console.files import load_encounter
from gm_console.lookup import index as index_module
from gm_console.lookup import ondemand
from gm_console.lookup.index import build_index, own_entries
from gm_console.lookup.ondemand import Lookup

ROOT = Path(__file__).resolve().parents[2]
ENCOUNTERS = sorted((ROOT / "encounters").glob("*.toml"))


def lookup_of(path: Path) -> tuple[Lookup, object]:
    game = load_encounter(path)
    args = (list(game.systems.values()), game.rules, game.setup)
    return Lookup(*args), build_index(*args)


@pytest.mark.parametrize("path", ENCOUNTERS, ids=lambda p: p.name)
def test_the_first_entries_are_the_whole_index_s_first_entries(path):
    lookup, whole = lookup_of(path)
    assert lookup.first(40) == whole.entries[:40]
    assert lookup._index is None  # not built for them
    game = load_encounter(path)
    own = own_entries(list(game.systems.values()), game.rules, game.setup)
    assert whole.entries[: len(own)] == own  # the own entries lead the index


def test_the_first_entries_of_a_ctb_fight_import_no_other_system():
    code = (
        "import sys; from pathlib import Path\n"
        "from gm_console.files import load_encounter\n"
        "from gm_console.lookup.ondemand import Lookup\n"
        f"g = load_encounter(Path({str(ROOT / 'encounters' / 'ctb-causeway-ambush.toml')!r}))\n"
        "Lookup(list(g.systems.values()), g.rules, g.setup).first(40)\n"
        "print(sorted(m for m in sys.modules if m.startswith('gm_console.core.systems.') and m.count('.') == 3))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert done.stdout.strip() == "['gm_console.core.systems.ctb']"


def test_prepare_builds_the_index_on_a_thread_and_index_takes_it():
    lookup, whole = lookup_of(ENCOUNTERS[0])
    names = []
    real = index_module.build_index

    def build(*args, **kwargs):
        names.append(threading.current_thread().name)
        return real(*args, **kwargs)

    ondemand.build_index, saved = build, ondemand.build_index
    try:
        lookup.prepare()
        lookup.prepare()  # once is enough: a build is under way
        got = lookup.index()
    finally:
        ondemand.build_index = saved
    assert names == ["rules-index"]
    assert got.entries == whole.entries and lookup.index() is got


def test_a_build_that_failed_on_the_thread_is_done_again_where_its_error_shows():
    lookup, _ = lookup_of(ENCOUNTERS[0])
    calls = []

    def broken(*args, **kwargs):
        calls.append(threading.current_thread().name)
        raise ValueError("no index")

    ondemand.build_index, saved = broken, ondemand.build_index
    try:
        lookup.prepare()
        with pytest.raises(ValueError, match="no index"):
            lookup.index()
    finally:
        ondemand.build_index = saved
    assert calls == ["rules-index", threading.current_thread().name]


def test_index_without_prepare_builds_at_once():
    lookup, whole = lookup_of(ENCOUNTERS[-1])
    assert lookup.index().entries == whole.entries
    assert lookup.first(40) == whole.entries[:40]
