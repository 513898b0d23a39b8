"""The builder model (gm_console/build/): fields with the schema's ranges,
typed values, house rules, copies, where new parts go in the file, and
refusals that keep the draft as it was."""

from __future__ import annotations

import shutil
import tomllib

import pytest

from gm_console.build import fields as f
from gm_console.build.draft import Draft, Refused
from gm_console.build.options import apply_option, words
from gm_console.build.sources import blank, units_for
from gm_console.core import schema as s
from gm_console.core.system import get_system
from tests.conftest import ENCOUNTERS


@pytest.fixture
def yard(tmp_path) -> Draft:
    path = tmp_path / "yard.toml"
    shutil.copy(ENCOUNTERS / "ctb-training-yard.toml", path)
    return Draft.open(path)


def test_every_field_of_a_system_unit_has_the_schema_range(yard):
    rows = {r.key: r for r in f.unit_fields(yard.game.setup, yard.written("units", "ren"))}
    table = get_system("ctb").UNIT_TABLE
    for key, known in table.keys.items():
        assert rows[f"ctb.{key}"].range == known.spec.describe()
    assert rows["ctb.kennel"].range == "an integer from 0 to 200"
    assert rows["ctb.atk"].value == 14 and rows["ctb.mag"].value is s.MISSING and rows["ctb.mag"].text() == "0"
    assert list(rows)[:3] == ["name", "side", "zone"]


def test_conflict_scores_are_listed_by_their_catalogue_names(tmp_path):
    draft = Draft.new(tmp_path / "c.toml", ["conflict"])
    keys = [r.key for r in f.unit_fields(draft.game.setup, draft.entry("units", "hero"))]
    catalogue = draft.game.setup.catalogues["conflict"]
    for name in catalogue["attributes"]:
        assert f"conflict.attributes.{name}" in keys
    for name in catalogue["specializations"]:
        assert f"conflict.specializations.{name}" in keys
    weapons = next(r for r in f.unit_fields(draft.game.setup, draft.entry("units", "hero")) if r.key == "conflict.weapons")
    assert set(weapons.known) == set(catalogue["weapons"]) and "field-sidearm" in weapons.known


def test_the_encounter_fields_hold_each_system_board(tmp_path):
    draft = Draft.new(tmp_path / "r.toml", ["reactor", "ctb"])
    keys = [r.key for r in f.encounter_fields(draft.game.setup, draft.data)]
    assert {"title", "seed", "dice", "reactor.active", "reactor.facilities", "ctb.projection", "players.health"} <= set(keys)


@pytest.mark.parametrize(
    "text, spec, value",
    [
        ("12", s.Int(), 12),
        ("twelve", s.Int(), "twelve"),  # left for the schema to refuse in its words
        ("yes", s.Bool(), True),
        ("cover, difficult terrain 2", s.List(s.Str()), ["cover", "difficult terrain 2"]),
        ('["a,b"]', s.List(s.Str()), ["a,b"]),
        ("", s.List(s.Str()), []),
        ("{ control = 9 }", s.Table(extra=s.Int()), {"control": 9}),
        ('"quoted"', s.Str(), "quoted"),
        ("Raider Kos", s.Str(), "Raider Kos"),
    ],
)
def test_a_typed_value_is_read_for_its_spec(text, spec, value):
    assert f.parse_value(text, spec) == value


def test_malformed_toml_is_a_value_error():
    with pytest.raises(ValueError, match="not a TOML value"):
        f.parse_value("[1, 2", s.List(s.Int()))


def test_inline_reads_back():
    value = {"id": "axe", "dam": 6, "tags": ["a", "b c"], "on": True, "key with space": 1}
    assert f.toml_value(f.inline(value)) == value


def test_house_rules_list_text_default_and_departure(tmp_path):
    draft = Draft.new(tmp_path / "r.toml", ["reactor"])
    rows = f.house_fields(draft.game.setup)
    assert [r.rule for r in rows] == list(get_system("reactor").HOUSE_RULES)
    rule = next(r.rule for r in rows if r.rule.departs)
    value, note = rule.departs[0]
    draft.house("reactor", rule.name, value)
    row = next(r for r in f.house_fields(draft.game.setup) if r.rule is rule)
    assert row.changed and row.departs == note
    assert "[house_rules.reactor]" in draft.text


def test_a_house_rule_name_is_found_in_any_of_the_systems():
    assert f.house_rule(("ctb",), "tie_break").key == "ctb.tie_break"
    assert f.house_rule(("ctb", "conflict"), "conflict.reach").key == "conflict.reach"
    with pytest.raises(LookupError, match="tie_brake"):
        f.house_rule(("ctb",), "tie_brake")


def test_a_refused_change_keeps_the_draft(yard):
    text, game = yard.text, yard.game
    with pytest.raises(Refused) as caught:
        yard.set(("units", "ren", "ctb", "kennel"), 201)
    assert caught.value.messages == [f"{yard.path}: units[0].ctb.kennel: expected an integer from 0 to 200, got an integer 201"]
    assert (yard.text, yard.game) == (text, game)
    assert yard.dirty is False


def test_copies_are_numbered_on_from_the_first_free_number(yard):
    yard.add_units(units_for(yard, "unit:drone", count=2))
    assert yard.ids("units")[-2:] == ["drone1", "drone2"]
    yard.add_units(units_for(yard, "unit:drone", count=2))
    assert yard.ids("units")[-2:] == ["drone3", "drone4"]
    assert yard.entry("units", "drone4")["name"] == "Drone 4"
    assert yard.entry("units", "drone4")["ctb"]["ap_total"] == yard.entry("units", "drone")["ctb"]["ap_total"]


