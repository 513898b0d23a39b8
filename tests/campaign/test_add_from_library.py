"""At the table: ``add UNIT from=library:ID [zone=] [side=] [name=]`` brings a
library template in mid-fight. The template is copied into the encounter's
``[templates]`` when the line is typed (files/library.py ``bring_template``),
so the log line stays short and the fight replays, saves, reloads and recovers
whatever the library says later."""

from __future__ import annotations

import json
import shutil
from importlib import resources

import pytest
import tomli_w
import tomllib
from typer.testing import CliRunner

from gm_console.cli import app as cli
from gm_console.core.actions import AddUnit
from gm_console.core.errors import GMError, IllegalAction, NotationError
from gm_console.core.game import format_action, parse_action, verb_table
from gm_console.core.system import all_systems
from gm_console.files import load_encounter, save_encounter
from gm_console.files.journal import Journal, read_journal
from gm_console.files.library import bring_template
from tests.conftest import ENCOUNTERS

runner = CliRunner()
VERBS = verb_table(all_systems())
BUNDLED = {"conflict": "conflict-relay-station.toml", "ctb": "ctb-causeway-ambush.toml", "reactor": "reactor-night-shift.toml"}


@pytest.fixture
def camp(tmp_path):
    folder = tmp_path / "campaign"
    shutil.copytree(ENCOUNTERS / "campaign", folder)
    return folder


def typed(game, line, path):
    """What the prompt and ``gm-console apply`` do with a typed line."""
    action = game.parse(line)
    bring_template(game, action, path)
    return game.push_entry(action)


def edit(path, old, new):
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def bundled_fight(system, tmp_path):
    """A bundled encounter of ``system`` beside a copy of its bundled library, listing it."""
    lib = resources.files("gm_console") / "data" / f"library-{system}.toml"
    shutil.copy(str(lib), tmp_path / f"library-{system}.toml")
    data = tomllib.loads((ENCOUNTERS / BUNDLED[system]).read_text())
    data["libraries"] = [f"library-{system}.toml"]
    path = tmp_path / "fight.toml"
    path.write_text(tomli_w.dumps(data))
    side = next(s["id"] for s in data["sides"] if s.get("controller", "gm") == "gm")
    return path, side, tomllib.loads((tmp_path / f"library-{system}.toml").read_text())


# ------------------------------------------------------------------ the notation


@pytest.mark.parametrize(
    "line, action, written",
    [
        ("add raider3 from=library:raider zone=dock", AddUnit(unit="raider3", template="raider", zone="dock"), "add raider3 from=library:raider zone=dock"),
        ("add raider3 from=library:raider side=raiders", AddUnit(unit="raider3", side="raiders", template="raider"), "add raider3 raiders from=library:raider"),
        ("add raider3 raiders from=library:raider", AddUnit(unit="raider3", side="raiders", template="raider"), "add raider3 raiders from=library:raider"),
        ('add boss from=library:warden name="The Warden"', AddUnit(unit="boss", template="warden", name="The Warden"), 'add boss from=library:warden name="The Warden"'),
        ("add gob3 foes copy=gob hp=8", AddUnit(unit="gob3", side="foes", copy="gob", stats=(("hp", 8),)), "add gob3 foes copy=gob hp=8"),
    ],
)
def test_the_line_round_trips_and_the_old_form_stays(line, action, written):
    assert parse_action(line, VERBS) == action
    assert format_action(action) == written
    assert parse_action(written, VERBS) == action


