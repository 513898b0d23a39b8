"""The ``gm-console`` command line.

``gm-console [FILE]`` opens the console (the bundled demo when no FILE);
the other commands work headless. Textual is imported only by ``open``, so
``--help``, ``validate`` and the rest start fast.

Names, titles, paths and messages are data: every line goes out through
``_console()`` (no markup, no emoji codes, control characters replaced, see
``gm_console.ui.text``) or ``_print_json`` (escaped by ``json.dumps``), and
styled words are built as ``Text``, never as markup strings.

``--help`` is the click layout, not typer's Rich panels (``rich_markup_mode=None``):
the panels import ``typer.rich_utils``, which imports ``rich.markdown`` and
markdown-it, about half of the process's start for a page of text; and a help
text is then never read as markup. The annotations are evaluated once, as the
functions are defined (no ``from __future__ import annotations``): typer would
otherwise evaluate each command's strings twice over to build the commands.
"""

import inspect
from pathlib import Path
from typing import Annotated, Any, NoReturn, Optional

import typer
from typer.core import TyperGroup


class _DefaultToOpen(TyperGroup):
    """Treat ``gm-console FILE`` as ``gm-console open FILE``."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        if not args or (args[0] not in self.commands and not args[0].startswith("-")):
            args = ["open", *args]
        return super().parse_args(ctx, args)

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        """Each command with its whole first paragraph, wrapped: click's own
        list cuts a summary at its first sentence or at the line's width."""
        rows = [(name, inspect.cleandoc(cmd.help or "").partition("\n\n")[0].replace("\n", " ")) for name, cmd in self.commands.items() if not cmd.hidden]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


