"""The dice log: every roll in the encounter, with who, what for, the dice,
the modifiers and the result.

An entry is any logged action that recorded dice (a ``roll``, a CTB ``hit``,
a conflict ``task`` ...), shown with the events that resolved it, which say
who rolled, what for, the faces, the modifiers and the result.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets.option_list import Option

from gm_console.core.game import Game
from gm_console.ui import palette as pal
from gm_console.ui.text import content
from gm_console.ui.widgets.literal import LiteralOptionList

RESULT_KINDS = ("roll", "damage")


def roll_entries(game: Game) -> list[tuple[int, str, tuple[str, ...]]]:
    """(log index, what was rolled, the events that say what came of it)."""
    out = []
    for i, action in enumerate(game.log):
        faces = getattr(action, "dice", None)
        if not faces:
            continue
        told = tuple(e.text for e in game.events[i] if e.kind in RESULT_KINDS)
        head = f"{action.dice_purpose(game.state)} [{','.join(map(str, faces))}]"
        out.append((i, head, told))
    return out


class DiceLog(LiteralOptionList):
    DEFAULT_CSS = """
    DiceLog { border: round $primary 50%; height: 1fr; }
    DiceLog:focus { border: round $primary; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.border_title = content("Dice")
        self._shown: list[tuple[int, str, tuple[str, ...]]] | None = None

    def sync(self, game: Game) -> None:
        entries = roll_entries(game)
        if entries == self._shown:
            return
        self.clear_options()
        options = []
        for i, head, told in entries:
            text = Text()
            text.append(f"{i + 1:>4} ", style=pal.MUTED)
            text.append(head, style="bold")
            for line in told:
                text.append("\n     " + line)
            options.append(Option(text))
        self.add_options(options)
        self._shown = entries
        self.border_subtitle = content(f"{len(entries)} rolls")
        if options:
            self.highlighted = len(options) - 1
            self.scroll_to_highlight()
