"""One test per line of /work/shared/rules/ctb-combat-core.md (the CTB rule
text), named after the line it checks: ``test_L02_...`` checks line 2. The
lines are paraphrased here, never quoted at length. Line 1 is an overview and
lines 12-13 are the table's header; lines 23-24 (Fog of War, Map Chips) are
the zone map's, owned by the core verbs hide/reveal/chip, not by CTB.
"""

from __future__ import annotations

import pytest
from tests.ctb.ctb_helpers import duel, game, stats, texts, unit

from gm_console.core.errors import IllegalAction
from gm_console.core.systems.ctb import maths
from gm_console.core.systems.ctb.projection import project


def test_L02_countdown_battle_ap_total_ticks_turn_at_100_pay_100():
    """Line 2: every unit has an AP Total; each tick all gain AP; at 100 a unit
    takes its turn; after acting it loses 100; faster AP Total, more turns."""
    g = duel()  # kai: AP Total 12 from 0; gob: AP Total 9 from 40
    ev = texts(g.push_line("next"))
    # gob needs ceil(60/9) = 7 ticks (103 AP); kai would need 9
    assert g.state.clock.tick == 7 and g.state.clock.active == "gob"
    assert stats(g, "gob")["ap"] == 103 and stats(g, "kai")["ap"] == 84
    assert "tick 0 -> 7 (+7): Gob's turn (AP 103)" in ev
    g.push_line("next")  # gob pays 100, keeps 3; kai reaches 108 on tick 9
    assert stats(g, "gob")["ap"] == 3 + 2 * 9
    assert g.state.clock.active == "kai" and g.state.clock.tick == 9 and stats(g, "kai")["ap"] == 108
    # over 90 ticks the faster unit gets more turns
    turns = project(g.state, g.rules, 40)
    horizon = [t for t in turns if t.tick <= 99]
    assert sum(t.unit == "kai" for t in horizon) > sum(t.unit == "gob" for t in horizon)


def test_L03_two_pools_ar_shield_and_armor_broken_double():
    """Line 3: HP and AR pools; AR above 0: normal damage; AR 0: Armor Broken, double HP damage."""
    g = duel()
    g.push_line("next")
    g.push_line("next")  # kai's turn
    g.push_line("hit kai gob [10]")  # 14+3+2 - (10+3) = 6
    assert stats(g, "gob")["hp"] == 24
    g.push_line("set gob ar 0")
    assert g.state.units["gob"].has("Armor Broken")
    g.push_line("hit kai gob free [10]")  # 19 - (0+3) = 16, x2 = 32 -> HP 24 -> 0
    assert stats(g, "gob")["hp"] == 0


def test_L04_brk_reduces_ar_only_and_breaks_at_zero():
    """Line 4: BRK attacks lower AR, never HP; AR 0 makes the target Armor Broken."""
    g = duel()
    g.push_line("next")
    g.push_line("next")
    ev = texts(g.push_line("brk kai gob [10]"))
    s = stats(g, "gob")
    assert s["ar"] == 4 and s["hp"] == 30  # 19 - 13 = 6 AR, HP untouched
    assert any("AR 10 -> 4" in e for e in ev)
    ev = texts(g.push_line("brk kai gob free [10]"))  # 19 - (4+3) = 12 -> AR 0
    assert stats(g, "gob")["ar"] == 0 and stats(g, "gob")["hp"] == 30
    assert "Gob is Armor Broken: HP attacks now deal double damage" in ev


@pytest.mark.parametrize(
    ("face", "expected", "label"),
    [(1, 3, "Glancing"), (6, 3, "Glancing"), (7, 6, "Regular"), (19, 6, "Regular"), (20, 12, "Critical")],
)
def test_L05_d20_glancing_regular_critical(face, expected, label):
    """Line 5: d20 after damage: 1-6 Glancing (50%), 7-19 Regular (full), 20 Critical (double)."""
    b = maths.bands(0, 0, 0, prof_step=1, prec_step=1, assist_step=1, floor=1)
    out = maths.hp_damage(maths.Attack(10, 2, 0, 4, 2), face, b, broken=False, rounding="down_min1", stack=True)
    assert (out.amount, out.result) == (expected, label)


def test_L06_precision_lowers_crit_proficiency_and_assist_lower_glance():
    """Line 6: Precision lowers the critical threshold; Proficiency and Assist the glancing one."""
    plain = maths.bands(0, 0, 0, prof_step=1, prec_step=1, assist_step=1, floor=1)
    assert (plain.glance_ceiling, plain.crit_floor) == (6, 20)
    sharp = maths.bands(0, 3, 0, prof_step=1, prec_step=1, assist_step=1, floor=1)
    assert sharp.crit_floor == 17 and sharp.result(17) == "Critical"
    skilled = maths.bands(2, 0, 1, prof_step=1, prec_step=1, assist_step=1, floor=1)
    assert skilled.glance_ceiling == 3 and skilled.result(4) == "Regular"


