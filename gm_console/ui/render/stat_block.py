"""A unit's stat block as Rich Text lines (ui/inspect.py gathers it; the
screen ui/screens/stat_block.py shows it): each number in force with where
it comes from, weapons and items, Traits, conditions with what is left, card
texts, the history this fight and the legal actions now. Everything from a
file or the log goes in as text, never markup."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text

from gm_console.core import statblock as sb
from gm_console.ui import palette as pal
from gm_console.ui.inspect import Inspected

LABEL_W = 18  # the figures' label column
VALUE_W = 8  # and their value column
HISTORY_SHOWN = 30  # the newest entries of the history


def heading(words: str) -> Text:
    return Text(words, style="bold underline")


def title(block: sb.StatBlock) -> Text:
    text = Text(block.name, style="bold")
    text.append(f" ({block.uid})", style=pal.MUTED)
    bits = [block.system or "no system", block.kind, f"side {block.side}"] + ([f"zone {block.zone}"] if block.zone else [])
    text.append("  " + " · ".join(bits), style=pal.MUTED)
    return text


def figure_line(figure: sb.Figure) -> Text:
    """``max HP        27     base: hp_base 30 +30 · kennel: Kennel 90 -3 · ...``"""
    label = figure.label if cell_len(figure.label) <= LABEL_W else figure.label[: LABEL_W - 1] + "…"
    text = Text(f"  {label:<{LABEL_W}} ")
    text.append(f"{figure.shown():<{VALUE_W - 1}} ", style="bold")
    for i, source in enumerate(figure.sources):
        if i:
            text.append(" · ", style=pal.MUTED)
        text.append(f"{source.kind}: ", style=pal.INFO)
        text.append(source.label)
        if source.value is not None:
            text.append(f" {source.value:+d}", style=pal.MUTED)
    return text


def block_lines(block: sb.StatBlock) -> list[Text]:
    lines = [title(block), Text(""), heading("Numbers in force")]
    lines += [figure_line(f) for f in block.figures]
    if block.gear:
        lines += [Text(""), heading("Weapons and items")]
        for gear in block.gear:
            line = Text(f"  {gear.name}", style="bold")
            line.append(f"  {gear.facts}")
            lines.append(line)
    lines += [Text(""), Text.assemble(("Traits: ", "bold"), ", ".join(block.traits) or "none")]
    conds = ", ".join(c.label for c in block.conditions) or "none"
    lines.append(Text.assemble(("Conditions: ", "bold"), conds))
    if block.notes:
        lines += [Text(""), heading("What the rules say of it now")]
        lines += [Text(f"  {note}") for note in block.notes]
    for card in block.cards:
        lines += [Text(""), heading(f"Card: {card.name} ({card.kind})")]
        lines.append(Text(f"  {card.facts}", style=pal.INFO))
        if card.text:
            lines.append(Text(f"  {card.text}"))
    return lines


def inspected_lines(seen: Inspected) -> list[Text]:
    """The whole stat block: each system's block, the history and the legal actions."""
    lines: list[Text] = []
    for i, block in enumerate(seen.blocks):
        if i:
            lines.append(Text(""))
        lines += block_lines(block)
    where = "this fight" if seen.live else f"up to action {seen.index} (replay)"
    lines += [Text(""), heading(f"History {where}")]
    if not seen.history:
        lines.append(Text("  nothing has happened to its numbers yet", style=pal.MUTED))
    shown = seen.history[-HISTORY_SHOWN:]
    if len(seen.history) > len(shown):
        lines.append(Text(f"  ({len(seen.history) - len(shown)} earlier entries in the log)", style=pal.MUTED))
    for index, words in shown:
        line = Text(f"  #{index} ", style=pal.MUTED)
        line.append(words)
        lines.append(line)
    lines += [Text(""), heading("Legal actions now")]
    if not seen.live:
        lines.append(Text("  replay shows the past: no actions here", style=pal.MUTED))
    elif not seen.actions:
        lines.append(Text("  none names it now", style=pal.MUTED))
    lines += [Text(f"  {line}") for line in seen.actions]
    return lines
