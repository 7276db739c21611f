"""20 ab's own steps at the table (RULES-20AB.md): Württemberg's dealer, misdeals, bid and
knock, Z20's "who went out first", and what a round did beyond its tricks in words.

:class:`TwentyAbSteps` is a part of :class:`app.state.table.Table` (its base):
the commands and questions only a 20 ab game asks. They use the table's
``game``, ``editing``, ``_target()``, ``_change()`` and ``t()``; on a 24 game
the questions answer "no" and the commands do nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scoring import Game, ScoringError
from scoring.twenty_ab import MAX_MISDEALS, Suit, TwentyAbRound

from ..draft import Phase, TwentyAbDraft
from ..i18n import format_score
from .command import command

__all__ = ["TwentyAbSteps", "contract_of", "round_notes"]


def contract_of(book: Any, round_: Any) -> int | None:
    """Z14: what a Württemberg caller must make: 2 blind, 4 knocking, else his bid (``None``:
    the rule book has no contract, or the bid is not given yet)."""
    if not getattr(book, "bids", False):
        return None
    return 2 if round_.blind else 4 if round_.knock else round_.bid


def round_notes(t: Callable[..., str], game: Game, number: int) -> dict[str, list[str]]:
    """What round ``number`` of a 20 ab game did beyond tricks, per player, in words.

    The Block and the preview show it beside the change: a caller short of his
    contract (Z14), a score that stays short of exactly 0 (Z16), the dealer's
    third misdeal strike (Z17) and 100 → 10 (Z18). A 24 game has none.
    """
    round_ = game.rounds[number - 1]
    settings, book = game.settings, game.settings.rulebook
    if not isinstance(round_, TwentyAbRound):
        return {}
    notes: dict[str, list[str]] = {p: [] for p in game.players}
    result = game.results[number - 1]
    if round_.misdeals and round_.dealer in notes:  # Z17: every third strike
        struck = sum(r.misdeals for r in game.rounds[: number - 1] if r.dealer == round_.dealer)
        if (struck + round_.misdeals) // 3 > struck // 3:
            notes[round_.dealer].append(t("3rd misdeal +{points}", points=book.strike_penalty))
    contract = contract_of(book, round_)
    if contract and round_.caller in round_.tricks:
        made = round_.tricks[round_.caller]
        if made < contract:
            notes[round_.caller].append(t("made {made} of {contract}", made=made, contract=contract))
    for seat, name in enumerate(game.players):
        delta, score = result.deltas[seat], result.scores[seat]
        if settings.end == "exact_zero" and round_.tricks.get(name) and delta == 0:  # Z16
            notes[name].append(t("stays at {score}", score=format_score(score)))
        # Z18: no round takes more than 4 × T off, so a fall that deep to 10 is the drop
        if settings.hundred_to_ten and score == 10 and delta < -4 * book.tricks_per_round:
            notes[name].append(t("100 drops to 10"))
    return {p: n for p, n in notes.items() if n}


class TwentyAbSteps:
    """Württemberg's bid, knock and misdeals, Z20's first out (a base of :class:`Table`)."""

    @property
    def long_call(self) -> bool:
        """The call takes more controls than fit under the Block on a phone (Württemberg's
        dealer, misdeals, bid and knock, Z4/Z7/Z8/Z17): the screen then shares its height."""
        book = self.game.settings.rulebook if self.game else None
        return bool(getattr(book, "bids", False) or getattr(book, "misdeals", False))

    def _twenty_ab(self) -> TwentyAbDraft | None:
        draft, _ = self._target()
        return draft if isinstance(draft, TwentyAbDraft) else None

    def _calling(self) -> TwentyAbDraft | None:
        """The 20 ab round while its call is made (or corrected): once the cards are played,
        the dealer, his misdeals and the bid are settled (a later tap is a crafted one)."""
        draft = self._twenty_ab()
        return draft if draft is not None and (self.editing or draft.phase is Phase.CALL) else None

    def bids(self) -> bool:
        """Z7: this rule book records the caller's bid (Württemberg)."""
        return bool(getattr(self.game.settings.rulebook, "bids", False))

    def can_knock(self) -> bool:
        """Z8: knocking is on and the round is not called yet (or is being corrected)."""
        return self._calling() is not None and bool(getattr(self.game.settings, "knock", False))

    def knock_names_suit(self) -> bool:
        """Z8: the knock round's trump is the bottom card's suit (``knock_trump: bottom_card``)."""
        return getattr(self.game.settings, "knock_trump", None) == "bottom_card"

    def counts_misdeals(self) -> bool:
        """Z17: the dealer's misdeals are counted (Württemberg)."""
        return bool(getattr(self.game.settings.rulebook, "misdeals", False))

    def call_reason(self) -> str | None:
        """Why the suit cannot be named yet (Württemberg: the bid first, Z7), or ``None``."""
        draft = self._twenty_ab()
        if draft is not None and self.bids() and draft.bid is None:
            return self.t("First the bid (1–{n}), then the suit",
                          n=self.game.settings.rulebook.tricks_per_round)
        return None

    @command
    async def set_dealer(self, dealer: str) -> None:
        """Z4: the table overrides the proposed dealer (the recorded dealer is fact)."""
        draft = self._calling()
        if draft is not None and dealer in self.game.players:
            await self._change(draft.with_dealer(dealer))

    @command
    async def set_bid(self, bid: int) -> None:
        """Z7: the highest bid, 1 to T; its bidder is the caller (chosen in the caller picker)."""
        draft = self._calling()
        top = self.game.settings.rulebook.tricks_per_round
        if draft is not None and self.bids() and type(bid) is int and 1 <= bid <= top:
            await self._change(draft.with_bid(bid))

    @command
    async def call_knock(self, trump: Suit | None) -> None:
        """Z8: the caller knocks; ``trump`` is the bottom card's suit (``None`` without trump)."""
        draft = self._twenty_ab()
        if draft is None or not self.can_knock() or (trump is None) == self.knock_names_suit():
            return
        knocked = draft.with_knock(trump)
        await self._change(knocked.at(Phase.TRICKS) if self.editing else knocked)

    @command
    async def set_misdeals(self, misdeals: int) -> None:
        """Z17: how often the dealer dealt wrongly before this deal."""
        draft = self._calling()
        if draft is not None and self.counts_misdeals() and type(misdeals) is int \
                and 0 <= misdeals <= MAX_MISDEALS:
            await self._change(draft.with_misdeals(misdeals))

    @command
    async def set_first_out(self, player: str) -> None:
        """Z20: who went out first, when two go out in this round."""
        draft = self._twenty_ab()
        if draft is not None and player in self.first_out_choices():
            await self._change(draft.with_first_out(player))

    def first_out_choices(self) -> list[str]:
        """Z20: the players out after this round, when the table must say who was out first.

        Empty unless ``tie_break`` is ``first_out`` and the round puts two or more out.
        """
        draft, number = self._target()
        if not isinstance(draft, TwentyAbDraft) or not draft.called \
                or getattr(self.game.settings, "tie_break", None) != "first_out":
            return []
        asked = draft.with_first_out(None)
        try:
            self._try(asked.to_round(), number)
        except ScoringError as error:
            if error.code == "first_out_missing":
                return [p for p in self.game.players
                        if self._allowed(asked.with_first_out(p).to_round(), number)]
        return []

    def _try(self, round_: Any, number: int) -> Game:
        return (self.game.replace(number, round_) if self.editing else self.game.record(round_))

    def _allowed(self, round_: Any, number: int) -> bool:
        try:
            self._try(round_, number)
        except ScoringError:
            return False
        return True

    def strikes(self) -> dict[str, int]:
        """Z17: each player's misdeal strikes before the round being entered."""
        _, number = self._target()
        return {p: sum(r.misdeals for r in self.game.rounds[: number - 1] if r.dealer == p)
                for p in self.game.players} if self.counts_misdeals() else {}

    def misdeal_note(self) -> str | None:
        """Z17 in words: the dealer's strikes so far, and "+12 now" when this round's misdeals
        reach a third strike (``None`` before his first)."""
        draft = self._twenty_ab()
        if draft is None or not self.counts_misdeals() or draft.dealer is None:
            return None
        before = self.strikes().get(draft.dealer, 0)
        now = before + draft.misdeals
        if not now:
            return None  # no strike yet: nothing to say
        penalty = self.game.settings.rulebook.strike_penalty
        return self.nt("{name}: {n} misdeal", "{name}: {n} misdeals", name=draft.dealer, n=now) + (
            " · " + self.t("+{points} now", points=penalty) if now // 3 > before // 3 else "")

    def ranked(self) -> bool:
        """24's rank-order cards are on the table (11 high, a played 1 flips it); 20 ab has none."""
        return self._twenty_ab() is None

    def contract_line(self) -> str | None:
        """Z14 in words while the cards are played: "Ben must make 4" (Württemberg)."""
        draft = self._twenty_ab()
        if draft is None:
            return None
        contract = contract_of(self.game.settings.rulebook, draft)
        return None if contract is None else self.t("{name} must make {n}", name=draft.caller, n=contract)
