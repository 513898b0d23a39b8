"""Where the time of a benchmark figure goes (issue 26): a profile of what
run.py times, printed as the functions with the most cumulative and the most
own time.

    python tests/bench/profile.py open      cold open of the 10,000-action encounter, in-process
                                            (load_encounter, after a small warm-up open)
    python tests/bench/profile.py action    Enter on an action to the next frame, 12 units and a
                                            300-action fight, the real console in a 120x40
                                            pseudo-terminal (30 actions; --keystrokes: the typing
                                            of each line too)
    python tests/bench/profile.py undo      ctrl+z at the end of the 10,000-action log (8 undos, each
                                            of a `next` typed just before, unprofiled)
    python tests/bench/profile.py palette   ctrl+p to the palette's first painted hits (5 opens)
    python tests/bench/profile.py startup   process start to the demo's first frame: the heaviest imports
                                            (-X importtime of a headless start, since Textual draws on the
                                            stderr importtime writes to: gm_console modules, third-party
                                            packages; run_test adds a few of its own) and a profile of the
                                            real start, in the pseudo-terminal, to the first frame

    --top N     rows per table (default 25)
    --out FILE  keep the raw profile (pstats format) for snakeviz / pstats

The console figures (action, undo, palette, startup's profile) run the console
in a pseudo-terminal under this script's own wrapper: cProfile is switched on
(SIGUSR1) just before the timed key and off again (SIGUSR2) when its frame has
appeared, so only the measured span is profiled (the main thread: Textual's
input and writer threads are not). Profiling slows everything down about 2x;
read the shares, not the milliseconds.
"""

from __future__ import annotations

import sys
from pathlib import Path

# This file is named profile.py, as the standard module cProfile imports:
# its own folder must not come first on the path.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

import cProfile  # noqa: E402


def headless_start() -> None:
    """What the launcher does for ``gm-console`` (the demo), to the first frame, headless."""
    import asyncio
    import gc

    gc.disable()
    from gm_console.files.encounter_io import load_encounter
    from gm_console.files.paths import demo_encounter

    game = load_encounter(demo_encounter())
    from gm_console.ui.app import GMConsoleApp

    async def run() -> None:
        app = GMConsoleApp(game, path=None, demo=True)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()

    asyncio.run(run())


if __name__ == "__main__" and sys.argv[1:2] == ["_headless"]:  # before this script's own imports: -X importtime reads it
    headless_start()
    sys.exit(0)

import os  # noqa: E402
import pstats  # noqa: E402
import re  # noqa: E402
import signal  # noqa: E402
import subprocess  # noqa: E402
import sysconfig  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.bench.generate import action_line, encounter_text, encounter_texts  # noqa: E402
from tests.bench.run import FIGHT, LONG, MARKER, UNITS, fresh_env  # noqa: E402  (the bench's sizes, its fresh user folders)
from tests.bench.terminal import SETTLE, Terminal, plain_text  # noqa: E402

STDLIB = sysconfig.get_paths()["stdlib"]


# ---------------------------------------------------------------- printing

def where(filename: str) -> str:
    if filename.startswith("~") or filename.startswith("<"):
        return filename
    path = filename
    for marker in ("site-packages/",):
        if marker in path:
            return path.split(marker, 1)[1]
    if path.startswith(str(ROOT) + "/"):
        return path[len(str(ROOT)) + 1 :]
    if path.startswith(STDLIB):
        return "<stdlib>" + path[len(STDLIB) :]
    return path


def show(stats: pstats.Stats, title: str, top: int) -> None:
    raw = stats.stats  # type: ignore[attr-defined]
    total = max((ct for (_, _, _, ct, _) in raw.values()), default=0.0)
    own = sum(tt for (_, _, tt, _, _) in raw.values())
    print(f"\n== {title}: {own * 1000:.1f} ms profiled (own time summed), the largest cumulative {total * 1000:.1f} ms")

    def rows(key: int, label: str) -> None:
        print(f"\n-- top {top} by {label}")
        print(f"{'calls':>9} {'own ms':>9} {'cum ms':>9} {'cum %':>6}  function")
        ordered = sorted(raw.items(), key=lambda item: item[1][key], reverse=True)[:top]
        for (filename, line, name), (cc, nc, tt, ct, _) in ordered:
            calls = f"{nc}" if nc == cc else f"{nc}/{cc}"
            share = 100 * ct / total if total else 0
            print(f"{calls:>9} {tt * 1000:9.2f} {ct * 1000:9.2f} {share:6.1f}  {name}  {where(filename)}:{line}")

    rows(3, "cumulative time")
    rows(2, "own time")
    # our own functions only: where gm_console itself spends it
    ours = {k: v for k, v in raw.items() if "gm_console/" in k[0]}
    print(f"\n-- top {top} gm_console functions by own time (together {sum(v[2] for v in ours.values()) * 1000:.1f} ms)")
    for (filename, line, name), (cc, nc, tt, ct, _) in sorted(ours.items(), key=lambda item: item[1][2], reverse=True)[:top]:
        print(f"{nc:>9} {tt * 1000:9.2f} {ct * 1000:9.2f}         {name}  {where(filename)}:{line}")


