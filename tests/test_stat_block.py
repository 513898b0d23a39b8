"""The stat block (issue 29, Inspect): for every unit of every bundled
encounter, at the start, after its log and after a few turns played with the
legal actions, the block shows every number the state JSON holds of it
(``replay --json``: its stats, conditions and Traits; the board's numbers in
force, weapons, Stress tracks) and every number its pane or odds use
(the AP a tick, the d20 bands, the conflict's Protection), each with at least
one source, the same value, and the sources adding up where the JSON keeps
the parts. Its history is the log's events about it, never stored."""

from __future__ import annotations

from pathlib import Path

import pytest

from gm_console.core.game import Game
from gm_console.core.statblock import Source, history, pointed, unit_actions
from gm_console.core.systems.conflict import view as conflict_view
from gm_console.core.systems.ctb import view as ctb_view
from gm_console.export import state_json
from gm_console.files.encounter_io import load_encounter
from gm_console.ui.inspect import Inspected, inspect, inspect_facility, pointed_line
from tests.conftest import ENCOUNTERS

FILES = sorted(ENCOUNTERS.glob("*.toml")) + sorted(p for p in (ENCOUNTERS / "campaign").glob("[0-9]-*.toml"))
PREFER = ("hit", "brk", "attack", "strike", "suffer", "turn", "next")  # the actions that change numbers first
STEPS = 14


def play(game: Game) -> None:
    """A few steps of the fight with its own legal actions, those that change numbers first."""
    for _ in range(STEPS):
        legal = [a for a in game.legal_actions() if a.VERB in PREFER]
        if not legal:
            return
        legal.sort(key=lambda a: PREFER.index(a.VERB))
        game.push(legal[0])


def figures(seen: Inspected) -> dict:
    return {f.key: f for block in seen.blocks for f in block.figures}


def check_point(game: Game, n: int) -> int:
    """Every unit after ``n`` actions against the state JSON there; the number of figures checked."""
    data = state_json(game, n)
    state = game.state_at(n)
    checked = 0
    for u in data["units"]:
        uid = u["id"]
        seen = inspect(game, uid, n, state)
        shown = figures(seen)
        for key, value in u["stats"].items():
            assert key in shown, f"{uid}: stat {key} not in its stat block"
            assert shown[key].value == value, f"{uid}.{key}: block {shown[key].value}, JSON {value}"
            assert shown[key].sources and all(isinstance(s, Source) and s.label for s in shown[key].sources), (uid, key)
            checked += 1
        for block in seen.blocks:
            assert [(c.name, c.remaining, c.per) for c in block.conditions] == [(c["name"], c["remaining"], c["per"]) for c in u["conditions"]]
            assert set(u["traits"]) <= set(block.traits)
        assert seen.history == tuple(history(game.events, uid, ("damage",), n))
        boards = data["boards"]
        if "ctb" in boards:
            unit = state.units[uid]
            assert shown["ap_gain"].value == ctb_view.gain(unit, game.rules)  # the pane's +N column
            b = ctb_view.bands(unit, game.rules)  # the odds' d20 bands
            assert (shown["glance_ceiling"].value, shown["crit_floor"].value) == (b.glance_ceiling, b.crit_floor)
            weapons = boards["ctb"]["weapons"].get(uid, [])
            gear = {g.id: dict(g.numbers) for block in seen.blocks for g in block.gear}
            for w in weapons:
                assert gear[w["id"]]["dam"] == w["dam"] and gear[w["id"]]["brk"] == w["brk"]
            checked += 3 + 2 * len(weapons)
        if "reactor" in boards and uid in boards["reactor"]["in_force"]:
            force = boards["reactor"]["in_force"][uid]
            for key in ("atk", "hp", "hack"):
                figure = shown[f"in_force.{key}"]
                assert figure.value == force[key]
                assert [s.value for s in figure.sources] == [step["value"] for step in force[f"{key}_from"]]  # the same parts, in order
            assert shown["damage"].value == force["damage"]
            checked += 4
        if "conflict" in boards and uid in boards["conflict"]["chars"]:
            char = boards["conflict"]["chars"][uid]
            assert shown["stress_max"].value == char["stress_max"] and shown["stress_max"].sources
            c = conflict_view.character(state, uid)  # what the pane draws of it
            assert shown["protection_in_force"].value == c.protection
            assert [s.label for s in shown["protection_in_force"].sources if s.kind != "rule"] == list(c.protection_parts)
            notes = [n for block in seen.blocks for n in block.notes]
            assert all(any(i["name"] in note for note in notes) for i in char["injuries"])
            ids = {g.id for block in seen.blocks for g in block.gear}
            assert set(char["weapons"]) <= ids
            checked += 2 + len(char["injuries"])
    for fac in data["boards"].get("reactor", {}).get("facilities", []):  # a Facility card: the same numbers as the board's
        shown = figures(inspect_facility(game, fac["id"], n, state))
        assert (shown["integrity"].value, shown["damage"].value) == (fac["integrity"], fac["damage"])
        assert shown["remaining"].value == (0 if fac["destroyed"] else fac["integrity"] - fac["damage"])
        assert {k: shown[f"grants.{k}"].value for k in fac["grants"]} == fac["grants"]
        checked += 3 + len(fac["grants"])
    return checked


