"""A reusable exploratory driver for the whole console, as a person uses it.

``Explorer(encounter, size, workdir).run(steps)`` opens the console on a
copy of the encounter with Textual's Pilot and runs named steps one after
the other. After EVERY step it checks that the app is alive and raised
nothing; what went wrong is recorded as a ``Finding`` (the step, the kind,
the traceback) and the exploration goes on: after a crash the console is
opened again on the same copy and the next step runs, so one run reports
every crash and misbehaviour it meets, not just the first.

How a crash is seen: Textual hands every exception a handler, a worker or a
screen raises to ``App._handle_exception``, which sets the return code, keeps
the first exception for ``run_test`` to re-raise and exits the app. The
driver wraps that method on the app instance (this module only, never the
console's code) to record each exception with the step it happened in; it
then lets Textual exit as it would at the table. It also checks the public
``app.is_running`` and ``app.return_code``.

Textual internals this test code leans on (the console's own code does
not): ``App._handle_exception`` and ``_exit_renderables`` (above), the
palette's ``_GATHER_COMMANDS_GROUP`` (to wait until it has searched) and
``Screen._compositor`` (the screen as text). The palette's labels are taken
from the console's providers (``ConsoleProvider._items``) and then searched
for, as a person types them.

The step builders below (``palette_steps``, ``binding_steps``,
``screen_steps``, ``prompt_steps``, ``file_steps``, ``quit_steps``) are the
exploration of tests/ui/test_explore.py; each step leaves the console back
on the fight screen (Esc, F3 out of replay, F6 to restore) for the next.
"""

from __future__ import annotations

import asyncio
import shutil
import time
import traceback
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

from textual.command import CommandInput, CommandList, CommandPalette
from textual.widgets import Input
from textual.worker import WorkerFailed

from gm_console.files import load_encounter
from gm_console.ui import keys
from gm_console.ui.app import GMConsoleApp
from gm_console.ui.commands import ActionsProvider, ConsoleProvider
from gm_console.ui.screens.ask_text import AskText
from gm_console.ui.screens.confirm import Confirm
from gm_console.ui.startup import register_later_themes
from gm_console.ui.widgets.action_prompt import ActionPrompt

STEP_TIMEOUT = 60.0  # seconds; a step that takes longer is recorded as a hang (a loaded machine takes ~3 s)
HIT_TIMEOUT = 15.0  # seconds to wait for the palette to search

StepFn = Callable[["Explorer", object], Awaitable[None]]


@dataclass
class Step:
    name: str
    run: StepFn
    share: str = "system"  # "always", "system" or "generic": how all_steps deals it out
    exits: bool = False  # the step quits the console (and checks it quit cleanly)


@dataclass
class Finding:
    step: str
    kind: str  # crash | misbehaviour | hang | not run
    summary: str
    frames: list[str] = field(default_factory=list)  # the gm_console frames, innermost last
    trace: str = ""

    def text(self) -> str:
        where = "\n".join(f"      {f}" for f in self.frames[-6:]) or "      (no gm_console frame)"
        return f"  [{self.kind}] step {self.step!r}: {self.summary}\n    gm_console frames:\n{where}\n" + _indent(self.trace, 4)


def _indent(text: str, n: int) -> str:
    pad = " " * n
    return "".join(pad + line for line in text.splitlines(keepends=True))


def describe(exc: BaseException) -> tuple[str, list[str], str]:
    """(one-line summary, gm_console frames, the traceback's last part)."""
    inner = exc.error if isinstance(exc, WorkerFailed) and isinstance(exc.error, BaseException) else exc
    summary = f"{type(inner).__name__}: {str(inner)[:300]}"
    if inner is not exc:
        summary = f"{type(exc).__name__} <- {summary}"
    frames = [
        f"{Path(fs.filename).relative_to(Path(fs.filename).parents[_depth(fs.filename)])}:{fs.lineno} in {fs.name}"
        for fs in traceback.extract_tb(inner.__traceback__)
        if "/gm_console/" in fs.filename
    ]
    lines = traceback.format_exception(inner, limit=-12)
    return summary, frames, "".join(lines)[-4000:]


def _depth(filename: str) -> int:
    parts = Path(filename).parts
    return len(parts) - 1 - parts.index("gm_console") if "gm_console" in parts else 0


