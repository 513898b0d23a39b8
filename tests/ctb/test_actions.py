"""CTB verbs: notation, dice, legality (with the rule named), GM fixes with
set, add, the palette, the status line, the starter and the reference."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest
from tests.ctb.ctb_helpers import duel, game, stats, texts, unit

from gm_console.core.errors import IllegalAction, NotationError
from gm_console.core.game import format_action
from gm_console.core.system import get_system
from gm_console.files.encounter_io import EncounterFileError, loads_encounter
from gm_console.lookup import build_index
from gm_console.starter import starter_text

CTB = get_system("ctb")


@pytest.mark.parametrize(
    "line",
    [
        "hit kai gob [17]",
        "hit kai gob with=spark assist=2 ki=3 free [1]",
        "brk kai gob with=sword [20]",
        "tick",
        "tick 5",
        "haste kai 4",
        "slow gob 3",
        "delay gob 30",
        "rush kai 25",
        "recall gob",
    ],
)
def test_notation_round_trip(line):
    g = duel()
    assert format_action(g.parse(line)) == line


@pytest.mark.parametrize("line", ["tick 0", "haste kai 0", "hit kai gob assist=-1", "delay gob -4", "hit kai"])
def test_bad_notation(line):
    with pytest.raises(NotationError):
        duel().parse(line)


def test_engine_rolls_and_records_the_d20():
    g = duel()
    g.push_line("next")
    g.push_line("hit gob kai")
    assert re.fullmatch(r"hit gob kai \[(\d+)\]", g.lines()[-1])


def test_dice_out_of_range_refused():
    g = duel()
    g.push_line("next")
    with pytest.raises(IllegalAction, match="dice"):
        g.push_line("hit gob kai [21]")


@pytest.mark.parametrize(
    ("setup", "line", "rule"),
    [
        ([], "hit kai gob [5]", "ctb.turn_lock"),  # nobody's turn yet
        (["next"], "hit kai gob [5]", "ctb.turn_lock"),  # gob's turn
        (["next", "set gob hp 0"], "hit gob kai free [5]", "Downed"),  # a Downed attacker
        (["next", "set kai hp 0"], "hit gob kai [5]", "Downed"),  # a Downed target
        (["next", "set kai ar 0"], "brk gob kai [5]", "BRK Attack"),  # nothing left to break
        (["next"], "hit gob gob [5]", "Attack Damage"),
        (["next"], "hit gob kai ki=1 [5]", "KI"),  # gob has no KI
        (["set gob hp 0", "recall gob"], "rush gob 10", "Recall Beacon"),
        (["set gob hp 0", "recall gob"], "recall gob", "Recall Beacon"),
        (["set gob hp 0", "set kai hp 0"], "next", "Countdown Battle"),  # nobody can act
    ],
)
def test_illegal_actions_name_their_rule(setup, line, rule):
    g = duel()
    for s in setup:
        g.push_line(s)
    with pytest.raises(IllegalAction) as err:
        g.push_line(line)
    assert err.value.rule == rule and f"[{rule}]" in str(err.value)


def test_tick_refused_while_someone_is_waiting_at_100():
    g = game(unit("a", "pcs", 10, ap=100), unit("b", "foes", 10, ap=100))
    g.push_line("next")  # a acts, b waits at 100
    with pytest.raises(IllegalAction, match="use next"):
        g.push_line("tick")


def test_single_ticks():
    g = duel()  # kai 12 from 0, gob 9 from 40
    ev = texts(g.push_line("tick"))
    assert g.state.clock.tick == 1 and g.state.clock.active is None
    assert stats(g, "kai")["ap"] == 12 and stats(g, "gob")["ap"] == 49
    assert "nobody at 100 AP yet" in ev[0]
    g.push_line("tick 100")  # stops early on tick 7 (gob reaches 103)
    assert (g.state.clock.tick, g.state.clock.active) == (7, "gob")


@pytest.mark.parametrize(
    ("line", "ok"),
    [("set kai hp 40", True), ("set kai hp 41", False), ("set kai hp -1", False), ("set kai ar 10", True),
     ("set kai ar 11", False), ("set kai ki 10", True), ("set kai ki 11", False), ("set kai kennel 0", True),
     ("set kai kennel 201", False), ("set kai ap -1", False), ("set kai ap 500", True), ("set kai recalled 2", False),
     ("set kai ar_max 3", False), ("set kai atk -2", False)],
)  # fmt: skip
def test_set_keeps_values_in_bounds(line, ok):
    g = duel()
    if ok:
        g.push_line(line)
    else:
        with pytest.raises(IllegalAction):
            g.push_line(line)


def test_set_keeps_downed_consistent_and_gm_can_revive():
    g = duel()
    ev = texts(g.push_line("set kai hp 0"))
    assert "Kai is Downed" in ev and g.state.units["kai"].has("Downed")
    assert all(t["unit"] == "gob" for t in g.state.boards["ctb"].derived(g.state, g.rules)["turn_order"])
    ev = texts(g.push_line("set kai hp 5"))
    assert "Kai is back on their feet" in ev and not g.state.units["kai"].has("Downed")
    g.push_line("set kai kennel 0")  # linear curve with its floor: every maximum drops to 1, not to 0
    assert stats(g, "kai")["hp"] == 1 and not g.state.units["kai"].has("Downed")
    g.push_line("set kai hp 0")
    assert g.state.units["kai"].has("Downed")


def test_recall_of_the_acting_unit_ends_its_turn():
    g = game(unit("a", "pcs", 10, ap=100), unit("b", "foes", 10), house={"downed_clock": "acts"})
    g.push_line("next")
    g.push_line("set a hp 0")
    g.push_line("recall a")
    assert g.state.clock.active is None
    g.push_line("next")
    assert g.state.clock.active == "b"


def test_haste_slow_delay_rush():
    g = duel()
    g.push_line("haste kai 8")
    g.push_line("slow gob 20")
    g.push_line("rush kai 5")
    g.push_line("delay gob 100")
    s_k, s_g = stats(g, "kai"), stats(g, "gob")
    assert (s_k["ap_total"], s_k["ap"], s_g["ap_total"], s_g["ap"]) == (20, 5, 0, 0)
    assert [t["unit"] for t in g.state.boards["ctb"].derived(g.state, g.rules)["turn_order"]] == ["kai"] * 10


def test_add_unit_mid_fight():
    g = duel()
    g.push_line("next")
    g.push_line("hit gob kai [10]")
    g.push_line("add kai2 pcs copy=kai")
    s = stats(g, "kai2")
    assert s["hp"] == 40 and s["ap"] == 0 and s["ap_total"] == 12
    assert g.state.boards["ctb"].weapons["kai2"] == g.state.boards["ctb"].weapons["kai"]
    g.push_line("add imp foes ap_total=20 hp=9 atk=5")
    s = stats(g, "imp")
    assert (s["hp_base"], s["hp_max"], s["hp"], s["ap_total"]) == (9, 9, 9, 20)
    with pytest.raises(IllegalAction):
        g.push_line("add bad foes kennel=300")
    g.push_line("remove imp")
    assert "imp" not in g.state.boards["ctb"].weapons


def test_legal_actions_offer_the_active_units_attacks():
    g = duel()
    assert [a.notation() for a in g.legal_actions()] == ["next", "tick", "endbattle"]
    g.push_line("next")
    offered = [a.notation() for a in g.legal_actions()]
    assert offered == ["next", "hit gob kai", "brk gob kai", "tick", "endbattle"]
    g.push_line("set kai hp 0")
    assert "recall kai" in [a.notation() for a in g.legal_actions()]
    g.push_line("endbattle")  # once the battle is over, it is offered no more
    assert "endbattle" not in [a.notation() for a in g.legal_actions()]


def test_status_line_names_the_next_units():
    g = duel()
    g.push_line("next")
    assert CTB.describe_turn(g.state) == "next: Kai > Kai > Gob"


def test_missing_ctb_table_and_duplicate_weapons_are_file_problems():
    text = """
    format = 1
    title = "t"
    systems = ["ctb"]
    sides = [{id = "a"}]
    [[units]]
    id = "x"
    side = "a"
    [[units]]
    id = "y"
    side = "a"
    [units.ctb]
    ap_total = 5
    hp_base = 5
    weapons = [{id = "w"}, {id = "w"}]
    """
    with pytest.raises(EncounterFileError) as err:
        loads_encounter(textwrap.dedent(text))
    message = str(err.value)
    assert "units[0].ctb" in message and "duplicate weapon id 'w'" in message


def test_starter_encounter_is_valid_ctb():
    g = loads_encounter(starter_text("starter", ["ctb"]))
    g.push_line("next")
    assert g.state.clock.active in ("hero", "foe")
    assert g.state.boards["ctb"].weapons["hero"][0].name == "Longsword"


def test_reference_covers_every_rule_and_house_rule():
    index = build_index([CTB])
    keys = {e.key for e in index.entries}
    for key in ("countdown", "projection", "durability", "armor_broken", "brk", "attack_math", "resistances",
                "effectiveness", "precision", "proficiency_assist", "kennel", "downed", "recall"):  # fmt: skip
        assert f"ctb.{key}" in keys
    for rule in CTB.HOUSE_RULES:
        assert f"house.ctb.{rule.name}" in keys
    for verb in ("hit", "brk", "tick", "haste", "slow", "delay", "rush", "recall"):
        assert f"action.{verb}" in keys
    assert index.search("armor broken")[0].key == "ctb.armor_broken"


def test_project_text_copies_no_ten_word_run_from_the_rule_text():
    """The in-app reference must be the project's own words (the same check as the stop hook)."""
    rules = Path("/work/shared/rules/ctb-combat-core.md")
    if not rules.exists():
        pytest.skip("rule text not available here")
    words = lambda t: re.findall(r"[a-z0-9']+", t.lower())  # noqa: E731
    w = words(rules.read_text())
    shingles = {" ".join(w[i : i + 10]) for i in range(len(w) - 9)}
    root = Path(__file__).resolve().parents[2]
    mine = [*root.glob("gm_console/core/systems/ctb/*.py"), root / "gm_console/ui/panes/ctb.py", *root.glob("tests/ctb/*.py"),
            *root.glob("encounters/ctb-*.toml"), *root.glob("docs/ctb.md")]  # fmt: skip
    entries = " ".join(e.body for e in CTB.reference()) + " ".join(r.explain for r in CTB.HOUSE_RULES)
    for name, text in [("reference", entries)] + [(str(p), p.read_text()) for p in mine if p.exists()]:
        ws = words(text)
        copied = [" ".join(ws[i : i + 10]) for i in range(len(ws) - 9) if " ".join(ws[i : i + 10]) in shingles]
        assert not copied, (name, copied[:2])


