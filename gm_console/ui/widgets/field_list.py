"""The fields of one entry of the build screen: each key with its value, and
under it its legal range and what it is (the schema's own words,
gm_console/build/fields.py). Enter (or a click) on a field asks the screen
to edit it."""

from __future__ import annotations

from rich.text import Text
from textual.widgets.option_list import Option

from gm_console.build.fields import Field, HouseField, shown
from gm_console.core.schema import MISSING
from gm_console.ui.text import literal
from gm_console.ui.widgets.literal import LiteralOptionList

Row = Field | HouseField


def field_prompt(row: Row) -> Text:
    """Two lines: ``key = value`` (the default, dim, when the file sets none), then the legal range."""
    if isinstance(row, HouseField):
        rule = row.rule
        value = Text.assemble(literal(f"{rule.name} = ", "bold"), literal(shown(row.value)))
        if not row.changed:
            value.append_text(literal("  (the default)", "dim"))
        elif row.departs:
            value.append_text(literal("  departs from the text", "bold"))
        return Text("\n").join([value, literal(f"  {rule.spec.describe()}; default {shown(rule.default)}", "dim")])
    key = row.key
    if row.value is not MISSING:
        line = Text.assemble(literal(f"{key} = ", "bold"), literal(shown(row.value, row.spec)) if row.value != [] else literal("(none)", "dim"))
    else:
        line = Text.assemble(literal(f"{key} = ", "bold"), literal(row.text() or "(not set)", "dim"))
    return Text("\n").join([line, literal(f"  {row.range}", "dim")])


class FieldList(LiteralOptionList):
    """The fields of the entry the build screen shows."""

    DEFAULT_CSS = """
    FieldList { height: 1fr; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.rows: list[Row] = []

    def show(self, rows: list[Row]) -> None:
        """Show these fields, keeping the highlight on the same key when it is still there."""
        keep = self.highlighted_row()
        self.rows = list(rows)
        self.clear_options()
        self.add_options([Option(field_prompt(r), id=str(i)) for i, r in enumerate(self.rows)])
        if self.rows:
            paths = [r.path for r in self.rows]
            self.highlighted = paths.index(keep.path) if keep is not None and keep.path in paths else 0

    def highlighted_row(self) -> Row | None:
        i = self.highlighted
        return self.rows[i] if i is not None and 0 <= i < len(self.rows) else None
