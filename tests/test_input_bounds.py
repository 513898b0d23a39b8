"""Trust at the table: whatever a GM types or a file holds, the core answers
with a GMError or an EncounterFileError that says what is wrong and where,
never a traceback, and quickly.

The bounds themselves live in gm_console/core/bounds.py.
"""

from __future__ import annotations

import math
import time
from pathlib import Path

import pytest

from gm_console.core import bounds
from gm_console.core import schema as s
from gm_console.core.errors import GMError, NotationError
from gm_console.core.game import parse_action, verb_table
from gm_console.core.system import all_systems
from gm_console.files import EncounterFileError, load_encounter, loads_encounter
from tests.conftest import game_from_dict, minimal

ROOT = Path(__file__).resolve().parent.parent
ENCOUNTERS = ROOT / "encounters"
VERBS = verb_table(all_systems())
HUGE = "9" * 5000

GOOD = """
format = 1
title = "Bridge"
systems = []
sides = [{ id = "pcs", controller = "players" }, { id = "npcs" }]
zones = [{ id = "deck", adjacent = ["hold"] }, { id = "hold" }]
units = [
  { id = "kai", side = "pcs", zone = "deck", stats = { hp = 10 } },
  { id = "gob", side = "npcs", zone = "hold", stats = { hp = 4 } },
]
log = ["set kai hp 7"]
"""


def file_problems(text: str, name: str = "bad.toml") -> list[str]:
    with pytest.raises(EncounterFileError) as info:
        loads_encounter(text, name)
    messages = info.value.messages()
    assert messages and all(m.startswith(name + ": ") for m in messages), messages
    return messages


# ------------------------------------------------------------------ numbers in notation

HUGE_LINES = {
    "a stat value": f"set kai hp {HUGE}",
    "a signed delta": f"pool threat +{HUGE}",
    "a dice list": f"roll 1d6 [{HUGE}]",
    "one face of many": f"roll 2d6 [3,{HUGE}]",
    "the dice count": f"roll {HUGE}d6",
    "the dice sides": f"roll 1d{HUGE}",
    "the dice modifier": f"roll 1d6+{HUGE}",
    "a duration": f"cond kai Dazed for={HUGE}t",
    "an extra stat option": f"add gob2 npcs hp={HUGE}",
    "a ctb tick count": f"tick {HUGE}",
    "a ctb option value": f"hit kai gob ki={HUGE}",
    "a conflict option value": f"task kai fitness combat diff={HUGE}",
}


@pytest.mark.parametrize("line", HUGE_LINES.values(), ids=HUGE_LINES.keys())
def test_a_five_thousand_digit_number_is_a_notation_error_that_names_the_bound(line):
    with pytest.raises(NotationError, match="at most 9 digits"):
        parse_action(line, VERBS)


def test_nine_digits_parse_and_ten_do_not():
    assert parse_action("set kai hp 999999999", VERBS).value == 999_999_999
    assert parse_action("set kai hp -999999999", VERBS).value == -999_999_999
    with pytest.raises(NotationError, match="at most 9 digits"):
        parse_action("set kai hp 1000000000", VERBS)


def test_a_huge_number_pushed_on_a_bundled_encounter_is_a_gm_error():
    for path in sorted(ENCOUNTERS.glob("*.toml")):
        game = load_encounter(path)
        for line in HUGE_LINES.values():
            with pytest.raises(GMError):
                game.push_line(line)


def test_dice_counts_and_sides_stay_bounded():
    with pytest.raises(NotationError, match="between 1 and 100 dice"):
        parse_action("roll 101d6", VERBS)
    with pytest.raises(NotationError, match="2 to 1000 sides"):
        parse_action("roll 1d1001", VERBS)
    with pytest.raises(NotationError, match="at most 9 digits"):
        parse_action("roll 1d6+1000000000", VERBS)


