"""A round while it is being entered at the table (pure Python, no Flet): what was tapped.

The table goes through the game's own order: the caller names trump (or calls
blind, or knocks) in ``CALL``; the cards are played with the trump shown full
screen (``PLAY``), where whoever sits out says so; then the tricks are counted
(``TRICKS``). A :class:`RoundDraft` holds the taps so far, in any rule book;
:meth:`RoundDraft.to_round` turns them into a :class:`scoring.Round`.

The draft decides no rule: what may be tapped is the engine's answer (the
table asks it before a tap is kept), what follows from a call is
:meth:`scoring.Game.settled`, and which counts fill themselves in is
:meth:`scoring.Game.filled_tricks`. The same draft edits a past round.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from scoring import Game, Round

__all__ = ["Phase", "RoundDraft"]


class Phase(StrEnum):
    """Where the table is in a round."""

    CALL = "call"
    PLAY = "play"
    TRICKS = "tricks"


def _names(auto: Any) -> tuple[str, ...]:
    """The filled-in counts as stored: a list of names (a draft kept before: one name or none)."""
    if auto is None:
        return ()
    return (str(auto),) if isinstance(auto, str) else tuple(str(p) for p in auto)


_RECORDED = frozenset(f.name for f in dataclasses.fields(Round))
"""What the table records of a round (every field of :class:`scoring.Round`)."""


@dataclass(frozen=True, init=False)
class RoundDraft:
    """The taps of one round so far; every change returns a new draft.

    A draft holds the engine's :class:`scoring.Round` as far as it is tapped (``round``: no
    trump until one is named, no counts until they are given) beside what only the table needs:
    where it is and what the pad filled in. It is no round itself: the engine is asked about
    ``draft.round``. ``RoundDraft("Ben", trump=…)`` takes a round's fields by name.
    """

    round: Round
    """The round as tapped so far (its fields mean what they mean in the engine)."""

    phase: Phase
    """Where the table is in the round."""

    auto: tuple[str, ...]
    """The players whose counts the pad filled in (:meth:`scoring.Game.filled_tricks`)."""

    one_high: bool
    """Rank order shown at the table: a played "1" reverses it (display only)."""

    moved: tuple[Round, ...] = dataclasses.field(default=(), compare=False)
    """The rounds another phone took back while this one was entered, the last taken back last:
    put back (a redo), they move it on again instead of counting as its round recorded
    elsewhere. Not taps: not kept in the store, not compared."""

    def __init__(self, caller: str = "", *, round: Round | None = None,
                 phase: Phase = Phase.CALL, auto: tuple[str, ...] = (), one_high: bool = False,
                 moved: tuple[Round, ...] = (), **recorded: Any) -> None:
        if round is None:
            round = Round(caller, recorded.pop("trump", None), recorded.pop("tricks", {}),
                          **recorded)
        object.__setattr__(self, "round", round)
        object.__setattr__(self, "phase", phase)
        object.__setattr__(self, "auto", tuple(auto))
        object.__setattr__(self, "one_high", one_high)
        object.__setattr__(self, "moved", tuple(moved))

    def _with(self, **changes: Any) -> RoundDraft:
        """The draft with ``changes``: the round's fields in the round, the table's beside it."""
        recorded = {k: v for k, v in changes.items() if k in _RECORDED}
        table = {k: v for k, v in changes.items() if k not in _RECORDED}
        round_ = dataclasses.replace(self.round, **recorded) if recorded else self.round
        return dataclasses.replace(self, round=round_, **table)

    # the round's fields, read through the draft (what the screens draw)
    caller = property(lambda self: self.round.caller, doc="R4/Z4: the caller.")
    trump = property(lambda self: self.round.trump, doc="R5/Z5: the trump named (or ``None``).")
    tricks = property(lambda self: self.round.tricks, doc="R7/Z10: tricks counted so far.")
    blind = property(lambda self: self.round.blind, doc="R6/Z6: called blind.")
    final_trump = property(lambda self: self.round.final_trump, doc="Variant A: the last trump.")
    sat_out = property(lambda self: self.round.sat_out, doc="R11/Z9: who sits out.")
    dealer = property(lambda self: self.round.dealer, doc="Z4: who deals.")
    bid = property(lambda self: self.round.bid, doc="Z7: the highest bid.")
    knock = property(lambda self: self.round.knock, doc="Z8: the caller knocked.")
    misdeals = property(lambda self: self.round.misdeals, doc="Z17: the dealer's misdeals.")
    first_out = property(lambda self: self.round.first_out, doc="Z20: who went out first.")
    scored_trump = property(lambda self: self.round.scored_trump, doc="Variant A: what scores.")
    plain_trump = property(lambda self: self.round.plain_trump, doc="R5/Z5: a plain call's trump.")

    @classmethod
    def fresh(cls, game: Game, number: int) -> RoundDraft:
        """Round ``number`` before any tap: the caller and dealer the rotation proposes."""
        return cls(caller=game.caller_of(number), dealer=game.proposed_dealer(number))

    @property
    def called(self) -> bool:
        """Trump named, or a knock (Z8: there may be no trump): the round is played."""
        return self.trump is not None or self.knock

    def settled(self, game: Game) -> RoundDraft:
        """The taps as the rules read them (:meth:`scoring.Game.settled`), counts and phase kept."""
        round_ = game.settled(self.to_round())
        return dataclasses.replace(self, round=round_,
                                   auto=tuple(p for p in self.auto if p in round_.tricks))

    def with_caller(self, caller: str) -> RoundDraft:
        """R4/Z4: the table names another caller."""
        return self._with(caller=caller)

    def with_trump(self, trump: Any, blind: bool = False) -> RoundDraft:
        """R5/R6, Z5/Z6: the caller names trump (or calls it blind): play begins."""
        return self._with(trump=trump, blind=blind, knock=False, final_trump=None,
                                   phase=Phase.PLAY)

    def with_final_trump(self, trump: Any) -> RoundDraft:
        """Variant A: a "2" was played and a new trump named."""
        return self._with(final_trump=None if trump is self.trump else trump)

    def with_sat_out(self, player: str, out: bool) -> RoundDraft:
        """R11/Z9: ``player`` sits out (or plays after all); a changed table asks Z20 again."""
        sat_out = self.sat_out | {player} if out else self.sat_out - {player}
        return self._with(sat_out=sat_out, first_out=None)

    def flipped(self) -> RoundDraft:
        """A "1" was played: the rank order turns round."""
        return self._with(one_high=not self.one_high)

    def at(self, phase: Phase) -> RoundDraft:
        """The same draft in another phase."""
        return self._with(phase=phase)

    def with_tricks(self, game: Game, player: str, made: int) -> RoundDraft:
        """R7/Z10: ``player`` made ``made`` tricks; the counts that follow fill themselves in.

        Which counts follow is the engine's answer (:meth:`scoring.Game.filled_tricks`);
        a count the pad filled in is recomputed when another count changes, and
        becomes the table's own when tapped. A changed count asks Z20 again.
        """
        tricks = {p: n for p, n in self.tricks.items() if p not in self.auto or p == player}
        tricks[player] = made
        filled = game.filled_tricks(tricks, self.sat_out)
        return self._with(tricks={**tricks, **filled}, auto=tuple(filled),
                                   first_out=None)

    def with_dealer(self, dealer: str) -> RoundDraft:
        """Z4: who deals (his misdeals and a blind call left of him follow him)."""
        return self._with(dealer=dealer)

    def with_bid(self, bid: int) -> RoundDraft:
        """Z7: the highest bid (the caller is its bidder)."""
        return self._with(bid=bid)

    def with_knock(self, trump: Any) -> RoundDraft:
        """Z8: the caller knocks; ``trump`` is the bottom card's suit (``None``: no trump).
        A new call: the cards are played at once, nothing counted yet."""
        return self._with(knock=True, trump=trump, tricks={}, auto=(),
                                   first_out=None, phase=Phase.PLAY)

    def with_misdeals(self, misdeals: int) -> RoundDraft:
        """Z17: the dealer dealt wrongly this many times before the deal played."""
        return self._with(misdeals=misdeals)

    def with_first_out(self, player: str | None) -> RoundDraft:
        """Z20: who went out first."""
        return self._with(first_out=player)

    def to_round(self) -> Round:
        """The :class:`scoring.Round` these taps describe (the engine checks it)."""
        if not self.called:
            raise ValueError("no trump has been named yet")
        return self.round

    @classmethod
    def from_round(cls, round_: Round) -> RoundDraft:
        """A draft holding a recorded round, for the table to correct."""
        return cls(round=round_, phase=Phase.TRICKS)

    def to_json(self) -> dict[str, Any]:
        """The draft as plain JSON (kept in the store so a closed tab resumes mid-round)."""
        return {
            "caller": self.caller,
            "phase": self.phase.value,
            "trump": None if self.trump is None else self.trump.value,
            "blind": self.blind,
            "final_trump": None if self.final_trump is None else self.final_trump.value,
            "sat_out": sorted(self.sat_out),
            "tricks": dict(self.tricks),
            "auto": list(self.auto),
            "one_high": self.one_high,
            "bid": self.bid,
            "knock": self.knock,
            "dealer": self.dealer,
            "misdeals": self.misdeals,
            "first_out": self.first_out,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any], game: Game) -> RoundDraft:
        """Read :meth:`to_json` back, its suits ``game``'s; raises ``ValueError``/``KeyError``/
        ``TypeError`` when damaged (a suit of another rule book is damage too)."""

        def suit(name: Any) -> Any:
            if not name:
                return None
            found = game.suit_named(str(name))
            if found is None:
                raise ValueError(f"not a suit of this game: {name!r}")
            return found

        bid, dealer, first = data.get("bid"), data.get("dealer"), data.get("first_out")
        phase = data["phase"]
        return cls(
            caller=str(data["caller"]),
            # a draft kept in the former sit-out step goes on at the table
            phase=Phase.PLAY if phase == "sit_out" else Phase(phase),
            trump=suit(data.get("trump")),
            blind=bool(data.get("blind", False)),
            final_trump=suit(data.get("final_trump")),
            sat_out=frozenset(str(p) for p in data.get("sat_out", [])),
            tricks={str(p): int(n) for p, n in dict(data.get("tricks", {})).items()},
            auto=_names(data.get("auto")),
            one_high=bool(data.get("one_high", False)),
            bid=None if bid is None else int(bid),
            knock=bool(data.get("knock", False)),
            dealer=None if dealer is None else str(dealer),
            misdeals=int(data.get("misdeals", 0)),
            first_out=None if first is None else str(first),
        )
