"""Each CTB house rule: its default and what the other values do."""

from __future__ import annotations

import pytest
from tests.ctb.ctb_helpers import duel, game, stats, texts, unit

from gm_console.core.errors import IllegalAction
from gm_console.core.systems.ctb import maths
from gm_console.core.systems.ctb.house_rules import HOUSE_RULES
from gm_console.core.systems.ctb.projection import project
from gm_console.core.systems.ctb.stats import kennel_max, recall_loss
from gm_console.files.encounter_io import EncounterFileError


def order(g, n=6):
    return [(t.unit, t.tick) for t in project(g.state, g.rules, n)]


def test_every_house_rule_has_a_valid_default_and_explanation():
    for rule in HOUSE_RULES:
        problems = []
        rule.spec.check(rule.default, rule.name, problems)
        assert not problems, rule.name
        assert len(rule.explain) > 60 and rule.title


def test_bad_override_is_reported_by_the_file_check():
    with pytest.raises(EncounterFileError, match="tie_break"):
        duel(tie_break="fastest")


def test_ap_gain_percent():
    g = game(unit("a", "pcs", 12), house={"ap_gain_percent": 50})  # 6 a tick: ceil(100/6) = 17
    assert order(g, 1) == [("a", 17)]
    assert order(game(unit("a", "pcs", 12)), 1) == [("a", 9)]


def test_surplus_keep_and_drop():
    keep = game(unit("a", "pcs", 30))  # 120 on tick 4, keeps 20: 2 more ticks
    drop = game(unit("a", "pcs", 30), house={"surplus": "drop"})  # back to 0: 4 more ticks
    assert order(keep, 2) == [("a", 4), ("a", 7)]
    assert order(drop, 2) == [("a", 4), ("a", 8)]


@pytest.mark.parametrize(
    ("rule", "first"),
    [("most_ap", "b"), ("ap_total", "a"), ("listed", "a"), ("players_first", "a")],
)
def test_tie_break(rule, first):
    # both ready on tick 1: a (player, AP Total 50) holds 100, b (foe, 20) holds 110
    g = game(unit("a", "pcs", 50, ap=50), unit("b", "foes", 20, ap=90), house={"tie_break": rule})
    g.push_line("next")
    assert g.state.clock.active == first


def test_tie_break_players_first_over_more_ap():
    g = game(unit("b", "foes", 20, ap=90), unit("a", "pcs", 10, ap=90), house={"tie_break": "players_first"})
    g.push_line("next")
    assert g.state.clock.active == "a"


@pytest.mark.parametrize(("rule", "ap_after", "acts"), [("frozen", 50, False), ("reset", 0, False), ("acts", 50, True)])
def test_downed_clock(rule, ap_after, acts):
    g = game(unit("a", "pcs", 10, ap=50), unit("b", "foes", 10), house={"downed_clock": rule})
    g.push_line("set a hp 0")
    assert stats(g, "a")["ap"] == ap_after
    assert any(t.unit == "a" for t in project(g.state, g.rules, 4)) is acts


def test_glancing_rounding():
    b = maths.bands(0, 0, 0, prof_step=1, prec_step=1, assist_step=1, floor=1)
    seven = maths.Attack(7, 0, 0, 0, 0)
    one = maths.Attack(1, 0, 0, 0, 0)
    hit = lambda a, r: maths.hp_damage(a, 1, b, broken=False, rounding=r, stack=True).amount  # noqa: E731
    assert (hit(seven, "down_min1"), hit(seven, "down"), hit(seven, "up")) == (3, 3, 4)
    assert (hit(one, "down_min1"), hit(one, "down"), hit(one, "up")) == (1, 0, 1)


def test_double_stack():
    b = maths.bands(0, 0, 0, prof_step=1, prec_step=1, assist_step=1, floor=1)
    a = maths.Attack(5, 0, 0, 0, 0)
    assert maths.hp_damage(a, 20, b, broken=True, rounding="down_min1", stack=True).amount == 20
    capped = maths.hp_damage(a, 20, b, broken=True, rounding="down_min1", stack=False)
    assert capped.amount == 10 and "no stack" in capped.text


def test_steps_and_floor_and_bands_never_cross():
    assert maths.bands(0, 2, 0, prof_step=1, prec_step=3, assist_step=1, floor=1).crit_floor == 14
    assert maths.bands(3, 0, 0, prof_step=2, prec_step=1, assist_step=1, floor=1).glance_ceiling == 1
    assert maths.bands(3, 0, 0, prof_step=2, prec_step=1, assist_step=1, floor=0).glance_ceiling == 0
    assert maths.bands(0, 0, 2, prof_step=1, prec_step=1, assist_step=2, floor=1).glance_ceiling == 2
    for prof in range(8):
        for prec in range(25):
            for floor in range(7):
                b = maths.bands(prof, prec, prof, prof_step=1, prec_step=1, assist_step=1, floor=floor)
                assert 0 <= b.glance_ceiling < b.crit_floor - 1 < 20


def test_brk_roll_off_records_no_die():
    g = duel(brk_roll=False)
    g.push_line("next")
    g.push_line("brk gob kai")  # 11+4+1 - (10+4) = 2
    assert g.lines()[-1] == "brk gob kai" and stats(g, "kai")["ar"] == 8


