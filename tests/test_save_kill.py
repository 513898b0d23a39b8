"""kill -9 at random moments of a save loop: the encounter file always
exists, whole, as one of the two versions being saved.

Also a script for longer runs, printing the figures:

    python tests/test_save_kill.py --kills 1000 [--seed 7]
"""

from __future__ import annotations

import argparse
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ATOMIC = ROOT / "gm_console" / "files" / "atomic.py"
KILLS = 200

# Two versions of an encounter-sized file; each is recognisable whole.
VERSION_A = ("# version A\n" + "log = [\n" + "".join(f'  "set kai hp {i}",\n' for i in range(400)) + "]\n").encode()
VERSION_B = ("# version B\n" + "log = [\n" + "".join(f'  "roll 2d20 [{i % 20 + 1},3]",\n' for i in range(500)) + "]\n").encode()

# The child loads atomic.py alone (not the package) so it starts fast and
# spends its life saving: A, B, A, B, ... with the .bak kept each time.
CHILD = r"""
import importlib.util, sys
spec = importlib.util.spec_from_file_location("atomic", sys.argv[1])
atomic = importlib.util.module_from_spec(spec); spec.loader.exec_module(atomic)
a = open(sys.argv[3], "rb").read(); b = open(sys.argv[4], "rb").read()
print("ready", flush=True)
i = 0
while True:
    atomic.atomic_write(sys.argv[2], a if i % 2 else b)
    i += 1
"""


def run_kills(folder: Path, kills: int, seed: int) -> dict[str, int]:
    """Kill a saving child ``kills`` times; count what was found after each kill."""
    rng = random.Random(seed)
    target = folder / "fight.toml"
    (folder / "a.bin").write_bytes(VERSION_A)
    (folder / "b.bin").write_bytes(VERSION_B)
    target.write_bytes(VERSION_A)
    figures = {"kills": 0, "missing": 0, "torn": 0, "bak_torn": 0, "temps_left_after_next_save": 0}
    for _ in range(kills):
        proc = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(ATOMIC), str(target), str(folder / "a.bin"), str(folder / "b.bin")],
            stdout=subprocess.PIPE, text=True,
        )
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.0, 0.03))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        proc.stdout.close()
        figures["kills"] += 1
        if not target.exists():
            figures["missing"] += 1
            continue
        if target.read_bytes() not in (VERSION_A, VERSION_B):
            figures["torn"] += 1
        bak = target.with_name(target.name + ".bak")
        if bak.exists() and bak.read_bytes() not in (VERSION_A, VERSION_B):
            figures["bak_torn"] += 1
    # the next save cleans up what the killed ones left
    spec_globals: dict = {}
    exec(compile(ATOMIC.read_text(), str(ATOMIC), "exec"), spec_globals)
    spec_globals["atomic_write"](target, VERSION_B)
    figures["temps_left_after_next_save"] = sum(1 for p in folder.iterdir() if p.name.endswith(".tmp"))
    return figures


@pytest.mark.slow
def test_sigkill_during_saves_never_leaves_the_file_missing_or_torn(tmp_path):
    figures = run_kills(tmp_path, KILLS, seed=2026)
    assert figures == {"kills": KILLS, "missing": 0, "torn": 0, "bak_torn": 0, "temps_left_after_next_save": 0}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        started = time.perf_counter()
        figures = run_kills(Path(folder), args.kills, args.seed)
    print(" ".join(f"{k}={v}" for k, v in figures.items()), f"({time.perf_counter() - started:.1f} s)")
    bad = sum(v for k, v in figures.items() if k != "kills")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
