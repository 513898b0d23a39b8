"""Hypothesis strategies shared by the tests: random actions of any class,
built from the same syntax specs the parser reads."""

from __future__ import annotations

import dataclasses

from hypothesis import strategies as st

from gm_console.core import notation as n
from gm_console.core.actions import Action
from gm_console.core.bounds import BIDI_CONTROLS
from gm_console.core.errors import NotationError

IDS = st.from_regex(r"[A-Za-z][A-Za-z0-9_-]{0,8}", fullmatch=True)
# names the notation accepts: no control or format characters, separators or bidi controls (gm_console/core/bounds.py)
NAMES = st.text(
    alphabet=st.characters(
        blacklist_categories=("Cc", "Cs", "Cf"),
        blacklist_characters="\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029" + BIDI_CONTROLS,
    ),
    min_size=1,
    max_size=20,
)


def value_strategy(kind: n.Kind) -> st.SearchStrategy:
    if kind.choices:
        return st.sampled_from(kind.choices)
    if kind is n.INT:
        return st.integers(-10_000, 10_000)
    if kind is n.DELTA:
        return st.integers(-100, 100)
    if kind is n.NAME:
        return NAMES
    if kind is n.DICE_EXPR:
        return st.builds(lambda c, s, m: str(n.DiceExpr(c, s, m)), st.integers(1, 9), st.integers(2, 100), st.integers(-9, 9))
    if kind is n.DURATION_KIND:
        return st.builds(lambda k, u: f"{k}{u}", st.integers(1, 9), st.sampled_from("trs"))
    from gm_console.core.actions import TEMPLATE_REF

    if kind is TEMPLATE_REF:  # add ... from=library:ID holds the id
        return IDS

    def parses(text: str) -> bool:
        try:
            kind.parse(text)
        except (NotationError, ValueError):
            return False
        return True

    return IDS.filter(parses).map(kind.parse)


DRAWS = 8  # tries at an action the class accepts before an example counts as invalid (0.7 ** 8: under 6%)


def action_strategy(cls: type[Action]) -> st.SearchStrategy[Action]:
    fields: dict[str, st.SearchStrategy] = {}
    for spec in cls.SYNTAX:
        if isinstance(spec, n.Arg):
            base = value_strategy(spec.kind)
            fields[spec.name] = st.one_of(st.just(spec.default), base) if spec.optional else base
        elif isinstance(spec, n.Opt):
            fields[spec.name] = st.one_of(st.just(spec.default), value_strategy(spec.kind))
        elif isinstance(spec, n.Flag):
            fields[spec.name] = st.booleans()
        elif isinstance(spec, n.Rest):
            fields[spec.name] = NAMES.map(str.strip).filter(bool)
        elif isinstance(spec, n.Extras):
            pair = st.tuples(st.from_regex(r"[a-z][a-z0-9_]{0,6}", fullmatch=True), st.integers(-999, 999))
            fields[spec.name] = st.lists(pair, max_size=3).map(tuple)
    if cls.ROLLS:
        fields["dice"] = st.one_of(st.none(), st.lists(st.integers(1, 20), min_size=1, max_size=4).map(tuple))

    @st.composite
    def build(draw):
        # The fields are drawn without the class's own checks (add needs a side or a template,
        # haste an amount of 1 or more, tick 1 to 1000...), which refused up to 70% of draws, and
        # Hypothesis's filter_too_much health check failed on a fresh run (no database) now and
        # then: 2 runs in 300 of add's, 1 of tick's. Drawn again here, as .filter() does: none in
        # 1,000 runs of each of add, tick, haste, slow, delay and rush since.
        for _ in range(DRAWS):
            values = {name: draw(strategy) for name, strategy in fields.items()}
            try:
                return cls(**values)
            except (NotationError, ValueError, TypeError):
                continue
        from hypothesis import reject

        reject()

    return build()


def all_action_classes() -> list[type[Action]]:
    from gm_console.core.game import verb_table
    from gm_console.core.system import all_systems

    return list(verb_table(all_systems()).values())


__all__ = ["action_strategy", "all_action_classes", "value_strategy", "dataclasses"]
