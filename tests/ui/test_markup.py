"""Trust at the table: text from data, a file, the notation or the GM is never
read as markup, and no control character in it reaches the terminal.

Pilot tests drive the console with names such as ``[/] Ren`` (a MarkupError
if parsed), ``Goblin [Chief]`` (silently loses ``[Chief]``), ``[bold red]x[/]``
and ``[link=file:///etc]y[/link]`` (styles and links); the boundary helpers of
``gm_console.ui.text`` are tested directly; and ``test_no_risky_pattern_in``
scans the UI and command-line sources for the ways around them.
"""

from __future__ import annotations

import ast
import html
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console, Group
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.command import CommandList, CommandPalette
from textual.content import Content
from textual.fuzzy import Matcher

from gm_console.files import load_encounter
from gm_console.ui import text as t
from gm_console.ui.app import GMConsoleApp
from gm_console.ui.panes.base import SystemPane
from gm_console.ui.screens.ask_text import AskText
from gm_console.ui.screens.confirm import Confirm
from gm_console.ui.screens.rule_view import RuleView
from gm_console.ui.widgets.action_prompt import ActionPrompt
from gm_console.ui.widgets.literal import LiteralLabel, LiteralOptionList, LiteralStatic
from gm_console.ui.widgets.log_pane import LogPane
from tests.conftest import ENCOUNTERS, ROOT
from tests.ui.settle import palette_searched, until

NAMES = ["[/] Ren", "Goblin [Chief]", "[bold red]x[/]", "[link=file:///etc]y[/link]"]
# what a pane that cuts names short still shows of each: enough to see the brackets were kept
SHOWN = ["[/] Ren", "Goblin [", "[bold r", "[link=f"]
CONTROLS = ["\x1b", "\x07", "\x9b", "\u202e", "\u2066", "\x00", "\x7f"]
EVIL = "Evil\x1b[31mRed\x07\u202eegde\x9b2J"  # ESC, BEL, a bidi override and a C1 CSI


# ---------------------------------------------------------------- what is on the screen


def screen_lines(app) -> list[str]:
    """The screen as the terminal shows it, one str a row (from the SVG
    screenshot: every run of text at its column)."""
    svg = app.export_screenshot()
    rows: dict[int, list[tuple[int, str]]] = {}
    for m in re.finditer(r'<text class="[^"]*" x="([\d.]+)" y="[\d.]+" textLength="[\d.]+" clip-path="url\(#[^"]*-line-(\d+)\)">(.*?)</text>', svg):
        rows.setdefault(int(m.group(2)), []).append((round(float(m.group(1)) / 12.2), html.unescape(m.group(3)).replace("\xa0", " ")))
    out = []
    for row in sorted(rows):
        cells: list[str] = []
        for col, run in sorted(rows[row]):
            cells.extend(" " * max(0, col - len(cells)))
            cells[col : col + len(run)] = list(run)
        out.append("".join(cells))
    return out


def widget_text(widget) -> str:
    """What a widget draws (borders and titles included), rows joined by spaces."""
    rows = widget.render_lines(widget.region.reset_offset)
    return " ".join("".join(segment.text for segment in row) for row in rows)


def tree_text(root) -> str:
    """What a widget and every widget in it draw: every character handed to the terminal."""
    out = []
    for widget in root.walk_children(with_self=True):
        if widget.display and widget.region.area:
            out.append(widget_text(widget))
    return "\n".join(out)


def strips_of_screen(app) -> str:
    return tree_text(app.screen)


def squeeze(text: str) -> str:
    """Rows joined, borders and runs of spaces taken out (for text that wraps)."""
    return re.sub(r"\s+", " ", re.sub(r"[│┃╭╮╰╯─▏▕]", " ", text))


def app_for(path: Path) -> GMConsoleApp:
    return GMConsoleApp(load_encounter(path), path=path)


def palette_prompts(app) -> list[str]:
    assert isinstance(app.screen, CommandPalette)
    hits = app.screen.query_one(CommandList)
    return [str(hits.get_option_at_index(i).prompt) for i in range(hits.option_count)]


