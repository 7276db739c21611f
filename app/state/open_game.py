"""The open game (opened, read again when another phone changed it, closed), taking a round
back, and what the Block shows: three parts of the :class:`~app.state.table.Table`.

Only after a write returned does the state change; a change made to an older
version (another phone saved since) is refused and the fresh Block shown. The
round being entered is this phone's until it confirms (:meth:`OpenGame.reload`).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from scoring import Round, ScoringError

from .. import persistence
from ..block_csv import block_csv
from ..draft import Phase, RoundDraft
from ..i18n import reason
from ..store import DamagedFileError
from . import words
from .command import command
from .evening import read_evening
from .notice import Kind
from .part import Part

__all__ = ["BlockWords", "OpenGame", "Undo", "Undone"]


@dataclass(frozen=True)
class Undone:
    """The version the last undo left: while its offer shows, its "Undo" puts the round back (a
    redo; the rounds taken back are the game's, :attr:`scoring.Game.taken_back`)."""

    version: int | None


class OpenGame(Part):
    """The game shown: opened, read again when another phone changed it, closed."""

    __slots__ = ()

    @property
    def lasting(self) -> bool:
        """What is saved outlives this tab (False: the browser gives no storage)."""
        return persistence.current().available

    @property
    def saved(self) -> bool:
        """The last change has been written (said only after the write returned)."""
        notice = self._table.notice
        return notice is not None and notice.kind is Kind.DONE

    def close(self) -> None:
        """No game open (home)."""
        table = self._table
        table.game_id = table.game = table.version = table.draft = None
        table.notice, table.last_round, table.undone = None, None, None
        table.correction = None
        self._glance()

    def load(self, game_id: str) -> None:
        """Show a stored game's Block, resuming a round that was being entered (reads only)."""
        table = self._table
        stored = table.store.load_game(game_id)
        if game_id == table.game_id and table.game is not None:
            if stored.version != table.version:  # renamed or changed meanwhile
                self.reload()
            return
        self.close()
        table.game_id, table.game, table.version = game_id, stored.game, stored.version
        table.draft = self._stored_draft() or self._fresh_draft()
        table.evening = read_evening(table.store, table.game_id, table.game)
        self._glance()

    def reload(self) -> None:
        """Read the open game again from the store (it changed on another device).

        The round being entered here is this phone's until it confirms: a change elsewhere
        never wipes it, its confirm is checked against the fresh Block as any confirm is.
        Only when the other phone recorded this very round is it set aside (it would be
        recorded twice); another call for that round goes on as the next one if it still fits.
        """
        table = self._table
        stored = table.store.load_game(table.game_id)
        number = self._next()
        before = table.game
        table.game, table.version = stored.game, stored.version
        game, draft = stored.game, table.draft
        if len(game.rounds) != number - 1:
            table.last_round, table.undone = len(game.rounds) or None, None
        # a caller or dealer chosen here, a bid or a misdeal is a tap too
        tapped = draft is not None and (_entered(draft) or draft != RoundDraft.fresh(before, number))
        if draft is None or not tapped or game.finished:
            table.draft = self._fresh_draft()
            if draft is not None and _entered(draft) and game.finished:
                self._tell(self._prefs.t("Changed on another device: here is the fresh Block"))
        elif (back := _put_back(draft, game.rounds[number - 1:])) is not None:
            # the rounds another phone took back are back (its redo): this one moves on again
            table.draft, chosen = self._renumbered(back, number)
            self._tell(" · ".join([self._prefs.t("Changed on another device: the round being entered "
                                                 "is now round {n}", n=self._next()), *chosen]))
        elif len(game.rounds) >= number:  # this very round was recorded elsewhere
            table.draft = self._carried(draft, game.rounds[number - 1])
            self._tell(self._prefs.t("Round {n} was recorded on another device", n=number)
                       if table.draft is None else
                       self._prefs.t("Round {n} was recorded on another device: the round being entered "
                               "is now round {m}", n=number, m=self._next()))
            table.draft = table.draft or self._fresh_draft()
        else:
            table.draft = self._seated(draft)
            if table.draft.caller != draft.caller:
                self._tell(self._prefs.t("Changed on another device: check the caller of round {n}",
                                   n=self._next()))
            elif len(game.rounds) != number - 1:
                taken = tuple(reversed(before.rounds[len(game.rounds):])) if before is not None else ()
                table.draft, chosen = self._renumbered(
                    dataclasses.replace(table.draft, moved=table.draft.moved + taken), number)
                self._tell(" · ".join([self._prefs.t("Changed on another device: the round being entered "
                                               "is now round {n}", n=self._next()), *chosen]))
        if table.correction is not None and table.correction.number > len(game.rounds):
            table.correction = None
        table.evening = read_evening(table.store, table.game_id, table.game)

    def _next(self) -> int:
        return self._table.round.next_number

    def set_aside(self) -> tuple[str, int, RoundDraft] | None:
        """The round being entered here (game, number, taps), when something of it was tapped:
        kept by the session while this phone is sent away, for :meth:`take_back`."""
        draft = self._table.draft
        if self._table.game_id is None or self._game is None or draft is None:
            return None
        if not _entered(draft) and draft == RoundDraft.fresh(self._game, self._next()):
            return None
        return self._table.game_id, self._next(), draft

    def take_back(self, number: int, draft: RoundDraft) -> None:
        """The round this phone was entering before it was sent away, when it is still the next
        round and fits the game (else the stored one stays, as after any change elsewhere)."""
        if self._game is not None and not self._game.finished and number == self._next() \
                and self._seated(draft) == draft:
            self._table.draft = draft


    def _seated(self, draft: RoundDraft) -> RoundDraft:
        """``draft`` without the players no longer at the table (renamed elsewhere); a caller
        gone is the rotation's again (the table is asked to check him)."""
        players = set(self._game.players)
        if draft.caller in players and set(draft.tricks) | draft.sat_out <= players:
            return draft
        kept = dataclasses.replace(
            draft, tricks={p: n for p, n in draft.tricks.items() if p in players},
            sat_out=draft.sat_out & players, auto=tuple(p for p in draft.auto if p in players),
            first_out=None)
        return kept if kept.caller in players else kept.with_caller(
            self._game.caller_of(self._next()))

    def _renumbered(self, draft: RoundDraft, number: int) -> tuple[RoundDraft, list[str]]:
        """``draft``, entered as round ``number``, as the next round now (a round was undone or
        recorded elsewhere): a caller or dealer the rotation proposed for ``number`` is the
        rotation's for the next round, as on every other phone; one chosen on this phone stays,
        and the returned words say so."""
        game, now = self._game, self._next()
        chosen = []
        if draft.caller == game.caller_of(number):
            caller = game.caller_of(now)
            draft = dataclasses.replace(draft.with_caller(caller), sat_out=draft.sat_out - {caller})
        else:
            chosen.append(self._prefs.t("{name} calls, as chosen on this phone", name=draft.caller))
        if draft.dealer is not None:
            if draft.dealer == game.proposed_dealer(number):
                draft = draft.with_dealer(game.proposed_dealer(now))
            else:
                chosen.append(self._prefs.t("{name} deals, as chosen on this phone", name=draft.dealer))
        return draft, chosen

    def _carried(self, draft: RoundDraft, recorded: Round) -> RoundDraft | None:
        """The round being entered as the next round, when another phone recorded its round
        first: ``None`` when it is that round (the same caller) or no longer fits — a name
        gone, or the engine refuses its call as the next round (a blind call, a sitter)."""
        game, number = self._game, self._next()
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

    def _stored_draft(self) -> RoundDraft | None:
        """The round being entered when the tab closed, if it still fits the game.

        A draft is a convenience: one that cannot be read in any way
        (not JSON, ``1e400`` tricks, 100 000 nested brackets, a wrong shape) is
        set aside by the store, the game opens at its last confirmed round and
        one calm line says so. A draft of another round (recorded meanwhile) or
        of a renamed caller is simply not used.
        """
        try:
            saved = self._table.store.load_draft(self._table.game_id)
            game = self._game
            if saved is None or saved.get("round") != len(game.rounds) + 1 or game.finished:
                return None
            draft = RoundDraft.from_json(saved["draft"], self._game)
        except DamagedFileError:  # set aside by the store already
            self._tell(self._prefs.t("The round being entered could not be read: it was set aside"))
            return None
        except Exception:  # any damage at all: OverflowError, RecursionError, …
            self._table.store.set_aside_draft(self._table.game_id)
            self._tell(self._prefs.t("The round being entered could not be read: it was set aside"))
            return None
        return draft if draft.caller in self._game.players else None


class Undo(Part):
    """Taking the last round back, and the short offer to put it back."""

    __slots__ = ()

    def can_undo(self) -> bool:
        """A last round to take back, and no round being played (its cards are on the table)."""
        draft = self._table.draft
        return bool(self._game and self._game.rounds) and (draft is None or draft.phase is Phase.CALL)

    @command
    async def undo_round(self) -> None:
        """Remove the last round (the "Undo" offer can put it back); reopens a finished game."""
        if not self.can_undo():  # also a crafted tap while the round is played
            return
        number = len(self._game.rounds)
        if await self._save(self._game.undo()):
            self._table.last_round = None
            await self._set_draft(self._fresh_draft())
            self._table.undone = Undone(self._table.version)
            self._tell(self._prefs.t("Round {n} removed", n=number))

    def can_redo(self) -> bool:
        """A round taken back that fits as the next round (the engine's), and no round being
        played: on every phone, after a restart too (the taken back rounds are the game's)."""
        draft = self._table.draft
        return bool(self._game and self._game.can_redo()) and (draft is None or draft.phase is Phase.CALL)

    def redo_number(self) -> int | None:
        """The number of the round a redo would put back (``None``: no round taken back)."""
        game = self._game
        return len(game.rounds) + 1 if game is not None and game.taken_back else None

    @command
    async def redo_round(self) -> None:
        """Put the next round taken back in again, as it was: one per tap, in the order they were
        played, until a new round is recorded (the engine's :meth:`scoring.Game.redo`)."""
        draft = self._table.draft
        if self._game is None or not self._game.taken_back or (draft is not None
                                                               and draft.phase is not Phase.CALL):
            self._table.undone = None
            return
        game = self._game.redo()  # a round that no longer fits is refused by name (@command)
        if await self._save(game):
            self._table.undone = None
            self._table.last_round = len(game.rounds)
            await self._set_draft(self._fresh_draft())
            self._tell(self._prefs.t("Round {n} is back", n=len(game.rounds)))

    def end_offer(self, version: int | None) -> None:
        """The offer to put back the round of undo ``version`` ended: its time is up, or its screen."""
        offer = self._table.undone
        if offer is not None and version == offer.version:
            self._table.undone, self._table.notice = None, None


class BlockWords(Part):
    """What the Block shows of the game in words: the outcome, the evening, the file."""

    __slots__ = ()

    def outcome_lines(self) -> list[str]:
        """R13 in words: who won, ties shared, who ran past the limit."""
        return [] if self._game is None else words.outcome_lines(self._prefs, self._game)

    def evening_line(self) -> str | None:
        """The rematch tally in words: "Wins in 3 games tonight: Anna 2 · Ben 1 · Carl 0"."""
        return words.evening_line(self._prefs, self._table.evening)

    def ranking(self) -> list[tuple[int, str, int]]:
        """Game over: (place, name, score), the engine's ranking with its tie rule (R13, Z20)."""
        return self._game.ranking()

    def exported(self, name: str, failed: BaseException | None = None) -> None:
        """The Block's file arrived (a download, the phone's save dialog), or did not: say so here."""
        if failed is not None:
            self._table.report(self._prefs.t("Not exported: {reason}",
                                       reason=reason(self._prefs.language, failed)))
        else:
            self._tell(self._prefs.t("{name} saved", name=name))

    def export_block(self) -> tuple[str, bytes] | None:
        """The open game's Block as CSV: a file name (players and date, no ids) and its bytes."""
        if self._game is None:
            return None
        stored = self._table.store.load_game(self._table.game_id)
        # The players' names as typed, only what every file system takes; no internal id.
        players = "-".join("".join(c for c in p if c.isalnum()) or "x" for p in self._game.players)
        name = f"block24-{players}-{stored.created.astimezone():%Y-%m-%d-%H%M}.csv"
        return name, block_csv(self._game, self._prefs.language).encode("utf-8")


def _put_back(draft: RoundDraft | None, added: tuple[Round, ...]) -> RoundDraft | None:
    """``draft`` without the rounds ``added`` when they are the ones another phone took back
    while it was entered, put back in order (a redo); else ``None``."""
    if draft is None or not added or len(added) > len(draft.moved):
        return None
    moved = list(draft.moved)
    for recorded in added:
        if moved.pop() != recorded:
            return None
    return dataclasses.replace(draft, moved=tuple(moved))


def _entered(draft: RoundDraft) -> bool:
    """Something of the round was tapped (a caller proposed by the rotation is not)."""
    return draft.called or bool(draft.tricks) or bool(draft.sat_out)