@pytest.mark.parametrize(
    "line, message",
    [
        ("add raider3", "add: missing SIDE"),
        ("add raider3 from=raider", "add: from=expected a library template like library:raider, got 'raider'"),
        ("add rhea2 from=party:rhea", "add: from=party:rhea is a party character: it comes into a fight in the file's [[units]]"),
        ("add raider3 from=library:raider count=3", "count= numbers copies in the encounter file's [[units]]"),
        ("add raider3 from=library:raider hp=3", "brings the template's stats; change hp after it joins"),
        ("add raider3 from=library:raider copy=raider1", "copy= and from= both say what the unit is built from"),
        ("add raider3 raiders from=library:raider side=raiders", "side given twice"),
    ],
)
def test_bad_lines_say_what_is_wrong(line, message):
    with pytest.raises(NotationError) as info:
        parse_action(line, VERBS)
    assert message in str(info.value)


# ------------------------------------------------------------------ each system, from the bundled libraries


@pytest.mark.parametrize("system", sorted(BUNDLED))
def test_every_bundled_template_joins_mid_fight_as_a_setup_unit_would(system, tmp_path):
    """The unit an add builds equals the unit the file's ``from = "library:ID"`` builds."""
    path, side, lib = bundled_fight(system, tmp_path)
    game = load_encounter(path)
    for i, tpl in enumerate(lib["units"]):
        events = typed(game, f"add t{i} {side} from=library:{tpl['id']}", path)
        assert any(f"(library:{tpl['id']})" in e.text for e in events)
    assert set(game.setup.templates) == {t["id"] for t in lib["units"]}
    data = tomllib.loads(path.read_text())
    data["units"] += [{"from": f"library:{t['id']}", "id": f"t{i}", "side": side} for i, t in enumerate(lib["units"])]
    path.with_name("setup.toml").write_text(tomli_w.dumps(data))
    built = load_encounter(path.with_name("setup.toml"))
    for i, _ in enumerate(lib["units"]):
        joined, set_up = game.state.units[f"t{i}"], built.state.units[f"t{i}"]
        assert (joined.name, joined.side, joined.stats, joined.traits, joined.items, joined.conditions) == (
            set_up.name, set_up.side, set_up.stats, set_up.traits, set_up.items, set_up.conditions)
    board, setup_board = game.state.boards[system], built.state.boards[system]
    if system == "conflict":
        for i, _ in enumerate(lib["units"]):
            assert board.chars[f"t{i}"] == setup_board.chars[f"t{i}"]
    elif system == "ctb":
        for i, _ in enumerate(lib["units"]):
            assert board.weapons[f"t{i}"] == setup_board.weapons[f"t{i}"]
    else:
        for i, _ in enumerate(lib["units"]):
            assert board.card_of[f"t{i}"] == setup_board.card_of[f"t{i}"]


def test_conflict_raider_from_the_campaign_bestiary_joins_numbered_and_fights(camp):
    path = camp / "1-relay-breach.toml"
    game = load_encounter(path)
    typed(game, "add raider3 from=library:raider zone=dock", path)
    unit = game.state.units["raider3"]
    assert (unit.name, unit.side, unit.zone) == ("Relay Raider 3", "raiders", "dock")  # the template's side, numbered as count numbers
    assert game.lines()[-1] == "add raider3 from=library:raider zone=dock"  # the log line stays short
    assert game.state.boards["conflict"].chars["raider3"].tier == "minor"
    for line in ("turn rhea", "next", "turn raider3"):  # a unit like any other: the raiders' pick
        typed(game, line, path)
    assert game.state.boards["conflict"].turn.unit == "raider3"


def test_ctb_template_from_the_campaign_bestiary_takes_turns(camp):
    path = camp / "2-causeway.toml"
    game = load_encounter(path)
    typed(game, 'add raider9 from=library:raider name="Late Raider"', path)
    unit = game.state.units["raider9"]
    assert unit.name == "Late Raider" and unit.stats["hp"] == unit.stats["hp_max"] > 0 and unit.stats["ap"] == 20
    assert game.state.boards["ctb"].weapons["raider9"]
    for _ in range(12):
        if game.state.clock.active == "raider9":
            break
        typed(game, "next", path)
    assert game.state.clock.active == "raider9"  # it takes its turn on the CTB clock


# ------------------------------------------------------------------ the log is the truth


