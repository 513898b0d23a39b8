"""The figures of a forecast: what many simulated fights (core/forecast.py)
say together, each with a 95% confidence interval.

- A chance (a side wins, an end, a unit ends Downed) is a proportion of the
  fights, with the Wilson score interval (z = 1.96): it stays inside 0-1 and
  keeps a sensible width at 0% and 100%, where the normal one collapses.
- An expected number (rounds, end HP, Stress, HEAT, pools) is the mean over
  the fights that have it, with the normal interval mean +- 1.96 s / sqrt(n)
  (s: the sample standard deviation); one fight gives a zero-width interval.

The fights are read in index order, so the figures do not depend on how the
fights were split among processes.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from typing import Any

from gm_console.core.forecast import Fight

Z = 1.96  # 95%


def wilson(hits: int, n: int) -> dict[str, float]:
    """A proportion and its Wilson 95% interval: ``{"p", "low", "high"}``."""
    if n <= 0:
        return {"p": 0.0, "low": 0.0, "high": 1.0}
    p = hits / n
    denom = 1 + Z * Z / n
    centre = (p + Z * Z / (2 * n)) / denom
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / denom
    return {"p": p, "low": max(0.0, centre - half), "high": min(1.0, centre + half)}


def mean_interval(values: list[float]) -> dict[str, float]:
    """A mean and its normal 95% interval: ``{"mean", "low", "high", "n"}``."""
    n = len(values)
    if n == 0:
        return {"mean": 0.0, "low": 0.0, "high": 0.0, "n": 0}
    m = sum(values) / n
    if n < 2:
        return {"mean": m, "low": m, "high": m, "n": n}
    s = math.sqrt(sum((v - m) ** 2 for v in values) / (n - 1))
    half = Z * s / math.sqrt(n)
    return {"mean": m, "low": m - half, "high": m + half, "n": n}


def summarize(fights: Iterable[Fight], sides: Iterable[str]) -> dict[str, Any]:
    """The figures of these fights (docs/json.md, ``gm-console forecast --json``)."""
    played = sorted(fights, key=lambda f: f.index)
    n = len(played)
    wins = Counter(f.winner for f in played if f.winner is not None)
    ends = Counter(f.end for f in played)
    out: dict[str, Any] = {
        "fights": n,
        "sides": {s: {"win": wilson(wins[s], n)} for s in sides},
        "ends": {end: wilson(count, n) for end, count in sorted(ends.items())},
        "rounds": {
            **mean_interval([f.rounds for f in played]),
            "histogram": {str(r): c for r, c in sorted(Counter(f.rounds for f in played).items())},
        },
        "actions": mean_interval([f.actions for f in played]),
        "units": {},
        "numbers": {},
    }
    marks: dict[str, Counter[str]] = {}
    seen: Counter[str] = Counter()
    numbers: dict[str, dict[str, list[float]]] = {}
    for f in played:
        for uid, held in f.tally.marks.items():
            seen[uid] += 1
            counts = marks.setdefault(uid, Counter())
            counts.update(held)
            if not held:
                counts["standing"] += 1
        for subject, measures in f.tally.numbers.items():
            into = numbers.setdefault(subject, {})
            for measure, value in measures.items():
                into.setdefault(measure, []).append(value)
    for uid, counts in marks.items():
        out["units"][uid] = {"fights": seen[uid], "ends": {m: wilson(c, seen[uid]) for m, c in sorted(counts.items())}}
    for subject, values in numbers.items():
        out["numbers"][subject] = {m: mean_interval(v) for m, v in values.items()}
    return out
