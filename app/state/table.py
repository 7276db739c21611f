"""The open game and the round being entered at the table (or a past round being corrected).

Data flows one way: a tap calls a command here → :mod:`scoring` checks and
scores → the store persists (between the persistence hooks) → the fields
change → the views redraw.

The table is composed of small parts, each a frozen value it replaces whole:
the round being entered (:attr:`Table.draft`, a :class:`~app.draft.RoundDraft`),
a correction of a past round (:attr:`Table.correction`, a
:class:`~app.state.entry.Entry`) and the evening's tally
(:attr:`Table.evening`, an :class:`~app.state.evening.Evening`). The commands
on a round work on whichever of the first two is open (:attr:`Table.entry`).

Neither rule book is named here and no rule is decided: what a round records
comes from the game's steps (:attr:`scoring.Game.steps`), every "may he?" from
the engine's ``verify_x``/``can_x`` and plain questions, what follows from a tap
from :meth:`scoring.Game.settled`, every amount and what a round did from its
result and notes. The words a screen shows are plain functions
(:mod:`app.state.words`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import flet as ft

from scoring import Game, Round, ScoringError

from .. import persistence
from ..block_csv import block_csv
from ..draft import Phase, RoundDraft
from ..i18n import format_score, hint, reason, round_notes, sentence
from ..store import DamagedFileError, StaleGameError, Store
from . import words
from .command import command, written
from .entry import Entry
from .evening import Evening
from .prefs import Prefs, Worded

__all__ = ["Table"]


@ft.observable
@dataclass(eq=False)
class Table(Worded):
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
    message: str | None = None
    """What the last command did or why it was refused, shown where the table looks."""
    error: bool = False
    saved: bool = False
    """The last change has been written (shown only after the write returned)."""
    last_round: int | None = None
    """The round whose result is highlighted on the Block."""
    undone: Round | None = None
    """The round the last undo removed: the "Undo" snackbar can put it back."""
    undone_version: int | None = None

    announce: Callable[[str, int], None] | None = None
    """Tells the other devices that a game was saved (Flet pubsub; set by app.main)."""

    # -- what happened -------------------------------------------------------------

    def report(self, message: str) -> None:
        """A refusal or a failure, in words (the one wrapper of :mod:`.command` calls it)."""
        if self.correction is not None:
            self.correction = self.correction.refused(message)
        else:
            self.message, self.error, self.saved = message, True, False

    def end_offer(self, version: int | None) -> None:
        """The offer to put back the round of undo ``version`` ended: its time is up, or its screen."""
        if self.undone is not None and version == self.undone_version:
            self.undone, self.message = None, None

    def tell(self, message: str) -> None:
        """What a command did (not an error)."""
        self.message, self.error = message, False

    @property
    def lasting(self) -> bool:
        """What is saved outlives this tab (False: the browser gives no storage)."""
        return persistence.current().available

    @property
    def editing(self) -> bool:
        return self.correction is not None

    # -- opening ---------------------------------------------------------------------

    def close(self) -> None:
        """No game open (home)."""
        self.game_id = self.game = self.version = self.draft = None
        self.message, self.saved, self.last_round, self.undone = None, False, None, None
        self.correction = None
        self._glance()

    def load(self, game_id: str) -> None:
        """Show a stored game's Block, resuming a round that was being entered (reads only)."""
        stored = self.store.load_game(game_id)
        if game_id == self.game_id and self.game is not None:
            if stored.version != self.version:  # renamed or changed meanwhile
                self.reload()
            return
        self.close()
        self.game_id, self.game, self.version = game_id, stored.game, stored.version
        self.draft = self._stored_draft() or self._fresh_draft()
        self.evening = Evening.of(self.store, self.game_id, self.game)
        self._glance()

    def reload(self) -> None:
        """Read the open game again from the store (it changed on another device).

        The round being entered here is this phone's until it confirms: a change elsewhere
        never wipes it, its confirm is checked against the fresh Block as any confirm is.
        Only when the other phone recorded this very round is it set aside (it would be
        recorded twice); another call for that round goes on as the next one if it still fits.
        """
        stored = self.store.load_game(self.game_id)
        number = self.next_number
        self.game, self.version = stored.game, stored.version
        game, draft = stored.game, self.draft
        if len(game.rounds) != number - 1:
            self.last_round, self.undone = len(game.rounds) or None, None
        if draft is None or not self._entered(draft) or game.finished:
            self.draft = self._fresh_draft()
            if draft is not None and self._entered(draft) and game.finished:
                self.tell(self.t("Changed on another device: here is the fresh Block"))
        elif len(game.rounds) >= number:  # this very round was recorded elsewhere
            self.draft = self._carried(draft, game.rounds[number - 1])
            self.tell(self.t("Round {n} was recorded on another device", n=number)
                      if self.draft is None else
                      self.t("Round {n} was recorded on another device: the round being entered "
                             "is now round {m}", n=number, m=self.next_number))
            self.draft = self.draft or self._fresh_draft()
        else:
            self.draft = self._still_seated(draft)
            if len(game.rounds) != number - 1:
                self.tell(self.t("Changed on another device: the round being entered is now "
                                 "round {n}", n=self.next_number))
        if self.correction is not None and self.correction.number > len(game.rounds):
            self.cancel_edit()
        self.evening = Evening.of(self.store, self.game_id, self.game)

    @staticmethod
    def _entered(draft: RoundDraft) -> bool:
        """Something of the round was tapped (a caller proposed by the rotation is not)."""
        return draft.called or bool(draft.tricks) or bool(draft.sat_out)

    def _still_seated(self, draft: RoundDraft) -> RoundDraft:
        """``draft`` without the players no longer at the table (renamed elsewhere); a caller
        gone is the rotation's again, and the table is asked to check him."""
        players = self.game.players
        if draft.caller in players and set(draft.tricks) <= set(players) \
                and draft.sat_out <= set(players):
            return draft
        kept = dataclasses.replace(
            draft, tricks={p: n for p, n in draft.tricks.items() if p in players},
            sat_out=frozenset(p for p in draft.sat_out if p in players),
            auto=tuple(p for p in draft.auto if p in players), first_out=None)
        if kept.caller not in players:
            kept = kept.with_caller(self.game.caller_of(self.next_number))
            self.tell(self.t("Changed on another device: check the caller of round {n}",
                             n=self.next_number))
        return kept

    def _carried(self, draft: RoundDraft, recorded: Round) -> RoundDraft | None:
        """The round being entered as the next round, when another phone recorded its round
        first: ``None`` when it is that round (the same caller) or no longer fits — a name
        gone, or the engine refuses its call as the next round (a blind call, a sitter)."""
        game, number = self.game, self.next_number
        if draft.caller == recorded.caller or self._still_seated(draft) is not draft:
            return None
        try:
            if draft.blind:
                game.verify_call_blind(draft.caller, number, draft.dealer)
            for player in draft.sat_out:
                game.verify_sit_out(player, draft.caller, draft.sat_out - {player}, number,
                                    draft.trump, draft.blind, draft.knock)
        except ScoringError:
            return None
        return draft

    def _fresh_draft(self) -> RoundDraft | None:
        game = self.game
        if game is None or game.finished:
            return None
        return RoundDraft.fresh(game, len(game.rounds) + 1)

    def _stored_draft(self) -> RoundDraft | None:
        """The round being entered when the tab closed, if it still fits the game.

        A draft is a convenience: one that cannot be read in any way
        (not JSON, ``1e400`` tricks, 100 000 nested brackets, a wrong shape) is
        set aside by the store, the game opens at its last confirmed round and
        one calm line says so. A draft of another round (recorded meanwhile) or
        of a renamed caller is simply not used.
        """
        try:
            saved = self.store.load_draft(self.game_id)
            if saved is None or saved.get("round") != len(self.game.rounds) + 1 or self.game.finished:
                return None
            draft = RoundDraft.from_json(saved["draft"], self.game)
        except DamagedFileError:  # set aside by the store already
            self.tell(self.t("The round being entered could not be read: it was set aside"))
            return None
        except Exception:  # any damage at all: OverflowError, RecursionError, …
            self.store.set_aside_draft(self.game_id)
            self.tell(self.t("The round being entered could not be read: it was set aside"))
            return None
        return draft if draft.caller in self.game.players else None

    async def _set_draft(self, draft: RoundDraft | None) -> None:
        game_id, number = self.game_id, len(self.game.rounds) + 1
        # Kept so a closed tab resumes mid-round (a draft is not a round: no scores).
        await written(lambda: self.store.save_draft(game_id, None if draft is None else {
            "round": number, "draft": draft.to_json()}))
        self.draft = draft
        # "Saved" speaks of the last confirmed change; a round being entered is not one. Hidden
        # here, at a tap, the confirm changes nothing on screen before its write is kept: the
        # web build's Block is not drawn twice around its IndexedDB write.
        self.message, self.saved = None, False

    @property
    def next_number(self) -> int:
        """The number of the round being entered."""
        return len(self.game.rounds) + 1 if self.game else 1

    # -- a round at the table (also a past round being corrected) ---------------------

    @property
    def entry(self) -> Entry:
        """The round the commands work on: the correction when one is open, else the next round
        (its draft ``None`` when there is none to enter)."""
        return self.correction or Entry(self.next_number, self.draft)

    async def _change(self, draft: RoundDraft) -> None:
        """Keep a tap: what follows from it is the engine's (:meth:`scoring.Game.settled`)."""
        if draft.called:
            draft = draft.settled(self.game)
        if self.correction is not None:
            self.correction = self.correction.with_draft(draft)
        else:
            await self._set_draft(draft)

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

    def _anyone_may_sit_out(self, draft: RoundDraft) -> bool:
        """B/Z9: whether anyone at all may sit this round out (else the play screen shows no chips)."""
        return any(self.game.can_sit_out(p, draft.caller, (), self.next_number, draft.trump,
                                         draft.blind, draft.knock) for p in self.game.players)

    def sitting_out_at_play(self) -> bool:
        """B/Z9: the play screen carries who sits out (the game has it, and someone may or does)."""
        draft = self.draft
        return (self.game is not None and self.game.steps.sit_out and draft is not None
                and draft.called and (bool(draft.sat_out) or self._anyone_may_sit_out(draft)))

    def can_change_trump(self) -> bool:
        """Variant A: a played 2 may name a new trump; never after a blind call."""
        draft = self.entry.draft
        return self.game is not None and draft is not None and self.game.may_change_trump(draft)

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

    def round_entered(self) -> bool:
        """Something of the round being entered would be lost by cancelling it."""
        draft = self.draft
        return draft is not None and (draft.called or bool(draft.sat_out)
                                      or bool(draft.tricks))

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

    # questions for the controls (each the engine's answer)

    def bids(self) -> bool:
        """Z7: the caller's bid is recorded."""
        return bool(self.game.bids())

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
        if draft is not None and self.game.needs_bid(draft) and draft.bid is None:
            return self.t("First the bid (1–{n}), then the suit", n=self.game.bids()[-1])
        return None

    def blind_caller(self) -> str | None:
        """Who would call blind: the caller, or (Z6) whoever the rule book names."""
        draft = self.entry.draft
        return None if draft is None else self.game.blind_caller(draft.caller, draft.dealer)

    def _verify_blind(self) -> None:
        """The engine's R6/Z6 check of a blind call now (raises its ScoringError)."""
        entry = self.entry
        draft, number = entry.draft, entry.number
        self.game.verify_call_blind(self.blind_caller(), number, draft.dealer)

    def can_call_blind(self) -> bool:
        """R6/Z6 and variant C: the blind caller may call blind now."""
        draft = self.entry.draft
        if draft is None:
            return False
        try:
            self._verify_blind()
        except ScoringError:
            return False
        return True

    def blind_reason(self) -> str | None:
        """Why blind is disabled, in words, or ``None``."""
        draft = self.entry.draft
        if draft is None:
            return None
        try:
            self._verify_blind()
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
                                  self.game.steps.sit_out_streak)

    def suits(self) -> tuple[Any, ...]:
        """The trump suits of the game's rule book, in the buttons' order (R5, Z5)."""
        return self.game.suits if self.game is not None else ()

    def value_of(self, trump: Any, blind: bool = False) -> int:
        """R8/Z11: what a trick is worth with ``trump`` named (the engine's figure)."""
        return self.game.value_of(trump, blind)

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

    def tricks_status(self) -> str:
        """R7/Z10: how many tricks are still to give, in words."""
        draft = self.entry.draft
        return words.tricks_status(self.prefs, self.game.tricks_left(draft.tricks),
                                   self.game.tricks_per_round)

    def contract_line(self) -> str | None:
        """Z14 in words while the cards are played: "Ben must make 4"."""
        draft = self.entry.draft
        contract = None if draft is None else self.game.contract(draft)
        return None if contract is None else self.t("{name} must make {n}", name=draft.caller,
                                                    n=contract)

    def misdeal_note(self) -> str | None:
        """Z17 in words: the dealer's strikes so far, and "+12 now" when this round's misdeals
        reach a third strike (``None`` before his first)."""
        entry = self.entry
        draft, number = entry.draft, entry.number
        if draft is None or not self.counts_misdeals() or draft.dealer is None:
            return None
        before = self.game.strikes_before(number).get(draft.dealer, 0)
        now = before + draft.misdeals
        if not now:
            return None  # no strike yet: nothing to say
        penalty = self.game.misdeal_penalty(draft.dealer, draft.misdeals, number)
        return self.nt("{name}: {n} misdeal", "{name}: {n} misdeals", name=draft.dealer, n=now) + (
            " · " + self.t("+{points} now", points=penalty) if penalty else "")

    def first_out_choices(self) -> list[str]:
        """Z20: the players out after this round, when the table must say who was out first.

        Empty unless the game asks it (``tie_break: first_out``) and the round puts two or
        more out.
        """
        entry = self.entry
        draft, number = entry.draft, entry.number
        if draft is None or not draft.called:
            return []
        return self.game.first_out_choices(draft.to_round(), number)

    def _try(self, round_: Any, number: int) -> Game:
        return self.game.replace(number, round_) if self.editing else self.game.record(round_)

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

    def _result(self) -> tuple[Game, int] | None:
        """The game with the round being counted scored, and its number (``None``: the round
        is not called yet or cannot be confirmed — the one replay that also says so)."""
        entry = self.entry
        draft, number = entry.draft, entry.number
        if draft is None or not draft.called:
            return None
        choices = self.first_out_choices()
        if draft.first_out is None and choices:
            # Z20: who was out first only breaks the tie, no score depends on it: the changes
            # are shown while the table still answers the question
            draft = draft.with_first_out(choices[0])
        try:
            return self._try(draft.to_round(), number), number
        except ScoringError:
            return None

    def changes(self) -> list[tuple[str, int]]:
        """What the round being counted would change, per player who played ("Anna −2").

        A sitter shows too when sitting out costs him (Z15) or a misdeal strike does (Z17).
        """
        done = self._result()
        return [] if done is None else self._changes(*done)

    def _changes(self, game: Game, number: int) -> list[tuple[str, int]]:
        draft = self.entry.draft
        result = game.results[number - 1]
        return [(name, delta) for name, delta in zip(game.players, result.deltas, strict=True)
                if name not in draft.sat_out or delta]

    def change_words(self) -> list[str]:
        """:meth:`changes` in words, with what a bare number would hide: the notes the engine
        left on the round (a missed contract, a score that stays, a third strike, 100 → 10)."""
        done = self._result()
        if done is None:
            return []
        notes = round_notes(self.t, *done)
        return [f"{name} {format_score(delta, signed=True)}"
                + "".join(f" ({note})" for note in notes.get(name, ()))
                for name, delta in self._changes(*done)]

    # commands that write the game

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
            self.saved = True

    def can_undo(self) -> bool:
        """A last round to take back, and no round being played (its cards are on the table)."""
        draft = self.draft
        return bool(self.game and self.game.rounds) and (draft is None or draft.phase is Phase.CALL)

    @command
    async def undo_round(self) -> None:
        """Remove the last round (the "Undo" snackbar can put it back); reopens a finished game."""
        if not self.can_undo():  # also a crafted tap while the round is played
            return
        number, removed = len(self.game.rounds), self.game.rounds[-1]
        if await self._save(self.game.undo()):
            self.last_round = None
            await self._set_draft(self._fresh_draft())
            self.undone, self.undone_version = removed, self.version
            self.tell(self.t("Round {n} removed", n=number))

    @command
    async def redo_round(self) -> None:
        """Take the undo back: the removed round is recorded again, as it was."""
        removed = self.undone
        if removed is None or self.version != self.undone_version:
            self.undone = None
            return
        game = self.game.record(removed)
        if await self._save(game):
            self.undone = None
            self.last_round = len(game.rounds)
            await self._set_draft(self._fresh_draft())
            self.tell(self.t("Round {n} is back", n=len(game.rounds)))

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
        self.tell(self.t("Round {n} corrected", n=number))
        if self.draft is None or self.draft.caller not in game.players or game.finished:
            await self._set_draft(self._fresh_draft())
        self.saved = True
        return True

    def cancel_edit(self) -> None:
        """Leave the correction without changing anything."""
        self.correction = None

    async def _save(self, game: Game, base: int | None = None) -> bool:
        """Persist ``game``, a change made to version ``base`` (default: the one shown).

        Only after the write returned does the state change. A change made to an
        older version (another device saved since) is refused with "changed on
        another device" and the fresh game is shown: no change is lost.
        """
        self.saved = False
        expected = self.version if base is None else base
        try:
            self.version = await written(
                lambda: self.store.save_game(self.game_id, game, expected_version=expected))
        except StaleGameError:
            self.cancel_edit()
            self.reload()
            self.tell(self.t("Changed on another device: here is the fresh Block"))
            return False
        self.game = game
        self.evening = Evening.of(self.store, self.game_id, game)
        self._glance()
        if self.announce is not None:
            self.announce(self.game_id, self.version)
        return True

    def _glance(self) -> None:
        """The open game, worded, for the web build's loading screen; None when no
        game is being played (a finished game is not resumed at a start)."""
        game, summary = self.game, None
        if game is not None and not game.finished:
            summary = {"v": 1, "lang": self.prefs.language, "dark": self.prefs.dark,
                       "round": self.t("Round {n}", n=len(game.rounds)) if game.rounds else "",
                       "players": [[name, format_score(score)] for name, score in game.scores.items()]}
        persistence.current().glance(summary)

    # -- what the Block shows --------------------------------------------------------

    def outcome_lines(self) -> list[str]:
        """R13 in words: who won, ties shared, who ran past the limit."""
        return [] if self.game is None else words.outcome_lines(self.prefs, self.game)

    def evening_line(self) -> str | None:
        """The rematch tally in words: "Wins in 3 games tonight: Anna 2 · Ben 1 · Carl 0"."""
        return words.evening_line(self.prefs, self.evening)

    def ranking(self) -> list[tuple[int, str, int]]:
        """Game over: (place, name, score), the engine's ranking with its tie rule (R13, Z20)."""
        return self.game.ranking()

    def exported(self, name: str, failed: BaseException | None = None) -> None:
        """The Block's file arrived (a download, the phone's save dialog), or did not: say so here."""
        if failed is not None:
            self.report(self.t("Not exported: {reason}", reason=reason(self.prefs.language, failed)))
        else:
            self.tell(self.t("{name} saved", name=name))

    def export_block(self) -> tuple[str, bytes] | None:
        """The open game's Block as CSV: a file name (players and date, no ids) and its bytes."""
        if self.game is None:
            return None
        stored = self.store.load_game(self.game_id)
        # The players' names as typed, only what every file system takes; no internal id.
        players = "-".join("".join(c for c in p if c.isalnum()) or "x" for p in self.game.players)
        name = f"block24-{players}-{stored.created.astimezone():%Y-%m-%d-%H%M}.csv"
        return name, block_csv(self.game, self.prefs.language).encode("utf-8")
