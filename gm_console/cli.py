"""The ``gm-console`` command line.

``gm-console [FILE]`` opens the console (the bundled demo when no FILE);
the other commands work headless. Textual is imported only by ``open``, so
``--help``, ``validate`` and the rest start fast.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any, Optional

import typer
from typer.core import TyperGroup


class _DefaultToOpen(TyperGroup):
    """Treat ``gm-console FILE`` as ``gm-console open FILE``."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        if not args or (args[0] not in self.commands and not args[0].startswith("-")):
            args = ["open", *args]
        return super().parse_args(ctx, args)


app = typer.Typer(
    cls=_DefaultToOpen,
    help="A table-side game-master console. Run with no command (or a FILE) to open the console.",
    no_args_is_help=False,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
)


def _console(stderr: bool = False):
    from rich.console import Console

    return Console(stderr=stderr, highlight=False)


def _fail(messages: list[str], as_json: bool, code: int = 1) -> None:
    if as_json:
        print(json.dumps({"ok": False, "errors": messages}, indent=2))
    else:
        err = _console(stderr=True)
        from rich.markup import escape

        for m in messages:  # escaped: a rule name in brackets, like [resolving a hit], is text, not markup
            err.print(f"[bold red]error[/] {escape(m)}", markup=True, soft_wrap=True)
    raise typer.Exit(code)


def _load(path: Path, as_json: bool = False):
    from gm_console.files import EncounterFileError, load_encounter

    try:
        return load_encounter(path)
    except EncounterFileError as exc:
        _fail(exc.messages(), as_json)


@app.command("open")
def open_(
    file: Annotated[Optional[Path], typer.Argument(help="Encounter file (default: the bundled demo).")] = None,
    replay: Annotated[bool, typer.Option("--replay", help="Open in replay mode, at the start of the log.")] = False,
) -> None:
    """Open the console on FILE, or on the bundled demo encounter."""
    from gm_console.launch import run_console

    code = run_console(file, replay)
    if code:
        raise typer.Exit(code)


@app.command()
def validate(
    files: Annotated[list[Path], typer.Argument(help="Encounter files to check.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON report.")] = False,
) -> None:
    """Check encounter files; exit 0 when all are valid, 1 listing every problem otherwise."""
    from gm_console.files import check_file

    report = {str(f): check_file(f) for f in files}
    bad = {f: p for f, p in report.items() if p}
    if as_json:
        print(json.dumps({"ok": not bad, "files": {f: {"ok": not p, "problems": p} for f, p in report.items()}}, indent=2))
    else:
        out, err = _console(), _console(stderr=True)
        for f, problems in report.items():
            if problems:
                err.print(f"[bold red]invalid[/] {f} ({len(problems)} problem{'s' if len(problems) != 1 else ''})")
                for p in problems:
                    err.print(f"  {p}", markup=False, soft_wrap=True)
            else:
                out.print(f"[green]ok[/] {f}")
    raise typer.Exit(1 if bad else 0)


@app.command()
def apply(
    file: Annotated[Path, typer.Argument(help="Encounter file.")],
    actions: Annotated[list[str], typer.Argument(help="Actions in notation, each one argument (quote it).")],
    out: Annotated[Optional[Path], typer.Option("--out", "-o", help="Save here instead of over FILE.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the events and the new state as JSON.")] = False,
) -> None:
    """Apply ACTIONS to FILE headlessly and save. An illegal action: exit 1, nothing written."""
    from gm_console.core import GMError
    from gm_console.files import save_encounter

    game = _load(file, as_json)
    applied: list[dict[str, Any]] = []
    for i, line in enumerate(actions):
        try:
            events = game.push_line(line)
        except GMError as exc:
            _fail([f"action {i + 1} ({line!r}): {exc}; nothing was saved"], as_json)
        applied.append({"action": game.lines()[-1], "events": [e.to_json() for e in events]})
    target = out or file
    save_encounter(game, target)
    if as_json:
        print(json.dumps({"ok": True, "saved": str(target), "applied": applied, "state": game.to_json()}, indent=2))
    else:
        con = _console()
        for item in applied:
            con.print(f"[bold]{item['action']}[/]", markup=True, highlight=False)
            for e in item["events"]:
                con.print(f"  {e['text']}", markup=False)
        con.print(f"[green]saved[/] {target} ({len(game.log)} actions)")


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="Encounter file.")],
    to: Annotated[Optional[int], typer.Option("--to", help="Show the state after N actions (default: all).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the state as JSON (see docs/json.md).")] = False,
) -> None:
    """Print the state after N actions of FILE's log."""
    from gm_console.export import state_json

    game = _load(file, as_json)
    n = len(game.log) if to is None else to
    if not 0 <= n <= len(game.log):
        _fail([f"--to {n}: the log has {len(game.log)} actions (use 0 to {len(game.log)})"], as_json)
    if as_json:
        print(json.dumps(state_json(game, n), indent=2))
    else:
        from gm_console.export import print_state

        print_state(game, n, _console())


@app.command()
def rules(
    query: Annotated[list[str], typer.Argument(help="Words to look up (fuzzy).")],
    file: Annotated[Optional[Path], typer.Option("--encounter", "-e", help="Show house rules as this encounter sets them.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the entries as JSON.")] = False,
    limit: Annotated[int, typer.Option("--limit", "-n", help="At most this many entries.")] = 5,
) -> None:
    """Look up the rules reference (the same index as the palette)."""
    from gm_console.reference import build_index

    game = _load(file, as_json) if file else None
    index = build_index(list(game.systems.values()) if game else None, game.rules if game else None, game.setup if game else None)
    found = index.search(" ".join(query), limit=limit)
    if as_json:
        print(json.dumps([e.to_json() for e in found], indent=2))
        raise typer.Exit(0 if found else 1)
    con = _console()
    if not found:
        con.print(f"no rules entry matches {' '.join(query)!r}")
        raise typer.Exit(1)
    from rich.panel import Panel
    from rich.text import Text

    for e in found:
        con.print(Panel(Text(e.body), title=Text(e.title, style="bold"), subtitle=f"{e.system} · {e.kind}", title_align="left"))


@app.command()
def new(
    file: Annotated[Path, typer.Argument(help="Where to write the starter encounter.")],
    system: Annotated[list[str], typer.Option("--system", "-s", help="Rule system(s) to use; repeat for more.")] = [],
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing file.")] = False,
) -> None:
    """Write a starter encounter for the given system(s)."""
    from gm_console.core.system import system_names
    from gm_console.files import EncounterFileError, atomic_write, loads_encounter
    from gm_console.starter import starter_text

    known = system_names()
    for name in system:
        if name not in known:
            from gm_console.core.errors import UnknownName

            _fail([str(UnknownName("system", name, known))], False)
    if file.exists() and not force:
        _fail([f"{file} exists; pass --force to overwrite it"], False)
    text = starter_text(file.stem, system)
    try:
        loads_encounter(text, str(file))
    except EncounterFileError as exc:  # the starter must always be valid
        _fail(exc.messages(), False)
    atomic_write(file, text.encode("utf-8"), backup=False)
    _console().print(f"[green]wrote[/] {file} (systems: {', '.join(system) or 'none'}); open it with: gm-console {file}")


def main() -> None:
    from gm_console.launch import main as launch

    launch()


if __name__ == "__main__":
    sys.exit(main())
