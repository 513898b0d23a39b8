"""The palette's offers: who may act next, the acting character's attacks on
enemies in range, moves, and answers to a waiting hit; each one is legal."""

from __future__ import annotations

from .helpers import game, play


def offered(g) -> list[str]:
    return [a.notation() for a in g.legal_actions()]


def test_between_turns_the_palette_offers_the_pick_and_the_seize():
    g = game()
    lines = offered(g)
    assert "turn kai" in lines and "turn gob" not in lines
    assert "turn ava" not in lines  # round 1 opens with Kai, the highest Daring (C11.2)
    assert "seize gob" in lines and "seize boss" in lines


def test_on_a_turn_the_palette_offers_attacks_in_range_and_moves():
    g = game()
    play(g, "turn kai")
    lines = offered(g)
    assert "attack kai gob field-sidearm stun" in lines and "attack kai boss field-sidearm deadly" in lines
    assert not any(line.startswith("attack kai gob stun-baton") for line in lines)  # not within Reach
    assert "stride kai hall" in lines and "stride kai hall near=gob" in lines and "sprint kai deck" in lines
    assert "next" in lines and "keep ava" not in lines  # no Momentum to keep it
    for action in g.legal_actions():
        g.check(g.resolve(action))


def test_a_waiting_hit_is_answered_from_the_palette():
    g = game(conflict={"opening": "gm"})
    play(g, "turn gob", "attack gob kai field-sidearm stun [1,1]")
    assert offered(g) == ["avoid kai", "suffer kai", "spend gob severity"]


def test_palette_labels_read_like_the_table_talks():
    g = game()
    play(g, "turn kai")
    labels = {a.notation(): a.label(g.state) for a in g.legal_actions()}
    assert labels["attack kai gob field-sidearm stun"] == "Kai attacks Gob with field-sidearm (stun)"
    assert labels["stride kai hall"] == "Kai moves to Hall"
