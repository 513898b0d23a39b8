"""The rules lookup on questions written by others (issue 30): the nineteen tuning sets.

tests/lookup/sets/README.md tells how the sets were written. Only the tuning sets are read here;
the held-out sets (tests/lookup/held_out.py) are measured by hand at the end of a change to the ranking, never by a test.

Baseline before issue 30 (first hit / top 3): table-voices 47/110 / 71/110 with no encounter, 53/110 /
73/110 with the question's system as the encounter's; entries-reader 68/100 / 86/100 and 71/100 /
89/100. From another system's encounter (each question asked in each OTHER system's encounter, a core
question in all three), first measured in the second round: table-voices 117/232 / 165/232,
entries-reader 114/208 / 177/208 (the encounter's system was a wall then). table-crossover (a GM used to
other games, in their words; a player asking the GM), before any tuning on it: 84/120 / 103/120 in the
first two modes, 174/250 / 215/250 from another system's encounter. rules-and-prep (a rules veteran in the
texts' terms, a GM preparing an encounter, a newcomer with the wrong words), before any tuning on it:
92/120 / 112/120 with no encounter, 95/120 / 113/120 in its system's, 194/249 / 233/249 from another
system's encounter. Five sets joined in the fifth round: veteran-and-rules-reader (held out until its
misses were read), and four written fresh for it, before any tuning on them (first hit / top 3, no
encounter): table-and-campaign 92/120 / 109/120, players 92/120 / 111/120, gm-at-speed 93/120 / 109/120,
table-talk 101/120 / 116/120. Two more joined in the sixth round, held out in the fifth and measured
once then (first hit / top 3, no encounter): table-shorthand-and-board 95/110 / 103/110,
disputes-and-teaching 84/110 / 104/110. Two more joined in the seventh, held out in the sixth and measured
once then: mixed-voices 95/120 / 115/120, table-and-desk 94/120 / 114/120; and two after it, held out in
the seventh: session-night 103/120 / 116/120, many-hands 97/120 / 108/120; and two after the eighth, held
out in it: open-table 104/120 / 114/120, second-look 96/120 / 114/120; table-week 94/120 / 114/120 and
convention-day 93/120 / 112/120 after the ninth. The floors below sit just
under what the ranking reaches now (the figures beside them). ``python -m tests.lookup.measure``
prints every figure, and the misses of a mode.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

import pytest

from gm_console.core.system import all_systems
from tests.lookup.test_lookup_quality import answers, everything, for_system, ranked  # one ranking for every set

SETS = Path(__file__).resolve().parent / "sets"
TUNING = (
    "table-voices.toml", "entries-reader.toml", "table-crossover.toml", "rules-and-prep.toml",
    "veteran-and-rules-reader.toml", "table-and-campaign.toml", "players.toml", "gm-at-speed.toml", "table-talk.toml",
    "table-shorthand-and-board.toml", "disputes-and-teaching.toml", "mixed-voices.toml", "table-and-desk.toml",
    "session-night.toml", "many-hands.toml", "open-table.toml", "second-look.toml", "table-week.toml",
    "convention-day.toml",
)
# (first hit, top 3) per set and mode
FLOORS = {
    ("table-voices.toml", "no encounter"): (0.90, 0.96),  # 99/110, 106/110
    ("table-voices.toml", "encounter"): (0.90, 0.96),  # 99/110, 106/110
    ("table-voices.toml", "other encounter"): (0.89, 0.96),  # 207/232, 224/232
    ("entries-reader.toml", "no encounter"): (0.97, 1.00),  # 97/100, 100/100
    ("entries-reader.toml", "encounter"): (0.97, 1.00),  # 97/100, 100/100
    ("entries-reader.toml", "other encounter"): (0.97, 1.00),  # 202/208, 208/208
    ("table-crossover.toml", "no encounter"): (0.88, 0.98),  # 106/120, 118/120
    ("table-crossover.toml", "encounter"): (0.88, 1.00),  # 106/120, 120/120
    ("table-crossover.toml", "other encounter"): (0.87, 0.98),  # 218/250, 246/250
    ("rules-and-prep.toml", "no encounter"): (0.85, 0.97),  # 103/120, 117/120
    ("rules-and-prep.toml", "encounter"): (0.85, 0.97),  # 103/120, 117/120
    ("rules-and-prep.toml", "other encounter"): (0.86, 0.96),  # 215/249, 241/249
    ("veteran-and-rules-reader.toml", "no encounter"): (0.85, 0.98),  # 94/110, 108/110
    ("veteran-and-rules-reader.toml", "encounter"): (0.85, 0.98),  # 94/110, 108/110
    ("veteran-and-rules-reader.toml", "other encounter"): (0.85, 0.98),  # 194/226, 222/226
    ("table-and-campaign.toml", "no encounter"): (0.89, 0.96),  # 107/120, 116/120
    ("table-and-campaign.toml", "encounter"): (0.89, 0.96),  # 107/120, 116/120
    ("table-and-campaign.toml", "other encounter"): (0.88, 0.96),  # 221/249, 241/249
    ("players.toml", "no encounter"): (0.89, 0.94),  # 107/120, 113/120
    ("players.toml", "encounter"): (0.89, 0.95),  # 107/120, 114/120
    ("players.toml", "other encounter"): (0.88, 0.94),  # 219/248, 234/248
    ("gm-at-speed.toml", "no encounter"): (0.90, 0.95),  # 108/120, 115/120
    ("gm-at-speed.toml", "encounter"): (0.90, 0.95),  # 108/120, 115/120
    ("gm-at-speed.toml", "other encounter"): (0.88, 0.95),  # 225/253, 242/253
    ("table-talk.toml", "no encounter"): (0.89, 0.99),  # 107/120, 119/120
    ("table-talk.toml", "encounter"): (0.89, 0.99),  # 107/120, 119/120
    ("table-talk.toml", "other encounter"): (0.88, 0.99),  # 221/249, 247/249
    ("table-shorthand-and-board.toml", "no encounter"): (0.89, 0.97),  # 98/110, 107/110
    ("table-shorthand-and-board.toml", "encounter"): (0.89, 0.97),  # 98/110, 107/110
    ("table-shorthand-and-board.toml", "other encounter"): (0.89, 0.97),  # 205/229, 223/229
    ("disputes-and-teaching.toml", "no encounter"): (0.84, 0.99),  # 93/110, 109/110
    ("disputes-and-teaching.toml", "encounter"): (0.84, 0.99),  # 93/110, 109/110
    ("disputes-and-teaching.toml", "other encounter"): (0.85, 0.99),  # 195/229, 227/229
    ("mixed-voices.toml", "no encounter"): (0.82, 0.97),  # 99/120, 117/120
    ("mixed-voices.toml", "encounter"): (0.82, 0.97),  # 99/120, 117/120
    ("mixed-voices.toml", "other encounter"): (0.81, 0.97),  # 204/250, 243/250
    ("table-and-desk.toml", "no encounter"): (0.82, 0.95),  # 99/120, 115/120
    ("table-and-desk.toml", "encounter"): (0.83, 0.95),  # 100/120, 115/120
    ("table-and-desk.toml", "other encounter"): (0.81, 0.95),  # 204/249, 238/249
    ("session-night.toml", "no encounter"): (0.85, 0.97),  # 103/120, 117/120
    ("session-night.toml", "encounter"): (0.85, 0.97),  # 103/120, 117/120
    ("session-night.toml", "other encounter"): (0.85, 0.96),  # 214/250, 241/250
    ("many-hands.toml", "no encounter"): (0.80, 0.90),  # 97/120, 109/120
    ("many-hands.toml", "encounter"): (0.81, 0.91),  # 98/120, 110/120
    ("many-hands.toml", "other encounter"): (0.80, 0.91),  # 201/250, 228/250
    ("open-table.toml", "no encounter"): (0.88, 0.97),  # 106/120, 117/120
    ("open-table.toml", "encounter"): (0.88, 0.98),  # 106/120, 118/120
    ("open-table.toml", "other encounter"): (0.88, 0.97),  # 221/250, 243/250
    ("second-look.toml", "no encounter"): (0.81, 0.95),  # 98/120, 115/120
    ("second-look.toml", "encounter"): (0.81, 0.95),  # 98/120, 115/120
    ("second-look.toml", "other encounter"): (0.81, 0.96),  # 203/250, 240/250
    ("table-week.toml", "no encounter"): (0.79, 0.95),  # 95/120, 115/120
    ("table-week.toml", "encounter"): (0.79, 0.95),  # 95/120, 115/120
    ("table-week.toml", "other encounter"): (0.79, 0.95),  # 197/249, 239/249
    ("convention-day.toml", "no encounter"): (0.79, 0.95),  # 95/120, 114/120
    ("convention-day.toml", "encounter"): (0.80, 0.95),  # 97/120, 114/120
    ("convention-day.toml", "other encounter"): (0.79, 0.94),  # 199/249, 236/249
}


@cache
def questions(name: str) -> list[dict]:
    with (SETS / name).open("rb") as f:
        return tomllib.load(f)["question"]


@pytest.mark.parametrize("name", TUNING)
def test_every_answer_is_an_entry(name):
    index = everything()
    assert len(questions(name)) >= 100
    for q in questions(name):
        assert all(index.get(k) is not None for k in answers(q)), q


def asked(q: dict, mode: str) -> list[list[str]]:
    """The top three for ``q`` in each encounter ``mode`` asks it in: one for "no encounter" and
    "encounter" (the question's system's), and for "other encounter" one per OTHER system (the
    system in play is a hint, not a wall: issue 30), a core question in every system's."""
    if mode != "other encounter":
        return [ranked(q, mode)]
    own = everything().get(q["key"]).system
    return [[e.key for e in for_system(s.NAME).search(q["q"], limit=3)] for s in all_systems() if s.NAME != own]


@pytest.mark.parametrize("mode", ["no encounter", "encounter", "other encounter"])
@pytest.mark.parametrize("name", TUNING)
def test_the_tuning_sets_are_answered(name, mode):
    pairs = [(q, got) for q in questions(name) for got in asked(q, mode)]
    first = sum(got[0] in answers(q) for q, got in pairs)
    top3 = sum(bool(answers(q) & set(got)) for q, got in pairs)
    first_floor, top3_floor = FLOORS[name, mode]
    assert first / len(pairs) >= first_floor and top3 / len(pairs) >= top3_floor, (
        f"first {first}/{len(pairs)}, top 3 {top3}/{len(pairs)}"
    )


def test_the_other_encounter_mode_asks_each_question_in_every_other_system():
    q = next(q for q in questions("entries-reader.toml") if q["key"].startswith("ctb."))
    assert len(asked(q, "other encounter")) == 2  # conflict's and reactor's, not CTB's own
    core = next(q for q in questions("table-voices.toml") if everything().get(q["key"]).system == "core")
    assert len(asked(core, "other encounter")) == 3
