"""Pilot tests of the live-table console: lookup, palette actions, replay
stepping and branching, themes, remapped keys, help, layout."""

from __future__ import annotations

from textual.command import CommandPalette

from gm_console.files import load_encounter
from gm_console.ui.app import GMConsoleApp
from gm_console.files.paths import themes_dir
from gm_console.ui.config import Config, load_config
from gm_console.ui.screens.ask_text import AskText
from gm_console.ui.screens.help import HelpScreen
from gm_console.ui.screens.rule_view import RuleView
from gm_console.ui.startup import register_later_themes
from gm_console.ui.themes import load_theme, pane_colour_defaults, theme_pane_defaults
from gm_console.ui.widgets.action_prompt import ActionPrompt
from gm_console.ui.widgets.dice_log import DiceLog
from gm_console.ui.widgets.log_pane import LogPane
from gm_console.ui.widgets.status_line import StatusLine
from tests.test_files import GOOD
from tests.ui.settle import palette_searched

LONG = GOOD.replace('log = ["set kai hp 7"]', 'log = ["set kai hp 7", "next", "set gob hp 3", "next", "next", "set kai hp 2", "roll 1d6 [4]"]')


def make_app(tmp_path, text=GOOD, **kwargs):
    path = tmp_path / "fight.toml"
    path.write_text(text)
    return GMConsoleApp(load_encounter(path), path=path, **kwargs), path


def with_log(tmp_path, lines):
    """The test encounter with ``lines`` as its log."""
    quoted = ", ".join(f'"{line}"' for line in lines)
    return make_app(tmp_path, GOOD.replace('log = ["set kai hp 7"]', f"log = [{quoted}]"))


async def search_palette(pilot, text):
    await pilot.press("ctrl+p")
    await pilot.pause()
    assert isinstance(pilot.app.screen, CommandPalette)
    await pilot.press(*text)
    await palette_searched(pilot)


async def test_rules_lookup_opens_an_entry_and_escape_returns(tmp_path):
    app, _ = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.query_one(ActionPrompt).value = "half typed"
        await pilot.press("ctrl+r")
        await pilot.pause()
        await pilot.press(*"notation")
        await palette_searched(pilot)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, RuleView) and app.screen.entry.key == "notation"
        await pilot.press("escape")
        await pilot.pause()
        assert app.focused is app.query_one(ActionPrompt)
        assert app.query_one(ActionPrompt).value == "half typed"  # nothing lost


async def test_palette_fills_the_prompt_from_a_verb(tmp_path):
    app, _ = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await search_palette(pilot, "unit: move")
        await pilot.press("enter")
        await pilot.pause()
        assert app.query_one(ActionPrompt).value == "move "


async def test_palette_console_command_switches_dice_mode(tmp_path):
    app, _ = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await search_palette(pilot, "dice: switch")
        await pilot.press("enter")
        await pilot.pause()
        assert app.fight.dice_mode == "manual"


async def test_replay_steps_through_the_log(tmp_path):
    app, _ = make_app(tmp_path, LONG)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f3")
        await pilot.pause()
        assert app.fight.replay_at == 7 and app.query_one(ActionPrompt).disabled
        await pilot.press("home")
        await pilot.pause()
        assert app.fight.replay_at == 0 and app.fight.current_view().state.units["kai"].stats["hp"] == 10
        await pilot.press("right")
        await pilot.pause()
        assert app.fight.current_view().state.units["kai"].stats["hp"] == 7
        assert app.query_one(LogPane).highlighted == 0
        for _ in range(5):
            await pilot.press("right")
        await pilot.pause()
        assert app.fight.replay_at == 6 and app.fight.current_view().state.units["kai"].stats["hp"] == 2
        await pilot.press("left", "left")
        await pilot.pause()
        assert app.fight.replay_at == 4 and app.fight.current_view().state.units["gob"].stats["hp"] == 3
        assert app.fight.current_view().state.units["kai"].stats["hp"] == 7
        await pilot.press("end")
        await pilot.pause()
        assert app.fight.replay_at == 7
        await pilot.press("f3")
        await pilot.pause()
        assert app.fight.replay_at is None and not app.query_one(ActionPrompt).disabled


