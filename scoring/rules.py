"""The numbers of the rule book, in one place.

Every constant the scoring of "24" depends on lives in a :class:`RuleBook`.
The engine (:mod:`scoring.game`) reads them from here and nowhere else, so a
second family game scored on the same pad ("20 ab": 5 tricks, other
multipliers and penalties) is a second ``RuleBook`` value plus whatever end
rule it needs, not a rewrite.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["MAX_ROUNDS", "MAX_START_SCORE", "TWENTY_FOUR", "RuleBook"]

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
)
"""The rule book of "24" (Sebastian Rapp, Kosmos 2008) as RULES.md specifies it."""