class Explorer:
    """Runs steps against the console on a copy of ``source``, collecting findings."""

    def __init__(self, source: Path, size: tuple[int, int], workdir: Path) -> None:
        self.source = Path(source)
        self.size = size
        self.workdir = Path(workdir)
        self.workdir.mkdir(parents=True, exist_ok=True)
        self.path = self.workdir / self.source.name  # the copy the console opens
        shutil.copyfile(self.source, self.path)
        self.findings: list[Finding] = []
        self.step = "open the console"
        self.crashes: list[tuple[str, BaseException]] = []  # (step, exception) as Textual saw them
        self.launches = 0
        self.timings: list[tuple[str, float]] = []  # (step, seconds), to keep the run time in view

    # ------------------------------------------------------------ the app
    def make_app(self) -> GMConsoleApp:
        app = GMConsoleApp(load_encounter(self.path), path=self.path)
        original = app._handle_exception

        def recording(error: Exception) -> None:
            self.crashes.append((self.step, error))
            original(error)
            app._exit_renderables.clear()  # the report carries the traceback; no second, rich copy on stderr

        app._handle_exception = recording  # type: ignore[method-assign]
        return app

    # ------------------------------------------------------------ running
    async def run(self, steps: list[Step]) -> list[Finding]:
        pending = list(steps)
        while pending:
            seen = len(self.crashes)
            self.step = "open the console" + (f" (again, before {pending[0].name!r})" if self.launches else "")
            self.launches += 1
            try:
                app = self.make_app()
            except Exception as exc:  # noqa: BLE001 - the file itself is refused: nothing else can run
                self.record(self.step, "crash", exc)
                break
            try:
                async with app.run_test(size=self.size) as pilot:
                    await pilot.pause()
                    if self.launches > 1 and isinstance(app.screen, Confirm):
                        await pilot.press("n")  # the crash left a recovery journal: discard it, go on
                    if not self._still_alive(app, seen):
                        for step in pending:
                            self.findings.append(Finding(step.name, "not run", "the console does not open"))
                        pending = []
                    while pending:
                        step = pending.pop(0)
                        self.step = step.name
                        crashed_before = len(self.crashes)
                        await self._run_step(step, pilot, app)
                        if step.exits:
                            if self.crashes[crashed_before:]:
                                self._still_alive(app, crashed_before)
                            break
                        if not self._still_alive(app, crashed_before):
                            break
                        self.step = f"{step.name} / back to the fight screen"
                        try:
                            await asyncio.wait_for(back_to_fight(pilot), STEP_TIMEOUT)
                        except (AssertionError, asyncio.TimeoutError) as exc:
                            self.record(self.step, "misbehaviour", exc)
                        except Exception as exc:  # noqa: BLE001
                            if len(self.crashes) == crashed_before:
                                self.record(self.step, "misbehaviour", exc)
                        if not self._still_alive(app, crashed_before):
                            break
            except Exception as exc:  # noqa: BLE001 - run_test re-raises the app's first exception
                if not any(exc is e or getattr(exc, "error", None) is e for _, e in self.crashes):
                    self.record(self.step, "crash", exc)
        return self.findings

    async def _run_step(self, step: Step, pilot, app: GMConsoleApp) -> None:
        before = len(self.crashes)
        started = time.perf_counter()
        try:
            await asyncio.wait_for(step.run(self, pilot), STEP_TIMEOUT)
        except asyncio.TimeoutError:
            self.findings.append(Finding(step.name, "hang", f"the step did not finish in {STEP_TIMEOUT:.0f} s"))
        except Exception as exc:  # noqa: BLE001 - an assertion of the step, or the driver meeting a dead app
            if len(self.crashes) == before:
                self.record(step.name, "misbehaviour", exc)
        finally:
            self.timings.append((step.name, time.perf_counter() - started))

    def _still_alive(self, app: GMConsoleApp, seen: int) -> bool:
        new = self.crashes[seen:]
        for step, exc in new:
            self.record(step, "crash", exc)
        if new:
            return False
        if app.is_running and app.return_code is None:
            return True
        self.findings.append(Finding(self.step, "misbehaviour", f"the console exited (return code {app.return_code})"))
        return False

    def record(self, step: str, kind: str, exc: BaseException) -> None:
        summary, frames, trace = describe(exc)
        self.findings.append(Finding(step, kind, summary, frames, trace))

    def report(self) -> str:
        head = f"{self.source.name} at {self.size[0]}x{self.size[1]}: {len(self.findings)} finding(s)"
        return head + "\n" + "\n".join(f.text() for f in self.findings)


# ------------------------------------------------------------------ helpers a step uses


def fight_screen(app) -> bool:
    return len(app.screen_stack) == 1


async def back_to_fight(pilot) -> None:
    """Esc out of every dialog, F3 out of replay, F6 to restore a maximized pane."""
    app = pilot.app
    for _ in range(6):
        if fight_screen(app):
            break
        await pilot.press("escape")
        await pilot.pause()
    assert fight_screen(app), f"Esc does not close {type(app.screen).__name__}"
    if app.fight.replay_at is not None:
        await pilot.press("f3")
    if app.screen.maximized is not None:
        await pilot.press("f6")
    prompt = app.query_one(ActionPrompt)
    if prompt.value:
        prompt.value = ""
    prompt.focus()
    await pilot.pause()