def test_save_then_load_gives_the_same_state_and_a_changed_library_changes_nothing(camp):
    path = camp / "1-relay-breach.toml"
    game = load_encounter(path)
    typed(game, "add raider3 from=library:raider zone=dock", path)
    typed(game, "add raider4 from=library:raider", path)  # the encounter's copy: the library is not read again
    save_encounter(game, path)
    text = path.read_text()
    assert "[templates.raider]" in text and text.count("[templates.") == text.count("[templates.raider")
    before = game.state.to_json()
    edit(camp / "bestiary.toml", "fitness = 8", "fitness = 12")  # the GM edits the library after the fight
    edit(camp / "bestiary.toml", 'name = "Relay Raider"', 'name = "Renamed Raider"')
    again = load_encounter(path)
    assert again.state.to_json() == before
    assert again.state.units["raider3"].stats["fitness"] == 8 and again.state.units["raider4"].name == "Relay Raider 4"
    (camp / "bestiary.toml").unlink()  # even without the library
    assert load_encounter(path).state.to_json() == before
    typed(again, "add raider5 from=library:raider", path)  # the library is gone: the encounter's template serves
    assert again.state.units["raider5"].stats["fitness"] == 8


def test_undo_and_redo_keep_the_template(camp):
    path = camp / "1-relay-breach.toml"
    game = load_encounter(path)
    typed(game, "add raider3 from=library:raider", path)
    game.undo()
    assert "raider3" not in game.state.units and "raider" in game.setup.templates
    game.redo()
    assert game.state.units["raider3"].name == "Relay Raider 3"


def test_the_journal_records_the_template_before_the_push_and_recovery_replays_it(camp, tmp_path):
    path = camp / "1-relay-breach.toml"
    game = load_encounter(path)
    journal = Journal(tmp_path / "fight.journal")
    journal.start(game, path)
    typed(game, "add raider3 from=library:raider zone=dock", path)
    journal.push(game.lines()[-1], game.setup.templates)
    typed(game, "move raider3 corridor", path)
    journal.push(game.lines()[-1], game.setup.templates)
    journal.close()  # killed: no clean exit
    records = [json.loads(line) for line in (tmp_path / "fight.journal").read_text().splitlines()[2:]]
    assert [next(iter(r)) for r in records] == ["template", "push", "push"]  # recorded once, before its add
    edit(camp / "bestiary.toml", "fitness = 8", "fitness = 1")
    recovered = read_journal(tmp_path / "fight.journal")
    assert recovered is not None and recovered.changes == 2
    assert recovered.game.state.to_json() == game.state.to_json()
    assert recovered.game.state.units["raider3"].stats["fitness"] == 8


async def test_the_console_brings_the_template_in_journals_it_and_recovers_after_a_kill(camp):
    from gm_console.files.journal import journal_path
    from gm_console.files.paths import user_data_dir
    from gm_console.ui.app import GMConsoleApp
    from gm_console.ui.screens.confirm import Confirm

    path = camp / "1-relay-breach.toml"
    first = GMConsoleApp(load_encounter(path), path=path)
    async with first.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        assert first.fight.apply_line("add raider3 from=library:raider zone=dock")
        assert first.game.state.units["raider3"].zone == "dock"
        state = first.game.state.to_json()
        first.fight.journal.close()  # a kill: the journal stays
        first.fight.journal = None
    assert journal_path(user_data_dir() / "recovery", path).exists()
    edit(camp / "bestiary.toml", "fitness = 8", "fitness = 3")
    second = GMConsoleApp(load_encounter(path), path=path)
    async with second.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        assert isinstance(second.screen, Confirm)
        await pilot.press("y")
        await pilot.pause()
        assert second.game.state.to_json() == state and second.game.state.units["raider3"].stats["fitness"] == 8


