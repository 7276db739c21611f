"""The rule books as definitions: their numbers, their options, their rules, in one place.

A rule book (:class:`scoring.book.RuleBook`) is a value one engine runs (after
pokerkit's game definitions and python-chess's variants as hooks on one board):
players, tricks per round, suits, the numbers of its rules, the options a table
chooses, and which of the checks and scoring steps of :mod:`scoring.steps` it
plays, in its order.

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

from . import steps
from .book import Option, RuleBook
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


_CHECKS_24 = (steps.r4_caller, steps.r5_trump, steps.r6_blind_flag, steps.r6_blind,
              steps.a_trump_change, steps.z4_dealer, steps.z8_knock_flag, steps.z7_bid,
              steps.r11_sitters, steps.r7_tricks, steps.z17_misdeals)
_CHECKS_20AB = (steps.r4_caller, steps.z4_dealer, steps.z8_knock_flag, steps.r6_blind_flag,
                steps.r5_trump, steps.r6_blind, steps.a_trump_change, steps.z7_bid,
                steps.r11_sitters, steps.r7_tricks, steps.z17_misdeals)


TWENTY_FOUR = RuleBook(
    key="24",
    preset=None,
    name="24",
    min_players=2,
    max_players=5,
    tricks_per_round=6,
    suits=Colour,
    doubled_suit=Colour.YELLOW,
    blind_suit=Colour.YELLOW,
    no_trick_gain=6,
    caller_no_trick_gain=12,
    limit_factor=2,
    # Decision: the variant C bars are the rule book's fixed numbers (12, 6 and 25);
    # they do not scale with the start score.
    sit_out_needs=13,
    no_exchange_at_or_below=6,
    blind_needs=25,
    restricted_by="restrictions",
    lettered_variants=True,
    rank_order=True,
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
    checks=_CHECKS_24,
    scoring_steps=(steps.r8_tricks_made, steps.r9_no_trick, steps.r10_caller_no_trick,
           steps.r11_sat_out),
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
    "key": "20ab", "records_dealer": True, "suits": Suit, "doubled_suit": Suit.HEARTS, "no_trick_gain": 5,
    "decks": (("french32", 5), ("german_double", 6)),
    "sit_out_needs": 6, "no_sit_out_suit": Suit.CLUBS, "checks": _CHECKS_20AB,
}
"""What the three presets of 20 ab share."""

LEHRBLATT = RuleBook(
    preset="lehrblatt", name="Das 20 ab Lehrblatt", min_players=3, max_players=5,
    tricks_per_round=5, blind_suit=Suit.HEARTS, caller_no_trick_gain=10,
    sit_out_max=2, sit_out_cost=1, no_exchange_at_or_below=3,
    options=_options(deck=("french32", "german_double"), end=("zero_or_below", "exact_zero"),
                     sit_out=(True, False)),
    scoring_steps=(steps.r8_tricks_made, steps.r9_no_trick, steps.r10_caller_no_trick,
           steps.r11_sat_out, steps.z16_exact_zero),
    **_TWENTY_AB,
)
"""20 ab after the Lehrblatt: 3–5 players, caller left of the dealer, +10 for his no trick."""

WUERTTEMBERG = RuleBook(
    preset="wuerttemberg", name="Württembergisches Blatt (2x 24)", min_players=3, max_players=6,
    tricks_per_round=6, blind_suit=Suit.HEARTS, blind_left_of_dealer=True, blind_needs=21,
    blind_needs_above_start=True, bids=True, dealer_required=True, misdeals=True,
    sit_out_streak=2,
    options=_options(start=(20, 30), deck=("german_double",), knock=(True, False),
                     knock_trump=("bottom_card", "none"), contract_penalty=("replace", "add"),
                     hundred_to_ten=(True, False)),
    scoring_steps=(steps.r8_tricks_made, steps.r9_no_trick, steps.r11_sat_out,
           steps.z14_contract_missed, steps.z17_misdeal_strikes, steps.z18_hundred_to_ten),
    **_TWENTY_AB,
)
"""20 ab in Württemberg: bids, knocking, misdeal strikes, 100 → 10."""

TEMMELS = RuleBook(
    preset="temmels", name="Temmelser Variante", min_players=3, max_players=6,
    tricks_per_round=5, blind_suit=None, caller_no_trick_gain=10,
    sit_out_max=2, sit_out_cost=1, no_exchange_at_or_below=9,
    options=_options(sit_out=(False, True)),
    scoring_steps=(steps.r8_tricks_made, steps.r9_no_trick, steps.r10_caller_no_trick,
           steps.r11_sat_out),
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
