"""The projection's fast path (one pass, then only the units that can act
within the first N turns) gives exactly the turns of the plain heap over
every unit (``project_by_heap``), itself checked against a tick-by-tick
simulation in test_properties.py: many units, few turns, ties, the acting
unit, Downed and Recalled units, every tie-break and clock house rule."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gm_console.core.errors import GMError
from gm_console.core.state import Unit
from gm_console.core.systems.ctb.projection import project, project_by_heap
from tests.ctb.ctb_helpers import game, unit
from tests.ctb.test_properties import RULES, brute_force


@st.composite
def crowds(draw):
    """Up to 60 units with few distinct AP Totals and APs: many ties."""
    n = draw(st.integers(1, 60))
    totals = draw(st.lists(st.integers(0, 30), min_size=1, max_size=4))
    out = []
    for i in range(n):
        out.append(
            unit(
                f"u{i}",
                draw(st.sampled_from(["pcs", "foes"])),
                draw(st.sampled_from(totals)),
                hp_base=10,
                hp=draw(st.sampled_from([0, 5, 10, 10, 10])),  # 0: Downed
                ap=draw(st.sampled_from([0, 50, 99, 100, 100, 150, 230])),
            )
        )
    return out


def turns(ts):
    return [(t.unit, t.tick, t.ap) for t in ts]


@pytest.mark.slow  # 200 crowds: 8-14 s
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(crowds(), RULES, st.integers(0, 3), st.integers(0, 30), st.lists(st.integers(0, 59), max_size=3))
def test_fast_projection_equals_the_plain_heap(units, house, nexts, count, recalled):
    g = game(*units, house=house)
    for uid in recalled:  # Recalled units are off the clock
        if f"u{uid}" in g.state.units:
            g.state.units[f"u{uid}"].stats["recalled"] = 1
    for _ in range(nexts):  # an acting unit, which pays for its turn first
        try:
            g.push_line("next")
        except GMError:
            break
    assert turns(project(g.state, g.rules, count)) == turns(project_by_heap(g.state, g.rules, count))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(crowds(), RULES, st.integers(0, 2), st.integers(1, 12))
def test_fast_projection_equals_tick_by_tick_simulation(units, house, nexts, count):
    g = game(*units, house=house)
    for _ in range(nexts):
        try:
            g.push_line("next")
        except GMError:
            break
    assert [(t.unit, t.tick) for t in project(g.state, g.rules, count)] == brute_force(g.state, g.rules, count)


def test_acting_unit_below_zero_ap_and_units_without_ctb_stats():
    """Test-only states the fast path does not cover take the plain heap: same turns."""
    g = game(unit("a", "pcs", 10, ap=50), unit("b", "foes", 12, ap=20), unit("c", "foes", 7, ap=90))
    g.push_line("next")
    active = g.state.clock.active
    g.state.units[active].stats["ap"] = -30
    assert turns(project(g.state, g.rules, 8)) == turns(project_by_heap(g.state, g.rules, 8))
    g.state.units["bare"] = Unit("bare", "Bare", "foes", stats={"ap_total": 9})  # no hp, ap, recalled
    assert turns(project(g.state, g.rules, 8)) == turns(project_by_heap(g.state, g.rules, 8))
    assert "bare" not in {t.unit for t in project(g.state, g.rules, 8)}  # no hp: Downed


def test_a_state_keyed_otherwise_than_by_unit_ids():
    g = game(unit("a", "pcs", 10, ap=50), unit("b", "foes", 12, ap=20))
    g.state.units = {"x" if k == "a" else k: u for k, u in g.state.units.items()}
    assert turns(project(g.state, g.rules, 5)) == turns(project_by_heap(g.state, g.rules, 5))
    assert "x" in {t.unit for t in project(g.state, g.rules, 5)}


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(crowds(), RULES)
def test_ready_units_are_ordered_by_the_tie_key(units, house):
    """``order_ready`` (with its inline default) orders as ``sort_key`` says, and
    ``ready_now`` / ``clock_rows`` agree with ``gain`` unit by unit."""
    from gm_console.core.systems.ctb.projection import READY, clock_rows, gain, order_ready, ready_now, sort_key

    g = game(*units, house=house)
    state, rules = g.state, g.rules
    order = {uid: i for i, uid in enumerate(state.units)}
    ready = [(uid, u.stats["ap"]) for uid, u in state.units.items() if gain(u, rules) and u.stats["ap"] >= READY]
    assert ready_now(state, rules) == ready
    expected = sorted(ready, key=lambda r: sort_key(state.units[r[0]], r[1], order[r[0]], state, rules))
    assert order_ready(state, rules, ready) == [uid for uid, _ in expected]
    rows = [(uid, u.stats, gain(u, rules), u.stats["ap"]) for uid, u in state.units.items() if gain(u, rules)]
    assert clock_rows(state, rules) == rows