def finish(profiler_or_file, title: str, top: int, out: str | None) -> None:
    stats = pstats.Stats(profiler_or_file)
    if out:
        stats.dump_stats(out)
        print(f"(raw profile kept in {out})")
    show(stats, title, top)


# ---------------------------------------------------------------- in-process: opening a file

def profile_open(tmp: Path, top: int, out: str | None) -> None:
    import gc

    from gm_console.files.encounter_io import load_encounter

    texts = encounter_texts(UNITS, [20, LONG])
    path, small = tmp / "long.toml", tmp / "warmup.toml"
    path.write_text(texts[LONG])
    small.write_text(texts[20])
    os.environ.update(fresh_env(tmp))
    load_encounter(small)  # the imports, untimed (as worker.py open)
    gc.collect()
    gc.disable()  # as the launcher holds it while the console opens its file
    profiler = cProfile.Profile()
    start = time.perf_counter()
    profiler.enable()
    game = load_encounter(path)
    profiler.disable()
    took = time.perf_counter() - start
    print(f"cold open of {len(game.log)} actions through load_encounter(): {took * 1000:.1f} ms under the profiler")
    finish(profiler, "open", top, out)


# ---------------------------------------------------------------- the console in a pseudo-terminal

def console_wrapper(out: str, argv: list[str], from_start: bool) -> None:
    """Run inside the pseudo-terminal: the console, with cProfile switched
    on by SIGUSR1 and off (and dumped to ``out``) by SIGUSR2."""
    profiler = cProfile.Profile()

    def on(signum, frame) -> None:
        profiler.enable()

    def off(signum, frame) -> None:
        profiler.disable()
        profiler.dump_stats(out + ".tmp")
        os.replace(out + ".tmp", out)

    signal.signal(signal.SIGUSR1, on)
    signal.signal(signal.SIGUSR2, off)
    if from_start:
        profiler.enable()
    sys.argv = ["gm-console", *argv]
    from gm_console.launch import main

    main()


class Profiled:
    """The console under ``console_wrapper`` in a 120x40 pseudo-terminal."""

    def __init__(self, tmp: Path, argv: list[str], from_start: bool = False, stderr=None) -> None:
        self.out = str(tmp / f"console-{time.monotonic_ns()}.prof")
        wrapper = [sys.executable, str(Path(__file__).resolve()), "_console", self.out, "1" if from_start else "0", *argv]
        self.term = Terminal(wrapper, env=fresh_env(tmp), stderr=stderr)

    def on(self) -> None:
        os.kill(self.term.proc.pid, signal.SIGUSR1)
        time.sleep(0.02)  # handled before the key is

    def off(self) -> None:
        before = os.path.getmtime(self.out) if os.path.exists(self.out) else None
        os.kill(self.term.proc.pid, signal.SIGUSR2)
        for _ in range(500):
            if os.path.exists(self.out) and os.path.getmtime(self.out) != before:
                return
            time.sleep(0.01)
        raise TimeoutError("the console did not write its profile")

    def timed(self, key: str, shown, typed: str = "", keystrokes: bool = False, plain: bool = False) -> float:
        term = self.term
        if keystrokes:
            self.on()
        if typed:
            mark = term.send(typed)
            term.wait_for(typed[-12:], since=mark)
        term.drain(SETTLE)
        if not keystrokes:
            self.on()
        mark = term.send(key)
        took = term.wait_for(shown, since=mark, plain=plain) - term.sent
        term.drain(0.03)  # the rest of the frame goes out
        self.off()
        return took


def profile_action(tmp: Path, top: int, out: str | None, keystrokes: bool, count: int = 30) -> None:
    path = tmp / "fight.toml"
    path.write_text(encounter_text(UNITS, FIGHT))
    console = Profiled(tmp, [str(path)])
    try:
        console.term.wait_for(MARKER, timeout=60)
        console.term.drain(0.5)
        times = [console.timed("\r", f"{FIGHT + i + 1} actions", typed=action_line(i, UNITS), keystrokes=keystrokes) for i in range(count)]
    finally:
        console.term.close()
    times.sort()
    print(f"{count} actions{' (typing included)' if keystrokes else ''}, Enter to frame under the profiler: median {times[count // 2] * 1000:.1f} ms")
    finish(console.out, f"action x{count}", top, out)


def profile_undo(tmp: Path, top: int, out: str | None, count: int = 8) -> None:
    path = tmp / "long.toml"
    path.write_text(encounter_text(UNITS, LONG))
    console = Profiled(tmp, [str(path)])
    times = []
    try:
        console.term.wait_for(MARKER, timeout=120)
        console.term.drain(0.5)
        for _ in range(count):  # as run.py: `next`, then ctrl+z takes it back
            mark = console.term.send("next")
            console.term.wait_for("next", since=mark)
            console.term.drain(SETTLE)
            mark = console.term.send("\r")
            console.term.wait_for(f"{LONG + 1} actions", since=mark)
            console.term.drain(0.3)
            started = time.perf_counter()
            times.append(console.timed("\x1a", [f"{LONG} actions", "undid: next"], plain=True))
            console.term.drain(max(0.0, 3.4 - (time.perf_counter() - started)))  # the notice goes
    finally:
        console.term.close()
    times.sort()
    print(f"{count} undos at the end of a {LONG}-action log under the profiler: median {times[count // 2] * 1000:.1f} ms")
    finish(console.out, f"undo x{count}", top, out)


