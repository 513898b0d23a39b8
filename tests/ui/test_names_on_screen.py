"""One rule for what a unit is called on screen (issue 27, ui/render/names.py):
every bundled encounter is drawn, and each unit's label in the CTB roster, the
turn bar, the odds table, the AP timeline and the zone maps (the conflict map
and the positions-only map) reads as that unit and no other: its whole name,
or its name cut with an ellipsis where no other unit's name begins with the
cut, or its id where the names cannot be told apart in the room there is."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.cells import cell_len
from rich.text import Text

from gm_console.core.state import State, Unit
from gm_console.files import load_encounter
from gm_console.ui.app import GMConsoleApp
from gm_console.ui.panes.ctb import CTBPane
from gm_console.ui.widgets.lines_view import LinesView
from gm_console.ui.widgets.literal import LiteralStatic

ROOT = Path(__file__).resolve().parents[2]
ENCOUNTERS = sorted([*ROOT.glob("encounters/*.toml"), *ROOT.glob("encounters/campaign/[0-9]-*.toml")])
CTB = [p for p in ENCOUNTERS if 'systems = ["ctb"]' in p.read_text()]
SIZES = [(80, 24), (120, 40)]


def denotes(label: str, units: list[Unit]) -> set[str]:
    """Every unit ``label`` could be read as."""
    low = label.lower()
    out = {u.id for u in units if u.name.lower() == low or label in (u.id, f"{u.name} ({u.id})")}
    if label.endswith("…"):
        cut = low[:-1]
        out |= {u.id for u in units if u.name.lower().startswith(cut) or u.id.lower().startswith(cut)}
    return out


def id_needed(unit: Unit, units: list[Unit], room: int) -> bool:
    """Whether no form of the unit's name in ``room`` cells tells it apart: its
    name is another's too, or it is too long and every cut of it that fits
    begins another unit's name or id (which the prompt takes, and a cut reads as)."""
    name = unit.name.lower()
    if name in [u.name.lower() for u in units if u.id != unit.id]:
        return True
    others = [w.lower() for u in units if u.id != unit.id for w in (u.name, u.id)]
    if cell_len(unit.name) <= room:
        return False
    cuts = {name[:k].rstrip() for k in range(1, room)} - {""}  # what a cut shows before its ellipsis
    return all(any(o.startswith(cut) for o in others) for cut in cuts)


def check(place: str, shown: list[tuple[str, str | None]], units: list[Unit], room: int) -> None:
    """Each (label, the unit it should be, if known) of a place: read as one unit,
    the one meant, the same label wherever that unit shows in the place, and the
    id only where the name cannot tell the unit apart in ``room`` cells."""
    by_unit: dict[str, str] = {}
    for label, meant in shown:
        found = denotes(label, units)
        assert len(found) == 1, f"{place}: {label!r} reads as {sorted(found) or 'no unit'}"
        (uid,) = found
        assert meant is None or uid == meant, f"{place}: {label!r} is {meant}, reads as {uid}"
        assert by_unit.setdefault(uid, label) == label, f"{place}: {uid} shown as {by_unit[uid]!r} and {label!r}"
        unit = next(u for u in units if u.id == uid)
        if not name_form(label, unit):
            assert id_needed(unit, units, room), f"{place}: {uid} shown by its id ({label!r}) where its name would do"


def name_form(label: str, unit: Unit) -> bool:
    """Whether ``label`` is the unit's whole name or its name cut (not its id)."""
    name = unit.name.lower()
    return label.lower() == name or (label.endswith("…") and name.startswith(label[:-1].lower()))


# ---------------------------------------------------------------- the CTB pane


def bar_labels(pane: CTBPane) -> list[str]:
    first = pane.query_one("#ctb-bar", LiteralStatic).content.renderables[0].plain
    body = first.split(" ", 1)[1].strip()
    body = body.removesuffix(" …").strip()  # the bar cut: more turns than fit
    return [piece.strip() for piece in body.split(" ▸ ") if piece.strip()]


def roster(rows: list[str]) -> list[tuple[str, int]]:
    """(label, its room) of each unit row."""
    out = []
    for row in rows:
        if not row.strip():
            break
        if " AP " in row and row[:2] in ("▶ ", "  ") and row[2] != " ":
            out.append((row[2 : row.index(" AP ")].rstrip(), row.index(" AP ") - 2))
    return out


def timeline(rows: list[str]) -> tuple[list[str], int]:
    """The AP timeline's labels and their room."""
    head = next((i for i, row in enumerate(rows) if row.startswith("tick ")), None)
    if head is None:
        return [], 0
    axis = rows[head].index("┼")
    labels = []
    for row in rows[head + 1 :]:
        if not row.strip() or row.startswith("(one cell"):
            break
        labels.append(row[:axis].rstrip())
    return labels, axis - 1


def target_room() -> int:
    """The odds table's target column (10 cells before it had a name)."""
    from gm_console.ui.render import ctb

    return getattr(ctb, "TARGET_W", 10)


def odds(rows: list[str]) -> list[str]:
    return [row[4 : 4 + target_room()].rstrip() for row in rows if row.startswith(("hit ", "brk "))]