async def test_the_prompt_says_why_a_template_cannot_come(camp):
    from gm_console.ui.app import GMConsoleApp

    path = camp / "1-relay-breach.toml"
    app = GMConsoleApp(load_encounter(path), path=path)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        assert not app.fight.apply_line("add raider3 from=library:raidr")
        await pilot.pause()
        assert any("unknown template 'raidr' (did you mean 'raider'?)" in str(n.message) for n in app.notices)
        assert "raider3" not in app.game.state.units and not app.game.setup.templates


# ------------------------------------------------------------------ bad input


@pytest.mark.parametrize(
    "line, message",
    [
        ("add raider3 from=library:raidr", "from=library:raidr: unknown template 'raidr' (did you mean 'raider'?) [templates]"),
        ("add raider1 from=library:raider", "there is already a unit with id 'raider1' [unit ids are unique]"),
        ("add raider3 crew from=library:raider zone=nowhere", "library:raider: unknown zone 'nowhere'"),
        ("add raider3 pirates from=library:raider", "library:raider: unknown side 'pirates'"),
    ],
)
def test_bad_input_in_play(camp, line, message):
    path = camp / "1-relay-breach.toml"
    game = load_encounter(path)
    before = game.state.to_json()
    with pytest.raises(GMError) as info:
        typed(game, line, path)
    assert message in str(info.value)
    assert game.state.to_json() == before


def test_a_missing_library_file_is_named_with_its_key_path(camp):
    path = camp / "1-relay-breach.toml"
    data = tomllib.loads(path.read_text())
    data["libraries"] = ["gone.toml"]
    data["units"] = [u for u in data["units"] if not u["from"].startswith("library:")]
    path.write_text(tomli_w.dumps(data))
    game = load_encounter(path)  # nothing comes from it at the start: the file loads
    with pytest.raises(IllegalAction) as info:
        typed(game, "add raider3 raiders from=library:raider", path)
    assert "from=library:raider: libraries[0]: " in str(info.value) and "gone.toml: no such library file" in str(info.value)


def test_no_library_listed(camp):
    path = camp / "1-relay-breach.toml"
    data = tomllib.loads(path.read_text())
    data.pop("libraries")
    data["units"] = [u for u in data["units"] if not u["from"].startswith("library:")]
    path.write_text(tomli_w.dumps(data))
    game = load_encounter(path)
    with pytest.raises(IllegalAction, match="this encounter lists no library"):
        typed(game, "add raider3 raiders from=library:raider", path)


def test_a_template_of_another_system(tmp_path):
    path, side, _ = bundled_fight("ctb", tmp_path)
    shutil.copy(str(resources.files("gm_console") / "data" / "library-conflict.toml"), tmp_path / "library-conflict.toml")
    edit(path, 'libraries = [\n    "library-ctb.toml",\n]', 'libraries = [\n    "library-conflict.toml",\n]')
    game = load_encounter(path)
    with pytest.raises(IllegalAction) as info:
        typed(game, f"add w2 {side} from=library:warden", path)
    assert "library:warden is a conflict template" in str(info.value) and "this encounter runs ctb" in str(info.value)
    assert not game.setup.templates


def test_a_template_side_of_another_encounter_must_be_given(tmp_path):
    path, _, _ = bundled_fight("conflict", tmp_path)
    lib = tmp_path / "library-conflict.toml"
    data = tomllib.loads(lib.read_text())
    data["units"][0]["side"] = "pirates"
    lib.write_text(tomli_w.dumps(data))
    game = load_encounter(path)
    tid = data["units"][0]["id"]
    with pytest.raises(IllegalAction, match="joins side 'pirates', which this encounter does not have; give one"):
        typed(game, f"add x1 from=library:{tid}", path)
    typed(game, f"add x1 raiders from=library:{tid}", path)
    assert game.state.units["x1"].side == "raiders" and "side" not in game.setup.templates[tid]


