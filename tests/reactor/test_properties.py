"""Properties over random play: random legal actions (strikes, posts, cards, next) from the bundled encounters."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gm_console.core.game import Game
from gm_console.core.systems.reactor import legality as lg
from gm_console.core.errors import GMError
from gm_console.core.systems.reactor.verbs import NO_BLOCK, Strike
from gm_console.core.systems.reactor.board import BOARD
from gm_console.core.systems.reactor.cards import profile
from gm_console.files import dumps_encounter, load_encounter, loads_encounter
from tests.conftest import ENCOUNTERS

SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FILES = ["reactor-night-shift.toml", "reactor-worked-exchange.toml"]


def fresh(name: str) -> Game:
    game = load_encounter(ENCOUNTERS / name)
    return Game.load(game.setup, [])


def play(data, game: Game, steps: int, check=None) -> list[dict]:
    seen = [game.state.to_json()]
    for _ in range(steps):
        options = game.legal_actions()
        extra = ["next", "next", "hack a +1", "heat a +50"]  # the clock and some GM fiat
        pick = data.draw(st.integers(0, len(options) + len(extra) - 1))
        action = options[pick] if pick < len(options) else game.parse(extra[pick - len(options)])
        before = game.state.copy()
        try:
            game.push(action)
        except ValueError:
            assert pick >= len(options), f"a legal action was refused: {action.notation()}"
            continue
        if check is not None:
            check(before, game, action)
        seen.append(game.state.to_json())
    return seen


def never_cools_by_strikes(before, game, action) -> None:
    if isinstance(action, Strike):
        old, new = BOARD(before), BOARD(game.state)
        for side in new.plants:
            assert new.plants[side].heat >= old.plants[side].heat
            assert new.plants[side].hack >= old.plants[side].hack


def destroyed_grant_nothing(before, game, action) -> None:
    """A destroyed Facility counts exactly as if it were not on the board, and cannot be targeted."""
    state, board = game.state, BOARD(game.state)
    without = state.copy()
    gone = [f for f in board.facilities.values() if f.destroyed]
    for fac in gone:
        del BOARD(without).facilities[fac.id]
    for side in state.sides:
        for what in ("grants", "power_order", "next_base_load"):
            assert getattr(board, what)(side) == getattr(BOARD(without), what)(side)
    rule = game.rules["reactor.pack_counts"]
    for uid, unit in state.units.items():
        assert profile(state, board, unit, rule) == profile(without, BOARD(without), without.units[uid], rule)
    for fac in gone:
        for striker in state.units.values():
            target = lg.Target("facility", fac.id, fac.side, fac.name)
            assert lg.target_problem(state, board, game.rules, striker, target) is not None


@SETTINGS
@given(data=st.data(), name=st.sampled_from(FILES))
def test_heat_and_counters_never_decrease_through_strikes(data, name):
    game = fresh(name)
    play(data, game, data.draw(st.integers(1, 40)), never_cools_by_strikes)


@SETTINGS
@given(data=st.data())
def test_a_destroyed_facility_grants_nothing(data):
    game = fresh("reactor-night-shift.toml")
    game.push_line('uncond trt STATIONED')  # let the RAIDERs at the Facilities
    play(data, game, data.draw(st.integers(1, 40)), destroyed_grant_nothing)


@SETTINGS
@given(data=st.data(), name=st.sampled_from(FILES))
def test_replay_of_the_saved_file_equals_live_state(data, name):
    game = fresh(name)
    play(data, game, data.draw(st.integers(0, 40)))
    reloaded = loads_encounter(dumps_encounter(game))
    assert reloaded.state.to_json() == game.state.to_json()
    assert reloaded.events == game.events
    assert reloaded.lines() == game.lines()


@SETTINGS
@given(data=st.data())
def test_state_at_every_index_equals_what_live_play_saw(data):
    Game.CHECKPOINT_EVERY, saved = 4, Game.CHECKPOINT_EVERY
    try:
        game = fresh("reactor-night-shift.toml")
        seen = play(data, game, data.draw(st.integers(0, 25)))
        for i, snapshot in enumerate(seen):
            assert game.state_at(i).to_json() == snapshot
    finally:
        Game.CHECKPOINT_EVERY = saved


@SETTINGS
@given(data=st.data(), name=st.sampled_from(FILES))
def test_the_palette_offers_exactly_the_legal_strikes(data, name):
    game = fresh(name)
    play(data, game, data.draw(st.integers(0, 20)))
    offered = {a.notation() for a in game.legal_actions() if isinstance(a, Strike)}
    state, board = game.state, BOARD(game.state)
    for striker in list(state.units.values()):
        for target in lg.all_targets(state, board, striker.side):
            word = lg.target_word(state, target, striker.side)
            for block in [None, NO_BLOCK, *state.units]:
                for hack in (False, True):
                    action = Strike(striker=striker.id, target=word, block=block, hack=hack)
                    # "no block" is offered as it must be typed: block=none when a guard could block, else nothing
                    silent = _entry_ok(game, Strike(striker=striker.id, target=word, hack=hack))
                    expected = game.is_legal(action) and _entry_ok(game, action) and not (block == NO_BLOCK and silent)
                    assert expected == (action.notation() in offered), action.notation()


def _entry_ok(game: Game, action: Strike) -> bool:
    try:
        game.check_entry(action)
    except GMError:
        return False
    return True
