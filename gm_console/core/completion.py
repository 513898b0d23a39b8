"""Completion of a half-typed action line: verbs, then the names each
argument expects (units, zones, sides), then option keys. Driven by the
same syntax specs as the parser, so it never offers what cannot parse."""

from __future__ import annotations

from gm_console.core import notation as n
from gm_console.core.actions import Action
from gm_console.core.state import State


def _names(kind: n.Kind, state: State) -> list[str]:
    """The ids a reference kind names, then the names that differ from every id
    and can be typed as one word (``notation.resolve_names`` reads them)."""
    table = n.ref_table(kind, state)
    ids = list(table)
    lowered = {i.lower() for i in ids}
    names = []
    for name in table.values():
        if name.lower() not in lowered and n.WORD_ID.fullmatch(name) and name not in names:
            names.append(name)
    return ids + names


def candidates(text: str, verbs: dict[str, type[Action]], state: State, extra: dict[str, list[str]] | None = None) -> list[str]:
    """Whole-line completions of ``text`` (each one starts with ``text``)."""
    words = text.split(" ")
    if len(words) == 1:
        return [v + " " for v in sorted(verbs) if v.startswith(words[0]) and v != words[0]] + (
            [words[0] + " "] if words[0] in verbs else []
        )
    cls = verbs.get(words[0])
    if cls is None or n.is_rest_only(cls):
        return []
    head, partial = " ".join(words[:-1]), words[-1]
    done = [w for w in words[1:-1] if w]
    positional = [s for s in cls.SYNTAX if isinstance(s, (n.Arg, n.Lit))]
    given = [w for w in done if "=" not in w]
    options: list[str] = []
    for spec in cls.SYNTAX:
        if isinstance(spec, n.Opt) and not any(w.startswith(spec.word + "=") for w in done):
            options.append(spec.word + "=")
        elif isinstance(spec, n.Flag) and spec.text not in done:
            options.append(spec.text)
    if "=" in partial:
        key, _, value = partial.partition("=")
        opt = next((s for s in cls.SYNTAX if isinstance(s, n.Opt) and s.word == key), None)
        names = _names(opt.kind, state) if opt else []
        return [f"{head} {key}={name} " for name in names if name.startswith(value) and name != value]
    pool: list[str] = []
    if len(given) < len(positional):
        spec = positional[len(given)]
        if isinstance(spec, n.Lit):
            pool = [spec.text]
        else:
            pool = _names(spec.kind, state) + list((extra or {}).get(spec.kind.ref or spec.name, []))
    else:
        pool = options
    return [f"{head} {name}" + ("" if name.endswith("=") else " ") for name in pool if name.startswith(partial) and name != partial]
