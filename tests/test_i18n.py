"""Every word in the table's language: the gettext catalogues, plurals, the engine's and the store's codes."""

from __future__ import annotations

import ast
import datetime as dt
import gettext

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from app.books import OPTION_VALUES, PRESETS
from app.i18n import (
    LANGUAGES,
    NAMES,
    SHORT,
    STORE,
    WARNINGS,
    format_date,
    format_decimal,
    format_percent,
    names_in,
    ntext,
    ptext,
    reason,
    text,
    translations,
)
from app.locale import build
from app.store import GameNotFoundError, StoreError
from scoring import Colour, Game, Round, ScoringError, Settings
from scoring.errors import KINDS, MESSAGES


@pytest.fixture(scope="module")
def template() -> Catalog:
    """The phrases as the code marks them, extracted now (not the committed .pot)."""
    return build.extract()


def ids(catalog: Catalog) -> set[tuple[str | None, str]]:
    return {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in catalog if m.id}


def test_the_template_is_what_the_code_marks(template):
    with build.TEMPLATE.open("rb") as pot:
        committed = read_po(pot)
    assert ids(committed) == ids(template), "run `make translations` and translate what is new"


def _marked_calls() -> list[tuple[str, str | None, str]]:
    """Every keyword call with a literal phrase, read with ast (it sees inside f-strings; Babel does not)."""
    found = []
    for source in build.SOURCES:
        for path in sorted((build.ROOT / source).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not isinstance(node, ast.Call):
                    continue
                name = getattr(node.func, "attr", None) or getattr(node.func, "id", None)
                if name not in build.KEYWORDS:
                    continue
                spec = build.KEYWORDS[name] or (1,)
                context = None
                message = None
                for place in spec:
                    index = (place[0] if isinstance(place, tuple) else place) - 1
                    arg = node.args[index] if index < len(node.args) else None
                    value = arg.value if isinstance(arg, ast.Constant) else None
                    if isinstance(place, tuple):
                        context = value
                    elif message is None:
                        message = value
                if isinstance(message, str):
                    found.append((f"{path.relative_to(build.ROOT)}:{node.lineno}", context, message))
    return found


def test_every_phrase_used_in_the_code_is_in_the_template(template):
    calls = _marked_calls()
    assert len(calls) > 300  # the scan finds the pad's phrases at all
    absent = [f"{where}: {message!r}" for where, context, message in calls
              if (context, message) not in ids(template)]
    assert not absent, "a phrase Babel does not extract (inside an f-string?): " + "; ".join(absent)


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_every_catalogue_is_complete_clean_and_has_plural_forms(language, template):
    catalog = build.read(language)
    assert catalog.plural_forms == Catalog(locale=language).plural_forms  # the language's own (CLDR)
    assert build.problems(catalog, template) == []


def test_the_check_finds_a_missing_fuzzy_obsolete_or_misplaced_phrase():
    template = Catalog(locale="de")
    for message in ("Round {n}", "Cancel", "Saved"):
        template.add(message)
    template.add(("{n} trick", "{n} tricks"))
    catalog = Catalog(locale="de")
    catalog.add("Round {n}", "Runde {runde}")  # a placeholder renamed
    catalog.add("Cancel", "Abbrechen", flags=["fuzzy"])
    catalog.add(("{n} trick", "{n} tricks"), ("{n} Stich", ""))  # a plural form left empty
    catalog.obsolete["Old"] = catalog["Cancel"]
    found = "\n".join(build.problems(catalog, template))
    assert "missing: 'Saved'" in found
    assert "placeholders ['runde'] instead of ['n']" in found
    assert "fuzzy: 'Cancel'" in found
    assert "untranslated: '{n} trick'" in found
    assert "obsolete" in found


def test_each_compiled_catalogue_is_the_one_of_its_po():
    build.compile_missing()
    for language in LANGUAGES:
        po = build.catalogue_path(language)
        assert po.with_suffix(".mo").stat().st_mtime >= po.stat().st_mtime
        with po.with_suffix(".mo").open("rb") as mo:
            compiled = gettext.GNUTranslations(mo)
        for message in build.read(language):
            if message.id and isinstance(message.id, str) and message.string and not message.context:
                assert compiled.gettext(message.id) == message.string


@pytest.mark.parametrize("code", sorted(MESSAGES))
def test_every_refusal_code_of_the_engine_is_worded_in_german_and_dutch(code):
    for language in ("de", "nl"):
        assert translations(language).gettext(MESSAGES[code]) != MESSAGES[code], (code, language)


@pytest.mark.parametrize("code", sorted(STORE))
def test_every_store_code_is_worded_in_german_and_dutch(code):
    for language in ("de", "nl"):
        assert translations(language).gettext(STORE[code]) != STORE[code], (code, language)


@pytest.mark.parametrize("code", sorted(WARNINGS))
def test_every_store_warning_is_worded_in_german_and_dutch(code):
    for language in ("de", "nl"):
        assert translations(language).gettext(WARNINGS[code]) != WARNINGS[code], (code, language)


def test_the_words_looked_up_by_a_value_cover_every_value():
    from app.books import BOOKS as ADAPTERS
    from scoring import BOOKS, Suit

    assert set(NAMES) == set(SHORT) == set(Colour) | set(Suit)
    assert set(PRESETS) == {p for presets in BOOKS.values() for p in presets if p}
    for book in (b for presets in BOOKS.values() for b in presets.values()):
        for option in book.options:
            assert option.key in ADAPTERS[book.key].option_words, (book.key, option.key)
    books = [b for presets in BOOKS.values() for b in presets.values() if b.key == "20ab"]
    for option in (o for book in books for o in book.options if o.allowed is not None and len(o.allowed) > 1):
        for value in option.allowed:
            if not isinstance(value, bool | int):
                assert (option.key, str(value)) in OPTION_VALUES
    assert text("de", NAMES[Colour.YELLOW]) == "Gelb" and text("nl", SHORT[Suit.DIAMONDS]) == "R"
    assert {text("de", kind) for kind in KINDS.values()} >= {"eine Liste", "wahr/falsch"}


def test_a_phrase_told_apart_by_its_context():
    assert text("de", "Undo") == "Zurücknehmen"
    assert ptext("de", "snackbar: take back what was just done", "Undo") == "Rückgängig"


def test_a_missing_compiled_catalogue_is_said_loudly(tmp_path, monkeypatch):
    monkeypatch.setattr("app.i18n.LOCALE_DIR", tmp_path)
    translations.cache_clear()
    try:
        assert text("en", "Round {n}", n=2) == "Round 2"  # English needs no catalogue
        with pytest.raises(FileNotFoundError, match="make catalogues"):
            text("de", "Round {n}", n=2)
    finally:
        translations.cache_clear()


def test_plurals_come_from_gettext():
    assert ntext("en", "{n} trick left to give", "{n} tricks left to give", n=1) == "1 trick left to give"
    assert ntext("en", "{n} trick left to give", "{n} tricks left to give", n=2) == "2 tricks left to give"
    assert ntext("de", "{n} new game", "{n} new games", n=1) == "1 neues Spiel"
    leads = ("Round {round} · {leader} leads", "Round {round} · {leader} lead")
    assert ntext("de", *leads, round=3, leader="Anna und Ben", n=2) == "Runde 3 · Anna und Ben führen"
    assert ntext("en", *leads, round=3, leader="Anna", n=1) == "Round 3 · Anna leads"
    assert ntext("nl", *leads, round=3, leader="Anna", n=1) == "Ronde 3 · Anna leidt"


def test_a_refusal_in_german_and_dutch_names_round_and_values():
    game = Game(("Anna", "Ben", "Carl"), Settings())
    with pytest.raises(ScoringError) as caught:
        game.record(Round("Ben", Colour.RED, {"Anna": 5, "Ben": 5, "Carl": 0}))
    assert reason("en", caught.value) == "round 1: tricks add up to 10, not 6"
    assert reason("de", caught.value) == "Runde 1: die Stiche ergeben 10, nicht 6"
    assert reason("nl", caught.value) == "ronde 1: de slagen tellen op tot 10, niet 6"


def test_colours_in_a_refusal_are_worded():
    with pytest.raises(ScoringError) as caught:
        Game(("Anna", "Ben")).record(Round("Ben", Colour.RED, {"Anna": 3, "Ben": 3}, blind=True))
    assert caught.value.code == "blind_not_suit"
    # the book's blind suit and the trump called are both worded in the language
    assert reason("de", caught.value) == "Runde 1: nur Gelb kann blind angesagt werden, nicht Rot"
    assert reason("nl", caught.value) == "ronde 1: alleen geel kan blind gekozen worden, niet rood"


def test_store_failures_are_worded_without_ids_or_paths():
    missing = GameNotFoundError("614109e9ced3")
    assert reason("de", missing) == "dieses Spiel ist nicht mehr gespeichert"
    assert "614109e9ced3" not in reason("en", missing)
    assert reason("nl", StoreError("x", code="disk_full")) == "de schijf is vol"
    assert reason("de", OSError(28, "No space left on device")) == (
        "das Gerät hat das Speichern verweigert (No space left on device)")


def test_dates_and_numbers_the_languages_way():
    moment = dt.datetime(2026, 11, 22, 15, 30).astimezone()
    assert format_date("en", moment) == "22 Nov 2026, 15:30"
    assert format_date("de", moment) == "22.11.2026 15:30"
    assert format_date("nl", moment) == "22-11-2026 15:30"
    assert format_decimal("de", 22.5) == "22,5" and format_decimal("en", -1.25, 2) == "−1.25"
    assert format_percent("de", 2 / 3) == "67 %" and format_percent("en", 1) == "100%"


def test_names_kept_exactly_as_typed():
    assert names_in("nl", ["de Vries", "van Dijk"]) == "de Vries en van Dijk"
    assert text("de", "{name} wins with {score}", name="de Vries", score="−3") == "de Vries gewinnt mit −3"
