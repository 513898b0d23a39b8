"""What a key press costs on screen, in a 50-unit fight: typing lays nothing
out again, and a hit draws again only the CTB rows it changed.
(Timings are for tests/bench/run.py; these tests check the work done.)"""

from __future__ import annotations

import pytest

from gm_console.files import load_encounter
from gm_console.ui.app import GMConsoleApp
from gm_console.ui.widgets.action_prompt import ActionPrompt
from gm_console.ui.widgets.lines_view import LinesView
from tests.bench.generate import encounter_text
from tests.ui.settle import settle


def fifty_units(tmp_path) -> GMConsoleApp:
    path = tmp_path / "fifty.toml"
    path.write_text(encounter_text(50, 0))
    return GMConsoleApp(load_encounter(path), path=path)


def count_layouts(monkeypatch, screen) -> list[int]:
    calls: list[int] = []
    original = screen._refresh_layout

    def counted(*args, **kwargs):
        calls.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(screen, "_refresh_layout", counted)
    return calls


def count_rendered_rows(monkeypatch) -> list[str]:
    rows: list[str] = []
    original = LinesView._render_row

    def counted(self, text, width):
        rows.append(text.plain)
        return original(self, text, width)

    monkeypatch.setattr(LinesView, "_render_row", counted)
    return rows


async def test_typing_lays_nothing_out(tmp_path, monkeypatch):
    app = fifty_units(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)  # the console's opening laid out, the key bar built
        layouts = count_layouts(monkeypatch, app.screen)
        await pilot.press(*"hit u0 u1 free")
        await pilot.pause()
        assert app.query_one(ActionPrompt).value == "hit u0 u1 free"
        assert layouts == []


