"""Measurements that run.py makes in a fresh process of their own (one JSON
object on stdout), so that nothing one of them loaded stays for the next:

  worker.py open PATH WARMUP      the console's own opening of PATH
                                  (gm_console.files.encounter_io.load_encounter),
                                  timed in milliseconds; WARMUP, a small encounter
                                  of the same systems, is opened first, untimed, so
                                  the figure is the file's open and not the first
                                  import of the rules' modules; the cyclic collector
                                  held during the open, as the launcher holds it
                                  while the console opens its file (launch.py)
  worker.py palette-hits PATH     the console on PATH, headless at 120x40: ctrl+p,
                                  and what its palette lists (how many hits at the
                                  first refresh of the list and at the end, every
                                  hit's label, the labels of Textual's own system
                                  commands)
"""

from __future__ import annotations

import gc
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


def measure_open(path: Path, warmup: Path) -> dict:
    from gm_console.files.encounter_io import load_encounter

    load_encounter(warmup)
    gc.collect()
    gc.disable()
    start = time.perf_counter()
    game = load_encounter(path)
    took = time.perf_counter() - start
    gc.enable()
    return {"ms": took * 1000, "actions": len(game.log)}


def palette_hits(path: Path) -> dict:
    import asyncio

    from textual.command import CommandList, CommandPalette

    from gm_console.files.encounter_io import load_encounter
    from gm_console.ui.app import GMConsoleApp

    refreshes: list[int] = []
    original = getattr(CommandPalette, "_refresh_command_list", None)
    if original is not None:  # Textual's own batching of the list: the first call is the first paint's list

        def counting(self, command_list, commands, clear_current):
            original(self, command_list, commands, clear_current)
            refreshes.append(command_list.option_count)

        CommandPalette._refresh_command_list = counting

    async def run() -> dict:
        app = GMConsoleApp(load_encounter(path), path=path)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+p")
            for _ in range(200):
                await pilot.pause(0.05)
                if isinstance(app.screen, CommandPalette) and app.screen.has_class("-ready"):
                    break
            palette = app.screen
            assert isinstance(palette, CommandPalette), "ctrl+p did not open the command palette"
            listed = palette.query_one(CommandList)
            labels = [listed.get_option_at_index(i).prompt.plain.split("\n", 1)[0] for i in range(listed.option_count)]
            system = [command.title for command in app.get_system_commands(app.screen_stack[0])]
            return {"first_paint": refreshes[0] if refreshes else len(labels), "listed": len(labels), "labels": labels, "system": system}

    return asyncio.run(run())


def main(argv: list[str]) -> int:
    mode = argv[0]
    if mode == "open":
        result = measure_open(Path(argv[1]), Path(argv[2]))
    elif mode == "palette-hits":
        result = palette_hits(Path(argv[1]))
    else:
        raise SystemExit(f"unknown mode {mode!r}")
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
