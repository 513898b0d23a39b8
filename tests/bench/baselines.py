"""The baselines the benchmarks compare against, runnable as scripts:

  python tests/bench/baselines.py textual   a bare Textual app showing one line
                                            (a key press repaints the line)
  python tests/bench/baselines.py core      the same, after importing the console's core
                                            and loading its demo (what start-up costs
                                            before any of the console's UI)
  python tests/bench/baselines.py typer     a bare typer app (for --help)
  python tests/bench/baselines.py layout    the console's screen built from stock
                                            widgets, no rules behind it (status line,
                                            a Static pane, tabs, an OptionList log, the
                                            prompt, the footer); Enter updates them as
                                            an action does
  python tests/bench/baselines.py layout-core
                                            the same screen, after importing the console's
                                            core and loading its demo: what any console of
                                            this shape that shows this fight must do before
                                            its first frame, with none of our UI
  python tests/bench/baselines.py palette N a stock Textual app whose command palette
                                            (ctrl+p) lists N plain hits: one Provider
                                            whose discover() yields N DiscoveryHits
                                            (a label and a one-line help each, as the
                                            console's hits have)
"""

from __future__ import annotations

import sys


def load_core_and_demo() -> None:
    """Import the console's core and load its demo encounter, as the console
    does before its first frame (and nothing else of the console)."""
    import gc

    gc.disable()  # as the console's launcher does during its start
    from gm_console.files import cache, load_encounter
    from gm_console.files.paths import demo_encounter

    cache.hold()  # as the launcher does: the reopen cache's entry is written after the first frame (here, as the process ends)
    load_encounter(demo_encounter())


def bare_textual(load_demo: bool = False) -> None:
    """``load_demo``: first the console's core and its demo (``load_core_and_demo``)."""
    if load_demo:
        load_core_and_demo()
    from textual.app import App, ComposeResult
    from textual.widgets import Static

    class Bare(App[None]):
        count = 0

        def compose(self) -> ComposeResult:
            yield Static("bare-app-ready", id="line")

        def on_key(self, event) -> None:
            if event.key == "ctrl+q":
                self.exit()
                return
            self.count += 1
            self.query_one("#line", Static).update(f"bare-app-key-{self.count}")

    Bare().run()


def stock_layout(load_demo: bool = False) -> None:
    """``load_demo``: first the console's core and its demo (``load_core_and_demo``)."""
    if load_demo:
        load_core_and_demo()
    from textual.app import App, ComposeResult
    from textual.containers import Horizontal, Vertical
    from textual.widgets import Footer, Input, OptionList, Static, Tab, Tabs

    class Floor(App[None]):
        CSS = "#pane { width: 1fr; height: 1fr; } #side { width: 46; }"
        BINDINGS = [("ctrl+z", "noop", "Undo"), ("ctrl+y", "noop", "Redo"), ("ctrl+s", "noop", "Save"), ("f1", "noop", "Help")]
        count = 0

        def compose(self) -> ComposeResult:
            yield Static("stock acting: -", id="status")
            with Horizontal():
                yield Static("pane\n" * 30, id="pane")
                with Vertical(id="side"):
                    yield Tabs(Tab("Log"), Tab("Dice"))
                    yield OptionList(*[f"entry {i}" for i in range(80)], id="log")  # full: it scrolls
            yield Input(placeholder="type an action")
            yield Footer()

        def on_mount(self) -> None:
            self.query_one(Input).focus()

        def on_input_submitted(self, event: Input.Submitted) -> None:
            self.count += 1
            self.query_one("#status", Static).update(f"stock acting: x · {self.count} actions")
            self.query_one("#pane", Static).update(f"pane {self.count}\n" * 30)
            log = self.query_one("#log", OptionList)
            log.add_option(f"entry {self.count}")
            log.highlighted = log.option_count - 1  # the newest entry, scrolled into view, as the console does
            event.input.value = ""

        def action_noop(self) -> None:
            pass

    Floor().run()


PALETTE_READY = "palette-app-ready"
PALETTE_HIT = "stock palette hit"  # every hit's label starts so: the marker of the first painted hits


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


def bare_typer() -> None:
    import typer

    app = typer.Typer(add_completion=False)

    @app.command()
    def open(file: str = "") -> None:
        """Open a file."""

    @app.command()
    def validate(files: list[str]) -> None:
        """Validate files."""

    app()


if __name__ == "__main__":
    which = sys.argv.pop(1)
    if which == "palette":
        stock_palette(int(sys.argv.pop(1)))
    else:
        {"textual": bare_textual, "typer": bare_typer, "layout": stock_layout, "core": lambda: bare_textual(load_demo=True),
         "layout-core": lambda: stock_layout(load_demo=True)}[which]()
