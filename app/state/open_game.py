"""The open game: opened, read again when another phone changed it, saved, a round taken back.

Only after a write returned does the state change; a change made to an older
version (another phone saved since) is refused and the fresh Block shown. The
round being entered is this phone's until it confirms (:meth:`OpenGame.reload`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from scoring import Game, Round, ScoringError

from .. import peers, persistence
from ..block_csv import block_csv
from ..draft import Phase, RoundDraft
from ..i18n import reason
from ..store import DamagedFileError, StaleGameError, Store
from . import words
from .command import command, written
from .entry import Asking
from .evening import Evening
from .notice import Kind

__all__ = ["OpenGame"]


class OpenGame(Asking):
    """The game shown (its id, version and Block) and the round being entered, as stored."""

    store: Store
    game_id: str | None
    version: int | None
    evening: Evening
    last_round: int | None
    undone: Round | None
    undone_version: int | None
    announce: Callable[[str, int], None] | None

    @property
    def lasting(self) -> bool:
        """What is saved outlives this tab (False: the browser gives no storage)."""
        return persistence.current().available

    @property
    def saved(self) -> bool:
        """The last change has been written (said only after the write returned)."""
        return self.notice is not None and self.notice.kind is Kind.DONE

    def close(self) -> None:
        """No game open (home)."""
        self.game_id = self.game = self.version = self.draft = None
        self.notice, self.last_round, self.undone = None, None, None
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
        before = self.game
        self.game, self.version = stored.game, stored.version
        game, draft = stored.game, self.draft
        if len(game.rounds) != number - 1:
            self.last_round, self.undone = len(game.rounds) or None, None
        # a caller or dealer chosen here, a bid or a misdeal is a tap too
        tapped = draft is not None and (_entered(draft) or draft != RoundDraft.fresh(before, number))
        if draft is None or not tapped or game.finished:
            self.draft = self._fresh_draft()
            if draft is not None and _entered(draft) and game.finished:
                self.tell(self.t("Changed on another device: here is the fresh Block"))
        elif len(game.rounds) >= number:  # this very round was recorded elsewhere
            self.draft = self._carried(draft, game.rounds[number - 1])
            self.tell(self.t("Round {n} was recorded on another device", n=number)
                      if self.draft is None else
                      self.t("Round {n} was recorded on another device: the round being entered "
                             "is now round {m}", n=number, m=self.next_number))
            self.draft = self.draft or self._fresh_draft()
        else:
            self.draft = self._seated(draft)
            if self.draft.caller != draft.caller:
                self.tell(self.t("Changed on another device: check the caller of round {n}",
                                 n=self.next_number))
            elif len(game.rounds) != number - 1:
                self.draft, chosen = self._renumbered(self.draft, number)
                self.tell(" · ".join([self.t("Changed on another device: the round being entered is "
                                             "now round {n}", n=self.next_number), *chosen]))
        if self.correction is not None and self.correction.number > len(game.rounds):
            self.correction = None
        self.evening = Evening.of(self.store, self.game_id, self.game)

    def _seated(self, draft: RoundDraft) -> RoundDraft:
        """``draft`` without the players no longer at the table (renamed elsewhere); a caller
        gone is the rotation's again (the table is asked to check him)."""
        players = set(self.game.players)
        if draft.caller in players and set(draft.tricks) | draft.sat_out <= players:
            return draft
        kept = dataclasses.replace(
            draft, tricks={p: n for p, n in draft.tricks.items() if p in players},
            sat_out=draft.sat_out & players, auto=tuple(p for p in draft.auto if p in players),
            first_out=None)
        return kept if kept.caller in players else kept.with_caller(
            self.game.caller_of(self.next_number))

    def _renumbered(self, draft: RoundDraft, number: int) -> tuple[RoundDraft, list[str]]:
        """``draft``, entered as round ``number``, as the next round now (a round was undone or
        recorded elsewhere): a caller or dealer the rotation proposed for ``number`` is the
        rotation's for the next round, as on every other phone; one chosen on this phone stays,
        and the returned words say so."""
        game, now = self.game, self.next_number
        chosen = []
        if draft.caller == game.caller_of(number):
            caller = game.caller_of(now)
            draft = dataclasses.replace(draft.with_caller(caller), sat_out=draft.sat_out - {caller})
        else:
            chosen.append(self.t("{name} calls, as chosen on this phone", name=draft.caller))
        if draft.dealer is not None:
            if draft.dealer == game.proposed_dealer(number):
                draft = draft.with_dealer(game.proposed_dealer(now))
            else:
                chosen.append(self.t("{name} deals, as chosen on this phone", name=draft.dealer))
        return draft, chosen

    def set_aside(self) -> tuple[str, int, RoundDraft] | None:
        """The round being entered here (game, number, taps), when something of it was tapped:
        kept by the session while this phone is sent away, for :meth:`take_back`."""
        draft = self.draft
        if self.game_id is None or self.game is None or draft is None:
            return None
        if not _entered(draft) and draft == RoundDraft.fresh(self.game, self.next_number):
            return None
        return self.game_id, self.next_number, draft

    def take_back(self, number: int, draft: RoundDraft) -> None:
        """The round this phone was entering before it was sent away, when it is still the next
        round and fits the game (else the stored one stays, as after any change elsewhere)."""
        if self.game is not None and not self.game.finished and number == self.next_number \
                and self._seated(draft) == draft:
            self.draft = draft

    def _carried(self, draft: RoundDraft, recorded: Round) -> RoundDraft | None:
        """The round being entered as the next round, when another phone recorded its round
        first: ``None`` when it is that round (the same caller) or no longer fits — a name
        gone, or the engine refuses its call as the next round (a blind call, a sitter)."""
        game, number = self.game, self.next_number
        if draft.caller == recorded.caller or self._seated(draft) != draft:
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
        self.notice = None

    async def _save(self, game: Game, base: int | None = None) -> bool:
        """Persist ``game``, a change made to version ``base`` (default: the one shown).

        Only after the write returned does the state change. A change made to an
        older version (another device saved since) is refused with "changed on
        another device" and the fresh game is shown: no change is lost.
        """
        self.notice = None
        expected = self.version if base is None else base
        table = peers.current()
        try:
            if table is not None and table.relays(self.store, self.game_id):  # the host's engine decides
                self.version = await table.propose(self.game_id, game, expected)
            else:
                self.version = await written(
                    lambda: self.store.save_game(self.game_id, game, expected_version=expected))
        except StaleGameError:
            self.correction = None
            self.reload()
            self.tell(self.t("Changed on another device: here is the fresh Block"))
            return False
        self.game = game
        self.evening = Evening.of(self.store, self.game_id, game)
        self._glance()
        if game.finished:
            persistence.current().worth_keeping("finished game")
        if self.announce is not None:
            self.announce(self.game_id, self.version)
        return True

    def _glance(self) -> None:
        """The open game, worded, for the web build's loading screen."""
        persistence.current().glance(words.glance(self.prefs, self.game))

    # -- taking a round back ------------------------------------------------------------

    def can_undo(self) -> bool:
        """A last round to take back, and no round being played (its cards are on the table)."""
        draft = self.draft
        return bool(self.game and self.game.rounds) and (draft is None or draft.phase is Phase.CALL)

    @command
    async def undo_round(self) -> None:
        """Remove the last round (the "Undo" offer can put it back); reopens a finished game."""
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

    def end_offer(self, version: int | None) -> None:
        """The offer to put back the round of undo ``version`` ended: its time is up, or its screen."""
        if self.undone is not None and version == self.undone_version:
            self.undone, self.notice = None, None

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


def _entered(draft: RoundDraft) -> bool:
    """Something of the round was tapped (a caller proposed by the rotation is not)."""
    return draft.called or bool(draft.tricks) or bool(draft.sat_out)
