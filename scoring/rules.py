"""The rule books as definitions: their numbers, their options, their rules, in one place.

A rule book is a value one engine runs (after pokerkit's game definitions and
python-chess's variants as hooks on one board): players, tricks per round,
suits, the numbers of its rules, the options a table chooses, and which of the
checks and scoring steps of :mod:`scoring.steps` it plays, in its order.

- ``24`` (docs/RULES.md, rules R1–R14): :data:`TWENTY_FOUR`.
- ``20ab`` (docs/RULES.md, rules Z1–Z21), three presets: :data:`LEHRBLATT`,
  :data:`WUERTTEMBERG` and :data:`TEMMELS`.

All four are values of one :class:`RuleBook` type. :data:`BOOKS` lists them
for a new-game screen: ``BOOKS[book][preset]`` (24's one preset is ``None``);
each book's ``options`` are the switches and choices to draw, each with its
key, allowed values, default, rule and help line.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from . import steps
from .values import Colour, Suit

__all__ = [
    "BOOKS",
    "LEHRBLATT",
    "MAX_ROUNDS",
    "MAX_START_SCORE",
    "TEMMELS",
    "TWENTY_FOUR",
    "WUERTTEMBERG",
    "Option",
    "RuleBook",
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


@dataclass(frozen=True)
class Option:
    """One choice a table makes when it sets up a game (a switch or a list).

    ``allowed`` lists the values a rule book admits, the default first among
    them in no particular order; ``None`` means "a whole number from
    ``minimum`` to ``maximum``" (and, where ``nullable``, ``None`` for none).
    Types are strict: ``True`` is not ``1``, ``20`` is not ``20.0``.
    """

    key: str
    """The record's key under ``rules`` (and the settings' attribute)."""

    default: Any
    """The value when the record leaves the key out (or, in 20 ab, writes ``null``)."""

    allowed: tuple[Any, ...] | None
    """The values allowed; ``None``: a whole number from ``minimum`` to ``maximum``."""

    rule: str
    """Where the rule lives (``R2``, ``variant B``, ``Z9`` …)."""

    help: str
    """One line of help in English (the app words it per language by ``key``)."""

    minimum: int | None = None
    maximum: int | None = None
    nullable: bool = False
    """``None`` is a value of its own (20 ab's ``upper_limit``: no limit)."""

    proposes: str | None = None
    """Switching this option proposes the opposite for that option (variant A proposes R10 off,
    docs/RULES.md); the table may change it afterwards."""

    def allows(self, value: Any) -> bool:
        """Whether ``value`` is one of the allowed values, of exactly the right type."""
        if self.allowed is not None:
            return any(type(value) is type(a) and value == a for a in self.allowed)
        if value is None:
            return self.nullable
        return (type(value) is int and (self.minimum is None or value >= self.minimum)
                and (self.maximum is None or value <= self.maximum))


Check = Callable[..., None]
"""A round's check (:mod:`scoring.steps`): ``(game, round_, before)``, raises a refusal."""

Step = Callable[..., None]
"""A scoring step (:mod:`scoring.steps`): ``(game, round_, tally)``, adds its part."""


@dataclass(frozen=True)
class RuleBook:
    """One rule book: what the engine asks of it, the same words in every book.

    A number that is ``None`` means the book has no such rule. Where a score
    bar is switched by an option (24's variant C), ``restricted_by`` names it.
    """

    key: str
    """The record's ``rules.book``: ``"24"`` or ``"20ab"``."""

    preset: str | None
    """The record's ``rules.preset`` (24 has none)."""

    name: str
    """The book's name as its source gives it."""

    min_players: int
    max_players: int
    """R1/Z1: how many may play."""

    tricks_per_round: int
    """R3/Z3: *T*, the tricks of every round (with the book's default deck)."""

    suits: type[Colour] | type[Suit]
    """R5/Z5: the suits trump is named from."""

    doubled_suit: Colour | Suit
    """R8/Z11: the suit whose tricks count double."""

    blind_suit: Colour | Suit | None
    """R6/Z6: the one suit that may be called blind (``None``: no blind call)."""

    options: tuple[Option, ...]
    """The settings a table chooses (:class:`scoring.Settings` holds one value per key)."""

    checks: tuple[Check, ...]
    """A round's checks, in the order a round with several faults is refused."""

    scoring_steps: tuple[Step, ...]
    """The scoring steps of a round, in order."""

    trick_values: tuple[int, int, int] = (1, 2, 4)
    """R8/Z11: a trick's value — plain, the doubled suit, called blind."""

    no_trick_gain: int = 6
    """R9/Z12: a player without a trick gains this × the trick value."""

    caller_no_trick_gain: int = 0
    """R10/Z13: the caller without a trick gains this × the trick value instead."""

    limit_factor: int | None = None
    """R12: the game ends when someone reaches this × the start score (``None``: only the
    table's ``upper_limit``, Z19)."""

    decks: tuple[tuple[str, int], ...] = ()
    """Z3: each ``deck`` the table may choose, with its tricks per round."""

    blind_left_of_dealer: bool = False
    """Z6: only the player left of the dealer may call blind (he becomes the caller)."""

    blind_needs: int | None = None
    """R6 variant C / Z6: the score a blind caller needs at least (25)."""

    blind_needs_above_start: bool = False
    """Z6: ``blind_needs`` counts above the start score (more than start + 20)."""

    bids: bool = False
    """Z7: the caller bids; his bid is his contract (Z14)."""

    contracts: tuple[int, int] = (2, 4)
    """Z14: the contract of a blind caller and of a knocker."""

    contract_penalty: int = 6
    """Z14: a caller short of his contract gains this × the trick value."""

    records_dealer: bool = False
    """Z4: a round records its dealer (the rotation proposes him)."""

    dealer_required: bool = False
    """Z4: every round records its dealer, and the table may name another."""

    misdeals: bool = False
    """Z17: misdeal strikes are counted."""

    strike_penalty: int = 12
    """Z17: what every third strike costs."""

    sit_out_needs: int | None = None
    """Variant C / Z9: the score a sitter needs at least (24: 13, i.e. 12 or fewer may not)."""

    sit_out_max: int | None = None
    """Z9: at most this many sit out; two always play."""

    sit_out_cost: int = 0
    """R11/Z15: a sitter gains this × (2 with the doubled suit)."""

    sit_out_streak: int | None = None
    """Z9: nobody sits out more than this many rounds running."""

    no_sit_out_suit: Colour | Suit | None = None
    """Z9: nobody sits out with this trump, nor in a blind or knock round."""

    no_exchange_at_or_below: int | None = None
    """Variant C / the exchange reminder: a player with this score or less may not exchange."""

    restricted_by: str | None = None
    """The option that switches the score bars on (24: ``restrictions``); ``None``: always on."""

    lettered_variants: bool = False
    """24's own words: its options are lettered variants (A–C), its suits colours, its score bars
    restrictions; its refusals say so (20 ab's say option, suit, points needed)."""

    rank_order: bool = False
    """24: the cards' rank order (11 high) flips when a 1 is played; shown at the table."""

    max_name_length: int = 16
    """The longest player name a new game takes (it fits a Block column)."""

    def option(self, key: str) -> Option:
        """The option called ``key`` (KeyError when the book has none)."""
        for option in self.options:
            if option.key == key:
                return option
        raise KeyError(key)

    @property
    def default_start_score(self) -> int:
        """R2/Z2: the start score unless the table sets another."""
        return int(self.option("start_score").default)


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