async def wait_for(pilot, condition: Callable[[], bool], what: str, timeout: float = HIT_TIMEOUT) -> None:
    started = time.perf_counter()
    while not condition():
        assert time.perf_counter() - started < timeout, f"waited {timeout:.0f} s for {what}"
        await asyncio.sleep(0.02)


def palette_texts(palette: CommandPalette) -> list[str]:
    menu = palette.query_one(CommandList)
    options = [menu.get_option_at_index(i) for i in range(menu.option_count)]
    return [str(option.hit.text) for option in options if hasattr(option, "hit")]


def gathering(palette: CommandPalette) -> bool:
    """The palette is still searching (its providers answer in a worker)."""
    group = CommandPalette._GATHER_COMMANDS_GROUP
    return any(w.node is palette and w.group == group and not w.is_finished for w in palette.app.workers)


async def open_palette(pilot, key: str = "ctrl+p") -> CommandPalette:
    await pilot.press(key)
    assert isinstance(pilot.app.screen, CommandPalette), f"{key} opened {type(pilot.app.screen).__name__}, not the palette"
    return pilot.app.screen


async def search(pilot, palette: CommandPalette, query: str, typed: bool = False) -> list[str]:
    """Type (or paste) ``query`` into the palette; the hits once it has searched."""
    if typed:
        await pilot.press(*query)
    else:
        palette.query_one(CommandInput).value = query
    await pilot.pause()
    await wait_for(pilot, lambda: not gathering(palette), f"the palette to search for {query!r}")
    return palette_texts(palette)


async def run_hit(pilot, label: str, key: str = "ctrl+p") -> None:
    """Open the palette, search for ``label`` and press Enter on that hit."""
    palette = await open_palette(pilot, key)
    texts = await search(pilot, palette, label)
    assert label in texts, f"searching the palette for {label!r} does not list it (it lists {texts[:5]})"
    palette.query_one(CommandList).highlighted = texts.index(label)
    await pilot.press("enter")


async def answer(pilot, text: str) -> None:
    """Type an answer into the AskText dialog on screen and press Enter."""
    screen = pilot.app.screen
    assert isinstance(screen, AskText), f"expected a question, found {type(screen).__name__}"
    screen.query_one(Input).value = text
    await pilot.press("enter")
    if pilot.app.screen is screen:  # refused: the dialog must say why, all of it on screen
        await pilot.pause()
        error = screen.query_one("#error")
        message = str(error.render())
        assert message.strip(), f"the dialog refused {text[:60]!r} and says nothing"
        room = error.parent.content_region
        assert room.contains_region(error.region), (
            f"the dialog's message is cut: {message!r} is {error.region.width} columns wide "
            f"in a box of {room.width}"
        )


async def escape(pilot) -> None:
    await pilot.press("escape")


TYPED = 0  # lines up to this long are typed key by key (each key costs a frame); longer ones pasted


async def put_line(pilot, line: str) -> None:
    """Put a line in the prompt (the console previews it as it changes)."""
    prompt = pilot.app.query_one(ActionPrompt)
    prompt.focus()
    prompt.value = ""
    if line.isascii() and len(line) <= TYPED and line.strip() == line:
        await pilot.press(*line)
    else:
        prompt.value = line
        prompt.cursor_position = len(line)
        await pilot.pause()


async def type_line(pilot, line: str, key: str = "enter") -> None:
    """Put a line in the prompt and press ``key``."""
    await put_line(pilot, line)
    await pilot.press(key)


def console_labels(app) -> list[str]:
    return [label for label, _, _ in ConsoleProvider(app.screen)._items()]


def console_label(app, prefix: str) -> str | None:
    labels = console_labels(app)
    exact = [label for label in labels if label == prefix]
    found = exact or [label for label in labels if label.startswith(prefix)]
    return found[0] if found else None


def action_hits(app) -> tuple[list[str], list[str]]:
    """(legal actions, verb templates) the palette lists right now."""
    items = ActionsProvider(app.screen)._items()
    legal = [label for label, cb, _ in items if getattr(cb, "func", None) == app.fight.apply_line]
    verbs = [label for label, cb, _ in items if getattr(cb, "func", None) == app.fight.fill_prompt]
    return legal, verbs


# ------------------------------------------------------------------ the steps


