"""The rules lookup answers questions as a GM asks them mid-fight.

The question set is data (questions.toml: the set the ranking was tuned on;
holdout.toml: written before tuning and measured once, untouched by it). Each
question names the entry that answers it. Measured on 2026-12-01, both files
(123 questions), top 3 is every question with and without an encounter; the
first hit is right for 105/123 (85.4%) without an encounter and 106/123 (86.2%)
with the question's system as the encounter's. The floors below sit just under.
"""

from __future__ import annotations

import statistics
import time
import tomllib
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from gm_console.core.system import all_systems
from gm_console.lookup import build_index

HERE = Path(__file__).resolve().parent
FILES = ("questions.toml", "holdout.toml")
# 108/123 in both modes since issue 30's tenth round: house rules count 0.9 instead of 0.8 (the thirteen
# sets written by others then gained 50 first hits, this set, which favours the rule, lost 5) and 'boss'
# no longer reads as 'major npc' (the zone rules' NPC tiers took CTB questions about a boss's attacks
# in eight sets written by others; this set lost one)
FIRST_HIT_FLOOR = {"no encounter": 0.87, "encounter": 0.87}


def questions() -> list[dict]:
    out = []
    for name in FILES:
        with (HERE / name).open("rb") as f:
            out += tomllib.load(f)["question"]
    return out


@cache
def everything():
    return build_index()


@cache
def for_system(name: str):
    systems = [s for s in all_systems() if s.NAME == name]
    return build_index(systems) if systems else everything()


def answers(q: dict) -> set[str]:
    return {q["key"], *q.get("also", ())}


def ranked(q: dict, mode: str) -> list[str]:
    index = everything() if mode == "no encounter" else for_system(everything().get(q["key"]).system)
    return [e.key for e in index.search(q["q"], limit=3)]


def test_the_set_is_big_enough_and_spread_over_the_systems():
    qs = questions()
    assert len(qs) >= 60
    index = everything()
    spread = Counter(index.get(q["key"]).system for q in qs)
    assert all(spread[name] >= 15 for name in ("ctb", "conflict", "reactor")), spread
    assert spread["core"] >= 8, spread  # the console and the notation
    for q in qs:
        assert all(index.get(k) is not None for k in answers(q)), q


@pytest.mark.parametrize("mode", ["no encounter", "encounter"])
def test_every_question_is_answered_in_the_top_three(mode):
    missed = [(q["q"], q["key"], got) for q in questions() if not answers(q) & set(got := ranked(q, mode))]
    assert missed == []


@pytest.mark.parametrize("mode", ["no encounter", "encounter"])
def test_the_first_hit_answers_nearly_every_question(mode):
    qs = questions()
    first = sum(ranked(q, mode)[0] in answers(q) for q in qs)
    assert first / len(qs) >= FIRST_HIT_FLOOR[mode], f"{first}/{len(qs)}"


def test_a_query_costs_well_under_a_keystroke_on_the_full_index():
    index = everything()
    typed = [q["q"][:n] for q in questions() for n in range(1, len(q["q"]) + 1)]  # as the palette asks, per keystroke
    times = []
    for text in typed + ["xyzzyplugh", "qqqq zzzz"]:
        # the thread's CPU time, not the clock's: on a loaded machine (the suite's other workers) a
        # query descheduled midway took 240 ms by the clock, and this failed with nothing slow in it
        start = time.thread_time()
        index.rank(text, limit=15)
        times.append(time.thread_time() - start)
    # measured: median 0.1 ms, 95th percentile 0.3 ms, slowest 0.6 ms (2 busy cores)
    assert statistics.median(times) < 0.002 and max(times) < 0.05