async def test_replay_jumps_to_action_and_round(tmp_path):
    app, _ = make_app(tmp_path, LONG)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f3")
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, AskText)
        await pilot.press(*"3", "enter")
        await pilot.pause()
        assert app.fight.replay_at == 3
        await pilot.press("r")
        await pilot.pause()
        await pilot.press(*"2", "enter")
        await pilot.pause()
        # kai, gob take turns in round 1; the third `next` (action 5) starts round 2
        assert app.fight.replay_at == 5 and app.fight.current_view().state.clock.round == 2


async def test_replay_refuses_actions_until_you_leave_or_branch(tmp_path):
    app, _ = make_app(tmp_path, LONG)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f3")
        await pilot.pause()
        assert not app.fight.apply_line("set kai hp 1")
        assert len(app.game.log) == 7


async def test_branch_continues_in_a_new_file_and_leaves_the_original(tmp_path):
    app, path = make_app(tmp_path, LONG)
    original = path.read_bytes()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f3", "home", "right", "right", "right")
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, AskText)
        assert app.screen.value.endswith("fight-from-3.toml")
        await pilot.press("enter")
        await pilot.pause()
        assert app.fight.replay_at is None
        assert app.fight.path == tmp_path / "fight-from-3.toml"
        assert app.game.lines() == ["set kai hp 7", "next", "set gob hp 3"]
        app.fight.apply_line("set gob hp 0")
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert path.read_bytes() == original
    assert load_encounter(tmp_path / "fight-from-3.toml").lines()[-1] == "set gob hp 0"


async def test_theme_switch_from_the_palette_is_remembered(tmp_path):
    app, _ = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.theme == "gm-dark"
        await search_palette(pilot, "theme: gm-light")
        await pilot.press("enter")
        await pilot.pause()
        assert app.theme == "gm-light"
    assert load_config().theme == "gm-light"
    again, _ = make_app(tmp_path)
    async with again.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert again.theme == "gm-light"


async def test_a_broken_theme_file_gets_one_notification(tmp_path, _private_user_folders):
    themes = _private_user_folders / "config" / "themes"
    themes.mkdir(parents=True)
    (themes / "broken.toml").write_text('name = "broken"\nprimary = "not a colour!"\n')
    (themes / "bad-syntax.toml").write_text('name = "x\n')
    (themes / "mine.toml").write_text('name = "mine"\nprimary = "#ff0000"\n')
    app, _ = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        notes = [n for n in app.notices if "skipped" in (n.title or "")]
        assert len(notes) == 1
        assert "broken.toml" in notes[0].message and "bad-syntax.toml" in notes[0].message
        assert "mine" in app.available_themes


def test_bundled_theme_files_are_named_after_their_theme():
    """Start-up reads only the theme it starts in, found by its file's name."""
    paths = sorted(themes_dir().glob("*.toml"))
    assert len(paths) >= 3
    assert [load_theme(p).name for p in paths] == [p.stem for p in paths]


def test_start_up_reads_the_theme_it_starts_in_and_the_other_bundled_ones_later(tmp_path, _private_user_folders):
    themes = _private_user_folders / "config" / "themes"
    themes.mkdir(parents=True)
    (themes / "mine.toml").write_text('name = "gm-contrast"\nprimary = "#ff0000"\n')  # the user's, over a bundled name
    bundled = {p.stem for p in themes_dir().glob("*.toml")}
    app, _ = make_app(tmp_path, config=Config(theme="gm-light"))
    assert app.theme == "gm-light"
    assert bundled & set(app.available_themes) == {"gm-light", "gm-contrast"}
    register_later_themes(app)
    assert bundled <= set(app.available_themes)
    assert app.get_theme("gm-contrast").primary == "#ff0000"  # the user's theme of that name stays
    register_later_themes(app)  # once: nothing left to read
    assert app.get_theme("gm-contrast").primary == "#ff0000"


def test_the_pane_colours_a_theme_sets_need_no_defaults_worked_out():
    from textual.theme import Theme

    for path in sorted(themes_dir().glob("*.toml")):
        theme = load_theme(path)
        full = {**pane_colour_defaults(theme.to_color_system().generate()), **theme.variables}
        assert theme_pane_defaults(theme) == {} and theme.variables == full  # every bundled theme sets them all
    bare = Theme(name="bare", primary="#336699")
    assert theme_pane_defaults(bare) == pane_colour_defaults(bare.to_color_system().generate())


