"""``gm-console forecast``: the command's work (cli.py only declares it).

A rich progress bar while the fights run (on stderr), then the tables of
``forecast_view`` or the JSON of docs/json.md. Ctrl+C stops the fights and
shows what was played so far. ``--what-if LINE`` (repeatable) and
``--compare FILE`` each make a second forecast, shown beside the first.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gm_console.core.errors import GMError
from gm_console.core.forecast import Caps
from gm_console.core.game import Game
from gm_console.forecast import Forecast, Job, example, make_job, run


class ForecastError(Exception):
    """A bad option or file: its message is for the user."""


def parse_policies(items: list[str]) -> dict[str, str]:
    out = {}
    for item in items:
        side, eq, name = item.partition("=")
        if not eq or not side or not name:
            raise ForecastError(f"--policy {item!r}: write SIDE=NAME, like raiders=focus")
        out[side] = name
    return out


def jobs(game: Game, other: Game | None, start: int | None, *, runs: int, seed: int, policies: dict[str, str],
         what_if: list[str], rounds: int) -> list[Job]:  # fmt: skip
    """The forecast's job, and the what-if's (the same point with the lines, or the other file)."""
    caps = Caps(rounds=rounds)
    try:
        out = [make_job(game, start, seed=seed, policies=policies, caps=caps)]
        if what_if:
            out.append(make_job(game, start, what_if=what_if, seed=seed, policies=policies, caps=caps))
        if other is not None:
            out.append(make_job(other, start if start is not None and start <= len(other.log) else None,
                                seed=seed, policies=policies, caps=caps))  # fmt: skip
    except GMError as exc:
        raise ForecastError(str(exc)) from None
    return out


def play_all(todo: list[Job], runs: int, workers: int | None, console: Any | None) -> list[Forecast]:
    """Run each job, with a progress bar on ``console`` (None: quiet). Ctrl+C stops them all."""
    results: list[Forecast] = []
    if console is None:
        for job in todo:
            results.append(run(job, runs, workers=workers))
            if results[-1].cancelled:
                break
        return results
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=console, transient=True) as bar:  # fmt: skip
        for i, job in enumerate(todo):
            task = bar.add_task("forecast" if i == 0 else "what if", total=runs)

            def advance(done: int, _runs: int, task: Any = task) -> None:
                bar.update(task, completed=done)

            results.append(run(job, runs, workers=workers, progress=advance))
            if results[-1].cancelled:
                break
    return results


def figures(results: list[Forecast]) -> list[dict[str, Any]]:
    out = []
    for i, r in enumerate(results):
        fig = r.figures()
        fig["label"] = "forecast" if i == 0 else "what if"
        fig["cancelled"] = r.cancelled
        out.append(fig)
    return out


def save_example(job: Job, path: Path) -> str:
    """Save fight 0 of the job as an encounter (its log replays to the same end)."""
    from gm_console.files.encounter_io import save_encounter

    fight, game = example(job, 0)
    save_encounter(game, path, backup=False)
    return f"{fight.end}" + (f", {fight.winner} wins" if fight.winner else "") + f" after {fight.rounds} rounds ({len(game.log)} actions)"
