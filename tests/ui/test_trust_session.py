"""Nothing a GM typed is lost: the recovery offer, typed paths, a crash,
and settings files that are broken. Each test names what failed before."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input

from gm_console.files import load_encounter
from gm_console.files.journal import journals_for, read_journal
from gm_console.files.paths import user_data_dir, user_state_dir
from gm_console.ui.app import FightScreen, GMConsoleApp
from gm_console.ui.screens.ask_text import AskText
from gm_console.ui.screens.confirm import Confirm
from gm_console.ui.widgets.action_prompt import ActionPrompt
from tests.test_files import GOOD


def recovery() -> Path:
    return user_data_dir() / "recovery"


async def crashed_session(path: Path, lines: list[str]) -> list[str]:
    """Apply ``lines`` and stop without a clean exit (the journal stays, as after a kill)."""
    app = GMConsoleApp(load_encounter(path), path=path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        for line in lines:
            assert app.fight.apply_line(line)
        log = app.game.lines()
        app.fight.journal.close()
        app.fight.journal = None
    return log


def fight(tmp_path: Path) -> Path:
    path = tmp_path / "fight.toml"
    path.write_text(GOOD)
    return path


async def answer_recovery(path: Path, *keys: str) -> GMConsoleApp:
    app = GMConsoleApp(load_encounter(path), path=path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, Confirm), "the recovery question was not asked"
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
        app.fight.journal.close()  # leave without a clean exit again
        app.fight.journal = None
    return app


async def test_escape_on_the_recovery_offer_keeps_the_journal_for_the_next_start(tmp_path):
    # before: every answer but "yes" rewrote the journal, so Esc deleted the recovered actions
    path = fight(tmp_path)
    log = await crashed_session(path, ["set gob hp 1", "roll 3d6"])
    await answer_recovery(path, "escape")
    offered = [read_journal(p) for p in journals_for(recovery(), path)]
    assert any(found is not None and found.game.lines() == log for found in offered)
    second = GMConsoleApp(load_encounter(path), path=path)
    async with second.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(second.screen, Confirm)  # offered again
        await pilot.press("y")
        await pilot.pause()
        assert second.game.lines() == log


async def test_discard_asks_again_and_keep_leaves_the_journal(tmp_path):
    path = fight(tmp_path)
    log = await crashed_session(path, ["set gob hp 1"])
    await answer_recovery(path, "n", "escape")  # Discard, then not confirmed
    assert any((f := read_journal(p)) and f.game.lines() == log for p in journals_for(recovery(), path))
    await answer_recovery(path, "n", "y")  # Discard, confirmed
    assert not any((f := read_journal(p)) and f.game.lines() == log for p in journals_for(recovery(), path))


async def test_recovered_actions_stay_in_their_journal_until_saved(tmp_path):
    path = fight(tmp_path)
    log = await crashed_session(path, ["set gob hp 2", "set kai hp 3"])
    app = GMConsoleApp(load_encounter(path), path=path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert app.game.lines() == log and app.fight.dirty
        old = list(app.fight.recovered_from)
        assert old and all(p.exists() for p in old)  # not dropped on recovery
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not any(p.exists() for p in old)  # dropped once the save holds them
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert load_encounter(path).lines() == log
    assert journals_for(recovery(), path) == []


async def test_the_offer_works_when_the_encounter_file_is_missing(tmp_path):
    from gm_console.launch import _from_journal

    path = fight(tmp_path)
    log = await crashed_session(path, ["set gob hp 1", "next"])
    path.unlink()
    base = _from_journal(path)
    assert base is not None and base.lines() == ["set kai hp 7"]
    app = GMConsoleApp(base, path=path, missing=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, Confirm) and "missing" in app.screen.question
        await pilot.press("y")
        await pilot.pause()
        assert app.game.lines() == log and app.fight.dirty
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert load_encounter(path).lines() == log


def test_a_missing_file_without_a_journal_still_says_no_such_file(tmp_path, capsys):
    from gm_console.launch import run_console

    assert run_console(tmp_path / "nothing.toml") == 1
    assert "no such file" in capsys.readouterr().err


# ------------------------------------------------------------------ typed paths


async def ask(pilot, command: str, text: str) -> None:
    getattr(pilot.app.fight, command)()
    await pilot.pause()
    assert isinstance(pilot.app.screen, AskText)
    pilot.app.screen.query_one(Input).value = text
    await pilot.press("enter")
    await pilot.pause()


def error_text(app) -> str:
    return str(app.screen.query_one("#error").render())


@pytest.mark.parametrize("command", ["action_new", "action_save_as"])
async def test_a_path_into_a_missing_folder_keeps_the_dialog_open_with_the_reason(tmp_path, command):
    # before: new raised FileNotFoundError from mkstemp in _ask_new.done and the app died
    path = fight(tmp_path)
    app = GMConsoleApp(load_encounter(path), path=path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        target = tmp_path / "no" / "such" / "folder" / "x.toml"
        await ask(pilot, command, f"{target} ctb" if command == "action_new" else str(target))
        assert app.is_running and isinstance(app.screen, AskText)
        assert "does not exist" in error_text(app)
        app.screen.query_one(Input).value = str(tmp_path / "x.toml") + (" ctb" if command == "action_new" else "")
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, AskText)
        assert app.fight.path == tmp_path / "x.toml" and (tmp_path / "x.toml").exists()


async def test_branching_into_a_missing_folder_keeps_the_dialog_open(tmp_path):
    # before: FileNotFoundError from mkstemp in action_replay_branch.done
    path = fight(tmp_path)
    app = GMConsoleApp(load_encounter(path), path=path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("f3")
        await pilot.pause()
        await pilot.press("b")
        await pilot.pause()
        app.screen.query_one(Input).value = str(tmp_path / "gone" / "b.toml")
        await pilot.press("enter")
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, AskText) and "does not exist" in error_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert app.fight.replay_at is not None  # still replaying, nothing changed


async def test_opening_a_file_that_is_not_there_says_so_in_the_dialog(tmp_path):
    path = fight(tmp_path)
    app = GMConsoleApp(load_encounter(path), path=path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await ask(pilot, "action_open", str(tmp_path / "nope.toml"))
        assert isinstance(app.screen, AskText) and "no such file" in error_text(app)


async def test_save_as_into_a_folder_that_is_a_file(tmp_path):
    path = fight(tmp_path)
    app = GMConsoleApp(load_encounter(path), path=path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await ask(pilot, "action_save_as", str(path / "inside.toml"))
        assert isinstance(app.screen, AskText) and "is a file, not a folder" in error_text(app)


# ------------------------------------------------------------------ crashes


class Boom(RuntimeError):
    pass


def test_a_crash_exits_non_zero_writes_a_crash_log_and_names_it_and_the_journal(tmp_path, monkeypatch, capsys):
    # before: an unhandled exception exited with status 0 and no log
    from gm_console.launch import run_console

    path = fight(tmp_path)
    real_run = GMConsoleApp.run
    monkeypatch.setattr(GMConsoleApp, "run", lambda self, **kw: real_run(self, headless=True, size=(100, 30)))

    def crash_soon(self) -> None:
        self.apply_line("set gob hp 2")

        def boom() -> None:
            raise Boom("a bug")

        self.set_timer(0.2, boom)

    monkeypatch.setattr(FightScreen, "start_journal", lambda self, real=FightScreen.start_journal: (real(self), crash_soon(self)))
    assert run_console(path) == 1
    err = capsys.readouterr().err.strip().splitlines()
    logs = list((user_state_dir() / "crashes").glob("crash-*.log"))
    assert len(logs) == 1 and "Boom: a bug" in logs[0].read_text()
    journal = journals_for(recovery(), path)[0]
    assert err[-1].startswith("gm-console stopped on an error") and str(logs[0]) in err[-1] and str(journal) in err[-1]
    found = read_journal(journal)
    assert found is not None and found.game.lines()[-1] == "set gob hp 2"  # the action before the crash is kept


# ------------------------------------------------------------------ settings


def settings(tmp_path, monkeypatch, config: str | None = None, themes: dict[str, str] | None = None) -> None:
    folder = tmp_path / "cfg"
    (folder / "themes").mkdir(parents=True)
    if config is not None:
        (folder / "config.toml").write_text(config)
    for name, text in (themes or {}).items():
        (folder / "themes" / name).write_text(text)
    monkeypatch.setenv("GM_CONSOLE_CONFIG_DIR", str(folder))


BAD_THEMES = {
    "not-css.toml": 'name = "not-css"\nprimary = "#5fa8d3"\n[variables]\nfooter-key-foreground = "{{{;"\n',
    "word-for-colour.toml": 'name = "word-for-colour"\nprimary = "#5fa8d3"\n[variables]\nfooter-key-foreground = "nope nope"\n',
    "nan.toml": 'name = "nan"\nprimary = "#5fa8d3"\nluminosity_spread = nan\n',
}


@pytest.mark.parametrize("bad", sorted(BAD_THEMES))
async def test_a_broken_theme_is_reported_once_and_skipped(tmp_path, monkeypatch, bad):
    # before: a theme whose [variables] is not CSS, or luminosity_spread = nan, stopped every start
    name = bad.removesuffix(".toml")
    settings(tmp_path, monkeypatch, config=f'theme = "{name}"\n', themes={bad: BAD_THEMES[bad]})
    app = GMConsoleApp(load_encounter(fight(tmp_path)), path=fight(tmp_path))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert app.is_running and app.theme == "gm-dark"
        warnings = [n for n in app.notices if n.title == "Some settings were skipped"]
        assert len(warnings) == 1 and bad in warnings[0].message


@pytest.mark.parametrize("config", ["keys = 5\n", "theme = 7\n", "keys = { undo = 5 }\n", "= nope\n", "[keys]\nundo = \"+,-\"\n"])
async def test_a_broken_config_is_reported_and_the_console_starts_on_defaults(tmp_path, monkeypatch, config):
    # before: keys = 5 raised AttributeError before the first frame
    settings(tmp_path, monkeypatch, config=config)
    app = GMConsoleApp(load_encounter(fight(tmp_path)), path=fight(tmp_path))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert app.is_running and app.theme == "gm-dark"
        assert isinstance(app.focused, ActionPrompt)


def test_remembering_a_theme_never_overwrites_a_config_it_cannot_read(tmp_path, monkeypatch):
    from gm_console.ui.config import load_config, save_theme

    settings(tmp_path, monkeypatch, config="[keys]\nundo = 'ctrl+b'\nbroken = \n")
    config = load_config()
    with pytest.raises(ValueError, match="not valid TOML"):
        save_theme(config, "gm-light")
    assert "broken = \n" in (tmp_path / "cfg" / "config.toml").read_text()