def test_L07_attack_total_and_defense_total_pr_or_mr():
    """Line 7: Attack Total = stat + weapon DAM + proficiency; Defense Total = AR + PR (physical) or AR + MR (magical)."""
    g = duel()
    g.push_line("next")
    g.push_line("next")
    ev = texts(g.push_line("hit kai gob with=sword [10]"))
    assert any("14+3+2 - (10+3) = 6" in e for e in ev)  # atk + DAM + prof against AR + PR
    ev = texts(g.push_line("hit kai gob with=spark free [10]"))
    assert any("10+4+2 - (10+1) = 5" in e for e in ev)  # mag + DAM + prof against AR + MR


def test_L08_raw_damage_at_least_one_before_effectiveness():
    """Line 8: raw = Attack Total - Defense Total, never below 1, then effectiveness."""
    assert maths.Attack(5, 0, 0, 20, 5).raw() == 1
    b = maths.bands(0, 0, 0, prof_step=1, prec_step=1, assist_step=1, floor=1)
    crit = maths.hp_damage(maths.Attack(5, 0, 0, 20, 5), 20, b, broken=False, rounding="down_min1", stack=True)
    assert crit.amount == 2 and "= -20, at least 1" in crit.text


def test_L09_kennel_0_to_200_scales_maxima():
    """Line 9: Kennel (0-200) scales maximum HP, AR and KI."""
    g = game(unit("a", "pcs", 10, hp_base=40, ar_base=10, ki_base=20, kennel=150), unit("b", "foes", 10))
    s = stats(g, "a")
    assert (s["hp_max"], s["ar_max"], s["ki_max"]) == (60, 15, 30)
    g.push_line("set a kennel 50")
    s = stats(g, "a")
    assert (s["hp_max"], s["ar_max"], s["ki_max"], s["hp"]) == (20, 5, 10, 20)
    with pytest.raises(IllegalAction):
        g.push_line("set a kennel 201")


def test_L10_recall_downed_unit_takes_ten_percent_kennel_damage():
    """Line 10: a Downed unit that is Recalled suffers 10% Kennel damage."""
    g = duel()
    with pytest.raises(IllegalAction, match="Recall Beacon"):
        g.push_line("recall gob")  # not Downed
    g.push_line("set gob hp 0")
    g.push_line("recall gob")
    s = stats(g, "gob")
    assert s["kennel"] == 90 and s["hp_max"] == 27 and s["recalled"] == 1


def test_L11_pr_physical_mr_magical():
    """Line 11: physical attacks face AR + PR, magical ones AR + MR."""
    g = duel()
    g.push_line("next")
    g.push_line("next")
    phys = texts(g.push_line("hit kai gob with=sword [10]"))[0]
    mag = texts(g.push_line("hit kai gob with=spark free [10]"))[0]
    assert "(10+3)" in phys and "physical" in phys  # gob PR 3
    assert "(10+1)" in mag and "magical" in mag  # gob MR 1


def test_L14_turn_check_row():
    """Line 14 (table, CTB Turn Check): ticks grant AP to all; at 100 act; then lose 100."""
    g = game(unit("a", "pcs", 30), unit("b", "foes", 25, ap=50))
    g.push_line("next")  # b: ceil(50/25) = 2 ticks -> 100; a: 60
    assert (g.state.clock.tick, g.state.clock.active) == (2, "b")
    assert stats(g, "a")["ap"] == 60
    g.push_line("next")  # b pays 100 -> 0; a needs ceil(40/30) = 2 more ticks
    assert (g.state.clock.tick, g.state.clock.active) == (4, "a")
    assert stats(g, "a")["ap"] == 120 and stats(g, "b")["ap"] == 0 + 2 * 25


def test_L15_attack_damage_row():
    """Line 15 (table, Attack Damage): (stat + DAM + prof) - (AR + PR/MR), at least 1."""
    out = maths.Attack(14, 3, 2, 4, 3)
    assert (out.attack_total, out.defense_total, out.raw()) == (19, 7, 12)


def test_L16_brk_attack_row():
    """Line 16 (table, BRK Attack): AR only, no HP damage, Armor Broken at AR 0."""
    g = duel(brk_amount="weapon_brk", brk_roll=False)
    g.push_line("next")  # gob acts first; its club has brk 6 and no die is recorded
    g.push_line("brk gob kai")
    assert g.lines()[-1] == "brk gob kai"
    s = stats(g, "kai")
    assert s["ar"] == 4 and s["hp"] == 40
    g.push_line("brk gob kai free")
    assert stats(g, "kai")["ar"] == 0 and g.state.units["kai"].has("Armor Broken")


def test_L17_armor_broken_row():
    """Line 17 (table, Armor Broken): at AR 0 the unit takes double HP damage."""
    b = maths.bands(0, 0, 0, prof_step=1, prec_step=1, assist_step=1, floor=1)
    a = maths.Attack(14, 3, 2, 0, 3)
    whole = maths.hp_damage(a, 10, b, broken=False, rounding="down_min1", stack=True)
    broken = maths.hp_damage(a, 10, b, broken=True, rounding="down_min1", stack=True)
    assert broken.amount == 2 * whole.amount == 32