EVIL_FILE = """
format = 1
title = "[bold red]x[/] at the [/] gate"
systems = []
sides = [{ id = "pcs", name = "Goblin [Chief]'s band", controller = "players" }, { id = "npcs", name = "[/] Ren's lot" }]
zones = [{ id = "deck", name = "[/] Ren deck", adjacent = ["hold"] }, { id = "hold", name = "[link=file:///etc]y[/link]" }]
units = [
  { id = "ren", name = "[/] Ren", side = "pcs", zone = "deck", stats = { hp = 10 } },
  { id = "chief", name = "Goblin [Chief]", side = "npcs", zone = "hold", stats = { hp = 4 } },
  { id = "x", name = "[bold red]x[/]", side = "npcs", zone = "hold", stats = { hp = 4 } },
  { id = "y", name = "[link=file:///etc]y[/link]", side = "npcs", zone = "deck", stats = { hp = 4 } },
]
log = ["next"]
"""

EVIL_REACTOR = """
format = 1
title = "[bold red]x[/] night"
systems = ["reactor"]
sides = [
    { id = "a", name = "Goblin [Chief]", controller = "players" },
    { id = "b", name = "[/] Ren" },
]
units = [
    { id = "watchman", name = "[/] Ren", side = "a", reactor = { card = "junior-watchman", stationed = true } },
    { id = "c1", name = "Goblin [Chief]", side = "b", reactor = { card = "evil" } },
    { id = "c2", name = "[bold red]x[/]", side = "b", reactor = { card = "wnaf-conscript" } },
    { id = "c3", name = "[link=file:///etc]y[/link]", side = "b", reactor = { card = "wnaf-conscript" } },
]
log = []

[reactor]
active = "b"
sides = { a = { doctrine = "DEFENSE" }, b = { doctrine = "ASSAULT" } }

[reactor.cards.personnel.evil]
name = "[link=file:///etc]y[/link] card"
atk = 1
hp = 3
traits = ["ASSAULT"]
faction = "WNAF"
text = "A card called [bold]bold[/] with [/] in it."
"""


# ---------------------------------------------------------------- the palette in every encounter


@pytest.mark.parametrize("name", sorted(p.name for p in ENCOUNTERS.glob("*.toml")))
async def test_the_palette_opens_and_lists_hits_in_every_encounter(name):
    """ctrl+p used to close the console in every conflict encounter: the
    ``attack`` verb's usage ``[pay=momentum|threat]`` was read as markup."""
    app = GMConsoleApp(load_encounter(ENCOUNTERS / name), path=None)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause(0.3)
        assert app.is_running and isinstance(app.screen, CommandPalette)
        assert palette_prompts(app), "nothing listed before typing"
        await pilot.press(*"attack")
        await palette_searched(pilot)
        assert app.is_running and isinstance(app.screen, CommandPalette)
        prompts = palette_prompts(app)
        assert prompts, "no hits for the query"
        if name.startswith("conflict-"):
            assert any("[pay=momentum|threat]" in p for p in prompts), prompts[:5]  # the usage, brackets and all
        await pilot.press("escape")
        await pilot.pause()
        assert app.is_running


# ---------------------------------------------------------------- names from a file


async def test_names_from_a_file_show_as_written_in_the_panes_and_status_line(tmp_path):
    path = tmp_path / "evil.toml"
    path.write_text(EVIL_FILE)
    app = app_for(path)
    async with app.run_test(size=(240, 40)) as pilot:  # wide: the units table has room for every name on one row
        await pilot.pause()
        screen = "\n".join(screen_lines(app))
        assert "acting: [/] Ren" in screen  # the status line
        units = squeeze(tree_text(app.query_one("#pane-units")))
        for name in NAMES:
            assert name in units
        assert "Goblin [Chief]'s band" in units and "[/] Ren's lot" in units
        zones = tree_text(app.query_one("#pane-zones"))
        assert "[/] Ren deck" in zones and "[link=f" in zones


