"""The rules a book is made of, each a part that carries its own numbers and the steps it scores.

A rule book (:class:`scoring.book.RuleBook`) lists its parts; :class:`scoring.Game`
runs the scoring steps they give, in the book's order (after pokerkit, whose
``Street`` holds the numbers of the street it plays). A part's numbers have no
defaults: a book's definition (:mod:`scoring.rules`) states every number it plays
with, and a book without a part has no such rule. Rule numbers refer to
docs/RULES.md.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from . import steps

__all__ = [
    "Blind",
    "CallerNoTrick",
    "Contract",
    "Dealer",
    "Drop",
    "ExactZero",
    "Exchange",
    "Limit",
    "Misdeals",
    "RankOrder",
    "Rule",
    "Seats",
    "SitOut",
    "Step",
    "Tricks",
]

Step = Callable[..., None]
"""A scoring step (:mod:`scoring.steps`): ``(game, round_, tally)``, adds its part."""


class Rule:
    """What every part is: a rule of a book, found on the book by its ``name``."""

    name: ClassVar[str]
    """The book's attribute that holds this part (``book.contract``)."""

    steps: ClassVar[tuple[Step, ...]] = ()
    """The scoring steps this rule adds to a round (:mod:`scoring.steps`), in order."""


@dataclass(frozen=True)
class Seats(Rule):
    """R1/Z1: how many may play, and the longest name a new game takes (it fits a Block column)."""

    name: ClassVar[str] = "seats"
    least: int
    most: int
    longest_name: int


@dataclass(frozen=True)
class Tricks(Rule):
    """R3, R7–R9 / Z3, Z10–Z12: the tricks of a round and what a trick is worth.

    *v* is ``plain``, or ``doubled`` with the ``doubled_suit`` as trump (called
    blind: the :class:`Blind` rule's ``value``); each trick made costs *v*, no
    trick gains ``no_trick`` × *v*.
    """

    name: ClassVar[str] = "tricks"
    steps: ClassVar[tuple[Step, ...]] = (steps.r8_tricks_made, steps.r9_no_trick)
    per_round: int
    """*T*, with the book's default deck."""
    decks: tuple[tuple[str, int], ...]
    """Z3: each ``deck`` the table may choose, with its tricks per round (none: one deck)."""
    doubled_suit: Any
    plain: int
    doubled: int
    no_trick: int


@dataclass(frozen=True)
class CallerNoTrick(Rule):
    """R10/Z13: the caller without a trick gains ``gain`` × *v* instead (24: while the option
    ``switched_by`` is on)."""

    name: ClassVar[str] = "caller_no_trick"
    steps: ClassVar[tuple[Step, ...]] = (steps.r10_caller_no_trick,)
    gain: int
    switched_by: str | None


@dataclass(frozen=True)
class Blind(Rule):
    """R6/Z6: the one suit that may be called blind, what a trick is then worth (``value``), and
    who may call it.

    ``needs``: the score a blind caller needs at least (``None``: any), counted
    above the start score where ``needs_above_start``, and only while the option
    ``restricted_by`` is on (``None``: always); ``left_of_dealer``: only the
    player left of the dealer may call it (he becomes the caller).
    """

    name: ClassVar[str] = "blind"
    suit: Any
    value: int
    needs: int | None
    needs_above_start: bool
    restricted_by: str | None
    left_of_dealer: bool


@dataclass(frozen=True)
class SitOut(Rule):
    """R11/Z9/Z15: sitting a round out, while the option ``switched_by`` is on.

    ``needs``: the score a sitter needs at least (while ``restricted_by`` is on;
    ``None``: any); ``most``: at most this many sit out (``None``: any number);
    ``min_playing`` always play; a sitter gains ``cost`` (twice with the doubled
    suit); ``streak``: nobody sits out more rounds running (``None``: no bound);
    nobody sits out with the ``forbidding_suit`` as trump, nor in a blind or
    knock round (``None``: every round allows it).
    """

    name: ClassVar[str] = "sit_out"
    steps: ClassVar[tuple[Step, ...]] = (steps.r11_sat_out,)
    switched_by: str
    needs: int | None
    restricted_by: str | None
    most: int | None
    min_playing: int
    cost: int
    streak: int | None
    forbidding_suit: Any

    @property
    def never_running(self) -> int | None:
        """Z9: the rounds running nobody sits out (one more than ``streak``; ``None``: no bound)."""
        return None if self.streak is None else self.streak + 1


@dataclass(frozen=True)
class Contract(Rule):
    """Z7/Z14: the caller bids 1 to *T* and must make his contract — his bid, ``blind`` called
    blind, ``knock`` knocking; short of it he gains ``penalty`` × *v*."""

    name: ClassVar[str] = "contract"
    steps: ClassVar[tuple[Step, ...]] = (steps.z14_contract_missed,)
    blind: int
    knock: int
    penalty: int


@dataclass(frozen=True)
class ExactZero(Rule):
    """Z16 (``end: exact_zero``): tricks that would take a player below 0 do not count."""

    name: ClassVar[str] = "exact_zero"
    steps: ClassVar[tuple[Step, ...]] = (steps.z16_exact_zero,)


@dataclass(frozen=True)
class Misdeals(Rule):
    """Z17: each misdeal is a strike of its dealer; every ``strikes``-th costs ``cost``."""

    name: ClassVar[str] = "misdeals"
    steps: ClassVar[tuple[Step, ...]] = (steps.z17_misdeal_strikes,)
    strikes: int
    cost: int


@dataclass(frozen=True)
class Drop(Rule):
    """Z18 (``hundred_to_ten``): a score of exactly ``high`` after a round drops to ``low``."""

    name: ClassVar[str] = "drop"
    steps: ClassVar[tuple[Step, ...]] = (steps.z18_hundred_to_ten,)
    high: int
    low: int


@dataclass(frozen=True)
class Exchange(Rule):
    """Variant C / the exchange reminder: at ``at_or_below`` points or fewer a player may not
    exchange (while the option ``restricted_by`` is on; ``None``: always)."""

    name: ClassVar[str] = "exchange"
    at_or_below: int
    restricted_by: str | None


@dataclass(frozen=True)
class Limit(Rule):
    """R12: the game also ends when someone reaches ``factor`` × the start score."""

    name: ClassVar[str] = "limit"
    factor: int


@dataclass(frozen=True)
class Dealer(Rule):
    """Z4: a round records its dealer (the rotation proposes him); ``required``: every round
    names him, and the table may name another."""

    name: ClassVar[str] = "dealer"
    required: bool


@dataclass(frozen=True)
class RankOrder(Rule):
    """24: the cards' rank order (11 high) flips when a 1 is played; shown at the table."""

    name: ClassVar[str] = "rank_order"
