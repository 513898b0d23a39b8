"""A worked CTB fight, computed by hand first (the docstring), then checked
against the engine step by step, live and replayed from the saved log."""

from __future__ import annotations

import tomllib

from tests.ctb.ctb_helpers import doc, stats, unit

from gm_console.core.systems.ctb.projection import project
from gm_console.files.encounter_io import dumps_encounter, game_from_data

UNITS = (
    unit("ari", "pcs", 20, hp_base=30, ar_base=6, atk=12, pr=3, mr=2, prof=2,
         weapons=[{"id": "axe", "name": "Axe", "dam": 4}]),
    unit("bo", "pcs", 10, ap=50, hp_base=20, ar_base=4, atk=8, mag=14, pr=2, mr=4, prof=1, prec=2,
         weapons=[{"id": "wand", "name": "Wand", "dam": 5, "kind": "magical"}]),
    unit("ogre", "foes", 12, ap=10, hp_base=60, ar_base=8, atk=15, pr=4, mr=1,
         weapons=[{"id": "club", "name": "Club", "dam": 3}]),
)  # fmt: skip

SCRIPT = [
    "next",
    "brk ari ogre [10]",
    "next",
    "brk bo ogre [15]",
    "next",
    "hit ogre bo [3]",
    "next",
    "hit ari ogre [12]",
    "next",
    "hit ari ogre [2]",
    "next",
    "hit bo ogre [19]",
    "recall ogre",
    "next",
]


