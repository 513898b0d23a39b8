"""What the console does not do before its first frame (issue 16, start-up),
and that what it puts off still happens: each test counts work, never time."""

from __future__ import annotations

import pytest
from textual.css.stylesheet import Stylesheet
from textual.theme import Theme

from gm_console.files import load_encounter
from gm_console.ui.app import GMConsoleApp
from tests.conftest import ENCOUNTERS
from tests.ui.settle import settle

DEMO = ENCOUNTERS / "ctb-causeway-ambush.toml"


def test_textuals_default_theme_is_not_worked_out_at_start(monkeypatch):
    """App.__init__ builds its stylesheet before the console chose its theme:
    the variables of Textual's default theme would be thrown away."""
    built = []
    to_color_system = Theme.to_color_system
    monkeypatch.setattr(Theme, "to_color_system", lambda self: built.append(self.name) or to_color_system(self))
    app = GMConsoleApp(load_encounter(DEMO), demo=True)
    assert "textual-dark" not in built and app.theme != "textual-dark"
    assert app.theme_variables["background"] == app.get_css_variables()["background"]


async def test_the_stylesheet_is_parsed_in_place_at_start_and_again_on_a_theme_change(monkeypatch):
    reparsed = []
    reparse = Stylesheet.reparse
    monkeypatch.setattr(Stylesheet, "reparse", lambda self: reparsed.append(1) or reparse(self))
    app = GMConsoleApp(load_encounter(DEMO), demo=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert reparsed == []  # the theme chosen at start needs no second parse of the app's stylesheet
        background = app.screen.styles.background
        app.set_theme("gm-light")
        await pilot.pause()
        assert reparsed and app.screen.styles.background != background  # a switch restyles as before


async def test_the_zone_map_behind_its_tab_is_built_when_it_first_shows():
    app = GMConsoleApp(load_encounter(DEMO), demo=True)
    async with app.run_test(size=(120, 40)) as pilot:  # tabbed: the CTB pane shows, the zone map waits behind its tab
        await pilot.pause()
        zones = app.query_one("#pane-zones")
        assert not zones.display and not zones.children
        app.fight.action_next_pane()
        await pilot.pause()
        assert zones.display and "West Landing" in zones.query_one("#zones-map").render().plain
        assert zones.query_one("#zones-legend").display


async def test_a_zone_map_shown_from_the_start_is_built_with_it():
    app = GMConsoleApp(load_encounter(DEMO), demo=True)
    async with app.run_test(size=(200, 40)) as pilot:  # wide: every pane side by side
        await pilot.pause()
        assert "West Landing" in app.query_one("#pane-zones #zones-map").render().plain


async def test_the_ctb_pane_draws_its_body_once_and_at_its_width_as_the_console_opens(monkeypatch):
    """Drawn before its first layout at the width it is laid out at (the first
    frame shows it so), not at a made-up width of 20 and then again at its own."""
    from gm_console.ui.panes.ctb import CTBPane
    from gm_console.ui.widgets.lines_view import LinesView

    widths = []  # the widest row of each drawing of the CTB body
    set_lines = LinesView.set_lines

    def counted(self, lines):
        lines = list(lines)
        if self.id == "ctb-body":
            widths.append(max((line.cell_len for line in lines), default=0))
        return set_lines(self, lines)

    monkeypatch.setattr(LinesView, "set_lines", counted)
    app = GMConsoleApp(load_encounter(DEMO), demo=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        pane = app.query_one("#pane-ctb", CTBPane)
        assert widths == [pane.content_size.width - 1] and widths[0] > 20  # its widest rows fill it, the scrollbar's column aside
        assert "Mira" in pane.query_one("#ctb-body", LinesView).plain


@pytest.mark.parametrize("size", [(100, 30), (120, 40), (159, 40), (170, 40), (201, 50)])
async def test_the_width_a_pane_draws_at_before_its_layout_is_the_one_it_gets(size):
    app = GMConsoleApp(load_encounter(DEMO), demo=True)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        shown = [p for p in app.fight.system_panes() if p.display]
        assert shown and all(abs(p.region.width - app.fight.pane_width()) <= 1 for p in shown)
        assert all(p.width_hint() == 0 or abs(p.width_hint() - p.content_size.width) <= 1 for p in shown)


async def test_the_tab_strips_are_one_widget_each_built_with_the_panes():
    """Textual's Tabs is seven widgets for two tabs, each styled and laid out as
    it mounts; the console's two strips are a TabStrip each, built with the
    panes (no tab added once mounted)."""
    from gm_console.ui.widgets.tab_strip import TabStrip

    app = GMConsoleApp(load_encounter(DEMO), demo=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert not app.query("Tabs") and not app.query("Tab")
        strips = app.query(TabStrip)
        assert [s.id for s in strips] == ["pane-tabs", "side-tabs"] and all(not s.children for s in strips)
        tabs = app.query_one("#pane-tabs", TabStrip)
        assert tabs.active == "tab-pane-ctb" and tabs.tab_ids == ["tab-pane-ctb", "tab-pane-zones"]
        app.fight.action_next_pane()
        await pilot.pause()
        assert tabs.active == "tab-pane-zones" and app.query_one("#pane-zones").display


@pytest.mark.parametrize("size, hide", [((120, 40), "tab"), ((170, 50), "toggle")])
async def test_a_pane_shown_again_after_play_and_typing_behind_its_tab_shows_the_state_now(size, hide):
    """An action while the CTB pane is behind its tab (or turned off), then
    typing: the pane shown again draws the state now, not the rows from
    before the action (typing previewed the hidden pane, which took it for
    drawn, and its Resize at an unchanged width drew nothing)."""
    app = GMConsoleApp(load_encounter(ENCOUNTERS / "ctb-causeway-ambush.toml"), demo=True)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        pane = app.query_one("#pane-ctb")

        def body() -> str:
            return app.query_one("#pane-ctb #ctb-body").plain

        before = body()
        hidden = app.fight.action_next_pane if hide == "tab" else (lambda: app.fight.toggle_pane("pane-ctb"))
        hidden()
        await pilot.pause()
        assert not pane.display
        app.fight.apply_line("next")
        await settle(pilot)
        await pilot.press(*"hit")  # the GM starts typing the next action
        await pilot.pause()
        (app.fight.action_next_pane if hide == "tab" else (lambda: app.fight.toggle_pane("pane-ctb")))()
        await settle(pilot)
        assert pane.display
        shown = body()
        pane.show(app.fight.current_view())  # what a fresh draw of the same state gives
        await settle(pilot)
        assert shown == body() != before


@pytest.mark.parametrize("name, size", [("reactor-night-shift.toml", (120, 40)), ("reactor-night-shift.toml", (90, 30)), ("conflict-relay-station.toml", (120, 40)), ("conflict-relay-station.toml", (100, 30))])
async def test_the_reactor_and_conflict_panes_draw_their_first_frame_at_their_width(monkeypatch, name, size):
    """Before their first layout they draw at the width they will get
    (``width_hint``), not at 30 (the reactor board) or 78 (the conflict header) columns."""
    from gm_console.ui.render import conflict, reactor

    widths: list[int] = []
    board, header = reactor.pane_board, conflict.header_lines
    monkeypatch.setattr(reactor, "pane_board", lambda state, rules, width, *a: widths.append(width) or board(state, rules, width, *a))
    monkeypatch.setattr(conflict, "header_lines", lambda state, rules, width: widths.append(width) or header(state, rules, width))
    app = GMConsoleApp(load_encounter(ENCOUNTERS / name), demo=True)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        pane = next(p for p in app.fight.system_panes() if p.display)
        assert widths and widths[0] == max(30, pane.content_size.width), widths


@pytest.mark.parametrize("size, hide", [((120, 40), "tab"), ((170, 50), "toggle")])
@pytest.mark.parametrize("typed_while", ["hidden", "shown"])
async def test_a_pane_shown_again_shows_the_what_if_of_the_line_typed_now(size, hide, typed_while):
    """Typed while the CTB pane is hidden: it shows that line's what-if as it
    comes back; typed while shown and cleared while hidden: no what-if stays."""
    app = GMConsoleApp(load_encounter(ENCOUNTERS / "ctb-causeway-ambush.toml"), demo=True)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        pane, fight = app.query_one("#pane-ctb"), app.fight
        switch = fight.action_next_pane if hide == "tab" else (lambda: fight.toggle_pane("pane-ctb"))
        fight.apply_line("next")
        await settle(pilot)

        def bar() -> str:  # the turn bar's lines as drawn (the first says NOW or IF)
            return "\n".join(line.plain for line in pane._bar_lines)

        if typed_while == "shown":
            await pilot.press(*"haste ren 2")
            await pilot.pause()
            assert "\nIF " in bar()
        switch()
        await pilot.pause()
        assert not pane.display
        if typed_while == "hidden":
            await pilot.press(*"haste ren 2")
        else:
            fight.prompt().value = ""
        await pilot.pause()
        switch()
        await settle(pilot)
        assert pane.display
        shown = bar()
        assert ("\nIF " in shown) is (typed_while == "hidden"), shown
        pane.show(fight.current_view())  # a fresh draw, then the prompt's line as typing it previews it
        pane.preview(fight.draft_view(fight.prompt().value))
        await settle(pilot)
        assert bar() == shown