async def test_remapped_keys_work(tmp_path):
    app, _ = make_app(tmp_path, config=Config(keys={"undo": "ctrl+b", "help": "f9"}))
    async with app.run_test(size=(120, 40)) as pilot:
        app.fight.apply_line("set gob hp 1")
        await pilot.press("ctrl+b")
        await pilot.pause()
        assert app.game.state.units["gob"].stats["hp"] == 4
        await pilot.press("f9")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)


async def test_help_lists_every_binding(tmp_path):
    from gm_console.ui.keys import APP_KEYS, REPLAY_KEYS

    app, _ = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        listed = {row[1] for row in app.screen.rows}
        assert listed == {k.id for k in APP_KEYS + REPLAY_KEYS}
        shown = app.export_screenshot()
        for text in ("ctrl+z", "Undo", "replay mode", "binding id"):
            assert text.replace(" ", "&#160;") in shown


async def test_dice_log_lists_every_roll(tmp_path):
    app, _ = make_app(tmp_path, LONG)
    async with app.run_test(size=(120, 40)) as pilot:
        app.fight.apply_line("roll 2d20 by=kai why=perception")
        await pilot.press("f4")
        await pilot.pause()
        dice = app.query_one(DiceLog)
        assert dice.option_count == 2
        entry = str(dice.get_option_at_index(1).prompt)
        assert "2d20 [" in entry and "kai rolls 2d20 for perception" in entry


async def test_dice_log_shows_system_rolls_too(tmp_path):
    from tests.conftest import ENCOUNTERS

    app = GMConsoleApp(load_encounter(ENCOUNTERS / "ctb-training-yard.toml"), path=None)
    async with app.run_test(size=(120, 40)) as pilot:
        app.fight.apply_line("next")
        who = app.game.state.clock.active
        foe = next(u.id for u in app.game.state.units.values() if u.side != app.game.state.units[who].side)
        app.fight.apply_line(f"hit {who} {foe} [17]")
        await pilot.click("#side-tabs", offset=(7, 0))  # " Log " then " Dice ": a click on its label
        await pilot.pause()
        entry = str(app.query_one(DiceLog).get_option_at_index(0).prompt)
        assert "(effectiveness d20) [17]" in entry and "d20 17" in entry


async def test_maximize_and_restore_a_pane(tmp_path):
    app, _ = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f6")
        await pilot.pause()
        assert app.screen.maximized is not None
        status, prompt = app.query_one(StatusLine), app.query_one(ActionPrompt)
        assert status.region.y == 0 and prompt.region.height == 1  # both still on screen
        assert app.focused is prompt
        await pilot.press(*"note while maximized", "enter")
        await pilot.pause()
        assert app.game.lines()[-1] == "note while maximized"
        await pilot.press("f6")
        await pilot.pause()
        assert app.screen.maximized is None


async def test_layout_tabs_panes_below_160_columns_and_shows_all_above(tmp_path):
    from gm_console.files import load_encounter
    from gm_console.ui.panes.base import SystemPane
    from tests.conftest import ENCOUNTERS

    path = ENCOUNTERS / "ctb-causeway-ambush.toml"
    app = GMConsoleApp(load_encounter(path), path=path)
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.pause()
        panes = app.query(SystemPane)
        assert len(panes) == 2 and all(p.display for p in panes) and not app.fight.has_class("tabbed")
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert app.fight.has_class("tabbed") and [p.display for p in panes] == [True, False]
        await pilot.press("f5")
        await pilot.pause()
        assert [p.display for p in panes] == [False, True]
        assert panes[1].region.width > 70  # the shown pane gets the room
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert app.fight.has_class("narrow") and panes[1].region.width >= 78


async def test_a_long_log_shows_a_window_that_follows_the_replay(tmp_path):
    from gm_console.ui.widgets.log_pane import WINDOW

    app, _ = with_log(tmp_path, [f"set kai hp {i % 9}" for i in range(1000)])
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        log = app.query_one(LogPane)
        assert log.option_count <= 2 * WINDOW
        assert log.entry(log.highlighted) == 999
        assert log.border_subtitle.endswith("of 1000 actions")
        await pilot.press("f3", "home", "right", "right", "right")
        await pilot.pause()
        assert log.entry(log.highlighted) == 2 and app.fight.current_view().state.units["kai"].stats["hp"] == 2
        await pilot.press("end")
        await pilot.pause()
        assert log.entry(log.highlighted) == 999


