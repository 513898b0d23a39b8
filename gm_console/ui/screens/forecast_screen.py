"""The forecast screen (``forecast`` in the palette): how this fight is likely
to go from where it stands, as ``gm-console forecast`` shows it, with the
rounds distribution and each side's chance to win at the start of each round
so far (``h``) as bar charts. In replay mode it forecasts from the step shown.

The fights run on other processes (gm_console/forecast.py, at a lower
priority) from a worker thread, so the console stays responsive; Esc stops
them and closes the screen, ``r`` runs the forecast again. GM only: the
screen reads a copy of the log and shows its figures here, nothing else; the
player view is built from the game's state, which a forecast never touches.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import ProgressBar

from gm_console.ui.palette import INFO
from gm_console.ui.widgets.bar_chart import BarChart
from gm_console.ui.widgets.literal import LiteralStatic

if TYPE_CHECKING:
    from gm_console.core.game import Game

RUNS = 500  # fights a forecast plays in the console
HISTORY_RUNS = 100  # fights per round for the chart of the fight so far
NICE = 19  # the workers' lowest priority: the console's keys come first (and a core is left to it: console_workers)


class ForecastScreen(ModalScreen[None]):
    """The figures, the rounds distribution and the win chances over the fight so far."""

    DEFAULT_CSS = """
    ForecastScreen { align: center middle; }
    ForecastScreen > Vertical { width: 100%; height: 100%; background: $panel; border: thick $accent; padding: 0 1; }
    ForecastScreen #forecast-status { height: auto; }
    ForecastScreen ProgressBar { height: 1; }
    ForecastScreen .chart-title { text-style: bold; margin-top: 1; }
    ForecastScreen #forecast-body { height: 1fr; layout: horizontal; }
    ForecastScreen #forecast-body > VerticalScroll { width: 1fr; height: 100%; }
    ForecastScreen.-narrow #forecast-body { layout: vertical; overflow-y: auto; }
    ForecastScreen.-narrow #forecast-body > VerticalScroll { width: 100%; height: auto; overflow-y: hidden; }
    """
    WIDE = 110  # columns from which the charts stand beside the tables (below them, scrolled to, under it)
    BINDINGS = [
        Binding("escape", "close", "Stop and close"),
        Binding("r", "rerun", "Run again"),
        Binding("h", "history", "Win chance by round"),
    ]

    def __init__(self, game: Game, runs: int = RUNS, workers: int | None = None, start: int | None = None) -> None:
        super().__init__()
        self.game = game
        self.start = len(game.log) if start is None else start  # a replay's step, or the live end of the log
        self.runs = runs
        self.processes = workers  # None: every core but one (forecast.console_workers)
        self.stop = threading.Event()
        self.figures: dict[str, Any] | None = None
        self.rounds_by_history: list[tuple[int, int, dict[str, float]]] | None = None
        self.names = {s.id: s.name for s in game.state.sides.values()} | {u.id: u.name for u in game.state.units.values()}

    def compose(self) -> ComposeResult:
        with Vertical():
            yield LiteralStatic(Text.assemble(("Forecast: ", "bold"), self.game.setup.title,
                                              f" from action {self.start}"), id="forecast-title")  # fmt: skip
            yield ProgressBar(total=self.runs, show_eta=False, id="forecast-progress")
            yield LiteralStatic("", id="forecast-status")
            with Container(id="forecast-body"):
                with VerticalScroll(id="forecast-figures"):
                    yield LiteralStatic("", id="forecast-tables")
                with VerticalScroll(id="forecast-charts"):
                    yield LiteralStatic("Rounds a fight lasts", classes="chart-title")
                    yield BarChart(id="forecast-rounds")
                    yield LiteralStatic("Chance to win at the start of each round (h)", classes="chart-title")
                    yield BarChart(style=INFO, id="forecast-history")

    def on_mount(self) -> None:
        self.action_rerun()

    def on_resize(self) -> None:
        self.set_class(self.size.width < self.WIDE, "-narrow")

    # ------------------------------------------------------------ the runs
    def action_rerun(self) -> None:
        self.stop.set()
        self.stop = threading.Event()
        self.query_one("#forecast-progress", ProgressBar).update(total=self.runs, progress=0)
        self._status("playing the fight through the rules engine…")
        lines = self.game.lines(0, self.start)
        self.run_worker(lambda: self._forecast(lines, self.stop), thread=True, exclusive=True, group="forecast")

    def _forecast(self, lines: list[str], stop: threading.Event) -> None:
        from gm_console.core.game import Game
        from gm_console.forecast import console_workers, make_job, run

        try:
            game = Game.load(self.game.setup, lines)
            result = run(make_job(game, seed=0), self.runs, workers=self.processes or console_workers(), stop=stop, nice=NICE,
                         progress=lambda done, total: self._later(stop, self._progress, done, total))  # fmt: skip
        except Exception as exc:  # noqa: BLE001 (the screen says why, the console goes on)
            self._later(stop, self._status, f"no forecast: {exc}")
            return
        self._later(stop, self._show, result.figures(), result.cancelled)

    def action_history(self) -> None:
        self._status("the chance to win at the start of each round so far…")
        lines = self.game.lines(0, self.start)
        stop = self.stop
        self.run_worker(lambda: self._history(lines, stop), thread=True, exclusive=True, group="forecast")

    def _history(self, lines: list[str], stop: threading.Event) -> None:
        from gm_console.core.game import Game
        from gm_console.forecast import console_workers, history

        try:
            game = Game.load(self.game.setup, lines)
            rows = history(game, HISTORY_RUNS, workers=self.processes or console_workers(), stop=stop, nice=NICE,
                           progress=lambda done, total: self._later(stop, self._status, f"round {done} of {total}…"))  # fmt: skip
        except Exception as exc:  # noqa: BLE001
            self._later(stop, self._status, f"no forecast: {exc}")
            return
        self._later(stop, self._show_history, rows)

    def _later(self, stop: threading.Event, fn: Any, *args: Any) -> None:
        """Run ``fn`` on the app's thread, unless the run was stopped (the screen may be gone)."""
        if not stop.is_set():
            try:
                self.app.call_from_thread(fn, *args)
            except RuntimeError:  # the app is closing
                pass

    # ------------------------------------------------------------ drawing
    def _status(self, text: str) -> None:
        self.query_one("#forecast-status", LiteralStatic).update(text)

    def _progress(self, done: int, total: int) -> None:
        self.query_one("#forecast-progress", ProgressBar).update(total=total, progress=done)

    def _show(self, figures: dict[str, Any], cancelled: bool) -> None:
        from gm_console.forecast_view import tables

        self.figures = figures
        figures["label"] = "forecast"
        self.query_one("#forecast-tables", LiteralStatic).update(Group(*tables([figures], self.names, histograms=False)))
        hist = figures["rounds"]["histogram"]
        top = max(hist.values(), default=1)
        self.query_one("#forecast-rounds", BarChart).show([(f"{r} rounds", c / top, str(c)) for r, c in hist.items()])
        done = f"{figures['fights']} fights played" + (" (stopped early)" if cancelled else "")
        self._status(f"{done}; each figure with its 95% interval (docs/forecast.md). h: the fight so far; r: again")

    def _show_history(self, rows: list[tuple[int, int, dict[str, float]]]) -> None:
        self.rounds_by_history = rows
        chart = []
        for k, (rnd, i, sides) in enumerate(rows):
            now = k > 0 and rows[k - 1][0] == rnd  # a second point in a round: where the fight is now
            label = f"now (action {i})" if now else f"round {rnd}"
            chart += [(f"{label} · {self.names.get(side, side)}", p, f"{p:.0%}") for side, p in sides.items()]
        self.query_one("#forecast-history", BarChart).show(chart)
        self._status(f"the chance to win at the start of each round so far and now ({HISTORY_RUNS} fights each)")

    def action_close(self) -> None:
        self.stop.set()
        self.dismiss(None)

    def on_unmount(self) -> None:
        self.stop.set()  # the app quitting with the screen open: the fights stop too
