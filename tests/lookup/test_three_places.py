"""`gm-console rules`, ctrl+r and ctrl+p rank alike (issue 30): one answer (lookup/answer.py) for
all three. Every question of the two tuning sets (tests/lookup/sets/README.md) is asked of the
palette's rules provider (ctrl+r is the palette with it alone; ctrl+p lists the same hits among the
commands, tests/lookup/test_palette_answers.py) and of the command line, in the same encounter and
with the same things learned; the entries come in the same order."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest
from typer.testing import CliRunner

import gm_console.lookup
from gm_console.cli import app as cli
from gm_console.files import load_encounter
from gm_console.files.learned import write_learned
from gm_console.ui.app import GMConsoleApp
from gm_console.ui.commands import RulesProvider
from gm_console.ui.config import Config
from tests.conftest import ENCOUNTERS
from tests.lookup.test_tuning_sets import questions as set_questions

TUNING = ("table-voices.toml", "entries-reader.toml")  # two of the tuning sets (never the held-out set)
LIMIT = RulesProvider.LIMIT
runner = CliRunner()


def questions() -> list[str]:
    return [q["q"] for name in TUNING for q in set_questions(name)]


async def palette_order(app: GMConsoleApp, query: str) -> list[str]:
    """The labels of the rules hits, in the order the palette lists them (by score)."""
    provider = RulesProvider(app.fight)
    hits = [hit async for hit in provider.search(query)]
    hits.sort(key=lambda h: -h.score)
    return [str(h.text) for h in hits if not str(h.text).startswith("did you mean")]


def cli_order(encounter: Path, query: str) -> list[str]:
    result = runner.invoke(cli, ["rules", "-e", str(encounter), "-n", str(LIMIT), "--json", "--", *query.split()])
    assert result.exit_code in (0, 1) and (result.exception is None or isinstance(result.exception, SystemExit)), (result.output, result.exception)
    return [f"{e['kind']}: {e['title']}" for e in json.loads(result.stdout)]


@pytest.mark.parametrize(
    "encounter", ["ctb-training-yard.toml", pytest.param("reactor-night-shift.toml", marks=pytest.mark.slow)]  # 15 s each
)
async def test_the_command_line_and_the_palette_rank_every_tuning_question_alike(encounter, monkeypatch):
    path = ENCOUNTERS / encounter
    qs = questions()
    assert len(qs) == 210
    # what a GM taught the lookup: the 5th hit of every 10th question (both places read the same file)
    app = GMConsoleApp(load_encounter(path), path=path, config=Config())
    async with app.run_test(size=(120, 40)):
        index = app.fight.lookup().index()
        taught = {q.lower(): index.rank(q, 5)[-1].entry.key for q in qs[::10]}
    write_learned(taught)
    # the command line builds the same index for the encounter at each call: built once here (the
    # ranking, the learned file, the printing are the command's own)
    original = gm_console.lookup.build_index
    build = cache(lambda systems, rules, setup: original(systems and list(systems), rules, setup))
    monkeypatch.setattr(gm_console.lookup, "build_index", lambda systems, rules, setup: build(tuple(systems) if systems else None, rules, setup))
    app = GMConsoleApp(load_encounter(path), path=path, config=Config())
    async with app.run_test(size=(120, 40)):
        differ = []
        for q in qs:
            shown, printed = await palette_order(app, q), cli_order(path, q)
            if shown != printed:
                differ.append((q, shown[:3], printed[:3]))
        learned_first = [await palette_order(app, q) for q in list(taught)[:3]]
    assert differ == []
    assert [order[0] for order in learned_first] == [
        next(f"{e.kind}: {e.title}" for e in index.entries if e.key == taught[q]) for q in list(taught)[:3]
    ]
