"""What the rules lookup learns from a GM (issue 30, "learns from the table"), away from the
console: the one answer (lookup/answer.py) with a learned mapping, the learned file
(files/learned.py: plain TOML in the user data folder, written atomically, a broken one named by
file and line), the config's switch, and ``gm-console rules`` reading all of it."""

from __future__ import annotations

import json
import os
import tomllib

import pytest
from typer.testing import CliRunner

from gm_console.cli import app
from gm_console.core.system import get_system
from gm_console.files.learned import FILE_NAME, learned_path, read_learned, write_learned
from gm_console.lookup import build_index
from gm_console.lookup.answer import TOP, answer, query_key
from gm_console.ui.config import load_config

runner = CliRunner()


@pytest.fixture(scope="module")
def ctb():
    return build_index([get_system("ctb")])


def keys(found):
    return [h.entry.key for h in found.hits]


def test_a_learned_entry_comes_first_and_the_rest_keep_their_order(ctb):
    plain = answer(ctb, "kennel curve", limit=6)
    third = plain.hits[2].entry.key
    taught = answer(ctb, "kennel curve", limit=6, learned={"kennel curve": third})
    assert keys(taught)[0] == third and taught.learned == third
    assert keys(taught)[1:] == [k for k in keys(plain) if k != third][:5]
    assert len(taught.hits) == 6


def test_a_question_is_remembered_however_it_is_typed(ctb):
    assert query_key("  How do I   HEAL? ") == "how do i heal"
    learned = {query_key("What does Kennel do?"): "ctb.recall"}
    assert keys(answer(ctb, "what does kennel do", learned=learned))[0] == "ctb.recall"
    assert keys(answer(ctb, "what does KENNEL do ?!", learned=learned))[0] == "ctb.recall"
    assert keys(answer(ctb, "what does kennel mean", learned=learned))[0] != "ctb.recall"  # another question


def test_an_entry_the_index_no_longer_has_is_ignored(ctb):
    found = answer(ctb, "kennel", learned={"kennel": "ctb.gone_in_a_later_version"})
    assert found.learned is None and keys(found) == keys(answer(ctb, "kennel"))


def test_a_learned_entry_outside_the_hits_is_still_brought_first(ctb):
    found = answer(ctb, "armor broken", limit=3, learned={"armor broken": "reactor.guard"})
    assert keys(found)[0] == "reactor.guard" and len(found.hits) == 3


def test_the_top_three_carry_the_sentence_that_matched(ctb):
    found = answer(ctb, "what does armor broken do")
    assert list(found.sentences) == keys(found)[:TOP]
    first = found.hits[0].entry
    assert first.key == "ctb.armor_broken"
    assert found.sentences[first.key] in first.body and "Armor Broken" in found.sentences[first.key]


def test_did_you_mean_spells_a_misspelt_word_as_the_index_does(ctb):
    assert answer(ctb, "kenel curve").did_you_mean == "kennel curve"
    assert answer(ctb, "armr brokn").did_you_mean == "armor broken"
    assert answer(ctb, "kennel curve").did_you_mean is None


# ------------------------------------------------------------------ the file
def test_the_file_is_plain_toml_in_the_user_data_folder():
    assert str(learned_path()).startswith(os.environ["GM_CONSOLE_DATA_DIR"])
    path = write_learned({"how do i heal someone mid fight": "conflict.first_aid", "kennel": "ctb.kennel"})
    text = path.read_text()
    assert text.startswith("# What the rules lookup")
    assert tomllib.loads(text) == {"learned": {"how do i heal someone mid fight": "conflict.first_aid", "kennel": "ctb.kennel"}}
    again = read_learned()
    assert again.questions == {"how do i heal someone mid fight": "conflict.first_aid", "kennel": "ctb.kennel"} and again.problems == []
    assert [p.name for p in path.parent.iterdir()] == [FILE_NAME]  # no temporary file, no backup left


