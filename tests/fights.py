"""Long generated CTB fights for the speed and growth tests: N units in two
sides and a log of legal turns, hits, breaks and heals played through the
engine (as tests/bench/generate.py makes the benchmark's, kept apart so these
tests do not move with the benchmark)."""

from __future__ import annotations

import random

from gm_console.core.game import Game
from gm_console.files.encounter_io import dumps_encounter, game_from_data


def fight_data(units: int, seed: int = 7) -> dict:
    rng = random.Random(seed)
    data: dict = {
        "format": 1,
        "title": f"{units} units",
        "systems": ["ctb"],
        "seed": seed,
        "sides": [{"id": "blue", "name": "Blue", "controller": "players"}, {"id": "red", "name": "Red"}],
        "units": [],
    }
    for i in range(units):
        data["units"].append(
            {
                "id": f"u{i}",
                "name": f"Unit {i}",
                "side": "blue" if i % 2 == 0 else "red",
                "ctb": {
                    "ap_total": rng.randint(6, 18),
                    "ap": rng.randint(0, 99),
                    "hp": 9999,
                    "ar": rng.randint(0, 20),
                    "atk": rng.randint(8, 20),
                    "pr": rng.randint(0, 6),
                    "weapons": [{"id": "w", "dam": rng.randint(1, 6), "brk": 3}],
                },
            }
        )
    return data


def fight(units: int, actions: int, seed: int = 7) -> Game:
    """A game of ``units`` units whose log holds ``actions`` actions, played live."""
    rng = random.Random(seed)
    game = game_from_data(fight_data(units, seed), "<fight>")
    ids = list(game.state.units)
    while len(game.log) < actions:
        active = game.state.clock.active
        if active is None:
            game.push_line("next")
            continue
        me = game.state.units[active]
        target = rng.choice([u for u in ids if game.state.units[u].side != me.side])
        roll = rng.random()
        if roll < 0.15:
            game.push_line(f"set {target} hp 9999")
        elif roll < 0.35 and game.state.units[target].stats.get("ar", 0) > 0:
            game.push_line(f"brk {active} {target} [{rng.randint(1, 20)}]")
        else:
            game.push_line(f"hit {active} {target} [{rng.randint(1, 20)}]")
        if len(game.log) < actions:
            game.push_line("next")
    return game


def fight_text(units: int, actions: int, seed: int = 7) -> str:
    return dumps_encounter(fight(units, actions, seed))
