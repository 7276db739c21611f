"""The call, as two parts of the :class:`~app.state.table.Table`: who calls and which trump
(:class:`Call`), and Württemberg's deal, bid and knock (:class:`Deal`).

Every "may he?" is the engine's ``verify_x``/``can_x``; a crafted tap (a suit of another rule
book, a bid out of range) changes nothing.
"""

from __future__ import annotations

from typing import Any

from scoring import ScoringError

from ..draft import Phase
from ..i18n import hint
from . import words
from .command import command
from .part import Part

__all__ = ["Call", "Deal"]


class Call(Part):
    """Who calls, and the trump he names (or the blind call)."""

    __slots__ = ()

    @command
    async def set_caller(self, caller: str) -> None:
        """R4: the table overrides the proposed caller."""
        draft = self._entry.draft
        if draft and caller in self._game.players:
            await self._change(draft.with_caller(caller))

    @command
    async def call_trump(self, colour: Any, blind: bool = False) -> None:
        """R5/R6, Z5/Z6: the caller names trump, a suit of the game's rule book (or the blind one).

        A suit of another rule book changes nothing (a crafted tap). Where the
        blind caller is another player (Württemberg, Z6) he becomes the caller.
        """
        draft = self._entry.draft
        if draft is None or colour not in self._game.suits or (blind and not self.can_call_blind()):
            return  # a suit of another rule book is a crafted tap
        if not self._table.round.editing and draft.phase is not Phase.CALL:
            return  # the trump buttons are gone once play starts (a crafted tap)
        if not blind and self.call_reason() is not None:
            self._table.report(self.call_reason())  # Z7: the bid comes first
            return
        if blind:
            draft = draft.with_caller(self.blind_caller())
        # Variant B / Z9: who sits out is said on the play screen, once the cards are seen —
        # never a step of its own, so a round nobody sits out costs no extra tap.
        await self._change(draft.with_trump(colour, blind))

    def suits(self) -> tuple[Any, ...]:
        """The trump suits of the game's rule book, in the buttons' order (R5, Z5)."""
        return self._game.suits if self._game is not None else ()

    def value_of(self, trump: Any, blind: bool = False) -> int:
        """R8/Z11: what a trick is worth with ``trump`` named (the engine's figure)."""
        return self._game.value_of(trump, blind)

    def blind_button(self) -> Any:
        """R6/Z6: the suit the blind button calls (``None``: the rule book has no blind call)."""
        return next(iter(self._game.blind_suits), None) if self._game is not None else None

    def has_blind(self) -> bool:
        """R6/Z6: the game's rule book has the blind call (Temmels has none: nothing is drawn for it)."""
        return self._game is not None and self._game.steps.blind

    def blind_caller(self) -> str | None:
        """Who would call blind: the caller, or (Z6) whoever the rule book names."""
        draft = self._entry.draft
        return None if draft is None else self._game.blind_caller(draft.caller, draft.dealer)

    def blind_reason(self) -> str | None:
        """Why blind is disabled, in words, or ``None`` (R6/Z6 and variant C)."""
        entry = self._entry
        if entry.draft is None:
            return None
        try:
            self._game.verify_call_blind(self.blind_caller(), entry.number, entry.draft.dealer)
        except ScoringError as error:
            return hint(self._prefs.language, error)
        return None

    def can_call_blind(self) -> bool:
        """R6/Z6 and variant C: the blind caller may call blind now."""
        return self._entry.draft is not None and self.blind_reason() is None

    def call_reason(self) -> str | None:
        """Why the suit cannot be named yet (Z7: the bid first), or ``None``."""
        draft = self._entry.draft
        if draft is not None and self._game.needs_bid(draft.round) and draft.bid is None:
            return self._prefs.t("First the bid (1–{n}), then the suit", n=self._game.bids()[-1])
        return None


class Deal(Part):
    """Where the rule book has them: the dealer and his misdeals, the bid, the knock (Z4–Z8, Z17)."""

    __slots__ = ()

    @command
    async def set_dealer(self, dealer: str) -> None:
        """Z4: the table overrides the proposed dealer (the recorded dealer is fact)."""
        draft = self._calling()
        if draft is not None and self._game.steps.dealer and dealer in self._game.players:
            await self._change(draft.with_dealer(dealer))

    @command
    async def set_misdeals(self, misdeals: int) -> None:
        """Z17: how often the dealer dealt wrongly before this deal."""
        draft = self._calling()
        if draft is not None and self.counts_misdeals() and type(misdeals) is int \
                and misdeals in self._game.misdeal_counts():
            await self._change(draft.with_misdeals(misdeals))

    @command
    async def set_bid(self, bid: int) -> None:
        """Z7: the highest bid, 1 to T; its bidder is the caller (chosen in the caller picker)."""
        draft = self._calling()
        if draft is not None and type(bid) is int and bid in self._game.bids():
            await self._change(draft.with_bid(bid))

    @command
    async def call_knock(self, trump: Any) -> None:
        """Z8: the caller knocks; ``trump`` is the bottom card's suit (``None`` without trump)."""
        draft = self._entry.draft
        if draft is None or not self.can_knock() or (trump is None) == self.knock_names_suit() \
                or (trump is not None and trump not in self._game.suits):
            return
        knocked = draft.with_knock(trump)
        await self._change(knocked.at(Phase.TRICKS) if self._table.round.editing else knocked)

    def bids(self) -> bool:
        """Z7: the caller's bid is recorded."""
        return bool(self._game.bids())

    def can_knock(self) -> bool:
        """Z8: knocking is on and the round is not called yet (or is being corrected)."""
        return self._calling() is not None and self._game.steps.knock

    def knock_names_suit(self) -> bool:
        """Z8: a knock round's trump is the bottom card's suit."""
        return self._game.steps.knock_names_suit

    def counts_misdeals(self) -> bool:
        """Z17: the dealer's misdeals are counted."""
        return self._game.steps.misdeals

    def misdeal_note(self) -> str | None:
        """Z17 in words: the dealer's strikes so far, and what this round's misdeals cost."""
        entry = self._entry
        draft, number = entry.draft, entry.number
        if draft is None or not self.counts_misdeals() or draft.dealer is None:
            return None
        before = self._game.strikes_before(number).get(draft.dealer, 0)
        return words.misdeal_note(self._prefs, draft.dealer, before, draft.misdeals,
                                  self._game.misdeal_penalty(draft.dealer, draft.misdeals, number))

    def misdeal_costs(self) -> bool:
        """Z17: this deal's misdeals reach a strike that costs points (the note warns then)."""
        entry = self._entry
        draft = entry.draft
        return (draft is not None and self.counts_misdeals() and draft.dealer is not None
                and self._game.misdeal_penalty(draft.dealer, draft.misdeals, entry.number) > 0)
