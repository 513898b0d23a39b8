"""The state as JSON (``replay --json``; documented in docs/json.md) and as
a Rich table for people. Pure data except ``print_state``, which takes a
Rich console passed in by the caller."""

from __future__ import annotations

from typing import Any

from gm_console.core.game import Game

JSON_VERSION = 1


def state_json(game: Game, index: int | None = None) -> dict[str, Any]:
    """The documented, stable JSON of the state after ``index`` actions."""
    n = len(game.log) if index is None else index
    state = game.state if n == len(game.log) else game.state_at(n)
    body = state.to_json()
    return {
        "json_version": JSON_VERSION,
        "title": game.setup.title,
        "systems": list(game.systems),
        "log_length": len(game.log),
        "index": n,
        "last_action": game.lines()[n - 1] if n else None,
        "clock": body["clock"],
        "pools": body["pools"],
        "sides": body["sides"],
        "zones": body["zones"],
        "units": body["units"],
        "boards": {name: system.board_json(state, game.rules) for name, system in game.systems.items() if name in state.boards},
        "house_rules": game.rules.to_json(),
        "house_rules_departing": game.rules.departing(),
    }


def print_state(game: Game, index: int, console: Any) -> None:
    """The state for people. Every piece of data goes in as Text (never
    markup, control characters replaced), whatever console the caller gives."""
    from rich.table import Table
    from rich.text import Text

    from gm_console.ui.text import literal

    data = state_json(game, index)
    clock = data["clock"]
    active = clock["active"]
    who = next((u["name"] for u in data["units"] if u["id"] == active), active) if active else "nobody yet"
    head = Text.assemble(
        literal(data["title"], "bold"),
        f" after {data['index']} of {data['log_length']} actions · round {clock['round']}, turn {clock['turn']}, tick {clock['tick']}",
        f", phase {clock['phase']}" if clock["phase"] else "",
        " · acting: ",
        literal(who),
    )
    console.print(head)
    if data["pools"]:
        console.print(literal("pools: " + ", ".join(f"{k} {v}" for k, v in data["pools"].items())))
    table = Table("id", "name", "side", "zone", "stats", "conditions", title="units", title_justify="left")
    for u in data["units"]:
        stats = " ".join(f"{k}={v}" for k, v in u["stats"].items())
        conds = ", ".join(c["name"] + (f" ({c['remaining']} {c['per']})" if c["remaining"] else "") for c in u["conditions"])
        table.add_row(*(literal(cell) for cell in (u["id"], u["name"], u["side"], u["zone"] or "-", stats, conds or "-")))
    console.print(table)
    for name, board in data["boards"].items():
        console.print(Text.assemble(literal(name, "bold"), " board: ", literal(str(board))), highlight=False, soft_wrap=True)
