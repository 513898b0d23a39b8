"""A wheel (a non-editable install) carries the bundled encounters, themes
and data catalogues where the code looks for them."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_wheel_bundles_encounters_themes_and_catalogues(tmp_path):
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q", "-w", str(tmp_path)],
        check=True, capture_output=True,
    )
    wheel = next(tmp_path.glob("gm_console-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for path in (ROOT / "encounters").glob("*.toml"):
        assert f"gm_console/_bundled/encounters/{path.name}" in names
    for path in (ROOT / "themes").glob("*.toml"):
        assert f"gm_console/_bundled/themes/{path.name}" in names
    for path in (ROOT / "gm_console" / "data").glob("*.toml"):
        assert f"gm_console/data/{path.name}" in names
    assert "gm_console/_bundled/encounters/ctb-causeway-ambush.toml" in names  # the demo
    # a package named build: hatch leaves out what .gitignore names, whose /build/ is the root's only
    assert "gm_console/build/draft.py" in names