app = typer.Typer(
    cls=_DefaultToOpen,
    help="A table-side game-master console. Run with no command (or a FILE) to open the console.",
    no_args_is_help=False,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def _console(stderr: bool = False):
    """A console that prints text as written: a str is never markup (a rule
    name in brackets, like [resolving a hit], is text), ``:smile:`` stays as
    typed, and no control character from a name reaches the terminal."""
    from rich.console import Console

    from gm_console.ui.text import CleanOutput

    console = Console(stderr=stderr, highlight=False, markup=False, emoji=False)
    console.push_render_hook(CleanOutput())
    return console


def _styled(*parts: str | tuple[str, str]):
    """A line of text, some words styled: ``_styled(("error", "bold red"), " ", message)``.
    Control characters show as placeholders (a Text would drop some silently)."""
    from rich.text import Text

    from gm_console.ui.text import literal

    return Text.assemble(*(literal(p, lines=True) if isinstance(p, str) else literal(p[0], p[1], lines=True) for p in parts))


def _print_json(data: Any) -> None:
    """JSON on stdout. ``ensure_ascii`` escapes every control character
    (ESC, BEL, C1, bidi overrides: anything not ASCII) as ``\\uXXXX``; DEL, the
    one ASCII control JSON leaves alone, is escaped too."""
    import json

    print(json.dumps(data, indent=2, ensure_ascii=True).replace("\x7f", "\\u007f"))


def _fail(messages: list[str], as_json: bool, code: int = 1) -> NoReturn:
    if as_json:
        _print_json({"ok": False, "errors": messages})
    else:
        err = _console(stderr=True)
        for m in messages:
            err.print(_styled(("error", "bold red"), " ", m), soft_wrap=True)
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
    players: Annotated[bool, typer.Option("--players", help="Serve the player view in a browser (docs/players.md).")] = False,
    host: Annotated[str, typer.Option("--host", help="Player view: address to bind; anything but 127.0.0.1 lets the network in.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=0, max=65535, help="Player view: port (0 picks a free one).")] = 0,
    token: Annotated[Optional[str], typer.Option("--token", help="Player view: the access token (default: random per start).")] = None,
) -> None:
    """Open the console on FILE, or on the bundled demo encounter."""
    from gm_console.launch import run_console

    import re

    if token is not None and not re.fullmatch(r"[A-Za-z0-9_-]{1,200}", token):  # it goes into the link as written
        raise typer.BadParameter("a token is 1-200 letters, digits, - or _", param_hint="--token")
    code = run_console(file, replay, players={"host": host, "port": port, "token": token} if players else None)
    if code:
        raise typer.Exit(code)


@app.command()
def validate(
    files: Annotated[list[Path], typer.Argument(help="Encounter, party or library files to check.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON report.")] = False,
) -> None:
    """Check encounter, party and library files; exit 0 when all are valid, 1 listing every problem otherwise."""
    from gm_console.files import check_file

    report = {str(f): check_file(f) for f in files}
    bad = {f: p for f, p in report.items() if p}
    if as_json:
        _print_json({"ok": not bad, "files": {f: {"ok": not p, "problems": p} for f, p in report.items()}})
    else:
        out, err = _console(), _console(stderr=True)
        for f, problems in report.items():
            if problems:
                err.print(_styled(("invalid", "bold red"), f" {f} ({len(problems)} problem{'s' if len(problems) != 1 else ''})"))
                for p in problems:
                    err.print(_styled(f"  {p}"), soft_wrap=True)
            else:
                out.print(_styled(("ok", "green"), f" {f}"))
    raise typer.Exit(1 if bad else 0)


class _ApplyCommand(typer.core.TyperCommand):
    """``apply``: an action that begins with ``-`` reads as an option unless it
    comes after ``--``; the usage error says so."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except Exception as exc:
            # click's NoSuchOption (typer vendors click from 0.20 on: matched by name, not imported)
            if type(exc).__name__ == "NoSuchOption" and hasattr(exc, "message"):
                exc.message += f"; an action that begins with '-' goes after --: gm-console apply FILE -- {getattr(exc, 'option_name', '')!r}"
            raise


@app.command(cls=_ApplyCommand)
def apply(
    file: Annotated[Path, typer.Argument(help="Encounter file.")],
    actions: Annotated[
        list[str],
        typer.Argument(help="Actions in notation, each one argument (quote it); put -- before them when one begins with '-'."),
    ],
    out: Annotated[Optional[Path], typer.Option("--out", "-o", help="Save here instead of over FILE.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the events and the new state as JSON.")] = False,
) -> None:
    """Apply ACTIONS to FILE headlessly and save. An illegal action: exit 1, nothing written."""
    from gm_console.core import GMError
    from gm_console.core.bounds import shown
    from gm_console.files import save_encounter

    game = _load(file, as_json)
    applied: list[dict[str, Any]] = []
    for i, line in enumerate(actions):
        try:
            action = game.parse(line)
            if getattr(action, "template", None) is not None:  # add UNIT from=library:ID: the template into the file, once
                from gm_console.files.library import bring_template

                bring_template(game, action, file)
            events = game.push_entry(action)
        except GMError as exc:
            _fail([f"action {i + 1} ({shown(line)}): {exc}; nothing was saved"], as_json)
        applied.append({"action": game.lines()[-1], "events": [e.to_json() for e in events]})
    target = out or file
    save_encounter(game, target)
    if as_json:
        from gm_console.export import state_json

        # the state JSON of replay --json (docs/json.md), one shape for both commands
        _print_json({"ok": True, "saved": str(target), "applied": applied, "state": state_json(game)})
    else:
        con = _console()
        for item in applied:
            con.print(_styled((item["action"], "bold")))
            for e in item["events"]:
                con.print(_styled(f"  {e['text']}"))
        con.print(_styled(("saved", "green"), f" {target} ({len(game.log)} actions)"))


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
        _print_json(state_json(game, n))
    else:
        from gm_console.export import print_state

        print_state(game, n, _console())


@app.command()
def rules(
    query: Annotated[list[str], typer.Argument(help="A question or words to look up (ranked by relevance).")],
    file: Annotated[Optional[Path], typer.Option("--encounter", "-e", help="Show house rules as this encounter sets them.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the entries as JSON.")] = False,
    limit: Annotated[int, typer.Option("--limit", "-n", help="At most this many entries.")] = 5,
) -> None:
    """Look up the rules reference (the same index and ranking as the palette, ctrl+r included)."""
    from gm_console.lookup import build_index
    from gm_console.lookup.answer import TOP, answer, brief

    game = _load(file, as_json) if file else None
    index = build_index(list(game.systems.values()) if game else None, game.rules if game else None, game.setup if game else None)
    question = " ".join(query)
    # by relevance, the encounter's systems first, what this GM taught the lookup first of all
    found = answer(index, question, limit=limit, learned=_learned())
    unmatched = found.unmatched  # no entry holds a word of the query: the nearest ones, exit 1
    hint = f"did you mean: {found.did_you_mean}?" if found.did_you_mean else ""
    if as_json:
        _print_json([
            {**h.entry.to_json(), "sentence": found.sentences.get(h.entry.key), "learned": h.entry.key == found.learned}
            for h in found.hits
        ])
        if hint:
            _console(stderr=True).print(_styled(hint), soft_wrap=True)
        raise typer.Exit(1 if unmatched else 0)
    con = _console()
    if unmatched:
        con.print(_styled(f"no rules entry matches {question!r}" + ("; the nearest:" if found.hits else "")))
    from rich.panel import Panel

    from gm_console.ui.text import literal

    for h in found.hits:  # a Panel reads a str title as markup whatever the console says: Text throughout
        e = h.entry
        learned = " · learned" if e.key == found.learned else ""
        con.print(Panel(literal(e.body, lines=True), title=literal(e.title, "bold"), subtitle=literal(f"{e.system} · {e.kind}{learned}"), title_align="left"))
    if len(found.hits) > 1:  # last, where the terminal shows it: the top three by the sentence that matched
        con.print(_styled((f"The first {min(TOP, len(found.hits))}, by the sentence that matched:", "bold")))
        for i, h in enumerate(found.hits[:TOP], 1):
            con.print(_styled(f" {i}. ", (h.entry.title, "bold"), f" ({h.entry.system}): {brief(found.sentences[h.entry.key])}"))
    if hint:
        con.print(_styled((hint, "bold")))
    if unmatched:
        raise typer.Exit(1)


def _learned() -> dict[str, str]:
    """What the rules lookup learned from this GM (files/learned.py), as the ranking reads it; empty
    when the config turns learning off. A file that cannot be read is named on stderr, never fatal."""
    from gm_console.files.learned import read_learned
    from gm_console.lookup.answer import query_key
    from gm_console.ui.config import load_config

    if not load_config().learn:
        return {}
    learned = read_learned()
    err = _console(stderr=True)
    for problem in learned.problems:
        err.print(_styled(("warning", "bold yellow"), " ", problem), soft_wrap=True)
    return {query_key(q): k for q, k in learned.questions.items()}


@app.command()
def forecast(
    file: Annotated[Path, typer.Argument(help="Encounter file.")],
    start: Annotated[Optional[int], typer.Option("--from", help="Forecast from the log's first N actions (default: all).")] = None,
    runs: Annotated[int, typer.Option("--runs", min=1, max=100_000, help="Fights to play (each kept until the figures: at most 100,000).")] = 1000,
    seed: Annotated[int, typer.Option("--seed", help="The same seed gives the same figures.")] = 0,
    policy: Annotated[list[str], typer.Option("--policy", help="SIDE=NAME: how a side plays (repeatable; docs/forecast.md).")] = [],
    what_if: Annotated[list[str], typer.Option("--what-if", help="A line of notation played first, forecast beside (repeatable).")] = [],
    compare: Annotated[Optional[Path], typer.Option("--compare", help="Another encounter file, forecast beside.")] = None,
    rounds: Annotated[int, typer.Option("--rounds", min=1, max=10_000, help="A fight longer than this is a time out.")] = 30,
    workers: Annotated[Optional[int], typer.Option("--workers", min=1, max=256, help="Processes (default: every core).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON (see docs/json.md).")] = False,
    save_example: Annotated[Optional[Path], typer.Option("--save-example", help="Save one simulated fight as an encounter.")] = None,
) -> None:
    """Forecast how FILE's fight is likely to go: play it many times through the rules engine (docs/forecast.md)."""
    from gm_console import forecast_cli as fc

    game = _load(file, as_json)
    other = _load(compare, as_json) if compare is not None else None
    try:
        todo = fc.jobs(game, other, start, runs=runs, seed=seed, policies=fc.parse_policies(policy), what_if=what_if, rounds=rounds)
        done = fc.figures(fc.play_all(todo, runs, workers, None if as_json else _console(stderr=True)))
        saved = fc.save_example(todo[0], save_example) if save_example is not None else None
    except fc.ForecastError as exc:
        _fail([str(exc)], as_json)
    except OSError as exc:
        _fail([f"{save_example}: {exc.strerror or exc}"], as_json)
    if as_json:
        _print_json({"ok": True, "forecast": done[0], "what_if": done[1] if len(done) > 1 else None, "example": saved})
        return
    from gm_console.forecast_view import names_of, tables

    con = _console()
    for table in tables(done, {**(names_of(other) if other else {}), **names_of(game)}):
        con.print(table)
    if any(f["cancelled"] for f in done):
        con.print(_styled(("stopped", "yellow"), " early: these are the fights played so far"))
    if saved is not None:
        con.print(_styled(("saved", "green"), f" an example fight to {save_example}: {saved}"))


@app.command()
def new(
    file: Annotated[Path, typer.Argument(help="Where to write the starter encounter.")],
    system: Annotated[list[str], typer.Option("--system", "-s", help="Rule system(s) to use; repeat for more.")] = [],
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing file.")] = False,
    party: Annotated[Optional[Path], typer.Option("--party", help="Bring in every living character of this party file (docs/campaign.md).")] = None,
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
    if party is not None:
        from gm_console.files.party import PartyFileError
        from gm_console.files.party import party_starter_text

        try:
            text = party_starter_text(file, system, party)
        except PartyFileError as exc:
            _fail(exc.messages(), False)
    else:
        text = starter_text(file.stem, system)
    try:
        loads_encounter(text, str(file))
    except EncounterFileError as exc:  # the starter must always be valid
        _fail(exc.messages(), False)
    if not file.parent.is_dir():
        _fail([f"{file}: the folder {file.parent} does not exist; create it first (mkdir -p {file.parent})"], False)
    try:
        atomic_write(file, text.encode("utf-8"), backup=False)
    except OSError as exc:
        _fail([f"{file}: cannot write: {exc.strerror or exc}"], False)
    _console().print(_styled(("wrote", "green"), f" {file} (systems: {', '.join(system) or 'none'}); open it with: gm-console {file}"))


class _BuildCommand(typer.core.TyperCommand):
    """``build``: its options are changes made in the order given (click
    groups a repeated option's values, so the order is read here)."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        ctx.meta["build.args"] = list(args)
        return super().parse_args(ctx, args)


@app.command(cls=_BuildCommand)
def build(
    ctx: typer.Context,
    file: Annotated[Path, typer.Argument(help="The encounter to build (a new file, or one whose fight has not begun).")],
    system: Annotated[list[str], typer.Option("--system", "-s", help="A new file: its rule system(s); repeat for more.")] = [],
    title: Annotated[Optional[str], typer.Option("--title", help="A new file: its title (default: the file name).")] = None,
    side: Annotated[list[str], typer.Option("--side", help='"ID [name=..] [controller=players|gm]": add or change a side.')] = [],
    zone: Annotated[list[str], typer.Option("--zone", help='"ID [name=..] [adjacent=A,B] [traits=cover,..] [hidden=true]": add or change a zone.')] = [],
    add: Annotated[list[str], typer.Option("--add", help='"library:ID|party:ID|card:ID|unit:ID|blank:ID [count=N] [id=..] [side=..] [zone=..] [KEY=VALUE]": add units.')] = [],
    set_: Annotated[list[str], typer.Option("--set", help='"UNIT.KEY=VALUE" or "KEY=VALUE" (title, pools.threat, conflict.first ...).')] = [],
    unset: Annotated[list[str], typer.Option("--unset", help='"UNIT.KEY" or "KEY": back to the default.')] = [],
    house: Annotated[list[str], typer.Option("--house", help='"[SYSTEM.]RULE=VALUE": a house rule.')] = [],
    remove: Annotated[list[str], typer.Option("--remove", help='"unit:ID", "zone:ID" or "side:ID".')] = [],
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Make the changes and say what they did; write nothing.")] = False,
) -> None:
    """Build an encounter without writing TOML: sides, zones, units from libraries or the party, stats, house rules. Each change is checked as `validate` checks a file; a refused one writes nothing. Changes are made in the order given (docs/build.md). Without changes, open the build screen."""
    from gm_console.build.draft import Refused
    from gm_console.build.options import build_file, in_order

    changes = in_order(ctx.meta.get("build.args", []))
    if not changes:
        from gm_console.ui.build_app import run_build_screen

        raise typer.Exit(run_build_screen(file, system, title))
    try:
        draft, done = build_file(file, system, title, changes)
    except Refused as exc:
        _fail([*exc.messages, "nothing was written"], False)
    con = _console()
    for line in done:
        con.print(_styled(f"  {line}"), soft_wrap=True)
    if dry_run:
        con.print(_styled(("dry run", "yellow"), f" {file}: {len(done)} change{'s' if len(done) != 1 else ''}; nothing written"))
        return
    try:
        draft.save()
    except OSError as exc:
        _fail([f"{file}: cannot write: {exc.strerror or exc}"], False)
    con.print(_styled(("wrote", "green"), f" {file} ({len(done)} change{'s' if len(done) != 1 else ''}); open it with: gm-console {file}"))


@app.command()
def carry(
    file: Annotated[Path, typer.Argument(help="The encounter whose fight to carry to its party file.")],
    dry_run: Annotated[bool, typer.Option("--dry-run", help="List the changes; write nothing.")] = False,
    force: Annotated[bool, typer.Option("--force", help="Carry again an encounter whose log changed since it was carried.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the changes and the history entry as JSON.")] = False,
) -> None:
    """Write a fight's consequences (Injuries, Stress, Traits, Kennel, death) to its party file (docs/campaign.md)."""
    from gm_console.files import EncounterFileError
    from gm_console.files.party import PartyFileError, carry as do_carry

    try:
        result = do_carry(file, dry_run=dry_run, force=force)
    except (EncounterFileError, PartyFileError) as exc:
        _fail(exc.messages(), as_json)
    if as_json:
        _print_json(result.to_json())
        return
    con = _console()
    for change in result.changes:
        con.print(_styled(f"  {change.text()}"), soft_wrap=True)
    if not result.changes:
        con.print(_styled("  no change: the party leaves this fight as it came in"))
    for uid in result.absent:
        con.print(_styled(f"  {uid}: not in this fight, unchanged"))
    n = len([c for c in result.changes if not c.derived])
    if result.written:
        con.print(_styled(("carried", "green"), f" {result.encounter} to {result.party}: {n} change{'s' if n != 1 else ''}, history entry {result.entry['log'][:19]}... (previous version: {result.party}.bak)"))
    else:
        con.print(_styled(("dry run", "yellow"), f" {result.encounter} -> {result.party}: {n} change{'s' if n != 1 else ''}; nothing written"))


@app.command("party")
def party_(
    file: Annotated[Path, typer.Argument(help="A party file.")],
    verb: Annotated[Optional[str], typer.Argument(help="rest: clear Stress between fights.")] = None,
    kind: Annotated[Optional[str], typer.Argument(help="breather (4 Stress), break (8) or sleep (all).")] = None,
    units: Annotated[Optional[list[str]], typer.Argument(help="Only these characters (default: all).")] = None,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="With rest: list the changes; write nothing.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Show a party's roster and history; `party FILE rest breather|break|sleep [UNIT...]` clears Stress."""
    from gm_console.files.party import PartyFileError, load_party, party_json, party_lines, rest

    if verb is not None:
        if verb != "rest" or kind is None:
            _fail([f"expected: gm-console party {file} rest breather|break|sleep [UNIT...], got {verb!r}"], as_json)
        try:
            changes, skipped, written = rest(file, kind, units or None, dry_run=dry_run)
        except PartyFileError as exc:
            _fail(exc.messages(), as_json)
        if as_json:
            _print_json({"ok": True, "rest": kind, "written": written, "changes": [c.to_json() for c in changes], "skipped": skipped})
            return
        con = _console()
        for change in changes:
            con.print(_styled(f"  {change.text()}"))
        for why in skipped:
            con.print(_styled(f"  skipped: {why}"))
        word = "rested" if written else ("dry run" if dry_run else "nothing to clear")
        con.print(_styled((word, "green"), f" {file}: {kind}, {len(changes)} change{'s' if len(changes) != 1 else ''}"))
        return
    try:
        party = load_party(file)
    except PartyFileError as exc:
        _fail(exc.messages(), as_json)
    if as_json:
        _print_json(party_json(party))
        return
    con = _console()
    for line in party_lines(party):
        con.print(_styled(line), soft_wrap=True)


def main() -> None:
    from gm_console.launch import main as launch

    launch()


if __name__ == "__main__":
    main()
