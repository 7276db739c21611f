"""The app's shape, enforced: views never touch the store, and app/ only asks the engine.

Data flows one way (README "How it is built"): a view calls a command on the app
state, :mod:`scoring` decides every rule, the store persists. So:

- no module under ``app/views`` imports the store (it asks the state);
- app/ uses only the engine's public questions and values — an allowlist
  (:data:`ENGINE_PUBLIC`), imported from ``scoring`` (or the refusals'
  words from ``scoring.errors``), never a module of the engine's insides;
- outside :mod:`app.books` (the one module that names the rule books, their
  adapters by key) app/ holds no rule book: no book type or value
  (:data:`BOOK_VALUES`), no book or preset key (``"24"``, ``"20ab"``, ``"temmels"``), no ``rulebook``
  attribute and no number or switch of a rule book (:data:`RULE_ATTRIBUTES`,
  every field of :class:`scoring.RuleBook` the game does not answer itself),
  no option read off the settings (``settings.sit_out``: the game's questions
  answer it), and no suit compared (``trump is Suit.HEARTS``: the engine says
  what a suit does).

Each check is tested on a probe first, so a checker that sees nothing fails too.
"""

from __future__ import annotations

import ast
import dataclasses
import io
import re
import tokenize
from pathlib import Path

import pytest

from app.books import Book as Adapter
from scoring import (
    BOOKS,
    LEHRBLATT,
    WUERTTEMBERG,
    Colour,
    Game,
    Outcome,
    Round,
    RoundSteps,
    RuleBook,
    Settings,
    Suit,
)
from scoring.parts import Drop, Misdeals, Seats

ROOT = Path(__file__).resolve().parent.parent
APP = sorted((ROOT / "app").rglob("*.py"))
VIEWS = sorted((ROOT / "app" / "views").rglob("*.py"))
ADAPTERS = ROOT / "app" / "books.py"
"""The one module that names the rule books (their adapters, by key)."""

ENGINE_PUBLIC = {
    "Game", "Round", "RoundResult", "RoundSteps", "Outcome", "EndReason", "Happened", "Note",
    "Option", "Colour", "Suit", "ScoringError", "name_key", "tidy_name", "verify_name",
    "verify_new_name", "looks_alike", "best_score", "worst_score",
    "game_from_record", "game_to_record", "loads", "read_input", "replay_report", "replay_text",
    "KINDS", "MESSAGES", "N_", "Evening", "Played", "evening_of",
}
"""What app/ may import from the engine: the game, its values, its questions and refusals."""

ENGINE_MODULES = {"scoring", "scoring.errors"}
BOOK_VALUES = {"RuleBook", "Settings", "BOOKS", "TWENTY_FOUR", "LEHRBLATT", "WUERTTEMBERG",
               "TEMMELS", "rule_book", "MAX_START_SCORE"}
BOOK_KEYS = set(BOOKS) | {preset for presets in BOOKS.values() for preset in presets if preset}
"""The rule books' keys and their presets' (``"24"``, ``"20ab"``, ``"lehrblatt"`` …)."""
GAME_ANSWERS = {name for name in dir(Game) if not name.startswith("_")} | {
    f.name for f in dataclasses.fields(Game)}
"""What a game answers: its questions and its values (the derived ones too)."""
RULE_ATTRIBUTES = ({f.name for f in dataclasses.fields(RuleBook)} - GAME_ANSWERS
                   - {f.name for f in dataclasses.fields(Round)}
                   - {f.name for f in dataclasses.fields(RoundSteps)}
                   - {f.name for f in dataclasses.fields(Outcome)}
                   - {"key", "preset", "name", "options"}) | {"rulebook", "default_start_score"}
SETTINGS_VALUES = {"start", "limit", "options", "chosen_limit", "player_counts"}
BOOK_WORDS = {"key", "preset", "name", "options", "option", "choices"} | {
    f.name for f in dataclasses.fields(Adapter)}
