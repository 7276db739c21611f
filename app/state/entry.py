"""A round being entered: the next one, or a past one being corrected — one value for both —
and what the engine says of it, for the controls and the lines under them.

:class:`Asking` holds the table's questions about the round being entered: each is the
engine's answer (a ``verify_x``/``can_x`` question or a plain value), worded by
:mod:`app.state.words`. None of them changes anything.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from scoring import Game, RoundResult, ScoringError

from ..draft import Phase, RoundDraft
from ..i18n import hint, reason, sentence
from . import words
from .notice import Kind, Notice
from .prefs import Worded

__all__ = ["Asking", "Entry"]


@dataclass(frozen=True)
class Entry:
    """Round ``number`` as the table enters it: the taps so far and the version of the game they
    are made to. The next round is made to the version shown (``version`` ``None``); a
    correction keeps the version it was opened on, so a change made meanwhile on another phone
    is refused, never lost."""

    number: int
    draft: RoundDraft | None
    version: int | None = None
    notice: Notice | None = None
    """Why the last save (or tap) of a correction was refused, in words."""

    def with_draft(self, draft: RoundDraft) -> Entry:
        return replace(self, draft=draft, notice=None)

    def refused(self, message: str) -> Entry:
        return replace(self, notice=Notice(message, Kind.REFUSED))


class Asking(Worded):
    """The questions the controls ask of the round being entered (:attr:`entry`)."""

    game: Game | None
    draft: RoundDraft | None
    correction: Entry | None

    @property
    def editing(self) -> bool:
        return self.correction is not None

    @property
    def next_number(self) -> int:
        """The number of the round being entered."""
        return len(self.game.rounds) + 1 if self.game else 1

    @property
    def entry(self) -> Entry:
        """The round the commands work on: the correction when one is open, else the next round
        (its draft ``None`` when there is none to enter)."""
        return self.correction or Entry(self.next_number, self.draft)

    def _calling(self) -> RoundDraft | None:
        """The round while its call is made (or corrected): once the cards are played, the
        dealer, his misdeals and the bid are settled (a later tap is a crafted one)."""
        draft = self.entry.draft
        return draft if draft is not None and (self.editing or draft.phase is Phase.CALL) else None

    @property
    def long_call(self) -> bool:
        """The call takes more controls than fit under the Block on a phone (a dealer,
        misdeals, a bid, a knock): the screen then shares its height."""
        return self.game is not None and self.game.steps.long_call

    def round_entered(self) -> bool:
        """Something of the round being entered would be lost by cancelling it."""
        draft = self.draft
        return draft is not None and (draft.called or bool(draft.sat_out)
                                      or bool(draft.tricks))

    # -- the call -------------------------------------------------------------------

    def bids(self) -> bool:
        """Z7: the caller's bid is recorded."""
        return bool(self.game.bids())

    def suits(self) -> tuple[Any, ...]:
        """The trump suits of the game's rule book, in the buttons' order (R5, Z5)."""
        return self.game.suits if self.game is not None else ()

    def value_of(self, trump: Any, blind: bool = False) -> int:
        """R8/Z11: what a trick is worth with ``trump`` named (the engine's figure)."""
        return self.game.value_of(trump, blind)

    def blind_button(self) -> Any:
        """R6/Z6: the suit the blind button calls (``None``: the rule book has no blind call)."""
        return next(iter(self.game.blind_suits), None) if self.game is not None else None

    def has_blind(self) -> bool:
        """R6/Z6: the game's rule book has the blind call (Temmels has none: nothing is drawn for it)."""
        return self.game is not None and self.game.steps.blind

    def can_knock(self) -> bool:
        """Z8: knocking is on and the round is not called yet (or is being corrected)."""
        return self._calling() is not None and self.game.steps.knock

    def knock_names_suit(self) -> bool:
        """Z8: a knock round's trump is the bottom card's suit."""
        return self.game.steps.knock_names_suit

    def counts_misdeals(self) -> bool:
        """Z17: the dealer's misdeals are counted."""
        return self.game.steps.misdeals

    def ranked(self) -> bool:
        """24's rank-order cards are on the table (11 high, a played 1 flips it)."""
        return self.game is not None and self.game.steps.rank_order

    def call_reason(self) -> str | None:
        """Why the suit cannot be named yet (Z7: the bid first), or ``None``."""
        draft = self.entry.draft
        if draft is not None and self.game.needs_bid(draft.round) and draft.bid is None:
            return self.t("First the bid (1–{n}), then the suit", n=self.game.bids()[-1])
        return None

    def blind_caller(self) -> str | None:
        """Who would call blind: the caller, or (Z6) whoever the rule book names."""
        draft = self.entry.draft
        return None if draft is None else self.game.blind_caller(draft.caller, draft.dealer)

    def blind_reason(self) -> str | None:
        """Why blind is disabled, in words, or ``None`` (R6/Z6 and variant C)."""
        entry = self.entry
        if entry.draft is None:
            return None
        try:
            self.game.verify_call_blind(self.blind_caller(), entry.number, entry.draft.dealer)
        except ScoringError as error:
            return hint(self.prefs.language, error)
        return None

    def can_call_blind(self) -> bool:
        """R6/Z6 and variant C: the blind caller may call blind now."""
        return self.entry.draft is not None and self.blind_reason() is None

    def misdeal_note(self) -> str | None:
        """Z17 in words: the dealer's strikes so far, and what this round's misdeals cost."""
        entry = self.entry
        draft, number = entry.draft, entry.number
        if draft is None or not self.counts_misdeals() or draft.dealer is None:
            return None
        before = self.game.strikes_before(number).get(draft.dealer, 0)
        return words.misdeal_note(self.prefs, draft.dealer, before, draft.misdeals,
                                  self.game.misdeal_penalty(draft.dealer, draft.misdeals, number))

    def misdeal_costs(self) -> bool:
        """Z17: this deal's misdeals reach a strike that costs points (the note warns then)."""
        entry = self.entry
        draft = entry.draft
        return (draft is not None and self.counts_misdeals() and draft.dealer is not None
                and self.game.misdeal_penalty(draft.dealer, draft.misdeals, entry.number) > 0)

    # -- the play -------------------------------------------------------------------

    def can_change_trump(self) -> bool:
        """Variant A: a played 2 may name a new trump; never after a blind call."""
        draft = self.entry.draft
        return self.game is not None and draft is not None and self.game.may_change_trump(draft.round)

    def sitting_out_at_play(self) -> bool:
        """B/Z9: the play screen carries who sits out (the game has it, and someone may or does)."""
        draft = self.draft
        if self.game is None or not self.game.steps.sit_out or draft is None or not draft.called:
            return False
        return bool(draft.sat_out) or any(
            self.game.can_sit_out(p, draft.caller, (), self.next_number, draft.trump, draft.blind,
                                  draft.knock) for p in self.game.players)

    def sit_out_reason(self, player: str) -> str | None:
        """Why ``player`` may not sit out now, in words, or ``None`` when they may (B, C, Z9)."""
        entry = self.entry
        draft, number = entry.draft, entry.number
        if draft is None:
            return None
        try:
            self.game.verify_sit_out(player, draft.caller, draft.sat_out, number, draft.trump,
                                     draft.blind, draft.knock)
        except ScoringError as error:
            return hint(self.prefs.language, error)
        return None

    def cost_of_sitting_out(self) -> int:
        """Z15/R11: what sitting this round out costs (the engine's figure for this trump)."""
        draft = self.entry.draft
        return self.game.cost_of_sitting_out(None if draft is None else draft.trump)

    def sit_out_note(self) -> str | None:
        """What sitting out costs, in words, where the rule book makes it worth saying."""
        return words.sit_out_note(self.prefs, self.cost_of_sitting_out(),
                                  self.game.steps.sit_out_never)

    def contract_line(self) -> str | None:
        """Z14 in words while the cards are played: "Ben must make 4"."""
        draft = self.entry.draft
        return None if draft is None else words.contract_line(self.prefs, draft.caller,
                                                              self.game.contract(draft.round))

    # -- the count ------------------------------------------------------------------

    def tricks_status(self) -> str:
        """R7/Z10: how many tricks are still to give, in words."""
        draft = self.entry.draft
        return words.tricks_status(self.prefs, self.game.tricks_left(draft.tricks),
                                   self.game.tricks_per_round)

    def first_out_choices(self) -> list[str]:
        """Z20: the players out after this round, when the table must say who was out first
        (empty unless the game asks it and the round puts two or more out)."""
        entry = self.entry
        if entry.draft is None or not entry.draft.called:
            return []
        return self.game.first_out_choices(entry.draft.to_round(), entry.number)

    def round_problem(self) -> str | None:
        """Why the round cannot be confirmed yet (``None`` when it can)."""
        entry = self.entry
        draft, number = entry.draft, entry.number
        if draft is None or not draft.called:
            return None
        missing = self.game.tricks_missing(draft.tricks, draft.sat_out)
        if missing:
            return self.t("Tricks missing for {names}", names=self.names(missing))
        try:
            if self.editing:
                self.game.verify_replace(number, draft.to_round())
            else:
                self.game.verify_round(draft.to_round())
        except ScoringError as error:
            return sentence(reason(self.prefs.language, error))
        return None

    def problem_to_say(self) -> str | None:
        """:meth:`round_problem` unless the tricks line says it already ("1 trick too many", R7):
        a wrong sum is said once, not twice."""
        draft = self.entry.draft
        if draft is not None and draft.called and self.game.tricks_left(draft.tricks) != 0:
            return None
        if draft is not None and draft.first_out is None and self.first_out_choices():
            return None  # Z20: asked as a question on its own row, not said as a refusal
        return self.round_problem()

    def _preview(self) -> RoundResult | None:
        """The round being counted, scored (``None``: not called yet, or it cannot be
        confirmed); shown while the table is still asked who was out first (the engine's
        :meth:`scoring.Game.preview`: no score depends on it, Z20)."""
        entry = self.entry
        if entry.draft is None or not entry.draft.called:
            return None
        try:
            return self.game.preview(entry.draft.to_round(), entry.number)
        except ScoringError:
            return None

    def changes(self) -> list[tuple[str, int]]:
        """What the round being counted would change, per player ("Anna −2")."""
        result = self._preview()
        return [] if result is None else words.changes(self.game.players, result,
                                                       self.entry.draft.sat_out)

    def change_words(self) -> list[str]:
        """:meth:`changes` in words, with the notes the engine left on the round."""
        result = self._preview()
        return [] if result is None else words.change_words(self.prefs, self.game.players, result,
                                                            self.entry.draft.sat_out)
