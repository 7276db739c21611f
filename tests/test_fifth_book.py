"""A fifth rule book costs one definition: a house rule of 24, defined here and nowhere else, is
played through the engine, written to its record and read back, and worded by the app — its help
with its own numbers, its refusals with its own suits.

The toy: 24 where the doubled suit is red (a trick 3, blind 5), green forbids sitting out, and the
caller bids and must make his bid (2 called blind) or gains 5 × v instead of his tricks. A second toy,
a house Lehrblatt of 20 ab where diamonds count double and go blind and spades forbid sitting out,
shows that the help sentences quote the book's suits as they quote its numbers.
"""

from __future__ import annotations

import json

import pytest

from app.books import BOOKS as ADAPTERS
from app.books import PRESETS, book_of
from app.i18n import hint, reason, text
from app.state.prefs import Prefs
from app.state.words import sit_out_note
from scoring import (
    LEHRBLATT,
    TWENTY_FOUR,
    Colour,
    Game,
    Round,
    RoundError,
    RuleBook,
    Settings,
    Suit,
    game_from_record,
    game_to_record,
    loads,
    replay_report,
)
from scoring.book import Record
from scoring.parts import Blind, CallerNoTrick, Contract, Dealer, Limit, Seats, SitOut, Tricks

RED, YELLOW, GREEN, BLUE = Colour.RED, Colour.YELLOW, Colour.GREEN, Colour.BLUE

TOY = RuleBook(
    key="24", preset=None, name="24 with bids (a house rule)", suits=Colour,
    seats=Seats(least=3, most=5, longest_name=12),
    tricks=Tricks(per_round=6, decks=(), doubled_suit=RED, plain=1, doubled=3, no_trick=6),
    rules=(
        CallerNoTrick(gain=12, switched_by="caller_penalty"),
        SitOut(switched_by="sit_out", needs=None, restricted_by=None, most=1, min_playing=2,
               cost=0, streak=None, forbidding_suit=GREEN),
        Contract(blind=2, knock=4, penalty=5),
        Blind(suit=RED, value=5, needs=None, needs_above_start=False, restricted_by=None,
              left_of_dealer=False),
        Limit(factor=2),
    ),
    options=tuple(TWENTY_FOUR.option(key) for key in ("start_score", "trump_chaos", "sit_out",
                                                             "caller_penalty")),
    record=Record(round_fields=("caller", "trump", "blind", "bid", "sat_out", "tricks"),
                  required=("caller", "trump", "tricks"), null_is_absent=False, names_book=True),
)
BOOKS = {"24": {None: TOY}}
"""The books a record of the toy reads by (``rules.book`` "24", as a house rule of 24 is)."""
PLAYERS = ("Anna", "Ben", "Carl")


def rounds() -> tuple[Round, ...]:
    return (
        # Ben bids 3 with red (v = 3) and makes it
        Round("Ben", RED, {"Anna": 1, "Ben": 3, "Carl": 2}, bid=3),
        # Carl bids 5 with blue (v = 1), makes 4: 5 × 1 instead of his tricks; Anna sits out free
        Round("Carl", BLUE, {"Ben": 2, "Carl": 4}, bid=5, sat_out={"Anna"}),
        # Anna calls red blind (v = 5, contract 2) and makes 2; Carl gains 6 × 5, Ben is out
        Round("Anna", RED, {"Anna": 2, "Ben": 4, "Carl": 0}, blind=True),
    )


def test_the_toy_is_played_by_the_engine_with_its_own_numbers():
    game = Game(PLAYERS, Settings(TOY, sit_out=True), rounds())
    assert [r.scores for r in game.results] == [(21, 15, 18), (21, 13, 23), (11, -7, 53)]
    assert game.outcome is not None and game.outcome.winners == ("Ben",)
    assert list(game.bids()) == [1, 2, 3, 4, 5, 6]
    assert game.value_of(RED) == 3 and game.value_of(RED, blind=True) == 5
    assert game.contract(Round("Anna", RED, {}, blind=True)) == 2