async def test_reactor_names_show_in_the_pane_strike_flow_palette_and_rules_lookup(tmp_path):
    path = tmp_path / "evil-reactor.toml"
    path.write_text(EVIL_REACTOR)
    app = app_for(path)
    async with app.run_test(size=(160, 40)) as pilot:
        await pilot.pause()
        pane = squeeze(tree_text(app.query_one("#pane-reactor")))
        for shown in SHOWN:
            assert shown in pane, shown
        # the strike flow: "who strikes for [/] Ren?", the strikers by name
        app.query_one("#pane-reactor").focus()
        await pilot.press("s")
        await pilot.pause()
        assert app.is_running
        flow = squeeze(strips_of_screen(app))
        assert "who strikes for [/] Ren?" in flow
        for shown in SHOWN[1:]:
            assert shown in flow, shown
        await pilot.press("escape")
        await pilot.pause()
        # the palette's legal actions and the rules lookup of the encounter's own card
        await pilot.press("ctrl+p")
        await pilot.pause(0.3)
        await pilot.press(*"y card")
        await palette_searched(pilot)
        assert app.is_running
        assert any("[link=file:///etc]y[/link] card" in p for p in palette_prompts(app))
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("ctrl+r")
        await pilot.pause(0.3)
        await pilot.press(*"link etc card")
        await palette_searched(pilot)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, RuleView)
        rule = squeeze(strips_of_screen(app))
        assert "[link=file:///etc]y[/link] card" in rule
        assert "A card called [bold]bold[/] with [/] in it." in rule


@pytest.mark.parametrize("name", ["conflict-relay-station.toml", "ctb-causeway-ambush.toml", "reactor-night-shift.toml", "conflict-worked-example.toml"])
async def test_a_rename_shows_as_written_in_the_panes_the_log_and_notifications(name):
    app = GMConsoleApp(load_encounter(ENCOUNTERS / name), path=None)
    async with app.run_test(size=(160, 40), notifications=True) as pilot:
        ids = list(app.game.state.units)
        renamed = list(zip(ids, NAMES))
        for uid, new in renamed:
            assert app.fight.apply_line(f'rename {uid} "{new}"')
        if app.game.state.clock.active is None:
            app.fight.apply_line("next")
        await pilot.pause()
        assert app.is_running
        log = squeeze(widget_text(app.query_one(LogPane)))
        for uid, new in renamed:
            assert f'rename {uid} "{new}"' in log
            assert f"is now called {new}" in log
        panes = squeeze(" ".join(tree_text(p) for p in app.query(SystemPane) if p.display))
        for (uid, new), shown in zip(renamed, SHOWN):
            cut = new.split(" ")[0] + "…"  # cut after its first word (ui/render/names.py): as written up to the cut
            assert shown in panes or uid in panes or cut in panes, (shown, panes[:400])
        assert sum(shown in panes for shown in SHOWN[: len(renamed)]) >= min(2, len(renamed))  # the brackets as written
        # the palette's legal actions name the units
        await pilot.press("ctrl+p")
        await pilot.pause(0.3)
        await pilot.press(*"Chief")
        await palette_searched(pilot)
        assert app.is_running and isinstance(app.screen, CommandPalette)
        # the labels (a rules hit's help is the sentence that matched: "Example: rename gob1 "Goblin Chief"")
        named = [p for p in palette_prompts(app) if "Chief" in p.split("\n", 1)[0]]
        assert all("Goblin [Chief]" in p for p in named), named
        if name.startswith("conflict-"):
            assert named  # "Goblin [Chief] seizes the opening ..."
        await pilot.press("escape")
        await pilot.pause()
        if app.game.lines()[-1] == "next":
            app.fight.action_undo()
        app.fight.action_undo()  # "undid: rename ... "[link=...]..."" as a notification
        uid, new = renamed[-1]

        def toasts() -> str:
            return squeeze(" ".join(tree_text(w) for w in app.screen.query("Toast")))  # by its CSS type: Toast has no public import

        # the notice comes FRAME_OUT after the undone frame: waited for
        await until(pilot, lambda: f'undid: rename {uid} "{new}"' in toasts(), "the undo's notice")


