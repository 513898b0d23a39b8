"""The rules lookup in the console when it cannot tell (issue 30): ctrl+r and ctrl+p show the top
three with the sentence of each that matched and "did you mean" for a misspelt word; opening the
second or third hit teaches the lookup (the user data folder, across a restart), ``lookup: forget``
unteaches it, and ``[lookup] learn = false`` turns it off."""

from __future__ import annotations

import json
import shutil

from textual.command import CommandInput, CommandList, CommandPalette

from gm_console.core.playerview import player_document
from gm_console.files import load_encounter
from gm_console.files.learned import learned_path, read_learned, write_learned
from gm_console.lookup.answer import TOP, answer
from gm_console.ui.app import GMConsoleApp
from gm_console.ui.config import Config
from gm_console.ui.screens.rule_view import RuleView
from tests.conftest import ENCOUNTERS
from tests.ui.settle import palette_searched, until

YARD = ENCOUNTERS / "ctb-training-yard.toml"


def console(config: Config | None = None, path=YARD) -> GMConsoleApp:
    return GMConsoleApp(load_encounter(path), path=path, config=config or Config())


def shown(app) -> list[tuple[str, str]]:
    """(label, help) of each hit on the palette, in its order."""
    assert isinstance(app.screen, CommandPalette)
    hits = app.screen.query_one(CommandList)
    out = []
    for i in range(hits.option_count):
        label, _, help_text = str(hits.get_option_at_index(i).prompt).partition("\n")
        out.append((label, help_text))
    return out


def rules_hits(app) -> list[tuple[str, str]]:
    return [(label, help_text) for label, help_text in shown(app) if label.split(": ", 1)[0] in {"rule", "house rule", "action", "card", "format"}]


async def ask(pilot, key, text):
    if not isinstance(pilot.app.screen, CommandPalette):
        await pilot.press(key)
        await pilot.pause()
    await pilot.press(*text)
    await palette_searched(pilot)


async def choose(pilot, label_start: str) -> None:
    """Highlight the first hit whose label starts so, and press Enter."""
    labels = [label for label, _ in shown(pilot.app)]
    place = next(i for i, label in enumerate(labels) if label.startswith(label_start))
    pilot.app.screen.query_one(CommandList).highlighted = place
    await pilot.press("enter")
    await pilot.pause()


async def close(pilot) -> None:
    await pilot.press("escape")
    await pilot.pause()


def sentence_of(help_text: str, sentence: str) -> bool:
    """The help is the sentence, or its start cut to two lines of the palette (at most 2 x 120 columns)."""
    return help_text == sentence or (help_text.endswith("...") and sentence.startswith(help_text[:-3]) and len(help_text) <= 240)


def expected(app, query: str):
    """What the one answer says for ``query`` in this console (its index, what it learned)."""
    return answer(app.fight.lookup().index(), query, limit=15, learned=app.memory.for_ranking())


async def test_ctrl_r_shows_the_top_three_with_the_sentence_that_matched_and_did_you_mean():
    app = console()
    async with app.run_test(size=(120, 40)) as pilot:
        await ask(pilot, "ctrl+r", "armr brokn")
        hits = shown(app)
        assert hits[0] == ("did you mean: armor broken", "look it up as the rules spell it")
        found = expected(app, "armr brokn")
        assert [label for label, _ in hits[1:]] == [f"{h.entry.kind}: {h.entry.title}" for h in found.hits]
        assert hits[1][0] == "rule: Armor Broken"
        for (_, help_text), hit in zip(hits[1 : 1 + TOP], found.hits):  # each of the top three: its sentence
            assert sentence_of(help_text, found.sentences[hit.entry.key]) and help_text[:40] in hit.entry.body
        assert hits[1][1].startswith("A unit whose AR has fallen to 0 is Armor Broken")
        fourth = found.hits[TOP].entry
        line = fourth.body.strip().split("\n")[0]
        assert hits[1 + TOP][1] == (line if len(line) <= 100 else line[:97] + "...")  # the rest: the body's first line
        await pilot.press("enter")  # did you mean: the lookup again, the question as the rules spell it
        await until(pilot, lambda: isinstance(app.screen, CommandPalette) and app.screen.query_one(CommandInput).value == "armor broken", "the corrected question")
        await palette_searched(pilot)
        assert shown(app)[0][0] == "rule: Armor Broken"
        assert not any(label.startswith("did you mean") for label, _ in shown(app))