def test_no_file_is_nothing_learned():
    learned = read_learned()
    assert learned.questions == {} and learned.problems == [] and learned.writable


@pytest.mark.parametrize(
    "text, line, words",
    [
        ('[learned]\n"kennel" = "ctb.kennel"\n"heal" = \n', 3, "Invalid value"),
        ('[learned]\n"kennel" = "ctb.kennel"\n"armor" = 3\n', 3, "expected an entry key"),
        ('# a comment\n\ntheme = "x"\n[learned]\n', 3, "unknown key 'theme'"),
        ('learned = "everything"\n', 1, "must be a table"),
    ],
)
def test_a_broken_file_is_named_with_its_line_and_never_writable(text, line, words):
    path = learned_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    learned = read_learned()
    assert len(learned.problems) == 1 and not learned.writable
    assert learned.problems[0].startswith(f"{path}, line {line}: ") and words in learned.problems[0], learned.problems


def test_the_good_lines_of_a_file_with_a_bad_value_still_count():
    path = learned_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('[learned]\n"kennel" = "ctb.kennel"\n"armor" = 3\n')
    assert read_learned().questions == {"kennel": "ctb.kennel"}


def test_the_config_turns_learning_off(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text("[lookup]\nlearn = false\n")
    assert load_config(path).learn is False and load_config(path).problems == []
    path.write_text('theme = "gm-light"\n')
    assert load_config(path).learn is True
    path.write_text('[lookup]\nlearn = "no"\n')
    config = load_config(path)
    assert config.learn is True and any("lookup.learn" in p for p in config.problems), config.problems


# ------------------------------------------------------------------ gm-console rules
def cli_keys(*args):
    result = runner.invoke(app, ["rules", *args, "--json"])
    assert result.exit_code == 0, result.output
    return [e["key"] for e in json.loads(result.stdout)]


def test_the_command_line_ranks_what_this_gm_taught_first():
    before = cli_keys("kennel", "curve", "-n", "4")
    write_learned({"kennel curve": before[2]})
    after = cli_keys("Kennel", "curve?", "-n", "4")
    assert after[0] == before[2] and after[1:] == [k for k in before if k != before[2]][:3]
    result = runner.invoke(app, ["rules", "kennel", "curve", "-n", "2", "--json"])
    entries = json.loads(result.stdout)
    assert [e["learned"] for e in entries] == [True, False]
    assert all(e["sentence"] in e["body"] for e in entries)


def test_the_command_line_learns_nothing_used_when_learning_is_off():
    before = cli_keys("kennel", "curve", "-n", "4")
    write_learned({"kennel curve": before[2]})
    config = load_config().path
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text("[lookup]\nlearn = false\n")
    assert cli_keys("kennel", "curve", "-n", "4") == before


def test_the_command_line_names_a_broken_learned_file_and_answers_anyway():
    path = learned_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("[learned\n")
    result = runner.invoke(app, ["rules", "armor", "broken", "--json", "-n", "1"])
    assert result.exit_code == 0
    assert json.loads(result.stdout)[0]["key"] == "ctb.armor_broken"
    assert f"{path}, line 1:" in result.stderr


def test_the_command_line_says_did_you_mean_and_lists_the_top_three_by_their_sentence():
    result = runner.invoke(app, ["rules", "armr", "brokn", "-n", "4"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[-1] == "did you mean: armor broken?"
    head = lines.index("The first 3, by the sentence that matched:")
    assert lines[head + 1].startswith(" 1. Armor Broken (ctb): A unit whose AR has fallen to 0 is Armor Broken")
    assert result.stdout.count("╭") == 4 and result.stdout.index("╭") < result.stdout.index("The first 3")
    result = runner.invoke(app, ["rules", "armr", "brokn", "--json"])
    assert "did you mean: armor broken?" in result.stderr and json.loads(result.stdout)[0]["key"] == "ctb.armor_broken"
