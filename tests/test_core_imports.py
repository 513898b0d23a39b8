"""What the rules core imports for a load (issue 16, start-up): importing the
core and loading the demo (a CTB fight) leaves for their first use the
modules neither a load nor the console's first frame needs: the party
carry-over (core/carry.py, the CTB system's carry.py) and the CTB command
palette's offers. Each check runs in a fresh interpreter."""

from __future__ import annotations

import json
import subprocess
import sys

_LOAD_THE_DEMO = (
    "import gm_console.core.game\n"
    "from gm_console.files import load_encounter\n"
    "from gm_console.files.paths import demo_encounter\n"
    "game = load_encounter(demo_encounter())\n"
)


def _modules_after(code: str) -> set[str]:
    script = code + "import json, sys\nprint(json.dumps(sorted(sys.modules)))\n"
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    return set(json.loads(out.stdout.splitlines()[-1]))


def test_loading_the_demo_leaves_party_carry_over_and_the_ctb_palette_for_later():
    loaded = _modules_after(_LOAD_THE_DEMO)
    assert "gm_console.core.systems.ctb.system" in loaded  # the demo is a CTB fight: its system is there
    for later in (
        "gm_console.core.carry",  # carrying a fight to a party (files/party.py)
        "gm_console.core.systems.ctb.carry",
        "gm_console.core.systems.ctb.palette",  # the command palette's legal actions
    ):
        assert later not in loaded, later


def test_the_ctb_palette_and_carry_over_still_answer_when_first_asked():
    loaded = _modules_after(
        _LOAD_THE_DEMO
        + "offers = [a.notation() for a in game.legal_actions()]\n"
        "assert offers and 'next' in offers, offers\n"
        "system = game.systems['ctb']\n"
        "uid = next(iter(game.state.units))\n"
        "kept = system.persistent(game.state, game.rules, uid, None)\n"
        "assert kept, kept\n"
    )
    assert {"gm_console.core.systems.ctb.palette", "gm_console.core.systems.ctb.carry"} <= loaded


def test_loading_the_demo_imports_no_other_system_and_no_lookup():
    # The start-up figure's excess over a stock screen is the core's import and the demo's open
    # (issue 26): what they import is what a CTB fight uses, the systems it does not name (and
    # their catalogues, read through them) and the rules lookup come on first use.
    loaded = _modules_after(_LOAD_THE_DEMO)
    systems = {m.split(".")[3] for m in loaded if m.startswith("gm_console.core.systems.") and m.count(".") >= 3}
    assert systems == {"ctb"}
    for later in (
        "gm_console.lookup",  # the rules index, on the first lookup
        "gm_console.core.reference",  # the rules-reference entries, with it
        "gm_console.core.systems.ctb.reference",
        "gm_console.core.playerview",  # the player view's document, when the view starts
    ):
        assert later not in loaded, later
