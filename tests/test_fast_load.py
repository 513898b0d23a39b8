"""Opening a long log fast, with the same result as the plain way: the saved
log's block read apart from the TOML parser, the quiet replay (events worked
out when read), and CTB's amount-only damage."""

from __future__ import annotations

import itertools
import tomllib

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gm_console.core import notation as n
from gm_console.core.actions import Context, QuietContext
from gm_console.core.game import EventLog, Game
from gm_console.core.systems.ctb import maths as math
from gm_console.files.encounter_io import _loads_saved_log, dumps_encounter, game_from_data, loads_encounter, parse_toml
from tests.fights import fight_text as encounter_text
from tests.strategies import action_strategy, all_action_classes

HEAD = 'format = 1\ntitle = "t"\n'


def same_document(text: str) -> None:
    """The fast reading gives what tomllib gives, or leaves the text to it."""
    try:
        expected = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        expected = None
    fast = _loads_saved_log(text)
    if fast is not None:
        assert fast == expected
    data, problem = parse_toml(text)
    assert (data if problem is None else None) == expected


@settings(max_examples=200, deadline=None)
@given(lines=st.lists(st.text(max_size=12), max_size=6), tail=st.sampled_from(["", "\n", "# c\n", "[x]\na = 1\n"]))
def test_a_saved_log_reads_as_tomllib_reads_it(lines, tail):
    text = HEAD + tomli_w.dumps({"log": lines}) + tail
    same_document(text)


@pytest.mark.parametrize(
    "text",
    [
        HEAD + 'log = [\n    "next",\n]\n',
        HEAD + "log = []\n",
        HEAD + 'x = """\nlog = [\n    "next",\n]\n"""\n',  # inside a multi-line string
        HEAD + "x = '''\nlog = [\n    \"next\",\n]\n'''\n",
        HEAD + '[table]\nlog = [\n    "next",\n]\n',  # under a table: not the top-level log
        HEAD + 'log = [\n    "next",\n]\nlog = [\n    "next",\n]\n',  # twice
        HEAD + 'log = [\n    "next",\n]\n[log]\n',
        HEAD + 'log = [\n    "next",\n]  # a comment\n',
        HEAD + 'log = [\n    "next",\n] x\n',
        HEAD + 'log = [\r\n    "next",\r\n]\r\n',
        HEAD + 'log = [\n    "a\\"b",\n]\n',
        HEAD + 'log = [\n    "next",\n]\nnote = "gm-console: the log is read apart"\n',
        HEAD + 'log.x = 1\nlog = [\n    "next",\n]\n',
        'log = [\n    "next",\n]\n' + HEAD,
    ],
)
def test_the_fast_reading_never_changes_a_document(text):
    same_document(text)


def test_a_long_saved_log_takes_the_fast_reading():
    text = encounter_text(4, 300)
    assert _loads_saved_log(text) == tomllib.loads(text)


def test_a_replayed_log_words_its_events_when_read():
    text = encounter_text(6, 400)
    game = loads_encounter(text)
    assert isinstance(game.events, EventLog) and game.events.known == 0
    last = game.events[-1]
    assert last and game.events.known < len(game.log)  # only the entries around the one read
    # the same events as playing the log live (loud), entry by entry
    live = Game(game.setup)
    for action in game.log:
        live.push(action)
    assert list(game.events) == list(live.events)
    assert game.events == live.events
    assert game.state.to_json() == live.state.to_json()


def test_undo_redo_after_a_quiet_replay():
    game = loads_encounter(encounter_text(6, 300))
    events, lines = list(game.events), game.lines()
    for _ in range(140):
        game.undo()
    for _ in range(140):
        game.redo()
    assert list(game.events) == events and game.lines() == lines
    assert dumps_encounter(game) == dumps_encounter(loads_encounter(dumps_encounter(game)))


def test_a_quiet_context_drops_what_is_said():
    game = loads_encounter(encounter_text(2, 0))
    quiet = QuietContext(game.rules, game.systems, game.setup, 0)
    quiet.emit("x")
    assert quiet.events == [] and not quiet.loud and Context(game.rules, game.systems, game.setup, 0).loud


def test_amount_only_damage_equals_the_worded_one():
    for stat, ar, face, ceiling, crit, broken, rounding, stack in itertools.product(
        (0, 3, 12), (0, 5, 30), (None, 1, 2, 6, 7, 15, 18, 20), (0, 2, 6), (14, 18, 20), (False, True),
        ("down", "up", "down_min1"), (False, True),
    ):
        attack = math.Attack(stat=stat, dam=2, prof=1, ar=ar, res=3)
        bands = math.Bands(ceiling, crit)
        worded = math.hp_damage(attack, face, bands, broken=broken, rounding=rounding, stack=stack)
        amount = math.hp_amount(attack, face, bands, broken=broken, rounding=rounding, stack=stack)
        assert amount == worded.amount, (attack, face, bands, broken, rounding, stack)


