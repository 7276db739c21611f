"""A suit in a sentence is the rule book's: a refusal and a statistics head name the suit the
book gives the rule (its blind suit), in the table's language, never one written into the phrase.
"""

from __future__ import annotations

import dataclasses

import pytest

from app import books
from app.i18n import reason
from app.state import AppState
from app.views import stats_screen
from scoring import TEMMELS, WUERTTEMBERG, Game, Round, RoundError, Settings, Suit

PLAYERS = ("Anna", "Ben", "Carl")
DIAMONDS_BLIND = dataclasses.replace(WUERTTEMBERG, rules=tuple(
    dataclasses.replace(rule, suit=Suit.DIAMONDS) if rule.name == "blind" else rule
    for rule in WUERTTEMBERG.rules))
"""Württemberg as a house whose blind suit is diamonds (nothing else changed)."""


def knock_called_blind(book) -> RoundError:
    game = Game(PLAYERS, Settings(book))
    with pytest.raises(RoundError) as refused:
        game.verify_round(Round("Ben", Suit.HEARTS, {"Anna": 2, "Ben": 2, "Carl": 2}, dealer="Anna",
                                blind=True, knock=True))
    return refused.value


@pytest.mark.parametrize(("book", "language", "said"), [
    (WUERTTEMBERG, "en", "a knock round cannot be hearts blind"),
    (WUERTTEMBERG, "de", "eine Klopfrunde kann nicht Herz blind sein"),
    (DIAMONDS_BLIND, "en", "a knock round cannot be diamonds blind"),
    (DIAMONDS_BLIND, "de", "eine Klopfrunde kann nicht Karo blind sein"),
    (DIAMONDS_BLIND, "nl", "een klopronde kan geen ruiten blind zijn"),
])
def test_a_knock_called_blind_is_refused_naming_the_books_blind_suit(book, language, said):
    error = knock_called_blind(book)
    assert error.code == "knock_blind"
    assert said in reason(language, error)


def test_a_book_without_a_blind_call_names_no_suit():
    game = Game(PLAYERS, Settings(TEMMELS))
    with pytest.raises(RoundError) as refused:
        game.verify_call_blind("Ben", 1)
    assert refused.value.code == "blind_off"
    for language in ("en", "de", "nl"):
        words = reason(language, refused.value).lower()
        assert not any(suit in words for suit in ("hearts", "herz", "harten")), words


def heads(app: AppState, book: str, language: str) -> list[str]:
    app.prefs.language = language
    app.stats.book = book
    return [app.stats.head(column, word) for column, word in stats_screen.HEADS.items()]


@pytest.mark.parametrize(("language", "yellow", "hearts"), [
    ("en", "Yellow blind", "Hearts blind"), ("de", "Gelb blind", "Herz blind"),
    ("nl", "Geel blind", "Harten blind")])
def test_the_blind_column_is_headed_with_the_books_suit(app: AppState, language, yellow, hearts):
    assert yellow in heads(app, "24", language) and hearts not in heads(app, "24", language)
    assert hearts in heads(app, "20ab", language) and yellow not in heads(app, "20ab", language)


def test_presets_with_other_blind_suits_head_the_column_without_one(app: AppState, monkeypatch):
    # a book whose presets go blind with different suits has no one suit to name over their games
    monkeypatch.setattr(books.Book, "figures", lambda self: {})
    assert "Blind calls" in heads(app, "20ab", "en")
    assert "Blind angesagt" in heads(app, "20ab", "de")
