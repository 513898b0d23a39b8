"""The card catalogue as data, the [reactor] section of an encounter, and the CLI on the bundled encounters."""

from __future__ import annotations

import json
import shutil

import pytest
from typer.testing import CliRunner

from gm_console.cli import app
from gm_console.core.systems.reactor import SYSTEM
from gm_console.core.systems.reactor.tables import CATALOGUE_TABLE
from gm_console.files import check_file, dumps_encounter, load_encounter, loads_encounter
from gm_console.files.catalogues import load_catalogues
from tests.conftest import ENCOUNTERS, game_from_dict
from tests.reactor.helpers import board, prof, reactor_game, unit

NAMED = {
    "personnel": ["Junior Watchman", "Senior Guard", "Reserve Enlisted", "TRT Squad Leader", "Reactor Operator",
                  "WNAF Conscript", "Federal Ranger", 'VT-6 "Monarch"', "Bloxian Support Operative", "Plant Director"],
    "equipment": ["Weston SMG", "Chainbreaker", "Hacking Device", "M80 AMR"],
    "executive": ["Class 2 Lockdown"],
    "incident": ["Hostile Raid"],
}  # fmt: skip
RUNNER = CliRunner()
REACTOR_FILES = sorted(ENCOUNTERS.glob("reactor-*.toml"))


def test_the_bundled_catalogue_holds_every_card_the_text_names_and_is_valid():
    problems: list = []
    data = load_catalogues(("reactor",), problems)["reactor"]
    assert problems == []
    for kind, names in NAMED.items():
        assert set(names) <= {c["name"] for c in data[kind].values()}, kind


def test_the_catalogue_schema_reports_bad_cards():
    problems: list = []
    CATALOGUE_TABLE.check({"personnel": {"x": {"atk": -1, "hpp": 2}}, "incident": {"r": {"effect": "boom"}}}, "", problems)
    text = "\n".join(map(str, problems))
    assert "personnel.x.atk" in text and "did you mean 'hp'" in text and "incident.r.effect" in text and "incident.r.steps" in text


@pytest.mark.parametrize(
    "card, items, atk, hp",
    [
        ("wnaf-conscript", (), 1, 2),
        ("wnaf-conscript", ("chainbreaker",), 2, 2),
        ("junior-watchman", ("weston-smg",), 2, 4),
        ("junior-watchman", (), 1, 3),
        ("federal-ranger", ("hacking-device",), 2, 3),
        ("reactor-operator", (), 0, 2),
    ],
)
def test_implied_stats(card, items, atk, hp):
    game = reactor_game(unit("u", "b", card, *items))
    assert (prof(game, "u").atk, prof(game, "u").hp) == (atk, hp)


def test_a_pack_and_a_chainbreaker_do_not_stack():
    game = reactor_game(*(unit(f"k{i}", "b", "wnaf-conscript", "chainbreaker") for i in (1, 2, 3)))
    assert prof(game, "k1").atk == 2 and "Chainbreaker" in prof(game, "k1").atk_why


def test_an_encounter_adds_and_overrides_cards():
    game = reactor_game(
        unit("x", "b", "sapper", "det-cord"),
        unit("w", "a", "junior-watchman"),
        cards={
            "personnel": {"sapper": {"name": "Sapper", "atk": 1, "hp": 1, "traits": ["RAIDER"], "text": "blows things up"},
                          "junior-watchman": {"name": "Junior Watchman", "atk": 3, "hp": 3, "traits": ["GUARD"]}},
            "equipment": {"det-cord": {"name": "Det Cord", "atk": 2}},
        },
    )  # fmt: skip
    assert prof(game, "x").atk == 3 and prof(game, "w").atk == 3
    game.push_line("strike x -> reactor")
    assert board(game).plants["a"].heat == 300


