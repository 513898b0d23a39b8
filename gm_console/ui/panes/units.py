"""The generic pane: every unit with side, zone, stats and conditions.
Shown for encounters whose systems bring no pane of their own."""

from __future__ import annotations

from rich.table import Table
from textual.app import ComposeResult
from gm_console.ui.widgets.literal import LiteralStatic

from gm_console.ui.panes.base import SystemPane
from gm_console.ui.text import literal
from gm_console.ui.view import View


class UnitsPane(SystemPane):
    SYSTEM = "core"
    TITLE = "Units"

    def compose(self) -> ComposeResult:
        yield LiteralStatic(id="units-table")

    def show(self, view: View) -> None:
        self.view = view
        state = view.state
        table = Table(expand=True, box=None, pad_edge=False)
        for col in ("unit", "side", "zone", "stats", "conditions"):
            table.add_column(col, overflow="fold")
        for unit in state.units.values():
            style = "bold reverse" if unit.id == state.clock.active else ""
            zone = state.zones[unit.zone].name if unit.zone in state.zones else "-"
            table.add_row(  # Text cells: a str cell would be read as markup
                literal(unit.name),
                literal(state.sides[unit.side].name),
                literal(zone),
                literal(" ".join(f"{k} {v}" for k, v in unit.stats.items())),
                literal(", ".join(c.label() for c in unit.conditions.values())),
                style=style,
            )
        self.query_one("#units-table", LiteralStatic).update(table)


PANE = UnitsPane
