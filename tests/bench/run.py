"""gm-console benchmarks (issue 16): each figure beside a baseline measured in the same run.

    python tests/bench/run.py            full run (about 3.5 minutes on 2 cores)
    python tests/bench/run.py --quick    fewer samples (about 2 minutes)
    python tests/bench/run.py --json     one JSON object: the ratios, and for each
                                         figure its medians, spreads and samples
    python tests/bench/run.py --only action_ratio,palette_ratio
                                         some figures only (a figure measured with
                                         another comes along: undo with action)

| figure | ours | baseline | budget |
|---|---|---|---|
| action_ratio | Enter on an applied action to the next frame, 50 units, full log, 120x40 | the same screen of stock Textual widgets (baselines.py layout) | 1.0 |
| startup_ratio | process start to first frame, the demo | a bare Textual app | 1.3 |
| replay_ratio | cold open (fresh process, fresh cache folder): load + validate + replay 10,000 actions | tomllib.loads of the file | 4.0 |
| reopen_ratio | the same file opened again in a fresh process, its cache folder warm | tomllib.loads of the file | 1.5 |
| palette_ratio | ctrl+p to the first painted hits, 50 units | a stock app whose palette lists as many plain hits | 1.2 |
| undo_ratio | ctrl+z at the end of a 10,000-action log to the next frame | action_ratio's console figure, same run | 1.0 |
| save_ratio | 20 atomic saves of the 10,000-action encounter | 20 tomli_w.dumps of its data | 1.5 |
| memory_ratio | peak RSS with that encounter open | a bare Textual app | 1.5 |
| help_ratio | gm-console --help | a bare typer app | 1.2 |
| projection_scaling | 500 projections of the next 20 turns, 500 units | the same, 50 units | 3.0 |
| players_ratio | Enter to the browser's update | the GM's own frame | 1.0 |
| viewers_ratio | key-to-frame with 50 SSE viewers | with none | 1.1 |

Every figure is the ratio of two medians, each printed with its spread (min-max
over the samples). Ours and the baseline are sampled in turn (both programs
running side by side, one key each in turn), so both see the same machine. This
script never fails on timing: it prints.

Every console and every cold open gets fresh user folders (GM_CONSOLE_DATA_DIR,
_CONFIG_DIR, _STATE_DIR, _CACHE_DIR and XDG_CACHE_HOME): no recovery journal
and no reopen cache left by an earlier run. Only reopen_ratio reuses a cache
folder, the one its cold sample has just filled.
"""

from __future__ import annotations

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

from tests.bench.baselines import PALETTE_HIT, PALETTE_READY  # noqa: E402
from tests.bench.generate import encounter_text, setup_data  # noqa: E402
from tests.bench.terminal import Terminal, plain_text  # noqa: E402

BUDGET = {
    "action_ratio": 1.0,
    "startup_ratio": 1.3,
    "replay_ratio": 4.0,
    "reopen_ratio": 1.5,
    "palette_ratio": 1.2,
    "undo_ratio": 1.0,
    "save_ratio": 1.5,
    "memory_ratio": 1.5,
    "help_ratio": 1.2,
    "projection_scaling": 3.0,
    "players_ratio": 1.0,
    "viewers_ratio": 1.1,
}
BASELINE = [sys.executable, str(ROOT / "tests" / "bench" / "baselines.py")]
WORKER = [sys.executable, str(ROOT / "tests" / "bench" / "worker.py")]
MARKER = "acting:"  # drawn by the console's status line in its first frame
UNITS = 50
LOG_FULL = 40  # actions already in the log: it scrolls on every new one, as in play
LONG = 10_000  # actions in the long encounter (replay, reopen, undo, save, memory)
SAVES = 20  # atomic saves (and dumps) timed together in one save sample
PROJECTIONS = 500  # projections timed together in one projection sample
TOAST = 3.4  # seconds an undo's "undid: ..." notice (3 s) covers the log's title, where the count is


def console() -> list[str]:
    script = Path(sys.executable).parent / "gm-console"
    return [str(script)] if script.exists() else [sys.executable, "-m", "gm_console"]