async def test_ctrl_p_shows_the_rules_hits_alike_among_the_commands():
    app = console()
    async with app.run_test(size=(120, 40)) as pilot:
        await ask(pilot, "ctrl+p", "kenel")
        labels = [label for label, _ in shown(app)]
        assert "did you mean: kennel" in labels
        found = expected(app, "kenel")
        rules = rules_hits(app)
        assert [label for label, _ in rules] == [f"{h.entry.kind}: {h.entry.title}" for h in found.hits]
        assert all(sentence_of(help_text, found.sentences[h.entry.key]) for (_, help_text), h in zip(rules[:TOP], found.hits))
        assert labels.index("did you mean: kennel") < labels.index(rules[0][0])


async def test_opening_the_second_hit_ranks_it_first_next_time_and_after_a_restart():
    app = console()
    async with app.run_test(size=(120, 40)) as pilot:
        await ask(pilot, "ctrl+r", "kennel curve")
        first, second = [label for label, _ in shown(app)[:2]]
        await pilot.press("down", "enter")  # the second hit
        await pilot.pause()
        assert isinstance(app.screen, RuleView)
        opened = app.screen.entry
        assert f"{opened.kind}: {opened.title}" == second
        assert read_learned().questions == {"kennel curve": opened.key}  # in the user data folder, at once
        await close(pilot)
        await ask(pilot, "ctrl+r", "Kennel curve?")
        hits = shown(app)
        assert [label for label, _ in hits[:2]] == [second, first]
        assert hits[0][1].startswith("learned · ")
        await close(pilot)
        await ask(pilot, "ctrl+p", "kennel curve")  # the palette ranks it first too
        assert [label for label, _ in rules_hits(app)[:2]] == [second, first]
    again = console()  # a restart: the file is read as the console starts
    async with again.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: again.memory._read, "the learned file read after the first frame")
        await ask(pilot, "ctrl+r", "kennel curve")
        assert [label for label, _ in shown(again)[:2]] == [second, first]


async def test_opening_the_third_hit_in_the_palette_teaches_it_and_the_first_teaches_nothing():
    app = console()
    async with app.run_test(size=(120, 40)) as pilot:
        await ask(pilot, "ctrl+p", "armor broken")
        rules = [label for label, _ in rules_hits(app)]
        await choose(pilot, rules[0])
        assert isinstance(app.screen, RuleView) and not learned_path().exists()  # the first hit: nothing to learn
        await close(pilot)
        await ask(pilot, "ctrl+p", "armor broken")
        await choose(pilot, rules[2])
        assert read_learned().questions == {"armor broken": app.screen.entry.key}
        await close(pilot)
        await ask(pilot, "ctrl+p", "armor broken")
        assert [label for label, _ in rules_hits(app)[:3]] == [rules[2], rules[0], rules[1]]


