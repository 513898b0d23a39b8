"""Build small reactor encounters in one line each, for the rule tests."""

from __future__ import annotations

import pytest

from gm_console.core.errors import GMError
from gm_console.core.game import Game
from gm_console.core.systems.reactor.board import BOARD, Board
from gm_console.core.systems.reactor.cards import Profile, profile
from tests.conftest import game_from_dict


def unit(uid: str, side: str, card: str, *items: str, name: str | None = None, **flags) -> dict:
    table = {"id": uid, "side": side, "items": list(items), "reactor": {"card": card, **flags}}
    if name:
        table["name"] = name
    return table


def reactor_game(*units: dict, active: str = "b", phase: str = "operations", house: dict | None = None, **board) -> Game:
    """Sides a (defender, players) and b (attacker); it is b's Operations unless told otherwise."""
    data = {
        "format": 1,
        "title": "reactor test",
        "systems": ["reactor"],
        "sides": [{"id": "a", "name": "A", "controller": "players"}, {"id": "b", "name": "B"}],
        "units": list(units),
        "reactor": {"active": active, "phase": phase, **board},
    }
    if house:
        data["house_rules"] = {"reactor": house}
    return game_from_dict(data)


def board(game: Game) -> Board:
    return BOARD(game.state)


def prof(game: Game, uid: str) -> Profile:
    return profile(game.state, board(game), game.state.units[uid], game.rules["reactor.pack_counts"])


def dmg(game: Game, uid: str) -> int:
    return game.state.units[uid].stat("damage")


def refused(game: Game, line: str, *words: str) -> str:
    """Apply ``line``, expect it refused (GMError), check the words are in the message; nothing changes."""
    before = game.state.to_json()
    with pytest.raises(GMError) as exc:
        game.push_line(line)
    message = str(exc.value)
    for word in words:
        assert word in message, message
    assert game.state.to_json() == before
    return message


def drawn(widget) -> str:
    """What a person reads in a widget: the rows it draws, as plain text (trailing blanks cut)."""
    from textual.geometry import Region

    width, height = widget.size
    return "\n".join(strip.text.rstrip() for strip in widget.render_lines(Region(0, 0, width, height)))


def seen(pane, part: str) -> str:
    """What the reactor pane's ``bar`` or ``board`` shows."""
    return drawn(pane.query_one(f"#rx-{part}"))


def texts(events) -> list[str]:
    return [e.text for e in events]
