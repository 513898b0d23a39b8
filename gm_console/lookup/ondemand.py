"""One game's rules lookup, built when it is first needed.

The palette's first list (an empty query) shows the first entries of the
index, and those come from the encounter's own systems only
(``own_entries``): it paints without the other systems' modules being
imported or the ranking tables built. ``prepare`` then builds the whole index
(and the tables a misspelt word needs) on a thread while the GM reads the
list and types; the first search waits for that build if it is still
running, or builds the index itself if none was started. A build that failed is done again where its error shows (the caller's
thread), as if no thread had tried.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from gm_console.core.reference import RefEntry
from gm_console.core.rules import Rules
from gm_console.core.setup import Setup
from gm_console.core.system import System
from gm_console.lookup.index import RulesIndex, build_index, own_entries


class _Build(threading.Thread):
    def __init__(self, build: Callable[[], RulesIndex]) -> None:
        super().__init__(name="rules-index", daemon=True)
        self._build = build
        self.index: RulesIndex | None = None

    def run(self) -> None:
        try:
            index = self._build()
            index.engine.letters  # noqa: B018 - the tables of "did you mean" too (about 20 ms), off the first misspelt word
            self.index = index
        except Exception:  # noqa: BLE001 - index() builds again on its caller's thread, where the error shows
            self.index = None


class Lookup:
    """The lookup of one game's systems, house rules and setup."""

    def __init__(self, systems: list[System], rules: Rules, setup: Setup) -> None:
        self._args = (systems, rules, setup)
        self._index: RulesIndex | None = None
        self._own: list[RefEntry] | None = None
        self._build: _Build | None = None

    def first(self, count: int) -> list[RefEntry]:
        """The index's first ``count`` entries, from the encounter's own
        systems when they hold that many (no build needed)."""
        if self._index is None:
            if self._own is None:
                self._own = own_entries(*self._args)
            if len(self._own) >= count:
                return self._own[:count]
        return self.index().entries[:count]

    def prepare(self) -> None:
        """Start building the index on a thread, unless it is built or building."""
        if self._index is None and self._build is None:
            own = self._own  # the first entries, when the palette's first list has worked them out
            self._build = _Build(lambda: build_index(*self._args, own=own))
            self._build.start()

    def index(self) -> RulesIndex:
        if self._index is None:
            build, self._build = self._build, None
            if build is not None:
                build.join()
                self._index = build.index
            if self._index is None:
                self._index = build_index(*self._args, own=self._own)
        return self._index