def test_the_toys_refusals_follow_from_its_rules():
    game = Game(PLAYERS, Settings(TOY, sit_out=True))
    with pytest.raises(RoundError) as green:
        game.record(Round("Ben", GREEN, {"Anna": 3, "Ben": 3}, bid=2, sat_out={"Carl"}))
    assert green.value.code == "sit_out_not_with" and green.value.values["why"] is GREEN
    with pytest.raises(RoundError) as yellow:
        game.record(Round("Ben", YELLOW, {"Anna": 3, "Ben": 3, "Carl": 0}, blind=True))
    assert yellow.value.code == "blind_not_suit" and yellow.value.values["suit"] is RED
    with pytest.raises(RoundError) as no_bid:
        game.record(Round("Ben", BLUE, {"Anna": 3, "Ben": 3, "Carl": 0}))
    assert no_bid.value.code == "bid_missing"
    with pytest.raises(RoundError) as two:
        game.record(Round("Ben", BLUE, {"Ben": 6}, bid=1, sat_out={"Anna", "Carl"}))
    assert two.value.code == "sit_out_too_many" and two.value.values["expected"] == 1


def test_the_toys_record_is_written_and_read_by_its_definition():
    game = Game(PLAYERS, Settings(TOY, sit_out=True), rounds())
    record = game_to_record(game)
    assert record["rules"] == {"book": "24", "preset": None, "start_score": 24, "trump_chaos": False,
                               "sit_out": True, "caller_penalty": True}
    assert record["rounds"][0] == {"caller": "Ben", "trump": "red", "bid": 3,
                                   "tricks": {"Anna": 1, "Ben": 3, "Carl": 2}}
    assert record["rounds"][1]["sat_out"] == ["Anna"] and record["rounds"][2]["blind"] is True
    again = game_from_record(loads(json.dumps(record)), books=BOOKS)
    assert again.book is TOY and again.rounds == game.rounds
    assert replay_report(again) == replay_report(game)
    assert game_to_record(again) == record


def test_the_app_words_the_toys_help_and_refusals():
    settings = Settings(TOY, sit_out=True)
    figures = settings.figures()
    words = book_of(settings).option_words
    # its own numbers in the help: the caller without a trick gains 12, 36 or 60
    assert text("en", words["caller_penalty"][1], **figures) == (
        "The caller who makes no trick gains double (12, 36 or 60).")
    game = Game(PLAYERS, settings)
    with pytest.raises(RoundError) as green:
        game.verify_sit_out("Carl", "Ben", trump=GREEN)
    # its own suit in a refusal, in three languages
    assert hint("en", green.value) == "Nobody sits out with green as trump"
    assert hint("de", green.value) == "Niemand setzt aus, wenn Grün Trumpf ist"
    assert hint("nl", green.value) == "Niemand stapt uit als groen troef is"
    with pytest.raises(RoundError) as yellow:
        game.record(Round("Ben", YELLOW, {"Anna": 3, "Ben": 3, "Carl": 0}, blind=True))
    assert reason("de", yellow.value) == "Runde 1: nur Rot kann blind angesagt werden, nicht Gelb"
    prefs = Prefs()
    prefs.language = "en"
    assert sit_out_note(prefs, game.cost_of_sitting_out(GREEN), game.steps.sit_out_never) is None
    # its own blind suit where a blind call is changed (variant A): red, not 24's yellow
    chaos = Game(PLAYERS, Settings(TOY, trump_chaos=True))
    with pytest.raises(RoundError) as changed:
        chaos.record(Round("Ben", RED, {"Anna": 3, "Ben": 3, "Carl": 0}, blind=True,
                           final_trump=BLUE))
    assert changed.value.code == "blind_changed"
    assert reason("en", changed.value) == (
        "round 1: red blind can never be changed (final trump blue)")
    assert reason("de", changed.value) == (
        "Runde 1: Rot blind kann nie gewechselt werden (letzter Trumpf Blau)")
    assert reason("nl", changed.value).startswith("ronde 1: rood blind kan nooit")


