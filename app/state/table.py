"""The open game and the round being entered at the table (or a past round being corrected).

Data flows one way: a tap calls a command here → :mod:`scoring` checks and
scores → the store persists (between the persistence hooks) → the fields
change → the views redraw.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import flet as ft

from scoring import Colour, EndReason, Game, Round, ScoringError

from .. import backup
from ..draft import Phase, RoundDraft
from ..i18n import format_score, reason
from ..store import StaleGameError, Store
from .command import command, written
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

    # correcting a past round
    edit_number: int | None = None
    edit_draft: RoundDraft | None = None
    edit_version: int | None = None
    edit_error: str | None = None

    announce: Callable[[str, int], None] | None = None
    """Tells the other devices that a game was saved (Flet pubsub; set by app.main)."""

    # -- what happened -------------------------------------------------------------

    def report(self, message: str) -> None:
        """A refusal or a failure, in words (the one wrapper of :mod:`.command` calls it)."""
        if self.editing:
            self.edit_error = message
        else:
            self.message, self.error, self.saved = message, True, False

    def tell(self, message: str) -> None:
        """What a command did (not an error)."""
        self.message, self.error = message, False

    @property
    def editing(self) -> bool:
        return self.edit_number is not None

    # -- opening ---------------------------------------------------------------------

    def close(self) -> None:
        """No game open (home)."""
        self.game_id = self.game = self.version = self.draft = None
        self.message, self.saved, self.last_round, self.undone = None, False, None, None
        self.edit_number = self.edit_draft = self.edit_error = None

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

    def reload(self) -> None:
        """Read the open game again from the store (it changed on another device).

        The round being entered here stays while it is still valid; when the
        other device recorded it first (or renamed the caller), it restarts and
        the table is told why.
        """
        stored = self.store.load_game(self.game_id)
        before = len(self.game.rounds) if self.game else -1
        self.game, self.version = stored.game, stored.version
        renamed = self.draft is not None and self.draft.caller not in stored.game.players
        if len(stored.game.rounds) != before or stored.game.finished or renamed:
            busy = self.draft is not None and (self.draft.trump is not None or bool(self.draft.tricks))
            self.draft = self._fresh_draft()
            self.last_round = len(stored.game.rounds) or None
            self.undone = None
            if busy:
                self.tell(self.t("changed_elsewhere"))
        if (self.edit_number or 0) > len(stored.game.rounds):
            self.cancel_edit()

    def _fresh_draft(self) -> RoundDraft | None:
        game = self.game
        if game is None or game.finished:
            return None
        return RoundDraft(caller=game.next_caller)

    def _stored_draft(self) -> RoundDraft | None:
        saved = self.store.load_draft(self.game_id)
        if saved is None or saved.get("round") != len(self.game.rounds) + 1 or self.game.finished:
            return None
        try:
            draft = RoundDraft.from_json(saved["draft"])
        except (KeyError, ValueError, TypeError):
            return None
        return draft if draft.caller in self.game.players else None

    async def _set_draft(self, draft: RoundDraft | None) -> None:
        game_id, number = self.game_id, len(self.game.rounds) + 1
        # Kept so a closed tab resumes mid-round (a draft is not a round: no scores).
        await written(lambda: self.store.save_draft(game_id, None if draft is None else {
            "round": number, "draft": draft.to_json()}))
        self.draft = draft
        self.message = None

    @property
    def next_number(self) -> int:
        """The number of the round being entered."""
        return len(self.game.rounds) + 1 if self.game else 1

    # -- a round at the table (also a past round being corrected) ---------------------

    def _target(self) -> tuple[RoundDraft | None, int]:
        if self.editing:
            return self.edit_draft, self.edit_number  # type: ignore[return-value]
        return self.draft, self.next_number

    async def _change(self, draft: RoundDraft) -> None:
        if self.editing:
            self.edit_draft, self.edit_error = draft, None
        else:
            await self._set_draft(draft)

    @command
    async def set_caller(self, caller: str) -> None:
        """R4: the table overrides the proposed caller."""
        draft, _ = self._target()
        if draft and caller in self.game.players:
            await self._change(draft.with_caller(caller))

    @command
    async def call_trump(self, colour: Colour, blind: bool = False) -> None:
        """R5/R6: the caller names trump (or yellow blind); the table display shows it."""
        draft, _ = self._target()
        if draft is None or (blind and not self.can_call_blind()):
            return
        if not self.editing and draft.phase not in (Phase.CALL, Phase.SIT_OUT):
            return  # the trump buttons are gone once play starts (a crafted tap, issue 12)
        # Variant B: who sits out is said after the call, once the cards are seen.
        await self._change(draft.with_trump(colour, blind, sitting_out=self.game.settings.sit_out
                                            and not self.editing))

    @command
    async def start_play(self) -> None:
        """Variant B: everyone who sits out has said so; the cards are played."""
        if self.draft and self.draft.trump:
            await self._set_draft(self.draft.at(Phase.PLAY))

    @command
    async def change_trump(self, colour: Colour) -> None:
        """Variant A: a 2 was played and a new trump named; the last one counts."""
        draft, _ = self._target()
        if draft and self.game.settings.trump_chaos:
            await self._change(draft.with_final_trump(colour))

    @command
    async def flip_order(self) -> None:
        """A 1 was played: the rank order turns round (display only)."""
        if self.draft:
            await self._set_draft(self.draft.flipped())

    @command
    async def count_tricks(self) -> None:
        """The six tricks are played: enter the counts."""
        if self.draft and self.draft.trump:
            await self._set_draft(self.draft.at(Phase.TRICKS))

    @command
    async def back_to_play(self) -> None:
        """Back from counting to the table display."""
        if self.draft:
            await self._set_draft(self.draft.at(Phase.PLAY))

    def round_entered(self) -> bool:
        """Something of the round being entered would be lost by cancelling it."""
        draft = self.draft
        return draft is not None and (draft.trump is not None or bool(draft.sat_out)
                                      or bool(draft.tricks))

    @command
    async def cancel_round(self) -> None:
        """Forget the round being entered (nothing was recorded)."""
        if self.game and not self.game.finished:
            await self._set_draft(self._fresh_draft())

    @command
    async def toggle_sit_out(self, player: str) -> None:
        """Variant B: ``player`` sits out, or plays after all."""
        draft, _ = self._target()
        if draft is None:
            return
        out = player not in draft.sat_out
        if out and self.sit_out_reason(player) is not None:
            return
        await self._change(draft.with_sat_out(player, out))

    @command
    async def set_tricks(self, player: str, made: int) -> None:
        """R7: ``player`` made ``made`` tricks (the last count fills itself in)."""
        draft, _ = self._target()
        if draft is None or player in draft.sat_out:
            return
        await self._change(draft.with_tricks(self.game, player, made))

    # questions for the controls

    def can_call_blind(self) -> bool:
        """Variant C: the caller has 25 points or more (R6 otherwise always)."""
        draft, number = self._target()
        return bool(draft) and self.game.can_call_blind(draft.caller, number)

    def blind_reason(self) -> str | None:
        """Why yellow blind is disabled, in words, or ``None``."""
        draft, number = self._target()
        if draft is None or self.can_call_blind():
            return None
        score = self.game.scores_before(number)[self.game.players.index(draft.caller)]
        return self.t("why_no_blind", need=self.game.settings.rulebook.blind_needs_at_least,
                      caller=draft.caller, score=format_score(score))

    def sit_out_reason(self, player: str) -> str | None:
        """Why ``player`` may not sit out now, in words, or ``None`` when they may (B, C)."""
        draft, number = self._target()
        game = self.game
        if draft is None or game.can_sit_out(player, draft.caller, draft.sat_out, number):
            return None
        if player == draft.caller:
            return self.t("why_no_sit_out_caller")
        score = game.scores_before(number)[game.players.index(player)]
        if game.settings.restrictions and score <= game.settings.rulebook.no_sit_out_at_or_below:
            return self.t("why_no_sit_out_low", name=player, score=format_score(score))
        return self.t("why_no_sit_out_two")

    def tricks_status(self) -> str:
        """R7: how many tricks are still to give, in words."""
        draft, _ = self._target()
        left = self.game.tricks_left(draft.tricks)
        if left > 0:
            return self.t("tricks_left", n=left)
        if left < 0:
            return self.t("tricks_over", n=-left)
        return self.t("tricks_done")

    def round_problem(self) -> str | None:
        """Why the round cannot be confirmed yet (``None`` when it can)."""
        draft, number = self._target()
        if draft is None or draft.trump is None:
            return None
        missing = [p for p in self.game.takes_part(draft.to_round()) if p not in draft.tricks]
        if missing:
            return self.t("missing_tricks", names=self.names(missing))
        try:
            if self.editing:
                self.game.verify_replace(number, draft.to_round())
            else:
                self.game.verify_round(draft.to_round())
        except ScoringError as error:
            return reason(self.prefs.language, error)
        return None

    def changes(self) -> list[tuple[str, int]]:
        """What the round being counted would change, per player who played ("Anna −2")."""
        draft, number = self._target()
        if draft is None or self.round_problem() is not None or draft.trump is None:
            return []
        try:
            game = (self.game.replace(number, draft.to_round()) if self.editing
                    else self.game.record(draft.to_round()))
        except ScoringError:
            return []
        result = game.results[number - 1]
        return [(name, delta) for name, delta in zip(game.players, result.deltas, strict=True)
                if name not in draft.sat_out]

    # commands that write the game

    @command
    async def confirm_round(self) -> None:
        """Record the round: scoring checks it, the store saves it, the Block shows it."""
        draft = self.draft
        if draft is None or draft.trump is None:
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
        if not self.can_undo():  # also a crafted tap while the round is played (issue 12)
            return
        number, removed = len(self.game.rounds), self.game.rounds[-1]
        if await self._save(self.game.undo()):
            self.last_round = None
            await self._set_draft(self._fresh_draft())
            self.undone, self.undone_version = removed, self.version
            self.tell(self.t("round_undone", n=number))

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
            self.tell(self.t("round_restored", n=len(game.rounds)))

    def edit_round(self, number: int) -> bool:
        """Open round ``number`` for correction."""
        if not (self.game and 1 <= number <= len(self.game.rounds)):
            return False
        if self.edit_number != number:
            self.edit_number = number
            self.edit_draft = RoundDraft.from_round(self.game.rounds[number - 1])
            self.edit_version = self.version  # the correction is made to this version
            self.edit_error = None
        return True

    @command
    async def save_edit(self) -> bool:
        """Replace the corrected round; refused with the reason when a later round breaks."""
        number, draft = self.edit_number, self.edit_draft
        if number is None or draft is None:
            return False
        game = self.game.replace(number, draft.to_round())
        if not await self._save(game, base=self.edit_version):
            return False
        self.cancel_edit()
        self.last_round = number
        self.undone = None
        self.tell(self.t("round_changed", n=number))
        self.saved = True
        if self.draft is None or self.draft.caller not in game.players or game.finished:
            await self._set_draft(self._fresh_draft())
        return True

    def cancel_edit(self) -> None:
        """Leave the correction without changing anything."""
        self.edit_number = self.edit_draft = self.edit_error = None

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
            self.tell(self.t("changed_elsewhere"))
            return False
        self.game = game
        if self.announce is not None:
            self.announce(self.game_id, self.version)
        return True

    # -- what the Block shows --------------------------------------------------------

    def outcome_lines(self) -> list[str]:
        """R13 in words: who won, ties shared, who ran past the limit."""
        game = self.game
        outcome = game.outcome if game else None
        if outcome is None:
            return []
        score = format_score(outcome.score)
        if len(outcome.winners) == 1:
            won = self.t("wins_with", name=outcome.winners[0], score=score)
        else:
            won = self.t("share_win", names=self.names(outcome.winners), score=score)
        if outcome.reason is EndReason.LIMIT:
            scores = game.scores
            over = [p for p in game.players if scores[p] >= game.settings.limit]
            top = max(scores[p] for p in over)
            return [self.t("reached_limit", names=self.names(over), score=top),
                    f"{won}, {self.t('lowest')}"]
        return [won]

    def ranking(self) -> list[tuple[int, str, int]]:
        """Game over: (place, name, score), lowest first; ties share a place (R13)."""
        scores = self.game.scores
        order = sorted(self.game.players, key=lambda p: scores[p])
        places: list[tuple[int, str, int]] = []
        for i, name in enumerate(order):
            place = places[-1][0] if places and scores[name] == places[-1][2] else i + 1
            places.append((place, name, scores[name]))
        return places

    def exported(self, name: str, failed: BaseException | None = None) -> None:
        """The Block's file arrived (a download, the phone's save dialog), or did not: say so here."""
        if failed is not None:
            self.report(self.t("export_failed", reason=reason(self.prefs.language, failed)))
        else:
            self.tell(self.t("exported", name=name))

    def export_block(self) -> tuple[str, bytes] | None:
        """The open game's Block as CSV: a file name (players and date, no ids) and its bytes."""
        if self.game is None:
            return None
        stored = self.store.load_game(self.game_id)
        # The players' names as typed, only what every file system takes; no internal id.
        players = "-".join("".join(c for c in p if c.isalnum()) or "x" for p in self.game.players)
        name = f"block24-{players}-{stored.created.astimezone():%Y-%m-%d-%H%M}.csv"
        return name, backup.block_csv(self.game).encode("utf-8")
