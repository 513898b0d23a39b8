"""The build screen, driven with Pilot: for each system a GM builds a bundled
encounter's equivalent from ``gm-console new`` (the result validates, equals
the bundled encounter and plays as it does); the library search, the field
dialog with its range and refusal, duplicate, remove, house rules, save, the
mouse; and the palette's ``encounter: build`` before and after the first action."""

from __future__ import annotations

import pytest
from textual.widgets import Input, OptionList

from gm_console.build.draft import Draft
from gm_console.files import check_file, load_encounter
from gm_console.ui.build_app import BuildConsole
from gm_console.ui.screens.ask_text import AskText
from gm_console.ui.screens.build import BuildScreen
from gm_console.ui.screens.build_add import AddUnit
from tests.build.recipes import BUNDLED, recipe, systems, target
from tests.build.test_cli import play_alike


async def type_line(pilot, line: str, *, keys: bool = False) -> None:
    """A change in the build prompt: typed key by key, or put in and submitted with Enter."""
    field = pilot.app.screen.query_one("#line", Input)
    field.focus()
    if keys:
        field.value = ""
        await pilot.press(*line)
    else:
        field.value = line
    await pilot.press("enter")
    await pilot.pause()


def message(app) -> str:
    return str(app.screen.query_one("#message").render())


def entry_index(screen: BuildScreen, key: str) -> int:
    return screen.keys.index(key)


async def highlight(pilot, key: str) -> None:
    screen = pilot.app.screen
    entries = screen.query_one("#entries", OptionList)
    entries.focus()
    entries.highlighted = entry_index(screen, key)
    await pilot.pause()


async def edit_field(pilot, key: str, field: str, value: str) -> str:
    """Highlight entry ``key``, move to its field ``field`` with the arrow keys,
    Enter, type ``value`` in the dialog, Enter: the dialog's error, if it stayed."""
    await highlight(pilot, key)
    await pilot.press("enter")  # to the fields
    fields = pilot.app.screen.query_one("#fields")
    target_i = [r.key if hasattr(r, "key") else r.rule.name for r in fields.rows].index(field)
    while fields.highlighted != target_i:
        await pilot.press("down" if (fields.highlighted or 0) < target_i else "up")
    await pilot.press("enter")
    await pilot.pause()
    dialog = pilot.app.screen
    assert isinstance(dialog, AskText)
    dialog.query_one(Input).value = ""
    await pilot.press(*value, "enter")
    await pilot.pause()
    if isinstance(pilot.app.screen, AskText):
        error = str(pilot.app.screen.query_one("#error").render())
        await pilot.press("escape")
        await pilot.pause()
        return error
    return ""


# every bundled encounter (two a system): the recipe's changes typed in the prompt, the title and the
# seed with the field dialogs


FAST = {"ctb-training-yard.toml", "conflict-worked-example.toml", "reactor-worked-exchange.toml"}  # one a system


@pytest.mark.parametrize("name", [n if n in FAST else pytest.param(n, marks=pytest.mark.slow) for n in BUNDLED])
async def test_a_gm_builds_the_bundled_encounter_on_the_screen(tmp_path, name):
    path = tmp_path / name
    app = BuildConsole(Draft.new(path, systems(name)))
    steps = recipe(name)
    by_dialog = {("--set", t) for o, t in steps if o == "--set" and t.startswith(("title=", "seed="))}
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, BuildScreen)
        # it opens on the encounter's own fields (title, seed, the board ...)
        assert app.screen.current_key() == "encounter"
        assert [r.key for r in app.screen.query_one("#fields").rows][:3] == ["title", "description", "seed"]
        for option, text in steps:
            if (option, text) in by_dialog:
                continue
            await type_line(pilot, f"{option[2:]} {text}")
            assert "-refused" not in app.screen.query_one("#message").classes, (option, text, message(app))
        data = target(name)
        assert await edit_field(pilot, "encounter", "title", data["title"]) == ""
        assert await edit_field(pilot, "encounter", "seed", str(data.get("seed", 0))) == ""
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "saved" in message(app)
        await pilot.press("escape")  # saved: closes without asking; the fight opens on it
        await pilot.pause()
        assert app.screen is app.fight
        assert app.fight.game.setup.to_dict([]) == data
    assert check_file(path) == []
    built = load_encounter(path)
    assert built.setup.to_dict([]) == data
    play_alike(built, name)


