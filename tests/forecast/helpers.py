"""Small CTB fights for the forecast's tests, built as documents."""

from __future__ import annotations

from gm_console.core.game import Game
from gm_console.files.encounter_io import game_from_data


def duel(first: dict, second: dict, *, first_side: str = "a", seed: int = 1) -> Game:
    """Two one-unit sides, ``first`` listed first (house rule tie_break = listed)."""
    a = {"id": "ua", "name": "Unit A", "side": "a", "ctb": first}
    b = {"id": "ub", "name": "Unit B", "side": "b", "ctb": second}
    units = [a, b] if first_side == "a" else [b, a]
    return game_from_data(
        {
            "format": 1,
            "title": "duel",
            "systems": ["ctb"],
            "seed": seed,
            "sides": [{"id": "a", "name": "Side A", "controller": "players"}, {"id": "b", "name": "Side B"}],
            "house_rules": {"ctb": {"tie_break": "listed"}},
            "units": units,
        },
        "<duel>",
    )


FIGHTER = {"ap_total": 10, "hp_base": 30, "ar_base": 2, "atk": 10, "pr": 2, "weapons": [{"id": "sword", "dam": 4}]}
GIANT = {"ap_total": 10, "hp_base": 400, "ar_base": 30, "atk": 40, "pr": 20, "weapons": [{"id": "club", "dam": 20}]}
MOUSE = {"ap_total": 10, "hp_base": 10, "atk": 1, "weapons": [{"id": "tooth", "dam": 1}]}
