"""What the rules lookup learns from this GM, for the console: the questions
read once as it starts (``gm_console/files/learned.py``), what the palette and
ctrl+r teach it (the second or third hit opened for a question), and
``lookup: forget``. The ranking gets it as a plain mapping (``for_ranking``).

Off when the config says ``[lookup] learn = false``: nothing is remembered
and nothing remembered is used. A file that could not be read is never
written over: learning waits until the GM fixes it."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path


class TableMemory:
    def __init__(self, path: Path | None = None, *, enabled: bool = True) -> None:
        self.path = path
        self.enabled = enabled
        self.questions: dict[str, str] = {}  # as in the file: query_key -> entry key
        self.problems: list[str] = []
        self._read = False
        self._keyed: dict[str, str] | None = None

    def read(self) -> list[str]:
        """Read the file, once (later calls read nothing); the problems to show the GM. The console
        reads it at start when learning is on, and ``lookup: forget`` whenever it is asked."""
        if self._read:
            return []
        self._read = True
        from gm_console.files.learned import learned_path, read_learned

        self.path = self.path or learned_path()
        learned = read_learned(self.path)
        self.questions, self.problems = learned.questions, learned.problems
        if self.problems:
            return [*self.problems, "the rules lookup does not learn until the file is fixed (it is never written over)"]
        return []

    def for_ranking(self) -> Mapping[str, str]:
        """question (``query_key``) -> entry key; empty when learning is off."""
        if not self.enabled:
            return {}
        self.read()
        if self._keyed is None:
            from gm_console.lookup.answer import query_key

            self._keyed = {query_key(q): k for q, k in self.questions.items()}
        return self._keyed

    def remember(self, query: str, key: str) -> None:
        """``key`` was opened for ``query`` as its second or third hit. Raises OSError when the file
        cannot be written (the lookup still ranks it first for this session)."""
        from gm_console.lookup.answer import query_key

        if not self.enabled:
            return
        self.read()
        question = query_key(query)
        if not question or self.for_ranking().get(question) == key:
            return
        self.questions = {q: k for q, k in self.questions.items() if query_key(q) != question}
        self.questions[question] = key
        self._keyed = None
        self._write()

    def forget(self, question: str | None = None) -> int:
        """Forget one question (as ``learned()`` lists it) or, with None, all; how many were forgotten.
        Raises ValueError when the file could not be read (it is the GM's to fix), OSError when it
        cannot be written."""
        self.read()
        if self.problems:
            raise ValueError(f"{self.problems[0]}; fix or delete the file by hand")
        if question is None:
            gone, self.questions = len(self.questions), {}
        else:
            gone = int(self.questions.pop(question, None) is not None)
        self._keyed = None
        if gone:
            self._write()
        return gone

    def learned(self) -> list[tuple[str, str]]:
        """(question, entry key) of everything learned, in the file's order."""
        self.read()
        return list(self.questions.items())

    def _write(self) -> None:
        if self.problems:  # the GM's broken file stays as they wrote it
            return
        from gm_console.files.learned import learned_path, write_learned

        self.path = self.path or learned_path()
        write_learned(self.questions, self.path)
