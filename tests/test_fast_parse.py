"""The fast path of the notation (``notation.fast_parse``, used when a saved
log is replayed) reads a plain line exactly as the general parser does, for
every verb of every system, and leaves every other line (and every error) to
the general parser."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gm_console.core import notation as n
from gm_console.core.actions import Next, SetStat
from gm_console.core.errors import GMError
from gm_console.core.game import Game, LogError, format_action, parse_action, verb_table
from gm_console.core.system import all_systems
from gm_console.core.systems.ctb.verbs import Hit, Tick
from gm_console.files.encounter_io import EncounterFileError, game_from_data
from tests.ctb.ctb_helpers import doc, duel, unit
from tests.strategies import action_strategy, all_action_classes

VERBS = verb_table(all_systems())


def general(line: str):
    """What the general parser makes of ``line``: an action, or the error."""
    try:
        return parse_action(line, VERBS)
    except Exception as exc:  # noqa: BLE001 - the kind of error is compared too
        return exc


def fast(line: str):
    cls = VERBS.get(line.partition(" ")[0])
    return None if cls is None else n.fast_parse(cls, line)


def same_as_general(line: str) -> bool:
    """The fast path gives nothing, or exactly the general parser's action."""
    quick = fast(line)
    if quick is None:
        return True
    slow = general(line)
    return not isinstance(slow, Exception) and type(quick) is type(slow) and quick == slow


@pytest.mark.parametrize("cls", all_action_classes(), ids=lambda c: c.VERB)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_fast_path_reads_formatted_actions_like_the_general_parser(cls, data):
    action = data.draw(action_strategy(cls))
    line = format_action(action)
    assert same_as_general(line)
    quick = fast(line)
    assert quick is None or quick == action


# words that stress the edges of the tokenizer and of each kind's reading
WORDS = st.one_of(
    st.sampled_from(["u1", "kai", "hp", "free", "with=w", "assist=2", "->", "a-b", "a_b", "9x", "-", "+", "=", "[", "]"]),
    st.sampled_from(["3", "-3", "+3", "03", "0", "+0", "-0", "99999999999999999999", "1e3", "٣", "９", "1_000"]),
    st.sampled_from(["[3]", "[3,4]", "[03]", "[0]", "[]", "[ 3 ]", "[3,]", "[,3]", "[x]", "[-3]", "[+3]", "[٣]", "[3"]),
    st.sampled_from(['"a b"', '"x"', 'name="y z"', '"', "a\"b", "stun", "deadly", "momentum", "breather", "acute"]),
    st.text(alphabet="ab1-_=[],+\"' ", min_size=1, max_size=5),
)
SEPARATORS = st.sampled_from([" ", " ", " ", "  ", "\t", "\u00a0", "\x1c"])


@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(VERBS)), st.lists(st.tuples(SEPARATORS, WORDS), max_size=6), st.sampled_from(["", "", " ", "\n"]))
def test_fast_path_never_disagrees_with_the_general_parser(verb, words, end):
    line = verb + "".join(sep + word for sep, word in words) + end
    assert same_as_general(line)


@pytest.mark.parametrize(
    "line, expected",
    [
        ("next", Next()),
        ("hit kai gob [17]", Hit(attacker="kai", target="gob", dice=(17,))),
        ("hit kai gob", Hit(attacker="kai", target="gob")),
        ("set gob hp 12", SetStat(unit="gob", stat="hp", value=12)),
        ("set gob hp -0", SetStat(unit="gob", stat="hp", value=0)),
        ("tick", Tick(count=1)),
        ("tick 3", Tick(count=3)),
    ],
)
def test_plain_lines_take_the_fast_path(line, expected):
    assert fast(line) == expected == general(line)


@pytest.mark.parametrize(
    "line",
    [
        "hit kai gob free [17]",  # a flag
        "hit kai gob with=sword [17]",  # an option
        'set "gob" hp 12',  # quotes
        "hit  kai gob [17]",  # other spacing
        "hit kai gob [17] ",
        "hit kai gob [ 17 ]",
        "set gob hp ９",  # digits the general parser also reads: left to it
        "tick 0",  # a value the class refuses: the general parser words the error
        "set gob hp " + "9" * 5000,  # too long for int(): the general parser has the say
        "next now",
        "note hello",  # free text has its own path
    ],
)
def test_other_lines_are_left_to_the_general_parser(line):
    assert fast(line) is None


@pytest.mark.parametrize(
    "line, message",
    [
        ("hit gob kai [21]", "log[2]: a d20 shows 1 to 20"),
        ("hit gob kai [3,4]", "log[2]: expected 1 dice"),
        ("hit gob gob [3]", "log[2]: Gob cannot attack itself"),
        ("hit gob zed [3]", "log[2]: unknown unit 'zed'"),
        ("hit kai gob [3]", "log[2]: it is Gob's turn, not Kai's"),
        ("hit gob kai", "log[2]: a saved action must record its dice"),
        ("set gob hp 99", "log[2]: Gob's HP must stay between 0 and its maximum 30"),
        ("set gob hp x", "log[2]: set: expected a whole number, got 'x'"),
        ("tick 0", "log[2]: tick counts 1 to 1000 ticks, got 0"),
        ("hit gob kai [3] extra", "log[2]: hit: dice [..] go at the end of the line"),
    ],
)
def test_a_bad_line_in_a_saved_log_is_still_reported_with_its_index(line, message):
    data = doc(
        unit("kai", "pcs", 12, hp_base=40, ar_base=10, atk=14, pr=4, prof=2, weapons=[{"id": "sword", "dam": 3}]),
        unit("gob", "foes", 9, hp_base=30, ar_base=10, ap=40, atk=11, pr=3, weapons=[{"id": "club", "dam": 4}]),
        log=["next", "set gob hp 20", line],
    )
    with pytest.raises(EncounterFileError) as err:
        game_from_data(data, "<log>")
    assert message in str(err.value)


def test_load_gives_the_same_game_as_pushing_each_parsed_line():
    g = duel()
    for line in ["next", "hit kai gob [17]", "next", "hit gob kai free [4]", "brk gob kai [12]", "next", "set gob hp 3", "tick", "next"]:
        try:
            g.push_line(line)
        except GMError:
            pass
    again = Game.load(g.setup, g.lines())
    assert again.lines() == g.lines()
    assert again.events == g.events
    assert again.state.to_json() == g.state.to_json()
    with pytest.raises(LogError, match=r"log\[1\]"):
        Game.load(g.setup, ["next", "hit kai gob [3]"])  # Gob acts first
