"""The benchmark script runs on this machine and reports every figure the
README quotes. It checks that the script works, never how fast anything is:
timings belong to the script's output, not to the test suite."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FIGURES = {"startup_ratio", "action_ratio", "replay_ratio", "save_ratio", "memory_ratio", "help_ratio", "projection_scaling",
           "players_ratio", "viewers_ratio"}


def test_the_quick_benchmark_reports_every_figure_with_its_baseline():
    done = subprocess.run(
        [sys.executable, str(ROOT / "tests" / "bench" / "run.py"), "--quick", "--json"],
        capture_output=True, text=True, timeout=600, check=True,
    )
    report = json.loads(done.stdout)
    from tests.players.browser import chromium_path

    measured = FIGURES if chromium_path() is not None else FIGURES - {"players_ratio"}  # Enter to a browser needs Chromium
    assert measured <= report.keys() and report["budget"].keys() == FIGURES
    for name in measured:
        raw = report["raw"][name]
        ours = raw.get("ours_s", raw.get("ours_kib"))
        base = raw.get("baseline_s", raw.get("baseline_kib"))
        assert ours > 0 and base > 0, name
        assert math.isclose(report[name], ours / base, rel_tol=0.01, abs_tol=0.001), name
    assert report["raw"]["replay_ratio"]["actions"] == 10_000
    assert report["raw"]["action_ratio"]["stock_widgets_s"] > 0