def palette_steps(path: Path) -> list[Step]:
    """ctrl+p with nothing typed; every console command; a sample of action hits."""
    steps = [
        Step("the fight screen shows names with markup as written", _names_as_written, "always"),
        Step("ctrl+p: the palette lists its hits, Esc", _discover, "always"),
    ]
    # file: open, save as and new are run with their answers in file_steps
    for prefix, share in (("file: save", "generic"), ("replay: enter", "system"), ("dice: switch to entering", "generic"),
                          ("help: keys", "generic"), ("pane: maximize", "system"), ("log: undo", "system"),
                          ("log: redo", "system")):
        steps.append(Step(f"palette: {prefix}", _console_command(prefix), share))
    app = GMConsoleApp(load_encounter(path), path=path)  # never run: only to list the panes and themes it offers
    for pane in app.fight.make_panes():
        steps.append(Step(f"palette: pane: hide {pane.TITLE}, then show it", _hide_show(pane.TITLE), "always"))
    register_later_themes(app)  # as the palette does: every bundled theme, not only the one to start in
    names = sorted(name for name in app.available_themes if not name.startswith("textual-"))
    for name in names:
        steps.append(Step(f"palette: theme: {name}", _console_command(f"theme: {name}"), "generic"))
    steps.append(Step("palette: the first legal action", _legal_action("first"), "always"))
    for which in ("last", "first"):
        steps.append(Step(f"palette: the {which} legal action", _legal_action(which)))
    steps.append(Step("palette: a verb template fills the prompt", _verb_template, "generic"))
    return steps


async def _names_as_written(ex: Explorer, pilot) -> None:
    """A unit named with ``[/]`` (the hostile files) shows the brackets: were
    the name read as markup, they would be gone (or the console would crash)."""
    names = [unit.name for unit in pilot.app.game.state.units.values() if "[/]" in unit.name]
    if names:
        await pilot.pause()
        assert "[/]" in screen_text(pilot.app), f"no pane shows the '[/]' in {names[:3]}"


async def _discover(ex: Explorer, pilot) -> None:
    palette = await open_palette(pilot)
    await pilot.pause()
    await wait_for(pilot, lambda: not gathering(palette), "the palette's discovery list")
    assert palette_texts(palette), "the palette lists nothing"
    await escape(pilot)


def _console_command(prefix: str) -> StepFn:
    async def step(ex: Explorer, pilot) -> None:
        label = console_label(pilot.app, prefix)
        assert label is not None, f"no console command {prefix!r} in the palette: {console_labels(pilot.app)}"
        await run_hit(pilot, label)
        if prefix.startswith(("file: open", "file: save as", "file: new")):
            screen = pilot.app.screen
            assert isinstance(screen, (AskText, Confirm)), f"{label} opened {type(screen).__name__}, not a question"
            await escape(pilot)
        if prefix == "help: keys":
            assert not fight_screen(pilot.app), "help: keys shows nothing"
            await escape(pilot)
        if prefix == "replay: enter":
            assert pilot.app.fight.replay_at is not None, f"{label} did not enter replay mode"
            ex.step = "palette: replay: leave replay mode"
            await run_hit(pilot, console_label(pilot.app, "replay: leave") or "replay: leave replay mode")
            assert pilot.app.fight.replay_at is None, "replay: leave replay mode did not leave it"
        if prefix == "dice: switch to entering":
            assert pilot.app.fight.dice_mode == "manual", f"{label} did not switch the dice to manual"
            label = console_label(pilot.app, "dice: switch to auto") or "dice: switch to auto-roll"
            ex.step = f"palette: {label}"
            await run_hit(pilot, label)
            assert pilot.app.fight.dice_mode == "auto", f"{label} did not switch the dice back"
        if prefix == "pane: maximize":
            assert pilot.app.screen.maximized is not None, "pane: maximize did not maximize a pane"
            ex.step = f"palette: {label} (again: restore)"
            await run_hit(pilot, label)
            assert pilot.app.screen.maximized is None, "pane: maximize or restore did not restore"

    return step


def _hide_show(title: str) -> StepFn:
    async def step(ex: Explorer, pilot) -> None:
        await run_hit(pilot, f"pane: hide {title}")
        show = console_label(pilot.app, f"pane: show {title}")
        if show is None:  # the last visible pane stays (and the console says so)
            return
        ex.step = f"palette: {show}"
        await run_hit(pilot, show)
        assert console_label(pilot.app, f"pane: hide {title}"), f"{show} did not show the pane again"

    return step


def _legal_action(which: str) -> StepFn:
    async def step(ex: Explorer, pilot) -> None:
        legal, _ = action_hits(pilot.app)
        if not legal:
            return
        label = legal[0] if which == "first" else legal[-1]
        ex.step = f"palette: legal action {label!r}"
        await run_hit(pilot, label)
        if isinstance(pilot.app.screen, AskText):  # manual dice: give up on this one
            await escape(pilot)

    return step


async def _verb_template(ex: Explorer, pilot) -> None:
    _, verbs = action_hits(pilot.app)
    label = next((v for v in verbs if v.startswith("log: note")), verbs[0])
    await run_hit(pilot, label)
    assert pilot.app.query_one(ActionPrompt).value.strip(), f"{label} did not fill the prompt"


