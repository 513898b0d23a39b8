"""The rules that meet each other, tested in pairs."""

from __future__ import annotations

from tests.reactor.helpers import board, dmg, prof, reactor_game, refused, texts, unit


def test_amr_vs_guard_cancel_out_while_each_alone_strikes_first():
    def fight(striker_items, guard: str):
        game = reactor_game(
            unit("g", "a", guard, stationed=True),
            unit("s", "b", "federal-ranger", *striker_items),
        )
        return game, " | ".join(texts(game.push_line("strike s -> reactor block=g")))

    # GUARD alone: the Reserve (ATK 1) hits first, the Ranger (HP 3) survives and kills it
    game, log = fight((), "reserve-enlisted")
    assert log.index("GUARD") < log.index("Reserve Enlisted deals 1") < log.index("Federal Ranger deals 2")
    # AMR against GUARD: simultaneous, both deal
    game, log = fight(("m80-amr",), "reserve-enlisted")
    assert "cancel out" in log and "Damage is simultaneous" not in log
    assert dmg(game, "s") == 1 and "g" not in game.state.units
    # AMR alone (no GUARD on the other side): the striker first
    game = reactor_game(unit("op", "a", "reactor-operator", stationed=True), unit("s", "b", "federal-ranger", "m80-amr"))
    log = " | ".join(texts(game.push_line("strike s -> reactor block=op")))
    assert "First strike: Federal Ranger" in log


def test_armor_vs_a_pack_of_three():
    lone = reactor_game(unit("mon", "a", "vt6-monarch"), unit("k1", "b", "wnaf-conscript"))
    assert prof(lone, "k1").atk == 1
    lone.push_line("strike k1 -> mon")
    assert dmg(lone, "mon") == 0  # ARMOR ignores ATK 1
    pack = reactor_game(unit("mon", "a", "vt6-monarch"), *(unit(f"k{i}", "b", "wnaf-conscript") for i in (1, 2, 3)))
    assert [prof(pack, f"k{i}").atk for i in (1, 2, 3)] == [2, 2, 2]
    pack.push_line("strike k1 -> mon")
    assert dmg(pack, "mon") == 2  # ATK 2 gets through
    # k1 died to the Monarch's answer: the pack is two, each back to ATK 1, and ARMOR holds again
    assert "k1" not in pack.state.units and prof(pack, "k2").atk == 1
    pack.push_line("strike k2 -> mon")
    assert dmg(pack, "mon") == 2


def test_lockdown_vs_hack():
    game = reactor_game(unit("op", "a", "reactor-operator"), unit("r", "b", "federal-ranger", "hacking-device"),
                        unit("r2", "b", "federal-ranger"))  # fmt: skip
    game.push_line("strike r -> reactor hack")
    assert board(game).plants["a"].hack == 2
    game.push_line("lockdown a")
    refused(game, "strike r2 -> reactor hack", "A is in LOCKDOWN")
    refused(game, "hack a +1", "no HACK counters can be added")
    assert board(game).plants["a"].hack == 2  # LOCKDOWN keeps the ones already there


def test_trt_vs_raider_on_a_facility():
    facs = [{"id": "yard", "side": "a", "card": "switchyard"}]
    posted = reactor_game(unit("trt", "a", "trt-squad-leader", stationed=True), unit("k", "b", "wnaf-conscript"), facilities=facs)
    refused(posted, "strike k -> yard", "TRT Squad Leader is stationed and keeps RAIDERs off its Facilities")
    off_post = reactor_game(unit("trt", "a", "trt-squad-leader"), unit("k", "b", "wnaf-conscript"), facilities=facs)
    off_post.push_line("strike k -> yard")
    assert board(off_post).facilities["yard"].damage == 1
    # the TRT may still strike a Personnel and be struck itself
    posted.push_line("strike k -> trt")
    assert "k" not in posted.state.units


def test_bloxian_vs_an_atk_0_blocker():
    game = reactor_game(unit("op", "a", "reactor-operator", stationed=True), unit("dir", "a", "plant-director", stationed=True),
                        unit("res", "a", "reserve-enlisted", stationed=True), unit("blox", "b", "bloxian-support-operative"),
                        unit("k", "b", "wnaf-conscript"))  # fmt: skip
    refused(game, "strike blox -> reactor block=op", "Reactor Operator cannot block: ATK 0")
    refused(game, "strike blox -> reactor block=dir", "Plant Director cannot block: ATK 0")
    game.push_line("strike k -> reactor block=op")  # an ordinary striker can be stopped by an operator
    assert board(game).plants["a"].heat == 0
    game.push_line("strike blox -> reactor block=res")  # ATK 1 can block it
    assert board(game).plants["a"].heat == 0


def test_a_blocked_reactor_strike_with_hack():
    game = reactor_game(unit("w", "a", "junior-watchman", "weston-smg", stationed=True),
                        unit("r", "b", "federal-ranger", "hacking-device"))  # fmt: skip
    game.push_line("strike r -> reactor hack block=w")
    plant = board(game).plants["a"]
    assert (plant.hack, plant.heat) == (0, 0)
    assert dmg(game, "r") == 2 and dmg(game, "w") == 2  # GUARD 2 first, the Ranger (HP 3) answers with 2


def test_lockdown_vs_the_director_in_orientation():
    game = reactor_game(unit("dir", "a", "plant-director", orientation=True), unit("k", "b", "wnaf-conscript"))
    refused(game, "lockdown a by=dir", "cannot exhaust: ORIENTATION")
    game.push_line("lockdown a")  # the Class 2 Lockdown card needs no one
    refused(game, "lockdown a", "already in LOCKDOWN")


def test_facility_grants_vs_armor_and_packs():
    facs = [{"id": "arm", "side": "b", "card": "armory"}]
    game = reactor_game(unit("mon", "a", "vt6-monarch"), unit("k", "b", "wnaf-conscript"), facilities=facs)
    assert prof(game, "k").atk == 2 and prof(game, "k").atk_why == "1 +1 Facilities"
    game.push_line("strike k -> mon")
    assert dmg(game, "mon") == 2  # the Armory's +1 lifts the lone Conscript past ARMOR
