"""Command palette providers (ctrl+p): rules lookup, the legal actions of
the moment, and console commands, each namespaced (``rule: ...``,
``strike: ...``, ``file: save``, ``lookup: forget``).

Labels and help come from data (unit names, verb usage such as
``[pay=momentum|threat]``, rules titles): every hit is built from Content made
here (``gm_console.ui.text``), never from a string Textual would read as
markup, and the fuzzy highlight is done on the plain label."""

from __future__ import annotations

from functools import partial
from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from textual.command import DiscoveryHit, Hit, Hits, Provider

from gm_console.core import notation as n
from gm_console.ui.text import as_markup, clean, content, highlight

if TYPE_CHECKING:
    from gm_console.ui.app import FightScreen, GMConsoleApp

Item = tuple[str, Callable[[], object], str]  # a palette line: (label, what choosing it runs, help)

SENTENCE_MARGIN = 8  # the palette's columns around a hit's help: its border, padding and the scrollbar
INDEX_AFTER = 0.25  # s after the palette opens: its first list is painted by then (about 0.1 s with 50 units)


def _rank(score: float, provider: int, index: int) -> float:
    """Scores that never tie, so the palette lists hits in the same order every
    time (providers answer concurrently; equal scores would come in any order)."""
    return score + provider * 1e-4 - index * 1e-7


class _GMProvider(Provider):
    """A provider of the console: ``gm`` is the app (themes, help), ``fight``
    the fight it shows (its game, its commands)."""

    @property
    def gm(self) -> GMConsoleApp:
        return cast("GMConsoleApp", self.app)  # the palette's providers are the console app's (GMConsoleApp.COMMANDS)

    @property
    def fight(self) -> FightScreen:
        return self.gm.fight


class _ListProvider(_GMProvider):
    """A provider over a list of (label, callback, help) that ``_items`` builds,
    once per opening of the palette (``startup``): each keystroke filters the
    same list (the game cannot change while the palette is open), so the legal
    actions and their legality checks are worked out once, not per key."""

    RANK = 0  # breaks ties between providers
    DISCOVER = 100  # how many items show before anything is typed
    built = 0  # how many times a list was built (tests count them)

    _list: list[Item] | None = None

    def _items(self) -> list[Item]:
        raise NotImplementedError

    async def startup(self) -> None:
        self.items()

    def items(self) -> list[Item]:
        if self._list is None:
            self._list = self._items()
            type(self).built += 1
        return self._list

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for i, (label, callback, help_text) in enumerate(self.items()):
            score = matcher.match(label)
            if score > 0:
                yield _hit(_rank(score, self.RANK, i), highlight(matcher, label), label, callback, help_text)

    async def discover(self) -> Hits:
        for label, callback, help_text in self.items()[: self.DISCOVER]:
            yield _discovery_hit(label, callback, help_text)