def profile_palette(tmp: Path, top: int, out: str | None, count: int = 5) -> None:
    from tests.bench.run import palette_hits, palette_markers

    path = tmp / "fight.toml"
    path.write_text(encounter_text(UNITS, FIGHT))
    hits = palette_hits(path, fresh_env(tmp))
    console = Profiled(tmp, [str(path)])
    times = []
    try:
        console.term.wait_for(MARKER, timeout=60)
        console.term.drain(0.5)
        markers = palette_markers(hits, plain_text(console.term.buffer))
        for _ in range(count):
            times.append(console.timed("\x10", markers, plain=True))
            console.term.drain(0.3)
            mark = console.term.send("\x1b")
            console.term.wait_for(MARKER, since=mark)
            console.term.drain(0.2)
    finally:
        console.term.close()
    print(f"{count} palette opens under the profiler (to the first painted hits): {', '.join(f'{t * 1000:.0f}' for t in times)} ms")
    finish(console.out, f"palette x{count}", top, out)


IMPORT_LINE = re.compile(r"import time:\s+(\d+) \|\s+(\d+) \|( *)(\S+)")


def profile_startup(tmp: Path, top: int, out: str | None) -> None:
    # Textual draws on stderr, where -X importtime writes too: the imports are read
    # off a headless start of the same app (the launcher's steps, then its first frame)
    log = tmp / "importtime.txt"
    with open(log, "w") as stderr:
        start = time.perf_counter()
        subprocess.run([sys.executable, "-X", "importtime", str(Path(__file__).resolve()), "_headless"], stderr=stderr, env=dict(os.environ, **fresh_env(tmp)), check=True)
        first = time.perf_counter() - start
    rows = []
    for line in log.read_text().splitlines():
        m = IMPORT_LINE.match(line)
        if m:
            rows.append((int(m.group(1)), int(m.group(2)), len(m.group(3)) // 2, m.group(4)))
    total = sum(r[0] for r in rows)
    print(f"a headless start to the demo's first frame took {first * 1000:.0f} ms (with -X importtime); imports {total / 1000:.1f} ms in all ({len(rows)} modules)")
    packages: dict[str, int] = {}
    for own, _, _, name in rows:
        head = name.split(".")[0]
        packages[head] = packages.get(head, 0) + own
    stdlib = set(sys.stdlib_module_names)
    print(f"\n-- own import time by top-level package (top {top})")
    for name, us in sorted(packages.items(), key=lambda kv: kv[1], reverse=True)[:top]:
        kind = "stdlib" if name in stdlib or name.startswith("_") else ("ours" if name == "gm_console" else "third-party")
        print(f"{us / 1000:9.1f} ms  {name}  ({kind})")
    print(f"\n-- heaviest gm_console modules (cumulative: with what they import; top {top})")
    for own, cum, depth, name in sorted((r for r in rows if r[3].startswith("gm_console")), key=lambda r: r[1], reverse=True)[:top]:
        print(f"{cum / 1000:9.1f} ms cumulative {own / 1000:7.1f} ms own  {name}")
    print(f"\n-- heaviest third-party modules (cumulative; top {top})")
    third = [r for r in rows if r[3].split(".")[0] not in stdlib and not r[3].startswith(("gm_console", "_", "tests"))]
    for own, cum, depth, name in sorted(third, key=lambda r: r[1], reverse=True)[:top]:
        print(f"{cum / 1000:9.1f} ms cumulative {own / 1000:7.1f} ms own  {name}")
    # and where the rest of the start goes: a profile from the first line to the first frame
    console = Profiled(tmp, [], from_start=True)
    try:
        console.term.wait_for(MARKER, timeout=60)
        console.off()
    finally:
        console.term.close()
    finish(console.out, "start to the demo's first frame", top, out)


def main(argv: list[str]) -> int:
    if argv and argv[0] == "_console":
        console_wrapper(argv[1], argv[3:], argv[2] == "1")
        return 0
    if not argv or argv[0] not in ("open", "action", "undo", "palette", "startup"):
        print(__doc__)
        return 2
    top = int(argv[argv.index("--top") + 1]) if "--top" in argv else 25
    out = argv[argv.index("--out") + 1] if "--out" in argv else None
    import compileall

    compileall.compile_dir(str(ROOT / "gm_console"), quiet=1)  # as run.py: bytecode as an install has it
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        which = argv[0]
        if which == "open":
            profile_open(tmp, top, out)
        elif which == "action":
            profile_action(tmp, top, out, "--keystrokes" in argv)
        elif which == "undo":
            profile_undo(tmp, top, out)
        elif which == "palette":
            profile_palette(tmp, top, out)
        else:
            profile_startup(tmp, top, out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
