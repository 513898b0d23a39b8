"""A unit's stat block as Rich Text lines (ui/inspect.py gathers it; the
screen ui/screens/stat_block.py shows it): each number in force with where
it comes from, weapons and items, Traits, conditions with what is left, card
texts, the history this fight and the legal actions now. Everything from a
file or the log goes in as text, never markup."""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from gm_console.core import statblock as sb
from gm_console.ui import palette as pal
from gm_console.ui.inspect import Inspected

LABEL_W = 16  # the figures' label column
VALUE_W = 8  # and their value column
HISTORY_SHOWN = 30  # the newest entries of the history
WIDTH = 100  # the width the block is laid out at when none is given
_WRAP = Console(width=WIDTH, color_system=None, legacy_windows=False, markup=False)  # only to wrap words (Text.wrap asks for a console)


def hang(head: Text, body: Text, width: int) -> list[Text]:
    """``head`` then ``body`` wrapped to ``width`` cells, its later lines under its first (a hanging indent)."""
    indent = head.cell_len
    room = max(10, width - indent)
    parts = body.wrap(_WRAP, room) if body.plain else [Text("")]
    lines = []
    for i, part in enumerate(parts):
        part.rstrip()
        lines.append((head.copy() if i == 0 else Text(" " * indent)) + part)
    return lines


def heading(words: str) -> Text:
    return Text(words, style="bold underline")


def title(block: sb.StatBlock) -> Text:
    text = Text(block.name, style="bold")
    text.append(f" ({block.uid})", style=pal.MUTED)
    bits = [block.system or "no system", block.kind, f"side {block.side}"] + ([f"zone {block.zone}"] if block.zone else [])
    text.append("  " + " · ".join(bits), style=pal.MUTED)
    return text


def figure_lines(figure: sb.Figure, width: int = WIDTH) -> list[Text]:
    """``max HP            27      base: hp_base 30 +30 · kennel: Kennel 90 -3 · ...``, the sources wrapped under themselves."""
    label = figure.label if cell_len(figure.label) <= LABEL_W else figure.label[: LABEL_W - 1] + "…"
    head = Text(f"  {label:<{LABEL_W}} ")
    head.append(f"{figure.shown():<{VALUE_W - 1}} ", style="bold")
    sources = Text()
    for i, source in enumerate(figure.sources):
        if i:
            sources.append(" · ", style=pal.MUTED)
        sources.append(f"{source.kind}: ", style=pal.INFO)
        sources.append(source.label)
        if source.value is not None:
            sources.append(f" {source.value:+d}", style=pal.MUTED)
    return hang(head, sources, width)


def block_lines(block: sb.StatBlock, width: int = WIDTH) -> list[Text]:
    lines = hang(Text(""), title(block), width) + [Text(""), heading("Numbers in force")]
    for figure in block.figures:
        lines += figure_lines(figure, width)
    if block.gear:
        lines += [Text(""), heading("Weapons and items")]
        for gear in block.gear:
            lines += hang(Text(f"  {gear.name}  ", style="bold"), Text(gear.facts), width)
    lines += [Text("")] + hang(Text("Traits: ", style="bold"), Text(", ".join(block.traits) or "none"), width)
    lines += hang(Text("Conditions: ", style="bold"), Text(", ".join(c.label for c in block.conditions) or "none"), width)
    if block.notes:
        lines += [Text(""), heading("What the rules say of it now")]
        for note in block.notes:
            lines += hang(Text("  "), Text(note), width)
    for card in block.cards:
        lines += [Text(""), heading(f"Card: {card.name} ({card.kind})")]
        lines += hang(Text("  "), Text(card.facts, style=pal.INFO), width)
        if card.text:
            lines += hang(Text("  "), Text(card.text), width)
    return lines


def inspected_lines(seen: Inspected, width: int = WIDTH) -> list[Text]:
    """The whole stat block at ``width`` cells: each system's block, the history and the legal actions."""
    lines: list[Text] = []
    for i, block in enumerate(seen.blocks):
        if i:
            lines.append(Text(""))
        lines += block_lines(block, width)
    where = "this fight" if seen.live else f"up to action {seen.index} (replay)"
    lines += [Text(""), heading(f"History {where}")]
    if not seen.history:
        lines.append(Text("  nothing has happened to its numbers yet", style=pal.MUTED))
    shown = seen.history[-HISTORY_SHOWN:]
    if len(seen.history) > len(shown):
        lines.append(Text(f"  ({len(seen.history) - len(shown)} earlier entries in the log)", style=pal.MUTED))
    for index, words in shown:
        lines += hang(Text(f"  #{index} ", style=pal.MUTED), Text(words), width)
    lines += [Text(""), heading("Legal actions now")]
    if not seen.live:
        lines.append(Text("  replay shows the past: no actions here", style=pal.MUTED))
    elif not seen.actions:
        lines.append(Text("  none names it now", style=pal.MUTED))
    for line in seen.actions:
        lines += hang(Text("  "), Text(line), width)
    return lines
