"""Builders for CTB test games (no disk)."""

from __future__ import annotations

import copy
from typing import Any

from gm_console.core.game import Game
from gm_console.files.encounter_io import game_from_data


def unit(uid: str, side: str, ap_total: int, hp_base: int = 20, **ctb: Any) -> dict[str, Any]:
    table = {"ap_total": ap_total, "hp_base": hp_base, **ctb}
    return {"id": uid, "name": uid.capitalize(), "side": side, "ctb": table}


def doc(*units: dict[str, Any], house: dict[str, Any] | None = None, board: dict[str, Any] | None = None,
        log: list[str] | None = None, zones: list[dict] | None = None) -> dict[str, Any]:  # fmt: skip
    data: dict[str, Any] = {
        "format": 1,
        "title": "ctb test",
        "systems": ["ctb"],
        "seed": 7,
        "sides": [{"id": "pcs", "name": "Cadets", "controller": "players"}, {"id": "foes", "name": "Foes"}],
        "units": [copy.deepcopy(u) for u in units],
    }
    if house:
        data["house_rules"] = {"ctb": house}
    if board:
        data["ctb"] = board
    if log:
        data["log"] = log
    if zones:
        data["zones"] = zones
    return data


def game(*units: dict[str, Any], **kw: Any) -> Game:
    return game_from_data(doc(*units, **kw), "<ctb test>")


def duel(**house: Any) -> Game:
    """Kai (fast, armored) against Gob (slow): the stock pair of most tests."""
    return game(
        unit("kai", "pcs", 12, hp_base=40, ar_base=10, ki_base=10, atk=14, mag=10, pr=4, mr=3, prof=2,
             weapons=[{"id": "sword", "dam": 3}, {"id": "spark", "dam": 4, "kind": "magical"}]),
        unit("gob", "foes", 9, hp_base=30, ar_base=10, ap=40, atk=11, pr=3, mr=1, prof=1,
             weapons=[{"id": "club", "dam": 4, "brk": 6}]),
        house=house or None,
    )  # fmt: skip


def stats(g: Game, uid: str) -> dict[str, int]:
    return dict(g.state.units[uid].stats)


def texts(events) -> list[str]:
    return [e.text for e in events]
