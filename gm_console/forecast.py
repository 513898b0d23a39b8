"""Running a forecast over the machine's cores (docs/forecast.md).

The pure part is ``core/forecast.py`` (one fight through the engine) and
``core/forecast_figures.py`` (the figures); this module splits the fights
among processes (``concurrent.futures.ProcessPoolExecutor``), reports
progress, stops on request and keeps what it has so far. Fight ``i`` is
seeded by (seed, i) alone, and the figures read the fights in index order,
so the same seed gives the same figures whatever the number of workers.

A forecast starts at a point of the log (``start``: the file truncated
there) and may play a "what if" first: lines of notation pushed at that
point, checked by the engine like any action (``add raider3 raiders
copy=raider1``, ``remove gob``, ``set golem hp 20``).
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import threading
import uuid
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any

from gm_console.core.errors import GMError
from gm_console.core.forecast import Caps, Fight, play, play_many, side_policies
from gm_console.core.forecast_figures import summarize
from gm_console.core.game import Game
from gm_console.core.setup import Setup

CHUNK = 25  # fights a worker plays per task: small enough to report progress and stop soon


@dataclass(frozen=True)
class Job:
    """What a worker needs to play fights: the setup, the log up to the start, the
    what-if lines, the seed, each side's policy name and the caps (all picklable)."""

    setup: Setup
    lines: tuple[str, ...]
    what_if: tuple[str, ...] = ()
    seed: int = 0
    policies: tuple[tuple[str, str], ...] = ()
    caps: Caps = Caps()
    token: str = ""  # names the job in a worker, which keeps its base game between chunks


@dataclass
class Forecast:
    """The fights played so far, the figures, and whether it was stopped early."""

    job: Job
    runs: int
    fights: list[Fight] = field(default_factory=list)
    cancelled: bool = False

    def figures(self) -> dict[str, Any]:
        return {
            **summarize(self.fights, [s.id for s in self.job.setup.sides]),
            "runs": self.runs,
            "complete": len(self.fights) == self.runs,
            "seed": self.job.seed,
            "start": len(self.job.lines),
            "what_if": list(self.job.what_if),
            "policies": dict(self.job.policies),
        }


def make_job(game: Game, start: int | None = None, *, what_if: Iterable[str] = (), seed: int = 0,
             policies: Mapping[str, str] | None = None, caps: Caps = Caps()) -> Job:  # fmt: skip
    """The job of a forecast of ``game`` from ``start`` (default: the end of its log).
    Raises GMError for a bad start, side, policy or what-if line (the game is not changed)."""
    n = len(game.log) if start is None else start
    if not 0 <= n <= len(game.log):
        raise GMError(f"--from {n}: the log has {len(game.log)} actions (use 0 to {len(game.log)})")
    job = Job(game.setup, tuple(game.lines(0, n)), tuple(what_if), seed, tuple(sorted((policies or {}).items())), caps,
              uuid.uuid4().hex)
    base_game(job)  # fail here, with the reason, rather than in a worker
    return job


def base_game(job: Job) -> Game:
    """The game a job's fights start from: the log to the start, then the what-if lines."""
    game = Game.load(job.setup, job.lines)
    for line in job.what_if:
        try:
            game.push(game.resolve(game.parse(line)))
        except GMError as exc:
            raise GMError(f"what-if {line!r}: {exc}") from None
    side_policies(game, dict(job.policies))
    return game


_BASES: dict[str, Game] = {}  # a worker's base game of its job (one process plays many chunks)


def play_chunk(job: Job, indexes: list[int]) -> list[Fight]:
    """Play the fights of these indexes (in a worker process, or here)."""
    base = _BASES.get(job.token) if job.token else None
    if base is None:
        _BASES.clear()
        base = base_game(job)
        if job.token:
            _BASES[job.token] = base
    return play_many(base, side_policies(base, dict(job.policies)), job.seed, indexes, job.caps)


def chunks(runs: int, size: int = CHUNK) -> list[list[int]]:
    return [list(range(i, min(runs, i + size))) for i in range(0, runs, size)]


def workers_default() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1))


def console_workers() -> int:
    """The console's forecast leaves a core to the console itself (its keys and
    frames), where there is more than one: every core but one."""
    return max(1, workers_default() - 1)


