"""Completion offers what the GM most likely means first (issue 27): the
verbs legal now, then the ones a GM types most; an attack's enemies before
its allies, an aid's allies first; nothing left out. An attack on an ally
is told, not refused."""

from __future__ import annotations

from gm_console.core.completion import AIDS, ATTACKS, COMMON_VERBS, candidates, friendly_fire, verb_order
from gm_console.core.game import Game
from gm_console.core.system import all_systems
from gm_console.core.game import verb_table
from gm_console.files import load_encounter
from tests.conftest import ENCOUNTERS


def demo(*lines: str) -> Game:
    game = load_encounter(ENCOUNTERS / "ctb-causeway-ambush.toml")
    for line in lines:
        game.push_line(line)
    return game


def complete(game: Game, text: str) -> list[str]:
    return candidates(text, game.verbs, game.state, None, game.legal_actions)


def side(game: Game, uid: str) -> str:
    return game.state.units[uid].side


def test_hi_is_hit_before_hide():
    assert complete(demo(), "hi")[:2] == ["hit ", "hide "]  # nobody acts yet: the commoner verb first
    assert complete(demo("next"), "hi")[:2] == ["hit ", "hide "]  # Tamsin acts: hit is legal now


def test_an_attack_offers_the_acting_unit_then_its_enemies_then_its_allies():
    game = demo("next")
    assert game.state.clock.active == "tamsin"
    assert complete(game, "hit ")[0] == "hit tamsin "
    offered = [line.split()[2] for line in complete(game, "hit tamsin ")]
    ids = [w for w in offered if w in game.state.units]
    enemies = [u for u in ids if side(game, u) != side(game, "tamsin")]
    allies = [u for u in ids if side(game, u) == side(game, "tamsin") and u != "tamsin"]
    assert enemies and allies
    assert ids.index(enemies[-1]) < ids.index(allies[0]), offered
    assert ids[-1] == "tamsin"  # herself, last
    assert set(ids) == set(game.state.units)  # nothing left out: an ally can still be named
    assert complete(game, "brk tamsin ")[0].split()[2] in enemies


def test_a_unit_not_acting_gets_its_enemies_first_too():
    game = demo("next")
    ids = [line.split()[2] for line in complete(game, "hit ren ")]
    assert side(game, ids[0]) != side(game, "ren")


def test_the_verbs_legal_now_come_first():
    game = load_encounter(ENCOUNTERS / "conflict-relay-station.toml")
    assert complete(game, "t")[0] == "turn "  # no turn running: starting one is what is legal
    game.push_line("turn rhea")
    assert complete(game, "t")[0] == "task "  # in Rhea's turn: a task is commoner than another turn
    assert complete(game, "attack rhea ")[0].split()[2] != "tomas"  # her ally comes after the raiders
    aid = [line.split()[2] for line in complete(game, "firstaid rhea ")]
    assert side(game, aid[0]) == side(game, "rhea") and aid[0] != "rhea"


def test_the_order_of_verbs_is_data_and_names_real_verbs():
    verbs = verb_table(all_systems())
    assert len(set(COMMON_VERBS)) == len(COMMON_VERBS)
    assert set(COMMON_VERBS) <= set(verbs), set(COMMON_VERBS) - set(verbs)
    assert (ATTACKS | AIDS) <= set(verbs)
    assert verb_order(["hide", "hit", "haste"]) == ["hit", "haste", "hide"]
    assert verb_order(["zzz", "hide"]) == ["hide", "zzz"]  # a verb not listed: after the listed ones


def test_friendly_fire_is_told_not_refused():
    game = demo("next")
    game.push_line("hit tamsin ren [10]")  # applied: the rules do not forbid it
    said = friendly_fire(game.log[-1], game.state)
    assert said is not None and "Tamsin" in said and "ally" in said and "Ren" in said
    assert friendly_fire(game.parse("hit tamsin hexer"), game.state) is None
    assert friendly_fire(game.parse("cond ren Blinded"), game.state) is None