async def test_dialogs_show_questions_answers_and_errors_as_written(tmp_path):
    path = tmp_path / "fight.toml"
    path.write_text(EVIL_FILE)
    app = app_for(path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(Confirm("Save [/] Ren's [bold]file[/]?", yes="[b]Save[/b]"))
        await pilot.pause()
        shown = squeeze(strips_of_screen(app))
        assert "Save [/] Ren's [bold]file[/]?" in shown and "[b]Save[/b] (y)" in shown
        await pilot.press("escape")
        await pilot.pause()
        app.push_screen(AskText("Name for [link=file:///etc]y[/link]:", check=lambda text: f"no [/] {text} allowed"))
        await pilot.pause()
        await pilot.press(*"[red]", "enter")
        await pilot.pause()
        assert isinstance(app.screen, AskText)
        shown = squeeze(strips_of_screen(app))
        assert "Name for [link=file:///etc]y[/link]:" in shown and "no [/] [red] allowed" in shown


async def test_control_characters_never_reach_the_screen():
    from tests.conftest import game_from_dict, minimal

    game = game_from_dict(minimal())
    game.state.units["kai"].name = EVIL  # past any validation: whatever gets through
    game.state.units["gob"].name = EVIL + " the second"
    game.push_line("set gob hp 3")
    game.push_line("note fine")
    app = GMConsoleApp(game, path=None)
    async with app.run_test(size=(160, 40)) as pilot:
        app.fight.apply_line("next")
        await pilot.pause()
        drawn = strips_of_screen(app)
        assert "Evil\ufffd[31mRed\ufffd" in drawn  # shown, with placeholders
        for ch in CONTROLS:
            assert ch not in drawn, repr(ch)
        await pilot.press("ctrl+p")
        await pilot.pause(0.3)
        await pilot.press(*"kai")
        await palette_searched(pilot)
        assert app.is_running
        for prompt in palette_prompts(app):
            assert not any(ch in prompt for ch in CONTROLS), repr(prompt)
        await pilot.press("escape")
        await pilot.pause()
        prompt = app.query_one(ActionPrompt)  # a paste from the GM's clipboard
        prompt.insert_text_at_cursor("note a\x1b[2Jb\u202e")
        assert prompt.value == "note a\ufffd[2Jb\ufffd"
        app.push_screen(AskText("file name?", value="x\x07y"))
        await pilot.pause()
        assert app.screen.query_one("#answer").value == "x\ufffdy"


# ---------------------------------------------------------------- the boundary helpers


def test_clean_replaces_each_control_character_by_one_placeholder():
    assert t.clean("plain [b] text") == "plain [b] text"
    assert t.clean(EVIL) == "Evil\ufffd[31mRed\ufffd\ufffdegde\ufffd2J"
    assert t.clean("a\tb\nc") == "a b\ufffdc"
    assert t.clean("a\tb\nc\r", lines=True) == "a\tb\nc\ufffd"
    for ch in CONTROLS + ["\u2028", "\u200f", "\ud800", "\x85"]:
        assert t.clean(f"x{ch}y") == "x\ufffdy", repr(ch)
    s = "no controls"
    assert t.clean(s) is s  # no copy in the usual case


@given(st.text())
def test_clean_is_one_for_one_and_leaves_nothing_behind(s):
    out = t.clean(s)
    assert len(out) == len(s)
    assert not re.search(r"[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]", out)


@given(st.text())
def test_as_markup_round_trips(s):
    """What a hit's help goes through: Textual must read it back as written."""
    assert Content.from_markup(t.as_markup(s)).plain == t.clean(s)


@pytest.mark.parametrize("name", NAMES + ["a\\[b]", "ends\\", "[$x]", "[[x]]", "$name [b]"])
def test_literal_and_content_show_names_as_written(name):
    assert t.literal(name).plain == name and t.literal(name).spans == []
    assert t.content(name).plain == name and not t.content(name).spans
    assert Content.from_markup(t.as_markup(name)).plain == name
    assert t.literal(name, "bold").style == "bold"


def test_scrub_keeps_styles_and_identity():
    text = Text("ok", style="bold")
    text.append("\x1bbad", style="red")
    clean = t.scrub(text)
    assert clean.plain == "ok\ufffdbad" and clean.spans == text.spans and clean.style == "bold"
    same = Text("fine")
    assert t.scrub(same) is same
    group = t.scrub(Group(Text("a\x1b"), Text("b")))
    assert [r.plain for r in group.renderables] == ["a\ufffd", "b"]
    assert t.scrub(Content("x\x1b").stylize("bold", 0, 1)).plain == "x\ufffd"
    assert t.scrub("[b]\x1b").plain == "[b]\ufffd"  # a str: a literal Text
    assert t.scrub(Text("two\nrows"), lines=False).plain == "two\ufffdrows"


def test_highlight_styles_the_matched_characters_of_the_plain_label():
    matcher = Matcher("chief", match_style=Style(reverse=True))
    shown = t.highlight(matcher, "unit: Goblin [Chief]")
    assert shown.plain == "unit: Goblin [Chief]"
    styled = {i for span in shown.spans for i in range(span.start, span.end)}
    assert styled == set(range(14, 19))
    assert t.highlight(matcher, "[/] Ren").plain == "[/] Ren"  # no match: plain


def test_clean_output_cleans_whatever_a_console_prints():
    console = Console(record=True, width=60, markup=False, color_system=None, file=open("/dev/null", "w"))
    console.push_render_hook(t.CleanOutput())
    table = Table("name")
    table.add_row(EVIL)
    console.print(EVIL, table, Text(EVIL))
    out = console.export_text()
    assert not any(ch in out for ch in CONTROLS)
    assert out.count("Evil\ufffd[31mRed\ufffd") == 3


async def test_literal_widgets_never_parse_markup_and_scrub_what_they_get():
    from textual.app import App

    class Show(App):
        def compose(self):
            yield LiteralStatic("[/] Ren\x1b", id="s")
            yield LiteralLabel("[bold]x[/]", id="l")
            yield LiteralOptionList("[b]one[/b]\x07", id="o")

    app = Show()
    async with app.run_test(size=(40, 8)) as pilot:
        static, label, options = app.query_one("#s"), app.query_one("#l"), app.query_one("#o")
        assert "[/] Ren\ufffd" in widget_text(static)
        assert "[bold]x[/]" in widget_text(label)
        assert "[b]one[/b]\ufffd" in widget_text(options)
        static.update("Goblin [Chief]\x9b")
        label.content = "[red]y"
        options.add_option("[/]")
        await pilot.pause()
        assert "Goblin [Chief]\ufffd" in widget_text(static)
        assert "[red]y" in widget_text(label)
        assert "[/]" in widget_text(options)
        with pytest.raises(TypeError):
            LiteralStatic("x", markup=True)  # the wrong way cannot even be asked for


# ---------------------------------------------------------------- public Textual API only


async def test_tab_completes_from_the_suggester_not_a_private_attribute(tmp_path):
    path = tmp_path / "fight.toml"
    path.write_text(EVIL_FILE)
    app = app_for(path)
    async with app.run_test(size=(120, 40)) as pilot:
        prompt = app.query_one(ActionPrompt)
        prompt.value = "ren"
        assert prompt.completion() == "rename "
        await pilot.press("tab")
        assert prompt.value == "rename "
        prompt.value = "zzz"
        assert prompt.completion() is None
        await pilot.press("tab")
        assert app.focused is not prompt  # nothing to complete: Tab moves on


async def test_the_log_scrollbar_follows_new_entries_without_a_layout(tmp_path):
    path = tmp_path / "fight.toml"
    path.write_text(EVIL_FILE)
    app = app_for(path)
    async with app.run_test(size=(120, 30)) as pilot:
        for i in range(40):
            app.fight.apply_line(f"note entry {i}")
        await pilot.pause()
        log = app.query_one(LogPane)
        bar = log.vertical_scrollbar
        assert bar.window_virtual_size == log.virtual_size.height > log.scrollable_content_region.height
        assert bar.window_size == log.scrollable_content_region.height
        assert log.scroll_y == log.max_scroll_y > 0  # the newest entry in view


# ---------------------------------------------------------------- the source scan


UI = ROOT / "gm_console" / "ui"
SCANNED = sorted([*UI.rglob("*.py"), ROOT / "gm_console" / "cli.py", ROOT / "gm_console" / "export.py"])
HELPERS = {"literal", "content", "clean", "as_markup", "scrub", "highlight"}  # gm_console.ui.text
# Textual widgets (and Rich's Panel, whose titles are always parsed) that read a str given to
# them as markup: their first argument and these keywords
MARKUP_WIDGETS = {"Static", "Label", "Button", "Tab", "Checkbox", "RadioButton", "Switch", "Link", "ListItem", "Collapsible", "Digits", "Panel"}
MARKUP_KEYWORDS = {"content", "label", "prompt", "title", "subtitle", "renderable"}
LITERAL_ONLY = {"Static", "Label", "OptionList"}  # in panes, widgets and screens: the Literal* widgets instead
PARSERS = {"from_markup", "render_markup", "render_str", "from_ansi", "to_content"}
TAG = re.compile(r"\[/?[a-z#@$][^\[\]]*\]|\[/\]")


def is_fixed(node: ast.AST) -> bool:
    """Text written in this code: a str constant, or a choice between them."""
    if isinstance(node, ast.Constant):
        return True
    if isinstance(node, ast.IfExp):
        return is_fixed(node.body) and is_fixed(node.orelse)
    return False


def is_helper_call(node: ast.AST) -> bool:
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
    return name in HELPERS


def call_name(node: ast.Call) -> str:
    func = node.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def problems(path: Path, rel: str | None = None) -> list[str]:
    """What the rules of ``test_no_risky_pattern_in`` find in one file (``rel``:
    where it stands in the project, which decides whether R8 applies)."""
    tree = ast.parse(path.read_text(), str(path))
    rel = rel or path.relative_to(ROOT).as_posix()
    in_widgets = rel.startswith(("gm_console/ui/panes/", "gm_console/ui/widgets/", "gm_console/ui/screens/")) and not rel.endswith("widgets/literal.py")
    found = []

    def say(node: ast.AST, why: str) -> None:
        found.append(f"{rel}:{node.lineno}: {why}")

    for node in ast.walk(tree):
        # R1: markup= is False, or a parameter passed on (whose default R1 checks too)
        if isinstance(node, ast.keyword) and node.arg == "markup" and not (isinstance(node.value, ast.Constant) and node.value.value is False):
            if not isinstance(node.value, ast.Name):
                say(node.value, "markup= must be False (build Text/Content instead of markup strings)")
        if isinstance(node, ast.arguments):
            params = node.posonlyargs + node.args
            pairs = list(zip(params[len(params) - len(node.defaults) :], node.defaults)) + list(zip(node.kwonlyargs, node.kw_defaults))
            for arg, default in pairs:
                if arg.arg == "markup" and not (isinstance(default, ast.Constant) and default.value is False):
                    say(arg, "a markup parameter must default to False")
        # R2: a markup string with data in it (f-string, +, % or .format)
        if isinstance(node, ast.JoinedStr) and any(isinstance(v, ast.FormattedValue) for v in node.values):
            if any(isinstance(v, ast.Constant) and TAG.search(v.value) for v in node.values):
                say(node, "an f-string that is markup and has data in it")
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mod)):
            sides = (node.left, node.right)
            if any(isinstance(s, ast.Constant) and isinstance(s.value, str) and TAG.search(s.value) for s in sides) and not all(is_fixed(s) for s in sides):
                say(node, "markup joined with data")
        if isinstance(node, ast.Call):
            name = call_name(node)
            # R2 again: "[b]{}[/b]".format(data)
            if name == "format" and isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Constant) and TAG.search(str(node.func.value.value)):
                say(node, "markup .format()ted with data")
            # R3: parsing markup (or ANSI) from anything but a constant
            if name in PARSERS and (not node.args or not is_fixed(node.args[0])):
                say(node, f"{name}() of text that is not a constant")
            # R4: a widget that reads a str as markup, given anything but a constant or a helper's result
            if name in MARKUP_WIDGETS:
                literal_kw = any(k.arg == "markup" for k in node.keywords)  # R1 has made sure it is False
                given = list(node.args[:1]) + [k.value for k in node.keywords if k.arg in MARKUP_KEYWORDS]
                for arg in given:
                    if not literal_kw and not is_fixed(arg) and not is_helper_call(arg):
                        say(arg, f"{name}() given text that may be read as markup: pass literal(...)/content(...) or markup=False")
            # R4 for lists: an OptionList reads str options as markup unless made with markup=False
            if name == "OptionList" and not any(k.arg == "markup" for k in node.keywords):
                say(node, "OptionList() must be made with markup=False (or be a LiteralOptionList)")
            # R5: a Rich console that reads markup
            if name == "Console" and not any(k.arg == "markup" for k in node.keywords):
                say(node, "Console() must be made with markup=False")
        # R7: border titles are parsed as markup when given a str
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Attribute) and target.attr in ("border_title", "border_subtitle"):
                    if not is_fixed(node.value) and not is_helper_call(node.value):
                        say(node, f"{target.attr} set to text that may be read as markup: use content(...)")
        # R8: in panes, widgets and screens, Static, Label and OptionList only as the Literal* widgets
        if in_widgets and isinstance(node, ast.ImportFrom) and (node.module or "").startswith("textual"):
            for alias in node.names:
                if alias.name in LITERAL_ONLY and not (alias.name == "OptionList" and _only_typed(tree)):
                    say(node, f"{alias.name} imported from {node.module}: use gm_console.ui.widgets.literal.Literal{alias.name}")
    return found


