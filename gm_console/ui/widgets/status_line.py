"""One line under the title: whose turn, the unit a click selected, the clock, pools, dice mode, saved state."""

from __future__ import annotations

from pathlib import PurePath

from rich.text import Text

from gm_console.ui import palette as pal
from gm_console.ui.view import View
from gm_console.ui.widgets.literal import LiteralStatic


def departing_segment(rules) -> str:
    """One short segment when a house rule in force departs from the rule text ("" when none does)."""
    departing = rules.departing()
    if not departing:
        return ""
    if len(departing) == 1:
        return f"⚠ departs from text: {next(iter(departing)).split('.', 1)[1]}"
    return f"⚠ {len(departing)} house rules depart from text"


class StatusLine(LiteralStatic):
    DEFAULT_CSS = """
    StatusLine { dock: top; height: 1; background: $boost; color: $text; padding: 0 1; }
    """

    _shown: Text | None = None

    def show(
        self, view: View, *, dirty: bool, dice: str, path: str, players: tuple[str, bool] = ("", False), selected: str | None = None,
    ) -> None:
        self._args = ((view,), {"dirty": dirty, "dice": dice, "path": path, "players": players, "selected": selected})
        self._selected = selected
        # inside the padding, across the screen (docked top): from the terminal's width, not content_size,
        # which reads the compositor's map and is 0 while a resize lays out (a 160-cell line then showed whole)
        width = self.app.size.width - self.styles.gutter.width
        text = self.line(view, dirty, dice, path, players, nobody=True)
        if text.cell_len > width:  # too long: leave out "acting: -", then the file's folder
            text = self.line(view, dirty, dice, path, players, nobody=False)
        if text.cell_len > width and ("/" in path or "\\" in path):
            path = PurePath(path).name
            text = self.line(view, dirty, dice, path, players, nobody=False)
        if text.cell_len > width:  # still too long: the systems' turn notes go (the panes show the order)
            text = self.line(view, dirty, dice, path, players, nobody=False, notes=False)
        if text != self._shown:  # unchanged (a hit mid-turn): nothing to repaint
            self._shown = text
            self.update(text, layout=False)  # one line, always (scrubbed): no need to lay the screen out again

    def on_resize(self) -> None:
        if self._args is not None:
            self.show(*self._args[0], **self._args[1])

    _args: tuple | None = None
    _selected: str | None = None  # the unit a click selected (ui/pointing.py), shown after who acts

    def line(self, view: View, dirty: bool, dice: str, path: str, players: tuple[str, bool], nobody: bool, notes: bool = True) -> Text:
        """The status line's text; ``nobody``: say "acting: -" when no one acts."""
        state = view.state
        clock = state.clock
        active = state.units.get(clock.active) if clock.active else None
        text = Text()
        if not view.live:
            text.append(f" REPLAY {view.index}/{len(view.game.log)} ", style="bold reverse")
            text.append(" ")
        text.append(f"Round {clock.round}", style="bold")
        if clock.phase:
            text.append(f" · {clock.phase}")
        if clock.tick:
            text.append(f" · tick {clock.tick}")
        if active or nobody:
            text.append(" · acting: ")
            side = state.sides.get(active.side) if active else None
            text.append(active.name if active else "-", style=pal.side(side) if active else pal.MUTED)
        chosen = state.units.get(self._selected) if self._selected else None
        if chosen is not None:
            text.append(" · selected: ")
            text.append(chosen.name, style="bold underline")
        for system in view.game.systems.values() if notes else ():
            extra = system.describe_turn(state)
            if extra:
                text.append(f" · {extra}")
        for pool, value in state.pools.items():
            text.append(f" · {pool.capitalize()} {value}")
        text.append(f" · dice: {dice}")
        departs = departing_segment(view.game.rules)
        if departs:  # a house rule in force contradicts a sentence of the text (the lookup says which)
            text.append(f" · {departs}", style=pal.CAUTION_BOLD)
        if players[0]:  # the player view is on: how many browsers watch, a warning when the network reaches it
            text.append(f" · {players[0]}", style=pal.ALERT if players[1] else "bold")
        text.append(f" · {path}{' *' if dirty else ''}", style=pal.MUTED)
        return text
