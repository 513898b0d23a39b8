"""The stock programs the benchmarks compare against, runnable as scripts:

  python tests/bench/baselines.py textual     a bare Textual app showing one line
                                              (a key press repaints the line)
  python tests/bench/baselines.py layout N    the console's screen built from stock widgets,
                                              no rules behind it: a status line, a Static
                                              pane, tabs, an OptionList log of N entries,
                                              the prompt (an Input) and the footer; Enter
                                              updates them as an action does
  python tests/bench/baselines.py layout-core N
                                              the same screen after importing the console's
                                              core and opening its demo: what any console of
                                              this shape showing this fight does before its
                                              first frame, with none of our UI
  python tests/bench/baselines.py palette N   a stock Textual app whose command palette
                                              (ctrl+p) lists N plain hits: one Provider
                                              whose discover() yields N DiscoveryHits
                                              (a label and a one-line help each, as the
                                              console's hits have)
"""

from __future__ import annotations

import sys

BARE_READY = "bare-app-ready"
STOCK_MARKER = "stock acting:"  # the stock screen's status line, as the console's "acting:"
PALETTE_READY = "palette-app-ready"
PALETTE_HIT = "stock palette hit"  # every hit's label starts so: the marker of the first painted hits


def load_core_and_demo() -> None:
    """Import the console's core and open its demo encounter, as the console
    does before its first frame (and nothing else of the console)."""
    import gc

    gc.disable()  # as the console's launcher does during its start
    from gm_console.files.encounter_io import load_encounter
    from gm_console.files.paths import demo_encounter

    load_encounter(demo_encounter())


def bare_textual() -> None:
    from textual.app import App, ComposeResult
    from textual.widgets import Static

    class Bare(App[None]):
        count = 0

        def compose(self) -> ComposeResult:
            yield Static(BARE_READY, id="line")

        def on_key(self, event) -> None:
            if event.key == "ctrl+q":
                self.exit()
                return
            self.count += 1
            self.query_one("#line", Static).update(f"bare-app-key-{self.count}")

    Bare().run()


def stock_layout(entries: int, load_demo: bool = False) -> None:
    """``entries``: the log's length, as the console's fight has it."""
    if load_demo:
        load_core_and_demo()
    from textual.app import App, ComposeResult
    from textual.containers import Horizontal, Vertical
    from textual.widgets import Footer, Input, OptionList, Static, Tab, Tabs

    class Stock(App[None]):
        CSS = "#pane { width: 1fr; height: 1fr; } #side { width: 46; }"
        BINDINGS = [("ctrl+z", "noop", "Undo"), ("ctrl+y", "noop", "Redo"), ("ctrl+s", "noop", "Save"), ("f1", "noop", "Help")]
        count = 0

        def compose(self) -> ComposeResult:
            yield Static(f"{STOCK_MARKER} -", id="status")
            with Horizontal():
                yield Static("pane\n" * 30, id="pane")
                with Vertical(id="side"):
                    yield Tabs(Tab("Log"), Tab("Dice"))
                    yield OptionList(*[f"entry {i}" for i in range(entries)], id="log")
            yield Input(placeholder="type an action")
            yield Footer()

        def on_mount(self) -> None:
            self.query_one(Input).focus()

        def on_input_submitted(self, event: Input.Submitted) -> None:
            self.count += 1
            self.query_one("#status", Static).update(f"{STOCK_MARKER} x · {self.count} actions")
            self.query_one("#pane", Static).update(f"pane {self.count}\n" * 30)
            log = self.query_one("#log", OptionList)
            log.add_option(f"entry {entries + self.count}")
            log.highlighted = log.option_count - 1  # the newest entry, scrolled into view, as the console does
            event.input.value = ""

        def action_noop(self) -> None:
            pass

    Stock().run()


def stock_palette(count: int) -> None:
    from textual.app import App, ComposeResult
    from textual.command import DiscoveryHit, Hit, Hits, Provider
    from textual.widgets import Static

    class PlainHits(Provider):
        async def discover(self) -> Hits:
            for i in range(count):
                yield DiscoveryHit(f"{PALETTE_HIT} {i}", self.app.bell, help=f"the plain help line of hit {i}")

        async def search(self, query: str) -> Hits:
            matcher = self.matcher(query)
            for i in range(count):
                label = f"{PALETTE_HIT} {i}"
                score = matcher.match(label)
                if score > 0:
                    yield Hit(score, matcher.highlight(label), self.app.bell)

    class Palette(App[None]):
        COMMANDS = {PlainHits}

        def compose(self) -> ComposeResult:
            yield Static(PALETTE_READY, id="line")

    Palette().run()


if __name__ == "__main__":
    which, *rest = sys.argv[1:]
    if which == "textual":
        bare_textual()
    elif which in ("layout", "layout-core"):
        stock_layout(int(rest[0]), load_demo=which == "layout-core")
    elif which == "palette":
        stock_palette(int(rest[0]))
    else:
        raise SystemExit(f"unknown baseline {which!r}")