async def test_add_from_the_library_search_with_a_count(tmp_path):
    path = tmp_path / "f.toml"
    app = BuildConsole(Draft.new(path, ["conflict"]))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await highlight(pilot, "units:foe")
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, AddUnit)
        await pilot.press(*"scattergun")
        await pilot.pause()
        found = [s.ref for s in app.screen.shown]
        assert found == ["library:raider"]
        await pilot.press("enter")
        await pilot.pause()
        line = app.screen.query_one("#line", Input)
        assert line.value == "add library:raider count=1 side=foes zone=far"
        line.value = line.value.replace("count=1", "count=3")
        await pilot.press("enter")
        await pilot.pause()
        assert "added raider1, raider2, raider3 (library:raider)" in message(app)
        assert app.screen.draft.ids("units")[-3:] == ["raider1", "raider2", "raider3"]


async def test_a_field_shows_its_range_and_a_bad_value_is_refused_with_the_reason(tmp_path):
    path = tmp_path / "f.toml"
    app = BuildConsole(Draft.new(path, ["ctb"]))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await highlight(pilot, "units:hero")
        rows = app.screen.query_one("#fields").rows
        atk = next(r for r in rows if r.key == "ctb.atk")
        assert atk.range == "an integer from 0 to 9999"
        before = app.screen.draft.text
        error = await edit_field(pilot, "units:hero", "ctb.atk", "10000")
        assert error == "units[0].ctb.atk: expected an integer from 0 to 9999, got an integer 10000"
        assert app.screen.draft.text == before  # nothing taken
        assert await edit_field(pilot, "units:hero", "ctb.atk", "15") == ""
        assert app.screen.draft.entry("units", "hero")["ctb"]["atk"] == 15
        assert not path.exists()  # nothing written before a save


async def test_duplicate_move_and_remove_by_key(tmp_path):
    path = tmp_path / "f.toml"
    app = BuildConsole(Draft.new(path, ["ctb"]))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await highlight(pilot, "units:foe")
        await pilot.press("d")
        line = app.screen.query_one("#line", Input)
        assert line.value == "add unit:foe count=1"
        line.value = "add unit:foe count=2"
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.draft.ids("units") == ["hero", "foe", "foe1", "foe2"]
        assert await edit_field(pilot, "units:foe1", "zone", "middle") == ""  # a move between zones
        assert await edit_field(pilot, "units:foe2", "side", "party") == ""  # and sides
        d = app.screen.draft
        assert (d.entry("units", "foe1")["zone"], d.entry("units", "foe2")["side"]) == ("middle", "party")
        await highlight(pilot, "sides:party")
        await pilot.press("x")  # still named by hero and foe2: refused, with why
        await pilot.pause()
        assert "-refused" in app.screen.query_one("#message").classes
        assert "'party'" in message(app)
        await highlight(pilot, "units:foe2")
        await pilot.press("x")
        await pilot.pause()
        assert app.screen.draft.ids("units") == ["hero", "foe", "foe1"]


async def test_a_house_rule_shows_its_text_default_and_departure(tmp_path):
    path = tmp_path / "f.toml"
    app = BuildConsole(Draft.new(path, ["conflict"]))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        rules = [r for r in __import__("gm_console.core.system", fromlist=["get_system"]).get_system("conflict").HOUSE_RULES if r.departs]
        rule = rules[0]
        await highlight(pilot, f"house:{rule.key}")
        about = str(app.screen.query_one("#about").render())
        assert rule.title in about and "Default" in about
        value = rule.departs[0][0]
        assert await edit_field(pilot, f"house:{rule.key}", rule.name, str(value).lower() if isinstance(value, bool) else str(value)) == ""
        about = str(app.screen.query_one("#about").render())
        assert "Departs from the rule text" in about
        assert app.screen.draft.game.setup.house_rules["conflict"][rule.name] == value