def isolated_env(tmp: Path) -> dict[str, str]:
    """Fresh user folders: no recovery journal left by an earlier (killed) run,
    and no reopen cache: every launch opens its file cold."""
    fresh = Path(tempfile.mkdtemp(dir=tmp))
    return {
        "GM_CONSOLE_DATA_DIR": str(fresh / "data"),
        "GM_CONSOLE_CONFIG_DIR": str(fresh / "config"),
        "GM_CONSOLE_STATE_DIR": str(fresh / "state"),
        "GM_CONSOLE_CACHE_DIR": str(fresh / "cache"),
        "XDG_CACHE_HOME": str(fresh / "xdg-cache"),
    }


# ---------------------------------------------------------------- figures

def figure(ours: list[float], base: list[float], unit: str = "s", **extra) -> dict:
    """Medians (the ratio's terms), spreads (min, max) and every sample."""
    key = "kib" if unit == "KiB" else "s"
    return {
        f"ours_{key}": statistics.median(ours),
        f"baseline_{key}": statistics.median(base),
        "unit": unit,
        "spread": {"ours": [min(ours), max(ours)], "baseline": [min(base), max(base)]},
        "samples": {"ours": list(ours), "baseline": list(base)},
        **extra,
    }


def medians(raw: dict) -> tuple[float, float]:
    return raw.get("ours_s", raw.get("ours_kib")), raw.get("baseline_s", raw.get("baseline_kib"))


# ---------------------------------------------------------------- key to frame

class Keyed:
    """A program in a pseudo-terminal, ready for timed keys."""

    def __init__(self, argv: list[str], env: dict[str, str], ready: str, timeout: float = 60) -> None:
        self.term = Terminal(argv, env=env)
        self.term.wait_for(ready, timeout=timeout)
        self.term.drain(0.5)

    def key(self, key: str, shown, typed: str = "", plain: bool = False, timeout: float = 30, settle: float = 0.05) -> float:
        """Type ``typed`` (untimed, waited for), let the output settle, then time
        ``key`` to the frame showing ``shown``."""
        term = self.term
        if typed:
            mark = term.send(typed)
            term.wait_for(typed[-12:], since=mark)
        term.drain(settle)
        mark = term.send(key)
        sent = time.perf_counter()
        return term.wait_for(shown, since=mark, plain=plain, timeout=timeout) - sent

    def close(self) -> None:
        self.term.close()


def bench_frames(tmp: Path, rounds: int, per_round: int, long_path: Path) -> dict:
    """action_ratio and undo_ratio, and the bare app as extra information:
    five programs side by side, their keys in turn. Each round: one ctrl+z on
    the 10,000-action log, then ``per_round`` actions on the console, on the
    stock screen and keys on the bare app, then a wait until the undo's
    notice has gone (it covers the log's title, where the next count shows).
    An undo's frame is the first to show the count one less or its notice.
    A fifth program, the same 50-unit console, takes a `next` each round: the
    undo's like-for-like figure (undo_vs_next, printed, not budgeted)."""
    path = tmp / "fifty.toml"
    path.write_text(encounter_text(UNITS, LOG_FULL))
    ours = Keyed(console() + [str(path)], isolated_env(tmp), MARKER)
    stock = Keyed(BASELINE + ["layout"], isolated_env(tmp), "stock acting:")
    bare = Keyed(BASELINE + ["textual"], isolated_env(tmp), "bare-app-ready")
    long = Keyed(console() + [str(long_path)], isolated_env(tmp), MARKER, timeout=120)
    turns = Keyed(console() + [str(path)], isolated_env(tmp), MARKER)  # `next`: the turn changes, as most undos' do
    log = tomllib.loads(long_path.read_text(encoding="utf-8"))["log"]
    action, stock_action, bare_key, undo, turn = [], [], [], [], []
    by_notice = 0
    try:
        for r in range(rounds):
            started = time.perf_counter()
            # ctrl+z: the log pane's title counts one action less; the "undid: ..." notice,
            # when it comes in the same frame, covers that title and says it instead
            undone = log[LONG - r - 1]
            undo.append(long.key("\x1a", [f"{LONG - r - 1} actions", f"undid: {undone}"], plain=True))
            by_notice += long.term.seen.startswith("undid:")
            for _ in range(per_round):
                i = len(action)
                action.append(ours.key("\r", f"{LOG_FULL + i + 1} actions", typed=f"hit u{(2 * i) % UNITS} u{(2 * i + 1) % UNITS} free [{1 + i % 20}]"))
                stock_action.append(stock.key("\r", f"{i + 1} actions", typed=f"hit u{i} x"))
                bare_key.append(bare.key("x", f"bare-app-key-{i + 1}"))
            turn.append(turns.key("\r", f"{LOG_FULL + r + 1} actions", typed="next"))
            long.term.drain(max(0.0, TOAST - (time.perf_counter() - started)))
    finally:
        for program in (ours, stock, bare, long, turns):
            program.close()
    stock_s = statistics.median(stock_action)
    return {
        "action_ratio": figure(
            action, stock_action,
            baseline_is="the same screen built from stock Textual widgets (baselines.py layout), no rules behind it",
            bare_app_s=statistics.median(bare_key), bare_app_spread=[min(bare_key), max(bare_key)], bare_app_samples=bare_key,
            stock_vs_bare=round(stock_s / statistics.median(bare_key), 2),
        ),
        "undo_ratio": figure(
            undo, action, baseline_is="action_ratio's console figure (ours per action, the same run)",
            frames_seen_by={"log title": len(undo) - by_notice, "undid notice": by_notice},
            # like for like: the undos take back a hit or a `next` of the generated log, and either changes the
            # turn (the acting unit's odds, the turn bar, the timeline); the action figure's free hit changes less
            next_s=statistics.median(turn), next_spread=[min(turn), max(turn)], next_samples=turn,
            undo_vs_next=round(statistics.median(undo) / statistics.median(turn), 3),
        ),
    }


