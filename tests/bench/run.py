"""gm-console benchmarks: each figure beside a baseline measured in the same run.

    python tests/bench/run.py            full run (a few minutes)
    python tests/bench/run.py --quick    fewer repeats
    python tests/bench/run.py --json     one JSON object (ratios and raw medians)

Figures are medians of repeated runs; ratios are ours / baseline, so they
hold on a noisy machine. This script never fails on timing: it prints.
"""

from __future__ import annotations

import gc
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import tomli_w  # noqa: E402

from tests.bench.generate import encounter_text, setup_data  # noqa: E402
from tests.bench.terminal import Terminal  # noqa: E402

BUDGET = {
    "startup_ratio": 1.3,
    "action_ratio": 1.5,
    "replay_ratio": 1.5,
    "save_ratio": 1.5,
    "memory_ratio": 2.0,
    "help_ratio": 1.2,
    "projection_scaling": 3.0,
    "players_ratio": 1.0,
    "viewers_ratio": 1.1,
}
BASELINE = [sys.executable, str(ROOT / "tests" / "bench" / "baselines.py")]
MARKER = "acting:"  # drawn by the console's status line in its first frame


def console() -> list[str]:
    script = Path(sys.executable).parent / "gm-console"
    return [str(script)] if script.exists() else [sys.executable, "-m", "gm_console"]


def isolated_env(tmp: Path) -> dict[str, str]:
    """Fresh user folders: no recovery journal left by an earlier (killed) run."""
    fresh = Path(tempfile.mkdtemp(dir=tmp))
    return {"GM_CONSOLE_DATA_DIR": str(fresh / "data"), "GM_CONSOLE_CONFIG_DIR": str(fresh / "config")}


def median_of(fn, repeats: int) -> float:
    return statistics.median(fn() for _ in range(repeats))


def first_frame(argv: list[str], marker: str, env: dict[str, str]) -> float:
    term = Terminal(argv, env=env)
    try:
        return term.wait_for(marker) - term.started
    finally:
        term.close()


def bench_startup(tmp: Path, repeats: int) -> dict:
    ours, base = [], []
    for _ in range(repeats):  # interleaved, so both see the same machine
        base.append(first_frame(BASELINE + ["textual"], "bare-app-ready", isolated_env(tmp)))
        ours.append(first_frame(console(), MARKER, isolated_env(tmp)))
    return {"ours_s": statistics.median(ours), "baseline_s": statistics.median(base)}


def key_to_frame(argv: list[str], env: dict[str, str], ready: str, keys, shown, repeats: int) -> float:
    """Median time from the key press ``keys(i)[1]`` to the frame showing
    ``shown(i)``; ``keys(i)[0]`` is typed first, and waited for, untimed."""
    times: list[float] = []
    term = Terminal(argv, env=env)
    try:
        term.wait_for(ready)
        for i in range(repeats):
            typed, key = keys(i)
            if typed:
                mark = term.send(typed)
                term.wait_for(typed[-12:], since=mark)
            term.drain(0.05)
            mark = term.send(key)
            sent = time.perf_counter()
            times.append(term.wait_for(shown(i), since=mark) - sent)
    finally:
        term.close()
    return statistics.median(times)


LOG_FULL = 40  # actions already in the log: it scrolls on every new one, as in play


def bench_action(tmp: Path, repeats: int) -> dict:
    env = isolated_env(tmp)
    path = tmp / "fifty.toml"
    path.write_text(encounter_text(50, LOG_FULL))
    return {
        "ours_s": key_to_frame(
            console() + [str(path)], env, MARKER,
            lambda i: (f"hit u{(2 * i) % 50} u{(2 * i + 1) % 50} free [{1 + i % 20}]", "\r"),
            lambda i: f"{LOG_FULL + i + 1} actions",  # the log pane's title
            repeats,
        ),
        "baseline_s": key_to_frame(
            BASELINE + ["textual"], env, "bare-app-ready", lambda i: ("", "x"), lambda i: f"bare-app-key-{i + 1}", repeats
        ),
        # the same screen built from stock widgets (Static pane, OptionList log), no rules behind it
        "stock_widgets_s": key_to_frame(
            BASELINE + ["layout"], env, "stock acting:", lambda i: (f"hit u{i} x", "\r"), lambda i: f"{i + 1} actions", repeats
        ),
    }


def bench_replay_and_save(tmp: Path, repeats: int, text: str) -> dict:
    from gm_console.files.encounter_io import loads_encounter, save_encounter

    replay = median_of(lambda: _timed(lambda: loads_encounter(text)), repeats)
    parse = median_of(lambda: _timed(lambda: tomllib.loads(text)), repeats)
    game = loads_encounter(text)
    data = tomllib.loads(text)
    target = tmp / "saved.toml"
    save = median_of(lambda: _timed(lambda: save_encounter(game, target)), repeats)
    dumps = median_of(lambda: _timed(lambda: tomli_w.dumps(data)), repeats)
    return {
        "replay": {"ours_s": replay, "baseline_s": parse, "actions": len(game.log), "bytes": len(text)},
        "save": {"ours_s": save, "baseline_s": dumps},
    }


