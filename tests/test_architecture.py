"""The app's shape, enforced: views never touch the store, and no rule is decided in app/.

Data flows one way (README "How it is built"): a view calls a command on the app
state, :mod:`scoring` decides every rule, the store persists. So:

- no module under ``app/views`` imports the store (it asks the state);
- no module under ``app/`` decides which rule book it holds by its type or its
  key (``isinstance(…, TwentyAbGame)``, ``== "20ab"``, ``getattr(book, "bids")``) —
  it asks the game (:attr:`scoring.Game.steps`, its questions) or the rule book's
  adapter, looked up by key in :mod:`app.books`, the one place that names them;
- no module under ``app/`` reads a rule book's numbers (a threshold, a cost, a
  penalty): the engine applies them and says what it did (notes, refusals).

Each check is tested on a probe first, so a checker that sees nothing fails too.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
APP = sorted((ROOT / "app").rglob("*.py"))
VIEWS = sorted((ROOT / "app" / "views").rglob("*.py"))
ADAPTERS = ROOT / "app" / "books.py"
"""The one module that names the rule books (their adapters, by key)."""

BOOK_TYPES = {"TwentyAbGame", "TwentyAbSettings", "TwentyAbRound", "TwentyAbBook", "RuleBook",
              "TwentyAbDraft", "RoundDraft", "Settings", "Colour", "Suit"}
BOOK_KEYS = {"20ab", "24"}
RULE_FLAGS = {"bids", "misdeals", "dealer_required", "blind", "knock", "knock_trump", "end",
              "tie_break", "trump_chaos", "first_out", "final_trump", "sit_out_streak",
              "sit_out_max", "caller_no_trick"}
RULE_NUMBERS = {"sit_out_cost", "blind_margin", "no_sit_out_at_or_below", "blind_needs_at_least",
                "no_exchange_at_or_below", "strike_penalty", "sit_out_needs",
                "no_trick_factor", "caller_no_trick_factor", "trick_value", "yellow_trick_value",
                "blind_trick_value", "limit_factor"}


def store_imports(path: Path) -> list[str]:
    """Imports of the store in ``path`` (``app.store``, ``..store``, ``tinydb``)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            module = node.module or ""
            names = {a.name for a in node.names}
            if module in {"app.store", "store", "tinydb"} or module.startswith("app.store.") \
                    or module.startswith("store.") or (not module and "store" in names):
                found.append(f"line {node.lineno}: from {'.' * node.level}{module} import …")
        elif isinstance(node, ast.Import):
            found += [f"line {node.lineno}: import {a.name}" for a in node.names
                      if a.name.split(".")[0] == "tinydb" or a.name.startswith("app.store")]
    return found


def rule_decisions(path: Path) -> list[str]:
    """Places in ``path`` that decide a rule or pick a rule book outside the adapters."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id == "isinstance" and len(node.args) == 2:
                kinds = node.args[1]
                names = {n.id for n in ast.walk(kinds) if isinstance(n, ast.Name)} | \
                        {n.attr for n in ast.walk(kinds) if isinstance(n, ast.Attribute)}
                if names & BOOK_TYPES:
                    found.append(f"line {line}: isinstance(…, {sorted(names & BOOK_TYPES)[0]})")
            if node.func.id in {"getattr", "hasattr"} and len(node.args) >= 2 \
                    and isinstance(node.args[1], ast.Constant) \
                    and node.args[1].value in RULE_FLAGS | RULE_NUMBERS:
                found.append(f"line {line}: {node.func.id}(…, {node.args[1].value!r})")
        elif isinstance(node, ast.Compare):
            for side in (node.left, *node.comparators):
                if isinstance(side, ast.Constant) and side.value in BOOK_KEYS:
                    found.append(f"line {line}: compares with {side.value!r}")
        elif isinstance(node, ast.Attribute) and node.attr in RULE_NUMBERS:
            found.append(f"line {line}: reads .{node.attr}")
    return found


def test_store_check_sees_a_store_import(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text("from ..store import Store\nfrom app.store.games import x\nimport tinydb\n"
                     "from .. import store\nfrom ..state import AppState\n")
    assert len(store_imports(probe)) == 4


def test_rule_check_sees_every_kind_of_decision(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text(
        "if isinstance(game, TwentyAbGame): pass\n"
        "if isinstance(s, (scoring.TwentyAbSettings, int)): pass\n"
        "if book.book == '20ab': pass\n"
        "if getattr(book, 'bids', False): pass\n"
        "cost = book.sit_out_cost * 2\n"
        "ok = game.steps.bid and isinstance(x, str) and name == 'Anna'\n")
    assert [f.split(":")[0] for f in rule_decisions(probe)] == [
        "line 1", "line 2", "line 3", "line 4", "line 5"]


@pytest.mark.parametrize("path", VIEWS, ids=lambda p: p.name)
def test_views_do_not_import_the_store(path):
    assert store_imports(path) == []


@pytest.mark.parametrize("path", [p for p in APP if p != ADAPTERS],
                         ids=lambda p: str(p.relative_to(ROOT / "app")))
def test_no_rule_is_decided_in_the_app(path):
    assert rule_decisions(path) == []


def test_the_adapters_exist():
    assert ADAPTERS.exists()
