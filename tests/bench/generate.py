"""Generated encounters for the benchmarks: N CTB units in two sides, and a
log of legal actions (turns, hits, heals) played through the engine."""

from __future__ import annotations

import random

from gm_console.files.encounter_io import dumps_encounter, game_from_data


def setup_data(units: int, seed: int = 7) -> dict:
    rng = random.Random(seed)
    data: dict = {
        "format": 1,
        "title": f"Benchmark: {units} units",
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
                    "mr": rng.randint(0, 6),
                    "prof": rng.randint(0, 3),
                    "weapons": [{"id": "w", "dam": rng.randint(1, 6), "brk": 3}],
                },
            }
        )
    return data


def encounter_texts(units: int, counts: list[int], seed: int = 7) -> dict[int, str]:
    """The saved encounter after each of ``counts`` actions of one fight: the
    shorter logs are the first actions of the longer ones (the same encounter)."""
    rng = random.Random(seed)
    game = game_from_data(setup_data(units, seed), "<bench>")
    texts = {0: dumps_encounter(game)} if 0 in counts else {}
    ends_turn = False  # each acting unit acts once, then `next`
    while len(game.log) < max(counts):
        active = game.state.clock.active
        if ends_turn or active is None:
            game.push_line("next")
            ends_turn = False
        else:
            me = game.state.units[active]
            target = rng.choice([u.id for u in game.state.units.values() if u.side != me.side])
            if rng.random() < 0.15:
                game.push_line(f"set {target} hp 9999")
            elif rng.random() < 0.25 and game.state.units[target].stats.get("ar", 0) > 0:
                game.push_line(f"brk {active} {target} [{rng.randint(1, 20)}]")
            else:
                game.push_line(f"hit {active} {target} [{rng.randint(1, 20)}]")
            ends_turn = True
        if len(game.log) in counts:
            texts[len(game.log)] = dumps_encounter(game)
    return texts


def encounter_text(units: int, actions: int, seed: int = 7) -> str:
    """A saved encounter of ``units`` units whose log holds ``actions`` actions."""
    return encounter_texts(units, [actions], seed)[actions]


def action_line(i: int, units: int) -> str:
    """The ``i``-th action a benchmark types: a free hit (the acting unit's turn
    stays), between a blue unit and a red one, its die given."""
    return f"hit u{(2 * i) % units} u{(2 * i + 1) % units} free [{1 + i % 20}]"