@pytest.mark.slow  # 125 key presses, each drawn under 50 unit rows: 9-18 s
async def test_a_long_line_scrolls_the_prompt_sideways(tmp_path):
    app = fifty_units(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        prompt = app.query_one(ActionPrompt)
        await pilot.press(*("note " + "x" * 120))
        await pilot.pause()
        assert prompt.scroll_x > 0  # the cursor end is in view
        await pilot.press("home")
        await pilot.pause()
        assert prompt.scroll_x == 0


async def test_a_hit_draws_again_only_the_row_it_changed(tmp_path, monkeypatch):
    app = fifty_units(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press(*"hit u0 u1 free [12]")
        await settle(pilot)
        rendered = count_rendered_rows(monkeypatch)
        await pilot.press("enter")
        await pilot.pause()
        assert app.game.lines()[-1] == "hit u0 u1 free [12]"
        assert [row.split()[:2] for row in rendered] == [["Unit", "1"]]  # the unit's name (ui/render/names.py)
        hp = app.game.state.units["u1"].stats["hp"]
        assert f"{hp}/" in app.query_one(LinesView).lines[1].plain


async def test_an_action_lays_nothing_out_and_the_log_follows_it(tmp_path, monkeypatch):
    from gm_console.ui.widgets.log_pane import LogPane

    app = fifty_units(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        log = app.query_one(LogPane)
        for i in range(12):  # more than the log pane shows
            app.fight.apply_line(f"hit u{2 * i} u{2 * i + 1} free [{i + 3}]")
        await settle(pilot)
        layouts = count_layouts(monkeypatch, app.screen)
        await pilot.press(*"hit u30 u31 free [12]", "enter")
        await pilot.pause()
        assert layouts == []
        assert log.option_count == 13 and log.highlighted == 12
        assert log.entry_text(12).startswith("  13 hit u30 u31 free [12]")
        assert log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y  # the newest entry is in view
        assert log.border_subtitle == "13 actions"


async def test_log_keys_and_clicks_choose_an_entry_to_replay_to(tmp_path):
    from gm_console.ui.widgets.log_pane import LogPane

    app = fifty_units(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        for i in range(4):
            app.fight.apply_line(f"hit u{2 * i} u{2 * i + 1} free [{i + 3}]")
        await pilot.pause()
        log = app.query_one(LogPane)
        log.focus()
        await pilot.press("up", "up", "enter")  # from the newest (4th) entry up to the 2nd
        await pilot.pause()
        assert app.fight.replay_at == 2 and log.highlighted == 1
        await pilot.click(LogPane, offset=(4, 1))  # the first row under the border: entry 1
        await pilot.pause()
        assert app.fight.replay_at == 1 and log.highlighted == 0


async def test_the_ctb_rows_and_the_log_take_a_new_theme(tmp_path):
    from gm_console.ui.widgets.log_pane import LogPane

    app = fifty_units(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.fight.apply_line("hit u0 u1 free [5]")
        await pilot.pause()
        for widget in (app.query_one(LinesView), app.query_one(LogPane)):
            before = widget.render_lines(widget.region.reset_offset)[1]
            app.set_theme("gm-light" if app.theme != "gm-light" else "gm-dark")
            await pilot.pause()
            after = widget.render_lines(widget.region.reset_offset)[1]
            assert after.text == before.text and after.text.strip()
            old_backgrounds = {s.style.bgcolor for s in before}
            assert not old_backgrounds & {s.style.bgcolor for s in after}  # no row keeps the old theme


@pytest.mark.slow  # 150 key presses, each drawn under 50 unit rows: 11-13 s
async def test_deleting_the_end_of_a_long_line_scrolls_the_prompt_back(tmp_path):
    app = fifty_units(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        prompt = app.query_one(ActionPrompt)
        await pilot.press(*("note " + "".join(f"{i:03}-" for i in range(30))))
        await pilot.press(*["left"] * 30, "ctrl+k")
        await pilot.pause()
        assert len(prompt.value) == 95
        assert prompt.scroll_x == prompt.max_scroll_x < 48  # nothing scrolled past the end of the text


async def test_a_turn_change_draws_the_odds_and_the_timeline_with_the_rows(tmp_path):
    # under 50 unit rows the odds and the timeline are below the fold: a scroll down
    # straight after the key finds them drawn for the new turn
    from gm_console.ui.panes.ctb import CTBPane

    app = fifty_units(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        body = app.query_one(CTBPane).query_one(LinesView)
        app.fight.apply_line("next")  # as Enter does: applied and drawn, the frame not yet out
        state = app.game.state
        active = state.units[state.clock.active]
        shown = body.size.height
        assert len(state.units) >= shown > 0
        drawn = [row.plain for row in body.lines]
        assert any(row.startswith(f"{active.name}'s attacks") for row in drawn)
        assert any(row.startswith("hit ") for row in drawn) and "AP timeline (next turns by tick)" in drawn


async def test_a_turn_change_in_a_small_fight_draws_the_whole_body(tmp_path):
    from gm_console.files.paths import demo_encounter
    from gm_console.ui.panes.ctb import CTBPane

    app = GMConsoleApp(load_encounter(demo_encounter()))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        pane = app.query_one(CTBPane)
        before = pane.query_one(LinesView).plain
        await pilot.press(*"next", "enter")
        await pilot.pause()
        after = pane.query_one(LinesView).plain
        assert after != before and "AP timeline" in after
        active = app.game.state.clock.active
        assert active is None or f"{app.game.state.units[active].name}'s attacks" in after


def record_frames(monkeypatch, screen) -> list[set[str]]:
    """The widgets each frame painted (by class name), in order."""
    frames: list[set[str]] = []
    original = screen._compositor_refresh

    def recorded(*args, **kwargs):
        frames.append({type(widget).__name__ for widget in screen._dirty_widgets})
        return original(*args, **kwargs)

    monkeypatch.setattr(screen, "_compositor_refresh", recorded)
    return frames


async def test_an_undo_paints_the_panes_the_log_and_the_status_line_in_one_frame(tmp_path, monkeypatch):
    # Work put off until after the frame (``after_frame``) and asked for while the redraw
    # ran woke the screen early: its first frame painted the CTB rows alone, the log's
    # count and the status line coming one frame (20-40 ms) later.
    app = fifty_units(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        for i in range(3):
            app.fight.apply_line(f"hit u{2 * i} u{2 * i + 1} free [{i + 3}]")
            app.fight.apply_line("next")
        await settle(pilot)  # their frames and what came after them (the key bar's build) all out
        assert app.game.lines()[-2:] == ["hit u4 u5 free [5]", "next"]
        frames = record_frames(monkeypatch, app.screen)
        await pilot.press("ctrl+z")  # a next: the turn changes back
        await pilot.pause(0.3)
        assert frames, "the undo painted nothing"
        assert {"LinesView", "LogPane", "StatusLine"} <= frames[0]
        assert "FightScreen" not in frames[0]  # not the whole screen either
        assert str(app.query_one("#log").border_subtitle) == f"{len(app.game.log)} actions" == "5 actions"


async def test_a_theme_switch_as_the_console_opens_finds_the_bundled_themes_left_for_later(tmp_path):
    # start-up reads only the theme it starts in; the others come after the first frame, or
    # when a theme is asked for sooner (set_theme registers them first)
    app = fifty_units(tmp_path)
    async with app.run_test(size=(120, 40)):
        other = "gm-light" if app.theme != "gm-light" else "gm-dark"
        app.set_theme(other)
        assert app.theme == other


def record_work(monkeypatch, app: GMConsoleApp) -> list[str]:
    """What the screen does, in order: "layout", or "paint N actions" (the log's
    count as that frame shows it). Patched on the class: ``settle`` wraps and
    unwraps the screen's own methods."""
    from gm_console.ui.widgets.log_pane import LogPane

    work: list[str] = []
    screen = type(app.screen)
    layout, paint = screen._refresh_layout, screen._compositor_refresh

    def laid_out(self, *args, **kwargs):
        work.append("layout")
        return layout(self, *args, **kwargs)

    def painted(self, *args, **kwargs):
        work.append(f"paint {self.query_one(LogPane).border_subtitle}")
        return paint(self, *args, **kwargs)

    monkeypatch.setattr(screen, "_refresh_layout", laid_out)
    monkeypatch.setattr(screen, "_compositor_refresh", painted)
    return work


async def test_a_turn_change_that_brings_or_takes_the_scrollbar_lays_out_after_its_frame(tmp_path, monkeypatch):
    # The benchmark's fight (12 units, 120x40): a turn change adds the odds under the acting
    # unit's row (or an undo of it takes them away), the CTB body's rows go over its height (or
    # back under) and its scrollbar comes (or goes). That lays the whole screen out: not before
    # the frame that shows the key (an undo's frame waited for a layout a `next`'s did not, 1.2
    # times as long), and once, not twice (Textual finds out during the first that the bar changed).
    path = tmp_path / "twelve.toml"
    path.write_text(encounter_text(12, 2))  # the second action used the acting unit's turn
    app = GMConsoleApp(load_encounter(path), path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        body = app.query_one(LinesView)
        await pilot.press(*"next")
        await settle(pilot)
        for turn, key, actions in ((1, "enter", 3), (1, "ctrl+z", 2), (2, "enter", 3), (2, "ctrl+z", 2)):
            if key == "enter" and turn > 1:
                await pilot.press(*"next")
                await settle(pilot)
            shown, rows = body.show_vertical_scrollbar, len(body.lines)
            work = record_work(monkeypatch, app)
            await pilot.press(key)
            await settle(pilot)
            monkeypatch.undo()
            assert (len(body.lines) > body.size.height) != (rows > body.size.height)  # over the height or back
            assert body.show_vertical_scrollbar != shown
            frame = next(i for i, step in enumerate(work) if step == f"paint {actions} actions")
            assert "layout" not in work[:frame], work  # the key's frame first
            if turn > 1:  # (the bar's first showing lays out twice: Textual sizes a new scrollbar in a layout of its own)
                assert work.count("layout") == 1, work  # then the scrollbar, in one layout