@pytest.mark.parametrize("cls", all_action_classes(), ids=lambda c: c.VERB)
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_the_planned_formatter_writes_what_the_syntax_says(cls, data):
    action = data.draw(action_strategy(cls))
    assert n.format_with(action) == n.format_reference(action)


def test_sparse_checkpoints_of_a_replay_give_every_state_live_play_saw(monkeypatch):
    monkeypatch.setattr(Game, "CHECKPOINT_EVERY", 4)
    monkeypatch.setattr(Game, "SPARSE_CHECKPOINTS", 4)
    monkeypatch.setattr(Game, "DENSE_TAIL", 12)
    live = Game(loads_encounter(encounter_text(5, 0)).setup)
    seen = [live.state.to_json()]
    for action in loads_encounter(encounter_text(5, 150)).log:
        live.push(action)
        seen.append(live.state.to_json())
    game = loads_encounter(dumps_encounter(live))
    # every 16 actions, and every 4 over the last 12 (the last action is the 150th)
    assert game.checkpoints == [0, 16, 32, 48, 64, 80, 96, 112, 128, 140, 144, 148]
    for i in reversed(range(len(seen))):  # from the end back, as replay mode steps
        assert game.state_at(i).to_json() == seen[i]
    assert list(game.events) == list(live.events)
    for _ in range(60):
        game.undo()
        live.undo()
        assert game.state.to_json() == live.state.to_json()


@settings(max_examples=200, deadline=None)
@given(
    lines=st.lists(st.text(max_size=10), max_size=6),
    extra=st.dictionaries(st.sampled_from(["title", "seed", "zz", "a b", "description"]), st.one_of(st.text(max_size=5), st.integers())),
    tables=st.booleans(),
)
def test_a_dumped_document_is_what_tomli_w_writes(lines, extra, tables):
    from gm_console.files.encounter_io import dumps_document

    data = {"format": 1, **extra, "log": lines}
    if tables:
        data["units"] = [{"id": "u", "ctb": {"hp": 3}}]
        data["ctb"] = {"projection": 4}
    assert dumps_document(data) == tomli_w.dumps(data)


def test_a_long_log_is_dumped_as_tomli_w_dumps_it():
    from gm_console.files.encounter_io import dumps_document

    game = loads_encounter(encounter_text(6, 500))
    data = game.setup.to_dict(game.lines())
    assert dumps_document(data) == tomli_w.dumps(data)


def test_a_long_replayed_log_keeps_few_state_copies():
    """(issue 16, memory) A copy every 2048 actions, and every 128 over the last 512
    (where undo goes): 9 for 10,000 actions, about 46 KB each with 50 units."""
    game = loads_encounter(encounter_text(2, 10_000))
    assert game.checkpoints == [0, 2048, 4096, 6144, 8192, 9600, 9728, 9856, 9984]
    state = game.state_at(9_999)
    game.undo()
    assert game.state.to_json() == state.to_json() and game.checkpoints[-1] == 9984


def test_lines_between_is_a_slice_of_lines_and_keeps_nothing():
    game = loads_encounter(encounter_text(6, 300))
    for start, stop in [(0, 0), (0, 7), (5, 140), (250, 300), (290, 400), (300, 310)]:
        assert game.lines_between(start, stop) == game.detached().lines()[start:stop]
    assert game._lines == []
    whole = game.lines()  # kept now: read from what is kept
    assert game.lines_between(10, 20) == whole[10:20]
    game.undo()
    assert game.lines_between(290, 300) == whole[290:299]


def test_a_long_log_is_dumped_in_pieces_none_of_them_the_whole_log():
    from gm_console.files.encounter_io import _CHUNK, document_pieces

    game = loads_encounter(encounter_text(6, 3 * _CHUNK + 7))
    data = game.setup.to_dict(game.lines())
    pieces = list(document_pieces(data))
    assert "".join(pieces) == tomli_w.dumps(data)
    assert len(pieces) == 2 + 4  # the head, a piece per _CHUNK lines (and the rest), the tail
    assert max(len(p) for p in pieces) < len(tomli_w.dumps(data)) / 3


@settings(max_examples=150, deadline=None)
@given(
    aps=st.lists(st.tuples(st.sampled_from([0, 99, 100, 101, 150]), st.sampled_from([0, 5, 10]), st.integers(0, 2), st.integers(0, 1)), min_size=1, max_size=8),
    downed_clock=st.sampled_from(["frozen", "reset", "acts"]),
)
def test_the_best_ready_unit_in_one_pass_is_the_first_of_the_order(aps, downed_clock):
    from gm_console.core.systems.ctb.projection import best_ready_now, order_ready, ready_now
    from tests.ctb.ctb_helpers import doc, unit

    units = [unit(f"u{i}", "pcs" if i % 2 else "foes", total, hp_base=10, ap=ap) for i, (ap, total, _, _) in enumerate(aps)]
    game = game_from_data(doc(*units, house={"downed_clock": downed_clock}), "<t>")
    for i, (_, _, hp, recalled) in enumerate(aps):
        game.state.units[f"u{i}"].stats.update(hp=hp * 5, recalled=recalled)
    ready = ready_now(game.state, game.rules)
    expected = order_ready(game.state, game.rules, ready)[0] if ready else None
    assert best_ready_now(game.state, game.rules) == expected


