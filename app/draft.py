"""A round while it is being entered at the table (pure Python, no Flet).

The table goes through the game's own order: the caller names trump or yellow
blind (``CALL``); under variant B the players who have seen their cards say
who sits out (``SIT_OUT``); the cards are played with the trump shown full
screen (``PLAY``); then the tricks are counted (``TRICKS``). A
:class:`RoundDraft` holds what has been tapped so far;
:meth:`RoundDraft.to_round` turns it into a :class:`scoring.Round` for the
rules core to check. The same draft edits a past round.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from scoring import Colour, Game, Round

__all__ = ["Phase", "RoundDraft"]


class Phase(StrEnum):
    """Where the table is in a round."""

    CALL = "call"
    SIT_OUT = "sit_out"
    PLAY = "play"
    TRICKS = "tricks"


@dataclass(frozen=True)
class RoundDraft:
    """The taps of one round so far; every change returns a new draft."""

    caller: str
    """R4: the caller (proposed by the rotation; the table may change it)."""

    phase: Phase = Phase.CALL
    trump: Colour | None = None
    """R5: the trump named by the caller (``None`` until named)."""

    blind: bool = False
    """R6: yellow called blind."""

    final_trump: Colour | None = None
    """Variant A: the latest trump named during play (``None``: unchanged)."""

    sat_out: frozenset[str] = frozenset()
    """Variant B: who sits this round out."""

    tricks: Mapping[str, int] = field(default_factory=dict)
    """R7: tricks counted so far."""

    auto: str | None = None
    """The player whose count the pad filled in (the last one, R7's sum of 6)."""

    one_high: bool = False
    """Rank order shown at the table: a played "1" reverses it (display only)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "tricks", MappingProxyType(dict(self.tricks)))
        object.__setattr__(self, "sat_out", frozenset(self.sat_out))

    @property
    def scored_trump(self) -> Colour | None:
        """Variant A: the trump that counts (the last one named)."""
        return self.final_trump or self.trump

    def with_caller(self, caller: str) -> RoundDraft:
        """The table overrides the proposed caller (R4); a caller never sits out (B)."""
        return dataclasses.replace(self, caller=caller, sat_out=self.sat_out - {caller})

    def with_trump(self, trump: Colour, blind: bool = False, sitting_out: bool = False
                   ) -> RoundDraft:
        """R5/R6: the caller names trump (``blind`` only with yellow).

        Play begins, or (variant B, ``sitting_out``) the table first says who sits out.
        """
        return dataclasses.replace(
            self, trump=trump, blind=blind and trump is Colour.YELLOW, final_trump=None,
            phase=Phase.SIT_OUT if sitting_out else Phase.PLAY,
        )

    def with_final_trump(self, colour: Colour) -> RoundDraft:
        """Variant A: a "2" was played and a new trump named (blind never changes)."""
        if self.blind:
            return self
        return dataclasses.replace(self, final_trump=None if colour is self.trump else colour)

    def with_sat_out(self, player: str, out: bool) -> RoundDraft:
        """Variant B: ``player`` sits out (or plays after all); their count is dropped."""
        sat_out = self.sat_out | {player} if out else self.sat_out - {player}
        tricks = {p: n for p, n in self.tricks.items() if p not in sat_out}
        auto = self.auto if self.auto in tricks else None
        return dataclasses.replace(self, sat_out=sat_out, tricks=tricks, auto=auto)

    def flipped(self) -> RoundDraft:
        """A "1" was played: the rank order turns round."""
        return dataclasses.replace(self, one_high=not self.one_high)

    def at(self, phase: Phase) -> RoundDraft:
        """The same draft in another phase."""
        return dataclasses.replace(self, phase=phase)

    def with_tricks(self, game: Game, player: str, made: int) -> RoundDraft:
        """R7: ``player`` made ``made`` tricks; the last player's count fills itself in.

        When every participant but one has a count, the remaining one gets what
        is left of the 6 tricks (if that is 0–6). A count the pad filled in is
        recomputed when another count changes, and replaced when tapped.
        """
        tricks = dict(self.tricks)
        tricks[player] = made
        auto = None if self.auto == player else self.auto
        if auto is not None:
            del tricks[auto]
            auto = None
        players = [p for p in game.players if p not in self.sat_out]
        missing = [p for p in players if p not in tricks]
        left = game.tricks_left(tricks)
        if len(missing) == 1 and 0 <= left <= game.settings.rulebook.tricks_per_round:
            tricks[missing[0]] = left
            auto = missing[0]
        return dataclasses.replace(self, tricks=tricks, auto=auto)

    def to_round(self) -> Round:
        """The :class:`scoring.Round` these taps describe (the rules core checks it)."""
        if self.trump is None:
            raise ValueError("no trump has been named yet")
        return Round(
            caller=self.caller,
            trump=self.trump,
            tricks=self.tricks,
            blind=self.blind,
            final_trump=self.final_trump,
            sat_out=self.sat_out,
        )

    @classmethod
    def from_round(cls, round_: Round) -> RoundDraft:
        """A draft holding a recorded round, for the table to correct."""
        return cls(
            caller=round_.caller,
            phase=Phase.TRICKS,
            trump=round_.trump,
            blind=round_.blind,
            final_trump=round_.final_trump,
            sat_out=round_.sat_out,
            tricks=round_.tricks,
        )

    def to_json(self) -> dict[str, Any]:
        """The draft as plain JSON (kept in the store so a closed tab resumes mid-round)."""
        return {
            "caller": self.caller,
            "phase": self.phase.value,
            "trump": self.trump.value if self.trump else None,
            "blind": self.blind,
            "final_trump": self.final_trump.value if self.final_trump else None,
            "sat_out": sorted(self.sat_out),
            "tricks": dict(self.tricks),
            "auto": self.auto,
            "one_high": self.one_high,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RoundDraft:
        """Read :meth:`to_json` back; raises ``ValueError``/``KeyError``/``TypeError`` when damaged."""
        return cls(
            caller=str(data["caller"]),
            phase=Phase(data["phase"]),
            trump=Colour(data["trump"]) if data.get("trump") else None,
            blind=bool(data.get("blind", False)),
            final_trump=Colour(data["final_trump"]) if data.get("final_trump") else None,
            sat_out=frozenset(str(p) for p in data.get("sat_out", [])),
            tricks={str(p): int(n) for p, n in dict(data.get("tricks", {})).items()},
            auto=data.get("auto"),
            one_high=bool(data.get("one_high", False)),
        )
