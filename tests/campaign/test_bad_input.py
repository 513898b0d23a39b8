"""Bad party and library input: each a clear error naming the file, the key path
(and the line when it can be found); nothing is written."""

from __future__ import annotations

import shutil

import pytest

from gm_console.files import EncounterFileError, load_encounter
from gm_console.files.library import LibraryFileError, load_library
from gm_console.files.party import PartyFileError, carry, load_party
from tests.conftest import ENCOUNTERS

SRC = ENCOUNTERS / "campaign"


@pytest.fixture
def camp(tmp_path):
    folder = tmp_path / "c"
    shutil.copytree(SRC, folder)
    return folder


def messages(path) -> list[str]:
    with pytest.raises(EncounterFileError) as info:
        load_encounter(path)
    return info.value.messages()


def edit(path, old, new):
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def test_missing_party_file(camp):
    (camp / "party.toml").unlink()
    (msg,) = messages(camp / "1-relay-breach.toml")
    assert "1-relay-breach.toml: line 12: party:" in msg and "party.toml: no such party file" in msg


def test_missing_library_file(camp):
    (camp / "bestiary.toml").unlink()
    (msg,) = messages(camp / "1-relay-breach.toml")
    assert "libraries[0]:" in msg and "bestiary.toml: no such library file" in msg and "line 13" in msg


def test_unknown_from_id_names_the_unit_as_written_and_its_line(camp):
    edit(camp / "1-relay-breach.toml", 'from = "library:warden"', 'from = "library:wardn"')
    (msg,) = messages(camp / "1-relay-breach.toml")
    assert "units[4].from: unknown template 'wardn'" in msg and "did you mean 'warden'" in msg
    assert "line 56" in msg
    edit(camp / "1-relay-breach.toml", 'from = "party:tomas"', 'from = "party:thomas"')
    assert any("units[1].from" in m and "unknown party character 'thomas'" in m for m in messages(camp / "1-relay-breach.toml"))


def test_a_party_of_another_format(camp):
    edit(camp / "party.toml", "format = 1", "format = 2")
    (msg,) = messages(camp / "1-relay-breach.toml")
    assert "party.toml: line 7: format: unsupported format version 2" in msg
    with pytest.raises(PartyFileError, match="format: unsupported format version 2"):
        load_party(camp / "party.toml")


def test_an_encounter_named_as_the_party(camp):
    edit(camp / "1-relay-breach.toml", 'party = "party.toml"', 'party = "2-causeway.toml"')
    (msg,) = messages(camp / "1-relay-breach.toml")
    assert 'kind: this is not a party file: expected kind = "party", got no kind' in msg


def test_a_template_of_another_system(camp):
    lib = camp / "bestiary.toml"
    text = lib.read_text()
    conflict_only = text.replace('systems = ["conflict", "ctb"]', 'systems = ["conflict"]')
    conflict_only = conflict_only[: conflict_only.index("[units.ctb]")] + conflict_only[conflict_only.index("[[units]]\nid = \"warden\"") :]
    conflict_only = conflict_only[: conflict_only.rindex("[units.ctb]")]
    lib.write_text(conflict_only)
    msgs = messages(camp / "2-causeway.toml")
    assert any("units[3].from: library:raider is a conflict template" in m and "this encounter runs ctb" in m for m in msgs)
    load_encounter(camp / "1-relay-breach.toml")  # a conflict fight takes it


def test_a_cycle_of_templates(camp):
    edit(camp / "bestiary.toml", 'id = "raider"\n', 'id = "raider"\nfrom = "library:warden"\n')
    msgs = messages(camp / "1-relay-breach.toml")
    assert any("a cycle of templates: library:raider -> library:warden -> library:raider" in m for m in msgs)


def test_a_cycle_of_libraries(camp):
    edit(camp / "bestiary.toml", 'systems = ["conflict", "ctb"]', 'systems = ["conflict", "ctb"]\nlibraries = ["more.toml"]')
    (camp / "more.toml").write_text('format = 1\nkind = "library"\ntitle = "more"\nsystems = ["ctb"]\nlibraries = ["bestiary.toml"]\n')
    with pytest.raises(LibraryFileError, match="a cycle of libraries: bestiary.toml -> more.toml -> bestiary.toml"):
        load_library(camp / "bestiary.toml")
    assert any("a cycle of libraries" in m for m in messages(camp / "1-relay-breach.toml"))


def test_a_bad_key_in_the_party_names_its_line(camp):
    edit(camp / "party.toml", "ap_total = 12", "ap_totl = 12")
    msg = messages(camp / "2-causeway.toml")[0]
    assert "party.toml: line 26: units[0].ctb.ap_totl: unknown key 'ap_totl' (did you mean 'ap_total'?)" in msg


def test_a_dead_character_is_not_brought_in(camp):
    edit(camp / "party.toml", 'name = "Tomas Vey"', 'name = "Tomas Vey"\ndead = true')
    (msg,) = messages(camp / "1-relay-breach.toml")
    assert "units[1].from: tomas is dead" in msg


def test_a_party_character_keeps_its_id_and_comes_once(camp):
    edit(camp / "1-relay-breach.toml", 'from = "party:rhea"', 'from = "party:rhea"\nid = "rh"')
    assert any("units[0].id: a party character keeps its id 'rhea'" in m for m in messages(camp / "1-relay-breach.toml"))


def test_copies_that_clash_are_named_as_written(camp):
    edit(camp / "1-relay-breach.toml", 'from = "party:oskar"', 'id = "raider2"\nside = "raiders"')
    msgs = messages(camp / "1-relay-breach.toml")
    assert any("units[3].id: duplicate unit id 'raider2' (copy 2 of library:raider)" in m for m in msgs)


def test_nothing_is_written_when_the_encounter_is_bad(camp):
    edit(camp / "1-relay-breach.toml", 'from = "library:warden"', 'from = "library:wardn"')
    before = (camp / "party.toml").read_bytes()
    with pytest.raises(EncounterFileError):
        carry(camp / "1-relay-breach.toml")
    assert (camp / "party.toml").read_bytes() == before and not (camp / "party.toml.bak").exists()
