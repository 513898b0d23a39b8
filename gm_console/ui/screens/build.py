"""The build screen: make or change an encounter without writing TOML.

A view of a ``Draft`` (gm_console/build/draft.py). Left, the encounter's
entries: the encounter itself (title, pools, each system's board), its sides,
zones, units and house rules. Right, the fields of the highlighted entry,
each with its legal range; under them what the highlighted field is (a house
rule: its lookup text, its default, whether the value departs from the rule
text). Enter on a field edits it in a dialog that refuses, with the
validator's reason, a value the encounter cannot take. Below, a prompt takes
a change in the syntax of ``gm-console build`` without its dashes
(``add library:raider count=3 side=raiders zone=hall``, ``zone hall
adjacent=dock``, ``set ren.ctb.atk=14``, ``house surplus=drop``,
``remove unit:foe``). Keys: tab moves between the lists and the prompt, a
adds (a unit: the library search), d duplicates a unit, x removes, : types a
change, ctrl+s saves, escape closes (asking about unsaved changes).

``open_build(fight)`` is the palette's ``encounter: build``: the open fight
before its first action; after it, changes go through the log.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Input, OptionList
from textual.widgets.option_list import Option

from gm_console.build import fields as f
from gm_console.build.draft import Draft, Refused
from gm_console.build.options import apply_option
from gm_console.ui.text import clip, literal
from gm_console.ui.widgets.field_list import FieldList, Row
from gm_console.ui.widgets.literal import LiteralInput, LiteralOptionList, LiteralStatic

if TYPE_CHECKING:
    from gm_console.ui.app import FightScreen

ENTRY_WIDTH = 30
VERBS = ("add", "side", "zone", "set", "unset", "house", "remove")
HINT = "a change: add library:ID count=N side=S zone=Z | zone ID adjacent=A,B | side ID | set UNIT.KEY=V | house RULE=V | remove unit:ID"


def apply_line(draft: Draft, line: str) -> str:
    """One change typed in the build prompt (``add ...``, ``set ...``): what it did; Refused with why not."""
    verb, _, rest = line.strip().partition(" ")
    if verb not in VERBS:
        raise Refused([f"{verb or line!r}: a change begins with {', '.join(VERBS)}"])
    return apply_option(draft, f"--{verb}", rest)


class BuildScreen(Screen[bool]):
    """Dismisses with True when the draft was saved."""

    DEFAULT_CSS = """
    BuildScreen { layout: vertical; }
    BuildScreen #build-title { height: 1; background: $panel; padding: 0 1; }
    BuildScreen #build-body { height: 1fr; }
    BuildScreen #entries { width: %d; height: 1fr; }
    BuildScreen #build-detail { width: 1fr; height: 1fr; }
    BuildScreen #about { height: auto; max-height: 8; padding: 0 1; color: $text-muted; }
    BuildScreen #message { height: auto; max-height: 4; padding: 0 1; }
    BuildScreen #message.-refused { color: $error; }
    BuildScreen #line { height: 3; }
    """ % ENTRY_WIDTH
    BINDINGS = [
        Binding("ctrl+s", "save", "Save"),
        Binding("escape", "close", "Close"),
        Binding("a", "add", "Add"),
        Binding("d", "duplicate", "Duplicate"),
        Binding("x,delete", "remove", "Remove"),
        Binding("colon", "focus_line", "Type a change"),
        Binding("f", "forecast", "Forecast"),
    ]

    def __init__(self, draft: Draft) -> None:
        super().__init__()
        self.draft = draft
        self.saved_once = False
        self.keys: list[str | None] = []  # the entry of each option of the list (None: a heading)

    def compose(self) -> ComposeResult:
        yield LiteralStatic("", id="build-title")
        with Horizontal(id="build-body"):
            yield LiteralOptionList(id="entries")
            with Vertical(id="build-detail"):
                yield FieldList(id="fields")
                yield LiteralStatic("", id="about")
        yield LiteralStatic("", id="message")
        yield LiteralInput(placeholder=HINT, id="line")
        yield Footer()

    def on_mount(self) -> None:
        if self.app.is_headless:
            self.query_one("#line", Input).cursor_blink = False
        self.refresh_entries()
        self.query_one("#entries", OptionList).focus()

    def on_resize(self) -> None:
        self.call_after_refresh(self.fit_hint)

    def fit_hint(self) -> None:
        """The prompt's hint cut to its width with an ellipsis (Input cuts a placeholder with none)."""
        line = self.query_one("#line", Input)
        if line.content_size.width:
            line.placeholder = clip(HINT, line.content_size.width)

    # ------------------------------------------------------------ drawing

    def entries(self) -> list[tuple[str | None, Text]]:
        """(key, label) for the list: headings have no key."""
        d = self.draft
        rows: list[tuple[str | None, Text]] = [("encounter", literal(f"Encounter: {d.game.setup.title}", "bold"))]
        rows.append((None, literal("Sides", "underline")))
        rows += [(f"sides:{s['id']}", literal(f"  {s['id']}  {s.get('name') or ''} ({s['controller']})")) for s in d.entries("sides")]
        rows.append((None, literal("Zones", "underline")))
        rows += [(f"zones:{z['id']}", literal(f"  {z['id']}  {z.get('name') or ''}")) for z in d.entries("zones")]
        rows.append((None, literal("Units", "underline")))
        rows += [(f"units:{u['id']}", literal(f"  {u['id']}  {u.get('side')}{' @ ' + u['zone'] if u.get('zone') else ''}")) for u in d.entries("units")]
        system = None
        for h in f.house_fields(d.game.setup):
            if h.rule.system != system:
                system = h.rule.system
                rows.append((None, literal(f"House rules: {system}", "underline")))
            mark = " *" if h.changed else ""  # changed from the default
            rows.append((f"house:{h.rule.key}", literal(f"  {h.rule.name}{mark}")))
        return rows

    def refresh_entries(self) -> None:
        entries = self.query_one("#entries", OptionList)
        keep = self.current_key()
        rows = self.entries()
        self.keys = [k for k, _ in rows]
        entries.clear_options()
        # one line an entry (cut to the list's width inside its border, padding and scroll bar): a click lands
        # on the row it shows
        entries.add_options([Option(clip(label, ENTRY_WIDTH - 6), id=f"e{i}", disabled=key is None) for i, (key, label) in enumerate(rows)])
        at = self.keys.index(keep) if keep is not None and keep in self.keys else 0
        entries.highlighted = at
        self.show_fields()
        self.show_title()

    def show_title(self) -> None:
        d = self.draft
        state = "unsaved" if d.dirty else "saved"
        self.query_one("#build-title", LiteralStatic).update(
            literal(f"Build {d.path.name} · {', '.join(d.systems)} · {len(d.entries('units'))} units · {state}")
        )

    def current_key(self) -> str | None:
        entries = self.query_one("#entries", OptionList)
        i = entries.highlighted
        return self.keys[i] if i is not None and 0 <= i < len(self.keys) else None

    def rows_for(self, key: str | None) -> list[Row]:
        d = self.draft
        setup = d.game.setup
        if key is None:
            return []
        if key == "encounter":
            return list(f.encounter_fields(setup, d.data))
        kind, _, eid = key.partition(":")
        if kind == "house":
            return [h for h in f.house_fields(setup) if h.rule.key == eid]
        try:
            entry = d.written(kind, eid)
        except Refused:
            return []
        maker = {"units": f.unit_fields, "zones": f.zone_fields, "sides": f.side_fields}[kind]
        return list(maker(setup, entry))

    def show_fields(self) -> None:
        self.query_one("#fields", FieldList).show(self.rows_for(self.current_key()))
        self.show_about()

    def show_about(self) -> None:
        row = self.query_one("#fields", FieldList).highlighted_row()
        about = self.query_one("#about", LiteralStatic)
        if row is None:
            about.update("")
        elif isinstance(row, f.HouseField):
            rule = row.rule
            lines = [f"{rule.title}. Default {f.shown(rule.default)}; in force {f.shown(row.value)}."]
            if row.departs:
                lines.append(f"Departs from the rule text: {row.departs}")
            lines.append(rule.explain)
            about.update(literal("\n".join(lines), lines=True))
        else:
            known = f"\nknown: {', '.join(row.known)}" if row.known else ""
            about.update(literal(f"{row.key}: {row.doc or ''} ({row.range}){known}", lines=True))

    def say(self, text: str, refused: bool = False) -> None:
        message = self.query_one("#message", LiteralStatic)
        message.set_class(refused, "-refused")
        message.update(literal(text, lines=True))

    def refused(self, exc: Refused) -> str:
        prefix = f"{self.draft.path}: "
        return "\n".join(m[len(prefix):] if m.startswith(prefix) else m for m in exc.messages)

    # ------------------------------------------------------------ events

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list.id == "entries":
            self.show_fields()
        elif event.option_list.id == "fields":
            self.show_about()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "entries":
            self.query_one("#fields", FieldList).focus()
        elif event.option_list.id == "fields":
            self.edit(self.query_one("#fields", FieldList).highlighted_row())

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id != "line" or not event.value.strip():
            return
        try:
            done = apply_line(self.draft, event.value)
        except Refused as exc:
            self.say(self.refused(exc), refused=True)
            return
        event.input.value = ""
        self.say(done)
        self.refresh_entries()

    # ------------------------------------------------------------ editing

    def edit(self, row: Row | None) -> None:
        """Edit a field in a dialog that shows its range and refuses what the encounter cannot take."""
        if row is None:
            return
        from gm_console.ui.screens.ask_text import AskText

        if isinstance(row, f.HouseField):
            rule = row.rule
            question = f"House rule {rule.key}: {rule.title}\n{rule.spec.describe()}; default {f.shown(rule.default)}"
            value = f.shown(row.value)
        else:
            question = f"{'.'.join(row.path[1:2]) + ' ' if row.path[0] in f.LISTS else ''}{row.key}: {row.range}\n{row.doc}"
            value = row.text()

        def check(text: str) -> str | None:
            try:
                self.set_row(row, text)
            except Refused as exc:
                return self.refused(exc)
            except ValueError as exc:
                return str(exc)
            return None

        def done(text: str | None) -> None:
            if text is not None:
                self.say(f"set {row.rule.key if isinstance(row, f.HouseField) else row.key} = {text}")
                self.refresh_entries()

        self.app.push_screen(AskText(question, value, check), done)

    def set_row(self, row: Row, text: str) -> None:
        if isinstance(row, f.HouseField):
            self.draft.house(row.rule.system, row.rule.name, f.parse_value(text, row.rule.spec))
        elif not text.strip() and not isinstance(row.spec, f.s.List):
            self.draft.unset(row.path)  # cleared: back to the default
        else:
            self.draft.set(row.path, f.parse_value(text, row.spec))

    # ------------------------------------------------------------ actions

    def fill_line(self, text: str) -> None:
        line = self.query_one("#line", Input)
        line.value = text
        line.cursor_position = len(text)
        line.focus()

    def action_focus_line(self) -> None:
        self.query_one("#line", Input).focus()

    def action_forecast(self) -> None:
        """The forecast of the fight as built so far (issue 31): the draft is always a valid encounter."""
        from gm_console.ui.screens.forecast_screen import ForecastScreen

        self.app.push_screen(ForecastScreen(self.draft.game))

    def action_add(self) -> None:
        key = self.current_key() or ""
        if key.startswith("zones:"):
            self.fill_line("zone ")
        elif key.startswith("sides:"):
            self.fill_line("side ")
        else:
            self.add_unit()

    def add_unit(self) -> None:
        from gm_console.build.sources import Source, sources
        from gm_console.ui.screens.build_add import AddUnit

        d = self.draft
        found = sources(d)
        taken = set(d.ids("units"))
        blank = next(f"unit{n}" for n in range(1, 10_000) if f"unit{n}" not in taken)
        found.append(Source(f"blank:{blank}", "A blank unit", "", "blank new empty", "only what its systems require"))
        found += [Source(f"unit:{u['id']}", f"Copy of {u.get('name') or u['id']}", "this encounter", f"copy {u['id']} {u.get('name', '')}".lower()) for u in d.entries("units")]

        def chosen(ref: str | None) -> None:
            if ref is None:
                return
            sides = [s for s in d.entries("sides") if s["controller"] == "gm"] or d.entries("sides")
            zones = d.ids("zones")
            line = f"add {ref} count=1 side={sides[-1]['id']}" + (f" zone={zones[-1]}" if zones else "")
            self.fill_line(line)
            self.say("give the count, side and zone, then Enter")

        self.app.push_screen(AddUnit(found), chosen)

    def action_duplicate(self) -> None:
        key = self.current_key() or ""
        if key.startswith("units:"):
            self.fill_line(f"add unit:{key.partition(':')[2]} count=1")
            self.say("a copy: give the count (ids and names are numbered), then Enter")

    def action_remove(self) -> None:
        key = self.current_key() or ""
        kind, _, eid = key.partition(":")
        if kind not in ("units", "zones", "sides"):
            return
        try:
            done = apply_line(self.draft, f"remove {kind[:-1]}:{eid}")
        except Refused as exc:
            self.say(self.refused(exc), refused=True)
            return
        self.say(done)
        self.refresh_entries()

    def action_save(self) -> None:
        try:
            self.draft.save()
        except OSError as exc:
            self.say(f"cannot write {self.draft.path}: {exc.strerror or exc}", refused=True)
            return
        self.saved_once = True
        self.say(f"saved {self.draft.path}")
        self.show_title()

    def quit_asking(self) -> None:
        """ctrl+q on the build screen: ask about its unsaved changes, then quit as the fight does."""
        fight = self.app.fight  # type: ignore[attr-defined]
        if not self.draft.dirty:
            fight.quit_asking()
            return
        from gm_console.ui.screens.confirm import Confirm

        def answer(choice: str | None) -> None:
            if choice == "yes":
                self.action_save()
                if not self.draft.dirty:
                    fight.quit_asking()
            elif choice == "no":
                fight.quit_asking()

        self.app.push_screen(Confirm("The build has unsaved changes. Save them before quitting?", "Save", "Discard"), answer)

    def action_close(self) -> None:
        if not self.draft.dirty:
            self.dismiss(self.saved_once)
            return
        from gm_console.ui.screens.confirm import Confirm

        def answer(choice: str | None) -> None:
            if choice == "yes":
                self.action_save()
                if not self.draft.dirty:
                    self.dismiss(True)
            elif choice == "no":
                self.dismiss(self.saved_once)

        self.app.push_screen(Confirm("The build has unsaved changes. Save them?", "Save", "Discard"), answer)


def open_build(fight: FightScreen, draft: Draft | None = None) -> None:
    """``encounter: build``: the build screen on the open fight's file, before
    the fight's first action; once saved, the fight reopens on what was built."""
    if draft is None:
        if fight.game.log:
            fight.notify("The fight has begun: change it through the log (add, set, move ...).", severity="warning")
            return
        if fight.path is None:
            fight.notify("This is the demo's copy: save it as a file first (file: save as), then build.", severity="warning")
            return
        try:
            draft = Draft.open(fight.path)
        except Refused as exc:
            fight.notify("\n".join(exc.messages), severity="error")
            return

    def built(saved: bool | None) -> None:
        if saved and draft is not None:
            fight.open_game(draft.game, draft.path)

    fight.app.push_screen(BuildScreen(draft), built)