def test_delaying_the_acting_unit_below_100_pays_only_what_it_has():
    """Found by the property test: the turn's 100 AP never drives AP below 0."""
    g = duel()
    g.push_line("next")  # gob acts with 103
    g.push_line("delay gob 50")
    g.push_line("next")
    assert stats(g, "gob")["ap"] >= 0
    assert texts(g.push_line("next"))  # the clock goes on


def test_hp_alone_sets_the_base_and_one_of_them_is_required():
    g = game({"id": "a", "side": "pcs", "ctb": {"ap_total": 12, "hp": 40, "ar": 10}})
    s = stats(g, "a")
    assert (s["hp_base"], s["hp_max"], s["hp"], s["ar_base"], s["ar"]) == (40, 40, 40, 10, 10)
    with pytest.raises(EncounterFileError, match="hp_base"):
        game({"id": "a", "side": "pcs", "ctb": {"ap_total": 12}})


def test_tick_names_who_arrives_soonest_by_ticks_not_by_ap():
    from tests.conftest import ENCOUNTERS
    from gm_console.files import load_encounter

    game = load_encounter(ENCOUNTERS / "ctb-training-yard.toml")
    events = [e.text for e in game.push_line("tick 1")]
    line = next(t for t in events if "nobody at 100 AP yet" in t)
    ticks = [int(part.split("(")[1].split()[0]) for part in line.split("yet (", 1)[1].split("), ")]
    assert ticks == sorted(ticks), line


def test_apply_json_shows_the_same_ctb_state_as_replay_json(tmp_path):
    """Issue 13: apply --json lacked turn_order, ready, downed, armor_broken, recalled, json_version, index, last_action."""
    import json
    import shutil

    from typer.testing import CliRunner

    from gm_console.cli import app
    from tests.conftest import ENCOUNTERS

    path = tmp_path / "ambush.toml"
    shutil.copy(ENCOUNTERS / "ctb-causeway-ambush.toml", path)
    runner = CliRunner()
    applied = json.loads(runner.invoke(app, ["apply", str(path), "next", "--json"]).output)["state"]
    assert applied == json.loads(runner.invoke(app, ["replay", str(path), "--json"]).output)
    for key in ("turn_order", "ready", "downed", "armor_broken", "recalled"):
        assert key in applied["boards"]["ctb"], key
    assert applied["json_version"] and applied["last_action"] == "next" and applied["index"] == applied["log_length"]
