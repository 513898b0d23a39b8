"""Pilot tests of the console shell: open, apply from the prompt, undo,
redo, save, manual dice, and the unsaved-changes question on quit."""

from __future__ import annotations

from gm_console.files import load_encounter
from gm_console.ui.app import GMConsoleApp
from gm_console.ui.screens.ask_text import AskText
from gm_console.ui.screens.confirm import Confirm
from gm_console.ui.textual_api import shown_notifications
from gm_console.ui.widgets.action_prompt import ActionPrompt
from gm_console.ui.widgets.log_pane import LogPane
from tests.test_files import GOOD
from tests.ui.settle import until


def make_app(tmp_path, text=GOOD):
    path = tmp_path / "fight.toml"
    path.write_text(text)
    return GMConsoleApp(load_encounter(path), path=path), path


async def type_line(pilot, line):
    prompt = pilot.app.query_one(ActionPrompt)
    prompt.focus()
    prompt.value = line
    await pilot.press("enter")
    await pilot.pause()


async def test_opens_the_encounter_and_shows_its_log(tmp_path):
    app, _ = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        log = app.query_one(LogPane)
        assert log.option_count == 1
        assert "set kai hp 7" in log.entry_text(0)
        assert app.focused is app.query_one(ActionPrompt)


async def test_apply_from_the_prompt_then_undo_and_redo(tmp_path):
    app, _ = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press(*"set gob hp 2")
        await pilot.press("enter")
        await pilot.pause()
        assert app.game.lines()[-1] == "set gob hp 2"
        assert app.query_one(ActionPrompt).value == ""
        assert app.query_one(LogPane).option_count == 2
        assert app.fight.dirty
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.game.state.units["gob"].stats["hp"] == 4 and app.query_one(LogPane).option_count == 1
        assert not app.fight.dirty
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert app.game.state.units["gob"].stats["hp"] == 2


async def test_an_illegal_action_keeps_the_text_and_says_why(tmp_path):
    app, _ = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await type_line(pilot, "move gob nowhere")
        assert app.query_one(ActionPrompt).value == "move gob nowhere"
        assert len(app.game.log) == 1
        assert any("unknown zone 'nowhere'" in str(n.message) for n in app.notices)


async def test_tab_completes_verbs_and_names(tmp_path):
    app, _ = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press(*"mov")
        await pilot.pause()
        await pilot.press("tab")
        await pilot.press(*"ka")
        await pilot.pause()
        await pilot.press("tab")
        await pilot.pause()
        assert app.query_one(ActionPrompt).value == "move kai "


async def test_ctrl_s_saves_atomically(tmp_path):
    app, path = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await type_line(pilot, "set gob hp 1")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not app.fight.dirty
    assert load_encounter(path).lines() == ["set kai hp 7", "set gob hp 1"]
    assert (tmp_path / "fight.toml.bak").read_text() == GOOD


async def test_manual_dice_are_asked_for(tmp_path):
    app, _ = make_app(tmp_path, GOOD.replace("systems = []", 'systems = []\ndice = "manual"'))
    async with app.run_test(size=(100, 30)) as pilot:
        await type_line(pilot, "roll 2d6")
        assert isinstance(app.screen, AskText)
        await pilot.press(*"9 3", "enter")
        await pilot.pause()
        assert isinstance(app.screen, AskText)  # 9 is not a d6 face: the dialog stays
        app.screen.query_one("Input").value = "5 3"
        await pilot.press("enter")
        await pilot.pause()
        assert app.game.lines()[-1] == "roll 2d6 [5,3]"


async def test_quit_with_unsaved_changes_asks_first(tmp_path):
    app, path = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await type_line(pilot, "set gob hp 1")
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, Confirm) and app.is_running
        await pilot.press("ctrl+q")
        await pilot.pause()
        await pilot.press("y")  # save, then quit
        await pilot.pause()
    assert load_encounter(path).lines()[-1] == "set gob hp 1"


async def test_quit_without_changes_does_not_ask(tmp_path):
    app, _ = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert app.return_code == 0


async def test_narrow_terminal_puts_the_log_under_the_panes(tmp_path):
    app, _ = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.fight.has_class("narrow")
        log = app.query_one(LogPane)
        panes = app.query_one("#panes")
        assert log.region.y > panes.region.y and log.region.width >= 78


