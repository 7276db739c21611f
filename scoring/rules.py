"""The rule books as definitions: their numbers, their options, their rules, in one place.

A rule book (:class:`scoring.book.RuleBook`) is a value one engine runs (after
pokerkit's game definitions and python-chess's variants as hooks on one board):
its seats, its tricks, its suits, the options a table chooses, and its rules as
parts (:mod:`scoring.parts`), each stating its own numbers — nothing is a default
of the type, so the number behind any figure on the Block is read here. The
scoring steps run in the order the parts are listed.

- ``24`` (docs/RULES.md, rules R1–R14): :data:`TWENTY_FOUR`.
- ``20ab`` (docs/RULES.md, rules Z1–Z21), three presets: :data:`LEHRBLATT`,
  :data:`WUERTTEMBERG` and :data:`TEMMELS`.

All four are values of one :class:`RuleBook` type. :data:`BOOKS` lists them
for a new-game screen: ``BOOKS[book][preset]`` (24's one preset is ``None``);
each book's ``options`` are the switches and choices to draw, each with its
key, allowed values, default, rule and help line.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from .book import Option, Record, RuleBook
from .parts import (
    Blind,
    CallerNoTrick,
    Contract,
    Dealer,
    Drop,
    ExactZero,
    Exchange,
    Limit,
    Misdeals,
    RankOrder,
    Seats,
    SitOut,
    Tricks,
)
from .values import Colour, Suit

__all__ = [
    "BOOKS",
    "LEHRBLATT",
    "MAX_ROUNDS",
    "MAX_START_SCORE",
    "TEMMELS",
    "TWENTY_FOUR",
    "WUERTTEMBERG",
    "rule_book",
]

MAX_START_SCORE = 999
"""Decision (the rule books set no bound): the highest start score of any book.

The app's new-game form already stops at 999; a record asking for more is
refused at its edge, so no later sum grows without bound.
"""

MAX_ROUNDS = 10_000
"""Decision: the most rounds one game may hold (a record with more is refused).

