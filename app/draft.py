"""A round while it is being entered at the table (pure Python, no Flet).

The table goes through the game's own order: the caller names trump or yellow
blind (``CALL``); under variant B the players who have seen their cards say
who sits out (``SIT_OUT``); the cards are played with the trump shown full
screen (``PLAY``); then the tricks are counted (``TRICKS``). A
:class:`RoundDraft` holds what has been tapped so far;
:meth:`RoundDraft.to_round` turns it into a :class:`scoring.Round` for the
rules core to check. The same draft edits a past round.

The rule book decides the rest (as a python-chess variant overrides its
board's hooks): :class:`TwentyAbDraft` is the same draft for "20 ab"
(RULES-20AB.md: suits, a bid, a knock, the dealer's misdeals, who went out
first); the rule book's adapter (:mod:`app.books`) says which draft a game takes.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any, ClassVar

from scoring import Colour, Game, Round, Suit

__all__ = ["Phase", "RoundDraft", "TwentyAbDraft"]


class Phase(StrEnum):
    """Where the table is in a round."""

    CALL = "call"
    SIT_OUT = "sit_out"
    PLAY = "play"
    TRICKS = "tricks"


def _names(auto: Any) -> tuple[str, ...]:
    """The filled-in counts as stored: a list of names (a draft kept before: one name or none)."""
    if auto is None:
        return ()
    return (str(auto),) if isinstance(auto, str) else tuple(str(p) for p in auto)


@dataclass(frozen=True)
class RoundDraft:
    """The taps of one round so far; every change returns a new draft."""

    suits: ClassVar[tuple[Any, ...]] = tuple(Colour)
    """The rule book's trump suits, in the order the buttons show them (R5)."""

    blind_suit: ClassVar[Any] = Colour.YELLOW
    """The one suit that can be called blind (R6)."""

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

    auto: tuple[str, ...] = ()
    """The players whose counts the pad filled in (the engine's :meth:`scoring.Game.filled_tricks`:
    the last count, or none for everyone else when one player took every trick)."""

    one_high: bool = False
    """Rank order shown at the table: a played "1" reverses it (display only)."""

    # What 24 never records (20 ab's :class:`TwentyAbDraft` does): every draft answers them,
    # so the table asks the game's steps (:attr:`scoring.Game.steps`), never the draft's type.
    dealer: ClassVar[str | None] = None
    bid: ClassVar[int | None] = None
    knock: ClassVar[bool] = False
    misdeals: ClassVar[int] = 0
    first_out: ClassVar[str | None] = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "tricks", MappingProxyType(dict(self.tricks)))
        object.__setattr__(self, "sat_out", frozenset(self.sat_out))

    @classmethod
    def fresh(cls, game: Game, number: int) -> RoundDraft:
        """Round ``number`` before any tap: the rotation proposes the caller (R4)."""
        return cls(caller=game.caller_of(number))

    @property
    def called(self) -> bool:
        """Trump has been called: the round is played (or counted)."""
        return self.trump is not None

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
        if trump not in self.suits:  # another rule book's suit: a crafted tap
            return self
        return dataclasses.replace(
            self, trump=trump, blind=blind and trump is self.blind_suit, final_trump=None,
            phase=Phase.SIT_OUT if sitting_out else Phase.PLAY,
        )

    def with_final_trump(self, colour: Colour) -> RoundDraft:
        """Variant A: a "2" was played and a new trump named (blind never changes)."""
        if self.blind or colour not in self.suits:
            return self
        return dataclasses.replace(self, final_trump=None if colour is self.trump else colour)

    def with_sat_out(self, player: str, out: bool) -> RoundDraft:
        """Variant B: ``player`` sits out (or plays after all); their count is dropped."""
        sat_out = self.sat_out | {player} if out else self.sat_out - {player}
        tricks = {p: n for p, n in self.tricks.items() if p not in sat_out}
        auto = tuple(p for p in self.auto if p in tricks)
        return dataclasses.replace(self, sat_out=sat_out, tricks=tricks, auto=auto)

    def flipped(self) -> RoundDraft:
        """A "1" was played: the rank order turns round."""
        return dataclasses.replace(self, one_high=not self.one_high)

    def at(self, phase: Phase) -> RoundDraft:
        """The same draft in another phase."""
        return dataclasses.replace(self, phase=phase)

    def with_tricks(self, game: Game, player: str, made: int) -> RoundDraft:
        """R7/Z10: ``player`` made ``made`` tricks; the counts that follow fill themselves in.

        Which counts follow is the engine's answer (:meth:`scoring.Game.filled_tricks`);
        a count the pad filled in is recomputed when another count changes, and
        becomes the table's own when tapped.
        """
        tricks = {p: n for p, n in self.tricks.items() if p not in self.auto or p == player}
        tricks[player] = made
        filled = game.filled_tricks(tricks, self.sat_out)
        return dataclasses.replace(self, tricks={**tricks, **filled}, auto=tuple(filled))

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
            "auto": list(self.auto),
            "one_high": self.one_high,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RoundDraft:
        """Read :meth:`to_json` back; raises ``ValueError``/``KeyError``/``TypeError`` when damaged."""
        suit = type(cls.blind_suit)  # the rule book's suits: Colour (24) or Suit (20 ab)
        return cls(
            caller=str(data["caller"]),
            phase=Phase(data["phase"]),
            trump=suit(data["trump"]) if data.get("trump") else None,
            blind=bool(data.get("blind", False)),
            final_trump=suit(data["final_trump"]) if data.get("final_trump") else None,
            sat_out=frozenset(str(p) for p in data.get("sat_out", [])),
            tricks={str(p): int(n) for p, n in dict(data.get("tricks", {})).items()},
            auto=_names(data.get("auto")),
            one_high=bool(data.get("one_high", False)),
        )


