"""TabStrip: the console's tab row in one widget (issue 16, start-up), drawn
and clicked as Textual's Tabs is, and in the console: the panes' tabs on a
narrow screen and the side column's Log/Dice."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.geometry import Region

from gm_console.files import load_encounter
from gm_console.ui.app import GMConsoleApp
from gm_console.ui.widgets.action_prompt import ActionPrompt
from gm_console.ui.widgets.tab_strip import TabStrip
from tests.conftest import ENCOUNTERS

DEMO = ENCOUNTERS / "ctb-causeway-ambush.toml"


class StripApp(App[None]):
    def __init__(self, tabs) -> None:
        super().__init__()
        self.tabs = tabs
        self.activated: list[str] = []

    def compose(self) -> ComposeResult:
        yield TabStrip(self.tabs, id="strip")

    def on_tab_strip_activated(self, event: TabStrip.Activated) -> None:
        assert event.control is self.query_one(TabStrip)
        self.activated.append(event.tab_id)


def lines(strip: TabStrip) -> list[str]:
    return strip.render().plain.split("\n")


async def test_labels_padded_by_a_cell_and_the_bar_lit_under_the_active_label():
    app = StripApp([("one", "One"), ("two", "Second")])
    async with app.run_test(size=(30, 4)) as pilot:
        strip = app.query_one(TabStrip)
        assert strip.spans() == [("one", 0, 5), ("two", 5, 13)]
        top, bar = lines(strip)
        assert top == " One  Second "
        # Textual's Bar for the range (1, 4): a half cell where the dark part meets the lit one
        assert bar == "╸━━━╺" + "━" * 25 and len(bar) == 30
        strip.active = "two"
        await pilot.pause()
        assert lines(strip)[1] == "━" * 5 + "╸" + "━" * 6 + "╺" + "━" * 17


async def test_the_lit_part_is_drawn_in_the_bars_colour_the_rest_in_its_background():
    app = StripApp([("one", "One"), ("two", "Two")])
    async with app.run_test(size=(20, 4)):
        strip = app.query_one(TabStrip)
        bar_style = strip.get_component_rich_style("tab-strip--bar")
        bar = strip.render().split("\n")[1]
        colours = {bar.plain[span.start:span.end]: span.style.color for span in bar.spans}
        assert colours["━━━"] == bar_style.color and colours["╸"] == bar_style.bgcolor != bar_style.color


async def test_a_click_on_a_label_activates_its_tab_once_and_elsewhere_nothing():
    app = StripApp([("one", "One"), ("two", "Two")])
    async with app.run_test(size=(30, 4)) as pilot:
        await pilot.click("#strip", offset=(7, 0))
        await pilot.pause()
        assert app.query_one(TabStrip).active == "two" and app.activated == ["two"]
        await pilot.click("#strip", offset=(7, 1))  # the bar under the label is the tab's too
        await pilot.click("#strip", offset=(20, 0))  # past the labels
        await pilot.pause()
        assert app.query_one(TabStrip).active == "two" and app.activated == ["two"]
        await pilot.click("#strip", offset=(1, 1))
        await pilot.pause()
        assert app.activated == ["two", "one"]


async def test_the_label_under_the_mouse_is_drawn_as_hovered_until_it_leaves():
    app = StripApp([("one", "One"), ("two", "Two")])
    async with app.run_test(size=(30, 4)) as pilot:
        strip = app.query_one(TabStrip)
        plain, hover = (strip.get_component_rich_style(f"tab-strip--{n}") for n in ("tab", "hover"))
        assert plain != hover

        def style_of(label: str):
            top = strip.render().split("\n")[0]
            return next(s.style for s in top.spans if top.plain[s.start:s.end] == f" {label} ")

        assert style_of("Two") == plain
        await pilot.hover("#strip", offset=(7, 0))
        await pilot.pause()
        assert style_of("Two") == hover
        await pilot.hover("#strip", offset=(20, 0))  # off the labels, still on the strip
        await pilot.pause()
        assert style_of("Two") == plain


async def test_labels_are_literal_text_without_control_characters():
    app = StripApp([("a", "[b]Log[/b]"), ("b", "Di\x1b[31mce\x07")])
    async with app.run_test(size=(40, 4)):
        top = lines(app.query_one(TabStrip))[0]
        assert top.startswith(" [b]Log[/b] ") and "\x1b" not in top and "\x07" not in top and "Di" in top


async def test_set_tabs_shows_the_new_tabs_the_first_active_and_posts_nothing():
    app = StripApp([("one", "One"), ("two", "Two")])
    async with app.run_test(size=(30, 4)) as pilot:
        strip = app.query_one(TabStrip)
        strip.active = "two"
        await pilot.pause()
        strip.set_tabs([("x", "Ex"), ("y", "Why")])
        await pilot.pause()
        assert strip.tab_ids == ["x", "y"] and strip.active == "x" and app.activated == ["two"]
        assert lines(strip)[0] == " Ex  Why "


async def test_in_the_console_a_click_on_a_pane_tab_shows_that_pane_and_the_prompt_keeps_the_keys():
    app = GMConsoleApp(load_encounter(DEMO), demo=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        tabs = app.query_one("#pane-tabs", TabStrip)
        assert lines(tabs)[0].startswith(" CTB · AP timeline  Zone map ")
        zone_tab = next(start for tab_id, start, _ in tabs.spans() if tab_id == "tab-pane-zones")
        await pilot.click("#pane-tabs", offset=(zone_tab + 2, 0))
        await pilot.pause()
        assert app.query_one("#pane-zones").display and not app.query_one("#pane-ctb").display
        assert isinstance(app.focused, ActionPrompt)  # the strip takes no focus: typing goes on
        await pilot.press(*"note after a click", "enter")
        await pilot.pause()
        assert app.game.lines()[-1] == "note after a click"


async def test_in_the_console_f4_switches_the_side_strip_and_the_column_with_it():
    app = GMConsoleApp(load_encounter(DEMO), demo=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        side = app.query_one("#side-tabs", TabStrip)
        await pilot.press("f4")
        await pilot.pause()
        assert side.active == "tab-dice" and app.query_one("#side").has_class("dice")
        assert app.query_one("#dice").display and not app.query_one("#log").display
        await pilot.press("f4")
        await pilot.pause()
        assert side.active == "tab-log" and not app.query_one("#side").has_class("dice")


async def test_in_the_console_another_systems_game_brings_its_own_pane_tabs():
    app = GMConsoleApp(load_encounter(DEMO), demo=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        tabs = app.query_one("#pane-tabs", TabStrip)
        tabs.active = "tab-pane-zones"
        await pilot.pause()
        path = ENCOUNTERS / "reactor-night-shift.toml"
        app.fight.load_game(load_encounter(path), path)
        await pilot.pause()
        await pilot.pause()
        panes = app.fight.system_panes()
        assert tabs.tab_ids == [f"tab-{p.id}" for p in panes] and tabs.active == tabs.tab_ids[0]
        assert len(panes) >= 1 and all(p.TITLE in lines(tabs)[0] for p in panes) and "CTB" not in lines(tabs)[0]


async def test_a_strip_narrower_than_its_labels_cuts_them_and_keeps_its_bar():
    app = StripApp([("a", "CTB · AP timeline"), ("b", "Units")])
    app.CSS = "TabStrip { width: 12; }"
    async with app.run_test(size=(40, 4)) as pilot:
        await pilot.pause()
        strip = app.query_one(TabStrip)
        assert strip.size.width == 12
        top, bar = (line.text for line in strip.render_lines(Region(0, 0, 12, 2)))  # as drawn: cut, not wrapped
        assert top == " CTB · AP ti" and len(bar) == 12 and set(bar) <= {"━", "╸", "╺"}