class RulesProvider(_GMProvider):
    """Every reference entry, house rule (with this encounter's value) and
    action help, of every system, ranked by the index's relevance (the
    encounter's systems first). A query no entry holds a word of still lists
    the nearest entries, never "No matches"."""

    LIMIT = 15
    DISCOVER = 40

    async def search(self, query: str) -> Hits:
        from gm_console.lookup.answer import TOP, answer, brief

        matcher = self.matcher(query)
        # the one answer of ctrl+p, ctrl+r and `gm-console rules`: the ranking, what this GM taught it, the
        # matched sentence of the top three, "did you mean"
        found = answer(self.fight.lookup().index(), query, limit=self.LIMIT, learned=self.gm.memory.for_ranking())
        hits = found.hits
        if not hits:
            return
        labels = [f"{h.entry.kind}: {h.entry.title}" for h in hits]
        # Where the rules stand among the other providers' fuzzy-matched hits (ctrl+p):
        # as high as the best fuzzy match of a rule's label, a little above nothing when
        # only the words match, low when nothing does. The order among them is the index's.
        fuzzy = max(matcher.match(label) for label in labels)
        ceiling = fuzzy if fuzzy > 0 else (0.2 if hits[0].nearest else 1.0)
        if found.did_you_mean and not _names_a_command(query):  # just above the rules' first hit: chosen, ctrl+r asks it as spelled
            label = f"did you mean: {found.did_you_mean}"
            yield _hit(_rank(ceiling, 2, -1), content(label), label, partial(self.fight.look_up, found.did_you_mean), "look it up as the rules spell it")
        room = 2 * (self.app.size.width - SENTENCE_MARGIN) - 10  # two lines of the palette, less what wrapping leaves
        top = hits[0].score or 1.0
        for i, (hit, label) in enumerate(zip(hits, labels)):
            score = ceiling * (hit.score / top if hits[0].score else 1.0)
            entry = hit.entry
            help_text = _first_line(entry.body)
            if i < TOP:  # the sentence that answers, so the GM picks among the three in one glance
                mark = "learned · " if entry.key == found.learned else ""
                help_text = mark + brief(found.sentences[entry.key], room - len(mark))
            yield _hit(_rank(score, 2, i), highlight(matcher, label), label, partial(self.fight.show_rule, entry, query, i), help_text)

    async def startup(self) -> None:
        # the whole index (every system's modules, the ranking tables: 100-300 ms) builds on a thread once
        # the palette's first list is painted, while the GM reads it and types (the discovery list needs
        # only the encounter's own entries); a search before then builds it at once, as it would anyway
        self.app.set_timer(INDEX_AFTER, lambda: self.fight.lookup().prepare())

    async def discover(self) -> Hits:
        for entry in self.fight.lookup().first(self.DISCOVER):
            yield _discovery_hit(f"{entry.kind}: {entry.title}", partial(self.fight.show_rule, entry), _first_line(entry.body))


# the namespaces of the console's own commands (ConsoleProvider): a query that begins with one is a
# command being typed ("lookup: forget"), not a question to spell as the rules do ("loop: target")
COMMAND_NAMESPACES = frozenset({
    "file", "replay", "dice", "act", "help", "pane", "log", "campaign", "theme", "players", "lookup", "forecast", "encounter", "unit",
})


def _names_a_command(query: str) -> bool:
    first = query.split(":", 1)[0].split()
    return bool(first) and first[0].lower() in COMMAND_NAMESPACES


class ActionsProvider(_ListProvider):
    """The legal actions right now, ready to apply, and every verb as a
    template that fills the prompt."""

    RANK = 3
    DISCOVER = 30

    def _items(self) -> list[Item]:
        fight = self.fight
        if fight.replay_at is not None:
            return []
        items: list[Item] = []
        legal = fight.game.legal_actions()
        if fight.selected is not None:  # a unit a click selected: the actions naming it first (ui/pointing.py)
            from gm_console.core.statblock import unit_actions

            mine = unit_actions(legal, fight.selected)
            legal = mine + [a for a in legal if a not in mine]
        for action in legal:
            label = f"{action.PALETTE}: {action.label(fight.game.state)}"
            items.append((label, partial(fight.apply_line, action.notation()), action.notation()))
        for verb, cls in sorted(fight.game.verbs.items()):
            items.append((f"{cls.PALETTE}: {n.usage(cls)}", partial(fight.fill_prompt, verb + " "), cls.SUMMARY))
        return items


