"""ui.text.clip, the one truncation of the UI: by terminal cells, an ellipsis
when something was cut, styles kept."""

from rich.cells import cell_len
from rich.text import Text

from gm_console.ui.text import clip


def test_a_text_that_fits_comes_back_unchanged():
    assert clip("Ren", 3) == "Ren"
    styled = Text("Ren", style="bold")
    assert clip(styled, 5) is styled


def test_a_cut_ends_in_an_ellipsis_and_fills_the_width():
    assert clip("Lieutenant", 5) == "Lieu…"
    assert clip(Text("Lieutenant"), 5).plain == "Lieu…"


def test_a_wide_character_counts_two_cells():
    cut = clip("漢字漢字", 5)
    assert cell_len(cut) <= 5 and cut.endswith("…") and cut.startswith("漢字")


def test_the_kept_part_keeps_its_style_and_the_ellipsis_takes_none():
    cut = clip(Text.assemble(("Lieu", "bold"), ("tenant", "italic")), 5)
    assert cut.plain == "Lieu…"
    assert [(s.start, s.end, str(s.style)) for s in cut.spans] == [(0, 4, "bold")]


def test_nothing_left_but_the_ellipsis_at_width_one_or_less():
    assert clip("Lieutenant", 1) == "…"
    assert clip("Lieutenant", 0) == "…"
