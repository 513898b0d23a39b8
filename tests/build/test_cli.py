"""``gm-console build FILE --add/--set/...``: each bundled encounter built
headlessly from ``gm-console new``, equal to the bundled one and playing as it does."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from gm_console.cli import app
from gm_console.export import state_json
from gm_console.files import load_encounter
from tests.build.recipes import BUNDLED, argv, systems, target
from tests.conftest import ENCOUNTERS

runner = CliRunner()


def _new(path, name: str) -> None:
    result = runner.invoke(app, ["new", str(path), *(a for s in systems(name) for a in ("--system", s))])
    assert result.exit_code == 0, result.output


def play_alike(built, bundled_name: str) -> None:
    """The built encounter plays as the bundled one: its log (or its first legal
    actions) pushed on both gives the same state."""
    bundled = load_encounter(ENCOUNTERS / bundled_name)
    lines = list(bundled.lines())
    fresh = load_encounter(ENCOUNTERS / bundled_name)
    while fresh.log:
        fresh.undo()
    if not lines:
        for _ in range(3):
            legal = fresh.legal_actions()
            assert legal, "nothing to play"
            lines.append(legal[0].notation())
            fresh.push(legal[0])
    else:
        for line in lines:
            fresh.push(fresh.parse(line))
    for line in lines:
        built.push(built.parse(line))
    assert state_json(built) == state_json(fresh)


@pytest.mark.parametrize("name", BUNDLED)
def test_build_makes_each_bundled_encounter_from_new(tmp_path, name):
    path = tmp_path / name
    _new(path, name)
    result = runner.invoke(app, ["build", str(path), *argv(name)])
    assert result.exit_code == 0, result.output
    assert "wrote" in result.output
    assert runner.invoke(app, ["validate", str(path)]).exit_code == 0
    built = load_encounter(path)
    assert built.setup.to_dict([]) == target(name)
    play_alike(built, name)


def test_build_writes_a_new_file_from_its_systems(tmp_path):
    path = tmp_path / "yard.toml"
    result = runner.invoke(app, ["build", str(path), "--system", "ctb", "--add", "library:raider count=3 side=foes zone=far"])
    assert result.exit_code == 0, result.output
    ids = [u["id"] for u in load_encounter(path).setup.units]
    assert ids == ["hero", "foe", "raider1", "raider2", "raider3"]
    assert "# A gm-console encounter" in path.read_text()  # the starter's header: a file as `new` writes it


def test_the_changes_are_made_in_the_order_given(tmp_path):
    # the zone must exist before a unit stands in it: given after, the add is refused
    path = tmp_path / "f.toml"
    ok = runner.invoke(app, ["build", str(path), "-s", "ctb", "--zone", "hall", "--add", "library:raider side=foes zone=hall"])
    assert ok.exit_code == 0, ok.output
    other = tmp_path / "g.toml"
    bad = runner.invoke(app, ["build", str(other), "-s", "ctb", "--add", "library:raider side=foes zone=gate", "--zone", "gate"])
    assert bad.exit_code == 1
    assert "no zone 'gate'" in bad.output or "unknown zone 'gate'" in bad.output or "'gate'" in bad.output
    assert not other.exists()


def test_a_refused_change_writes_nothing_and_names_the_reason(tmp_path):
    path = tmp_path / "f.toml"
    assert runner.invoke(app, ["build", str(path), "-s", "ctb", "--zone", "hall"]).exit_code == 0
    before = path.read_bytes()
    result = runner.invoke(app, ["build", str(path), "--zone", "gate", "--set", "hero.ctb.atk=99999"])
    assert result.exit_code == 1
    # the validator's own message: key path and legal range
    assert "units[0].ctb.atk: expected an integer from 0 to 9999, got an integer 99999" in result.output
    assert "--set 'hero.ctb.atk=99999' (change 2)" in result.output
    assert "nothing was written" in result.output
    assert path.read_bytes() == before


def test_the_same_message_as_validate(tmp_path):
    # the refusal of --set is the line `validate` prints for a file with that value
    path = tmp_path / "f.toml"
    assert runner.invoke(app, ["build", str(path), "-s", "ctb", "--set", "title=T"]).exit_code == 0
    refused = runner.invoke(app, ["build", str(path), "--house", "ctb.tie_break=coin"])
    text = path.read_text() + '\n[house_rules.ctb]\ntie_break = "coin"\n'
    bad = tmp_path / "bad.toml"
    bad.write_text(text)
    checked = runner.invoke(app, ["validate", str(bad)])
    problem = [line.strip() for line in checked.output.splitlines() if "tie_break" in line][0]
    assert problem.replace(str(bad), str(path)) in refused.output


def test_build_refuses_a_fight_that_has_begun(tmp_path):
    path = tmp_path / "f.toml"
    path.write_text((ENCOUNTERS / "reactor-worked-exchange.toml").read_text())
    result = runner.invoke(app, ["build", str(path), "--set", "title=Other"])
    assert result.exit_code == 1
    assert "the fight has begun (5 actions in its log)" in result.output


def test_build_keeps_what_the_gm_wrote(tmp_path):
    path = tmp_path / "f.toml"
    path.write_text((ENCOUNTERS / "ctb-training-yard.toml").read_text())
    result = runner.invoke(app, ["build", str(path), "--add", "unit:drone count=2", "--set", "golem.ctb.atk=13", "--house", "surplus=drop"])
    assert result.exit_code == 0, result.output
    text = path.read_text()
    assert text.startswith("# A gm-console encounter (format version 1): the CTB teaching fight.")
    assert "#   next                      (the clock jumps to the first unit at 100 AP)" in text
    assert 'sides = [\n    { id = "cadets", name = "Cadets", controller = "players" },' in text
    assert "atk = 13\n" in text and "[house_rules.ctb]\nsurplus = \"drop\"\n" in text
    assert '[[units]]\nid = "drone1"\nname = "Drone 1"\nside = "yard"\n' in text
    assert (tmp_path / "f.toml.bak").exists()


def test_a_library_template_with_its_changes_is_the_bundled_unit(tmp_path):
    # the causeway's warlord is the bundled library's, 35 AP into the fight
    path = tmp_path / "f.toml"
    result = runner.invoke(app, [
        "build", str(path), "-s", "ctb", "--side", "raiders", "--zone", "gap",
        "--add", "library:warlord side=raiders zone=gap ctb.ap=35",
    ])  # fmt: skip
    assert result.exit_code == 0, result.output
    built = {u["id"]: u for u in load_encounter(path).setup.to_dict([])["units"]}
    bundled = {u["id"]: u for u in target("ctb-causeway-ambush.toml")["units"]}
    assert built["warlord"] == bundled["warlord"]


def test_a_library_search_finds_by_name_tier_trait_and_weapon(tmp_path):
    from gm_console.build.draft import Draft
    from gm_console.build.sources import search, sources

    found = sources(Draft.new(tmp_path / "c.toml", ["conflict"]))
    assert {s.ref for s in search(found, "warden")} == {"library:warden"}
    assert {s.ref for s in search(found, "notable")} == {"library:warden", "library:hostile"}
    assert "library:raider" in {s.ref for s in search(found, "scattergun")}
    assert search(found, "nothing-like-this") == []
    cards = sources(Draft.new(tmp_path / "r.toml", ["reactor"]))
    assert "card:wnaf-conscript" in {s.ref for s in search(cards, "conscript")}


def _doc_example() -> list[list[str]]:
    """The commands of docs/build.md's example, each split as a shell splits it."""
    import re
    import shlex

    from tests.conftest import ROOT

    text = (ROOT / "docs" / "build.md").read_text()
    block = re.search(r"```sh\n(.*?)```", text, re.S)
    assert block is not None
    return [shlex.split(cmd) for cmd in block.group(1).replace("\\\n", " ").strip().split("\n")]


