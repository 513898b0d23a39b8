"""The reference pages are generated from the code and must be current;
the annotated example in the format page must be a valid encounter."""

from __future__ import annotations

import re
from pathlib import Path

from gm_console.files import loads_encounter
from gm_console.lookup import docgen

DOCS = Path(__file__).resolve().parent.parent / "docs"


def test_generated_pages_are_up_to_date():
    for name, make in docgen.PAGES.items():
        assert (DOCS / name).read_text() == make(), f"docs/{name} is stale: run python -m gm_console.lookup.docgen"


def test_the_annotated_example_is_a_valid_encounter():
    text = (DOCS / "encounter-format.md").read_text()
    example = re.search(r"```toml\n(.*?)```", text, re.S).group(1)
    game = loads_encounter(example, "docs/encounter-format.md")
    assert game.setup.title == "Ambush at the Ford"
    assert len(game.log) == 2


def test_every_verb_is_documented():
    page = (DOCS / "notation.md").read_text()
    from gm_console.core.game import verb_table
    from gm_console.core.system import all_systems

    for verb in verb_table(all_systems()):
        assert f"| `{verb}` |" in page