"""What the app may read of a rule book itself: how it is named and what a table chooses (and of
its adapter in ``app/books.py``, its words). Its rules (``book.contract``, ``book.seats`` …) are
the engine's to answer."""


RULE_VALUES = {"tricks_per_round", "limit", "blind_needs", "sit_out_needs",
               "no_exchange_at_or_below", "sit_out_streak", "sit_out_never", "streak", "penalty",
               "cost", "gain", "contract", "needs", "strikes", "doubled", "plain", "trick_values"}
"""A rule's values by name: the app quotes them, never computes with them."""
READ_OFF_ONLY = {"limit"}
"""Rule values whose bare name is also a plain word of code (a page's ``limit``): one counts
only read off a value (``game.limit``)."""
SCORE_LIKE = re.compile(r"score|points|tricks|streak|bid|strike|misdeal", re.IGNORECASE)
"""What a rule's bar is held against: a score, a count of the game."""
SUIT_WORDS = {suit.value for suit in (*Colour, *Suit)} | {suit.name for suit in (*Colour, *Suit)}
"""A suit as its value or its name (``"hearts"``, ``"HEARTS"``)."""
CALL_FIELDS = {"blind", "knock", "bid", "sat_out"}
"""A round's call: a rule that reads two of them together is the engine's (Z7, Z8, Z9)."""
RANKINGS = {"min", "max", "sorted"}
NAME_CHECKS = {"verify_new_name": 2, "verify_name": 3, "verify_players": 1, "name_problem": 2}
"""The engine's name checks, by the place of their ``book`` argument: without it a name is
checked by the default book, not the game's."""
ADAPTER_ALLOWED = ("names ", "the book key ", "imports ")
"""What ``app/books.py`` alone may do: name the rule books, their keys and their types (it
is their adapter). Every other check holds for it too."""


def identifier(node: ast.AST) -> str | None:
    """The name a value is read by (``streak``, ``game.tricks_per_round`` → ``tricks_per_round``)."""
    return node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) \
        else None


def decisions(node: ast.AST) -> list[str]:
    """What ``node`` works out that the engine answers: arithmetic on a rule's value, a score held
    against a number, a suit compared by its value or name, an option read by its key, two of a
    call's fields read as one rule, a ranking, a name checked by the default book."""
    line = getattr(node, "lineno", 0)
    if isinstance(node, ast.BinOp):
        named = [identifier(side) for side in (node.left, node.right)
                 if not (isinstance(side, ast.Name) and side.id in READ_OFF_ONLY)]
        ruled = [name for name in named if name in RULE_VALUES]
        return [f"line {line}: arithmetic on the rule value {ruled[0]}"] if ruled else []
    if isinstance(node, ast.Compare):
        sides = [node.left, *node.comparators]
        numbers = [s.value for s in sides if isinstance(s, ast.Constant) and type(s.value) is int
                   and s.value not in (0, 1)]
        scores = [identifier(s) for s in sides if SCORE_LIKE.search(identifier(s) or "")]
        if numbers and scores:
            return [f"line {line}: {scores[0]} held against {numbers[0]}"]
        suits = [s.value for s in sides if isinstance(s, ast.Constant) and s.value in SUIT_WORDS]
        return [f"line {line}: a suit compared as {suits[0]!r}"] if suits else []
    if isinstance(node, ast.Subscript) and identifier(node.value) == "options" \
            and isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, str):
        return [f"line {line}: the option {node.slice.value!r} read by its key"]
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
            and node.func.attr == "get" and identifier(node.func.value) == "options" \
            and node.args and isinstance(node.args[0], ast.Constant):
        return [f"line {line}: the option {node.args[0].value!r} read by its key"]
    if isinstance(node, ast.BoolOp):
        fields = {identifier(v.operand if isinstance(v, ast.UnaryOp) else v) for v in node.values}
        if len(fields & CALL_FIELDS) >= 2:
            return [f"line {line}: reads {' and '.join(sorted(fields & CALL_FIELDS))} as one rule"]
    if isinstance(node, ast.Call):
        called = identifier(node.func)
        if (called in RANKINGS and node.args and SCORE_LIKE.search(ast.unparse(node.args[0]))) \
                or (called in RANKINGS and node.args and "final" in ast.unparse(node.args[0])):
            return [f"line {line}: a ranking worked out by {called}()"]
        if called in NAME_CHECKS and len(node.args) <= NAME_CHECKS[called] \
                and not any(k.arg == "book" for k in node.keywords):
            return [f"line {line}: {called}() by the default book"]
    return []


