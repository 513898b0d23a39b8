"""The one-line notation: tokens, parse/format pairs, errors that help."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gm_console.core import notation as n
from gm_console.core.actions import AddCondition, AddUnit, Move, Note, Pool, Roll, SetStat
from gm_console.core.errors import NotationError, UnknownName
from gm_console.core.game import format_action, parse_action, verb_table
from gm_console.core.system import all_systems
from tests.strategies import action_strategy, all_action_classes

VERBS = verb_table(all_systems())


@pytest.mark.parametrize(
    "line, expected",
    [
        ("set kai hp 30", SetStat(unit="kai", stat="hp", value=30)),
        ("move kai bridge", Move(unit="kai", zone="bridge")),
        ("roll 2d20 [4,17]", Roll(expr="2d20", dice=(4, 17))),
        ("roll d20+3", Roll(expr="1d20+3")),
        ('roll 1d20+3 why="spot the ambush" by=kai [14]', Roll(expr="1d20+3", by="kai", why="spot the ambush", dice=(14,))),
        ("cond gob Blinded for=2t", AddCondition(unit="gob", condition="Blinded", duration="2t")),
        ('add gob3 foes name="Goblin Archer" copy=gob hp=8', AddUnit(unit="gob3", side="foes", name="Goblin Archer", copy="gob", stats=(("hp", 8),))),
        ("pool threat +2", Pool(pool="threat", delta=2)),
        ("note The bridge starts to give way", Note(text="The bridge starts to give way")),
        ('note "quoted" at the start', Note(text='"quoted" at the start')),
    ],
)
def test_parse_examples(line, expected):
    assert parse_action(line, VERBS) == expected


@pytest.mark.parametrize(
    "action, line",
    [
        (Roll(expr="1d20+3", by="kai", why="spot the ambush", dice=(14,)), 'roll 1d20+3 by=kai why="spot the ambush" [14]'),
        (AddCondition(unit="gob", condition="Very Blind"), 'cond gob "Very Blind"'),
        (Note(text='"quoted" at the start'), 'note "\\"quoted\\" at the start"'),
        (Pool(pool="threat", delta=-1), "pool threat -1"),
    ],
)
def test_format_examples(action, line):
    assert format_action(action) == line
    assert parse_action(line, VERBS) == action


@pytest.mark.parametrize("cls", all_action_classes(), ids=lambda c: c.VERB)
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_parse_of_format_is_identity(cls, data):
    action = data.draw(action_strategy(cls))
    line = format_action(action)
    assert "\n" not in line
    assert parse_action(line, VERBS) == action


@pytest.mark.parametrize(
    "line, message",
    [
        ("sett kai hp 3", "unknown verb 'sett' (did you mean 'set'?)"),
        ("set kai hp", "set: missing VALUE (usage: set UNIT STAT VALUE)"),
        ("set kai hp x", "set: expected a whole number, got 'x'"),
        ("move kai a b", "move: unexpected 'b' (usage: move UNIT ZONE)"),
        ("roll 2d20 foo=1", "roll: unknown option 'foo'; expected one of: by, why"),
        ("roll 2x20", "bad dice expression '2x20'"),
        ("roll 2d20 [4,", "unterminated dice list"),
        ("roll 2d20 [a]", "bad dice list [a]"),
        ('note', "note: expected TEXT"),
        ('rename kai "Unclosed', "unterminated quoted string"),
        ("cond kai Blind for=2x", "expected a duration like 2t"),
        ("pool threat 2", "expected a signed number like +2 or -1"),
        ("", "empty action"),
        ("[4] roll", "a line starts with a verb"),
        ("move kai [3] b", "dice [..] go at the end of the line"),
    ],
)
def test_parse_errors_say_what_was_expected(line, message):
    with pytest.raises(NotationError) as info:
        parse_action(line, VERBS)
    assert message in str(info.value)


def test_unknown_verb_is_an_unknown_name_with_suggestion():
    with pytest.raises(UnknownName) as info:
        parse_action("rol 2d20", VERBS)
    assert info.value.suggestion == "roll"


def test_options_in_any_order_format_in_one_order():
    a = parse_action('roll 1d6 why=x by=kai', VERBS)
    b = parse_action('roll 1d6 by=kai why=x', VERBS)
    assert a == b and format_action(a) == "roll 1d6 by=kai why=x"


def test_option_given_twice_is_an_error():
    with pytest.raises(NotationError, match="given twice"):
        parse_action("roll 1d6 by=kai by=gob", VERBS)


def test_tokens_keep_quotes_and_options_apart():
    toks = n.tokenize('a "b c" k="d e" x=1 [2, 3]')
    assert [(t.text, t.quoted, t.key, t.dice) for t in toks] == [
        ("a", False, None, None),
        ("b c", True, None, None),
        ("d e", True, "k", None),
        ("1", False, "x", None),
        ("[2, 3]", False, None, (2, 3)),
    ]


def test_quote_leaves_safe_words_bare_and_escapes_the_rest():
    assert n.quote("kai") == "kai"
    assert n.quote("Goblin Chief") == '"Goblin Chief"'
    assert n.quote('say "hi"') == '"say \\"hi\\""'
    assert n.quote("") == '""'
    assert n.quote("a=b") == '"a=b"'


def test_usage_lines_are_derived_from_the_syntax():
    assert n.usage(SetStat) == "set UNIT STAT VALUE"
    assert n.usage(Roll) == "roll DICE [by=UNIT] [why=NAME] [dice]"
