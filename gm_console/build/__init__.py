"""The builder: make or change an encounter without writing TOML.

``draft.py`` holds the encounter being built as its text and changes it one
validated step at a time (sides, zones, units, house rules, any key); every
step is checked by the same loader ``gm-console validate`` uses, and a step
that would make the file invalid is refused with those messages. ``fields.py``
says what can be set (every key of a unit, a zone, a side, the encounter, with
its legal range) and reads a typed value for it; ``sources.py`` finds the
units a GM adds (the encounter's libraries and the bundled ones, the party);
``options.py`` is the command line's syntax (``gm-console build FILE --add ...``).
Nothing here imports Textual: the build screen (ui/screens/build.py) is a view
of a ``Draft``.
"""
