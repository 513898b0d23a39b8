"""The rules reference: every rule and house rule has an entry, the names the
errors cite resolve to entries, and nothing is copied from the rule texts."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gm_console.core.systems.conflict import SYSTEM
from gm_console.core.errors import Cite
from gm_console.core.systems.conflict import cites
from gm_console.core.systems.conflict.tables import CATALOGUE_TABLE
from gm_console.lookup import build_index

from .helpers import game

RULE_TEXTS = Path(__file__).resolve().parents[3] / "shared" / "rules"
WORDS = re.compile(r"[a-z0-9]+")


def runs(text: str, n: int = 10) -> set[tuple[str, ...]]:
    words = WORDS.findall(text.lower())
    return {tuple(words[i : i + n]) for i in range(len(words) - n + 1)}


def project_texts() -> list[str]:
    import tomllib

    from gm_console.files.paths import DATA

    out = [e.body for e in SYSTEM.reference()]
    out.append((Path(__file__).resolve().parents[2] / "docs" / "conflict.md").read_text())
    out += [r.explain for r in SYSTEM.HOUSE_RULES]
    out += [cls.SUMMARY for cls in SYSTEM.ACTIONS]
    data = tomllib.loads((DATA / "conflict.toml").read_text())
    for section in ("minor", "major", "weapons", "qualities", "spends"):
        out += [entry.get("text", "") for entry in data[section].values()]
    return out


def test_every_rule_name_cited_by_errors_has_a_reference_entry():
    g = game()
    index = build_index(list(g.systems.values()), g.rules)
    cited = [v for v in vars(cites).values() if isinstance(v, Cite)]
    assert len(cited) >= 40
    assert [c.key for c in cited if index.get(c.key) is None] == []
    titles = {e.key: e.title for e in SYSTEM.reference()}
    # a cite of one of the system's own entries names it by its title (fog of war is shortened)
    assert {c.label for c in cited if c.key in titles and c.label != titles[c.key]} == {"fog of war"}


def test_every_house_rule_has_an_entry_with_its_default_and_the_value_in_force():
    g = game(house_rules={"conflict": {"momentum_cap": 8}})
    index = build_index(list(g.systems.values()), g.rules)
    for rule in SYSTEM.HOUSE_RULES:
        entry = index.get(f"house.conflict.{rule.name}")
        assert entry is not None and rule.explain in entry.body
        assert f"[house_rules.conflict] {rule.name}" in entry.body
    cap = index.get("house.conflict.momentum_cap")
    assert "In force: 8 (changed by this encounter; default 6)" in cap.body


def test_the_silent_spots_are_house_rules():
    names = {r.name for r in SYSTEM.HOUSE_RULES}
    # the task roll, range bands, Threat deficit, the momentum cap and the spends table's mirroring
    assert {"extra_dice_costs", "complication_range", "opposed_ties", "range_bands", "threat_deficit", "momentum_cap", "spend_adds_threat"} <= names
    assert len(names) == len(SYSTEM.HOUSE_RULES) >= 15


def test_reference_entries_cover_every_rule_line_of_the_issue():
    titles = {e.title.lower() for e in SYSTEM.reference()}
    for needed in ("the opening", "alternating turns", "keep the initiative", "major and minor actions", "the task roll",
                   "opposed tasks", "reach", "movement", "sprint and difficult terrain", "range bands", "cover", "prone",
                   "attacks", "stun or deadly intent", "protection", "increasing severity", "counterattack", "stress",
                   "avoid injury", "fatigued", "defeated", "dying and the cysuit", "first aid", "treating injuries",
                   "stress recovery", "hazards", "npc tiers", "weapon qualities", "weapon profiles", "the momentum pool",
                   "threat", "momentum spends", "fog of war and map chips"):
        assert needed in titles, needed


def test_lookup_finds_the_entries():
    index = build_index([SYSTEM])
    assert index.search("keep the initiative")[0].key == "conflict.keep"
    assert any(e.key == "conflict.dying" for e in index.search("cysuit grace"))
    assert any(e.key == "action.attack" for e in index.search("attack"))


@pytest.mark.skipif(not RULE_TEXTS.is_dir(), reason="the rule texts are not beside the checkout")
def test_no_ten_word_run_is_copied_from_the_rule_texts():
    source = set()
    for path in RULE_TEXTS.glob("*.md"):
        source |= runs(path.read_text())
    copied = []
    for text in project_texts():
        hit = runs(text) & source
        copied += [" ".join(h) for h in hit]
    assert copied == []


def test_the_catalogue_schema_accepts_the_bundled_data():
    import tomllib

    from gm_console.core.schema import validate
    from gm_console.files.paths import DATA

    _, problems = validate(tomllib.loads((DATA / "conflict.toml").read_text()), CATALOGUE_TABLE)
    assert problems == []


def test_the_conflict_page_lists_every_verb_and_house_rule_with_its_default():
    page = (Path(__file__).resolve().parents[2] / "docs" / "conflict.md").read_text()
    for cls in SYSTEM.ACTIONS:
        assert f"| `{cls.VERB}` |" in page, cls.VERB
    for rule in SYSTEM.HOUSE_RULES:
        assert f"| `{rule.name}` | `{rule.default!r}` |" in page, rule.name
