"""The rules core stays pure: no module under scoring/ imports flet or tinydb."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = {"flet", "flet_web", "tinydb"}
MODULES = sorted((ROOT / "scoring").rglob("*.py"))


def _imported(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute | ast.Name)
              and getattr(node.func, "attr", getattr(node.func, "id", "")) in
              {"import_module", "__import__"} and node.args
              and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            found.add(node.args[0].value.split(".")[0])
    return found


def test_scoring_has_modules():
    assert {p.name for p in MODULES} >= {"__init__.py", "game.py", "record.py", "rules.py"}


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_scoring_module_does_not_import_ui_or_storage(path):
    assert not _imported(path) & FORBIDDEN


def test_scoring_import_check_sees_imports(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text("import flet.core as f\nfrom tinydb import TinyDB\n"
                     "def later():\n    importlib.import_module('flet_web')\n")
    assert _imported(probe) >= FORBIDDEN


LIBRARIES = {"confusable_homoglyphs"}
"""Pure-Python packages the rules read data from: Unicode's confusables (look-alike names, R1)."""


def test_scoring_needs_only_the_standard_library():
    for path in MODULES:
        assert _imported(path) <= set(sys.stdlib_module_names) | LIBRARIES, path.name


def test_scoring_import_loads_no_flet_or_tinydb():
    code = (
        "import sys, scoring, scoring.record, scoring.game, scoring.rules, scoring.errors\n"
        "import scoring.__main__\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in {'flet', 'flet_web', 'tinydb'})\n"
        "print(','.join(bad))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == ""
