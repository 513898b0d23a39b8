"""docs/architecture.md names every module of gm_console/ (issue 26): a
module added or removed without the map changing fails here."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
WORDS = set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", DOC))


def test_every_module_is_named_in_the_architecture_doc():
    missing = []
    for path in sorted((ROOT / "gm_console").rglob("*.py")):
        stem = path.stem
        if stem == "__init__" and path.parent.name not in WORDS:
            missing.append(str(path.relative_to(ROOT)))
        elif stem != "__init__" and stem not in WORDS:
            missing.append(str(path.relative_to(ROOT)))
    assert missing == []


def test_the_doc_names_no_module_that_is_gone():
    gone = ["values.py", "snapshot.py", "cache.py", "digest.py", "QuietContext", "EventLog", "@value"]
    assert [name for name in gone if re.search(r"(?<![\w/])" + re.escape(name), DOC)] == []
