"""The zone conflict pane: the zone map, every character's Stress track with
Injuries and markers, Momentum and Threat, and who has acted this round.
This module is the widget plumbing (which parts go where at this size);
what each part shows is drawn by ui/render/conflict.py from the conflict's
view.

Narrow (the 80x24 console gives it about 78x13): a header, the map, then the
tracks (two to a line when they would not fit). Wide (110+ columns): the map
on the left, the tracks with full detail on the right.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal

from gm_console.core.errors import GMError
from gm_console.core.state import State
import gm_console.core.systems.conflict.view as cv
from gm_console.ui.panes.base import SystemPane
from gm_console.ui.render import conflict as draw
from gm_console.ui.text import content
from gm_console.ui.view import View
from gm_console.ui.widgets.literal import LiteralStatic
from gm_console.ui.widgets.zone_map import ZoneMap, map_lines

WIDE = 110


def draft_odds(view: View) -> list[Text]:
    """The odds of the roll being typed (the system's own plan of it), or why
    it cannot be made now; nothing for a line that rolls nothing."""
    draft = view.draft
    if draft is None or not view.live or getattr(draft, "SYSTEM", "") != "conflict" or not getattr(draft, "ROLLS", False):
        return []
    try:
        line = cv.odds(draft, view.state, view.game.context(view.index))
    except GMError as exc:
        return draw.odds_lines(draft.VERB, None, str(exc))
    return draw.odds_lines(draft.VERB, line)


class ConflictPane(SystemPane):
    SYSTEM = "conflict"
    TITLE = "Zone conflict"
    DRAWS_ZONES = True

    DEFAULT_CSS = """
    ConflictPane #cf-head { height: auto; }
    ConflictPane #cf-body { height: 1fr; layout: vertical; }
    ConflictPane.-wide #cf-body { layout: horizontal; }
    ConflictPane #cf-map { height: auto; }
    ConflictPane #cf-tracks { height: 1fr; }
    ConflictPane.-wide #cf-map { width: 3fr; height: 1fr; }
    ConflictPane.-wide #cf-tracks { width: 2fr; height: 1fr; padding-left: 1; }
    """

    def compose(self) -> ComposeResult:
        yield LiteralStatic(id="cf-head")
        with Horizontal(id="cf-body"):
            yield ZoneMap(token=draw.token, id="cf-map")
            yield LiteralStatic(id="cf-tracks")

    def show(self, view: View) -> None:
        self.view = view
        self.relayout()

    def on_resize(self) -> None:
        self.relayout()

    def preview(self, view: View) -> None:
        """While the GM types a roll (task, attack, first aid...): its exact odds above the tracks."""
        self.view = view
        self._draft = view.draft
        self._odds = draft_odds(view)
        self.show_tracks(layout=False)  # its height is fixed (1fr): typing lays nothing out

    def show_tracks(self, layout: bool = True) -> None:
        if not self.is_mounted:
            return
        lines = getattr(self, "_odds", []) + getattr(self, "_tracks", [])
        self.query_one("#cf-tracks", LiteralStatic).update(Text("\n").join(lines), layout=layout)

    def relayout(self) -> None:
        view = self.view
        if view is None or not self.is_mounted:
            return
        state, rules = view.state, view.game.rules
        width, height = self.content_size.width or self.width_hint() or 78, self.content_size.height or 13  # (not laid out yet: its width to be)
        wide = width >= WIDE
        self.set_class(wide, "-wide")
        head = draw.header_lines(state, rules, width)
        self.query_one("#cf-head", LiteralStatic).update(Text("\n").join(head))
        zmap = self.query_one(ZoneMap)
        zmap.groups = draw.reach_groups(rules)
        zmap.per_line = None
        zmap.token = draw.token_detail if wide else draw.token
        zmap.show(state)
        body_h = max(3, height - len(head))
        if wide:
            side_w = width * 2 // 5 - 1
            tracks = draw.detail_lines(state, side_w)
            if len(tracks) > body_h:
                tracks = draw.track_lines(state, side_w, body_h)
            more = draw.extra_lines(state, side_w)
            if len(tracks) + 1 + len(more) <= body_h:
                tracks += [Text("")] + more
            key = draw.key_lines(side_w)
            if len(tracks) + 3 <= body_h:  # the legend's lines that fit, each of whole marks
                tracks += [Text(""), *key[: body_h - len(tracks) - 2]]
            zmap.styles.height = "1fr"
        else:
            tracks = self.stacked(state, zmap, width, body_h, draw.key_lines(width))
        self._tracks = tracks
        draft = getattr(self, "_draft", None)  # a line still in the prompt: its odds on this state
        self._odds = draft_odds(View(view.game, view.state, view.index, view.live, draft)) if draft is not None else []
        self.show_tracks()
        subtitle = draw.subtitle(state)
        if subtitle is not None:
            self.border_subtitle = content(subtitle)

    def stacked(self, state: State, zmap: ZoneMap, width: int, body_h: int, key: list[Text]) -> list[Text]:
        """Map over tracks: the richest arrangement that fits the height."""
        for per_line in (True, False):
            need = len(map_lines(state, width, body_h, draw.token, zmap.groups, per_line=per_line))
            for tracks in (draw.detail_lines(state, width), draw.track_lines(state, width)):
                if need + len(tracks) <= body_h:
                    zmap.per_line = per_line
                    zmap.styles.height = need
                    if need + len(tracks) + 2 <= body_h:  # the legend's lines that fit, each of whole marks
                        tracks = tracks + [Text(""), *key[: body_h - need - len(tracks) - 1]]
                    return tracks
        zmap.per_line = False
        need = len(map_lines(state, width, body_h, draw.token, zmap.groups, per_line=False))
        room = max(1, body_h - min(need, body_h - 3))
        zmap.styles.height = max(3, body_h - room)
        return draw.track_lines(state, width, room)


PANE = ConflictPane
