"""No colour is written into the UI code: every pane colour comes from the
theme (``gm_console/ui/palette.py`` style names, the themes' ``gm-*``
variables, Textual's ``$variables`` in CSS). The scan reads the string
literals of gm_console/ui (comments and prose do not count) and fails on a
Rich style made of colour words (``"bold red"``, ``"grey35"``, ``"white on
blue"``), a colour word after a CSS property (``color: red``), a hex colour
or an ``rgb(``/``hsl(`` colour."""

from __future__ import annotations

import io
import re
import tokenize

from rich.color import ANSI_COLOR_NAMES

from tests.conftest import ROOT

UI = ROOT / "gm_console" / "ui"
# file -> the literals it may hold, and why
ALLOWED: dict[str, set[str]] = {
    "themes.py": {"a colour like #1c1f24"},  # the loader's error message shows what a colour looks like
}

COLOUR_WORDS = set(ANSI_COLOR_NAMES) | {"orange", "purple", "pink", "brown", "gray", "grey"}
STYLE_WORDS = {
    "bold", "b", "dim", "d", "italic", "i", "underline", "u", "underline2", "uu", "blink", "blink2", "reverse", "r",
    "conceal", "c", "strike", "s", "frame", "encircle", "overline", "o", "not", "on", "none", "default",
}
HEX = re.compile(r"#[0-9a-fA-F]{3}(?:[0-9a-fA-F]{3})?(?:[0-9a-fA-F]{2})?\b")
FUNCTION = re.compile(r"\b(?:rgb|rgba|hsl|hsla|color)\(")
CSS_COLOUR = re.compile(r"[a-z-]*(?:color|background|border[a-z-]*|tint|outline[a-z-]*)\s*:\s*([^;}\n]*)")


def problems(source: str) -> list[str]:
    found = []
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type != tokenize.STRING and getattr(tokenize, "FSTRING_MIDDLE", None) != tok.type:
            continue
        text = tok.string
        body = re.sub(r"^[a-zA-Z]*(['\"]{1,3})|(['\"]{1,3})$", "", text)
        words = body.lower().split()
        if words and all(w in STYLE_WORDS | COLOUR_WORDS for w in words) and any(w in COLOUR_WORDS for w in words):
            found.append(f"line {tok.start[0]}: style {body!r}")
            continue
        for match in CSS_COLOUR.finditer(body):
            if any(w in COLOUR_WORDS for w in re.findall(r"[a-z_0-9]+", match.group(1).lower())):
                found.append(f"line {tok.start[0]}: CSS {match.group(0).strip()!r}")
        if HEX.search(body) or FUNCTION.search(body):
            found.append(f"line {tok.start[0]}: {body.strip()[:60]!r}")
    return found


def test_no_colour_literals_in_the_ui():
    bad = []
    for path in sorted(UI.rglob("*.py")):
        allowed = ALLOWED.get(path.name, set())
        for problem in problems(path.read_text(encoding="utf-8")):
            if not any(a in problem for a in allowed):
                bad.append(f"{path.relative_to(ROOT)} {problem}")
    assert not bad, "colours belong to the theme (gm_console/ui/palette.py, themes/*.toml):\n" + "\n".join(bad)


def test_the_scan_finds_what_it_looks_for():
    source = '''
x = Text("a", style="bold red")
y = "grey35"
z = "white on blue"
CSS = """Foo { color: red; background: #112233; } Bar { border: round $primary 50%; }"""
w = "rgb(1, 2, 3)"
ok = Text("the red team", style="dim")  # red
fine = "bold"
'''
    found = problems(source)
    assert [f.split(":")[0] for f in found] == ["line 2", "line 3", "line 4", "line 5", "line 5", "line 6"], found
