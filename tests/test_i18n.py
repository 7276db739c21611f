"""Every word in the table's language: phrases, plurals (gettext), the engine's and the store's codes."""

from __future__ import annotations

import datetime as dt
import string

import pytest

from app.i18n import (
    LANGUAGES,
    PLURALS,
    TEXTS,
    format_date,
    format_decimal,
    format_percent,
    names_in,
    reason,
    text,
)
from app.locale.refusals import KINDS, REFUSALS, STORE
from app.store import GameNotFoundError, StoreError
from scoring import Colour, Game, Round, ScoringError, Settings
from scoring.errors import KINDS as ENGINE_KINDS
from scoring.errors import MESSAGES


def blanks(template: str) -> frozenset[str]:
    return frozenset(f for _, f, _, _ in string.Formatter().parse(template) if f)


@pytest.mark.parametrize("key", sorted(TEXTS))
def test_every_phrase_in_every_language_with_the_same_blanks(key):
    assert set(TEXTS[key]) == set(LANGUAGES)
    assert len({blanks(TEXTS[key][lang]) for lang in LANGUAGES}) == 1, TEXTS[key]


@pytest.mark.parametrize("key", sorted(PLURALS))
def test_every_plural_in_every_language_with_the_same_blanks(key):
    assert set(PLURALS[key]) == set(LANGUAGES)
    assert len({blanks(form) for forms in PLURALS[key].values() for form in forms}) == 1


@pytest.mark.parametrize("code", sorted(MESSAGES))
def test_every_refusal_code_of_the_engine_is_worded_in_every_language(code):
    assert set(REFUSALS[code]) == set(LANGUAGES) - {"en"}  # English: the engine's own template
    for template in REFUSALS[code].values():
        assert blanks(template) == blanks(MESSAGES[code]), (code, template)


def test_no_wording_for_a_code_the_engine_does_not_have():
    assert set(REFUSALS) <= set(MESSAGES)
    assert set(KINDS) == set(ENGINE_KINDS.values())


@pytest.mark.parametrize("code", sorted(STORE))
def test_every_store_code_is_worded_in_every_language(code):
    assert set(STORE[code]) == set(LANGUAGES)
    assert len({blanks(t) for t in STORE[code].values()}) == 1


def test_plurals_come_from_gettext():
    assert ntext("en", "{n} trick left to give", "{n} tricks left to give", n=1) == "1 trick left to give"
    assert ntext("en", "{n} trick left to give", "{n} tricks left to give", n=2) == "2 tricks left to give"
    assert ntext("de", "{n} new game", "{n} new games", n=1) == "1 neues Spiel"
    assert ntext("de", "Round {round} · {leader} leads", "Round {round} · {leader} lead", round=3, leader="Anna und Ben", n=2) == "Runde 3 · Anna und Ben führen"
    assert ntext("en", "Round {round} · {leader} leads", "Round {round} · {leader} lead", round=3, leader="Anna", n=1) == "Round 3 · Anna leads"


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
    if caught.value.code == "blind_not_yellow":
        assert "Rot" in reason("de", caught.value)


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