async def test_palette_hides_and_shows_a_pane_even_behind_a_tab(tmp_path):
    from gm_console.ui.panes.base import SystemPane
    from tests.conftest import ENCOUNTERS

    app = GMConsoleApp(load_encounter(ENCOUNTERS / "ctb-causeway-ambush.toml"), path=None)
    async with app.run_test(size=(120, 40)) as pilot:
        await search_palette(pilot, "pane: hide Zone map")
        await pilot.press("enter")
        await pilot.pause()
        zones = app.query_one("#pane-zones", SystemPane)
        assert zones.has_class("-hidden") and not app.fight.has_class("tabbed")
        await search_palette(pilot, "pane: show Zone map")
        await pilot.press("enter")
        await pilot.pause()
        assert not zones.has_class("-hidden") and app.fight.has_class("tabbed")


async def test_replay_home_in_a_long_log_shows_the_top_and_down_starts_there(tmp_path):
    app, _ = with_log(tmp_path, [f"set kai hp {i % 9}" for i in range(1000)])
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        log = app.query_one(LogPane)
        await pilot.press("f3", "home")
        await pilot.pause()
        assert app.fight.replay_at == 0 and log.start == 0 and log.highlighted is None
        assert log.scroll_y == 0  # the window moved to the top: so does the view
        await pilot.press("down", "enter")
        await pilot.pause()
        assert log.highlighted == 0 and app.fight.replay_at == 1


async def test_page_keys_move_the_log_highlight_about_one_screen(tmp_path):
    app, _ = with_log(tmp_path, [f"note entry {i} of the long night, with words enough to wrap in the log" for i in range(100)])
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        log = app.query_one(LogPane)
        log.focus()
        await pilot.pause()
        view = log.scrollable_content_region.height
        before = log.highlighted
        await pilot.press("pageup")
        await pilot.pause()
        moved = log.rows(before).start - log.rows(log.highlighted).start
        assert len(log.rows(before)) >= 3  # entries of several rows: paging counts rows, not entries
        assert view // 2 < moved < view  # about one screen of rows, not two
        await pilot.press("pagedown")
        await pilot.pause()
        assert log.highlighted == before


async def test_opening_encounters_of_other_systems_swaps_the_panes(tmp_path):
    import shutil

    from gm_console.ui.panes.base import SystemPane
    from tests.conftest import ENCOUNTERS

    app = GMConsoleApp(load_encounter(ENCOUNTERS / "ctb-causeway-ambush.toml"), path=None)
    async with app.run_test(size=(130, 40)) as pilot:
        await pilot.pause()
        for name, panes in [
            ("conflict-worked-example.toml", ["pane-conflict"]),
            ("ctb-training-yard.toml", ["pane-ctb"]),
            ("reactor-worked-exchange.toml", ["pane-reactor"]),
            ("ctb-causeway-ambush.toml", ["pane-ctb", "pane-zones"]),
        ]:
            path = tmp_path / name
            shutil.copy(ENCOUNTERS / name, path)
            app.fight.open_game(load_encounter(path), path)
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert [p.id for p in app.fight.system_panes()] == panes
            assert [p.id for p in app.query(SystemPane)] == panes
            assert all(p.view is not None and p.view.game is app.game for p in app.fight.system_panes() if p.display)


async def test_the_newest_entry_stays_in_view_when_the_terminal_gets_shorter(tmp_path):
    app, _ = with_log(tmp_path, [f"set kai hp {i % 9}" for i in range(60)])
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        log = app.query_one(LogPane)
        await pilot.resize_terminal(120, 20)
        await pilot.pause()
        newest = log.highlighted
        bottom = log.rows(newest).stop
        assert newest == 59 and log.scroll_y < bottom <= log.scroll_y + log.scrollable_content_region.height


async def test_opening_another_encounter_with_the_same_first_lines_shows_its_own_events(tmp_path):
    app, _ = make_app(tmp_path)  # its log: "set kai hp 7"
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        log = app.query_one(LogPane)
        assert "10 -> 7" in log.entry_text(0)
        other = tmp_path / "other.toml"
        other.write_text(GOOD.replace("hp = 10", "hp = 9", 1))
        app.fight.open_game(load_encounter(other), other)
        await pilot.pause()
        assert app.game.lines() == ["set kai hp 7"]
        assert "9 -> 7" in log.entry_text(0)
