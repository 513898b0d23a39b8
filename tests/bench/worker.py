"""Measurements that run.py makes in a fresh process of their own (one JSON
object on stdout), so that nothing one of them loaded or cached stays for
the next:

  worker.py open PATH WARMUP ORDER   time tomllib.loads of PATH's text and the
                                     console's own opening of PATH (ORDER
                                     'base-first' or 'ours-first'); WARMUP, a
                                     small encounter of the same systems, is
                                     opened first, untimed and with the cache off,
                                     so the figure is the file's open and not the
                                     first import of the rules' modules
  worker.py save PATH SAMPLES N      SAMPLES times: N atomic saves of PATH's
                                     encounter, then N tomli_w.dumps of its data
                                     (each N timed together), interleaved
  worker.py palette-hits PATH        the console on PATH, headless at 120x40:
                                     ctrl+p, and what its palette lists (how many
                                     hits at the first refresh of the list and at
                                     the end, every hit's label, the labels of
                                     Textual's own system commands)

The cache folder is the caller's: run.py gives each cold sample a fresh
GM_CONSOLE_CACHE_DIR (and XDG_CACHE_HOME), and the reopen sample the one its
cold sample filled.
"""

from __future__ import annotations

import gc
import json
import os
import sys
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


def opener():
    """The public function the console opens a file with: ``load_encounter``
    (which reads and writes the reopen cache, files/cache.py), or an
    ``open_encounter`` should one take its place."""
    import gm_console.files as files
    from gm_console.files import encounter_io

    for name in ("open_encounter",):
        fn = getattr(files, name, None) or getattr(encounter_io, name, None)
        if callable(fn):
            return name, fn
    return "load_encounter", files.load_encounter


def flush_cache() -> None:
    """Wait for a cache entry still being written (files/cache.py writes it on a
    thread of its own after the open returns), so it does not run during the next timing."""
    try:
        from gm_console.files import cache
    except ImportError:
        return
    flush = getattr(cache, "flush", None)
    if callable(flush):
        flush()


def timed(fn) -> float:
    gc.collect()
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def measure_open(path: Path, warmup: Path, order: str) -> dict:
    via, open_file = opener()
    # The warm-up with the cache off (GM_CONSOLE_CACHE_DIR empty): it imports what an
    # open imports, and leaves the timed open every per-process cost of the cache
    # (the code fingerprint) and the caller's cache folder as given.
    cache = os.environ.get("GM_CONSOLE_CACHE_DIR")
    os.environ["GM_CONSOLE_CACHE_DIR"] = ""
    open_file(warmup)
    flush_cache()
    if cache is None:
        del os.environ["GM_CONSOLE_CACHE_DIR"]
    else:
        os.environ["GM_CONSOLE_CACHE_DIR"] = cache
    text = path.read_text(encoding="utf-8")
    out: dict = {"via": via}
    steps = [("baseline_s", lambda: tomllib.loads(text)), ("ours_s", lambda: out.__setitem__("game", open_file(path)))]
    for key, fn in steps if order == "base-first" else steps[::-1]:
        out[key] = timed(fn)
        flush_cache()
    out["actions"] = len(out.pop("game").log)
    return out


def measure_save(path: Path, samples: int, n: int) -> dict:
    import tomli_w

    from gm_console.files.encounter_io import save_encounter

    _, open_file = opener()
    game = open_file(path)
    flush_cache()
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    target = path.with_name("saved.toml")
    ours, base = [], []
    for _ in range(samples):
        ours.append(timed(lambda: [save_encounter(game, target) for _ in range(n)]))
        base.append(timed(lambda: [tomli_w.dumps(data) for _ in range(n)]))
    return {"ours": ours, "baseline": base, "bytes": target.stat().st_size}


def palette_hits(path: Path) -> dict:
    import asyncio

    from textual.command import CommandList, CommandPalette

    from gm_console.files import load_encounter
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
        result = measure_open(Path(argv[1]), Path(argv[2]), argv[3])
    elif mode == "save":
        result = measure_save(Path(argv[1]), int(argv[2]), int(argv[3]))
    elif mode == "palette-hits":
        result = palette_hits(Path(argv[1]))
    else:
        raise SystemExit(f"unknown mode {mode!r}")
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
