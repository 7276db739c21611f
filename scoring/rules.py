"""The rule books as definitions: their numbers, their options, in one place.

A rule book is a value the engine asks (after pokerkit's game definitions and
python-chess's variants): players, tricks per round, the options a table
chooses with their allowed values and defaults, and the numbers of its rules.

- ``24`` (``shared/RULES.md``, rules R1–R14): :data:`TWENTY_FOUR`, a
  :class:`RuleBook`, scored by :class:`scoring.Game`.
- ``20ab`` (``shared/RULES-20AB.md``, rules Z1–Z21) with its presets
  :data:`LEHRBLATT`, :data:`WUERTTEMBERG` and :data:`TEMMELS`, each a
  :class:`TwentyAbBook`, scored by :class:`scoring.TwentyAbGame`.

:data:`BOOKS` lists them for a new-game screen: ``BOOKS[book][preset]`` (24's
one preset is ``None``), and each definition's ``options`` are the switches and
choices to draw, each with its key, allowed values, default, rule and help line.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

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
    "TwentyAbBook",
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
    Types are strict (RULES-20AB.md §6): ``True`` is not ``1``, ``20`` is not
    ``20.0``.
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
    RULES.md); the table may change it afterwards."""

    def allows(self, value: Any) -> bool:
        """Whether ``value`` is one of the allowed values, of exactly the right type."""
        if self.allowed is not None:
            return any(type(value) is type(a) and value == a for a in self.allowed)
        if value is None:
            return self.nullable
        return (type(value) is int and (self.minimum is None or value >= self.minimum)
                and (self.maximum is None or value <= self.maximum))


@dataclass(frozen=True)
class RuleBook:
    """The constants of one rule set.

    The rule numbers (R1 …) refer to ``shared/RULES.md``.
    """

    name: str
    """Human name of the game these rules score."""

    min_players: int
    """R1: fewest players at the table."""

    max_players: int
    """R1: most players at the table."""

    tricks_per_round: int
    """R3/R7: tricks played in every round (every player holds this many cards)."""

    default_start_score: int
    """R2: the score every player starts with unless the table sets another."""

    limit_factor: int
    """R12: the game ends when someone reaches ``limit_factor × start score``."""

    trick_value: int
    """R8: points per trick with an ordinary trump colour."""

    yellow_trick_value: int
    """R8: points per trick when the (final) trump is yellow."""

    blind_trick_value: int
    """R8: points per trick when yellow was called blind."""

    no_trick_factor: int
    """R9: a player with no trick gains ``no_trick_factor × trick value``."""

    caller_no_trick_factor: int
    """R10: the caller's R9 gain is multiplied by this (when the penalty is on)."""

    no_sit_out_at_or_below: int
    """Variant C: a player with this score or less may not sit out."""

    no_exchange_at_or_below: int
    """Variant C: a player with this score or less may not exchange cards."""

    blind_needs_at_least: int
    """Variant C: the caller needs this score or more to call yellow blind."""

    max_name_length: int
    """Longest player name the pad accepts for a new game (fits a Block column)."""

    options: tuple[Option, ...] = ()
    """The settings a table chooses (:class:`scoring.Settings` has one attribute per key)."""

    book: str = "24"
    """The record's ``rules.book``."""

    preset: None = None
    """24 has no presets."""

    def limit(self, start_score: int) -> int:
        """R2/R12: the upper score that ends the game (twice the start score in 24)."""
        return self.limit_factor * start_score