def test_unknown_cards_in_an_encounter_are_reported_with_a_suggestion():
    data = {
        "format": 1, "title": "t", "systems": ["reactor"], "sides": [{"id": "a"}, {"id": "b"}],
        "units": [{"id": "u", "side": "a", "items": ["westen-smg"], "reactor": {"card": "junior-watchmen"}}],
        "reactor": {"facilities": [{"id": "f", "side": "a", "card": "coolingloop"}], "sides": {"a": {"pending": ["raid"]}}},
    }  # fmt: skip
    with pytest.raises(ValueError) as exc:
        game_from_dict(data)
    text = str(exc.value)
    for bit in ("units[0].reactor.card", "'junior-watchman'", "units[0].items[0]", "'weston-smg'",
                "reactor.facilities[0].card", "reactor.sides.a.pending[0]"):  # fmt: skip
        assert bit in text


def test_the_reactor_section_is_checked():
    data = {
        "format": 1, "title": "t", "systems": ["reactor"], "sides": [{"id": "a"}, {"id": "b"}],
        "units": [{"id": "reactor", "side": "a"}],
        "reactor": {"active": "c", "phase": "lunch", "sides": {"z": {"heat": -1}},
                    "facilities": [{"id": "f", "side": "q"}]},
    }  # fmt: skip
    with pytest.raises(ValueError) as exc:
        game_from_dict(data)
    text = str(exc.value)
    assert "reactor.phase" in text and "reactor.sides.z.heat" in text
    data["reactor"] = {"active": "c", "sides": {"z": {}}, "facilities": [{"id": "f", "side": "q"}]}
    with pytest.raises(ValueError) as exc:
        game_from_dict(data)
    text = str(exc.value)
    for bit in ("reactor.active", "reactor.sides.z", "reactor.facilities[0].side", "needs a card or an integrity", "units[0].id"):
        assert bit in text


@pytest.mark.parametrize("path", REACTOR_FILES, ids=[p.name for p in REACTOR_FILES])
def test_bundled_reactor_encounters_validate_and_save_stably(path):
    assert check_file(path) == []
    once = dumps_encounter(load_encounter(path))
    assert dumps_encounter(loads_encounter(once)) == once
    assert RUNNER.invoke(app, ["validate", str(path)]).exit_code == 0


def test_at_least_two_bundled_reactor_encounters():
    assert len(REACTOR_FILES) >= 2


def test_replay_json_shows_the_board(tmp_path):
    result = RUNNER.invoke(app, ["replay", str(ENCOUNTERS / "reactor-worked-exchange.toml"), "--json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    a = data["boards"]["reactor"]["sides"]["a"]
    assert (a["heat"], a["hack"], a["next_base_load"]) == (200, 2, 150)
    assert [c["id"] for c in data["boards"]["reactor"]["casualties"]] == ["c1"]
    early = json.loads(RUNNER.invoke(app, ["replay", str(ENCOUNTERS / "reactor-worked-exchange.toml"), "--json", "--to", "2"]).stdout)
    assert early["boards"]["reactor"]["sides"]["a"]["heat"] == 200 and early["boards"]["reactor"]["sides"]["a"]["hack"] == 0


def test_apply_plays_on_and_refuses_illegal_strikes(tmp_path):
    path = tmp_path / "x.toml"
    shutil.copy(ENCOUNTERS / "reactor-worked-exchange.toml", path)
    ok = RUNNER.invoke(app, ["apply", str(path), "hack a +1", "next", "next", "--json"])
    assert ok.exit_code == 0, ok.stdout
    state = json.loads(ok.stdout)["state"]
    assert state["boards"]["reactor"]["sides"]["a"]["heat"] == 400  # 200 + the raid at three counters
    before = path.read_text()
    bad = RUNNER.invoke(app, ["apply", str(path), "station operator", "strike watchman -> reactor"])
    assert bad.exit_code == 1
    err = " ".join(bad.stderr.split())
    assert "Junior Watchman cannot strike Player B's reactor: STATIONED" in err
    assert "[Reactor: Declaring a strike]" in err and "nothing was saved" in err
    assert path.read_text() == before


def test_new_writes_a_valid_reactor_starter(tmp_path):
    path = tmp_path / "s.toml"
    result = RUNNER.invoke(app, ["new", str(path), "--system", "reactor"])
    assert result.exit_code == 0, result.stdout
    game = load_encounter(path)
    assert game.legal_actions()  # the foe can strike
    game.push_line("strike foe -> reactor")
    assert board(game).plants["party"].heat == 100
    assert SYSTEM.starter_board()["facilities"]