class ConsoleProvider(_ListProvider):
    """open, save, save as, new, themes, panes, replay, dice, help."""

    RANK = 1

    def _items(self) -> list[Item]:
        app, fight = self.gm, self.fight
        items: list[Item] = [
            ("file: open…", fight.action_open, "open another encounter file"),
            ("file: save", fight.action_save, "save the encounter (atomic, keeps a .bak)"),
            ("file: save as…", fight.action_save_as, "save under a new name"),
            ("file: new…", fight.action_new, "write a starter encounter and open it"),
            ("encounter: build", partial(_build, fight), "sides, zones, units from libraries, stats, house rules, without writing TOML (before the first action)"),
            ("replay: " + ("leave replay mode" if fight.replay_at is not None else "enter replay mode"), fight.action_toggle_replay, "step through the log"),
            ("dice: switch to " + ("auto-roll" if fight.dice_mode == "manual" else "entering physical dice"), fight.action_toggle_dice, "how rolls are made"),
            ("act: pick an action, step by step (F7)", fight.action_act, "the guided flow: who acts, what, on whom, with what, with the odds or damage bands at each choice; applies the line it builds"),
            ("help: keys", app.action_help, "every key binding"),
            *_unit_items(fight),
            ("pane: maximize or restore", fight.action_toggle_maximize, "one pane fills the screen"),
            ("log: undo", fight.action_undo, "take back the last action"),
            ("log: redo", fight.action_redo, "apply the undone action again"),
            ("forecast: how this fight is likely to go", partial(open_forecast, app), "play it many times through the rules engine from here: win chances, rounds, each unit's end (GM only)"),
        ]
        if fight.game.setup.data.get("party") is not None:
            items.append(("campaign: carry results to the party", fight.action_campaign_carry, "write this fight's Injuries, Stress, Kennel and deaths to the party file (the list is shown first)"))
        for pane in fight.system_panes():
            verb = "show" if pane.has_class("-hidden") else "hide"
            items.append((f"pane: {verb} {pane.TITLE}", partial(fight.toggle_pane, pane.id), f"{verb} the {pane.TITLE} pane"))
        from gm_console.ui.startup import register_later_themes

        register_later_themes(app)  # the bundled themes start-up left for after its first frame, if not there yet
        for name in sorted(app.available_themes):
            if not name.startswith("textual-"):
                items.append((f"theme: {name}", partial(app.set_theme, name), "switch theme (remembered)"))
        items += [
            ("players: start", fight.players_start, "serve the player view: what the players may see, live in a browser"),
            ("players: stop", fight.players_stop, "stop the player view (open pages say stale)"),
            ("players: show link", fight.players_show_link, "the player view's link and its QR code, for phones at the table"),
        ]
        return items + _forget_items(app, fight)


def _forget_items(app: GMConsoleApp, fight: FightScreen) -> list[Item]:
    """``lookup: forget``: a line for each question the rules lookup learned from this GM, one for all."""
    memory = app.memory
    learned = memory.learned()
    items: list[Item] = [
        (f'lookup: forget "{question}"', partial(fight.forget_learned, question), f"the rules lookup ranks {key} first for it, as you opened it"
         if memory.enabled else f"learned: {key} (not used while learning is off)")
        for question, key in learned
    ]
    state = "on" if memory.enabled else "off (learn = false under [lookup] in the config file)"
    items.append(("lookup: forget everything learned", partial(fight.forget_learned, None), f"{len(learned)} learned; learning is {state}"))
    return items


def open_forecast(app: GMConsoleApp) -> None:
    """The forecast screen on the fight as it stands, or at the replay's step
    (ui/screens/forecast_screen.py)."""
    from gm_console.ui.screens.forecast_screen import ForecastScreen

    app.push_screen(ForecastScreen(app.game, start=app.fight.replay_at))


def _unit_items(fight: FightScreen) -> list[Item]:
    """``unit: show NAME`` for every unit at the point on screen: its stat block (ui/screens/stat_block.py)."""
    state = fight.shown_state()
    return [
        (f"unit: show {unit.name}", partial(fight.show_unit, uid), f"the stat block of {unit.name} ({uid}): every number and where it comes from")
        for uid, unit in state.units.items()
    ]


def _build(fight: FightScreen) -> None:
    from gm_console.ui.screens.build import open_build

    open_build(fight)


def _hit(score: float, shown, label: str, callback: Callable[[], object], help_text: str) -> Hit:
    """A hit shown as the Content given; the help, which the palette can only
    take as markup, escaped so it reads back as written."""
    return Hit(score, shown, callback, text=clean(label), help=as_markup(help_text) if help_text else None)


def _discovery_hit(label: str, callback: Callable[[], object], help_text: str) -> DiscoveryHit:
    return DiscoveryHit(content(label), callback, text=clean(label), help=as_markup(help_text) if help_text else None)


def _first_line(text: str) -> str:
    line = text.strip().split("\n", 1)[0]
    return line if len(line) <= 100 else line[:97] + "..."