HOUSE = RuleBook(
    key="20ab", preset="lehrblatt", name="20 ab, diamonds high (a house rule)", suits=Suit,
    seats=Seats(least=3, most=5, longest_name=16),
    tricks=Tricks(per_round=5, decks=(("french32", 5), ("german_double", 6)),
                  doubled_suit=Suit.DIAMONDS, plain=1, doubled=3, no_trick=5),
    rules=(
        SitOut(switched_by="sit_out", needs=6, restricted_by=None, most=2, min_playing=2,
               cost=1, streak=None, forbidding_suit=Suit.SPADES),
        Contract(blind=2, knock=4, penalty=5),
        Blind(suit=Suit.DIAMONDS, value=7, needs=None, needs_above_start=False, restricted_by=None,
              left_of_dealer=False),
        Dealer(required=False),
    ),
    options=LEHRBLATT.options, record=LEHRBLATT.record,
)
"""A house Lehrblatt: diamonds double (3) and blind (7), spades forbid sitting out, a bid to make."""


@pytest.mark.parametrize(("language", "preset", "sit_out", "missed"), [
    ("en", "3–5 players, the caller sits left of the dealer, diamonds blind ×7, sitting out costs 1.",
     "A player with 6 points or more may sit a round out (never with spades).",
     "Short of his bid the caller gains 5 (diamonds 15) instead of, or on top of, his tricks."),
    ("de", "3–5 Spieler, Ansager links vom Geber, Karo blind ×7, Aussteigen kostet 1.",
     "Wer 6 Punkte oder mehr hat, darf eine Runde aussteigen (nie bei Pik).",
     "Verfehlt der Ansager sein Gebot: +5 (Karo 15) statt seiner Stiche oder zusätzlich."),
    ("nl", "3–5 spelers, troefkiezer links van de gever, ruiten blind ×7, uitstappen kost 1.",
     "Wie 6 punten of meer heeft, mag een ronde uitstappen (nooit bij schoppen).",
     "Haalt de troefkiezer zijn bod niet: +5 (ruiten 15) in plaats van zijn slagen of erbij."),
])
def test_the_help_quotes_the_books_own_suits(language, preset, sit_out, missed):
    settings = Settings(HOUSE)
    figures = settings.figures()
    words = book_of(settings).option_words
    assert text(language, PRESETS["lehrblatt"][1], **figures) == preset
    assert text(language, words["sit_out"][1], **figures) == sit_out
    assert text(language, words["contract_penalty"][1], **figures) == missed
    # the books the pad plays keep their words: hearts and clubs in the Lehrblatt
    lehrblatt = Settings(LEHRBLATT).figures()
    assert "hearts blind" in text("en", PRESETS["lehrblatt"][1], **lehrblatt)
    assert "clubs" in text("en", ADAPTERS["20ab"].option_words["sit_out"][1], **lehrblatt)


def test_the_refusal_of_a_blind_call_names_the_books_blind_suit():
    import dataclasses

    left = dataclasses.replace(HOUSE, rules=tuple(
        dataclasses.replace(r, left_of_dealer=True) if isinstance(r, Blind) else r for r in HOUSE.rules))
    game = Game(("Anna", "Ben", "Carl"), Settings(left))
    with pytest.raises(RoundError) as refused:
        game.record(Round("Carl", Suit.DIAMONDS, {"Anna": 1, "Ben": 2, "Carl": 2}, blind=True,
                          dealer="Anna"))
    assert refused.value.code == "blind_not_left_of_dealer"
    assert reason("en", refused.value).startswith("round 1: Carl may not call diamonds blind: only Ben")
    assert reason("de", refused.value).startswith("Runde 1: Carl darf nicht Karo blind ansagen")
