"""The values the engine reads and answers: suits, a round, what a round did, how a game ended.

Every one is frozen: a game is its players, its settings and a tuple of
:class:`Round` values, and everything else is derived from them by replay.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Any, NamedTuple

__all__ = ["Colour", "EndReason", "Happened", "Note", "Outcome", "Round", "RoundResult", "Suit"]


class Colour(StrEnum):
    """R3/R5: the four colours of 24; any of them can be trump."""

    RED = "red"
    YELLOW = "yellow"
    GREEN = "green"
    BLUE = "blue"

class Suit(StrEnum):
    """Z5: the four suits of 20 ab (Kreuz, Pik, Herz, Karo)."""

    CLUBS = "clubs"
    SPADES = "spades"
    HEARTS = "hearts"
    DIAMONDS = "diamonds"

class EndReason(StrEnum):
    """R13/Z19: why the game ended."""

    ZERO = "zero"
    """Someone is out: the lowest score is 0 or less (exactly 0 in the classic 20 ab end)."""

    LIMIT = "limit"
    """Someone reached the upper limit and nobody is out."""


class Happened(StrEnum):
    """What a round did beyond the trick count, as a :class:`Note` carries it.

    The Block and the preview word these; a bare change would hide them. Each
    kind names its rule and the blanks of :attr:`Note.values`.
    """

    SAT_OUT = "sat_out"
    """R11, Z9/Z15: the player sat the round out; ``points``: what it cost (0: free)."""

    CONTRACT_MISSED = "contract_missed"
    """Z14: the caller made ``made`` of the ``needed`` tricks; ``points``: his change."""

    SCORE_STAYED = "score_stayed"
    """Z16: the tricks would have taken him below 0; the score stays at ``score``."""

    STRIKE_PENALTY = "strike_penalty"
    """Z17: the dealer's misdeals reached a third strike (``strikes`` in all: 3, 6 …, or the
    book's other count); ``points``: the penalty."""

    HUNDRED_TO_TEN = "hundred_to_ten"
    """Z18: the score after the round was exactly ``from`` (100) and dropped ``to`` (10)."""


class Note(NamedTuple):
    """One thing a round did to one player beyond his tricks (see :class:`Happened`)."""

    happened: Happened
    """What happened."""

    player: str
    """To whom."""

    values: Mapping[str, int] = MappingProxyType({})
    """The figures of it (``points``, ``made``, ``needed``, ``score``, ``strikes``, ``from``,
    ``to``)."""


@dataclass(frozen=True, slots=True)
class Round:
    """One round as the table recorded it, in any rule book.

    ``tricks`` maps every player who played to the tricks he made (R7/Z10);
    the players in ``sat_out`` are not in it. The fields after ``sat_out`` are
    recorded only where the game's rule book has them (the round's checks
    refuse them elsewhere): the dealer (Z4), the caller's bid (Z7), a knock
    (Z8), the dealer's misdeals (Z17) and who was out first (Z20).
    """

    caller: str
    """R4/Z4: who called trump (Württemberg: the highest bidder, the blind caller, the knocker)."""

    trump: Any
    """R5/Z5: the trump named, a suit of the game's rule book (``None``: a knock round
    without trump, Z8)."""

    tricks: Mapping[str, int]
    """R7/Z10: tricks per player who played."""

    blind: bool = False
    """R6/Z6: trump was called blind."""

    final_trump: Any = None
    """Variant A: the last trump named during play; ``None`` when trump never changed.

    A final trump equal to ``trump`` is stored as ``None`` (no change), so it is
    allowed without variant A and with a blind call.
    """

    sat_out: frozenset[str] = frozenset()
    """R11/Z9: the players who sat this round out."""

    dealer: str | None = None
    """Z4: who dealt (required in Württemberg; elsewhere the rotation proposes it)."""

    bid: int | None = None
    """Z7: the caller's bid, his contract (Z14)."""

    knock: bool = False
    """Z8: the caller knocked (contract 4, no bid, nobody sits out)."""

    misdeals: int = 0
    """Z17: how often the dealer dealt wrongly before this round's deal."""

    first_out: str | None = None
    """Z20: who was out first, when the round put two or more out."""

    def __post_init__(self) -> None:
        # Frozen all the way down: nobody can change a recorded round in place.
        object.__setattr__(self, "tricks", MappingProxyType(dict(self.tricks)))
        object.__setattr__(self, "sat_out", frozenset(self.sat_out))
        if self.final_trump == self.trump:
            object.__setattr__(self, "final_trump", None)

    @property
    def plain_trump(self) -> Any:
        """R5/Z5: the trump named by a plain call (``None`` when called blind or knocked)."""
        return None if self.blind or self.knock else self.trump

    @property
    def scored_trump(self) -> Any:
        """Variant A: the trump that counts for scoring (the last one named)."""
        return self.trump if self.final_trump is None else self.final_trump


class RoundResult(NamedTuple):
    """What one round did to the scores, in seat order (a tuple: one is built per round)."""

    number: int
    """The round's 1-based number on the Block."""

    deltas: tuple[int, ...]
    """Each player's change this round (0 for a player who sat out free)."""

    scores: tuple[int, ...]
    """Each player's score after this round."""

    notes: tuple[Note, ...] = ()
    """What the round did beyond the tricks (a sitter, a missed contract, …), in seat order."""


@dataclass(frozen=True)
class Outcome:
    """R13/Z20: how a finished game ended."""

    reason: EndReason
    """``zero`` when someone is out, else ``limit``."""

    winners: tuple[str, ...]
    """The winners in seat order: the lowest score (ties share), or the first out alone."""

    score: int
    """The winning score."""

    after_round: int
    """The number of the round that ended the game."""

    exact_zero: bool = False
    """Z16/Z19: the game was played to exactly 0 (the classic 20 ab end)."""

    first_out: bool = False
    """Z20: the winner was named as the first out (he alone wins)."""