def palette_hits(tmp: Path, path: Path) -> dict:
    """What the console's palette lists at 120x40 (worker.py, headless)."""
    done = subprocess.run(WORKER + ["palette-hits", str(path)], capture_output=True, text=True, check=True, env=dict(os.environ, **isolated_env(tmp)))
    return json.loads(done.stdout)


def palette_markers(hits: dict, screen: str) -> list[str]:
    """The labels of the console's own palette hits (not Textual's system
    commands), less any its screen already shows: whichever is painted first
    marks the first painted hits (providers answer in any order)."""
    markers = [label for label in dict.fromkeys(hits["labels"]) if label not in hits["system"] and len(label) >= 8 and label not in screen]
    assert markers, "no palette label to wait for"
    return markers


def bench_palette(tmp: Path, processes: int, opens: int) -> dict:
    """ctrl+p to the first painted hits: the console (50 units) and a stock app
    listing as many plain hits, side by side, opened in turn (Escape closes,
    and the program's own screen is waited for before the next)."""
    path = tmp / "palette-fifty.toml"
    path.write_text(encounter_text(UNITS, LOG_FULL))
    hits = palette_hits(tmp, path)
    count = hits["listed"]
    ours_all, base_all, ours_first, base_first = [], [], [], []
    seen: set[str] = set()
    seen_each: list[str] = []  # the samples' order: the opens as made
    for _ in range(processes):
        ours = Keyed(console() + [str(path)], isolated_env(tmp), MARKER)
        base = Keyed(BASELINE + ["palette", str(count)], isolated_env(tmp), PALETTE_READY)
        try:
            markers = palette_markers(hits, plain_text(ours.term.buffer))
            for k in range(opens):
                # settle: a palette closed while its providers were still answering paints nothing more
                o = ours.key("\x10", markers, plain=True, settle=0.3)
                seen.add(ours.term.seen)
                seen_each.append(ours.term.seen)
                b = base.key("\x10", PALETTE_HIT, settle=0.3)
                ours_all.append(o)
                base_all.append(b)
                if k == 0:
                    ours_first.append(o)
                    base_first.append(b)
                ours.key("\x1b", MARKER)  # Escape: the console's screen again
                base.key("\x1b", PALETTE_READY)
        finally:
            ours.close()
            base.close()
    return figure(
        ours_all, base_all,
        hits_listed=count, hits_at_first_refresh=hits["first_paint"], system_commands=len(hits["system"]),
        first_open={"ours_s": statistics.median(ours_first), "baseline_s": statistics.median(base_first), "samples": {"ours": ours_first, "baseline": base_first}},
        markers_seen=sorted(seen), marker_of_each_open=seen_each,
    )


# ---------------------------------------------------------------- process start

def first_frame(argv: list[str], marker: str, env: dict[str, str]) -> float:
    term = Terminal(argv, env=env)
    try:
        return term.wait_for(marker) - term.started
    finally:
        term.close()