async def test_the_layout_classes_are_set_once_at_start_up_not_taken_off_and_put_back():
    """Each change of the fight's layout classes restyles every widget. The
    app's first Resize comes while the fight composes, before its panes are
    mounted: laid out from no panes, "tabbed" came off and on_mount put it
    back (two whole-screen restyles before the first frame)."""
    from gm_console.files.paths import demo_encounter

    app = GMConsoleApp(load_encounter(demo_encounter()), demo=True)
    changes = []
    set_class = app.fight.set_class

    def counted(add, *names, **kwargs):
        changes.extend((add, name) for name in names if add != app.fight.has_class(name))
        return set_class(add, *names, **kwargs)

    app.fight.set_class = counted
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert len(app.fight.system_panes()) > 1 and app.fight.has_class("tabbed")  # 120 columns: one pane at a time
        await pilot.resize_terminal(200, 40)
        await pilot.pause()
        assert not app.fight.has_class("tabbed")  # wide: side by side (each pane as wide as at 120)
    assert changes == [(True, "tabbed"), (False, "tabbed")]


async def test_a_new_error_replaces_the_last_one(tmp_path):
    app, _ = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        for line in ("move gob nowhere", "set nobody hp 1", "sett x"):
            app.fight.apply_line(line)
            await pilot.pause()  # at table pace: each toast is up before the next error
        errors = [n for n in shown_notifications(app) if n.severity == "error"]
        assert len(errors) == 1 and "unknown verb 'sett'" in errors[0].message
        said = [n for n in app.notices if n.severity == "error"]  # the record keeps the replaced ones
        assert len(said) == 3 and "unknown zone 'nowhere'" in said[0].message and "unknown verb 'sett'" in said[2].message


async def test_the_app_records_what_it_notified_as_shown(tmp_path):
    app, _ = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        app.notify("a [b]bracket[/b]\nand a second line", title="T[i]", severity="warning", timeout=2)
        app.notify("plain")
        await pilot.pause()
        shown = shown_notifications(app)[-2:]
        assert [(n.message, n.title, n.severity, n.timeout) for n in app.notices][-2:] == [(n.message, n.title, n.severity, n.timeout) for n in shown]
        assert app.notices[-1].message == "plain" and app.notices[-1].timeout == app.NOTIFICATION_TIMEOUT


def test_the_launcher_holds_the_collector_for_start_up(monkeypatch):
    import gc
    import sys

    from gm_console import launch

    seen = []
    monkeypatch.setattr(launch, "_run_console", lambda file, replay, players: seen.append(gc.isenabled()) or 0)
    monkeypatch.setattr(sys, "argv", ["gm-console", "fight.toml"])
    assert gc.isenabled()
    try:
        launch.main()
    except SystemExit as exc:
        assert exc.code == 0
    assert seen == [False]
    assert gc.isenabled()  # no first frame came: the collector is as it was


def test_gm_console_open_holds_the_collector_for_start_up_too(monkeypatch, tmp_path):
    """``gm-console open FILE --players`` reaches the console through typer, not
    main's fast path: it too starts with the collector held, so the app's first
    frame freezes the start-up heap (without it every full collection scanned
    about 120,000 objects: 80-110 ms pauses, one every few seconds with 50
    player-view viewers coming and going)."""
    import gc

    from typer.testing import CliRunner

    from gm_console import launch
    from gm_console.cli import app as cli

    seen = []
    monkeypatch.setattr(launch, "_run_console", lambda file, replay, players: seen.append((gc.isenabled(), players is not None)) or 0)
    path = tmp_path / "fight.toml"
    path.write_text("")
    assert gc.isenabled()
    result = CliRunner().invoke(cli, ["open", str(path), "--players"])
    assert result.exit_code == 0, result.output
    assert seen == [(False, True)]
    assert gc.isenabled()  # no first frame came (here, no app at all): the collector is as it was


async def test_the_app_turns_the_held_collector_back_on_after_its_first_frame(tmp_path):
    import gc

    app, _ = make_app(tmp_path)
    gc.disable()
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            # the collection runs FRAME_OUT after the first frame is out: waited for (a fixed
            # FRAME_OUT + 0.2 s was too short on a loaded machine)
            await until(pilot, gc.isenabled, "the collector to be turned back on")
    finally:
        gc.enable()
        gc.unfreeze()