@pytest.mark.parametrize("path", FILES, ids=lambda p: Path(p).stem)
def test_the_stat_block_shows_every_number_of_the_state_json_with_its_sources(path):
    game = load_encounter(path)
    start = len(game.log)
    play(game)
    checked = sum(check_point(game, n) for n in sorted({0, start, len(game.log)}))
    assert checked > 0


def test_a_bundled_fight_played_on_has_a_history_and_actions_per_unit():
    game = load_encounter(ENCOUNTERS / "ctb-causeway-ambush.toml")
    play(game)
    hurt = [uid for uid in game.state.units if history(game.events, uid)]
    assert hurt, "the turns played hit someone"
    seen = inspect(game, hurt[0])
    assert seen.history and all(i >= 1 for i, _ in seen.history)
    acting = game.state.clock.active
    assert inspect(game, acting).actions == tuple(a.notation() for a in unit_actions(game.legal_actions(), acting))


def test_a_stat_block_in_replay_is_the_unit_at_that_point():
    game = load_encounter(ENCOUNTERS / "ctb-causeway-ambush.toml")
    play(game)
    hurt = next(uid for uid in game.state.units if history(game.events, uid))
    first = history(game.events, hurt)[0][0]  # the action that first hurt it
    before, after = inspect(game, hurt, first - 1), inspect(game, hurt, first)
    assert figures(before)["hp"].value == game.state_at(first - 1).units[hurt].stats["hp"]
    assert figures(after)["hp"].value == game.state_at(first).units[hurt].stats["hp"]
    assert figures(before)["hp"].value != figures(after)["hp"].value or figures(before)["ar"].value != figures(after)["ar"].value
    assert not before.live and before.actions == () and len(before.history) < len(after.history)


def test_the_sources_say_kennel_and_house_rules():
    game = load_encounter(ENCOUNTERS / "ctb-causeway-ambush.toml")
    low = next(u for u in game.state.units.values() if u.stats["kennel"] != 100 and u.stats["hp_base"])
    hp_max = figures(inspect(game, low.id))["hp_max"]
    kinds = [s.kind for s in hp_max.sources]
    assert kinds[:2] == ["base", "kennel"] and "house rule" in kinds
    assert sum(s.value for s in hp_max.sources if s.value is not None) == hp_max.value  # base + Kennel = the maximum


def test_a_reactor_number_names_the_facility_that_grants_it():
    game = load_encounter(ENCOUNTERS / "reactor-night-shift.toml")
    granted = [f for uid in game.state.units for f in figures(inspect(game, uid)).values() if any(s.kind == "facility" for s in f.sources)]
    assert granted and all(any(s.label.startswith("GRANTS of ") for s in f.sources) for f in granted)


def test_a_click_on_a_second_unit_means_the_first_legal_action_between_them():
    game = load_encounter(ENCOUNTERS / "ctb-causeway-ambush.toml")
    game.push_line("next")
    acting = game.state.clock.active
    legal = game.legal_actions()
    foe = next(a.target for a in legal if a.VERB == "hit")
    assert pointed(legal, acting, target=foe).notation() == f"hit {acting} {foe}"
    assert pointed_line(game, acting, target=foe) == f"hit {acting} {foe}"
    mate = next(u for u, unit in game.state.units.items() if u != acting and unit.side == game.state.units[acting].side)
    assert pointed_line(game, acting, target=mate) == f"hit {acting} {mate}"  # none legal: the system's line, refused when applied
    zone = next(iter(game.state.zones))
    assert pointed_line(game, acting, zone=zone) == f"move {acting} {zone}"


def test_a_facility_shows_its_card_text_and_what_it_grants():
    game = load_encounter(ENCOUNTERS / "reactor-night-shift.toml")
    fac = next(f for f in game.state.boards["reactor"].facilities.values() if f.grants and f.card)
    seen = inspect_facility(game, fac.id)
    block = seen.blocks[0]
    assert block.kind == "Facility" and block.cards and block.cards[0].text  # the card's words, from the data file
    assert all(f.sources[0].label == "while it stands" for f in block.figures if f.key.startswith("grants."))