def check_ctb_pane(app: GMConsoleApp, where: str) -> None:
    from gm_console.core.systems.ctb.view import project, projection_length

    state, rules = app.game.state, app.game.rules
    units = list(state.units.values())
    pane = app.query_one(CTBPane)
    rows = [line.plain for line in pane.query_one(LinesView).lines]
    shown = roster(rows)
    assert len(shown) == len(units), f"{where}: roster {shown}"
    room = min(r for _, r in shown)
    check(f"{where} roster", [(label, u.id) for (label, _), u in zip(shown, units)], units, room)
    bar = bar_labels(pane)
    meant = ([state.clock.active] if state.clock.active else []) + [t.unit for t in project(state, rules, projection_length(state))]
    assert bar, f"{where}: an empty turn bar"
    check(f"{where} turn bar", list(zip(bar, meant)), units, max(cell_len(b) for b in bar))
    labels, room = timeline(rows)
    assert labels, f"{where}: no AP timeline"
    check(f"{where} timeline", [(label, None) for label in labels], units, room)
    table = odds(rows)
    if state.clock.active:
        assert table, f"{where}: no odds for the acting unit"
    actor = state.units.get(state.clock.active or "")
    check(f"{where} odds", [(label, None) for label in table], units, target_room())
    for label in table:
        (uid,) = denotes(label, units)
        assert actor is not None and state.units[uid].side != actor.side, f"{where}: odds against {uid}"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("path", CTB, ids=lambda p: p.stem)
async def test_every_ctb_place_names_each_unit_by_the_one_rule(path, size):
    app = GMConsoleApp(load_encounter(path))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        check_ctb_pane(app, f"{path.name} at start")
        for turn in range(1, 7):  # turns of several units: the odds of each
            app.fight.apply_line("next")
            await pilot.pause()
            check_ctb_pane(app, f"{path.name} turn {turn}")


# ---------------------------------------------------------------- the zone maps


def leading_label(token: Text) -> str:
    """The unit's label at the head of its map token (the marks and conditions after it have their own styles)."""
    end = min((span.start for span in token.spans), default=len(token.plain))
    return token.plain[:end].rstrip()


def map_places(path: Path):
    """The encounter's map (conflict map or positions-only map): (state, token, groups)."""
    from gm_console.ui.widgets.zone_map import default_groups, default_token

    game = load_encounter(path)
    if "conflict" in game.systems:
        from gm_console.ui.render.conflict import reach_groups, token

        return game, token, reach_groups(game.rules)
    return game, default_token, default_groups


@pytest.mark.parametrize("path", [p for p in ENCOUNTERS if "[[zones]]" in p.read_text()], ids=lambda p: p.stem)
def test_every_zone_map_names_each_unit_by_the_one_rule(path):
    from gm_console.ui.widgets.zone_map import map_lines

    game, token, groups = map_places(path)
    state: State = game.state
    units = list(state.units.values())
    on_map = [u for u in units if u.zone in state.zones]
    assert on_map, path.name
    tokens = {u.id: leading_label(token(state, u.id)) for u in on_map}
    check(f"{path.name} map", [(label, uid) for uid, label in tokens.items()], units, max(map(cell_len, tokens.values())))
    from gm_console.ui.render.names import labels

    for width, height in ((76, 14), (118, 30)):  # a box gives a label its room: the rule's label at some width
        drawn = "\n".join(line.plain for line in map_lines(state, width, height, token, groups))
        for u in on_map:
            forms = {labels(units, most)[u.id] for most in range(8, width)}
            assert any(form in drawn for form in forms), f"{path.name} map at {width}x{height}: {u.id} ({sorted(forms)}) not drawn"


def test_the_rule_itself():
    from types import SimpleNamespace as U

    from gm_console.ui.render.names import labels, width_for

    units = [U(id=i, name=n) for i, n in [
        ("ren", "Ren"), ("warlord", "Raider Warlord"), ("raider1", "Raider"), ("raider2", "Raider Skirmisher"),
        ("a", "Twin"), ("b", "twin"), ("rhea", "Rhea Okonkwo"),
    ]]  # fmt: skip
    assert dict(labels(units, 20)) == {
        "ren": "Ren", "warlord": "Raider Warlord", "raider1": "Raider", "raider2": "Raider Skirmisher",
        "a": "Twin (a)", "b": "twin (b)", "rhea": "Rhea Okonkwo",
    }  # fmt: skip
    nine = labels(units, 9)
    assert (nine["warlord"], nine["raider2"], nine["rhea"]) == ("Raider W…", "Raider S…", "Rhea…")  # cut after a word, else in one
    assert labels(units, 8)["warlord"] == "warlord"  # "Raider…" would be Raider Skirmisher too: the id
    assert labels([*units, U(id="boss", name="Raider Boss")], 9)["boss"] == "Raider B…"
    assert labels([U(id="raider1", name="Relay Raider 1"), U(id="w", name="Raider Warden")], 7)["w"] == "w"  # "Raider…" is raider1 at the prompt
    assert labels(units, 6)["a"] == "a"  # names that collide: the id when "Twin (a)" does not fit
    assert width_for(units, 8, 12) == 9  # a column gives a cell so no unit is shown by its id
    assert width_for([U(id="golem", name="Sparring Golem")], 8, 12) == 9  # "Sparring…", not "Sparrin…"