def test_a_hand_written_template_is_checked_with_key_paths(camp):
    path = camp / "2-causeway.toml"
    text = path.read_text() + '\n[templates.ghost]\nname = "Ghost"\n\n[templates.ghost.ctb]\nap_total = 9\n'
    path.write_text(text)
    with pytest.raises(ValueError) as info:
        load_encounter(path)
    assert "templates.ghost.ctb.hp_base: missing: give hp_base" in str(info.value)
    path.write_text(text.replace("ap_total = 9\n", "ap_total = 9\nhp_base = 10\n") + "\n[templates.ghost.conflict]\ntier = \"minor\"\n")
    with pytest.raises(ValueError, match="templates.ghost.conflict: a conflict table, but 'conflict' is not in systems"):
        load_encounter(path)


def test_a_reactor_template_with_an_unknown_card_is_refused_before_anything_changes(tmp_path):
    path, side, _ = bundled_fight("reactor", tmp_path)
    edit(path, "[[units]]", '[templates.phantom]\nname = "Phantom"\n\n[templates.phantom.reactor]\ncard = "no-such-card"\n\n[[units]]')
    game = load_encounter(path)
    before = game.state.to_json()
    with pytest.raises(IllegalAction, match="library:phantom: templates.phantom: unknown personnel card 'no-such-card'"):
        typed(game, f"add p1 {side} from=library:phantom", path)
    assert game.state.to_json() == before and not game.log[len(game.log):]


# ------------------------------------------------------------------ the command line


def test_cli_apply_brings_the_template_and_saves_it(camp):
    path = camp / "1-relay-breach.toml"
    result = runner.invoke(cli, ["apply", str(path), "add raider3 from=library:raider zone=dock", "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out["applied"][0]["action"] == "add raider3 from=library:raider zone=dock"
    assert "[templates.raider]" in path.read_text()
    (camp / "bestiary.toml").unlink()
    result = runner.invoke(cli, ["replay", str(path), "--json"])
    assert result.exit_code == 0, result.output
    assert "raider3" in result.output


def test_cli_apply_says_why_and_writes_nothing(camp):
    path = camp / "1-relay-breach.toml"
    before = path.read_text()
    result = runner.invoke(cli, ["apply", str(path), "add raider3 from=library:wardn"])
    assert result.exit_code == 1
    assert "action 1 ('add raider3 from=library:wardn'): from=library:wardn: unknown template 'wardn' (did you mean 'warden'?)" in result.output
    assert "nothing was saved" in result.output and path.read_text() == before


# ------------------------------------------------------------------ a refused add leaves nothing (issue 28)


async def test_a_refused_add_leaves_no_template_in_the_game_or_the_save(camp):
    """``add raider1 from=library:raider`` is refused (the id is taken): the
    template it brought in goes again, so the next save holds no
    ``[templates.raider]`` (it wrote 22 lines of it before)."""
    from gm_console.ui.app import GMConsoleApp

    path = camp / "1-relay-breach.toml"
    app = GMConsoleApp(load_encounter(path), path=path)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        assert not app.fight.apply_line("add raider1 from=library:raider")
        assert "raider" not in app.game.setup.templates
        assert app.fight.apply_line("note the raiders regroup")
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert "templates" not in tomllib.loads(path.read_text()) and "regroup" in path.read_text()


def test_an_undone_add_writes_no_template_and_a_redone_one_does(camp, tmp_path):
    path = camp / "1-relay-breach.toml"
    game = load_encounter(path)
    typed(game, "add raider3 from=library:raider", path)
    game.undo()
    save_encounter(game, tmp_path / "undone.toml")
    assert "templates" not in tomllib.loads((tmp_path / "undone.toml").read_text())
    game.redo()
    save_encounter(game, tmp_path / "redone.toml")
    data = tomllib.loads((tmp_path / "redone.toml").read_text())
    assert "raider" in data["templates"] and load_encounter(tmp_path / "redone.toml").state.to_json() == game.state.to_json()