def bench_startup(tmp: Path, repeats: int) -> dict:
    """Also, printed beside the figure: the stock screen of the action figure
    (baselines.py layout: the console's layout in stock widgets, no rules, no
    file), what a screen of this shape costs to start before any of the
    console's own work; and the bare app after importing our core and loading
    the demo (baselines.py core), what the rules and the file cost before any
    of the console's UI; and both in one (baselines.py layout-core: the stock
    screen after our core and the demo), what any console of this shape
    showing this fight does before its first frame, with none of our UI."""
    ours, base, stock, core, both = [], [], [], [], []
    for _ in range(repeats):  # interleaved, so all five see the same machine
        base.append(first_frame(BASELINE + ["textual"], "bare-app-ready", isolated_env(tmp)))
        stock.append(first_frame(BASELINE + ["layout"], "stock acting:", isolated_env(tmp)))
        core.append(first_frame(BASELINE + ["core"], "bare-app-ready", isolated_env(tmp)))
        both.append(first_frame(BASELINE + ["layout-core"], "stock acting:", isolated_env(tmp)))
        ours.append(first_frame(console(), MARKER, isolated_env(tmp)))
    stock_s, core_s, base_s = statistics.median(stock), statistics.median(core), statistics.median(base)
    both_s = statistics.median(both)
    return figure(
        ours, base, stock_layout_s=stock_s, stock_layout_spread=[min(stock), max(stock)],
        stock_vs_bare=round(stock_s / base_s, 3), ours_vs_stock=round(statistics.median(ours) / stock_s, 3),
        samples_stock_layout=stock, core_s=core_s, core_spread=[min(core), max(core)],
        core_vs_bare=round(core_s / base_s, 3), samples_core=core,
        layout_core_s=both_s, layout_core_spread=[min(both), max(both)], layout_core_vs_bare=round(both_s / base_s, 3),
        ours_vs_layout_core=round(statistics.median(ours) / both_s, 3), samples_layout_core=both,
    )


