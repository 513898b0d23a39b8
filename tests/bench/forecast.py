"""The forecast's figures for tests/bench/run.py (docs/forecast.md, issue 31).

- ``forecast_rate``: simulated actions a second on one core (CPU time) (fights of the
  demo played by gm_console.forecast, policies choosing) / the rate of a plain
  replay of the same actions (``push`` in a loop on a fork of the same
  starting game). Budget: at least 0.5.
- ``forecast_2000_ms``: 2,000 fights of the demo on 2 processes, from the job
  made to the figures. Budget: 10 s.
- ``forecast_frame_ratio``: the console's Enter-to-frame on the 300-action
  fight while a forecast of the demo runs on 2 processes at the console's
  priority for them (``nice`` 10, ui/screens/forecast_screen.py) / with none
  running, sampled in turn. Budget: 1.2.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from typing import Any

FIGHTS_RATE = 300  # fights timed for the rate (one core)
FIGHTS_TIMED = 2000
SIDE_PROCESSES = 2


def _demo() -> Any:
    from gm_console.files import load_encounter
    from gm_console.files.paths import demo_encounter

    return load_encounter(demo_encounter())


def forecast_rate(samples: int, fights: int = FIGHTS_RATE) -> tuple[list[float], list[float], int]:
    """(forecast ms, replay ms, actions) a sample: the same actions simulated, then replayed.
    CPU time of this process (one core): on a machine others share, wall time measures them."""
    from gm_console.forecast import base_game, example, make_job, run

    job = make_job(_demo(), seed=1)
    base = base_game(job)
    logs = [example(job, i)[1].log[len(base.log):] for i in range(fights)]
    actions = sum(len(log) for log in logs)
    simulated, replayed = [], []
    for _ in range(samples):  # in turn
        started = time.process_time()
        result = run(job, fights, workers=1)
        simulated.append((time.process_time() - started) * 1000)
        assert sum(f.actions for f in result.fights) == actions
        started = time.process_time()
        for log in logs:
            game = base.fork()
            for action in log:
                game.push(action)
        replayed.append((time.process_time() - started) * 1000)
    return simulated, replayed, actions


def forecast_2000(samples: int) -> list[float]:
    """Milliseconds for 2,000 fights of the demo on 2 processes (pool start included)."""
    from gm_console.forecast import make_job, run

    game = _demo()
    out = []
    for i in range(samples):
        started = time.perf_counter()
        result = run(make_job(game, seed=i), FIGHTS_TIMED, workers=SIDE_PROCESSES)
        out.append((time.perf_counter() - started) * 1000)
        assert len(result.fights) == FIGHTS_TIMED
    return out


def running_forecast(console: list[str], env: dict[str, str]) -> subprocess.Popen:
    """A long forecast of the demo as the console runs one (ui/screens/forecast_screen.py):
    on every core but one, at the console's nice, in its own session."""
    from gm_console.files.paths import demo_encounter
    from gm_console.forecast import console_workers
    from gm_console.ui.screens.forecast_screen import NICE

    argv = ["nice", "-n", str(NICE), *console, "forecast", str(demo_encounter()), "--runs", "100000",
            "--workers", str(console_workers()), "--json"]  # fmt: skip
    return subprocess.Popen(argv, env=dict(os.environ, **env), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)  # fmt: skip


def stop(process: subprocess.Popen) -> None:
    try:
        os.killpg(process.pid, signal.SIGTERM)
    except ProcessLookupError:
        pass
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


if __name__ == "__main__":  # quick look: python tests/bench/forecast.py
    sys.path.insert(0, os.getcwd())
    sim, rep, n = forecast_rate(1, 100)
    print(f"rate ratio {min(rep) / min(sim):.3f} ({n} actions)")
    print(f"2,000 fights on 2 processes: {forecast_2000(1)[0]:.0f} ms")
