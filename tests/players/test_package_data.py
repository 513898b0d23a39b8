"""The wheel carries the player view's page (HTML, CSS, JS), read as package data."""

from __future__ import annotations

import re
import subprocess
import sys
import zipfile

from tests.conftest import ROOT


def test_the_wheel_bundles_the_player_page(tmp_path):
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q", "-w", str(tmp_path)],
        check=True, capture_output=True,
    )
    wheel = next(tmp_path.glob("gm_console-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for name in ("index.html", "app.css", "app.js"):
        assert f"gm_console/players/page/{name}" in names
    meta = next(n for n in names if n.endswith("METADATA"))
    text = zipfile.ZipFile(wheel).read(meta).decode()
    assert re.search(r"Requires-Dist: aiohttp(>=3.14.5,<3.15|<3.15,>=3.14.5)", text) and "Requires-Dist: segno>=1.6.6" in text