def test_unicode_digits_are_not_numbers():
    with pytest.raises(NotationError):
        parse_action("set kai hp \u0663", VERBS)  # ARABIC-INDIC DIGIT THREE
    with pytest.raises(NotationError):
        parse_action("cond kai Dazed for=\u0663t", VERBS)


def test_a_log_entry_with_a_huge_number_is_reported_at_its_index():
    text = GOOD.replace('log = ["set kai hp 7"]', f'log = ["set kai hp 7", "set kai hp {HUGE}"]')
    messages = file_problems(text)
    assert len(messages) == 1
    assert messages[0].startswith("bad.toml: log[1]: ") and "at most 9 digits" in messages[0]
    assert len(messages[0]) < 400  # the line is cut, not quoted whole


def test_a_huge_log_entry_is_cut_in_the_message():
    text = GOOD.replace('log = ["set kai hp 7"]', f'log = ["note {"x" * 20_000}"]')
    (message,) = file_problems(text)
    assert message.startswith("bad.toml: log[0]: ") and "too long" in message and len(message) < 400


# ------------------------------------------------------------------ characters in notation

BAD_LINES = {
    "escape in a note": "note the \x1b[31mred\x1b[0m bridge",
    "bidi override in a quoted name": 'cond kai "Bl\u202eind"',
    "bidi isolate in a bare name": "cond kai Bl\u2066ind",
    "NUL after a number": "set kai hp 3\x00",
    "newline in a quoted option": 'roll 1d6 why="one\ntwo"',
    "carriage return in a rename": "rename kai Kai\rGob",
    "line separator in a note": "note one\u2028two",
    "lone surrogate": "note a\ud800b",
}


@pytest.mark.parametrize("line", BAD_LINES.values(), ids=BAD_LINES.keys())
def test_control_and_bidi_characters_in_a_line_are_notation_errors(line):
    with pytest.raises(NotationError, match=r"U\+[0-9A-F]{4}"):
        parse_action(line, VERBS)


def test_a_log_entry_with_an_escape_character_names_its_index():
    text = GOOD.replace('log = ["set kai hp 7"]', 'log = ["set kai hp 7", "note \\u001b[2J"]')
    (message,) = file_problems(text)
    assert message.startswith("bad.toml: log[1]: ") and "U+001B" in message


def test_names_in_notation_are_bounded():
    assert parse_action("rename kai " + "K" * bounds.MAX_LABEL, VERBS).name == "K" * bounds.MAX_LABEL
    with pytest.raises(NotationError, match="too long"):
        parse_action("rename kai " + "K" * (bounds.MAX_LABEL + 1), VERBS)
    with pytest.raises(NotationError, match="too long"):
        parse_action("move kai z" + "z" * bounds.MAX_ID, VERBS)
    with pytest.raises(NotationError, match="too long"):
        parse_action("note " + "x" * (bounds.MAX_LINE + 1), VERBS)


def test_a_long_plain_line_is_refused_by_the_log_fast_path_too():
    text = GOOD.replace('log = ["set kai hp 7"]', f'log = ["set kai {"h" * 100_000} 7"]')
    (message,) = file_problems(text)
    assert message.startswith("bad.toml: log[0]: ") and "too long" in message


# ------------------------------------------------------------------ schema: numbers


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf])
def test_float_refuses_nan_and_infinity_even_without_bounds(value):
    for spec in (s.Float(min=0, max=1), s.Float()):
        out, problems = s.validate(value, spec, "theme.luminosity_spread")
        assert out is s.INVALID
        assert [p.path for p in problems] == ["theme.luminosity_spread"]
        assert "finite" in problems[0].message


def test_float_refuses_an_integer_too_large_for_a_float():
    out, problems = s.validate(10**400, s.Float(), "x")
    assert out is s.INVALID and problems


def test_int_without_bounds_is_bounded_to_nine_digits():
    assert s.validate(999_999_999, s.Int(), "x") == (999_999_999, [])
    out, problems = s.validate(10**9, s.Int(), "units[0].stats.hp")
    assert out is s.INVALID and "999,999,999" in problems[0].message