def binding_steps() -> list[Step]:
    """Every app binding (quit comes last, in quit_steps), then Esc back;
    the replay keys outside and inside replay mode."""
    steps: list[Step] = []
    for key in keys.APP_KEYS:
        if key.id not in SCREEN_KEYS and key.id != "quit":
            share = "system" if key.id in ("undo", "redo", "next-pane", "maximize") else "generic"
            steps.append(Step(f"key {key.key} ({key.id})", _press_binding(key), share))
    steps.append(Step("replay keys outside replay mode (they type into the prompt)", _replay_keys_live, "generic"))
    steps.append(Step("f3, then every replay key", _replay_keys))
    return steps


def _press_binding(key: keys.Key) -> StepFn:
    async def step(ex: Explorer, pilot) -> None:
        await pilot.press(key.key)
        if key.id in ("dice-mode", "dice-log", "maximize", "next-pane"):  # toggles: press again
            await pilot.press(key.key)
        if key.id == "focus-log":
            await pilot.press("up", "down", "pageup", "pagedown", "home", "end")

    return step


async def _replay_keys_live(ex: Explorer, pilot) -> None:
    await pilot.press(*(key.key for key in keys.REPLAY_KEYS))
    assert pilot.app.fight.replay_at is None and fight_screen(pilot.app), "a replay key acted outside replay mode"


async def _replay_keys(ex: Explorer, pilot) -> None:
    app = pilot.app
    await pilot.press("f3")
    assert app.fight.replay_at is not None, "F3 did not enter replay mode"
    for key in keys.REPLAY_KEYS:
        ex.step = f"f3, then the replay key {key.key} ({key.id}), Esc"
        await pilot.press(key.key)
        if not fight_screen(app):
            await escape(pilot)
    assert app.fight.replay_at is not None, "a replay key left replay mode"
    await pilot.press("f3")
    assert app.fight.replay_at is None, "F3 did not leave replay mode"


def screen_steps(path: Path) -> list[Step]:
    steps = [
        Step("f1 help, Esc", _help, "generic"),
        Step("ctrl+r rules lookup: type a query, Enter on a hit, Esc", _rules),
        Step("f3 replay: left right home end, g N, r N", _replay_walk),
        Step("f3 replay: b to a path in a folder that does not exist", _branch_bad, "generic"),
        Step("f2 manual dice: roll 2d6, bad answers, Esc", _manual_dice, "generic"),
        Step("f2 manual dice: a legal action that rolls, a bad answer, a good one", _manual_dice_action),
    ]
    steps.append(Step("palette: unit: show the first unit (its stat block), Esc", _unit_show))
    steps.append(Step("click a unit, another unit, a zone; right-click a unit (its menu); F8, F9", _click_through))
    if "reactor" in load_encounter(path).systems:
        steps.append(Step("reactor: s opens the strike flow, Enter, Backspace, Esc", _strike_cancel))
        steps.append(Step("reactor: the strike flow through to Apply", _strike_apply))
    return steps


async def _unit_show(ex: Explorer, pilot) -> None:
    label = console_label(pilot.app, "unit: show ")
    if label is None:  # an encounter without units
        return
    await run_hit(pilot, label)
    assert not fight_screen(pilot.app), f"{label} shows nothing"


def marks(app) -> dict[str, list[tuple[str, tuple[int, int]]]]:
    """What a click on the screen would point at (ui/render/pointing.py), by kind: (id, a cell of it), in reading order."""
    found: dict[str, list[tuple[str, tuple[int, int]]]] = {"unit": [], "zone": [], "facility": []}
    seen = set()
    for y in range(app.size.height):
        for x in range(app.size.width):
            meta = app.screen.get_style_at(x, y).meta
            kind = next((k for k in ("unit", "facility", "zone") if isinstance(meta.get(k), str)), None)
            if kind is not None and (kind, meta[kind]) not in seen:
                seen.add((kind, meta[kind]))
                found[kind].append((meta[kind], (x, y)))
    return found


async def _click_through(ex: Explorer, pilot) -> None:
    app = pilot.app
    found = marks(app)
    units = found["unit"]
    if not units:
        return
    for (uid, at), why in zip(units[:2], ("select it", "aim the selected unit at it")):
        ex.step = f"click unit {uid!r} ({why})"
        await pilot.click(offset=at)
        await pilot.pause()
    for kind in ("zone", "facility"):
        if found[kind]:
            ident, at = found[kind][0]
            ex.step = f"click {kind} {ident!r}"
            await pilot.click(offset=at)
            await pilot.pause()
    ex.step = f"right-click unit {units[0][0]!r}, Esc"
    await pilot.click(offset=units[0][1], button=3)
    await pilot.pause()
    assert not fight_screen(app), "a right-click on a unit opens no menu"
    await escape(pilot)
    for key in ("f8", "f9"):
        ex.step = f"{key}, Esc"
        await pilot.press(key)
        await pilot.pause()
        if not fight_screen(app):
            await escape(pilot)