async def test_lookup_forget_forgets_one_question_or_all():
    write_learned({"kennel curve": "ctb.recall", "armor broken": "ctb.kennel"})
    app = console()
    async with app.run_test(size=(120, 40)) as pilot:
        await ask(pilot, "ctrl+r", "kennel curve")
        assert shown(app)[0][0] == "rule: Recall Beacon"
        await close(pilot)
        await ask(pilot, "ctrl+p", "lookup: forget")
        labels = [label for label, _ in shown(app)]
        assert {'lookup: forget "kennel curve"', 'lookup: forget "armor broken"', "lookup: forget everything learned"} <= set(labels)
        await choose(pilot, 'lookup: forget "kennel curve"')
        assert read_learned().questions == {"armor broken": "ctb.kennel"}
        assert app.notices[-1].message == 'the rules lookup forgot "kennel curve"'
        await ask(pilot, "ctrl+r", "kennel curve")
        assert shown(app)[0][0] != "rule: Recall Beacon"
        assert shown(app)[0][0] == f"{expected(app, 'kennel curve').hits[0].entry.kind}: {expected(app, 'kennel curve').hits[0].entry.title}"
        await close(pilot)
        await ask(pilot, "ctrl+p", "lookup: forget")
        assert 'lookup: forget "kennel curve"' not in [label for label, _ in shown(app)]
        await choose(pilot, "lookup: forget everything learned")
        assert read_learned().questions == {} and app.memory.for_ranking() == {}
        await ask(pilot, "ctrl+r", "armor broken")
        assert shown(app)[0][0] == "rule: Armor Broken"


async def test_with_learning_off_nothing_is_learned_or_used():
    write_learned({"kennel curve": "ctb.recall"})
    before = learned_path().read_bytes()
    app = console(Config(learn=False))
    async with app.run_test(size=(120, 40)) as pilot:
        await ask(pilot, "ctrl+r", "armor broken")
        assert shown(app)[0][0] == "rule: Armor Broken"
        await pilot.press("down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, RuleView)
        await close(pilot)
        await ask(pilot, "ctrl+r", "armor broken")
        assert shown(app)[0][0] == "rule: Armor Broken"
        await close(pilot)
        await ask(pilot, "ctrl+r", "kennel curve")
        assert shown(app)[0][0] != "rule: Recall Beacon"
    assert learned_path().read_bytes() == before


async def test_a_broken_learned_file_is_named_with_its_line_and_left_as_written():
    path = learned_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('[learned]\n"kennel" = "ctb.kennel"\n"armor broken" = \n')
    before = path.read_bytes()
    app = console()
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: any("learned file" in str(n.title) for n in app.notices), "the notice")
        note = next(n for n in app.notices if "learned file" in str(n.title))
        assert note.severity == "warning" and f"{path}, line 3: " in note.message
        await ask(pilot, "ctrl+r", "armor broken")  # the console goes on
        assert shown(app)[0][0] == "rule: Armor Broken"
        await pilot.press("down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, RuleView)
        await close(pilot)
        await ask(pilot, "ctrl+p", "lookup: forget everything")
        await choose(pilot, "lookup: forget everything learned")
        assert app.notices[-1].severity == "warning"
        assert app.notices[-1].message.startswith(f"the rules lookup forgot nothing: {path}, line 3: ")
    assert path.read_bytes() == before  # never written over


async def test_what_is_learned_stays_out_of_the_encounter_and_the_player_view(tmp_path):
    path = tmp_path / "yard.toml"
    shutil.copy(YARD, path)
    app = console(path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await ask(pilot, "ctrl+r", "kennel curve")
        await pilot.press("down", "enter")
        await pilot.pause()
        key = app.screen.entry.key
        await close(pilot)
        await pilot.press(*"note x", "enter")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: not app.fight.dirty, "the save")
        assert read_learned().questions == {"kennel curve": key}
        document = json.dumps(player_document(app.game))
    text = path.read_text()
    assert "note x" in text and "kennel curve" not in text and key not in text
    assert "kennel curve" not in document and key not in document


async def test_a_console_command_being_typed_gets_no_did_you_mean():
    from gm_console.ui.commands import COMMAND_NAMESPACES, ConsoleProvider

    app = console()
    async with app.run_test(size=(120, 40)) as pilot:
        labels = [label for label, _, _ in ConsoleProvider(app.fight)._items()]
        assert {label.split(":")[0] for label in labels} == COMMAND_NAMESPACES - {"campaign"}  # campaign: with a party
        await ask(pilot, "ctrl+p", "lookup: forget")
        labels = [label for label, _ in shown(app)]
        assert labels[0] == "lookup: forget everything learned"
        assert not any(label.startswith("did you mean") for label in labels), labels
