"""In-process figures of the core and files side of the benchmark (issue 26; no
terminal, no UI), sampled in turn. Not a test (pytest does not collect it):

    python tests/perf_core.py [SAMPLES]

On the benchmark's encounters (tests/bench/generate.py: 12 CTB units; the
1,000- and 300-action logs are the first actions of the 10,000-action one):

- the open (load_encounter) of 1,000 and of 10,000 actions, and their ratio
  (run.py's open_scaling measures it in fresh processes);
- at the end of the 10,000 actions: a `next` pushed, then undone (the engine's
  part of run.py's undo_ratio, whose frames add the console's drawing);
- an atomic save of the 10,000 actions;
- what an open game holds (tracemalloc: the Python objects, not the RSS that
  run.py's memory_scaling reads), 10,000 actions against 300.
"""

from __future__ import annotations

import gc
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def timed(fn) -> float:
    """Milliseconds, with the collector held as the launcher holds it while a file opens."""
    gc.collect()
    gc.disable()
    start = time.perf_counter()
    fn()
    took = time.perf_counter() - start
    gc.enable()
    return took * 1000


def held(path: Path) -> int:
    from gm_console.files.encounter_io import load_encounter

    gc.collect()
    tracemalloc.start()
    game = load_encounter(path)
    gc.collect()
    size, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del game
    return size


def main(argv: list[str]) -> None:
    samples = int(argv[0]) if argv else 15
    from gm_console.files.encounter_io import load_encounter, save_encounter
    from tests.bench.generate import encounter_texts

    tmp = Path(tempfile.mkdtemp())
    paths = {}
    for n, text in encounter_texts(12, [20, 300, 1_000, 10_000]).items():
        paths[n] = tmp / f"{n}.toml"
        paths[n].write_text(text, encoding="utf-8")
    load_encounter(paths[20])  # the imports, first uses
    short, long, push, undo, save = [], [], [], [], []
    game = load_encounter(paths[10_000])
    for _ in range(samples):
        short.append(timed(lambda: load_encounter(paths[1_000])))
        long.append(timed(lambda: load_encounter(paths[10_000])))
        push.append(timed(lambda: game.push_line("next")))
        undo.append(timed(game.undo))
        save.append(timed(lambda: save_encounter(game, tmp / "saved.toml")))
    held_long, held_fight = held(paths[10_000]), held(paths[300])
    med = statistics.median

    def line(label: str, values: list[float]) -> str:
        return f"  {label:<42} {med(values):8.2f} ms ({min(values):.2f}-{max(values):.2f})"

    print(f"{samples} samples each, medians (min-max)")
    print(line("open, 1,000 actions", short))
    print(line("open, 10,000 actions", long) + f"   / 1,000: {med(long) / med(short):.2f}")
    print(line("`next` pushed at the end of 10,000", push))
    print(line("undone (ctrl+z's engine part)", undo) + f"   / next: {med(undo) / med(push):.2f}")
    print(line("atomic save, 10,000 actions", save))
    print(f"  an open game holds {held_long / 2**20:.2f} MiB at 10,000 actions, {held_fight / 2**20:.2f} MiB at 300"
          f" ({held_long / held_fight:.1f} times)")


if __name__ == "__main__":
    main(sys.argv[1:])
