"""The positions-only zone map, for encounters with zones that do not run the
conflict system (a CTB fight, say): who stands where, connections, Traits,
fog of war. The app adds it itself (``pane_class("zones")``).

A unit that has left the battle stands on no zone: in a CTB fight a Recalled
unit (the Recall Beacon extracts it: the rule text's "emergency extraction")
is drawn off the map, named on a line under it."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult

from gm_console.core.state import State, Unit
from gm_console.ui import palette as pal
from gm_console.ui.panes.base import SystemPane
from gm_console.ui.text import content
from gm_console.ui.view import View
from gm_console.ui.widgets.literal import LiteralStatic


def withdrawn_test(view: View) -> Callable[[Unit], bool]:
    """Which units have left the battle in this fight's systems (the CTB's Recalled)."""
    if "ctb" in view.game.systems:
        from gm_console.core.systems.ctb.view import is_recalled

        return is_recalled
    return _nobody


def _nobody(unit: Unit) -> bool:
    return False


def off_map_line(state: State, withdrawn: Callable[[Unit], bool]) -> Text | None:
    """``Recalled, off the map: Oskar, Hexer`` (cut with an ellipsis where it is
    drawn); None when nobody on the map has left."""
    from gm_console.ui.widgets.zone_map import label

    gone = [u for u in state.units.values() if u.zone and withdrawn(u)]
    if not gone:
        return None
    line = Text(no_wrap=True, overflow="ellipsis")
    line.append("Recalled, off the map: ", style=pal.MUTED)
    for i, unit in enumerate(gone):
        if i:
            line.append(", ", style=pal.MUTED)
        line.append(label(state, unit.id, 12), style=pal.side(state.sides.get(unit.side)))
    return line


class ZonesPane(SystemPane):
    SYSTEM = "zones"
    TITLE = "Zone map"

    DEFAULT_CSS = """
    ZonesPane #zones-legend { height: 1; }
    ZonesPane #zones-off { height: 1; }
    """

    withdrawn: Callable[[Unit], bool]  # set by show, before the map is mounted

    def compose(self) -> ComposeResult:
        return ()  # the map and its legend come the first time the pane shows (behind its tab, it may never)

    def show(self, view: View) -> None:
        from gm_console.ui.widgets.zone_map import ZoneMap, legend  # with the map (fog of war, its widget)

        self.view = view
        self.withdrawn = withdrawn = withdrawn_test(view)
        if not self.children:

            off = LiteralStatic(id="zones-off")
            off.display = False
            self.mount(ZoneMap(groups=self.groups, id="zones-map"), off, LiteralStatic(legend(), id="zones-legend"))
        self.query_one(ZoneMap).show(view.state)
        self.show_off_map(view.state, withdrawn)
        hidden = sum(1 for z in view.state.zones.values() if z.hidden)
        self.border_subtitle = content(f"{len(view.state.zones)} zones" + (f", {hidden} hidden" if hidden else ""))

    def groups(self, state: State, zone: str) -> list[list[str]]:
        """The map's occupants of ``zone``, one a group, but those who have left the battle."""
        return [[u.id] for u in state.units_in(zone) if not self.withdrawn(u)]

    def show_off_map(self, state: State, withdrawn: Callable[[Unit], bool]) -> None:
        """The line naming who has left the battle, shown only while someone has."""
        line = off_map_line(state, withdrawn)
        off = self.query_one("#zones-off", LiteralStatic)
        if line is None:
            off.display = False
            return
        off.update(line)
        off.display = True


PANE = ZonesPane