def _only_typed(tree: ast.AST) -> bool:
    """OptionList imported only to query for it or name its messages, never built."""
    return not any(isinstance(n, ast.Call) and call_name(n) == "OptionList" for n in ast.walk(tree))


NOT_OURS: dict[str, str] = {}  # a file that may not pass yet, with why (strict xfail: the entry goes once it passes)


def _scanned():
    for path in SCANNED:
        rel = path.relative_to(ROOT).as_posix()
        marks = [pytest.mark.xfail(strict=True, reason=NOT_OURS[rel])] if rel in NOT_OURS else []
        yield pytest.param(path, id=rel, marks=marks)


@pytest.mark.parametrize("path", list(_scanned()))
def test_no_risky_pattern_in(path):
    """The rules, each one a thing the code never needs and a reader can check:

    R1 ``markup=`` is never anything but ``False``: styled command-line output
       is built from Text, not from markup strings.
    R2 no markup string has data in it: an f-string whose literal parts hold a
       tag (``[bold]``, ``[/]``, ``[link=...]``) and that interpolates anything,
       or such a string joined with ``+``/``%`` or ``.format()``ted.
    R3 ``from_markup``, ``render_markup``, ``render_str``, ``from_ansi`` and
       ``to_content`` are only ever given a string constant.
    R4 a Textual widget that reads a str as markup (Static, Label, Button,
       Tab, Option, ...) is given a constant, a ``gm_console.ui.text`` helper's
       result (``literal``, ``content``, ...) or ``markup=False``.
    R5 every Rich ``Console`` is made with ``markup=False``.
    R7 ``border_title``/``border_subtitle`` are set to a constant or ``content(...)``.
    R8 panes, widgets and screens use ``LiteralStatic``, ``LiteralLabel`` and
       ``LiteralOptionList`` (which never parse markup and scrub control
       characters) instead of Textual's Static, Label and OptionList; an
       OptionList may be imported only to query for it or name its messages.

    A constant is text written in this code, whose brackets are meant; data
    (names, paths, usage lines, rules text) always comes in through a variable,
    an attribute or a call, which is what the rules look for.
    """
    found = problems(path)
    assert not found, "\n".join(found)


