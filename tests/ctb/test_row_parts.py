"""The CTB unit row built from its cached parts (gm_console/ui/render/ctb.py,
issue 16: a turn change rebuilds only each row's AP part) is the row as it was
drawn whole: the same text and the same spans, for every unit of every bundled
CTB encounter after random play, at every layout, Downed, Recalled and Broken
included. ``whole_row`` below is the row function before the parts."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.text import Text

from gm_console.core.errors import GMError
from gm_console.core.rules import Rules
from gm_console.core.state import State, Unit
from gm_console.core.systems.ctb.view import READY, gain, is_broken, is_downed, is_recalled
from gm_console.files import load_encounter
from gm_console.ui import palette as pal
from gm_console.ui.render import ctb as r
from gm_console.ui.render.ctb import Layout, bar, hp_style, mark, row_name, side_style
from tests.conftest import ENCOUNTERS

CTB = sorted(p for p in ENCOUNTERS.glob("ctb-*.toml"))


def whole_row(state: State, rules: Rules, unit: Unit, lay: Layout) -> Text:
    s = unit.stats
    active = unit.id == state.clock.active
    out_of_fight = is_downed(unit) or is_recalled(unit)
    text = Text()
    text.append("▶ " if active else "  ", style=pal.CAUTION_BOLD)
    name = row_name(unit, lay.name)
    name.stylize_before(side_style(state, unit, "now" if active else ""))
    text.append_text(name)
    if name.cell_len < lay.name:
        text.append(" " * (lay.name - name.cell_len))
    ap, rate = s.get("ap", 0), gain(unit, rules)
    text.append(" AP ", style=pal.MUTED)  # the clock's column, labelled like HP and AR
    if is_recalled(unit):
        text.append_text(mark(("RECALLED", "RCLD", "R"), lay.ap, "bold reverse"))
    else:
        text.append_text(bar(min(ap, READY), READY, lay.ap, pal.CAUTION_BOLD if ap >= READY else pal.GOOD))
    text.append(f" {ap:>3}", style=pal.CAUTION_BOLD if ap >= READY else "")
    if lay.rate:
        text.append(f" +{rate:<3}", style=pal.MUTED)
    hp, hpm = s.get("hp", 0), s.get("hp_max", 0)
    text.append(" HP ")
    if is_downed(unit):
        text.append_text(mark(("DOWNED", "DOWN", "D"), lay.hp, "bold reverse"))
    else:
        text.append_text(bar(hp, hpm, lay.hp, hp_style(hp, hpm)))
    text.append(f" {hp:>3}/{hpm:<3}")
    ar, arm = s.get("ar", 0), s.get("ar_max", 0)
    text.append(" AR ")
    if is_broken(unit, rules) and not out_of_fight:
        text.append_text(mark(("BROKEN", "BRKN", "B!"), lay.ar, pal.ALERT))
    else:
        text.append_text(bar(ar, arm, lay.ar, pal.ARMOR))
    text.append(f" {ar:>2}/{arm:<2}")
    ki, kim = s.get("ki", 0), s.get("ki_max", 0)
    text.append(" KI ")
    if lay.ki:
        text.append_text(bar(ki, kim, lay.ki, pal.SPECIAL))
        text.append(" ")
    text.append(f"{ki}/{kim}")
    text.append(f" K{s.get('kennel', 0)}", style=pal.MUTED if s.get("kennel", 0) == 100 else pal.SPECIAL_BOLD)
    if out_of_fight:
        text.stylize(pal.OUT)  # one muted colour over the row's own (dim fell under the contrast asked)
    return text


def rows_agree(game, widths=(20, 40, 71, 90, 140)) -> int:
    checked = 0
    state, rules = game.state, game.rules
    for width in widths:
        lay = r.layout(width)
        for unit in state.units.values():
            built, whole = r.unit_row(state, rules, unit, lay), whole_row(state, rules, unit, lay)
            assert built.plain == whole.plain and built.spans == whole.spans, (unit.id, width)
            checked += 1
    return checked


def test_every_bundled_ctb_encounters_rows_are_the_whole_rows():
    assert CTB
    for path in CTB:
        assert rows_agree(load_encounter(path)) > 0


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(CTB), st.lists(st.tuples(st.sampled_from(["next", "hit", "set hp", "set ap", "set ar", "recall"]), st.integers(0, 99), st.integers(1, 20)), max_size=25))
def test_after_random_play_the_rows_are_the_whole_rows(path, moves):
    game = load_encounter(path)
    ids = list(game.state.units)
    for verb, n, die in moves:
        a, b = ids[n % len(ids)], ids[(n // 7 + 1) % len(ids)]
        line = {
            "next": "next",
            "hit": f"hit {a} {b} free [{die}]",
            "set hp": f"set {a} hp {n % 3}",
            "set ap": f"set {a} ap {n * 2}",
            "set ar": f"set {a} ar {n % 2}",
            "recall": f"recall {a}",
        }[verb]
        try:
            game.push_line(line)
        except GMError:
            continue
        rows_agree(game, widths=(40, 90))
    assert rows_agree(game) > 0


def test_a_parts_cache_that_filled_up_starts_again_and_draws_the_same(monkeypatch):
    monkeypatch.setattr(r, "PARTS_KEPT", 5)
    r._PARTS.clear()
    game = load_encounter(CTB[0])
    assert rows_agree(game) > 5 and len(r._PARTS) <= 5
