"""The open game and the round being entered at the table (or a past round being corrected).

Data flows one way: a tap calls a command here → :mod:`scoring` checks and
scores → the store persists (between the persistence hooks) → the fields
change → the views redraw.

The table is made of small parts, each a frozen value it replaces whole: the
round being entered (:attr:`Table.draft`, a :class:`~app.draft.RoundDraft`), a
correction of a past round (:attr:`Table.correction`, an
:class:`~app.state.entry.Entry`), the evening's tally (:attr:`Table.evening`)
and what the table is told (:attr:`Table.notice`). The commands on a round work
on whichever of the first two is open (:attr:`Table.entry`). What the controls
ask of that round is :class:`~app.state.entry.Asking`; opening, saving and
taking back a round is :class:`~app.state.open_game.OpenGame`; the words a
screen shows are plain functions (:mod:`app.state.words`).

Neither rule book is named here and no rule is decided: what a round records
comes from the game's steps (:attr:`scoring.Game.steps`), every "may he?" from
the engine's ``verify_x``/``can_x`` and plain questions, what follows from a tap
from :meth:`scoring.Game.settled`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import flet as ft

from scoring import Game, Round

from ..draft import Phase, RoundDraft
from ..store import Store
from .command import command
from .entry import Entry
from .evening import Evening
from .notice import Kind, Notice
from .open_game import OpenGame
from .prefs import Prefs

__all__ = ["Table"]


@ft.observable
@dataclass(eq=False)
class Table(OpenGame):
    """One game at the table: its Block, the round being entered, a correction, what happened."""

    store: Store
    prefs: Prefs
    game_id: str | None = None
    game: Game | None = None
    version: int | None = None
    draft: RoundDraft | None = None
    """The round being entered."""
    correction: Entry | None = None
    """A past round being corrected (``None``: none open)."""
    evening: Evening = field(default_factory=Evening)
    """Game over after rematches: wins per player over this evening's games."""
    notice: Notice | None = None
    """What the last command did or why it was refused, shown where the table looks."""
    last_round: int | None = None
    """The round whose result is highlighted on the Block."""
    undone: Round | None = None
    """The round the last undo removed: the "Undo" snackbar can put it back."""
    undone_version: int | None = None

    announce: Callable[[str, int], None] | None = None
    """Tells the other devices that a game was saved (Flet pubsub; set by app.main)."""

    def report(self, text: str) -> None:
        """A refusal or a failure, in words: on the correction when one is open."""
        if self.correction is not None:
            self.correction = self.correction.refused(text)
        else:
            super().report(text)

    # -- a round at the table (also a past round being corrected) ---------------------

    async def _change(self, draft: RoundDraft) -> None:
        """Keep a tap: what follows from it is the engine's (:meth:`scoring.Game.settled`)."""
        if draft.called:
            draft = draft.settled(self.game)
        if self.correction is not None:
            self.correction = self.correction.with_draft(draft)
        else:
            await self._set_draft(draft)

    @command
    async def set_caller(self, caller: str) -> None:
        """R4: the table overrides the proposed caller."""
        draft = self.entry.draft
        if draft and caller in self.game.players:
            await self._change(draft.with_caller(caller))

    @command
    async def set_dealer(self, dealer: str) -> None:
        """Z4: the table overrides the proposed dealer (the recorded dealer is fact)."""
        draft = self._calling()
        if draft is not None and self.game.steps.dealer and dealer in self.game.players:
            await self._change(draft.with_dealer(dealer))

    @command
    async def set_bid(self, bid: int) -> None:
        """Z7: the highest bid, 1 to T; its bidder is the caller (chosen in the caller picker)."""
        draft = self._calling()
        if draft is not None and type(bid) is int and bid in self.game.bids():
            await self._change(draft.with_bid(bid))

    @command
    async def set_misdeals(self, misdeals: int) -> None:
        """Z17: how often the dealer dealt wrongly before this deal."""
        draft = self._calling()
        if draft is not None and self.counts_misdeals() and type(misdeals) is int \
                and misdeals in self.game.misdeal_counts():
            await self._change(draft.with_misdeals(misdeals))

    @command
    async def call_knock(self, trump: Any) -> None:
        """Z8: the caller knocks; ``trump`` is the bottom card's suit (``None`` without trump)."""
        draft = self.entry.draft
        if draft is None or not self.can_knock() or (trump is None) == self.knock_names_suit() \
                or (trump is not None and trump not in self.game.suits):
            return
        knocked = draft.with_knock(trump)
        await self._change(knocked.at(Phase.TRICKS) if self.editing else knocked)

    @command
    async def call_trump(self, colour: Any, blind: bool = False) -> None:
        """R5/R6, Z5/Z6: the caller names trump, a suit of the game's rule book (or the blind one).

        A suit of another rule book changes nothing (a crafted tap). Where the
        blind caller is another player (Württemberg, Z6) he becomes the caller.
        """
        draft = self.entry.draft
        if draft is None or colour not in self.game.suits or (blind and not self.can_call_blind()):
            return  # a suit of another rule book is a crafted tap
        if not self.editing and draft.phase is not Phase.CALL:
            return  # the trump buttons are gone once play starts (a crafted tap)
        if not blind and self.call_reason() is not None:
            self.report(self.call_reason())  # Z7: the bid comes first
            return
        if blind:
            draft = draft.with_caller(self.blind_caller())
        # Variant B / Z9: who sits out is said on the play screen, once the cards are seen —
        # never a step of its own, so a round nobody sits out costs no extra tap.
        await self._change(draft.with_trump(colour, blind))

    @command
    async def change_trump(self, colour: Any) -> None:
        """Variant A: a 2 was played and a new trump named; the last one counts."""
        draft = self.entry.draft
        if draft and self.can_change_trump() and colour in self.game.suits:
            await self._change(draft.with_final_trump(colour))

    @command
    async def flip_order(self) -> None:
        """A 1 was played: the rank order turns round (display only)."""
        if self.draft and self.ranked():
            await self._set_draft(self.draft.flipped())

    @command
    async def count_tricks(self) -> None:
        """The tricks are played: enter the counts."""
        if self.draft and self.draft.called:
            await self._set_draft(self.draft.at(Phase.TRICKS))

    @command
    async def back_to_play(self) -> None:
        """Back from counting to the table display."""
        if self.draft:
            await self._set_draft(self.draft.at(Phase.PLAY))

    @command
    async def cancel_round(self) -> None:
        """Forget the round being entered (nothing was recorded)."""
        if self.game and not self.game.finished:
            await self._set_draft(self._fresh_draft())

    @command
    async def toggle_sit_out(self, player: str) -> None:
        """Variant B / Z9: ``player`` sits out, or plays after all."""
        draft = self.entry.draft
        if draft is None:
            return
        out = player not in draft.sat_out
        if out and self.sit_out_reason(player) is not None:
            return
        await self._change(draft.with_sat_out(player, out))

    @command
    async def set_tricks(self, player: str, made: int) -> None:
        """R7/Z10: ``player`` made ``made`` tricks (the last count fills itself in)."""
        draft = self.entry.draft
        if draft is None or player in draft.sat_out:
            return
        await self._change(draft.with_tricks(self.game, player, made))

    @command
    async def set_first_out(self, player: str) -> None:
        """Z20: who went out first, when two go out in this round."""
        draft = self.entry.draft
        if draft is not None and player in self.first_out_choices():
            await self._change(draft.with_first_out(player))

    # -- commands that write the game --------------------------------------------------

    @command
    async def confirm_round(self) -> None:
        """Record the round: scoring checks it, the store saves it, the Block shows it."""
        draft = self.draft
        if draft is None or not draft.called:
            return
        game = self.game.record(draft.to_round())  # a refusal is worded by @command
        if await self._save(game):
            self.last_round = len(game.rounds)
            self.undone = None
            await self._set_draft(self._fresh_draft())
            self._kept()

    def _kept(self) -> None:
        """The change is written: "Saved", or where this tab alone keeps it, that it does."""
        self.tell(self.t("Saved") if self.lasting
                  else self.t("Kept in memory only (this browser keeps no data)"), Kind.DONE)

    def edit_round(self, number: int) -> bool:
        """Open round ``number`` for correction (made to the version shown now)."""
        if not (self.game and 1 <= number <= len(self.game.rounds)):
            return False
        if self.correction is None or self.correction.number != number:
            draft = RoundDraft.from_round(self.game.rounds[number - 1])
            self.correction = Entry(number, draft, self.version)
        return True

    @command
    async def save_edit(self) -> bool:
        """Replace the corrected round; refused with the reason when a later round breaks."""
        if self.correction is None:
            return False
        number, draft, version = (self.correction.number, self.correction.draft,
                                  self.correction.version)
        game = self.game.replace(number, draft.to_round())
        if not await self._save(game, base=version):
            return False
        self.cancel_edit()
        self.last_round = number
        self.undone = None
        if self.draft is None or self.draft.caller not in game.players or game.finished:
            await self._set_draft(self._fresh_draft())
        self.tell(self.t("Round {n} corrected", n=number), Kind.DONE)
        return True

    def cancel_edit(self) -> None:
        """Leave the correction without changing anything."""
        self.correction = None