async def _help(ex: Explorer, pilot) -> None:
    await pilot.press("f1")
    assert not fight_screen(pilot.app), "F1 showed nothing"
    await escape(pilot)
    assert fight_screen(pilot.app), "Esc does not close the help"


async def _rules(ex: Explorer, pilot) -> None:
    from gm_console.ui.screens.rule_view import RuleView

    app = pilot.app
    palette = await open_palette(pilot, "ctrl+r")
    texts = await search(pilot, palette, "dice", typed=True)
    assert texts, "the rules lookup finds nothing for 'dice'"
    await pilot.press("enter")
    assert isinstance(app.screen, RuleView), f"Enter on a rules hit opened {type(app.screen).__name__}"
    await escape(pilot)
    assert fight_screen(app)


async def _replay_walk(ex: Explorer, pilot) -> None:
    app = pilot.app
    await pilot.press("f3")
    total = len(app.game.log)
    assert app.fight.replay_at == total
    await pilot.press("left", "right", "home")
    assert app.fight.replay_at == 0
    await pilot.press("end")
    assert app.fight.replay_at == total
    await pilot.press("g")
    await answer(pilot, "99999")  # out of range: the dialog says so and stays
    assert isinstance(app.screen, AskText), "g accepted a position past the log"
    await answer(pilot, "0")
    assert app.fight.replay_at == 0
    await pilot.press("r")
    await answer(pilot, "1")
    assert fight_screen(app)
    await pilot.press("f3")


async def _branch_bad(ex: Explorer, pilot) -> None:
    await pilot.press("f3", "home", "b")
    await answer(pilot, _missing(ex, "branch.toml"))
    # refused in the dialog, or not saved with a notification: either way the console carries on


async def _manual_dice(ex: Explorer, pilot) -> None:
    app = pilot.app
    await pilot.press("f2")
    assert app.fight.dice_mode == "manual"
    await type_line(pilot, "roll 2d6")
    assert isinstance(app.screen, AskText), "manual dice: roll 2d6 did not ask for the dice"
    await answer(pilot, "7 x")
    assert isinstance(app.screen, AskText), "manual dice: a bad answer was accepted"
    ex.step = "f2 manual dice: roll 2d6, a 5,000-digit face"
    await answer(pilot, "9" * 5000 + " 1")
    assert isinstance(app.screen, AskText), "manual dice: a 5,000-digit face was accepted"
    await escape(pilot)
    await pilot.press("f2")
    assert app.fight.dice_mode == "auto"


async def _manual_dice_action(ex: Explorer, pilot) -> None:
    app = pilot.app
    rolling = next((a.notation() for a in app.game.legal_actions() if app.game.dice_needed(a)), None)
    await pilot.press("f2")
    if rolling is not None:
        ex.step = f"f2 manual dice: {rolling!r}"
        await type_line(pilot, rolling)
        assert isinstance(app.screen, AskText), f"manual dice: {rolling!r} did not ask for the dice"
        await answer(pilot, "0")
        assert isinstance(app.screen, AskText), "manual dice: a 0 face was accepted"
        sides = app.game.dice_needed(app.game.parse(rolling))
        await answer(pilot, " ".join("1" for _ in sides))
        assert fight_screen(app), "manual dice: ones on every die were refused"
    await pilot.press("f2")


async def _open_strike_flow(pilot):
    from gm_console.ui.panes.reactor import ReactorPane
    from gm_console.ui.screens.strike_flow import StrikeFlow

    pilot.app.query_one(ReactorPane).focus()
    await pilot.press("s")
    assert isinstance(pilot.app.screen, StrikeFlow), f"s on the reactor pane opened {type(pilot.app.screen).__name__}"
    return pilot.app.screen


async def _strike_cancel(ex: Explorer, pilot) -> None:
    await _open_strike_flow(pilot)
    await pilot.press("enter", "backspace", "backspace")
    await escape(pilot)
    assert fight_screen(pilot.app)


async def _strike_apply(ex: Explorer, pilot) -> None:
    flow = await _open_strike_flow(pilot)
    for _ in range(6):
        if pilot.app.screen is not flow:
            break
        await pilot.press("enter")