async def test_the_mouse_picks_an_entry_and_a_field(tmp_path):
    path = tmp_path / "f.toml"
    app = BuildConsole(Draft.new(path, ["ctb"]))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        row = entry_index(screen, "zones:middle")
        await pilot.click("#entries", offset=(4, row + 1))  # (the list's border is its first row)
        await pilot.pause()
        assert screen.current_key() == "zones:middle"
        await pilot.click("#fields", offset=(4, 1))  # a click on a field edits it
        await pilot.pause()
        assert isinstance(app.screen, AskText)
        assert "middle name: a non-empty string of up to 200 characters" in str(app.screen.query_one("LiteralLabel").render())


async def test_palette_build_before_the_first_action_only(tmp_path):
    from gm_console.ui.screens.build import open_build

    path = tmp_path / "f.toml"
    Draft.new(path, ["ctb"]).save()
    from gm_console.ui.app import GMConsoleApp

    app = GMConsoleApp(load_encounter(path), path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        open_build(app.fight)
        await pilot.pause()
        assert isinstance(app.screen, BuildScreen)
        await type_line(pilot, "add library:raider side=foes zone=far")
        await pilot.press("ctrl+s", "escape")
        await pilot.pause()
        assert app.screen is app.fight
        assert "raider" in [u.id for u in app.fight.game.state.units.values()]  # the fight reopened on it
        app.fight.apply_line("next")
        await pilot.pause()
        open_build(app.fight)
        await pilot.pause()
        assert app.screen is app.fight
        assert any("change it through the log" in str(n.message) for n in app.notices)


async def test_the_palette_opens_the_build_screen(tmp_path):
    from gm_console.ui.app import GMConsoleApp
    from tests.ui.settle import palette_searched

    path = tmp_path / "f.toml"
    Draft.new(path, ["reactor"]).save()
    app = GMConsoleApp(load_encounter(path), path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.press(*"encounter: build")
        await palette_searched(pilot)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, BuildScreen)
        assert app.screen.draft.path == path


async def test_quitting_asks_about_the_builds_unsaved_changes(tmp_path):
    from gm_console.ui.screens.confirm import Confirm

    path = tmp_path / "f.toml"
    app = BuildConsole(Draft.new(path, ["ctb"]))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await type_line(pilot, "zone hall")
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, Confirm) and "The build has unsaved changes" in str(app.screen.query_one("LiteralLabel").render())
        await pilot.press("y")  # save, then quit
        await pilot.pause()
    assert "hall" in [z["id"] for z in load_encounter(path).setup.data["zones"]]


async def test_f_forecasts_the_fight_as_built_without_saving_it(tmp_path, monkeypatch):
    """Issue 31: "in the build screen: the forecast of the fight being built"."""
    from gm_console.ui.screens.forecast_screen import ForecastScreen
    from tests.ui.settle import until

    monkeypatch.setattr(ForecastScreen.__init__, "__defaults__", (8, 1, None))  # 8 fights, one process
    path = tmp_path / "f.toml"
    app = BuildConsole(Draft.new(path, ["ctb"]))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await type_line(pilot, "add library:raider count=2 side=foes")
        build = app.screen
        assert isinstance(build, BuildScreen) and build.draft.ids("units")[-2:] == ["raider1", "raider2"]
        build.query_one("#entries", OptionList).focus()
        await pilot.press("f")
        await until(pilot, lambda: isinstance(app.screen, ForecastScreen), "the forecast screen")
        screen = app.screen
        await until(pilot, lambda: screen.figures is not None, "the forecast's figures", timeout=60)
        assert screen.figures["fights"] == 8 and set(screen.game.state.units) >= {"raider1", "raider2"}
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is build and not path.exists()  # nothing saved by a forecast
