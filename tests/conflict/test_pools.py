"""Momentum and Threat: the capped group pool, the GM's pool and its
deficit, combat spends adding Threat, and every change logged with its cause."""

from __future__ import annotations

import re

import pytest

from gm_console.core.errors import IllegalAction

from .helpers import board, game, play

POOL_EVENT = re.compile(r"^(Momentum|Threat) (-?\d+) -> (-?\d+) \((.+)\)$")


def test_momentum_pool_is_capped_at_6_and_the_rest_is_lost():
    g = game(pools={"momentum": 5, "threat": 5})
    events = play(g, "task kai daring medicine buy=0 diff=0 [3,3]")
    assert g.state.pools["momentum"] == 6
    assert "1 Momentum lost: the pool holds at most 6 (house rule momentum_cap)" in events


def test_momentum_cap_is_a_house_rule():
    g = game(pools={"momentum": 5, "threat": 5}, house_rules={"conflict": {"momentum_cap": 8}})
    play(g, "task kai daring medicine diff=0 [3,3]")
    assert g.state.pools["momentum"] == 7


def test_the_pool_verb_respects_the_cap_and_the_threat_floor():
    g = game()
    with pytest.raises(IllegalAction, match=r"the Momentum pool holds 0 to 6; 7 is outside it \[the Momentum pool\]"):
        g.push_line("pool momentum +7")
    with pytest.raises(IllegalAction, match=r"\[Threat\]"):
        g.push_line("pool threat -6")
    g = game(house_rules={"conflict": {"threat_deficit": "any"}})
    play(g, "pool threat -6")
    assert g.state.pools["threat"] == -1


def test_combat_table_spends_paid_with_momentum_add_equal_threat():
    g = game(pools={"momentum": 4, "threat": 0})
    events = play(g, "turn kai", "attack kai gob field-sidearm stun [3,4]", "spend kai knockdown on=gob")
    assert "Momentum 4 -> 2 (Kai: Knockdown)" in events
    assert "Threat 0 -> 2 (Momentum spent in combat adds equal Threat: Kai: Knockdown)" in events
    assert g.state.units["gob"].has("Prone")
    events = play(g, "spend kai minor")
    assert not any(t.startswith("Threat") for t in events)  # a built-in spend, not the combat table


def test_which_spends_add_threat_is_a_house_rule():
    g = game(pools={"momentum": 4, "threat": 0}, house_rules={"conflict": {"spend_adds_threat": "all"}})
    play(g, "turn kai", "spend kai minor")
    assert g.state.pools["threat"] == 1
    g = game(pools={"momentum": 4, "threat": 0}, house_rules={"conflict": {"spend_adds_threat": "none"}})
    play(g, "turn kai", "spend kai knockdown on=gob")
    assert g.state.pools["threat"] == 0


def test_gm_spends_threat_for_npcs_and_needs_it():
    g = game(pools={"momentum": 0, "threat": 1}, conflict={"opening": "gm"})
    play(g, "turn gob")
    with pytest.raises(IllegalAction, match=r"costs 2 Threat; the GM has 1.*\[Threat\]"):
        g.push_line("spend gob disarm")


def test_spend_table_entries_do_what_they_say():
    g = game(pools={"momentum": 6, "threat": 0}, unit_keys={"gob": {"zone": "bay"}}, units_conflict={"kai": {"near": ["gob"]}})
    events = play(g, "turn kai", "spend kai disengage")
    assert "Kai steps back out of Reach" in events and not board(g).reach
    events = play(g, "spend kai called-shot")
    assert any(t.startswith("Kai: Called Shot:") for t in events)
    with pytest.raises(IllegalAction, match=r"no spend 'disarn' \(did you mean 'disarm'\?\).*\[Momentum spends\]"):
        g.push_line("spend kai disarn")
    with pytest.raises(IllegalAction, match=r"Knockdown needs on=UNIT"):
        g.push_line("spend kai knockdown")


def test_an_encounter_adds_spends():
    g = game(pools={"momentum": 6, "threat": 0}, conflict={"spends": {"rally": {"name": "Rally", "cost": 3, "text": "Everyone takes heart."}}})
    events = play(g, "spend kai rally")
    assert "Momentum 6 -> 3 (Kai: Rally)" in events and g.state.pools["threat"] == 3


def test_every_pool_change_is_logged_with_its_cause():
    g = game(pools={"momentum": 2, "threat": 3})
    play(
        g,
        "turn kai", "attack kai gob field-sidearm deadly buy=1 [1,2,3]", "spend kai severity", "suffer gob",
        "next", "attack boss kai carbine deadly [1,1]", "avoid kai", "next",
    )
    pools = {"momentum": 2, "threat": 3}
    for evs in g.events:
        for e in evs:
            if e.kind != "pool":
                continue
            m = POOL_EVENT.match(e.text)
            assert m, e.text
            name = m.group(1).lower()
            assert int(m.group(2)) == pools[name], e.text
            pools[name] = int(m.group(3))
            assert m.group(4).strip()
    assert pools == g.state.pools