def test_a_huge_integer_is_shown_cut_not_crashing_repr():
    value = int("f" * 5000, 16)  # TOML reads hex of any length; str() of it would raise
    out, problems = s.validate(value, s.Int(min=0, max=9), "x")
    assert out is s.INVALID and "digits" in problems[0].message and len(problems[0].message) < 200


def test_a_stat_of_ten_digits_in_a_file_is_refused_with_its_path():
    messages = file_problems(GOOD.replace("hp = 10", "hp = 10000000000"))
    assert any(m.startswith("bad.toml: units[0].stats.hp: expected an integer of at most 9 digits") for m in messages), messages


def test_a_condition_duration_of_many_digits_in_a_file_is_refused_with_its_path():
    text = GOOD.replace("stats = { hp = 4 }", f'stats = {{ hp = 4 }}, conditions = [{{ name = "Dazed", for = "{HUGE}t" }}]')
    messages = file_problems(text)
    assert any(m.startswith("bad.toml: units[1].conditions[0].for: ") for m in messages), messages


# ------------------------------------------------------------------ schema: strings

BAD_STRINGS = {
    "escape in the title": ('title = "Bridge"', 'title = "Bri\\u001bdge"', "title", "U+001B"),
    "bidi override in a unit name": ('id = "kai",', 'id = "kai", name = "Kai\\u202e",', "units[0].name", "U+202E"),
    "tab in a zone trait": ('{ id = "hold" }', '{ id = "hold", traits = ["dark\\tcold"] }', "zones[1].traits[0]", "U+0009"),
    "newline in a side name": ('{ id = "npcs" }', '{ id = "npcs", name = "a\\nb" }', "sides[1].name", "U+000A"),
    "carriage return in the description": ('systems = []', 'systems = []\ndescription = "a\\rb"', "description", "U+000D"),
    "isolate in an item": ('id = "gob",', 'id = "gob", items = ["kn\\u2067ife"],', "units[1].items[0]", "U+2067"),
    "DEL in a condition name": ("stats = { hp = 4 }", 'stats = { hp = 4 }, conditions = [{ name = "Da\\u007fzed" }]', "units[1].conditions[0].name", "U+007F"),
}


@pytest.mark.parametrize("old, new, path, code", BAD_STRINGS.values(), ids=BAD_STRINGS.keys())
def test_control_and_bidi_characters_in_displayed_strings_are_refused_with_the_key_path(old, new, path, code):
    text = GOOD.replace(old, new)
    assert text != GOOD
    messages = file_problems(text)
    assert any(m.startswith(f"bad.toml: {path}: ") and code in m for m in messages), messages


def test_the_description_may_hold_newlines_and_tabs():
    game = loads_encounter(GOOD.replace("systems = []", 'systems = []\ndescription = """one\n\ttwo"""'), "ok.toml")
    assert game.setup.description == "one\n\ttwo"


@pytest.mark.parametrize(
    "old, new, path",
    [
        ('title = "Bridge"', f'title = "{"T" * (bounds.MAX_LABEL + 1)}"', "title"),
        ('id = "kai",', f'id = "kai", name = "{"K" * (bounds.MAX_LABEL + 1)}",', "units[0].name"),
        ('id = "gob",', f'id = "g{"o" * bounds.MAX_ID}",', "units[1].id"),
        ("systems = []", f'systems = []\ndescription = "{"d" * (bounds.MAX_TEXT + 1)}"', "description"),
    ],
    ids=["title", "name", "id", "description"],
)
def test_strings_longer_than_their_bound_are_refused_saying_the_bound(old, new, path):
    messages = file_problems(GOOD.replace(old, new))
    assert any(m.startswith(f"bad.toml: {path}: too long") and "at most" in m for m in messages), messages


