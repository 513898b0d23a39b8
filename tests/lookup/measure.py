"""Measure the rules lookup on question sets, in every encounter mode (issue 30). Not a test.

    PYTHONPATH=$PWD python -m tests.lookup.measure [SET ...] [--misses MODE]

SET is a file under tests/lookup/ or tests/lookup/sets/ (default: the tuning sets of
tests/lookup/test_tuning_sets.py and the project's own questions.toml and holdout.toml). For each set it prints first hit / top 3
(``index.search(q, limit=3)``, as tests/lookup/test_lookup_quality.py ranks) in three modes:

- ``none``: no encounter (every system's entries, none preferred);
- ``own``: the encounter of the question's system (its key's; a core question: no encounter);
- ``other``: the encounter of each OTHER system, every (question, system) pair counted once: a
  system's question is asked in the two other systems' encounters, a core question in all three.

``--misses MODE`` lists each miss of that mode with the top three returned. The sets under
tests/lookup/sets/held-out/ and sets/validation/ are refused: they are measured by the lead only, with
tests/lookup/held_out.py, and never read while tuning.
"""

from __future__ import annotations

import argparse
import tomllib
from pathlib import Path

from gm_console.core.system import all_systems
from tests.lookup.test_lookup_quality import answers, everything, for_system
from tests.lookup.test_tuning_sets import TUNING

HERE = Path(__file__).resolve().parent
DEFAULT = (*(f"sets/{name}" for name in TUNING), "questions.toml", "holdout.toml")
NOT_HERE = ("held-out", "validation")  # the folders of the sets measured only by tests/lookup/held_out.py
MODES = ("none", "own", "other")


def load(name: str) -> list[dict]:
    path = next((p for p in (Path(name), HERE / name, HERE / "sets" / name) if p.is_file()), None)
    if path is None:
        raise SystemExit(f"{name}: no such question set")
    if path.resolve().parent.name in NOT_HERE:
        raise SystemExit(f"{name}: a held-out or validation set is measured by the lead only (tests/lookup/held_out.py)")
    with path.open("rb") as f:
        return tomllib.load(f)["question"]


def system_of(q: dict) -> str:
    return everything().get(q["key"]).system


def encounters(q: dict, mode: str) -> list[str | None]:
    """The systems whose encounter ``q`` is asked in (None: no encounter)."""
    own = system_of(q)
    if mode == "none":
        return [None]
    if mode == "own":
        return [own if own != "core" else None]
    return [s.NAME for s in all_systems() if s.NAME != own]


def ranked_in(q: dict, system: str | None) -> list[str]:
    index = everything() if system is None else for_system(system)
    return [e.key for e in index.search(q["q"], limit=3)]


def measure(qs: list[dict], mode: str) -> tuple[int, int, int, list[tuple[dict, str | None, list[str]]]]:
    """(first hits, top-3 hits, questions asked, misses as (question, encounter, top three))."""
    first = top3 = asked = 0
    misses = []
    for q in qs:
        for system in encounters(q, mode):
            got = ranked_in(q, system)
            ok = answers(q)
            asked += 1
            first += bool(got) and got[0] in ok
            top3 += bool(ok & set(got))
            if not got or got[0] not in ok:
                misses.append((q, system, got))
    return first, top3, asked, misses


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sets", nargs="*", default=list(DEFAULT))
    parser.add_argument("--misses", choices=MODES)
    args = parser.parse_args()
    print(f"{'set':28} " + " ".join(f"{m:>22}" for m in MODES))
    for name in args.sets:
        qs = load(name)
        cells, missed = [], []
        for mode in MODES:
            first, top3, asked, misses = measure(qs, mode)
            cells.append(f"{first / asked:4.0%} {top3 / asked:4.0%} ({first}/{top3}/{asked})")
            if mode == args.misses:
                missed = misses
        print(f"{Path(name).name:28} " + " ".join(f"{c:>22}" for c in cells))
        for q, system, got in missed:
            mark = " " if answers(q) & set(got) else "!"
            print(f"   {mark} [{system or '-'}] {q['q']!r} want {q['key']} got {got}")


if __name__ == "__main__":
    main()