def run_process(argv: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def bench_help(repeats: int) -> dict:
    ours, base = [], []
    for _ in range(repeats):
        base.append(run_process(BASELINE + ["typer", "--help"]))
        ours.append(run_process(console() + ["--help"]))
    return figure(ours, base)


def peak_rss(argv: list[str], marker: str, env: dict[str, str]) -> int:
    term = Terminal(argv, env=env)
    try:
        term.wait_for(marker, timeout=120)
        term.drain(0.5)
        return term.peak_rss_kib()
    finally:
        term.close()


def bench_memory(tmp: Path, repeats: int, long_path: Path) -> dict:
    ours, base = [], []
    for _ in range(repeats):
        base.append(peak_rss(BASELINE + ["textual"], "bare-app-ready", isolated_env(tmp)))
        ours.append(peak_rss(console() + [str(long_path)], MARKER, isolated_env(tmp)))
    return figure(ours, base, unit="KiB")


# ---------------------------------------------------------------- files

def worker(args: list[str], env: dict[str, str]) -> dict:
    done = subprocess.run(WORKER + args, capture_output=True, text=True, env=dict(os.environ, **env))
    if done.returncode != 0:
        raise RuntimeError(f"worker.py {' '.join(args)} failed:\n{done.stderr[-2000:]}")
    return json.loads(done.stdout)


def bench_open(tmp: Path, repeats: int, long_path: Path) -> dict:
    """replay_ratio and reopen_ratio. Each sample: a fresh process opens the
    file with a fresh cache folder (cold), then another fresh process opens it
    with that folder (warm); each times tomllib.loads of the same text too."""
    warmup = tmp / "warmup.toml"
    warmup.write_text(encounter_text(UNITS, 20))
    cold, cold_base, warm, warm_base = [], [], [], []
    via, actions = None, None
    for i in range(repeats):
        env = isolated_env(tmp)  # the cache folder of this sample
        order = "base-first" if i % 2 == 0 else "ours-first"
        first = worker(["open", str(long_path), str(warmup), order], env)
        second = worker(["open", str(long_path), str(warmup), order], env)
        cold.append(first["ours_s"])
        cold_base.append(first["baseline_s"])
        warm.append(second["ours_s"])
        warm_base.append(second["baseline_s"])
        via, actions = first["via"], first["actions"]
    return {
        "replay_ratio": figure(cold, cold_base, actions=actions, bytes=long_path.stat().st_size, via=via),
        "reopen_ratio": figure(warm, warm_base, actions=actions, via=via),
    }


def bench_save(tmp: Path, repeats: int, long_path: Path) -> dict:
    out = worker(["save", str(long_path), str(repeats), str(SAVES)], isolated_env(tmp))
    return figure(out["ours"], out["baseline"], saves_per_sample=SAVES, bytes=out["bytes"])


def bench_projection(repeats: int) -> dict:
    from gm_console.core.systems.ctb.projection import project
    from gm_console.files.encounter_io import game_from_data

    games = {}
    for units in (50, 500):
        game = game_from_data(setup_data(units), "<bench>")
        game.push_line("next")
        games[units] = game

    def many(game) -> float:
        start = time.perf_counter()
        for _ in range(PROJECTIONS):
            project(game.state, game.rules, 20)
        return time.perf_counter() - start

    small, large = [], []
    for _ in range(repeats):  # interleaved
        small.append(many(games[50]))
        large.append(many(games[500]))
    return figure(large, small, projections_per_sample=PROJECTIONS)


# ---------------------------------------------------------------- report

def unit_of(raw: dict) -> tuple[str, float]:
    return ("KiB", 1.0) if raw.get("unit") == "KiB" else ("ms", 1000.0)


def spread_text(values: list[float], scale: float) -> str:
    return f"{values[0] * scale:.1f}-{values[1] * scale:.1f}" if scale != 1.0 else f"{values[0]:.0f}-{values[1]:.0f}"


def table(results: dict, report: dict, asked: set[str]) -> str:
    lines = [f"{'figure':<19} {'ours (median, min-max)':>30} {'baseline (median, min-max)':>30} {'ratio':>6} {'budget':>6}"]
    for key in BUDGET:
        if key not in results:
            if key not in asked:
                continue
            why = "no Chromium at /usr/bin/chromium" if key == "players_ratio" and key in asked else "not asked for"
            lines.append(f"{key:<19} (not measured: {why})")
            continue
        raw = results[key]
        unit, scale = unit_of(raw)
        ours, base = medians(raw)
        spread = raw.get("spread")
        if spread is None and "quartiles_ms" in raw:  # players.py gives quartiles too
            spread = {k: [v / 1000 for v in vs] for k, vs in zip(("ours", "baseline"), raw["quartiles_ms"].values())}
        fmt = (lambda v: f"{v * scale:.1f} {unit}") if unit == "ms" else (lambda v: f"{v / 1024:.1f} MiB")
        sp = (lambda vs: f"{vs[0] * scale:.1f}-{vs[1] * scale:.1f}") if unit == "ms" else (lambda vs: f"{vs[0] / 1024:.1f}-{vs[1] / 1024:.1f}")
        o = f"{fmt(ours)} ({sp(spread['ours'])})"
        b = f"{fmt(base)} ({sp(spread['baseline'])})"
        mark = "ok" if report[key] <= BUDGET[key] else "OVER"
        n = len(raw.get("samples", {}).get("ours", [])) or "?"
        lines.append(f"{key:<19} {o:>30} {b:>30} {report[key]:>6.3f} {BUDGET[key]:>6.1f}  {mark}  n={n}")
    notes = []
    if "action_ratio" in results:
        a = results["action_ratio"]
        notes.append(
            f"action: the bare one-line app repaints in {a['bare_app_s'] * 1000:.1f} ms ({spread_text(a['bare_app_spread'], 1000)}); "
            f"the stock screen is {a['stock_vs_bare']}x that, the console {a['ours_s'] / a['bare_app_s']:.1f}x"
        )
    if "startup_ratio" in results:
        st = results["startup_ratio"]
        notes.append(
            f"startup: the stock screen (the action figure's, no rules, no file) starts in {st['stock_layout_s'] * 1000:.1f} ms "
            f"({spread_text(st['stock_layout_spread'], 1000)}), {st['stock_vs_bare']}x the bare app; the console is {st['ours_vs_stock']}x that; "
            f"the bare app after importing our core and loading the demo (no UI of ours) {st['core_s'] * 1000:.1f} ms "
            f"({spread_text(st['core_spread'], 1000)}), {st['core_vs_bare']}x; "
            f"the stock screen after our core and the demo {st['layout_core_s'] * 1000:.1f} ms "
            f"({spread_text(st['layout_core_spread'], 1000)}), {st['layout_core_vs_bare']}x, and the console {st['ours_vs_layout_core']}x that"
        )
    if "undo_ratio" in results:
        u = results["undo_ratio"]
        notes.append(
            f"undo: `next` (a turn change) on the 50-unit console takes {u['next_s'] * 1000:.1f} ms ({spread_text(u['next_spread'], 1000)}); "
            f"the undo is {u['undo_vs_next']}x that"
        )
    if "palette_ratio" in results:
        p = results["palette_ratio"]
        f = p["first_open"]
        notes.append(
            f"palette: {p['hits_listed']} hits listed ({p['system_commands']} of them Textual's system commands), "
            f"as many in the stock app's; first open of each process: "
            f"ours {f['ours_s'] * 1000:.1f} ms, stock {f['baseline_s'] * 1000:.1f} ms; first painted hits seen: {', '.join(p['markers_seen'][:4])}"
        )
    if "replay_ratio" in results:
        notes.append(f"replay/reopen: through gm_console.files {results['replay_ratio']['via']}(), {results['replay_ratio']['actions']} actions, {results['replay_ratio']['bytes']} bytes")
    return "\n".join(lines + ([""] + notes if notes else []))


FIGURE_GROUPS = {  # figures measured together
    "action_ratio": "frames", "undo_ratio": "frames", "replay_ratio": "open", "reopen_ratio": "open",
}


def main(argv: list[str]) -> int:
    import compileall

    # Bytecode as an installed package has it (pip compiles on install); a checkout
    # run with PYTHONDONTWRITEBYTECODE=1 would otherwise compile every module at each start.
    compileall.compile_dir(str(ROOT / "gm_console"), quiet=1)
    quick = "--quick" in argv
    as_json = "--json" in argv
    only = set(BUDGET)
    if "--only" in argv:
        only = set(argv[argv.index("--only") + 1].split(","))
        unknown = only - set(BUDGET)
        if unknown:
            raise SystemExit(f"unknown figures: {', '.join(sorted(unknown))}")
    groups = {FIGURE_GROUPS.get(k, k) for k in only}
    repeats = 3 if quick else 9
    results: dict[str, dict] = {}
    began = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        long_path = tmp / "long.toml"
        if groups & {"frames", "open", "save_ratio", "memory_ratio"}:
            long_path.write_text(encounter_text(UNITS, LONG))
        if "startup_ratio" in groups:
            results["startup_ratio"] = bench_startup(tmp, 5 if quick else 21)
        if "frames" in groups:
            results.update(bench_frames(tmp, 6 if quick else 16, 2, long_path))
        if "palette_ratio" in groups:
            results["palette_ratio"] = bench_palette(tmp, 1 if quick else 3, 5)
        if "open" in groups:
            results.update(bench_open(tmp, repeats, long_path))
        if "save_ratio" in groups:
            results["save_ratio"] = bench_save(tmp, 5 if quick else 9, long_path)
        if "memory_ratio" in groups:
            results["memory_ratio"] = bench_memory(tmp, 2 if quick else 4, long_path)
        if "help_ratio" in groups:
            results["help_ratio"] = bench_help(repeats)
        if "projection_scaling" in groups:
            results["projection_scaling"] = bench_projection(5 if quick else 9)
        from tests.bench.players import bench_enter_to_browser, bench_viewers
        from tests.players.browser import chromium_path

        if "players_ratio" in groups and chromium_path() is not None:  # Enter to the browser's update, against the GM's own frame
            results["players_ratio"] = bench_enter_to_browser(console(), tmp, isolated_env(tmp), 10 if quick else 30)
        if "viewers_ratio" in groups:
            results["viewers_ratio"] = bench_viewers(console(), tmp, isolated_env(tmp), 8 if quick else 32)
    report: dict = {}
    for key, raw in results.items():
        ours, base = medians(raw)
        report[key] = round(ours / base, 3)
    report["raw"] = results
    report["budget"] = BUDGET
    report["machine"] = {
        "cpus": os.cpu_count(), "python": sys.version.split()[0], "quick": quick,
        "load_average": [round(x, 2) for x in os.getloadavg()], "seconds": round(time.perf_counter() - began, 1),
    }
    if as_json:
        print(json.dumps(report, indent=2))
    else:
        print(table(results, report, only))
        m = report["machine"]
        print(f"\n{m['cpus']} cpus, Python {m['python']}, {'quick' if quick else 'full'} run in {m['seconds']} s, load average at the end {m['load_average']}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