def _timed(fn) -> float:
    gc.collect()  # each in-process run starts from the same heap (ours and the baselines alike)
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def peak_rss(argv: list[str], marker: str, env: dict[str, str]) -> int:
    term = Terminal(argv, env=env)
    try:
        term.wait_for(marker, timeout=60)
        term.drain(0.5)
        return term.peak_rss_kib()
    finally:
        term.close()


def bench_memory(tmp: Path, repeats: int, text: str) -> dict:
    path = tmp / "long.toml"
    path.write_text(text)
    # fresh user folders for each launch: a killed run leaves a recovery journal, and
    # the next would open with the recovery question (and a second replay in memory)
    ours = median_of(lambda: peak_rss(console() + [str(path)], MARKER, isolated_env(tmp)), max(1, repeats // 2))
    base = median_of(lambda: peak_rss(BASELINE + ["textual"], "bare-app-ready", isolated_env(tmp)), max(1, repeats // 2))
    return {"ours_kib": ours, "baseline_kib": base}


def run_process(argv: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def bench_help(repeats: int) -> dict:
    ours, base = [], []
    for _ in range(repeats):
        base.append(run_process(BASELINE + ["typer", "--help"]))
        ours.append(run_process(console() + ["--help"]))
    return {"ours_s": statistics.median(ours), "baseline_s": statistics.median(base)}


def bench_projection(repeats: int) -> dict:
    from gm_console.core.systems.ctb.projection import project
    from gm_console.files.encounter_io import game_from_data

    out = {}
    for units in (50, 500):
        game = game_from_data(setup_data(units), "<bench>")
        game.push_line("next")
        inner = 50

        def many(game=game) -> float:
            start = time.perf_counter()
            for _ in range(inner):
                project(game.state, game.rules, 20)
            return (time.perf_counter() - start) / inner

        out[units] = median_of(many, repeats)
    return {"ours_s": out[500], "baseline_s": out[50]}


def main(argv: list[str]) -> int:
    import compileall

    # Bytecode as an installed package has it (pip compiles on install); a checkout
    # run with PYTHONDONTWRITEBYTECODE=1 would otherwise compile every module at each start.
    compileall.compile_dir(str(ROOT / "gm_console"), quiet=1)
    quick = "--quick" in argv
    as_json = "--json" in argv
    repeats = 3 if quick else 9
    results: dict[str, dict] = {}
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        text = encounter_text(50, 10_000)
        results["startup_ratio"] = bench_startup(tmp, repeats)
        results["action_ratio"] = bench_action(tmp, 10 if quick else 30)
        both = bench_replay_and_save(tmp, repeats, text)
        results["replay_ratio"], results["save_ratio"] = both["replay"], both["save"]
        results["memory_ratio"] = bench_memory(tmp, repeats, text)
        results["help_ratio"] = bench_help(repeats)
        results["projection_scaling"] = bench_projection(repeats)
        from tests.bench.players import bench_enter_to_browser, bench_viewers
        from tests.players.browser import chromium_path

        if chromium_path() is not None:  # Enter to the browser's update, against the GM's own frame
            results["players_ratio"] = bench_enter_to_browser(console(), tmp, isolated_env(tmp), 10 if quick else 30)
        results["viewers_ratio"] = bench_viewers(console(), tmp, isolated_env(tmp), 8 if quick else 32)
    report = {}
    for key, raw in results.items():
        ours = raw.get("ours_s", raw.get("ours_kib"))
        base = raw.get("baseline_s", raw.get("baseline_kib"))
        report[key] = round(ours / base, 3)
    report["raw"] = results
    report["budget"] = BUDGET
    report["machine"] = {"cpus": os.cpu_count(), "python": sys.version.split()[0], "quick": quick}
    if as_json:
        print(json.dumps(report, indent=2))
    else:
        print(f"{'figure':<20} {'ours':>12} {'baseline':>12} {'ratio':>7} {'budget':>7}")
        for key in BUDGET:
            if key not in results:
                print(f"{key:<20} (not measured: no Chromium at /usr/bin/chromium)")
                continue
            raw = results[key]
            unit = "KiB" if "ours_kib" in raw else "ms"
            ours = raw.get("ours_s", raw.get("ours_kib"))
            base = raw.get("baseline_s", raw.get("baseline_kib"))
            if unit == "ms":
                ours, base = ours * 1000, base * 1000
            mark = "ok" if report[key] <= BUDGET[key] else "OVER"
            print(f"{key:<20} {ours:>9.2f} {unit:<3}{base:>9.2f} {unit:<3}{report[key]:>6.2f} {BUDGET[key]:>6.1f}  {mark}")
        stock = results["action_ratio"]["stock_widgets_s"]
        print(
            f"\nthe same screen built from stock widgets (Static pane, OptionList log), with no rules "
            f"behind it, takes {stock * 1000:.2f} ms per action ({stock / results['action_ratio']['baseline_s']:.1f}x "
            f"the one-line app); the console takes {results['action_ratio']['ours_s'] / stock:.2f}x that"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
