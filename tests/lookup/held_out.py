"""Measure a held-out question set of the rules lookup (issue 30): run by the lead once, at the end of a
round of work on the ranking, never while tuning. Not a test.

    PYTHONPATH=$PWD python -m tests.lookup.held_out [SET.toml ...] [--misses]

Default: every set under tests/lookup/sets/held-out/. Each set is measured in the modes of
tests/lookup/measure.py: no encounter; the encounter of the question's system (a core question: no
encounter); the encounter of each OTHER system, every (question, system) pair counted once. ``--misses``
lists every question whose first hit is wrong in any mode, with the top three returned in each mode
where it missed (the closing note quotes them).
"""

from __future__ import annotations

import argparse
import tomllib
from collections import defaultdict
from pathlib import Path

from tests.lookup.measure import MODES, measure
from tests.lookup.test_lookup_quality import answers

HELD_OUT = Path(__file__).resolve().parent / "sets" / "held-out"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sets", nargs="*", type=Path, default=sorted(HELD_OUT.glob("*.toml")))
    parser.add_argument("--misses", action="store_true")
    args = parser.parse_args()
    for path in args.sets:
        with path.open("rb") as f:
            qs = tomllib.load(f)["question"]
        print(f"{path.name}: {len(qs)} questions")
        missed: dict[str, list[tuple[str, str | None, list[str]]]] = defaultdict(list)
        for mode in MODES:
            first, top3, asked, misses = measure(qs, mode)
            print(f"  {mode:6} first {first}/{asked} ({first / asked:.1%})  top 3 {top3}/{asked} ({top3 / asked:.1%})")
            for q, system, got in misses:
                missed[q["q"]].append((mode, system, got))
        if args.misses:
            print(f"  questions missed first in some mode: {len(missed)}")
            for q in qs:
                if q["q"] not in missed:
                    continue
                want = " / ".join(sorted(answers(q)))
                print(f"  - {q['q']!r} [{q.get('voice', '')}] want {want}")
                for mode, system, got in missed[q["q"]]:
                    mark = "in top 3" if answers(q) & set(got) else "NOT in top 3"
                    print(f"      {mode} ({system or 'no encounter'}): {', '.join(got)} ({mark})")


if __name__ == "__main__":
    main()