def test_the_scan_catches_each_risky_pattern(tmp_path):
    """Each rule fires on the pattern it is for (a scan that finds nothing proves nothing)."""
    cases = {
        "R1": "console.print(x, markup=True)\n",
        "R1b": "def notify(message, markup=True): pass\n",
        "R4d": "OptionList(*options)\n",
        "R2": 'text = f"[bold]{name}[/]"\n',
        "R2b": 'text = "[b]" + name\n',
        "R2c": 'text = "[b]{}[/b]".format(name)\n',
        "R3": "Content.from_markup(label)\n",
        "R4": "Static(unit.name)\n",
        "R4b": 'Label(f"who: {name}")\n',
        "R4c": "Button(label=name)\n",
        "R4e": 'Panel(body, title=name)\n',
        "R5": "Console(stderr=True)\n",
        "R7": 'self.border_title = f"{n} units"\n',
    }
    path = tmp_path / "probe.py"
    for rule, source in cases.items():
        path.write_text(source)
        assert problems(path, "gm_console/ui/probe.py"), rule
    path.write_text('Static("[b]fixed[/b]")\nLabel(literal(name))\nself.border_title = content(name)\nText(f"Round {n}")\nConsole(markup=False)\ndef notify(m, markup=False):\n    show(m, markup=markup)\n')
    assert problems(path, "gm_console/ui/probe.py") == []
    path.write_text("from textual.widgets import Static\n")
    assert problems(path, "gm_console/ui/panes/probe.py")
    assert not problems(path, "gm_console/ui/probe.py")