def prompt_lines(unit: str) -> list[tuple[str, str]]:
    big = "9" * 5000
    return [
        ("tick, 5,000 digits", f"tick {big}"),
        ("set hp, 5,000 digits", f"set {unit} hp {big}"),
        ("roll, a 5,000-digit count", f"roll {big}d6"),
        ("roll, dice [5,000 digits]", f"roll 1d6 [{big}]"),
        ("next, 5,000 digits", f"next {big}"),
        ("roll, 5,000-digit sides", f"roll 1d{big}"),
        ("pool, 5,000 digits", f"pool threat +{big}"),
        ("note markup", "note [bold]x[/]"),
        ("rename markup", f'rename {unit} "[/] Ren"'),
        ("link markup", "[link=x]y"),
        ("note link markup", "note [link=file:///etc/passwd]x[/link]"),
        ("note click markup", "note [@click=app.quit]q[/]"),
        ("note RTL and an override", "note \u05e9\u05dc\u05d5\u05dd \u0645\u0631\u062d\u0628\u0627 \u202eevil\u202c"),
        ("note emoji", "note \U0001f409\U0001f525 \U0001f469\u200d\U0001f469\u200d\U0001f467 \U0001f1fa\U0001f1e6"),
        ("note combining marks", "note Z\u0334\u0321\u0322a\u0338l\u0337g\u0336o\u0335" + "\u0301" * 50),
        ("note zero-width", "note a\u200bb\u200dc\ufeffd\u2060"),
        ("a 10 kB line", "x" * 10_000),
        ("a 10 kB note", "note " + "y " * 5_000),
        ("only quotes", '""""""'),
        ("only single quotes", "'" * 4),
        ("only brackets", "[[[[]]]]"),
        ("only closing brackets", "]]]"),
        ("an unterminated quote", '"'),
        ("note, unterminated quote", 'note "unterminated'),
        ("rename, unterminated quote", f'rename {unit} "'),
        ("only spaces and tabs", " \t  \t"),
    ]


# the numbers go through each system's notation: shared over a system's runs; a rename
# with markup puts it in a name every pane and the palette show: every run; the rest
# (note, unknown verbs, quotes) read the same everywhere
LINE_SHARES = ["system"] * 7 + ["generic", "always"] + ["generic"] * 17


def prompt_steps(path: Path) -> list[Step]:
    unit = next(iter(load_encounter(path).state.units), "nobody")
    lines = prompt_lines(unit)
    # 5,000 digits in tick, set and roll, and a rename with markup, run everywhere
    steps = [Step(f"prompt: {name}", _prompt(name, line), share) for (name, line), share in zip(lines, LINE_SHARES)]
    steps.append(Step("ctrl+p after the adversarial lines", _discover, "generic"))
    steps.append(Step("ctrl+z, ctrl+y over the adversarial lines", _undo_redo_all))
    return steps


def screen_text(app) -> str:
    """What the screen shows, as plain text, one line per row (the
    compositor's strips: Textual has no public plain-text export)."""
    return "\n".join("".join(segment.text for segment in strip) for strip in app.screen._compositor.render_strips())


def _prompt(name: str, line: str) -> StepFn:
    async def step(ex: Explorer, pilot) -> None:
        ex.step = f"prompt: {name}: typed (the live preview)"
        before = len(pilot.app.game.log)
        await put_line(pilot, line)
        ex.step = f"prompt: {name}: Enter"
        await pilot.press("enter")
        if line.startswith("note [") and line.isascii() and len(pilot.app.game.log) > before:
            await pilot.pause()
            shown = line[len("note "):][:12]
            assert shown in screen_text(pilot.app), f"the log does not show {shown!r} as typed (read as markup?)"
        if isinstance(pilot.app.screen, AskText):  # manual dice (a hostile file may ask for them)
            await escape(pilot)
        ex.step = f"prompt: {name}: typed again"
        await put_line(pilot, line)
        ex.step = f"prompt: {name}: Tab"
        await pilot.press("tab")
        await pilot.press("escape")  # back to the prompt, wherever Tab moved the focus
        if name == "rename markup":  # the name is now in the palette's legal actions
            ex.step = f"prompt: {name}: ctrl+p"
            await _discover(ex, pilot)

    return step


async def _undo_redo_all(ex: Explorer, pilot) -> None:
    app = pilot.app
    count = len(app.game.log)
    steps = min(count, 8)
    await pilot.press(*["ctrl+z"] * steps)
    await pilot.press(*["ctrl+y"] * steps)
    assert len(app.game.log) == count, "undo then redo did not give the log back"


def file_steps(path: Path) -> list[Step]:
    """Save as, open and new with a path in a missing folder, then good ones;
    a branch to a good path. They switch the console to other files: last."""
    return [
        Step("file: save as… a path in a missing folder", _save_as_bad, "generic"),
        Step("file: save as… a good path", _save_as_good, "generic"),
        Step("file: open… a path in a missing folder", _open_bad, "generic"),
        Step("file: new… a path in a missing folder", _new_bad, "generic"),
        Step("file: new… a good path (another system)", _new_good, "generic"),
        Step("file: open… the encounter again", _open_good, "generic"),
        Step("f3, b: branch to a good path", _branch_good, "generic"),
    ]


def _missing(ex: Explorer, name: str) -> str:
    return str(ex.workdir / "no" / "such" / "dir" / name)


