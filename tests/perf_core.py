"""In-process figures of the core and files side of issue 16 (no terminal, no
UI): the cold open, the reopen from the cache, a save, and what the opened
game holds, each beside tomllib.loads / tomli_w.dumps of the same file,
sampled in turn. Not a test (pytest does not collect it):

    python tests/perf_core.py [SAMPLES] [ROOT]

ROOT: another checkout's folder holding gm_console/ (an older commit unpacked
with ``git archive COMMIT gm_console | tar -x -C DIR``) to measure it the same
way; figures it lacks (the cache) are left out. The encounter is the
benchmark's (50 units, 10,000 actions, tests/bench/generate.py), written once.
"""

from __future__ import annotations

import gc
import os
import statistics
import sys
import tempfile
import time
import tomllib
import tracemalloc
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]


def timed(fn) -> float:
    gc.collect()
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def main(argv: list[str]) -> None:
    samples = int(argv[0]) if argv else 15
    root = Path(argv[1]).resolve() if len(argv) > 1 else HERE
    tmp = Path(tempfile.mkdtemp())
    source = tmp / "long.toml"
    sys.path.insert(0, str(HERE))
    from tests.bench.generate import encounter_text

    source.write_text(encounter_text(50, 10_000))
    sys.path[0] = str(root)
    for name in [m for m in sys.modules if m == "gm_console" or m.startswith("gm_console.")]:
        del sys.modules[name]
    import tomli_w

    from gm_console.files import encounter_io

    text = source.read_text()
    os.environ["GM_CONSOLE_CACHE_DIR"] = ""
    encounter_io.load_encounter(source)  # imports, first uses
    try:
        from gm_console.files import cache
    except ImportError:
        cache = None
    cold, warm, save, toml, dumps = [], [], [], [], []
    for i in range(samples):
        os.environ["GM_CONSOLE_CACHE_DIR"] = str(tmp / f"cache{i}")
        toml.append(timed(lambda: tomllib.loads(text)))
        cold.append(timed(lambda: encounter_io.load_encounter(source)))
        if cache is not None:
            cache.flush()
            warm.append(timed(lambda: encounter_io.load_encounter(source)))
    game = encounter_io.loads_encounter(text)
    data = game.setup.to_dict(game.lines())
    target = tmp / "saved.toml"
    for _ in range(samples):
        save.append(timed(lambda: encounter_io.save_encounter(game, target)))
        dumps.append(timed(lambda: tomli_w.dumps(data)))
    del game
    gc.collect()
    tracemalloc.start()
    game = encounter_io.loads_encounter(text)
    game.lines()
    game.events[len(game.log) - 1]
    gc.collect()
    held, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    med = statistics.median
    print(f"{root} ({samples} samples each, medians; ratio = ours / baseline)")
    print(f"  cold open (load + validate + replay 10,000 actions): {med(cold) * 1e3:7.1f} ms / tomllib.loads {med(toml) * 1e3:.1f} ms = {med(cold) / med(toml):.2f}")
    if warm:
        print(f"  reopen from the cache:                               {med(warm) * 1e3:7.1f} ms / tomllib.loads = {med(warm) / med(toml):.2f}")
    print(f"  save (atomic):                                       {med(save) * 1e3:7.1f} ms / tomli_w.dumps {med(dumps) * 1e3:.1f} ms = {med(save) / med(dumps):.2f}")
    print(f"  the open game holds {held / 2**20:.2f} MiB (lines formatted, newest events read); open's peak {peak / 2**20:.2f} MiB")


if __name__ == "__main__":
    main(sys.argv[1:])
