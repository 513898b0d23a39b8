"""The import graph of the package, read from its source (nothing imported):
which ``gm_console`` modules each module imports, at module level, lazily
inside a function, or only for the type checker. The import-contract and
system-template tests are built on it."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from functools import cache
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "gm_console"


@dataclass(frozen=True)
class Edge:
    target: str  # a gm_console module
    line: int
    how: str  # "module" (runs on import), "lazy" (inside a function), "typing" (under TYPE_CHECKING)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@cache
def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


@cache
def imports(name: str) -> tuple[Edge, ...]:
    """What module ``name`` imports of gm_console, each with its line and how."""
    path = modules()[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    known = modules()
    out: list[Edge] = []

    def add(target: str, node: ast.AST, how: str) -> None:
        if target in known and target != name:
            out.append(Edge(target, node.lineno, how))

    def visit(nodes: list[ast.stmt], how: str) -> None:
        for node in nodes:
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                visit(node.body, "typing")
                visit(node.orelse, how)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                visit(node.body, "lazy" if how == "module" else how)
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    add(alias.name, node, how)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                    base = ".".join([*parts, *([node.module] if node.module else [])])
                submodules = [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in known]
                for target in submodules:
                    add(target, node, how)
                if len(submodules) < len(node.names):  # a name the module (or package) defines
                    add(base, node, how)
            else:
                for field in ("body", "orelse", "finalbody", "handlers"):
                    inner = getattr(node, field, None)
                    if isinstance(inner, list):
                        visit(inner, how)

    visit(ast.parse(path.read_text(encoding="utf-8")).body, "module")
    return tuple(out)


def cycles(names: set[str], hows: tuple[str, ...] = ("module", "lazy")) -> list[list[str]]:
    """The import cycles among ``names`` (strongly connected sets of two or
    more modules), counting edges of the kinds in ``hows``."""
    graph = {n: sorted({e.target for e in imports(n) if e.how in hows and e.target in names}) for n in names}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return found