A game of 24 ends after a few dozen rounds (every round moves someone by at
least 6 towards 0 or 48); 20 ab without an upper limit can run longer, but a
table playing 10 000 rounds of 5 minutes plays for a month without a break.
The bound keeps a crafted record from costing minutes and gigabytes.
"""


TWENTY_FOUR = RuleBook(
    key="24",
    preset=None,
    name="24",
    suits=Colour,
    record=Record(round_fields=("caller", "trump", "blind", "final_trump", "sat_out", "tricks"),
                  required=("caller", "trump", "tricks"), null_is_absent=False, names_book=False),
    seats=Seats(least=2, most=5, longest_name=16),
    tricks=Tricks(per_round=6, decks=(), doubled_suit=Colour.YELLOW, plain=1, doubled=2,
                  no_trick=6),
    # Decision: the variant C bars are the rule book's fixed numbers (12, 6 and 25);
    # they do not scale with the start score.
    rules=(
        CallerNoTrick(gain=12, switched_by="caller_penalty"),
        SitOut(switched_by="sit_out", needs=13, restricted_by="restrictions", most=None,
               min_playing=2, cost=0, streak=None, forbidding_suit=None),
        Blind(suit=Colour.YELLOW, value=4, needs=25, needs_above_start=False,
              restricted_by="restrictions", left_of_dealer=False),
        Exchange(at_or_below=6, restricted_by="restrictions"),
        Limit(factor=2),
        RankOrder(),
    ),
    options=(
        Option("start_score", 24, None, "R2", "Every player starts with this many points; "
               "the game also ends at twice as many", minimum=1, maximum=MAX_START_SCORE),
        Option("trump_chaos", False, (False, True), "variant A",
               "Whoever plays a 2 may name a new trump; the last one named scores",
               proposes="caller_penalty"),
        Option("sit_out", False, (False, True), "variant B",
               "A player may sit a round out after seeing his cards (not the caller)"),
        Option("restrictions", False, (False, True), "variant C",
               "12 points or fewer: no sitting out; yellow blind needs 25 points"),
        Option("caller_penalty", True, (True, False), "R10",
               "The caller without a trick gains double"),
    ),
)
"""The rule book of "24" (Sebastian Rapp, Kosmos 2008)."""


def _options(start: tuple[int, ...] = (20,), deck: tuple[str, ...] = ("french32",),
             end: tuple[str, ...] = ("zero_or_below",), sit_out: tuple[bool, ...] = (True, False),
             knock: tuple[bool, ...] = (False,), knock_trump: tuple[str, ...] = ("bottom_card",),
             contract_penalty: tuple[str, ...] = ("replace",),
             hundred_to_ten: tuple[bool, ...] = (False,)) -> tuple[Option, ...]:
    """The options of one 20 ab preset; each tuple lists the allowed values, default first."""

    def option(key: str, allowed: tuple[Any, ...], rule: str, help_: str) -> Option:
        return Option(key, allowed[0], allowed, rule, help_)

    return (
        option("start_score", start, "Z2", "Every player starts with this many points"),
        option("deck", deck, "Z3", "32 French cards (5 tricks) or the doubled German deck (6)"),
        option("end", end, "Z16, Z19",
               "The game ends at 0 or below, or (classic) only at exactly 0"),
        option("sit_out", sit_out, "Z9", "A player may sit a round out"),
        option("knock", knock, "Z8", "A player may knock: no bidding, he must make 4 tricks"),
        option("knock_trump", knock_trump, "Z8",
               "In a knock round the bottom card's suit is trump, or there is none"),
        option("contract_penalty", contract_penalty, "Z14",
               "A caller short of his bid gains 6 (hearts 12) instead of, or on top of, his tricks"),
        option("hundred_to_ten", hundred_to_ten, "Z18", "Exactly 100 points drop to 10"),
        option("tie_break", ("lowest", "first_out"), "Z20",
               "Two out in one round: the lowest wins, or whoever was out first"),
        Option("upper_limit", None, None, "Z19",
               "Optional: the game also ends when someone reaches this many points",
               minimum=1, nullable=True),
    )


_TWENTY_AB: dict[str, Any] = {
    "key": "20ab", "suits": Suit,
    "record": Record(round_fields=("caller", "dealer", "misdeals", "trump", "blind", "knock", "bid",
                                   "sat_out", "tricks", "first_out"),
                     required=("caller", "tricks"), null_is_absent=True, names_book=True),
}
"""What the three presets of 20 ab share beyond their rules."""

LEHRBLATT = RuleBook(
    preset="lehrblatt", name="Das 20 ab Lehrblatt",
    seats=Seats(least=3, most=5, longest_name=16),
    tricks=Tricks(per_round=5, decks=(("french32", 5), ("german_double", 6)),
                  doubled_suit=Suit.HEARTS, plain=1, doubled=2, no_trick=5),
    rules=(
        CallerNoTrick(gain=10, switched_by=None),
        SitOut(switched_by="sit_out", needs=6, restricted_by=None, most=2, min_playing=2,
               cost=1, streak=None, forbidding_suit=Suit.CLUBS),
        ExactZero(),
        Blind(suit=Suit.HEARTS, value=4, needs=None, needs_above_start=False, restricted_by=None,
              left_of_dealer=False),
        Exchange(at_or_below=3, restricted_by=None),
        Dealer(required=False),
    ),
    options=_options(deck=("french32", "german_double"), end=("zero_or_below", "exact_zero"),
                     sit_out=(True, False)),
    **_TWENTY_AB,
)
"""20 ab after the Lehrblatt: 3–5 players, caller left of the dealer, +10 for his no trick."""

WUERTTEMBERG = RuleBook(
    preset="wuerttemberg", name="Württembergisches Blatt (2x 24)",
    seats=Seats(least=3, most=6, longest_name=16),
    tricks=Tricks(per_round=6, decks=(("french32", 5), ("german_double", 6)),
                  doubled_suit=Suit.HEARTS, plain=1, doubled=2, no_trick=5),
    rules=(
        SitOut(switched_by="sit_out", needs=6, restricted_by=None, most=None, min_playing=2,
               cost=0, streak=2, forbidding_suit=Suit.CLUBS),
        Contract(blind=2, knock=4, penalty=6),
        Misdeals(strikes=3, cost=12),
        Drop(high=100, low=10),
        Blind(suit=Suit.HEARTS, value=4, needs=21, needs_above_start=True, restricted_by=None,
              left_of_dealer=True),
        Dealer(required=True),
    ),
    options=_options(start=(20, 30), deck=("german_double",), knock=(True, False),
                     knock_trump=("bottom_card", "none"), contract_penalty=("replace", "add"),
                     hundred_to_ten=(True, False)),
    **_TWENTY_AB,
)
"""20 ab in Württemberg: bids, knocking, misdeal strikes, 100 → 10."""

TEMMELS = RuleBook(
    preset="temmels", name="Temmelser Variante",
    seats=Seats(least=3, most=6, longest_name=16),
    tricks=Tricks(per_round=5, decks=(("french32", 5), ("german_double", 6)),
                  doubled_suit=Suit.HEARTS, plain=1, doubled=2, no_trick=5),
    rules=(
        CallerNoTrick(gain=10, switched_by=None),
        SitOut(switched_by="sit_out", needs=6, restricted_by=None, most=2, min_playing=2,
               cost=1, streak=None, forbidding_suit=Suit.CLUBS),
        Exchange(at_or_below=9, restricted_by=None),
        Dealer(required=False),
    ),
    options=_options(sit_out=(False, True)),
    **_TWENTY_AB,
)
"""20 ab in Temmels: no blind, no sitting out unless switched on (then as the Lehrblatt)."""

BOOKS: Mapping[str, Mapping[str | None, RuleBook]] = MappingProxyType({
    "24": MappingProxyType({None: TWENTY_FOUR}),
    "20ab": MappingProxyType({b.preset: b for b in (LEHRBLATT, WUERTTEMBERG, TEMMELS)}),
})
"""Every rule book by ``rules.book`` and ``rules.preset`` (what a new-game screen offers)."""


def rule_book(book: str | None = "24", preset: str | None = None) -> RuleBook:
    """The definition for a record's ``rules.book`` and ``rules.preset`` (KeyError when none)."""
    return BOOKS["24" if book is None else book][preset]