def test_strings_at_their_bound_load():
    text = GOOD.replace('title = "Bridge"', f'title = "{"T" * bounds.MAX_LABEL}"').replace(
        "systems = []", f'systems = []\ndescription = "{"d" * bounds.MAX_TEXT}"'
    )
    game = loads_encounter(text, "ok.toml")
    assert len(game.setup.title) == bounds.MAX_LABEL


def test_a_one_megabyte_card_name_is_refused_quickly():
    text = (ENCOUNTERS / "reactor-night-shift.toml").read_text()
    text += f'\n[reactor.cards.personnel.bigcard]\nname = "{"A" * 1_000_000}"\natk = 1\nhp = 1\n'
    start = time.thread_time()  # CPU time: a worker descheduled on a loaded machine is not slow code
    messages = file_problems(text, "big.toml")
    elapsed = time.thread_time() - start
    assert any(m.startswith("big.toml: reactor.cards.personnel.bigcard.name: too long") for m in messages), messages
    assert all(len(m) < 400 for m in messages)
    assert elapsed < 0.5, elapsed


def test_a_card_text_with_a_control_character_is_refused_with_its_path():
    text = (ENCOUNTERS / "reactor-night-shift.toml").read_text()
    text += '\n[reactor.cards.personnel.odd]\nname = "Odd"\ntext = "a\\u0007b"\n'
    messages = file_problems(text)
    assert any(m.startswith("bad.toml: reactor.cards.personnel.odd.text: ") and "U+0007" in m for m in messages), messages


def test_a_key_with_control_characters_is_shown_escaped_in_the_path():
    messages = file_problems(GOOD + '\n"ti\\u001btle\\u202e" = 1\n')
    assert messages and all("\x1b" not in m and "\u202e" not in m for m in messages), messages
    assert any("\\x1b" in m for m in messages), messages


def test_a_very_long_unknown_key_is_cut_in_the_message():
    messages = file_problems(GOOD + f'\n{"k" * 100_000} = 1\n')
    assert messages and all(len(m) < 400 for m in messages), [len(m) for m in messages]


# ------------------------------------------------------------------ reading files


def test_deeply_nested_toml_is_reported_as_too_deep_with_its_line():
    text = GOOD.replace('title = "Bridge"', 'title = "Bridge"\ndescription = ' + "[" * 3000 + "]" * 3000)
    (message,) = file_problems(text)
    assert message.startswith("bad.toml: line 4: ") and "nested too deeply" in message


def test_deep_nesting_spread_over_lines_is_found_too():
    text = GOOD.replace("log = [", 'description = "x"\nlog = [') + "\nx = " + "[ # a comment [[[\n" * 2000 + "1" + "]" * 2000 + "\n"
    (message,) = file_problems(text)
    assert "nested too deeply" in message and message.startswith("bad.toml: line ")


def test_a_toml_integer_of_five_thousand_digits_is_reported_with_its_line():
    text = GOOD.replace("hp = 4", f"hp = {HUGE}")
    (message,) = file_problems(text)
    assert message.startswith("bad.toml: line 9: ") and "digits" in message


def test_a_file_that_is_not_utf8_reports_line_and_column(tmp_path):
    path = tmp_path / "latin1.toml"
    path.write_bytes(GOOD.replace('title = "Bridge"', 'title = "Br\xfccke"').encode("latin-1"))
    with pytest.raises(EncounterFileError) as info:
        load_encounter(path)
    (message,) = info.value.messages()
    assert message.startswith(f"{path}: line 3, column 12: ") and "UTF-8" in message and "0xfc" in message


def test_a_utf8_prefix_on_the_bad_line_counts_characters_not_bytes(tmp_path):
    path = tmp_path / "mixed.toml"
    path.write_bytes(GOOD.encode() .replace(b'title = "Bridge"', 'title = "\u00e9\u00e9'.encode() + b'\xff"'))
    with pytest.raises(EncounterFileError) as info:
        load_encounter(path)
    assert info.value.messages()[0].startswith(f"{path}: line 3, column 12: ")