def test_the_docs_example_builds_the_worked_example(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for cmd in _doc_example():
        assert cmd[0] == "gm-console"
        result = runner.invoke(app, cmd[1:])
        assert result.exit_code == 0, result.output
    built = load_encounter(tmp_path / "airlock.toml").setup.to_dict([])
    bundled = target("conflict-worked-example.toml")
    for key in ("sides", "zones", "units", "conflict", "pools"):
        assert built[key] == bundled[key], key


def test_units_from_the_party_and_the_encounters_own_library(tmp_path):
    import shutil

    folder = tmp_path / "campaign"
    shutil.copytree(ENCOUNTERS / "campaign", folder)
    path = folder / "4-next.toml"
    result = runner.invoke(app, [
        "build", str(path), "-s", "conflict", "--set", "party=party.toml", "--set", "libraries=bestiary.toml",
        "--add", "party:rhea side=party zone=near", "--add", "library:raider count=2 side=foes zone=far",
        "--add", "party:rhea side=party",
    ])  # fmt: skip
    assert result.exit_code == 1
    # the second rhea: the validator's duplicate id, and nothing written
    assert "duplicate unit id 'rhea'" in result.output and not path.exists()
    result = runner.invoke(app, [
        "build", str(path), "-s", "conflict", "--set", "party=party.toml", "--set", "libraries=bestiary.toml",
        "--add", "party:rhea side=party zone=near", "--add", "library:raider count=2 side=foes zone=far",
    ])  # fmt: skip
    assert result.exit_code == 0, result.output
    units = {u["id"]: u for u in load_encounter(path).setup.units}
    party = {u["id"]: u for u in __import__("tomllib").loads((folder / "party.toml").read_text())["units"]}
    assert units["rhea"]["conflict"]["attributes"] == party["rhea"]["conflict"]["attributes"]
    assert "ctb" not in units["rhea"]  # the party plays two systems; this fight one
    assert {"raider1", "raider2"} <= set(units)
    text = path.read_text()
    assert 'from = "' not in text  # written out whole, as a save writes a from unit


def test_a_template_of_another_system_is_refused_with_the_reason(tmp_path):
    path = tmp_path / "two.toml"
    result = runner.invoke(app, ["build", str(path), "-s", "ctb", "-s", "conflict", "--add", "library:raider side=foes"])
    assert result.exit_code == 1
    assert "library:raider is a ctb template" in result.output and "this encounter runs conflict" in result.output
    ok = runner.invoke(app, ["build", str(path), "-s", "ctb", "-s", "conflict", "--add", "blank:dummy side=foes", "--set", "dummy.conflict.tier=notable"])
    assert ok.exit_code == 0, ok.output
    assert load_encounter(path).setup.units[-1]["conflict"]["tier"] == "notable"


def test_the_build_screen_is_not_opened_on_a_fight_that_has_begun(tmp_path, capsys):
    from gm_console.ui.build_app import run_build_screen

    path = tmp_path / "f.toml"
    path.write_text((ENCOUNTERS / "reactor-worked-exchange.toml").read_text())
    assert run_build_screen(path, [], None) == 1
    assert "the fight has begun" in capsys.readouterr().err
