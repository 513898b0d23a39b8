"""A forecast's figures as Rich tables, for ``gm-console forecast`` and the
console's forecast screen alike (names reach them as ``Text``, never markup).

Each figure reads "62% (58-66)": the chance, then its 95% interval; a mean
reads "12.3 (11.9-12.7)". With a "what if" each table has a second column
of figures beside the first.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.table import Table
from rich.text import Text

from gm_console.ui.text import literal

BAR = "█"


def chance(fig: Mapping[str, float] | None) -> str:
    if fig is None:
        return "-"
    return f"{fig['p']:.0%} ({fig['low']:.0%}-{fig['high']:.0%})"


def mean(fig: Mapping[str, float] | None) -> str:
    if fig is None:
        return "-"
    return f"{fig['mean']:.1f} ({fig['low']:.1f}-{fig['high']:.1f})"


def bars(histogram: Mapping[str, int], width: int = 30) -> list[tuple[str, str, int]]:
    """(rounds, bar, fights) per number of rounds: the rounds distribution as block bars."""
    top = max(histogram.values(), default=0)
    return [(r, BAR * max(1, round(width * c / top)) if c else "", c) for r, c in histogram.items()]


def _heads(title: str, first: str, figures: list[dict[str, Any]]) -> Table:
    table = Table(title=title, title_justify="left")
    table.add_column(first)
    for fig in figures:
        table.add_column("what if" if fig.get("label") == "what if" else "forecast", justify="right")
    return table


def tables(figures: list[dict[str, Any]], names: Mapping[str, str], histograms: bool = True) -> list[Table]:
    """The tables of one forecast, or of a forecast and its "what if" side by side.
    ``names``: display names of sides, units and Facilities by id; ``histograms``:
    the rounds distribution as bars too (the console draws its own chart)."""
    def name(key: str) -> Text:
        return literal(names.get(key, key))

    out = []
    ends = _heads("How it ends", "end", figures)
    for side in dict.fromkeys(s for f in figures for s in f["sides"]):
        ends.add_row(Text.assemble("win: ", literal(names.get(side, side))), *(chance(f["sides"].get(side, {}).get("win")) for f in figures))
    kinds = sorted({k for f in figures for k in f["ends"]})
    for kind in kinds:
        ends.add_row(literal(kind), *(chance(f["ends"].get(kind)) for f in figures))
    ends.add_row("rounds", *(mean(f["rounds"]) for f in figures))
    ends.add_row("fights played", *(f"{f['fights']} of {f['runs']}" for f in figures))
    out.append(ends)
    units = _heads("Each unit at the end", "unit: end", figures)
    keys = list(dict.fromkeys(u for f in figures for u in f["units"]))
    for uid in keys:
        marks = sorted({m for f in figures for m in f["units"].get(uid, {}).get("ends", {})})
        for mark in marks:
            units.add_row(Text.assemble(name(uid), f": {mark}"), *(chance(f["units"].get(uid, {}).get("ends", {}).get(mark)) for f in figures))
    out.append(units)
    numbers = _heads("Expected at the end", "what", figures)
    subjects = list(dict.fromkeys(s for f in figures for s in f["numbers"]))
    for subject in subjects:
        measures = list(dict.fromkeys(m for f in figures for m in f["numbers"].get(subject, {})))
        for measure in measures:
            numbers.add_row(Text.assemble(name(subject), f" {measure}"), *(mean(f["numbers"].get(subject, {}).get(measure)) for f in figures))
    out.append(numbers)
    for fig in figures if histograms else ():
        hist = Table(title=f"Rounds ({'what if' if fig.get('label') == 'what if' else 'forecast'})", title_justify="left", show_header=False, box=None)
        for r, bar, count in bars(fig["rounds"]["histogram"]):
            hist.add_row(r, Text(bar, "green"), str(count))
        out.append(hist)
    return out


def names_of(game: Any) -> dict[str, str]:
    """Display names of a game's sides, units (those of the setup too) and Facilities."""
    out = {s.id: s.name for s in game.state.sides.values()}
    out.update({u.id: u.name for u in game.state.units.values()})
    return out