def of_a_book(node: ast.expr) -> bool:
    """Whether ``node`` is a rule book by its name (``book``, ``….book``)."""
    return (isinstance(node, ast.Name) and node.id == "book") or (
        isinstance(node, ast.Attribute) and node.attr == "book")
SUIT_TYPES = {"Colour", "Suit"}


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


def engine_uses(path: Path) -> list[str]:
    """Places in ``path`` that use more of the engine than its public questions and values."""
    found = []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    ours = {a.asname or a.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
            and not (node.module or "").startswith("scoring") for a in node.names}
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        found += decisions(node)
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("scoring"):
            if node.module not in ENGINE_MODULES:
                found.append(f"line {line}: from {node.module} import …")
            found += [f"line {line}: imports {a.name}" for a in node.names
                      if a.name not in ENGINE_PUBLIC]
        elif isinstance(node, ast.Import):
            found += [f"line {line}: import {a.name}" for a in node.names
                      if a.name.split(".")[0] == "scoring"]
        elif isinstance(node, ast.Name) and node.id in BOOK_VALUES and node.id not in ours:
            found.append(f"line {line}: names {node.id}")
        elif isinstance(node, ast.Constant) and node.value in BOOK_KEYS \
                and isinstance(node.value, str):
            found.append(f"line {line}: the book key {node.value!r}")
        elif isinstance(node, ast.Attribute):
            if of_a_book(node.value) and node.attr not in BOOK_WORDS:
                found.append(f"line {line}: reads book.{node.attr}")
            elif node.attr in RULE_ATTRIBUTES:
                found.append(f"line {line}: reads .{node.attr}")
            elif isinstance(node.value, ast.Attribute) and node.value.attr == "settings" \
                    and node.attr not in SETTINGS_VALUES:
                found.append(f"line {line}: reads settings.{node.attr}")
        elif isinstance(node, ast.Compare):
            for side in (node.left, *node.comparators):
                if isinstance(side, ast.Attribute) and isinstance(side.value, ast.Name) \
                        and side.value.id in SUIT_TYPES:
                    found.append(f"line {line}: compares with {side.value.id}.{side.attr}")
    return found


