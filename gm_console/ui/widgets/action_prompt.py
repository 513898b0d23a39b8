"""The action prompt: type notation, Tab completes verbs and names."""

from __future__ import annotations

from textual.binding import Binding
from textual.geometry import Size
from textual.reactive import Reactive
from textual.suggester import Suggester

from gm_console.core.actions import Action
from gm_console.core.completion import candidates
from gm_console.core.errors import GMError
from gm_console.core.game import Game
from gm_console.ui.widgets.literal import LiteralInput


class NotationSuggester(Suggester):
    def __init__(self, game: Game) -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self.game = game
        self._legal: tuple[object, int, object, list[Action]] | None = None  # (state, log length, newest entry, actions)

    def legal(self) -> list[Action]:
        """The actions legal now (what the palette offers), which completion puts first:
        worked out once per state of the game, not per key (undo and redo give a new state or length)."""
        game = self.game
        log = game.log
        key = (game.state, len(log), log[-1] if log else None)
        cached = self._legal
        if cached is not None and cached[0] is key[0] and cached[1] == key[1] and cached[2] is key[2]:
            return cached[3]
        try:
            legal = game.legal_actions()
        except GMError:  # a system that cannot list them now: completion orders by the verbs alone
            legal = []
        self._legal = (*key, legal)
        return legal

    def stat_names(self) -> list[str]:
        names: set[str] = set()
        for unit in self.game.state.units.values():
            names.update(unit.stats)
        return sorted(names)

    def suggest(self, value: str) -> str | None:
        """The completion of ``value`` (what the prompt shows greyed after the cursor)."""
        if not value:
            return None
        found = candidates(value, self.game.verbs, self.game.state, {"stat": self.stat_names()}, self.legal)
        return found[0] if found else None

    async def get_suggestion(self, value: str) -> str | None:
        return self.suggest(value)


# what the empty prompt suggests typing, per system (the verbs of a fight in it)
HINTS = {
    "ctb": "next · hit UNIT TARGET · cond UNIT NAME for=2t",
    "conflict": "turn UNIT · attack UNIT TARGET WEAPON · task UNIT ATTR SKILL",
    "reactor": "strike UNIT -> TARGET block=none · station UNIT · next",
}
GENERIC_HINT = "next · roll 2d20 · note ..."


def hint(game: Game) -> str:
    """The prompt's placeholder: this encounter's systems' lines, then the keys."""
    lines = [HINTS[name] for name in game.systems if name in HINTS] or [GENERIC_HINT]
    return f"type an action: {' · '.join(lines)}   Tab completes · Enter applies · ctrl+p palette"


class ActionPrompt(LiteralInput):
    """One line of action notation; Enter applies it."""

    DEFAULT_CSS = """
    ActionPrompt { height: 1; border: none; padding: 0 1; background: $boost; }
    ActionPrompt:focus { border: none; background: $gm-highlight-focus; background-tint: $foreground 0%; }
    ActionPrompt > .input--placeholder, ActionPrompt > .input--suggestion { color: $gm-muted; }
    ActionPrompt:disabled:can-focus { opacity: 1; }
    """
    # Focused, the prompt has the background of the focused log's highlight (each theme picks it for
    # the contrast of every text on it, tests/ui/test_contrast.py). Disabled (replay mode), its text is
    # not faded as Textual fades a disabled widget: the hint stays readable, and the status line says why.
    # Input sets its virtual width on every key, and Widget declares that reactive
    # with layout=True: the whole screen would be laid out again per key press.
    # One fixed-size line scrolls sideways without a layout.
    virtual_size = Reactive(Size(0, 0), layout=False)

    def watch_virtual_size(self) -> None:
        # What that layout also did: keep the sideways scroll within the text
        # (deleting the end of a long line would leave it scrolled past the end).
        self.scroll_x = self.scroll_x  # the reactive's validator clamps it

    BINDINGS = [
        Binding("tab", "complete", "Complete", show=False, priority=True),
        Binding("up", "history(-1)", "Previous", show=False),
        Binding("down", "history(1)", "Next", show=False),
    ]

    def __init__(self, game: Game, **kwargs) -> None:
        super().__init__(placeholder=hint(game), suggester=NotationSuggester(game), **kwargs)
        self.history: list[str] = []
        self._history_at = 0
        self._hint = hint(game)

    def on_resize(self) -> None:
        self.fit_hint()

    def fit_hint(self) -> None:
        """The hint cut to the prompt's width with an ellipsis (Input cuts a
        placeholder at its edge with none: ``ctrl+p palett``)."""
        width = self.content_size.width
        text = self._hint
        if width and len(text) > width:  # (the hints are ASCII and the separator: a cell each)
            text = text[: max(0, width - 1)].rstrip(" ·") + "…"
        if text != self.placeholder:
            self.placeholder = text

    def on_mount(self) -> None:
        if self.app.is_headless:  # tests and snapshots: a blinking cursor would make frames differ
            self.cursor_blink = False

    def set_game(self, game: Game) -> None:
        self.suggester = NotationSuggester(game)
        self._hint = hint(game)
        self.placeholder = self._hint
        self.fit_hint()

    def completion(self) -> str | None:
        """What Tab would complete the text to: asked of the suggester itself
        (Input keeps the suggestion it shows in a private attribute)."""
        suggester = self.suggester
        if not self.value or not isinstance(suggester, NotationSuggester):
            return None
        found = suggester.suggest(self.value)
        return found if found and found.startswith(self.value) else None

    def action_complete(self) -> None:
        found = self.completion()
        if found:
            self.value = found
            self.cursor_position = len(self.value)
        else:
            self.screen.focus_next()

    def action_history(self, step: int) -> None:
        if not self.history:
            return
        self._history_at = max(0, min(len(self.history), self._history_at + step))
        self.value = self.history[self._history_at] if self._history_at < len(self.history) else ""
        self.cursor_position = len(self.value)

    def remember(self, line: str) -> None:
        if not self.history or self.history[-1] != line:
            self.history.append(line)
        self._history_at = len(self.history)
