"""The positions-only zone map, for encounters with zones that do not run the
conflict system (a CTB fight, say): who stands where, connections, Traits,
fog of war. The app adds it itself (``pane_class("zones")``)."""

from __future__ import annotations

from textual.app import ComposeResult
from gm_console.ui.widgets.literal import LiteralStatic

from gm_console.ui.panes.base import SystemPane
from gm_console.ui.text import content
from gm_console.ui.view import View


class ZonesPane(SystemPane):
    SYSTEM = "zones"
    TITLE = "Zone map"

    DEFAULT_CSS = """
    ZonesPane #zones-legend { height: 1; }
    """

    def compose(self) -> ComposeResult:
        return ()  # the map and its legend come the first time the pane shows (behind its tab, it may never)

    def show(self, view: View) -> None:
        from gm_console.ui.widgets.zone_map import ZoneMap, legend  # with the map (fog of war, its widget)

        self.view = view
        if not self.children:
            self.mount(ZoneMap(id="zones-map"), LiteralStatic(legend(), id="zones-legend"))
        self.query_one(ZoneMap).show(view.state)
        hidden = sum(1 for z in view.state.zones.values() if z.hidden)
        self.border_subtitle = content(f"{len(view.state.zones)} zones" + (f", {hidden} hidden" if hidden else ""))


PANE = ZonesPane


