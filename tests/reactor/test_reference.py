"""The reactor rules lookup: every rule, card and house rule, in the project's own words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gm_console.core.systems.reactor import SYSTEM
from gm_console.core.errors import Cite
from gm_console.core.systems.reactor import cites
from gm_console.core.systems.reactor.reference import entries
from gm_console.files.catalogues import load_catalogues
from gm_console.lookup import build_index

ROOT = Path(__file__).resolve().parents[2]
RULE_TEXT = Path("/work/shared/rules/reactor-strikes-and-blocks.md")
OURS = [
    *sorted((ROOT / "gm_console/core/systems/reactor").rglob("*.py")),
    ROOT / "gm_console/data/reactor-cards.toml",
    ROOT / "gm_console/ui/panes/reactor.py",
    ROOT / "gm_console/ui/render/reactor.py",
    ROOT / "gm_console/ui/screens/strike_flow.py",
    *sorted((ROOT / "encounters").glob("reactor-*.toml")),
    *sorted((ROOT / "docs").glob("reactor*.md")),
    *sorted((ROOT / "tests/reactor").glob("*.py")),
]


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower())


@pytest.mark.skipif(not RULE_TEXT.exists(), reason="the rule text is not beside the checkout")
def test_no_ten_word_run_is_copied_from_the_rule_text():
    w = words(RULE_TEXT.read_text())
    shingles = {" ".join(w[i : i + 10]) for i in range(len(w) - 9)}
    entries = "\n".join(e.body + " " + e.title for e in SYSTEM.reference())
    for name, text in [("reference entries", entries)] + [(p.name, p.read_text()) for p in OURS]:
        mine = words(text)
        copied = [" ".join(mine[i : i + 10]) for i in range(len(mine) - 9) if " ".join(mine[i : i + 10]) in shingles]
        assert copied == [], f"{name}: {copied[:3]}"


def test_every_rule_an_error_can_name_has_an_entry():
    index = build_index([SYSTEM])
    declared = {name: c for name, c in vars(cites).items() if isinstance(c, Cite)}
    assert declared
    for name, cite in declared.items():
        assert index.get(cite.key) is not None, (name, cite.key)
    titles = {e.key: e.title for e in entries()}
    for name, cite in declared.items():
        if cite.key.startswith("house.reactor."):
            assert cite.label == f"Reactor house rule: {cite.key.rsplit('.', 1)[1]}", name
        elif name not in ("IDS", "ANSWER"):  # labels that always read otherwise
            assert cite.label == f"Reactor: {titles[cite.key]}", name
    # refusals cite a constant of cites.py, never a key written out
    for path in (ROOT / "gm_console/core/systems/reactor").rglob("*.py"):
        if path.name != "cites.py":
            assert not re.findall(r'"((house\.)?reactor\.[a-z_-]+)"', path.read_text()), path


def test_every_card_has_an_entry_with_its_numbers():
    cards = load_catalogues(("reactor",), [])["reactor"]
    entries = {e.key: e for e in SYSTEM.catalogue_reference(cards, None) if e.kind == "card"}
    for kind, table in cards.items():
        for cid, data in table.items():
            entry = entries[f"reactor.card.{cid}"]
            assert entry.title == data["name"] and entry.system == "reactor"
    assert "ATK 1, HP 2, RAIDER, pack of 3: ATK 2" in entries["reactor.card.wnaf-conscript"].body
    assert "2+ counters: +150 K; 3+ counters: +200 K" in entries["reactor.card.hostile-raid"].body


def test_rules_cards_and_house_rules_are_found_in_the_lookup():
    index = build_index([SYSTEM])
    assert index.search("GUARD")[0].key == "reactor.guard"
    assert any(e.key == "reactor.card.m80-amr" for e in index.search("M80 AMR"))
    assert any(e.key == "house.reactor.block_exhausts" for e in index.search("blocker used up"))
    assert any(e.key == "reactor.lockdown" for e in index.search("lockdown"))


def test_rule_entries_name_the_house_rules_that_bend_them():
    bodies = " ".join(e.body for e in entries())
    for rule in SYSTEM.HOUSE_RULES:
        assert rule.name in bodies, rule.name


def test_every_verb_has_an_action_entry_with_an_example_that_parses():
    from gm_console.core.game import parse_action, verb_table

    index = build_index([SYSTEM])
    verbs = verb_table([SYSTEM])
    for cls in SYSTEM.ACTIONS:
        entry = index.get(f"action.{cls.VERB}")
        assert entry is not None and cls.EXAMPLE in entry.body
        assert parse_action(cls.EXAMPLE, verbs).notation() == cls.EXAMPLE


def test_an_encounters_own_cards_are_in_its_lookup():
    from gm_console.files import load_encounter
    from tests.conftest import ENCOUNTERS

    game = load_encounter(ENCOUNTERS / "reactor-night-shift.toml")
    extra = {"personnel": {"test-dummy": {"name": "Test Dummy", "atk": 0, "hp": 1, "text": "A card only this encounter has."}}}
    game.setup.data.setdefault("reactor", {})["cards"] = extra
    index = build_index(list(game.systems.values()), game.rules, game.setup)
    assert any(e.key == "reactor.card.test-dummy" for e in index.entries)
    assert not any(e.key == "reactor.card.test-dummy" for e in build_index([SYSTEM]).entries)
