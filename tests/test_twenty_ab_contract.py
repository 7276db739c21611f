"""Z14, the Württemberg caller's contract, under both ``contract_penalty`` options.

docs/RULES.md, Z14: the contract *c* is the bid, 2 in a blind round, 4 in a knock
round. With *t* ≥ *c* Z12 applies (−t·v). With *t* < *c*:

- ``replace`` (default): he gains 6·v and his tricks do not count;
- ``add``: "his tricks score as in Z12 and he gains 6·v on top", and Z12 gives a
  player with no trick +5·v — so a failed caller with no trick gains 5·v + 6·v.

*v* (Z11): 1; 2 with hearts (a knock round: the bottom card's suit); 4 hearts blind.

The caller Ben sits left of the dealer Anna (he may call blind there, Z6) and has
more than 40 points before the tested round (two failed hearts bids of 6 first), so
every contract kind can be tried. Each case's figure, from the rule text:

========  ======  ===  ===  =====  ==========================  ===========================
contract  trump   v    c    t      replace                     add
========  ======  ===  ===  =====  ==========================  ===========================
bid 3     clubs   1    3    0      +6                          +5 + 6 = +11
bid 3     clubs   1    3    2      +6                          −2 + 6 = +4
bid 3     clubs   1    3    3      −3 (Z12)                    −3 (Z12)
bid 3     hearts  2    3    0      +12                         +10 + 12 = +22
bid 3     hearts  2    3    2      +12                         −4 + 12 = +8
bid 3     hearts  2    3    3      −6                          −6
knock     spades  1    4    0      +6                          +5 + 6 = +11
knock     spades  1    4    3      +6                          −3 + 6 = +3
knock     spades  1    4    4      −4                          −4
knock     hearts  2    4    0      +12                         +10 + 12 = +22
knock     hearts  2    4    3      +12                         −6 + 12 = +6
knock     hearts  2    4    4      −8                          −8
blind     hearts  4    2    0      +24                         +20 + 24 = +44
blind     hearts  4    2    1      +24                         −4 + 24 = +20
blind     hearts  4    2    2      −8                          −8
========  ======  ===  ===  =====  ==========================  ===========================

The issue's example (hearts, bid 6, no trick, ``add``) is +22, not +12.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import WUERTTEMBERG, Game, Happened, Round, Settings, Suit

PLAYERS = ("Anna", "Ben", "Carl", "Dora")


def _others(left: int) -> dict[str, int]:
    """The tricks Ben did not make, spread over Anna, Carl and Dora."""
    counts = [0, 0, 0]
    for i in range(left):
        counts[i % 3] += 1
    return dict(zip(("Anna", "Carl", "Dora"), counts, strict=True))


def _warm_up() -> list[Round]:
    """Two hearts bids of 6 that Ben misses with no trick: above 40 under either option."""
    return [Round("Ben", Suit.HEARTS, {"Anna": 2, "Ben": 0, "Carl": 2, "Dora": 2},
                          bid=6, dealer=dealer) for dealer in ("Anna", "Ben")]


def _delta(kind: str, trump: Suit, made: int, penalty: str) -> int:
    tricks = {"Ben": made, **_others(6 - made)}
    if kind == "bid":
        tested = Round("Ben", trump, tricks, bid=3, dealer="Anna")
    elif kind == "knock":
        tested = Round("Ben", trump, tricks, knock=True, dealer="Anna")
    else:
        tested = Round("Ben", Suit.HEARTS, tricks, blind=True, dealer="Anna")
    settings = Settings(WUERTTEMBERG, contract_penalty=penalty)
    game = Game(PLAYERS, settings, (*_warm_up(), tested))
    return game.results[-1].deltas[1]


CASES = [
    ("bid", Suit.CLUBS, 0, 6, 11), ("bid", Suit.CLUBS, 2, 6, 4), ("bid", Suit.CLUBS, 3, -3, -3),
    ("bid", Suit.HEARTS, 0, 12, 22), ("bid", Suit.HEARTS, 2, 12, 8),
    ("bid", Suit.HEARTS, 3, -6, -6),
    ("knock", Suit.SPADES, 0, 6, 11), ("knock", Suit.SPADES, 3, 6, 3),
    ("knock", Suit.SPADES, 4, -4, -4),
    ("knock", Suit.HEARTS, 0, 12, 22), ("knock", Suit.HEARTS, 3, 12, 6),
    ("knock", Suit.HEARTS, 4, -8, -8),
    ("blind", Suit.HEARTS, 0, 24, 44), ("blind", Suit.HEARTS, 1, 24, 20),
    ("blind", Suit.HEARTS, 2, -8, -8),
]


@pytest.mark.parametrize(("kind", "trump", "made", "replace", "add"), CASES,
                         ids=[f"{k}-{s.value}-{m}" for k, s, m, _, _ in CASES])
def test_z14_contract_penalty_replace_and_add(kind, trump, made, replace, add):
    assert _delta(kind, trump, made, "replace") == replace
    assert _delta(kind, trump, made, "add") == add


def test_z14_add_issue_example_hearts_bid_six_no_trick_gains_22():
    settings = Settings(WUERTTEMBERG, contract_penalty="add")
    game = Game(PLAYERS, settings, _warm_up()[:1])
    assert game.results[0].deltas == (-4, 22, -4, -4)
    (note,) = game.results[0].notes
    assert note.happened is Happened.CONTRACT_MISSED and note.player == "Ben"
    assert dict(note.values) == {"made": 0, "needed": 6, "points": 22}


def test_z14_made_contract_leaves_no_note():
    game = Game(PLAYERS, Settings(WUERTTEMBERG), [
        Round("Ben", Suit.CLUBS, {"Anna": 1, "Ben": 3, "Carl": 1, "Dora": 1}, bid=3,
                      dealer="Anna")])
    assert game.results[0].notes == ()


@given(bid=st.integers(1, 6), made=st.integers(0, 6), hearts=st.booleans())
def test_z14_add_is_z12_plus_six_v_whenever_short(bid, made, hearts):
    """Under ``add``: delta = Z12's amount (−t·v, or +5·v for none) + 6·v whenever t < c;
    under ``replace`` the same round gives 6·v; made contracts give Z12 under both."""
    others = _others(6 - made)
    trump = Suit.HEARTS if hearts else Suit.DIAMONDS
    v = 2 if hearts else 1
    round_ = Round("Ben", trump, {"Ben": made, **others}, bid=bid, dealer="Anna")
    z12 = -made * v if made else 5 * v
    for penalty, short in (("add", z12 + 6 * v), ("replace", 6 * v)):
        game = Game(PLAYERS, Settings(WUERTTEMBERG, contract_penalty=penalty),
                            [round_])
        expected = short if made < bid else z12
        assert game.results[0].deltas[1] == expected
