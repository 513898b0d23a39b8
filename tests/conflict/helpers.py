"""A small conflict encounter for the tests, built as a dict so each test can
change what it needs."""

from __future__ import annotations

import copy
import html
import re

from gm_console.core.game import Game
from gm_console.core.systems.conflict.board import BOARD
from tests.conftest import game_from_dict

ATTRS = {"control": 9, "daring": 10, "fitness": 8, "insight": 8, "presence": 7, "reason": 9}

BASE = {
    "format": 1,
    "title": "conflict test",
    "systems": ["conflict"],
    "seed": 7,
    "sides": [
        {"id": "crew", "name": "Crew", "controller": "players"},
        {"id": "foes", "name": "Foes", "controller": "gm"},
    ],
    "zones": [
        {"id": "bay", "name": "Bay", "adjacent": ["hall"], "traits": ["cover"]},
        {"id": "hall", "name": "Hall", "adjacent": ["deck"]},
        {"id": "deck", "name": "Deck", "adjacent": ["far"], "traits": ["difficult terrain 2"]},
        {"id": "far", "name": "Far End", "traits": ["cover"]},
    ],
    "pools": {"momentum": 0, "threat": 5},
    "units": [
        {
            "id": "kai",
            "name": "Kai",
            "side": "crew",
            "zone": "bay",
            "conflict": {
                "attributes": dict(ATTRS),
                "specializations": {"security": 2, "medicine": 2, "infiltration": 1},
                "weapons": ["field-sidearm", "stun-baton"],
            },
        },
        {
            "id": "ava",
            "name": "Ava",
            "side": "crew",
            "zone": "bay",
            "conflict": {
                "attributes": {**ATTRS, "fitness": 9, "daring": 9, "control": 10},
                "specializations": {"security": 1, "medicine": 3},
                "weapons": ["field-sidearm"],
            },
        },
        {
            "id": "gob",
            "name": "Gob",
            "side": "foes",
            "zone": "hall",
            "conflict": {
                "tier": "minor",
                "attributes": {**ATTRS, "daring": 8, "control": 8, "fitness": 7},
                "specializations": {"security": 1},
                "weapons": ["knife", "field-sidearm"],
            },
        },
        {
            "id": "boss",
            "name": "Boss",
            "side": "foes",
            "zone": "hall",
            "conflict": {
                "tier": "notable",
                "attributes": {**ATTRS, "fitness": 9},
                "specializations": {"security": 2},
                "weapons": ["stun-baton", "carbine"],
            },
        },
    ],
}


def doc(**changes) -> dict:
    """The base document; ``units_conflict={"kai": {...}}`` merges into a unit's table,
    ``unit_keys={"kai": {...}}`` into the unit itself, other keys replace the top level."""
    data = copy.deepcopy(BASE)
    for uid, extra in changes.pop("units_conflict", {}).items():
        next(u for u in data["units"] if u["id"] == uid)["conflict"].update(extra)
    for uid, extra in changes.pop("unit_keys", {}).items():
        next(u for u in data["units"] if u["id"] == uid).update(extra)
    for uid in changes.pop("drop", ()):
        data["units"] = [u for u in data["units"] if u["id"] != uid]
    data.update(changes)
    return data


def game(**changes) -> Game:
    return game_from_dict(doc(**changes))


def play(g: Game, *lines: str) -> list[str]:
    """Apply lines; return the texts of the last line's events."""
    events = ()
    for line in lines:
        events = g.push_line(line)
    return [e.text for e in events]


def texts(g: Game) -> list[str]:
    return [e.text for evs in g.events for e in evs]


def board(g: Game):
    return BOARD(g.state)


def stress(g: Game, uid: str) -> int:
    return g.state.units[uid].stats.get("stress", 0)


_RUN = re.compile(r'<text class="[^"]*" x="([\d.]+)" y="[\d.]+" textLength="[\d.]+" clip-path="url\(#[^"]*-line-(\d+)\)">(.*?)</text>')


def screen_rows(app) -> list[str]:
    """The screen as the terminal shows it, one str a row (read from the SVG
    screenshot: each run of text at its column)."""
    rows: dict[int, list[tuple[int, str]]] = {}
    for m in _RUN.finditer(app.export_screenshot()):
        rows.setdefault(int(m.group(2)), []).append((round(float(m.group(1)) / 12.2), html.unescape(m.group(3)).replace("\xa0", " ")))
    out = []
    for row in range(app.size.height):
        cells: list[str] = []
        for col, run in sorted(rows.get(row, ())):
            cells.extend(" " * max(0, col - len(cells)))
            cells[col : col + len(run)] = list(run)
        out.append("".join(cells))
    return out


def pane_text(app) -> str:
    """What the conflict pane shows on the screen, a line a row of its content area."""
    from gm_console.ui.panes.conflict import ConflictPane

    r = app.query_one(ConflictPane).content_region
    return "\n".join(row[r.x : r.right].rstrip() for row in screen_rows(app)[r.y : r.bottom])
