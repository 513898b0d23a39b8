"""The baselines the benchmarks compare against, runnable as scripts:

  python tests/bench/baselines.py textual   a bare Textual app showing one line
                                            (a key press repaints the line)
  python tests/bench/baselines.py typer     a bare typer app (for --help)
"""

from __future__ import annotations

import sys


def bare_textual() -> None:
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
    {"textual": bare_textual, "typer": bare_typer}[which]()
