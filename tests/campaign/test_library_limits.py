"""Libraries that list libraries, and templates that build on templates,
cannot make an open take forever or end in a traceback (issue 28): each
library file is read once per encounter however often it is listed, and the
depth of both chains has a named limit."""

from __future__ import annotations

import pytest

from gm_console.files import library
from gm_console.files.encounter_io import EncounterFileError, load_encounter

UNIT = '''
[[units]]
id = "{tid}"
name = "T"
{base}
[units.conflict]
tier = "minor"
'''


def lib_text(includes: list[str], units: str = "") -> str:
    listed = ", ".join(f'"{name}"' for name in includes)
    return f'format = 1\nkind = "library"\ntitle = "l"\nsystems = ["conflict"]\nlibraries = [{listed}]\n{units}'


def encounter(libraries: list[str], template: str = "t0") -> str:
    listed = ", ".join(f'"{name}"' for name in libraries)
    return f'''format = 1
title = "x"
systems = ["conflict"]
libraries = [{listed}]
pools = {{ momentum = 0, threat = 0 }}

[[sides]]
id = "a"

[[units]]
from = "library:{template}"
side = "a"
'''


@pytest.fixture
def reads(monkeypatch):
    seen: list[str] = []
    real = library.read_toml_file
    monkeypatch.setattr(library, "read_toml_file", lambda path, kind: seen.append(str(path)) or real(path, kind))
    return seen


def test_a_lattice_of_libraries_reads_each_file_once(tmp_path, reads):
    """Two libraries a level, each listing both of the next: 2**22 paths
    through 22 levels (over 20 s to open before), 44 files."""
    levels = 22
    for level in range(levels):
        nxt = [f"l{level + 1}a.toml", f"l{level + 1}b.toml"] if level + 1 < levels else []
        for side in "ab":
            units = UNIT.format(tid="t0", base="") if level + 1 == levels and side == "a" else ""
            (tmp_path / f"l{level}{side}.toml").write_text(lib_text(nxt, units))
    path = tmp_path / "fight.toml"
    path.write_text(encounter(["l0a.toml", "l0b.toml"]))
    game = load_encounter(path)
    assert len(game.state.units) == 1
    assert len(reads) == 2 * levels and len(set(reads)) == len(reads)


def test_one_library_listed_thousands_of_times_is_read_once(tmp_path, reads):
    for j in range(100):
        (tmp_path / f"s{j}").mkdir()
    (tmp_path / "bestiary.toml").write_text(lib_text([], UNIT.format(tid="t0", base="")))
    spellings = [f"s{i % 100}/../{'./' * (i // 100)}bestiary.toml" for i in range(5000)]  # 5,000 spellings of one file
    path = tmp_path / "fight.toml"
    path.write_text(encounter(spellings))
    load_encounter(path)
    assert len(reads) == 1


def test_libraries_listed_too_deep_are_refused_with_the_limit(tmp_path):
    depth = library.MAX_LIBRARY_DEPTH + 10
    for i in range(depth):
        (tmp_path / f"l{i}.toml").write_text(lib_text([f"l{i + 1}.toml"] if i + 1 < depth else [], UNIT.format(tid="t0", base="") if i + 1 == depth else ""))
    path = tmp_path / "fight.toml"
    path.write_text(encounter(["l0.toml"]))
    with pytest.raises(EncounterFileError) as caught:
        load_encounter(path)
    (message,) = caught.value.messages()
    assert f"more than {library.MAX_LIBRARY_DEPTH} deep" in message and "MAX_LIBRARY_DEPTH" in message


def test_a_3000_deep_chain_of_templates_is_refused_with_the_limit(tmp_path):
    units = UNIT.format(tid="t0", base="") + "".join(
        UNIT.format(tid=f"t{i}", base=f'from = "library:t{i - 1}"') for i in range(1, 3000)
    )
    (tmp_path / "lib.toml").write_text(lib_text([], units))
    path = tmp_path / "fight.toml"
    path.write_text(encounter(["lib.toml"], "t2999"))
    with pytest.raises(EncounterFileError) as caught:
        load_encounter(path)
    (message,) = caught.value.messages()
    assert f"more than {library.MAX_TEMPLATE_DEPTH} deep" in message and "MAX_TEMPLATE_DEPTH" in message
    path.write_text(encounter(["lib.toml"], f"t{library.MAX_TEMPLATE_DEPTH - 1}"))
    assert load_encounter(path).state.units  # within the limit: it opens