@dataclass(frozen=True)
class TwentyAbDraft(RoundDraft):
    """A round of "20 ab" being entered (RULES-20AB.md): the same taps, the family's own.

    Trump is a :class:`Suit` (hearts blind, Z6); Württemberg adds the caller's
    bid (Z7), a knock (Z8: the knocker is the caller, the bottom card's suit is
    trump, nobody sits out) and the dealer's misdeals (Z17); ``first_out`` is
    asked only when two go out in one round under ``tie_break: first_out`` (Z20).
    There is no trump chaos: :meth:`with_final_trump` changes nothing.
    """

    suits: ClassVar[tuple[Any, ...]] = tuple(Suit)
    blind_suit: ClassVar[Any] = Suit.HEARTS

    bid: int | None = None
    """Z7 (Württemberg): the caller's bid, his contract."""

    knock: bool = False
    """Z8 (Württemberg): the caller knocked."""

    dealer: str | None = None
    """Z4: who deals (the rotation's proposal; Z6 and Z17 read it)."""

    misdeals: int = 0
    """Z17: how often the dealer dealt wrongly before this deal."""

    first_out: str | None = None
    """Z20: who was out first, when two go out in this round."""

    @classmethod
    def fresh(cls, game: Game, number: int) -> TwentyAbDraft:
        """Z4: the dealer and the caller left of him, as the rotation proposes."""
        return cls(caller=game.caller_of(number), dealer=game.dealer_of(number))

    @property
    def called(self) -> bool:
        """Trump named, or a knock (Z8: under ``knock_trump: none`` there is no trump)."""
        return self.trump is not None or self.knock

    def with_trump(self, trump: Suit, blind: bool = False, sitting_out: bool = False
                   ) -> TwentyAbDraft:
        """Z5/Z6: the caller names the suit (hearts blind: no bid, Z7); not a knock round."""
        called = super().with_trump(trump, blind, sitting_out)
        if called is self:
            return self
        return dataclasses.replace(called, knock=False,
                                   bid=None if called.blind else self.bid)

    def with_dealer(self, dealer: str) -> TwentyAbDraft:
        """Z4: who deals (his misdeals and a blind call left of him follow him)."""
        return dataclasses.replace(self, dealer=dealer)

    def with_bid(self, bid: int) -> TwentyAbDraft:
        """Z7: the highest bid (the caller is its bidder)."""
        return dataclasses.replace(self, bid=bid)

    def with_knock(self, trump: Suit | None) -> TwentyAbDraft:
        """Z8: the caller knocks; ``trump`` is the bottom card's suit (``None``: no trump).

        No bid, no blind, nobody sits out: the cards are played at once.
        """
        if trump is not None and trump not in self.suits:
            return self
        return dataclasses.replace(self, knock=True, trump=trump, blind=False, bid=None,
                                   sat_out=frozenset(), tricks={}, auto=(), first_out=None,
                                   phase=Phase.PLAY)

    def with_misdeals(self, misdeals: int) -> TwentyAbDraft:
        """Z17: the dealer dealt wrongly this many times before the deal played."""
        return dataclasses.replace(self, misdeals=max(0, misdeals))

    def with_first_out(self, player: str | None) -> TwentyAbDraft:
        """Z20: who went out first."""
        return dataclasses.replace(self, first_out=player)

    def with_sat_out(self, player: str, out: bool) -> TwentyAbDraft:
        return dataclasses.replace(super().with_sat_out(player, out), first_out=None)

    def with_tricks(self, game: Game, player: str, made: int) -> TwentyAbDraft:
        """Z10 as R7 (the last count fills itself in); a changed count asks Z20 again."""
        return dataclasses.replace(super().with_tricks(game, player, made), first_out=None)

    def to_round(self) -> Round:
        """The :class:`Round` these taps describe (the rules core checks it)."""
        if not self.called:
            raise ValueError("no trump has been named yet")
        return Round(
            caller=self.caller, trump=self.trump, tricks=self.tricks, blind=self.blind,
            bid=self.bid, knock=self.knock, sat_out=self.sat_out, dealer=self.dealer,
            misdeals=self.misdeals, first_out=self.first_out,
        )

    @classmethod
    def from_round(cls, round_: Round) -> TwentyAbDraft:
        """A draft holding a recorded round, for the table to correct."""
        return cls(
            caller=round_.caller, phase=Phase.TRICKS, trump=round_.trump, blind=round_.blind,
            sat_out=round_.sat_out, tricks=round_.tricks, bid=round_.bid, knock=round_.knock,
            dealer=round_.dealer, misdeals=round_.misdeals, first_out=round_.first_out,
        )

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "bid": self.bid, "knock": self.knock, "dealer": self.dealer,
                "misdeals": self.misdeals, "first_out": self.first_out}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TwentyAbDraft:
        """Read :meth:`to_json` back; raises ``ValueError``/``KeyError``/``TypeError`` when damaged."""
        draft = super().from_json(data)
        bid, dealer, first = data.get("bid"), data.get("dealer"), data.get("first_out")
        return dataclasses.replace(
            draft, bid=None if bid is None else int(bid), knock=bool(data.get("knock", False)),
            dealer=None if dealer is None else str(dealer), misdeals=int(data.get("misdeals", 0)),
            first_out=None if first is None else str(first),
        )