def test_L18_effectiveness_row_text():
    """Line 18 (table, Effectiveness Roll): the log shows the whole calculation."""
    b = maths.bands(0, 0, 0, prof_step=1, prec_step=1, assist_step=1, floor=1)
    out = maths.hp_damage(maths.Attack(14, 3, 2, 4, 3), 17, b, broken=True, rounding="down_min1", stack=True)
    assert out.text == "14+3+2 - (4+3) = 12, d20 17 Regular, Armor Broken x2 = 24"


def test_L19_precision_row_crit_floor():
    """Line 19 (table, Precision): criticals on lower faces than 20."""
    g = duel()
    g.push_line("set kai prec 2")
    g.push_line("next")
    g.push_line("next")
    ev = texts(g.push_line("hit kai gob [18]"))
    assert "Critical (18-20) x2 = 12" in ev[0]


def test_L20_proficiency_assist_row_glance_ceiling():
    """Line 20 (table, Proficiency / Assist): fewer faces glance."""
    g = duel()  # kai: prof 2 -> glances on 1-4 only
    g.push_line("next")
    g.push_line("next")
    assert "d20 5 Regular" in texts(g.push_line("hit kai gob [5]"))[0]
    assert "Glancing (1-3)" in texts(g.push_line("hit kai gob assist=1 free [3]"))[0]


def test_L21_kennel_scaling_row():
    """Line 21 (table, Kennel Scaling): derived maxima follow Kennel; setting a maximum directly is refused."""
    g = duel()
    with pytest.raises(IllegalAction, match="Kennel Scaling"):
        g.push_line("set kai hp_max 50")
    g.push_line("set kai kennel 200")
    assert stats(g, "kai")["hp_max"] == 80 and stats(g, "kai")["hp"] == 40  # current is not raised


def test_L22_recall_beacon_row():
    """Line 22 (table, Recall Beacon): the recalled unit leaves the fight, Kennel -10%."""
    g = duel()
    g.push_line("set gob hp 0")
    ev = texts(g.push_line("recall gob"))
    assert any("Kennel 100 -> 90" in e for e in ev)
    assert g.state.units["gob"].has("Recalled")
    assert all(t.unit == "kai" for t in project(g.state, g.rules, 5))
    g.push_line("next")
    with pytest.raises(IllegalAction, match="Recall Beacon"):
        g.push_line("hit kai gob [10]")


def test_L10a_recall_delays_permanent_death_a_downed_unit_not_recalled_dies_when_the_battle_ends():
    """Line 10: Recall Beacons delay permanent death. When death comes is a house rule (death_comes,
    default battle_end): a Downed unit that is not Recalled is at risk, and dies when the battle ends."""
    g = game(unit("a", "pcs", 10, ap=100), unit("b", "foes", 10), unit("c", "foes", 10))
    ev = texts(g.push_line("set b hp 0"))
    assert "B is Downed: at risk of permanent death unless Recalled before the battle ends (house rule death_comes)" in ev
    assert g.state.boards["ctb"].derived(g.state, g.rules)["at_risk"] == ["b"]
    g.push_line("set c hp 0")
    g.push_line("recall c")
    ev = texts(g.push_line("endbattle"))
    assert "B dies: Downed and never Recalled when the battle ends" in ev
    assert g.state.units["b"].has("Dead") and not g.state.units["c"].has("Dead")
    with pytest.raises(IllegalAction, match=r"the battle is over"):
        g.push_line("next")
    with pytest.raises(IllegalAction, match=r"B is dead"):
        g.push_line("recall b")


def test_L10a_death_comes_never_keeps_every_downed_unit_alive():
    g = game(unit("a", "pcs", 10), unit("b", "foes", 10), house={"death_comes": "never"})
    ev = texts(g.push_line("set b hp 0"))
    assert not any("at risk" in e for e in ev)
    g.push_line("endbattle")
    assert not g.state.units["b"].has("Dead")


def test_L23_ctb_movement_into_a_hidden_zone_reveals_it_like_the_zone_conflict():
    """Line 23: reveal what the cadets perceive; a player unit that walks into a hidden zone sees it."""
    zones = [{"id": "gate", "adjacent": ["vault"]}, {"id": "vault", "hidden": True}]
    g = game({**unit("a", "pcs", 10), "zone": "gate"}, {**unit("b", "foes", 10), "zone": "gate"}, zones=zones)
    g.push_line("move b vault")
    assert g.state.zones["vault"].hidden  # an enemy's move reveals nothing to the players
    ev = texts(g.push_line("move a vault"))
    assert not g.state.zones["vault"].hidden and any("vault" in e.lower() and "reveal" in e.lower() for e in ev)