NEXT_HEAVY = st.lists(
    st.one_of(
        st.just(("next",)), st.just(("next",)), st.just(("next",)),
        st.tuples(st.just("hit"), st.integers(0, 5), st.integers(1, 20)),
        st.tuples(st.just("set"), st.integers(0, 5), st.sampled_from(["ap", "hp", "ap_total", "recalled"]), st.integers(0, 260)),
        st.tuples(st.sampled_from(["cond", "uncond"]), st.integers(0, 5), st.sampled_from(["Downed", "Recalled"])),  # marks out of step with the stats
        st.tuples(st.sampled_from(["haste", "slow", "delay", "rush"]), st.integers(0, 5), st.integers(1, 90)),
        st.tuples(st.just("tick"), st.integers(1, 4)),
    ),
    min_size=15,
    max_size=90,
)  # fmt: skip


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    steps=NEXT_HEAVY,
    downed_clock=st.sampled_from(["frozen", "reset", "acts"]),
    surplus=st.sampled_from(["keep", "drop"]),
    percent=st.sampled_from([100, 50, 250]),
)
def test_a_replay_that_keeps_who_may_be_ready_hands_out_the_turns_play_did(steps, downed_clock, surplus, percent):
    """The replay's ready_hint (CTB: only the units that may hold 100 AP are
    read on a next) gives the state live play reached after every line."""
    from tests.ctb.ctb_helpers import doc, unit

    roster = [unit(f"u{i}", "pcs" if i % 2 else "foes", 6 + 3 * i, hp_base=25, atk=12, ap=17 * i % 100) for i in range(6)]
    house = {"downed_clock": downed_clock, "surplus": surplus, "ap_gain_percent": percent}
    live = game_from_data(doc(*roster, house=house), "<live>")
    seen = []
    for step in steps:
        ids = list(live.state.units)
        verb, pick = step[0], (lambda i: ids[i % len(ids)])  # noqa: E731
        if verb == "hit":
            active = live.state.clock.active
            line = f"hit {active} {pick(step[1])} [{step[2]}]" if active else "next"
        elif verb == "set":
            line = f"set {pick(step[1])} {step[2]} {step[3] if step[2] != 'recalled' else step[3] % 2}"
        elif verb in ("haste", "slow", "delay", "rush"):
            line = f"{verb} {pick(step[1])} {step[2]}"
        elif verb == "tick":
            line = f"tick {step[1]}"
        elif verb in ("cond", "uncond"):
            line = f"{verb} {pick(step[1])} {step[2]}"
        else:
            line = "next"
        try:
            live.push_line(line)
        except Exception:
            continue
        seen.append(live.state.to_json())
    lines = live.lines()
    for k in sorted({len(lines), len(lines) // 2, len(lines) // 3}):
        if k:
            again = game_from_data(doc(*roster, house=house, log=lines[:k]), "<replayed>")
            assert again.state.to_json() == seen[k - 1], (k, lines[:k])


@pytest.mark.parametrize(
    "log",
    [
        ["cond u1 Downed", "next", "hit {active} u1 [20]"],  # the hit downs a unit already marked Downed
        ["cond u2 Downed", "next", "set u2 hp 0"],
        ["set u2 hp 0", "uncond u2 Downed", "next", "set u2 hp 20"],  # back on the clock, no mark changing
        ["cond u2 Recalled", "next", "set u2 recalled 1"],
        ["cond u2 Downed", "next", "set u2 hp_base 0"],  # the new maximum pulls HP to 0
    ],
)
def test_a_replay_follows_who_is_on_the_clock_when_the_marks_are_out_of_step_with_the_stats(log):
    """Who is on the CTB clock comes from the numbers (HP, Recalled, AP Total);
    cond and uncond move the marks by hand. A replay keeps who is on the clock
    between jumps (Context.clock_rows): it must work it out again on these,
    or it hands AP to a Downed unit or none to a revived one."""
    from tests.ctb.ctb_helpers import doc, unit

    roster = [unit(f"u{i}", "pcs" if i % 2 else "foes", 6 + 3 * i, hp_base=25, atk=40, ap=17 * i % 100) for i in range(4)]
    live = game_from_data(doc(*roster), "<live>")
    for line in log:
        live.push_line(line.format(active=live.state.clock.active))
    for _ in range(8):
        live.push_line("next")
    again = game_from_data(doc(*roster, log=live.lines()), "<replayed>")
    assert again.state.to_json() == live.state.to_json()
