"""Starter encounters written by ``gm-console new``."""

from __future__ import annotations

import random

import tomli_w

from gm_console.core.setup import FORMAT_VERSION
from gm_console.core.system import get_system


def starter_data(title: str, systems: list[str]) -> dict:
    data: dict = {
        "format": FORMAT_VERSION,
        "title": title,
        "description": "A starter encounter: edit the sides, zones and units, then open it.",
        "systems": list(systems),
        "seed": random.SystemRandom().randrange(1, 2**31),
        "sides": [
            {"id": "party", "name": "The Party", "controller": "players"},
            {"id": "foes", "name": "The Opposition", "controller": "gm"},
        ],
        "zones": [
            {"id": "near", "name": "Near Side", "adjacent": ["middle"]},
            {"id": "middle", "name": "Middle Ground", "adjacent": ["far"], "traits": ["cover"]},
            {"id": "far", "name": "Far Side"},
        ],
        "units": [
            {"id": "hero", "name": "Hero", "side": "party", "zone": "near"},
            {"id": "foe", "name": "Foe", "side": "foes", "zone": "far"},
        ],
    }
    for name in systems:
        system = get_system(name)
        for unit in data["units"]:
            table = system.starter_unit(unit["id"])
            if table is not None:
                unit[name] = table
        board = system.starter_board()
        if board is not None:
            data[name] = board
        data.update(system.starter_extra())
    return data


def starter_text(title: str, systems: list[str]) -> str:
    header = (
        "# A gm-console encounter (format version 1). See docs/encounter-format.md.\n"
        "# Check it with: gm-console validate FILE   Open it with: gm-console FILE\n\n"
    )
    return header + tomli_w.dumps(starter_data(title, systems))