async def _file_command(pilot, prefix: str) -> None:
    label = console_label(pilot.app, prefix)
    assert label is not None, f"no console command {prefix!r}"
    await run_hit(pilot, label)
    if isinstance(pilot.app.screen, Confirm):  # unsaved changes: discard them
        await pilot.press("n")


async def _save_as_bad(ex: Explorer, pilot) -> None:
    await _file_command(pilot, "file: save as")
    await answer(pilot, _missing(ex, "saved.toml"))


async def _save_as_good(ex: Explorer, pilot) -> None:
    target = ex.workdir / "saved-as.toml"
    await _file_command(pilot, "file: save as")
    await answer(pilot, str(target))
    assert target.exists(), "save as did not write the file"
    assert pilot.app.fight.path == target, "save as did not switch to the new file"
    load_encounter(target)  # what was saved opens again


async def _open_bad(ex: Explorer, pilot) -> None:
    await _file_command(pilot, "file: open")
    await answer(pilot, _missing(ex, "open.toml"))
    assert isinstance(pilot.app.screen, AskText), "open accepted a file that does not exist"


async def _new_bad(ex: Explorer, pilot) -> None:
    await _file_command(pilot, "file: new")
    await answer(pilot, _missing(ex, "new.toml") + " " + _other_system(pilot.app))


async def _new_good(ex: Explorer, pilot) -> None:
    target = ex.workdir / "new.toml"
    if target.exists():
        target.unlink()
    await _file_command(pilot, "file: new")
    await answer(pilot, f"{target} {_other_system(pilot.app)}")
    await pilot.pause()
    assert pilot.app.fight.path == target, "new did not open the new file"


def _other_system(app) -> str:
    from gm_console.core.system import system_names

    return next((name for name in system_names() if name not in app.game.systems), system_names()[0])


async def _open_good(ex: Explorer, pilot) -> None:
    await _file_command(pilot, "file: open")
    await answer(pilot, str(ex.path))
    await pilot.pause()
    assert pilot.app.fight.path == ex.path, "open did not open the encounter"


async def _branch_good(ex: Explorer, pilot) -> None:
    app = pilot.app
    target = ex.workdir / "branch.toml"
    if target.exists():
        target.unlink()
    await pilot.press("f3", "home", "b")
    await answer(pilot, str(target))
    assert target.exists() and app.fight.path == target and app.fight.replay_at is None, "the branch did not open the new file"


def quit_steps() -> list[Step]:
    return [
        Step("ctrl+q with unsaved changes: Esc keeps the console", _quit_cancel, "generic"),
        Step("ctrl+q, n: quits", _quit, "always", exits=True),
    ]


async def _quit_cancel(ex: Explorer, pilot) -> None:
    app = pilot.app
    await type_line(pilot, "note leaving")
    assert app.fight.dirty, "a note did not change the log"
    await pilot.press("ctrl+q")
    assert isinstance(app.screen, Confirm), "ctrl+q with unsaved changes did not ask"
    await escape(pilot)
    assert fight_screen(app) and app.is_running


async def _quit(ex: Explorer, pilot) -> None:
    app = pilot.app
    if not app.fight.dirty:  # so that ctrl+q asks
        await type_line(pilot, "note leaving")
    await pilot.press("ctrl+q")
    assert isinstance(app.screen, Confirm), "ctrl+q with unsaved changes did not ask"
    await pilot.press("n")
    for _ in range(100):
        if not app.is_running:
            break
        await asyncio.sleep(0.05)
    assert not app.is_running, "Discard did not quit the console"
    assert app.return_code == 0, f"the console quit with return code {app.return_code}"


SCREEN_KEYS = ("rules", "help", "replay")  # bindings that screen_steps press, with more to do on each screen


def all_steps(path: Path, system: tuple[int, int] = (0, 1), generic: tuple[int, int] = (0, 1)) -> list[Step]:
    """The whole exploration, in order; the console quits at the end.

    A run may take a share of it, as (this run, runs): the "system" steps
    (whatever goes through a system's rules, panes or notation) are dealt
    out in turn over the ``system`` runs, the "generic" ones (the same for
    every encounter) over the ``generic`` runs; the "always" steps (what
    reads the encounter: the palette's lists and legal actions, the panes, a
    rename with markup, quitting) run in every run. The lists dealt are the
    same for every encounter of a system, so runs 0 to n-1 take every step
    between them. (0, 1) for both keeps everything.
    """
    steps = palette_steps(path) + binding_steps() + screen_steps(path) + prompt_steps(path) + file_steps(path) + quit_steps()
    parts = {"always": (0, 1), "system": system, "generic": generic}
    seen = {name: 0 for name in parts}
    kept = []
    for step in steps:
        index, count = parts[step.share]
        if seen[step.share] % count == index:
            kept.append(step)
        seen[step.share] += 1
    return kept