def test_brk_amount_modes():
    for mode, ar in (("attack_math", 8), ("ignore_ar", 0), ("weapon_brk", 4)):
        g = duel(brk_amount=mode)
        g.push_line("next")
        g.push_line("brk gob kai [10]")  # attack total 16; kai AR 10, PR 4; club brk 6
        assert stats(g, "kai")["ar"] == ar, mode


def test_kennel_curves_and_recall_basis():
    assert [kennel_max(40, k, "linear") for k in (0, 90, 100, 200)] == [1, 36, 40, 80]  # the floor of 1 at Kennel 0
    assert [kennel_max(40, k, "gentle") for k in (0, 100, 200)] == [20, 40, 60]
    assert kennel_max(40, 13, "flat") == 40
    assert [recall_loss(k, "current") for k in (100, 95, 5, 0)] == [10, 9, 1, 0]
    assert (recall_loss(100, "scale"), recall_loss(15, "scale"), recall_loss(100, "standard")) == (20, 15, 10)


def test_turn_lock_and_free():
    g = duel()
    g.push_line("next")  # gob's turn
    with pytest.raises(IllegalAction, match="ctb.turn_lock"):
        g.push_line("hit kai gob [10]")
    assert "free" in texts(g.push_line("hit kai gob free [10]"))[0]
    loose = duel(turn_lock=False)
    loose.push_line("next")
    loose.push_line("hit kai gob [10]")
    assert stats(loose, "gob")["hp"] == 24


def test_attacks_per_turn():
    g = duel()
    g.push_line("next")
    g.push_line("hit gob kai [10]")
    with pytest.raises(IllegalAction, match="ctb.attacks_per_turn"):
        g.push_line("brk gob kai [10]")
    g2 = duel(attacks_per_turn=0)
    g2.push_line("next")
    for _ in range(3):
        g2.push_line("hit gob kai [10]")
    assert stats(g2, "kai")["hp"] == 40 - 3 * 2


def test_round_ticks():
    g = game(unit("a", "pcs", 5), house={"round_ticks": 7})  # 20 ticks: rounds begin on 7 and 14
    ev = texts(g.push_line("next"))
    assert g.state.clock.round == 3 and "Round 2 begins (tick 7)" in ev and "Round 3 begins (tick 14)" in ev


def test_glancing_on_armor_broken_cancels_to_the_raw_damage():
    """x0.5 then x2 is x1: an odd raw amount is not rounded down before doubling."""
    from gm_console.core.systems.ctb.maths import Attack, Bands, hp_damage

    attack = Attack(stat=5, dam=1, prof=0, ar=0, res=3)  # raw 3
    bands = Bands(glance_ceiling=6, crit_floor=20)
    for rounding in ("down_min1", "down", "up"):
        out = hp_damage(attack, 2, bands, broken=True, rounding=rounding, stack=True)
        assert out.amount == 3 and out.text.endswith("Glancing x0.5, Armor Broken x2 = 3")
    plain = hp_damage(attack, 2, bands, broken=False, rounding="down_min1", stack=True)
    assert plain.amount == 1


# ------------------------------------------------------------ issue 13: no house rule quietly overrides the text


@pytest.mark.parametrize("name, value", [("precision_step", 0), ("proficiency_step", 0), ("assist_step", 0), ("kennel_curve", "flat")])
def test_values_that_switch_off_a_stated_rule_are_marked_departs_from_the_text(name, value):
    """Lines 6 and 9: Precision lowers the crit floor, Proficiency/Assist the glancing ceiling, Kennel scales maxima."""
    g = duel(**{name: value})
    assert f"ctb.{name}" in g.rules.departing()
    assert duel().rules.departing() == {}
    from gm_console.lookup.index import house_rule_entries
    from gm_console.ui.widgets.status_line import departing_segment

    entry = next(e for e in house_rule_entries(g.systems.values(), g.rules) if e.key == f"house.ctb.{name}")
    assert "departs from the text" in entry.body  # the lookup says so in words
    assert departing_segment(g.rules) == f"⚠ departs from text: {name}"  # and the status line shows it
    assert departing_segment(duel().rules) == ""


def test_L17_armor_broken_is_ar_reduced_to_0_so_a_unit_built_without_ar_is_not_broken_by_default():
    """Line 17: Armor Broken is AR *reduced* to 0; a unit built with no AR takes normal damage (unarmored_broken false)."""
    naked = unit("n", "foes", 5, hp_base=30)
    g = game(unit("a", "pcs", 10), naked)
    assert not g.state.units["n"].has("Armor Broken")
    assert game(unit("a", "pcs", 10), naked, house={"unarmored_broken": True}).state.units["n"].has("Armor Broken")


def test_L09_kennel_0_does_not_start_a_unit_downed_the_curve_has_a_floor():
    """Line 9: Kennel 0-200 scales maxima; at Kennel 0 a unit still has at least 1 of each pool it has at all."""
    g = game(unit("a", "pcs", 10, kennel=0), unit("b", "foes", 10))
    s = g.state.units["a"].stats
    assert s["hp_max"] == 1 and s["hp"] == 1 and not g.state.units["a"].has("Downed")
    assert kennel_max(40, 0, "linear") == 1 and kennel_max(0, 0, "linear") == 0
