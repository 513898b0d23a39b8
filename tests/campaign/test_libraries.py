"""The bundled libraries (gm_console/data/library-*.toml): every template of each
brings a working unit into a bundled encounter of its system; count numbers copies."""

from __future__ import annotations

import shutil
from importlib import resources

import pytest
import tomli_w
import tomllib

from gm_console.files import load_encounter
from gm_console.files.library import load_library
from tests.conftest import ENCOUNTERS

BUNDLED = {"conflict": "conflict-relay-station.toml", "ctb": "ctb-causeway-ambush.toml", "reactor": "reactor-night-shift.toml"}


@pytest.mark.parametrize("system", sorted(BUNDLED))
def test_every_bundled_template_loads_into_a_bundled_encounter(system, tmp_path):
    lib_file = resources.files("gm_console") / "data" / f"library-{system}.toml"
    shutil.copy(str(lib_file), tmp_path / f"library-{system}.toml")
    lib = load_library(tmp_path / f"library-{system}.toml")
    assert lib.systems == [system] and lib.templates()
    data = tomllib.loads((ENCOUNTERS / BUNDLED[system]).read_text())
    side = next(s["id"] for s in data["sides"] if s.get("controller", "gm") == "gm")
    data["libraries"] = [f"library-{system}.toml"]
    data["units"] += [{"from": f"library:{tid}", "id": f"t{i}x", "side": side, "count": 2} for i, tid in enumerate(lib.templates())]
    fight = tmp_path / "fight.toml"
    fight.write_text(tomli_w.dumps(data))
    loaded = load_encounter(fight)
    for i, _ in enumerate(lib.templates()):
        assert f"t{i}x1" in loaded.state.units and f"t{i}x2" in loaded.state.units