TWENTY_FOUR = RuleBook(
    name="24",
    min_players=2,
    max_players=5,
    tricks_per_round=6,
    default_start_score=24,
    limit_factor=2,
    trick_value=1,
    yellow_trick_value=2,
    blind_trick_value=4,
    no_trick_factor=6,
    caller_no_trick_factor=2,
    # Decision: the variant C thresholds are the rule book's fixed numbers
    # (RULES.md names 12, 6 and 25); they do not scale with the start score.
    no_sit_out_at_or_below=12,
    no_exchange_at_or_below=6,
    blind_needs_at_least=25,
    max_name_length=16,
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
"""The rule book of "24" (Sebastian Rapp, Kosmos 2008) as RULES.md specifies it."""


@dataclass(frozen=True)
class TwentyAbBook:
    """A preset of "20 ab" (``shared/RULES-20AB.md``): what its engine asks.

    The booleans and numbers say which rules of the family the preset plays;
    :class:`scoring.TwentyAbGame` reads them and nothing else.
    """

    preset: str
    """The record's ``rules.preset``: ``lehrblatt``, ``wuerttemberg`` or ``temmels``."""

    name: str
    """The preset's name as its source section gives it."""

    min_players: int
    max_players: int
    """Z1: how many may play."""

    tricks_per_round: int
    """Z3: *T* with the preset's default deck (``deck: german_double`` makes it 6)."""

    options: tuple[Option, ...]
    """§6: the options with the values this preset allows and its defaults."""

    blind: str | None
    """Z6: who may call hearts blind: ``"caller"`` (any caller), ``"left_of_dealer"``
    (Württemberg: the player left of the dealer, above start + 20), ``None``: no blind."""

    bids: bool
    """Z7: the caller's bid is recorded and is his contract (Z14)."""

    caller_no_trick: int | None
    """Z13: the caller without a trick gains this × v (10); ``None``: the contract (Z14) instead."""

    dealer_required: bool
    """Z4: every round names its dealer (Württemberg, for Z6 and Z17)."""

    sit_out_max: int | None
    """Z9: at most this many sit out (2); ``None``: any number while two play."""

    sit_out_cost: int
    """Z15: a sitter gains this × (2 with hearts) (1 Lehrblatt/Temmels, 0 Württemberg)."""

    sit_out_streak: int | None
    """Z9: nobody sits out more than this many rounds running (Württemberg: 2)."""

    misdeals: bool
    """Z17: misdeal strikes are counted (+12 at every third)."""

    max_name_length: int = 16
    """The app's limit for new names (as 24's)."""

    book: str = "20ab"
    """The record's ``rules.book``."""

    no_trick: int = 5
    """Z12: a player without a trick gains this × v."""

    contract_penalty: int = 6
    """Z14: a caller short of his contract gains this × v."""

    blind_margin: int = 20
    """Z6 (Württemberg): blind needs more than start + this many points (40, or 50 at 30 ab)."""

    sit_out_needs: int = 6
    """Z9: a sitter needs this many points or more."""

    strike_penalty: int = 12
    """Z17: every third misdeal strike costs this much."""

    no_exchange_at_or_below: int | None = None
    """§6 reminder: a player with this score or less may not exchange cards (Lehrblatt 3,
    "mehr als 3 Punkte"; Temmels 9, "ab 10 Punkten"); ``None``: no bar (Württemberg)."""

    def option(self, key: str) -> Option:
        """The option called ``key``."""
        return next(o for o in self.options if o.key == key)

    @property
    def default_start_score(self) -> int:
        """Z2: the start score unless the table sets another."""
        return self.option("start_score").default


def _options(start: tuple[int, ...] = (20,), deck: tuple[str, ...] = ("french32",),
             end: tuple[str, ...] = ("zero_or_below",), sit_out: tuple[bool, ...] = (True, False),
             knock: tuple[bool, ...] = (False,), knock_trump: tuple[str, ...] = ("bottom_card",),
             contract_penalty: tuple[str, ...] = ("replace",),
             hundred_to_ten: tuple[bool, ...] = (False,)) -> tuple[Option, ...]:
    """§6: the options of one preset; each tuple lists the allowed values, default first."""

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


LEHRBLATT = TwentyAbBook(
    preset="lehrblatt", name="Das 20 ab Lehrblatt", min_players=3, max_players=5,
    tricks_per_round=5,
    options=_options(deck=("french32", "german_double"), end=("zero_or_below", "exact_zero"),
                     sit_out=(True, False)),
    blind="caller", bids=False, caller_no_trick=10, dealer_required=False,
    sit_out_max=2, sit_out_cost=1, sit_out_streak=None, misdeals=False,
    no_exchange_at_or_below=3,
)
"""20 ab after the Lehrblatt: 3–5 players, caller left of the dealer, +10 for his no trick."""

WUERTTEMBERG = TwentyAbBook(
    preset="wuerttemberg", name="Württembergisches Blatt (2x 24)", min_players=3, max_players=6,
    tricks_per_round=6,
    options=_options(start=(20, 30), deck=("german_double",), knock=(True, False),
                     knock_trump=("bottom_card", "none"), contract_penalty=("replace", "add"),
                     hundred_to_ten=(True, False)),
    blind="left_of_dealer", bids=True, caller_no_trick=None, dealer_required=True,
    sit_out_max=None, sit_out_cost=0, sit_out_streak=2, misdeals=True,
)
"""20 ab in Württemberg: bids, knocking, misdeal strikes, 100 → 10."""

TEMMELS = TwentyAbBook(
    preset="temmels", name="Temmelser Variante", min_players=3, max_players=6,
    tricks_per_round=5, options=_options(sit_out=(False, True)),
    blind=None, bids=False, caller_no_trick=10, dealer_required=False,
    sit_out_max=2, sit_out_cost=1, sit_out_streak=None, misdeals=False,
    no_exchange_at_or_below=9,
)
"""20 ab in Temmels: no blind, no sitting out unless switched on (then as the Lehrblatt)."""

BOOKS: Mapping[str, Mapping[str | None, RuleBook | TwentyAbBook]] = MappingProxyType({
    "24": MappingProxyType({None: TWENTY_FOUR}),
    "20ab": MappingProxyType({b.preset: b for b in (LEHRBLATT, WUERTTEMBERG, TEMMELS)}),
})
"""Every rule book by ``rules.book`` and ``rules.preset`` (what a new-game screen offers)."""


def rule_book(book: str | None = "24", preset: str | None = None) -> RuleBook | TwentyAbBook:
    """The definition for a record's ``rules.book`` and ``rules.preset`` (KeyError when none)."""
    return BOOKS["24" if book is None else book][preset]