def test_store_check_sees_a_store_import(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text("from ..store import Store\nfrom app.store.games import x\nimport tinydb\n"
                     "from .. import store\nfrom ..state import AppState\n")
    assert len(store_imports(probe)) == 4


PROBES = {
    "an engine module": "from scoring.rules import Option\n",
    "a private name": "from scoring import _allowed\n",
    "a book type": "from scoring import RuleBook\n",
    "a book value": "book = TWENTY_FOUR\n",
    "a book key": "if form.book == '20ab': pass\n",
    "a preset's key": "words = {'temmels': 'Temmels'}\n",
    "a rulebook attribute": "top = game.settings.rulebook\n",
    "a rule number": "cost = game.book.sit_out.cost\n",
    "a rule switch": "if book.dealer.required: pass\n",
    "an option read": "if game.settings.sit_out: pass\n",
    "a suit compared": "if trump is Suit.HEARTS: pass\n",
    "the engine's insides": "import scoring.steps\n",
    # what the app once worked out itself, one line each (the engine answers every one)
    "a book's number named as a game answer": "need = game.book.blind_needs\n",
    "the bids worked out": "bids = range(1, game.tricks_per_round + 1)\n",
    "an option read by key": "if settings.options['tie_break'] == 'first_out': pass\n",
    "an option asked by key": "if game.settings.get('sit_out'): pass\n",
    "a suit compared by value": "if trump.value == 'hearts': pass\n",
    "a suit compared by name": "if suit.name == 'CLUBS': pass\n",
    "a score bar": "if score <= 12: pass\n",
    "whether a bid is asked": "ask = table.bids() and not draft.blind and not knock\n",
    "arithmetic on a rule value": "n = streak + 1\n",
    "arithmetic on the game's limit": "near = game.limit - 5\n",
    "rule values multiplied": "top = penalty * doubled\n",
    "a ranking worked out": "best = min(finals)\n",
    "a name checked by the default book": "verify_new_name(new, 1)\n",
}


@pytest.mark.parametrize("source", PROBES.values(), ids=PROBES.keys())
def test_the_engine_check_sees_each_kind_of_decision(tmp_path, source):
    probe = tmp_path / "probe.py"
    probe.write_text(source)
    assert len(engine_uses(probe)) == 1, engine_uses(probe)


def test_the_engine_check_passes_a_question(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text("from scoring import Game, Suit\nfrom ..books import BOOKS\n"
                     "ok = game.can_call_blind('Anna') and list(game.bids()) and game.steps.bid\n"
                     "colours = {Suit.HEARTS: 'red'}\nstart = game.settings.start\nkeys = list(BOOKS)\n"
                     "page = listed[place:place + limit]\n")
    assert engine_uses(probe) == []


@pytest.mark.parametrize("path", VIEWS, ids=lambda p: p.name)
def test_views_do_not_import_the_store(path):
    assert store_imports(path) == []


@pytest.mark.parametrize("path", APP, ids=lambda p: str(p.relative_to(ROOT / "app")))
def test_the_app_only_asks_the_engine(path):
    found = engine_uses(path)
    if path == ADAPTERS:  # the adapters name the books; they decide no rule either
        found = [use for use in found if not use.split(": ", 1)[1].startswith(ADAPTER_ALLOWED)]
    assert found == []


def test_the_adapters_module_is_checked_for_rules(tmp_path):
    # app/books.py is not exempted whole: a rule worked out there is reported like anywhere
    source = ADAPTERS.read_text(encoding="utf-8") + (
        "\n\ndef _odd(book):\n    return book.contract.penalty * 2\n")
    probe = tmp_path / "books.py"
    probe.write_text(source)
    found = [use for use in engine_uses(probe)
             if not use.split(": ", 1)[1].startswith(ADAPTER_ALLOWED)]
    assert [use.split(": ")[1] for use in found] == [
        "arithmetic on the rule value penalty", "reads book.contract"], found


def test_the_adapters_exist():
    assert ADAPTERS.exists()


def imported_modules(path: Path, package: str) -> set[str]:
    """The project modules ``path`` (a module of ``package``) imports anywhere: at the top, in a
    function, or only for the type checker — each ties the two modules together all the same."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[: len(package.split(".")) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            found |= {module} | {f"{module}.{a.name}" for a in node.names}
    return found


def module_graph(*packages: str) -> dict[str, set[str]]:
    """Each module of ``packages`` and the modules of the same packages it imports (a package's
    ``__init__`` is left out: importing a module of a package always runs it first)."""
    modules = {}
    for package in packages:
        for path in (ROOT / package).rglob("*.py"):
            if path.name != "__init__.py":
                name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
                modules[name] = path
    return {name: {m for m in imported_modules(path, name.rpartition(".")[0]) if m in modules}
            - {name} for name, path in modules.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles of ``graph``: for each module, a way back to itself if there is one."""
    found = []
    for start in sorted(graph):
        paths = [[start]]
        seen = set()
        while paths:
            path = paths.pop()
            for after in sorted(graph[path[-1]]):
                if after == start:
                    found.append([*path, start])
                    paths = []
                    break
                if after not in seen:
                    seen.add(after)
                    paths.append([*path, after])
    return found


def test_the_circle_check_sees_a_circle():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(graph) == [["a", "b", "c", "a"], ["b", "c", "a", "b"], ["c", "a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_no_module_imports_itself_in_a_circle():
    # A circle makes the import order matter and hides which module is the lower one: the rules'
    # steps read the game by what they ask of it (scoring.steps.Board), never by importing it.
    assert circles(module_graph("scoring", "app")) == []


# -- the sentences take their numbers from the rule book ---------------------------------------

NOT_RULE_NUMBERS = ("32 French", "(30: “30 ab”)", "A played 2", "0 or below", "exactly 0", "Exactly 0",
                    "past 0", "German double", "Two out at once", "(double)", "gains double", "twice",
                    "seat from 1", "from 0 to", "bid must be a whole number from 1", '"24"', '"20ab"',
                    "of 24", "of 20 ab", "UTF-8")
"""Numbers in a sentence that are no number of a rule book: a deck's name (32 cards, the doubled
German deck), a game's name (30 ab, 24, 20 ab), a card (variant A's 2), 0, where every game of 20 ab
ends and every count starts, R10's own name for 24's option (the caller gains double), two or more
out at once (Z20), a seat counted from 1, a bid of at least one trick (Z7), a name written twice
and the record's encoding."""

NUMBER_WORDS = re.compile(r"\d+|\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
                          r"twice|double|third|both)\b", re.IGNORECASE)
"""A number written in digits or in words."""


def help_sentences() -> dict[str, str]:
    """Every sentence the app words a rule book with: a preset's help, an option's title and
    help, a value's words, by where it is."""
    from app.books import BOOKS as ADAPTERS
    from app.books import OPTION_VALUES, PRESETS

    found = {f"preset {key}": help_ for key, (_, help_) in PRESETS.items()}
    found |= {f"value {key}={value}": words for (key, value), words in OPTION_VALUES.items()}
    for book in ADAPTERS.values():
        for key, (title, help_) in book.option_words.items():
            found |= {f"{book.key} {key} title": title, f"{book.key} {key} help": help_}
        found |= {f"{book.key} {key} proposed": help_ for key, help_ in book.proposed_help.items()}
    return found


def table_sentences() -> dict[str, str]:
    """Every sentence that tells the table what the rules refuse: the engine's refusals and the
    few words under a greyed control."""
    from app.i18n import HINTS, NOBODY_SITS_OUT
    from scoring.errors import MESSAGES

    return ({f"refusal {code}": words for code, words in MESSAGES.items()}
            | {f"hint {code}": words for code, words in {**HINTS, **NOBODY_SITS_OUT}.items()})


def literal_numbers(sentence: str) -> list[str]:
    """The numbers written into ``sentence`` (not its ``{blanks}``, nor :data:`NOT_RULE_NUMBERS`)."""
    for words in NOT_RULE_NUMBERS:
        sentence = sentence.replace(words, "")
    return NUMBER_WORDS.findall(re.sub(r"\{[^}]*\}", "", sentence))


def test_the_number_check_sees_a_number():
    assert literal_numbers("3–5 players, {tricks} tricks, 32 French") == ["3", "5"]
    assert literal_numbers("Two players must play, sat out twice") == ["Two"]


@pytest.mark.parametrize("where", sorted(help_sentences()))
def test_a_help_sentence_writes_no_rule_number(where):
    assert literal_numbers(help_sentences()[where]) == []


@pytest.mark.parametrize("where", sorted(table_sentences()))
def test_a_refusal_or_hint_writes_no_rule_number(where):
    assert literal_numbers(table_sentences()[where]) == []


def with_rules(book, *parts):
    """``book`` with each of ``parts`` in place of its rule of the same name (the tricks too)."""
    from scoring.parts import Tricks

    tricks = next((p for p in parts if isinstance(p, Tricks)), book.tricks)
    named = {p.name: p for p in parts if not isinstance(p, Tricks)}
    return dataclasses.replace(book, tricks=tricks,
                               rules=tuple(named.get(r.name, r) for r in book.rules))


def test_a_book_with_other_numbers_is_worded_with_them():
    from app.books import OPTION_VALUES, PRESETS
    from app.i18n import text

    odd = with_rules(dataclasses.replace(
        WUERTTEMBERG, seats=Seats(least=4, most=9, longest_name=16),
        tricks=dataclasses.replace(WUERTTEMBERG.tricks, per_round=7,
                                   decks=(("french32", 4), ("german_double", 7)))),
        Drop(high=200, low=20), dataclasses.replace(WUERTTEMBERG.sit_out, streak=4))
    filled = Settings(odd).figures()
    assert text("en", PRESETS["wuerttemberg"][1], **filled) == (
        "4–9 players, 7 tricks, bidding, knocking, misdeal strikes, 200 drops to 20.")
    assert text("en", OPTION_VALUES["deck", "french32"], **filled) == "32 French (4)"
    assert filled["streak"] == 5  # never 5 rounds running
    lehrblatt = Settings(with_rules(
        LEHRBLATT, dataclasses.replace(LEHRBLATT.tricks, doubled=3),
        dataclasses.replace(LEHRBLATT.blind, value=9), dataclasses.replace(LEHRBLATT.sit_out, cost=2))
    ).figures()
    assert text("de", PRESETS["lehrblatt"][1], **lehrblatt).startswith("3–5 Spieler")
    assert "×9" in text("en", PRESETS["lehrblatt"][1], **lehrblatt)
    assert "costs 2" in text("en", PRESETS["lehrblatt"][1], **lehrblatt)


def test_the_tables_notes_and_refusals_quote_the_books_numbers():
    # The notes under a round, a greyed control's hint and a refusal say the engine's numbers:
    # a book that strikes every 2nd misdeal, drops 42 to 4, lets 3 rounds be sat out running,
    # wants 3 at play and starts at 5 or more reads with those.
    from app.i18n import hint, reason, round_notes, text
    from scoring import TWENTY_FOUR, RoundError, SettingsError, Suit

    odd = with_rules(WUERTTEMBERG, Misdeals(strikes=2, cost=12), Drop(high=42, low=4),
                     dataclasses.replace(WUERTTEMBERG.sit_out, streak=3, min_playing=3))
    players = ["Anna", "Ben", "Carl", "Dora"]
    missed = Round("Dora", Suit.HEARTS, {"Anna": 2, "Ben": 2, "Carl": 2, "Dora": 0}, bid=6,
                   dealer="Anna", misdeals=2)
    game = Game(players, Settings(odd, start_score=30), [missed])
    assert round_notes(lambda words, **values: text("en", words, **values), game, 1) == {
        "Anna": ["2nd strike +12"], "Dora": ["made 0 of 6", "42 drops to 4"]}
    assert round_notes(lambda words, **values: text("de", words, **values), game, 1)["Anna"] == [
        "2. Strich +12"]

    sitting = [Round(caller, Suit.SPADES, {"Anna": 2, "Ben": 2, "Carl": 2}, sat_out={"Dora"},
                     dealer=dealer, bid=2)
               for caller, dealer in (("Ben", "Anna"), ("Carl", "Ben"), ("Anna", "Carl"), ("Ben", "Dora"))]
    with pytest.raises(RoundError) as streak:
        Game(players, Settings(odd, start_score=30), sitting)
    assert reason("en", streak.value) == "round 4: Dora sat out the 3 rounds before"
    two_out = Round("Ben", Suit.SPADES, {"Anna": 3, "Ben": 3}, sat_out={"Carl", "Dora"},
                    dealer="Anna", bid=3)
    with pytest.raises(RoundError) as too_few:
        Game(players, Settings(odd, start_score=30), [two_out])
    assert hint("en", too_few.value) == "3 players must play"
    assert reason("en", too_few.value).endswith("at least 3 players must take part")

    start = dataclasses.replace(TWENTY_FOUR.option("start_score"), minimum=5)
    high = dataclasses.replace(TWENTY_FOUR, options=(start, *TWENTY_FOUR.options[1:]))
    with pytest.raises(SettingsError) as low:
        Settings(high, start_score=2)
    assert reason("en", low.value) == "the start score must be a whole number from 5 to 999, not 2"


# -- the project speaks of itself -------------------------------------------------------------

ELSEWHERE = re.compile(r"[Ii]ssues? #?\d|shared/|§ ?\d|\bF[12]\b|RULES-20AB|(?<!docs/)\bRULES\.md")
"""What points outside the repository: an issue's number, the specs' folder, a section sign or a
label of another document. The rules' home in the repository is docs/RULES.md."""


def comments_and_docstrings(path: Path) -> list[tuple[int, str]]:
    """Each comment and docstring of ``path`` with its line (the code's strings are not words to
    a reader: a check may hold the very pattern it looks for)."""
    source = path.read_text(encoding="utf-8")
    found = [(token.start[0], token.string) for token in
             tokenize.generate_tokens(io.StringIO(source).readline) if token.type == tokenize.COMMENT]
    for node in ast.walk(ast.parse(source)):
        body = getattr(node, "body", None)
        if isinstance(body, list):  # a docstring: the first statement, or one after an assignment
            found += [(expr.lineno, expr.value.value) for expr in body
                      if isinstance(expr, ast.Expr) and isinstance(expr.value, ast.Constant)
                      and isinstance(expr.value.value, str)]
    return sorted(found)


def pointers_elsewhere(path: Path) -> list[str]:
    return [f"line {line}: {ELSEWHERE.search(words).group()}"  # type: ignore[union-attr]
            for line, words in comments_and_docstrings(path) if ELSEWHERE.search(words)]


def test_the_pointer_check_sees_each_kind(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text('"""As issue 20 asked."""\n\n# see shared/RULES.md\nX = 1\n"""RULES-20AB §7, F1."""\n'
                     'PATTERN = "issue 12"\n')
    assert pointers_elsewhere(probe) == ["line 1: issue 2", "line 3: shared/", "line 5: RULES-20AB"]


@pytest.mark.parametrize("path", sorted(p for folder in ("app", "scoring", "tests", "bench")
                                        for p in (ROOT / folder).rglob("*.py")),
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_comments_say_why_without_pointing_elsewhere(path):
    assert pointers_elsewhere(path) == []


# -- a suit in a sentence is the book's -------------------------------------------------------

SUIT_NAMES = {suit.value for suit in (*Colour, *Suit)}
"""Every suit's name as the code writes it (24's colours, 20 ab's French suits)."""
SINGULARS = {name.removesuffix("s") for name in SUIT_NAMES}
SUIT_WORD = re.compile(r"\b(?:" + "|".join(sorted(SUIT_NAMES | SINGULARS)) + r")\b", re.IGNORECASE)
"""A suit named in a phrase, in the plural or alone ("hearts", "heart", "Yellow")."""
SUIT_TYPES_NAMES = [{suit.value for suit in kind} for kind in (Colour, Suit)]


def phrases(path: Path) -> list[tuple[int, str]]:
    """Every phrase ``path`` marks for the catalogues (the calls the catalogues' build reads)."""
    from babel.messages.extract import extract

    from app.locale.build import KEYWORDS

    found = []
    with path.open("rb") as source:
        for line, message, _, _ in extract("python", source, keywords=KEYWORDS):
            found += [(line, phrase) for phrase in (message if isinstance(message, tuple) else (message,))
                      if phrase]
    return found


def suits_in_sentences(path: Path) -> list[str]:
    """The phrases of ``path`` that write a suit into a sentence ("hearts blind", "Yellow blind").

    The suit a rule book gives a rule (its blind suit, the one that doubles, the one that forbids
    sitting out) is a ``{blank}`` the engine fills, so a book with another suit reads with its own.
    Not reported: a suit's own name (the button's "Hearts"), and a list of every value of one
    kind of suit, which is what a record may hold ("red, yellow, green or blue")."""
    found = []
    for line, phrase in phrases(path):
        words = re.sub(r"\{[^}]*\}", "", phrase)
        named = {match.lower() for match in SUIT_WORD.findall(words)}
        if not named or phrase.lower() in SUIT_NAMES:
            continue
        if any(kind <= named for kind in SUIT_TYPES_NAMES):  # the record's words, all of them
            continue
        found.append(f"line {line}: {phrase}")
    return found


def test_the_suit_check_sees_a_suit_in_a_sentence(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text(
        'HEADS = {"blind_calls": N_("Yellow blind"), "own": N_("{blind_suit} blind")}\n'
        'MESSAGES = {"blind_off": N_("there is no hearts blind in this rule book")}\n'
        'def words(t, nt):\n'
        '    t("Nobody sits out with clubs")\n'
        '    nt("{n} heart", "{n} hearts", n=2)\n'
        '    t("Hearts"), t("{suit} blind", suit=1), t("unknown trump (red, yellow, green or blue)")\n')
    assert suits_in_sentences(probe) == [
        "line 1: Yellow blind", "line 2: there is no hearts blind in this rule book",
        "line 4: Nobody sits out with clubs", "line 5: {n} heart", "line 5: {n} hearts"]


@pytest.mark.parametrize("path", [*APP, ROOT / "scoring" / "errors.py"],
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_no_phrase_names_a_suit_the_book_decides(path):
    # the app's words and the engine's refusals it words: the suit is the book's blank
    assert suits_in_sentences(path) == []


# -- the table is composed of small parts -------------------------------------------------------

TABLE_MOST = 25
"""Public members of :class:`app.state.table.Table`: its state (the fields the views redraw from),
its parts, ``tell``/``report``, and Flet's ``subscribe``/``notify`` (it was one object of 87 that
inherited every question and command)."""
PART_MOST = 12
"""Public members of each part: one job, a few questions and commands."""


def public_members(cls: type) -> set[str]:
    """What ``cls`` offers its callers: its public attributes and (dataclass) fields."""
    fields = {f.name for f in dataclasses.fields(cls)} if dataclasses.is_dataclass(cls) else set()
    return {name for name in set(dir(cls)) | fields if not name.startswith("_")}


def too_many(cls: type, most: int) -> list[str]:
    """``cls``'s public members when there are more than ``most`` (empty when it is small)."""
    members = public_members(cls)
    return sorted(members) if len(members) > most else []


def test_the_size_check_sees_a_big_class():
    big = type("Big", (), {f"command_{n}": lambda self: None for n in range(13)})
    assert len(too_many(big, PART_MOST)) == 13
    assert too_many(type("Small", (), {"load": lambda self: None}), PART_MOST) == []


def test_the_table_is_composed_of_small_parts():
    from app.state.part import Part
    from app.state.table import Table

    assert not issubclass(Table, Part) and [c.__name__ for c in Table.__mro__] == [
        "Table", "Observable", "Table", "object"]  # composed, inheriting nothing of ours
    assert too_many(Table, TABLE_MOST) == []
    table = Table(store=None, prefs=None)  # type: ignore[arg-type]
    parts = {f.name: getattr(table, f.name) for f in dataclasses.fields(Table) if not f.init}
    assert len(parts) >= 8
    for name, part in parts.items():
        assert isinstance(part, Part), name
        assert type(part).__slots__ == (), name  # a part keeps no state: the table's fields hold it
        assert too_many(type(part), PART_MOST) == [], name