def test_a_file_that_is_a_directory_is_an_encounter_file_error(tmp_path):
    with pytest.raises(EncounterFileError, match="a folder, not an encounter file"):
        load_encounter(tmp_path)


def test_a_broken_bundled_catalogue_is_an_encounter_file_error(tmp_path, monkeypatch):
    from gm_console.files import catalogues

    for name, data in {
        "reactor-cards.toml": b"personnel = { a = \xff }",
        "conflict.toml": b"attributes = " + b"[" * 3000 + b"]" * 3000,
    }.items():
        (tmp_path / name).write_bytes(data)
    monkeypatch.setattr(catalogues, "DATA", tmp_path)
    catalogues._read.cache_clear()
    try:
        for encounter, expected in (("reactor-night-shift.toml", "UTF-8"), ("conflict-relay-station.toml", "nested too deeply")):
            with pytest.raises(EncounterFileError) as info:
                load_encounter(ENCOUNTERS / encounter)
            assert any("<catalogue" in m and expected in m for m in info.value.messages()), info.value.messages()
    finally:
        catalogues._read.cache_clear()


def test_a_game_from_a_dict_with_nan_in_a_stat_is_refused():
    with pytest.raises(EncounterFileError, match=r"units\[0\]\.stats\.hp"):
        game_from_dict(minimal(units=[{"id": "kai", "side": "pcs", "stats": {"hp": math.nan}}]))


# ------------------------------------------------------------------ found by the fuzzer (tests/fuzz/run.py)


def test_a_hex_format_version_of_five_thousand_digits_is_reported_not_raised():
    (message,) = file_problems(GOOD.replace("format = 1", "format = 0x" + "f" * 5000))
    assert message.startswith("bad.toml: format: unsupported format version <a number of about")


def test_a_toml_error_at_the_end_of_the_document_names_the_last_line():
    (message,) = file_problems(GOOD + 'x = "unterminated')
    assert message.startswith("bad.toml: not valid TOML: ") and "(at end of document: line 12)" in message


def test_unknown_cards_found_while_building_the_board_are_problems_with_key_paths():
    text = (ENCOUNTERS / "reactor-night-shift.toml").read_text()
    text = text.replace('card = "reserve-enlisted"', 'card = "reserve-enlistd"').replace('items = ["m80-amr"]', 'items = ["m80-am"]')
    with pytest.raises(EncounterFileError) as info:
        loads_encounter(text, "night.toml")
    assert [p.path for p in info.value.problems] == ["units[1].reactor.card", "units[10].items[0]"]
    assert info.value.messages()[0].startswith("night.toml: units[1].reactor.card: unknown personnel card 'reserve-enlistd'")


def test_unknown_weapons_found_while_building_the_board_are_problems_with_key_paths():
    text = (ENCOUNTERS / "conflict-relay-station.toml").read_text()
    assert 'weapons = ["' in text
    text = text.replace('weapons = ["', 'weapons = ["nope", "', 1)
    with pytest.raises(EncounterFileError) as info:
        loads_encounter(text, "relay.toml")
    (problem,) = info.value.problems
    assert problem.path.endswith(".conflict.weapons[0]") and problem.message.startswith("unknown weapon 'nope'")


def test_a_card_id_key_longer_than_an_id_is_refused():
    text = (ENCOUNTERS / "reactor-night-shift.toml").read_text()
    text += f'\n[reactor.cards.personnel.{"c" * 100_000}]\nname = "x"\natk = 1\nhp = 1\n'
    (message,) = file_problems(text)
    assert message.startswith('bad.toml: reactor.cards.personnel."cccc') and "too long: 100,000 characters, at most 80" in message
    assert len(message) < 300


def test_a_stat_name_key_longer_than_an_id_is_refused():
    messages = file_problems(GOOD.replace("hp = 10", f"{'h' * 81} = 10"))
    assert any(m.startswith('bad.toml: units[0].stats."hhh') and "at most 80" in m for m in messages), messages
