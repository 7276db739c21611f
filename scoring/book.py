"""What a rule book is: its numbers, its switches, its options, the checks and steps it plays.

The type only; the books themselves (24 and the three presets of 20 ab) are values of it in
:mod:`scoring.rules`. It lives apart from them because the rules' steps
(:mod:`scoring.steps`) read a book's numbers while the books list those steps.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .values import Colour, Suit

__all__ = ["Check", "Option", "RuleBook", "Step"]


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
            return any(type(value) is type(allowed) and value == allowed for allowed in self.allowed)
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
    """Z17: what every ``strikes_per_penalty``-th strike costs."""

    strikes_per_penalty: int = 3
    """Z17: every third strike (3rd, 6th, 9th …) costs ``strike_penalty``."""

    drops_to: tuple[int, int] = (100, 10)
    """Z18 (``hundred_to_ten``): a score of exactly the first after a round drops to the second."""

    sit_out_needs: int | None = None
    """Variant C / Z9: the score a sitter needs at least (24: 13, i.e. 12 or fewer may not)."""

    sit_out_max: int | None = None
    """Z9: at most this many sit out (``min_playing`` always play)."""

    min_playing: int = 2
    """R11/Z9: at least this many play every round (two: a caller never plays alone)."""

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
