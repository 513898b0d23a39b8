"""One rule on death in CTB: carrying a fight follows house rule
``ctb.death_comes`` (the campaign rule ``ctb.downed_end`` is gone, and a
file that still sets it is refused with the replacement)."""

from __future__ import annotations

import pytest
from tests.ctb.ctb_helpers import game, unit

from gm_console.core.carry import carry_changes, persistent
from gm_console.files.encounter_io import EncounterFileError


def _fight(**house):
    g = game(unit("a", "pcs", 10), unit("b", "pcs", 10), unit("c", "pcs", 10), unit("z", "foes", 10), house=house or None)
    g.push_line("set b hp 0")  # Downed, never Recalled
    g.push_line("set c hp 0")
    g.push_line("recall c")  # Downed and Recalled
    return g


def _dead(g, uid):
    return persistent(g.state, g.rules, ("ctb",), uid)["dead"]


def test_under_battle_end_a_carried_fight_has_ended_so_the_downed_not_recalled_are_dead_endbattle_or_not():
    g = _fight()
    assert g.rules["ctb.death_comes"] == "battle_end"
    assert _dead(g, "b") and not _dead(g, "c") and not _dead(g, "a")  # no endbattle typed
    g.push_line("endbattle")  # the fight's own verdict and the carry's agree
    assert g.state.units["b"].has("Dead") and _dead(g, "b") and not _dead(g, "c")


def test_under_never_nobody_dies_on_carry_and_the_survivor_keeps_its_kennel():
    g = _fight(death_comes="never")
    g.push_line("endbattle")
    assert not g.state.units["b"].has("Dead")
    assert not _dead(g, "b") and not _dead(g, "c")  # once: never here, yet dies on carry
    party = [{"id": "b", "ctb": {"ap_total": 10, "hp_base": 20}}]
    changes = carry_changes(g.state, g.rules, ("ctb",), party)
    assert not any(c.field == "dead" for c in changes)
    assert not any(c.field == "ctb.kennel" for c in changes)  # no Recall, no Kennel Damage
    reset = persistent(g.state, g.rules, ("ctb",), "b")
    assert "ctb.hp" not in reset  # carry_pools = reset: the next fight starts at the maxima
    kept = _fight(death_comes="never", carry_pools="carry")
    assert persistent(kept.state, kept.rules, ("ctb",), "b")["ctb.hp"] == 0  # carry: still Downed, alive


def test_a_unit_marked_dead_in_the_fight_is_dead_on_carry_whatever_the_rule():
    g = _fight(death_comes="never")
    g.push_line("cond a Dead")
    assert _dead(g, "a")


@pytest.mark.parametrize("value", ["dies", "survives"])
def test_a_file_that_still_sets_ctb_downed_end_is_refused_naming_death_comes(value):
    with pytest.raises(EncounterFileError) as err:
        game(unit("a", "pcs", 10), unit("z", "foes", 10), house={"downed_end": value})
    text = str(err.value)
    assert "house_rules.ctb.downed_end" in text and "ctb.downed_end is gone" in text
    assert 'death_comes = "battle_end" for downed_end = "dies"' in text and 'death_comes = "never" for downed_end = "survives"' in text


def test_downed_end_is_no_house_rule_any_more():
    g = _fight()
    assert "ctb.downed_end" not in g.rules.defs and "ctb.death_comes" in g.rules.defs
    assert "Campaigns follow this rule too" in g.rules.defs["ctb.death_comes"].explain