def test_worked_example_seven_turns():
    """Ari (AP Total 20, AP 0), Bo (10, AP 50), Ogre (12, AP 10). House rules
    at their defaults; a round is 10 ticks.

    Bands: Ari prof 2 -> glances on 1-4, crits on 20. Bo prof 1, prec 2 ->
    glances on 1-5, crits on 18-20. Ogre -> 1-6 and 20.

    Turn 1, tick 5. Ari needs 100/20 = 5 ticks, Bo 50/10 = 5, Ogre
    ceil(90/12) = 8. Ari and Bo both hold 100 on tick 5: equal AP, so the
    higher AP Total goes first: Ari. Ogre holds 10 + 5x12 = 70.
      brk ari ogre [10]: 12+4+2 = 18 against AR 8 + PR 4 = 12 -> 6, d20 10
      Regular -> Ogre AR 8 -> 2.
    Turn 2, tick 5 (no ticks pass). Ari pays 100 (AP 0); Bo is still at 100.
      brk bo ogre [15]: magical, 14+5+1 = 20 against AR 2 + MR 1 = 3 -> 17,
      d20 15 Regular -> AR 2 -> 0: the Ogre is Armor Broken (BRK breaks armor).
    Turn 3, tick 8. Bo pays (AP 0). Ogre needs ceil(30/12) = 3 ticks: 106 AP.
    Ari is at 60, Bo at 30.
      hit ogre bo [3]: 15+3+0 = 18 against AR 4 + PR 2 = 6 -> 12, d20 3
      Glancing x0.5 = 6 -> Bo HP 20 -> 14 (the glancing blow).
    Turn 4, tick 10 (round 2 begins). Ogre pays 106 -> 6. Ari needs 2 ticks
    (100); Bo would be at 50, Ogre at 30.
      hit ari ogre [12]: 18 against AR 0 + PR 4 -> 14, d20 12 Regular,
      Armor Broken x2 = 28 -> Ogre HP 60 -> 32 (the doubled HP hit).
    Turn 5, tick 15. Ari pays (0). Ari and Bo both reach 100 on tick 15
    (Ogre 90): Ari first again.
      hit ari ogre [2]: 14, d20 2 Glancing (1-4) x0.5, Armor Broken x2 = 14 (the two cancel)
      -> HP 32 -> 18.
    Turn 6, tick 15. Ari pays (0); Bo still at 100.
      hit bo ogre [19]: 20 against AR 0 + MR 1 -> 19, d20 19 Critical (18-20)
      x2 = 38, Armor Broken x2 = 76 (they stack) -> HP 18 -> 0: Downed (the
      critical and the Downed unit).
      recall ogre: Kennel 100 -> 90 (10% of 100); max HP 60 -> 54, max AR
      8 -> 7; the Ogre is Recalled and off the clock (AP 0).
    Turn 7, tick 20 (round 3). Bo pays (0). Ari and Bo from 0: Ari needs
    5 ticks, Bo 10: Ari acts on tick 20 with 100 AP.
    Projection then: Ari pays -> 0; tick 25 Ari and Bo both at 100 (Ari
    first), tick 30 Ari, tick 35 Ari then Bo.
    """
    g = game_from_data(doc(*UNITS), "<worked>")
    seen = []
    for line in SCRIPT:
        seen.append([e.text for e in g.push_line(line)])
        if line == "next":
            c = g.state.clock
            seen[-1].append(f"@{c.tick}:{c.active}:{c.round}")

    def step(i: int) -> str:
        return " | ".join(seen[i])

    assert "@5:ari:1" in step(0)
    assert "12+4+2 - (8+4) = 6, d20 10 Regular = 6; AR 8 -> 2" in step(1)
    assert "@5:bo:1" in step(2) and "Ari ends the turn: AP 100 -> 0" in step(2)
    assert "14+5+1 - (2+1) = 17, d20 15 Regular = 17; AR 2 -> 0" in step(3)
    assert "Ogre is Armor Broken" in step(3)
    assert "@8:ogre:1" in step(4) and "Ogre's turn (AP 106)" in step(4)
    assert "15+3+0 - (4+2) = 12, d20 3 Glancing x0.5 = 6; HP 20 -> 14" in step(5)
    assert "@10:ari:2" in step(6) and "Round 2 begins (tick 10)" in step(6)
    assert "12+4+2 - (0+4) = 14, d20 12 Regular, Armor Broken x2 = 28; HP 60 -> 32" in step(7)
    assert "@15:ari:2" in step(8) and "waiting at 100+: Bo" in step(8)
    assert "d20 2 Glancing (1-4) x0.5, Armor Broken x2 = 14; HP 32 -> 18" in step(9)
    assert "@15:bo:2" in step(10)
    assert "14+5+1 - (0+1) = 19, d20 19 Critical (18-20) x2 = 38, Armor Broken x2 = 76; HP 18 -> 0" in step(11)
    assert "Ogre is Downed" in step(11)
    assert "Kennel 100 -> 90" in step(12) and "max HP 60 -> 54" in step(12) and "max AR 8 -> 7" in step(12)
    assert "@20:ari:3" in step(13)

    ogre = stats(g, "ogre")
    assert (ogre["hp"], ogre["ar"], ogre["kennel"], ogre["hp_max"], ogre["ar_max"], ogre["ap"]) == (0, 0, 90, 54, 7, 0)
    assert {c.name for c in g.state.units["ogre"].conditions.values()} == {"Downed", "Armor Broken", "Recalled"}
    assert stats(g, "bo")["hp"] == 14 and stats(g, "ari")["ap"] == 100
    assert [(t.unit, t.tick) for t in project(g.state, g.rules, 5)] == [
        ("ari", 25), ("bo", 25), ("ari", 30), ("ari", 35), ("bo", 35)
    ]  # fmt: skip
    board = g.systems["ctb"].board_json(g.state, g.rules)
    assert board["recalled"] == ["ogre"] and board["turns_taken"] == 7
    assert board["turn_order"][:2] == [{"unit": "ari", "tick": 25}, {"unit": "bo", "tick": 25}]

    # the saved file replays to the same state
    again = game_from_data(tomllib.loads(dumps_encounter(g)), "<saved>")
    assert again.state.to_json() == g.state.to_json()
    assert again.lines() == SCRIPT
