"""Textual widgets that show what they are given as written.

``Static``, ``Label`` and ``OptionList`` read a str as markup by default and
draw control characters as they are. These never parse markup (the keyword
is not even accepted) and scrub whatever they are given, in the constructor,
in ``update`` and through the ``content`` property (``gm_console.ui.text``).
``LiteralInput`` keeps control characters (a paste with ESC in it) out of
what the GM types.
Panes, widgets and screens use these; ``tests/ui/test_markup.py`` fails on a
plain ``Static`` or ``Label`` in them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from textual.visual import VisualType
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from gm_console.ui.text import clean, scrub


def redraw_on_theme_change(widget: Static) -> None:
    """Static turns a Rich Text into content when it is given it, resolving the
    panes' style names (``gm_console.ui.palette``) in the theme of that moment:
    a new theme draws the same text again, in its colours."""
    widget.app.theme_changed_signal.subscribe(widget, lambda _theme: Static.update(widget, widget.content, layout=False))


if TYPE_CHECKING:
    _LiteralBase = Static  # for the type checker: _Literal is only ever mixed in before a Static (or a Label)
else:
    _LiteralBase = object


class _Literal(_LiteralBase):
    """What makes a Static or a Label literal: no markup, no control character."""

    def __init__(self, content: VisualType = "", **kwargs: Any) -> None:
        super().__init__(scrub(content), markup=False, **kwargs)

    def on_mount(self) -> None:
        redraw_on_theme_change(self)

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        super().update(scrub(content), layout=layout)

    @property
    def content(self) -> VisualType:
        return super().content

    @content.setter
    def content(self, content: VisualType) -> None:
        self.update(content)


class LiteralStatic(_Literal, Static):
    """A Static that never parses markup and shows no control character."""


class LiteralLabel(_Literal, Label):
    """A Label that never parses markup and shows no control character."""


def _scrub_option(option: Any) -> Any:
    if isinstance(option, Option):
        prompt = scrub(option.prompt)
        if prompt is option.prompt:
            return option
        return Option(prompt, id=option.id, disabled=option.disabled)
    if option is None:  # a separator
        return None
    return scrub(option)


class LiteralOptionList(OptionList):
    """An OptionList whose prompts are never markup and show no control character."""

    def __init__(self, *content: Any, **kwargs: Any) -> None:
        super().__init__(*content, markup=False, **kwargs)

    def add_options(self, new_options: Iterable[Any]) -> LiteralOptionList:
        return super().add_options([_scrub_option(o) for o in new_options])


class LiteralInput(Input):
    """An Input whose value never holds a control character: typed, pasted or
    set, each one becomes a placeholder (one for one, so the cursor stays put)."""

    def validate_value(self, value: str) -> str:  # Textual's public validate_<reactive> hook
        return clean(value)
