"""Measure the rules lookup on question sets, in every encounter mode (issue 30). Not a test.

    PYTHONPATH=$PWD python -m tests.lookup.measure [SET ...] [--misses MODE]

SET is a file under tests/lookup/ or tests/lookup/sets/ (default: the five tuning sets and the
project's own questions.toml and holdout.toml). For each set it prints first hit / top 3
(``index.search(q, limit=3)``, as tests/lookup/test_lookup_quality.py ranks) in three modes:

- ``none``: no encounter (every system's entries, none preferred);
- ``own``: the encounter of the question's system (its key's; a core question: no encounter);
- ``other``: the encounter of each OTHER system, every (question, system) pair counted once: a
  system's question is asked in the two other systems' encounters, a core question in all three.

``--misses MODE`` lists each miss of that mode with the top three returned. The held-out sets
(``HELD_OUT``, under tests/lookup/sets/held-out/) and the validation set (sets/validation/) are refused:
they are measured by the lead only, with tests/lookup/held_out.py, and never read while tuning.
"""

from __future__ import annotations

import argparse
import tomllib
from pathlib import Path

from gm_console.core.system import all_systems
from tests.lookup.test_lookup_quality import answers, everything, for_system

HERE = Path(__file__).resolve().parent
DEFAULT = (
    "sets/table-voices.toml", "sets/entries-reader.toml", "sets/table-crossover.toml", "sets/rules-and-prep.toml",
    "sets/veteran-and-rules-reader.toml", "sets/table-and-campaign.toml",
    "sets/players.toml", "sets/gm-at-speed.toml", "sets/table-talk.toml", "sets/table-shorthand-and-board.toml",
    "sets/disputes-and-teaching.toml", "sets/mixed-voices.toml", "sets/table-and-desk.toml",
    "sets/session-night.toml", "sets/many-hands.toml", "sets/open-table.toml", "sets/second-look.toml",
    "sets/table-week.toml", "sets/convention-day.toml", "questions.toml", "holdout.toml",
)
HELD_OUT = ("club-night.toml", "online-game.toml", "mixed-table.toml")  # held out; the validation set (sets/validation/)
MODES = ("none", "own", "other")


def load(name: str) -> list[dict]:
    if Path(name).name in HELD_OUT:
        raise SystemExit(f"{name}: the held-out set is measured by the lead only")
    path = next((p for p in (Path(name), HERE / name, HERE / "sets" / name) if p.is_file()), None)
    if path is None:
        raise SystemExit(f"{name}: no such question set")
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
