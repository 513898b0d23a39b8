"""What start-up imports (issue 16): ``gm-console --help`` loads the typer app
and nothing of the console, and opening the console leaves for later what its
first frame does not use. Each check runs in a fresh interpreter."""

from __future__ import annotations

import json
import subprocess
import sys


def _modules_after(code: str) -> set[str]:
    script = code + "\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))\n"
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    return set(json.loads(out.stdout.splitlines()[-1]))


def test_help_loads_the_cli_and_nothing_of_the_console():
    loaded = _modules_after(
        "import sys\n"
        "sys.argv = ['gm-console', '--help']\n"
        "from gm_console.launch import main\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
    )
    ours = sorted(m for m in loaded if m.startswith("gm_console"))
    assert ours == ["gm_console", "gm_console.cli", "gm_console.launch"]
    # what typer imports by itself is typer's: older ones (the declared floor, 0.16) import
    # their Rich help, markdown-it with it, whatever the app asks for; newer ones only when used
    typer_alone = _modules_after("import typer")
    heavy = sorted(m for m in loaded - typer_alone if m.split(".")[0] in ("textual", "tomllib", "tomli_w", "platformdirs", "markdown_it"))
    assert heavy == []
    if "typer.rich_utils" not in typer_alone:
        assert "typer.rich_utils" not in loaded and "rich.markdown" not in loaded  # the click layout, not typer's panels


def test_the_console_module_leaves_journal_units_pane_and_reference_for_later():
    loaded = _modules_after("import gm_console.ui.app")
    for later in (
        "gm_console.files.journal",  # started after the first frame (json, hashlib)
        "gm_console.ui.panes.units",  # only for an encounter whose systems bring no pane
        "gm_console.core.reference",  # a type name in the app
        "gm_console.lookup",  # the rules index, on the first lookup
        "gm_console.ui.screens.help",
        "gm_console.ui.screens.flows",
        "gm_console.players.server",
        "gm_console.ui.screens.players_link",  # the link dialog, on players: show link
        "gm_console.ui.widgets.dice_log",  # built when its tab first opens
        "gm_console.ui.screens.ask_text",  # the dialogs, when first opened
        "gm_console.ui.screens.confirm",
        "gm_console.ui.inspect",
        "gm_console.ui.screens.stat_block",
        "gm_console.forecast",  # the forecast, on the palette's forecast
        "gm_console.ui.screens.forecast_screen",
        "gm_console.build",  # the build screen, on encounter: build
        "gm_console.ui.screens.build",
        "typer",
    ):
        assert later not in loaded, later


def test_opening_the_demo_for_the_console_leaves_the_toml_writer_for_the_first_write():
    loaded = _modules_after(
        "from gm_console.files import load_encounter\n"
        "from gm_console.files.paths import demo_encounter\n"
        "load_encounter(demo_encounter())\n"
        "import gm_console.ui.app\n"
    )
    assert "tomli_w" not in loaded  # a save, a journal's start or a new file imports it


def test_the_demo_opened_tabbed_leaves_the_zone_map_behind_its_tab_for_later():
    loaded = _modules_after(
        "import asyncio\n"
        "from gm_console.files import load_encounter\n"
        "from gm_console.files.paths import demo_encounter\n"
        "from gm_console.ui.app import GMConsoleApp\n"
        "async def run():\n"
        "    app = GMConsoleApp(load_encounter(demo_encounter()), demo=True)\n"
        "    async with app.run_test(size=(120, 40)) as pilot:\n"  # tabbed: the CTB pane shows, the map waits
        "        await pilot.pause()\n"
        "        assert app.query_one('#pane-zones').display is False\n"
        "asyncio.run(run())\n"
    )
    assert "gm_console.ui.panes.zones" in loaded  # its tab is there
    assert "gm_console.ui.widgets.zone_map" not in loaded  # the map's widget (and fog of war) when it first shows
    assert "gm_console.core.systems.ctb.view" in loaded  # the pane reads its system's view...
    assert "gm_console.core.statblock" not in loaded  # ...whose stat blocks are built when one is first shown



def _modules_at_first_frame() -> set[str]:
    """The modules loaded when the demo's first frame is painted (headless, 120x40)."""
    script = (
        "import asyncio, json, sys\n"
        "from textual.screen import Screen\n"
        "from gm_console.files import load_encounter\n"
        "from gm_console.files.paths import demo_encounter\n"
        "from gm_console.ui.app import GMConsoleApp\n"
        "first = []\n"
        "paint = Screen._compositor_refresh\n"
        "def painted(self):\n"
        "    if not first:\n"
        "        first.append(sorted(sys.modules))\n"
        "    return paint(self)\n"
        "Screen._compositor_refresh = painted\n"
        "async def run():\n"
        "    app = GMConsoleApp(load_encounter(demo_encounter()), demo=True)\n"
        "    async with app.run_test(size=(120, 40)) as pilot:\n"
        "        await pilot.pause()\n"
        "asyncio.run(run())\n"
        "print(json.dumps(first[0]))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    return set(json.loads(out.stdout.splitlines()[-1]))


def test_the_demo_s_first_frame_imports_no_other_system_and_no_lookup():
    # What is loaded when the console paints its first frame, where the start-up figure ends
    # (issue 26): the demo's system (CTB) and the console. The other systems and their
    # catalogues, the rules lookup (its index is built after the frame), the player view,
    # the recovery journal, the save's writer and the dialogs come on first use.
    loaded = _modules_at_first_frame()
    ours = {m for m in loaded if m.startswith("gm_console")}
    assert {"gm_console.core.systems.ctb.system", "gm_console.ui.panes.ctb"} <= ours
    systems = {m.split(".")[3] for m in ours if m.startswith("gm_console.core.systems.") and m.count(".") >= 3}
    assert systems == {"ctb"}
    for later in (
        "gm_console.lookup",
        "gm_console.core.reference",
        "gm_console.core.playerview",
        "gm_console.files.journal",
        "gm_console.files.as_written",
        "gm_console.ui.screens.confirm",
    ):
        assert later not in ours, later
    assert "tomlkit" not in loaded and "tomli_w" not in loaded