def test_a_blank_unit_has_what_its_systems_require(tmp_path):
    draft = Draft.new(tmp_path / "x.toml", ["ctb", "conflict"])
    table = blank(draft, "dummy")
    assert table == {"id": "dummy", "ctb": {"ap_total": 1, "hp_base": 1}, "conflict": {}}
    draft.add_units([{**table, "side": "foes"}])
    assert "dummy" in draft.ids("units")


def test_an_unknown_source_names_the_kinds(yard):
    with pytest.raises(Refused, match="library:ID, party:ID, card:ID, unit:ID, blank:ID"):
        units_for(yard, "bestiary:orc")
    with pytest.raises(Refused, match="did you mean 'raider'"):
        units_for(yard, "library:raidr")


def test_a_unit_added_to_an_inline_list_stays_inline(tmp_path):
    path = tmp_path / "night.toml"
    shutil.copy(ENCOUNTERS / "reactor-night-shift.toml", path)
    draft = Draft.open(path)
    apply_option(draft, "--add", "card:wnaf-conscript id=k4 name='WNAF Conscript #4' side=wnaf")
    assert '{ id = "k4", name = "WNAF Conscript #4", side = "wnaf", reactor = { card = "wnaf-conscript" } },\n]' in draft.text
    assert draft.text.startswith("# A night shift at a plant under attack")


def test_a_new_key_goes_into_the_unit_it_names(yard):
    yard.set(("units", "ren", "traits"), ["Brave"])
    yard.set(("units", "ren", "ctb", "assist"), 2)
    data = tomllib.loads(yard.text)
    ren = data["units"][0]
    assert ren["traits"] == ["Brave"] and ren["ctb"]["assist"] == 2
    assert "#   set golem ap_total 14" in yard.text  # the GM's comments stay


def test_removing_a_zone_takes_it_out_of_the_adjacency(tmp_path):
    draft = Draft.new(tmp_path / "x.toml", ["ctb"])
    apply_option(draft, "--set", "foe.zone=near")
    draft.remove("zones", "middle")
    near = draft.entry("zones", "near")
    assert near["adjacent"] == []
    with pytest.raises(Refused, match="'near'"):
        draft.remove("zones", "near")  # hero and foe stand there


def test_words_are_the_head_then_pairs():
    assert words("library:raider count=3 name='Raider Kos'") == (["library:raider"], {"count": "3", "name": "Raider Kos"})
    with pytest.raises(Refused, match="words go first"):
        words("count=3 library:raider")


def test_a_file_with_from_units_is_built_with_them_written_out(tmp_path):
    lib = tmp_path / "bestiary.toml"
    shutil.copy(__import__("gm_console.build.sources", fromlist=["bundled_library"]).bundled_library("ctb"), lib)
    path = tmp_path / "f.toml"
    path.write_text(
        (ENCOUNTERS / "ctb-training-yard.toml").read_text().replace("seed = 4242\n", 'seed = 4242\nlibraries = ["bestiary.toml"]\n')
        + '\n[[units]]\nfrom = "library:raider"\ncount = 2\nside = "yard"\n'
    )
    draft = Draft.open(path)
    assert draft.ids("units")[-2:] == ["raider1", "raider2"]
    draft.set(("units", "raider2", "ctb", "atk"), 12)
    assert draft.entry("units", "raider2")["ctb"]["atk"] == 12
    assert "from = " not in draft.text


def test_a_side_added_to_a_sides_table_list_is_a_sides_table(tmp_path):
    path = tmp_path / "relay.toml"
    shutil.copy(ENCOUNTERS / "conflict-relay-station.toml", path)
    draft = Draft.open(path)
    apply_option(draft, "--side", "locals name='Station Locals'")
    assert '[[sides]]\nid = "raiders"\nname = "Raiders"\n\n[[sides]]\nid = "locals"\nname = "Station Locals"\n\n[[zones]]' in draft.text
    apply_option(draft, "--zone", "vents hidden=true")
    assert draft.entry("zones", "vents")["hidden"] is True
    assert 'traits = ["difficult terrain 2"]\nhidden = true\n\n[[zones]]' in draft.text


def test_a_second_house_rule_goes_under_the_first(tmp_path):
    path = tmp_path / "causeway.toml"
    shutil.copy(ENCOUNTERS / "ctb-causeway-ambush.toml", path)
    draft = Draft.open(path)
    apply_option(draft, "--house", "surplus=drop")
    assert 'brk_amount = "weapon_brk"     # BRK strips the weapon\'s brk value: breaker weapons matter\nsurplus = "drop"\n\n[ctb]' in draft.text


def test_a_text_with_line_breaks_is_edited_on_one_line(tmp_path):
    # a description is free text: its line breaks are written \n to edit it in a one-line field, and read back
    draft = Draft.new(tmp_path / "x.toml", ["ctb"])
    draft.set(("description",), "First line.\nSecond line.")
    row = next(r for r in f.encounter_fields(draft.game.setup, draft.data) if r.key == "description")
    assert row.text() == "First line.\\nSecond line."
    assert f.parse_value(row.text(), row.spec) == "First line.\nSecond line."
    assert f.parse_value("Raider\\nKos", s.Str()) == "Raider\\nKos"  # a name is one line: left as typed
