"""The benchmark script runs on this machine and reports every figure of
issue 16's table. It checks that the script works, never how fast anything
is: timings belong to the script's output, not to the test suite."""

from __future__ import annotations

import json
import math
import statistics
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # each runs the benchmark script

ROOT = Path(__file__).resolve().parents[1]
FIGURES = {
    "action_ratio", "startup_ratio", "replay_ratio", "reopen_ratio", "palette_ratio", "undo_ratio",
    "save_ratio", "memory_ratio", "help_ratio", "projection_scaling", "players_ratio", "viewers_ratio",
}
BUDGETS = {
    "action_ratio": 1.0, "startup_ratio": 1.3, "replay_ratio": 4.0, "reopen_ratio": 1.5, "palette_ratio": 1.2,
    "undo_ratio": 1.0, "save_ratio": 1.5, "memory_ratio": 1.5, "help_ratio": 1.2, "projection_scaling": 3.0,
    "players_ratio": 1.0, "viewers_ratio": 1.1,
}


def test_the_quick_benchmark_reports_every_figure_with_its_baseline():
    done = subprocess.run(
        [sys.executable, str(ROOT / "tests" / "bench" / "run.py"), "--quick", "--json"],
        capture_output=True, text=True, timeout=600, check=True,
    )
    report = json.loads(done.stdout)
    from tests.players.browser import chromium_path

    measured = FIGURES if chromium_path() is not None else FIGURES - {"players_ratio"}  # Enter to a browser needs Chromium
    assert measured <= report.keys() and report["budget"] == BUDGETS
    raw = report["raw"]
    for name in measured:
        figure = raw[name]
        ours = figure.get("ours_s", figure.get("ours_kib"))
        base = figure.get("baseline_s", figure.get("baseline_kib"))
        assert ours > 0 and base > 0, name
        assert math.isclose(report[name], ours / base, rel_tol=0.01, abs_tol=0.001), name
        # every figure: its medians are those of its samples, and the spread is their min-max
        samples = figure["samples"]
        assert len(samples["ours"]) >= 2 and len(samples["baseline"]) >= 2, name
        for side, median in (("ours", ours), ("baseline", base)):
            assert math.isclose(statistics.median(samples[side]), median, rel_tol=1e-9), (name, side)
            assert figure["spread"][side] == [min(samples[side]), max(samples[side])], (name, side)
    # the denominators the issue names
    assert raw["undo_ratio"]["samples"]["baseline"] == raw["action_ratio"]["samples"]["ours"]  # the console's own action frames
    assert raw["undo_ratio"]["baseline_s"] == raw["action_ratio"]["ours_s"]
    assert raw["action_ratio"]["bare_app_s"] > 0  # the one-line app, extra information
    turns = raw["undo_ratio"]["next_samples"]  # the undo's like for like, extra information
    assert len(turns) == len(raw["undo_ratio"]["samples"]["ours"]) and raw["undo_ratio"]["next_s"] == statistics.median(turns)
    start = raw["startup_ratio"]  # the stock screen's start, extra information
    assert start["stock_layout_s"] == statistics.median(start["samples_stock_layout"]) > 0
    assert len(start["samples_stock_layout"]) == len(start["samples"]["ours"]) == len(start["samples_core"])
    assert start["core_s"] == statistics.median(start["samples_core"]) > 0
    assert start["layout_core_s"] == statistics.median(start["samples_layout_core"]) > 0
    assert len(start["samples_layout_core"]) == len(start["samples"]["ours"])
    assert math.isclose(start["ours_vs_layout_core"], start["ours_s"] / start["layout_core_s"], rel_tol=0.01)
    assert raw["replay_ratio"]["actions"] == raw["reopen_ratio"]["actions"] == 10_000
    assert raw["palette_ratio"]["hits_listed"] > 0 and raw["palette_ratio"]["markers_seen"]
    assert raw["save_ratio"]["saves_per_sample"] == 20
    assert raw["projection_scaling"]["projections_per_sample"] == 500


def test_the_text_report_prints_each_figure_with_its_spread():
    """A fast subset (--only) in the text format: a median and a min-max for ours and the baseline."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "tests" / "bench" / "run.py"), "--quick", "--only", "projection_scaling,save_ratio"],
        capture_output=True, text=True, timeout=300, check=True,
    )
    rows = {line.split()[0]: line for line in done.stdout.splitlines() if line.split() and line.split()[0] in FIGURES}
    assert rows.keys() == {"projection_scaling", "save_ratio"}
    for line in rows.values():
        assert line.count("(") == 2 and line.count("-") >= 2, line  # ours (min-max), baseline (min-max)