def run(job: Job, runs: int, *, workers: int | None = None, progress: Callable[[int, int], None] | None = None,
        stop: threading.Event | None = None, nice: int = 0) -> Forecast:  # fmt: skip
    """Play ``runs`` fights of ``job`` on ``workers`` processes (default: every core;
    1: in this process). ``progress(done, runs)`` after each chunk; ``stop`` set (or
    Ctrl+C) ends it early with the fights done so far (``cancelled``). ``nice``: the
    workers' lower priority (the console's keys come first)."""
    result = Forecast(job, runs)
    workers = workers_default() if workers is None else max(1, workers)
    try:
        if workers == 1:
            for part in chunks(runs):
                if stop is not None and stop.is_set():
                    result.cancelled = True
                    break
                result.fights += play_chunk(job, part)
                if progress is not None:
                    progress(len(result.fights), runs)
            return result
        _run_pool(job, runs, workers, result, progress, stop, nice)
    except KeyboardInterrupt:
        result.cancelled = True
    return result


def _run_pool(job: Job, runs: int, workers: int, result: Forecast, progress: Callable[[int, int], None] | None,
              stop: threading.Event | None, nice: int) -> None:  # fmt: skip
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=_context(), initializer=_quiet_worker, initargs=(nice,))
    pending: set[Future[list[Fight]]] = set()
    try:
        todo = chunks(runs)
        todo.reverse()
        while todo or pending:
            while todo and len(pending) < workers * 2:
                pending.add(pool.submit(play_chunk, job, todo.pop()))
            done, pending = wait(pending, timeout=0.1, return_when=FIRST_COMPLETED)
            for future in done:
                result.fights += future.result()
                if progress is not None:
                    progress(len(result.fights), runs)
            if stop is not None and stop.is_set():
                result.cancelled = True
                return
    except KeyboardInterrupt:
        result.cancelled = True
    finally:
        for future in pending:
            future.cancel()
        pool.shutdown(wait=not result.cancelled, cancel_futures=True)


def _context() -> Any:
    """Workers forked from a small server process (not from the console, which runs threads)."""
    _tracker_with_real_stderr()
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["gm_console.forecast"])
        return context
    return multiprocessing.get_context("spawn")


def _tracker_with_real_stderr() -> None:
    """Start multiprocessing's resource tracker handing it a real stderr: under the
    console, ``sys.stderr`` is Textual's capture, whose file number the tracker cannot
    pass on ("bad value(s) in fds_to_keep")."""
    from multiprocessing import resource_tracker

    try:
        usable = sys.stderr.fileno() >= 0
    except (AttributeError, OSError, ValueError):
        usable = False
    if usable:
        return
    saved = sys.stderr
    sys.stderr = sys.__stderr__
    try:
        resource_tracker.ensure_running()
    finally:
        sys.stderr = saved


def _quiet_worker(nice: int = 0) -> None:
    """Ctrl+C is the parent's to handle: a worker ignores it (the parent stops the pool)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if nice and hasattr(os, "nice"):
        os.nice(nice)


def example(job: Job, index: int = 0) -> tuple[Fight, Game]:
    """Fight ``index`` of the job, played here with its game (to save as an encounter)."""
    base = base_game(job)
    return play(base, side_policies(base, dict(job.policies)), job.seed, index, job.caps)


def round_starts(game: Game, upto: int | None = None) -> list[tuple[int, int]]:
    """(round, log index) where each round of the fight so far began (the log
    replayed once, each action pushed as on opening the file)."""
    n = len(game.log) if upto is None else upto
    walk = Game(game.setup)
    out = [(walk.state.clock.round, 0)]
    for i, action in enumerate(game.log[:n]):
        walk.push(action)
        if walk.state.clock.round != out[-1][0]:
            out.append((walk.state.clock.round, i + 1))
    return out


def history(game: Game, runs: int, *, seed: int = 0, policies: Mapping[str, str] | None = None,
            workers: int | None = None, stop: threading.Event | None = None, nice: int = 0,
            progress: Callable[[int, int], None] | None = None) -> list[tuple[int, int, dict[str, float]]]:  # fmt: skip
    """Each side's chance to win at the start of each round so far, and now: (round,
    log index, {side: chance}), ``runs`` fights each. Stopped early: the points done so far."""
    out = []
    starts = round_starts(game)
    if starts[-1][1] < len(game.log):
        starts.append((game.state.clock.round, len(game.log)))  # now, within the last round
    for k, (rnd, index) in enumerate(starts):
        if stop is not None and stop.is_set():
            break
        result = run(make_job(game, index, seed=seed, policies=policies), runs, workers=workers, stop=stop, nice=nice)
        if result.cancelled:
            break
        fig = result.figures()
        out.append((rnd, index, {side: f["win"]["p"] for side, f in fig["sides"].items()}))
        if progress is not None:
            progress(k + 1, len(starts))
    return out
