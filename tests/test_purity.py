"""The rules core imports no UI or CLI library and does no I/O at import.

Like harlequin's import-hygiene test: import each core module in a fresh
interpreter and look at sys.modules.
"""

from __future__ import annotations

import json
import pkgutil
import subprocess
import sys

import gm_console.core

FORBIDDEN = ("textual", "rich", "typer", "tomllib", "tomli_w", "platformdirs")


def core_modules() -> list[str]:
    names = ["gm_console.core"]
    for info in pkgutil.walk_packages(gm_console.core.__path__, "gm_console.core."):
        names.append(info.name)
    return names


def test_core_modules_are_found():
    names = core_modules()
    assert "gm_console.core.game" in names and "gm_console.core.notation" in names
    assert len(names) >= 12


def test_core_imports_no_ui_cli_or_file_libraries():
    code = (
        "import importlib, json, sys\n"
        f"for name in {core_modules()!r}: importlib.import_module(name)\n"
        "print(json.dumps(sorted(m for m in sys.modules)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = set(json.loads(out.stdout))
    bad = sorted(m for m in loaded if m.split(".")[0] in FORBIDDEN)
    assert bad == [], f"the core pulled in {bad}"


def test_core_source_has_no_file_or_terminal_io():
    import ast
    from pathlib import Path

    root = Path(gm_console.core.__file__).parent
    offenders = []
    for path in root.rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("open", "print", "input"):
                offenders.append(f"{path.relative_to(root)}:{node.lineno} {node.func.id}()")
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                mod = node.module if isinstance(node, ast.ImportFrom) else node.names[0].name
                if mod and mod.split(".")[0] in ("os", "io", "pathlib", "shutil", "tempfile", "subprocess", "socket"):
                    offenders.append(f"{path.relative_to(root)}:{node.lineno} import {mod}")
    assert offenders == []


def test_help_and_validate_do_not_import_textual(tmp_path):
    code = (
        "import sys\n"
        "from typer.testing import CliRunner\n"
        "from gm_console.cli import app\n"
        "r = CliRunner()\n"
        "r.invoke(app, ['--help'])\n"
        f"r.invoke(app, ['validate', {str(tmp_path / 'missing.toml')!r}])\n"
        "print('textual' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_opening_a_file_skips_typer():
    code = (
        "import sys\n"
        "sys.argv = ['gm-console', '/no/such/fight.toml']\n"
        "from gm_console.launch import main\n"
        "try:\n    main()\nexcept SystemExit as e:\n    print(e.code, 'typer' in sys.modules, 'textual' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["1", "False", "False"]
    assert "no such file" in out.stderr
