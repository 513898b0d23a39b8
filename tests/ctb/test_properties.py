"""Property tests: the arithmetic projection against a brute-force tick-by-tick
simulation; HP/AR/KI bounds under random action sequences; replay equality."""

from __future__ import annotations

import tomllib

from tests.ctb.ctb_helpers import doc, game, unit
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gm_console.core.errors import GMError
from gm_console.core.systems.ctb.projection import READY, project
from gm_console.files.encounter_io import dumps_encounter, game_from_data

RULES = st.fixed_dictionaries(
    {
        "tie_break": st.sampled_from(["most_ap", "ap_total", "listed", "players_first"]),
        "surplus": st.sampled_from(["keep", "drop"]),
        "downed_clock": st.sampled_from(["frozen", "reset", "acts"]),
        "ap_gain_percent": st.sampled_from([100, 100, 50, 35, 250]),
    }
)


@st.composite
def rosters(draw):
    n = draw(st.integers(1, 6))
    units = []
    for i in range(n):
        hp = draw(st.integers(0, 3))  # 0: Downed from the start
        units.append(
            unit(
                f"u{i}",
                draw(st.sampled_from(["pcs", "foes"])),
                draw(st.integers(0, 45)),
                hp_base=10,
                hp=hp * 3,
                ap=draw(st.integers(0, 260)),
            )
        )
    return units


def brute_force(state, rules, count: int, max_ticks: int = 20000) -> list[tuple[str, int]]:
    """Step one tick at a time, giving turns greedily (best tie key among ready units)."""
    from gm_console.core.systems.ctb.projection import after_turn, gain, sort_key, start_aps

    aps = start_aps(state, rules)
    order = {uid: i for i, uid in enumerate(state.units)}
    rate = {uid: gain(u, rules) for uid, u in state.units.items()}
    tick, out = state.clock.tick, []
    while len(out) < count and tick - state.clock.tick <= max_ticks:
        ready = [uid for uid in state.units if rate[uid] and aps[uid] >= READY]
        if ready:
            best = min(ready, key=lambda u: sort_key(state.units[u], aps[u], order[u], state, rules))
            out.append((best, tick))
            aps[best] = after_turn(aps[best], rules)
            continue
        if not any(rate.values()):
            break
        tick += 1
        for uid in aps:
            aps[uid] += rate[uid]
    return out


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rosters(), RULES, st.integers(0, 3), st.integers(1, 25))
def test_projection_equals_tick_by_tick_simulation(units, house, nexts, count):
    g = game(*units, house=house)
    for _ in range(nexts):  # start from a mid-fight state with an acting unit
        try:
            g.push_line("next")
        except GMError:
            break
    arithmetic = [(t.unit, t.tick) for t in project(g.state, g.rules, count)]
    assert arithmetic == brute_force(g.state, g.rules, count)


@settings(max_examples=60, deadline=None)
@given(rosters(), RULES, st.integers(1, 12))
def test_next_follows_the_projection(units, house, count):
    """Pressing next N times visits exactly the projected turns, at the projected ticks."""
    g = game(*units, house=house)
    try:
        g.push_line("next")
    except GMError:
        return
    expected = [(t.unit, t.tick) for t in project(g.state, g.rules, count)]
    seen = []
    for _ in range(len(expected)):
        g.push_line("next")
        seen.append((g.state.clock.active, g.state.clock.tick))
    assert seen == expected


def test_projection_cost_does_not_grow_with_ticks():
    """AP Total 1 against 100 000 AP to go: the projection does not step through the ticks."""
    g = game(unit("slow", "pcs", 1), unit("fast", "foes", 1, ap=0))
    g.state.units["slow"].stats["ap"] = -10_000_000  # far below: ten million ticks away (a test-only state)
    turns = project(g.state, g.rules, 3)
    assert turns[0].unit == "fast" and turns[0].tick == 100
    assert [t.unit for t in project(g.state, g.rules, 10)] == ["fast"] * 10


ACTION = st.one_of(
    st.tuples(st.just("hit"), st.integers(0, 4), st.integers(0, 4), st.integers(1, 20), st.booleans()),
    st.tuples(st.just("brk"), st.integers(0, 4), st.integers(0, 4), st.integers(1, 20), st.booleans()),
    st.tuples(st.just("set"), st.integers(0, 4), st.sampled_from(["hp", "ar", "ki", "kennel", "hp_base", "ar_base"]),
              st.integers(-5, 220)),
    st.tuples(st.just("next")),
    st.tuples(st.just("tick"), st.integers(1, 5)),
    st.tuples(st.sampled_from(["haste", "slow", "delay", "rush"]), st.integers(0, 4), st.integers(1, 60)),
    st.tuples(st.just("recall"), st.integers(0, 4)),
    st.tuples(st.just("add"), st.integers(0, 4)),
)  # fmt: skip

ROSTER = [
    unit("a", "pcs", 14, hp_base=30, ar_base=8, ki_base=6, atk=14, mag=9, prof=2, prec=1, pr=3, mr=2,
         weapons=[{"id": "w", "dam": 3}, {"id": "m", "dam": 2, "kind": "magical"}]),
    unit("b", "pcs", 9, hp_base=18, ar_base=3, atk=9, pr=2, mr=5, kennel=130),
    unit("c", "foes", 11, hp_base=25, ar_base=12, atk=13, pr=4, mr=1, weapons=[{"id": "w", "dam": 4, "brk": 5}]),
    unit("d", "foes", 20, hp_base=8, atk=7, kennel=40),
]  # fmt: skip


def line_for(step, ids: list[str]) -> str:
    verb = step[0]
    pick = lambda i: ids[i % len(ids)]  # noqa: E731
    if verb in ("hit", "brk"):
        return f"{verb} {pick(step[1])} {pick(step[2])}{' free' if step[4] else ''} [{step[3]}]"
    if verb == "set":
        return f"set {pick(step[1])} {step[2]} {step[3]}"
    if verb == "tick":
        return f"tick {step[1]}"
    if verb in ("haste", "slow", "delay", "rush"):
        return f"{verb} {pick(step[1])} {step[2]}"
    if verb == "recall":
        return f"recall {pick(step[1])}"
    if verb == "add":
        return f"add n{len(ids)} foes copy={pick(step[1])}"
    return "next"


def check_bounds(g) -> None:
    for u in g.state.units.values():
        s = u.stats
        for pool in ("hp", "ar", "ki"):
            assert 0 <= s[pool] <= s[f"{pool}_max"], (u.id, pool, s)
        assert 0 <= s["kennel"] <= 200 and s["ap"] >= 0 and s["ap_total"] >= 0
        assert u.has("Downed") == (s["hp"] == 0)
        assert u.has("Recalled") == bool(s["recalled"])


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(ACTION, max_size=40), RULES)
def test_pools_stay_in_bounds_and_replay_matches(steps, house):
    g = game_from_data(doc(*ROSTER, house=house), "<prop>")
    for step in steps:
        try:
            g.push_line(line_for(step, list(g.state.units)))
        except GMError:
            pass
        check_bounds(g)
    # the saved file replays to the same state, and state_at agrees with the live state
    again = game_from_data(tomllib.loads(dumps_encounter(g)), "<saved>")
    assert again.state.to_json() == g.state.to_json()
    assert g.state_at(len(g.log)).to_json() == g.state.to_json()
    if g.log:
        g.undo()
        assert g.state.to_json() == again.state_at(len(g.log)).to_json()
