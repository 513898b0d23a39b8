"""A unique name, or a prefix of an id or a name, stands for the id wherever a
line expects one; the log keeps the id (issue 14)."""

from __future__ import annotations

import pytest

from gm_console.core.completion import candidates
from gm_console.core.errors import IllegalAction, NotationError
from gm_console.files import load_encounter
from tests.reactor.helpers import reactor_game, unit

ENCOUNTERS = "encounters"


def causeway():
    return load_encounter(f"{ENCOUNTERS}/ctb-causeway-ambush.toml")


def test_a_unique_name_or_prefix_is_read_as_the_id_and_the_log_keeps_the_id():
    game = causeway()
    names = {u.id: u.name for u in game.state.units.values()}
    assert names["raider1"] == "Raider" and names["raider2"] == "Raider Skirmisher"
    assert game.parse("set Raider hp 5").unit == "raider1"  # a whole name, any case
    assert game.parse("set raider hp 5").unit == "raider1"
    assert game.parse("set war hp 5").unit == "warlord"  # an id prefix
    assert game.parse("set Hex hp 5").unit == "hexer"  # a name prefix
    game.push(game.parse("set Hex hp 5"))
    assert game.lines()[-1] == "set hexer hp 5"  # formatting writes the id


def test_an_ambiguous_prefix_is_refused_listing_the_candidates():
    game = causeway()
    with pytest.raises(NotationError) as err:
        game.parse("set raider2x hp 5")  # no match at all: left for the check to name
        game.check(game.parse("set raider2x hp 5"))
    with pytest.raises(NotationError) as err:
        game.parse("set rai hp 5")
    text = str(err.value)
    assert "raider1 (Raider)" in text and "raider2 (Raider Skirmisher)" in text


def test_a_saved_log_is_read_with_ids_only():
    game = causeway()
    assert game.parse("set Hex hp 5", names=False).unit == "Hex"


def test_completion_offers_ids_and_the_names_that_differ():
    game = causeway()
    found = candidates("set ", game.verbs, game.state)
    assert "set raider1 " in found and "set Raider " in found
    assert "set Tamsin " not in found  # the same word as the id tamsin
    assert candidates("set Ra", game.verbs, game.state) == ["set Raider "]


def _guarded():
    return reactor_game(
        unit("guard", "a", "junior-watchman", name="Night Guard", stationed=True),
        unit("foe", "b", "wnaf-conscript"),
    )


def test_a_typed_strike_a_guard_could_block_must_say_block():
    game = _guarded()
    action = game.parse("strike foe -> reactor")
    with pytest.raises(IllegalAction) as err:
        game.check_entry(action)
    assert "block=guard (Night Guard)" in str(err.value) and "block=none" in str(err.value)
    game.push_entry(game.parse("strike foe -> reactor block=none"))
    assert game.lines()[-1] == "strike foe -> reactor block=none"
    assert game.parse(game.lines()[-1]).block == "none"  # round-trips


def test_a_strike_names_its_blocker_and_target_by_name():
    game = _guarded()
    action = game.parse("strike Wn -> reactor block=Night")
    assert (action.striker, action.target, action.block) == ("foe", "reactor", "guard")
    game.push_entry(action)
    assert game.lines()[-1] == "strike foe -> reactor block=guard"


def test_a_saved_strike_without_block_still_replays_unblocked():
    game = _guarded()
    game.push(game.parse("strike foe -> reactor"))  # what older logs hold
    assert game.lines()[-1] == "strike foe -> reactor"
