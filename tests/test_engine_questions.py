"""The questions a screen asks, each answered by the engine (R1, R6–R8, R13, Z6–Z11, Z17, Z20)."""

from __future__ import annotations

import dataclasses

import pytest

from scoring import (
    LEHRBLATT,
    TEMMELS,
    WUERTTEMBERG,
    Colour,
    Game,
    PlayersError,
    Round,
    ScoringError,
    Settings,
    Suit,
    verify_name,
)

THREE = ("Anna", "Ben", "Carl")
FOUR = ("Anna", "Ben", "Carl", "Dora")


def test_the_bids_a_caller_may_make_z7():
    assert list(Game(FOUR, Settings(WUERTTEMBERG)).bids()) == [1, 2, 3, 4, 5, 6]
    assert list(Game(FOUR, Settings(LEHRBLATT)).bids()) == []
    assert list(Game(THREE).bids()) == []


def test_the_suits_and_the_blind_suit_of_each_book_r5_r6_z5_z6():
    assert Game(THREE).suits == tuple(Colour) and Game(THREE).blind_suits == (Colour.YELLOW,)
    assert Game(FOUR, Settings(LEHRBLATT)).blind_suits == (Suit.HEARTS,)
    assert Game(FOUR, Settings(TEMMELS)).blind_suits == ()
    assert Game(FOUR, Settings(TEMMELS)).suit_named("hearts") is Suit.HEARTS
    assert Game(FOUR, Settings(TEMMELS)).suit_named("yellow") is None


def test_the_misdeal_counts_allowed_z17():
    assert Game(FOUR, Settings(WUERTTEMBERG)).misdeal_counts() == range(100)
    assert Game(FOUR, Settings(LEHRBLATT)).misdeal_counts() == range(1)


def test_the_value_of_a_trick_r8_z11():
    game = Game(THREE)
    assert [game.value_of(c) for c in Colour] == [1, 2, 1, 1]
    assert game.value_of(Colour.YELLOW, blind=True) == 4
    ab = Game(FOUR, Settings(LEHRBLATT))
    assert [ab.value_of(s) for s in Suit] == [1, 1, 2, 1] and ab.value_of(None) == 1


def test_the_counts_missing_and_the_count_that_follows_r7_z10():
    game = Game(FOUR)
    assert game.tricks_missing({"Anna": 2}) == ["Ben", "Carl", "Dora"]
    assert game.filled_tricks({"Anna": 2, "Ben": 1, "Carl": 3}) == {"Dora": 0}
    assert game.filled_tricks({"Anna": 2, "Ben": 1}) == {}
    assert game.filled_tricks({"Anna": 4, "Ben": 3, "Carl": 0}) == {}  # too many: no count fits
    assert game.filled_tricks({"Ben": 6}) == {"Anna": 0, "Carl": 0, "Dora": 0}  # every trick
    assert game.filled_tricks({"Anna": 1}, sat_out={"Ben", "Carl"}) == {"Dora": 5}
    five = Game(FOUR, Settings(TEMMELS))
    assert five.filled_tricks({"Carl": 5}) == {"Anna": 0, "Ben": 0, "Dora": 0}


def _tie(first_out: str | None = "Ben") -> tuple[Game, Round]:
    rounds = tuple(Round("Carl", Suit.HEARTS, {"Anna": 2, "Ben": 2, "Carl": 1}) for _ in range(4))
    last = Round("Carl", Suit.HEARTS, {"Anna": 2, "Ben": 2, "Carl": 1}, first_out=first_out)
    return Game(THREE, Settings(TEMMELS, tie_break="first_out"), rounds), last


def test_who_may_be_named_first_out_z20():
    game, last = _tie(None)
    assert game.first_out_choices(last) == ["Anna", "Ben"]
    assert not game.can_record(last)
    lowest = Game(THREE, Settings(TEMMELS), game.rounds)
    assert lowest.first_out_choices(last) == []  # tie_break lowest: nobody is asked
    one_out = Round("Carl", Suit.HEARTS, {"Anna": 3, "Ben": 1, "Carl": 1})
    assert game.first_out_choices(one_out) == []  # only Anna is out


def test_the_changes_of_a_round_are_known_before_the_first_out_is_named_z20():
    game, last = _tie(None)
    preview = game.preview(last)  # recording it is refused until the first out is named …
    for first in ("Anna", "Ben"):  # … yet no score depends on him: every choice scores alike
        named = game.record(dataclasses.replace(last, first_out=first)).results[-1]
        assert (preview.deltas, preview.scores, preview.notes) == (named.deltas, named.scores,
                                                                   named.notes)
    corrected = game.preview(Round("Carl", Suit.HEARTS, {"Anna": 3, "Ben": 1, "Carl": 1}), 2)
    assert corrected == game.replace(2, Round("Carl", Suit.HEARTS, {"Anna": 3, "Ben": 1,
                                                                    "Carl": 1})).results[1]
    with pytest.raises(ScoringError):  # any other refusal is the confirm's
        game.preview(Round("Carl", Suit.HEARTS, {"Anna": 2, "Ben": 2, "Carl": 2}))


def test_the_ranking_and_its_tie_rules_r13_z20():
    game, last = _tie("Ben")
    done = game.record(last)
    assert done.ranking() == [(1, "Ben", 0), (2, "Anna", 0), (3, "Carl", 10)]
    assert done.leaders == ("Ben",)
    shared = Game(THREE, Settings(TEMMELS), game.rounds).record(
        Round("Carl", Suit.HEARTS, {"Anna": 2, "Ben": 2, "Carl": 1}))
    assert shared.ranking() == [(1, "Anna", 0), (1, "Ben", 0), (3, "Carl", 10)]
    assert shared.leaders == ("Anna", "Ben")
    assert game.leaders == ("Anna", "Ben")  # still playing: the lowest now


def test_who_reached_the_limit_r12():
    game = Game(("Anna", "Ben"), rounds=(Round("Ben", Colour.RED, {"Anna": 6, "Ben": 0}),
                                         Round("Anna", Colour.YELLOW, {"Anna": 6, "Ben": 0})))
    assert game.reached_limit() == ("Ben",) and Game(FOUR, Settings(LEHRBLATT)).limit is None


def test_what_is_wrong_with_a_name_r1():
    assert verify_name("Anna", 1) == "anna"
    for name, taken, new, code in [("  ", {}, False, "player_empty"),
                                   ("anna ", {"anna": "Anna"}, False, "player_twice"),
                                   ("x" * 17, {}, True, "player_name_long"),
                                   ("a\nb", {}, True, "player_name_control")]:
        with pytest.raises(PlayersError) as info:
            verify_name(name, 2, taken, new=new)
        assert info.value.code == code
    verify_name("x" * 17, 2)  # a stored game with a longer name still opens
