"""The open game and the round being entered at the table (or a past round being corrected).

Data flows one way: a tap calls a command here → :mod:`scoring` checks and
scores → the store persists (between the persistence hooks) → the fields
change → the views redraw.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import flet as ft

from scoring import Colour, EndReason, Game, Round, ScoringError
from scoring.twenty_ab import Suit

from .. import persistence
from ..block_csv import block_csv
from ..draft import Phase, RoundDraft, TwentyAbDraft, draft_type
from ..i18n import format_score, reason
from ..store import GameStatus, StaleGameError, Store
from .command import command, written
from .prefs import Prefs, Worded
from .twenty_ab import TwentyAbSteps, round_notes

__all__ = ["EVENING", "Table"]

EVENING = dt.timedelta(hours=12)
"""Games begun within this time before a game belong to its evening (the rematch tally)."""


@ft.observable
@dataclass(eq=False)
class Table(TwentyAbSteps, Worded):
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
    evening: tuple[tuple[str, int], ...] = ()
    """Game over after rematches: wins per player over this evening's games (see :meth:`_tally`)."""
    _evening_games: int = 0

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
    def lasting(self) -> bool:
        """What is saved outlives this tab (False: the browser gives no storage, issue 10)."""
        return persistence.current().available

    @property
    def editing(self) -> bool:
        return self.edit_number is not None

    # -- opening ---------------------------------------------------------------------

    def close(self) -> None:
        """No game open (home)."""
        self.game_id = self.game = self.version = self.draft = None
        self.message, self.saved, self.last_round, self.undone = None, False, None, None
        self.edit_number = self.edit_draft = self.edit_error = None
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
        self._tally()
        self._glance()

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
            busy = self.draft is not None and (self.draft.called or bool(self.draft.tricks))
            self.draft = self._fresh_draft()
            self.last_round = len(stored.game.rounds) or None
            self.undone = None
            if busy:
                self.tell(self.t("changed_elsewhere"))
        if (self.edit_number or 0) > len(stored.game.rounds):
            self.cancel_edit()
        self._tally()

    def _fresh_draft(self) -> RoundDraft | None:
        game = self.game
        if game is None or game.finished:
            return None
        return draft_type(game).fresh(game, len(game.rounds) + 1)

    def _stored_draft(self) -> RoundDraft | None:
        saved = self.store.load_draft(self.game_id)
        if saved is None or saved.get("round") != len(self.game.rounds) + 1 or self.game.finished:
            return None
        try:
            draft = draft_type(self.game).from_json(saved["draft"])
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
    async def call_trump(self, colour: Colour | Suit, blind: bool = False) -> None:
        """R5/R6, Z5/Z6: the caller names trump, a suit of the game's rule book (or the blind one).

        A suit of another rule book changes nothing (a crafted tap). In
        Württemberg hearts blind is called by the player left of the dealer (Z6):
        he becomes the caller.
        """
        draft, _ = self._target()
        if draft is None or (blind and not self.can_call_blind()):
            return
        if not self.editing and draft.phase not in (Phase.CALL, Phase.SIT_OUT):
            return  # the trump buttons are gone once play starts (a crafted tap, issue 12)
        if not blind and self.call_reason() is not None:
            self.report(self.call_reason())  # Z7: the bid comes first
            return
        if blind:
            draft = draft.with_caller(self.blind_caller())
        # Variant B / Z9: who sits out is said after the call, once the cards are seen.
        called = draft.with_trump(colour, blind, sitting_out=bool(self.game.settings.sit_out)
                                  and not self.editing)
        if called.phase is Phase.SIT_OUT and isinstance(called, TwentyAbDraft) \
                and not self._anyone_may_sit_out(called):
            called = called.at(Phase.PLAY)  # Z9: clubs or hearts blind: nobody sits out
        await self._change(called)

    def _anyone_may_sit_out(self, draft: TwentyAbDraft) -> bool:
        """Z9: whether anyone at all may sit this round out (else the step is skipped)."""
        return any(self.game.can_sit_out(p, draft.caller, (), self.next_number, draft.trump,
                                         draft.blind, draft.knock) for p in self.game.players)

    @command
    async def start_play(self) -> None:
        """Variant B: everyone who sits out has said so; the cards are played."""
        if self.draft and self.draft.called:
            await self._set_draft(self.draft.at(Phase.PLAY))

    def can_change_trump(self) -> bool:
        """Variant A (24 only): a played 2 may name a new trump; never after a blind call."""
        draft, _ = self._target()
        return bool(getattr(self.game.settings, "trump_chaos", False)) and draft is not None \
            and not draft.blind

    @command
    async def change_trump(self, colour: Colour) -> None:
        """Variant A: a 2 was played and a new trump named; the last one counts."""
        draft, _ = self._target()
        if draft and self.can_change_trump():
            await self._change(draft.with_final_trump(colour))

    @command
    async def flip_order(self) -> None:
        """A 1 was played: the rank order turns round (display only)."""
        if self.draft and self.ranked():
            await self._set_draft(self.draft.flipped())

    @command
    async def count_tricks(self) -> None:
        """The six tricks are played: enter the counts."""
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

    def blind_caller(self) -> str | None:
        """Who would call blind: the caller, or (Württemberg, Z6) the player left of the dealer."""
        draft, _ = self._target()
        if draft is None:
            return None
        if getattr(self.game.settings.rulebook, "blind", None) == "left_of_dealer" \
                and isinstance(draft, TwentyAbDraft) and draft.dealer in self.game.players:
            players = self.game.players
            return players[(players.index(draft.dealer) + 1) % len(players)]
        return draft.caller

    def _verify_blind(self) -> None:
        """The engine's R6/Z6 check of a blind call now (raises its ScoringError)."""
        draft, number = self._target()
        if isinstance(draft, TwentyAbDraft):
            self.game.verify_call_blind(self.blind_caller(), number, draft.dealer)
        else:
            self.game.verify_call_blind(draft.caller, number)

    def can_call_blind(self) -> bool:
        """Variant C: the caller has 25 points or more (R6 otherwise always); Z6 in 20 ab."""
        draft, _ = self._target()
        if draft is None:
            return False
        try:
            self._verify_blind()
        except ScoringError:
            return False
        return True

    def blind_reason(self) -> str | None:
        """Why blind is disabled, in words, or ``None``."""
        draft, number = self._target()
        if draft is None:
            return None
        try:
            self._verify_blind()
        except ScoringError as error:
            if isinstance(draft, TwentyAbDraft):
                return reason(self.prefs.language, error)
            score = self.game.scores_before(number)[self.game.players.index(draft.caller)]
            return self.t("why_no_blind", need=self.game.settings.rulebook.blind_needs_at_least,
                          caller=draft.caller, score=format_score(score))
        return None

    def sit_out_cost(self) -> int:
        """Z15: what sitting this round out costs (0 in 24 and Württemberg; hearts doubles)."""
        draft, _ = self._target()
        cost = getattr(self.game.settings.rulebook, "sit_out_cost", 0)
        return cost * 2 if draft is not None and draft.trump is Suit.HEARTS else cost

    def sit_out_note(self) -> str | None:
        """Z15/Z9 in words: what sitting out costs (20 ab only; 24's variant B says nothing)."""
        if self._twenty_ab() is None:
            return None
        cost = self.sit_out_cost()
        if cost:
            return self.t("sit_out_costs", cost=format_score(cost, signed=True))
        return self.t("sit_out_free")

    def suits(self) -> tuple[Any, ...]:
        """The trump suits of the game's rule book, in the buttons' order (R5, Z5)."""
        draft, _ = self._target()
        return draft.suits if draft is not None else ()

    def sit_out_reason(self, player: str) -> str | None:
        """Why ``player`` may not sit out now, in words, or ``None`` when they may (B, C, Z9)."""
        draft, number = self._target()
        game = self.game
        if draft is None:
            return None
        if isinstance(draft, TwentyAbDraft):
            try:
                game.verify_sit_out(player, draft.caller, draft.sat_out, number, draft.trump,
                                    draft.blind, draft.knock)
            except ScoringError as error:
                return reason(self.prefs.language, error)
            return None
        if game.can_sit_out(player, draft.caller, draft.sat_out, number):
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
        if isinstance(draft, TwentyAbDraft):  # 5 or 6 (Z3)
            return self.t("tricks_all", n=self.game.settings.rulebook.tricks_per_round)
        return self.t("tricks_done")

    def round_problem(self) -> str | None:
        """Why the round cannot be confirmed yet (``None`` when it can)."""
        draft, number = self._target()
        if draft is None or not draft.called:
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
        """What the round being counted would change, per player who played ("Anna −2").

        A sitter shows too when sitting out costs him (Z15) or a misdeal strike does (Z17).
        """
        draft, number = self._target()
        if draft is None or self.round_problem() is not None or not draft.called:
            return []
        try:
            game = self._try(draft.to_round(), number)
        except ScoringError:
            return []
        result = game.results[number - 1]
        return [(name, delta) for name, delta in zip(game.players, result.deltas, strict=True)
                if name not in draft.sat_out or delta]

    def change_words(self) -> list[str]:
        """:meth:`changes` in words, with what a bare number would hide (RULES-20AB.md).

        A caller short of his contract (Z14), a score that stays short of exactly 0
        (Z16), the third misdeal strike (Z17) and 100 → 10 (Z18) are said as such.
        """
        changes = self.changes()
        if not changes:
            return []
        draft, number = self._target()
        notes = round_notes(self.t, self._try(draft.to_round(), number), number)
        return [f"{name} {format_score(delta, signed=True)}"
                + "".join(f" ({note})" for note in notes.get(name, ()))
                for name, delta in changes]

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
            self.edit_draft = draft_type(self.game).from_round(self.game.rounds[number - 1])
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
        self._tally()
        self._glance()
        if self.announce is not None:
            self.announce(self.game_id, self.version)
        return True

    def _glance(self) -> None:
        """The open game, worded, for the web build's loading screen (issue 16); None when no
        game is being played (a finished game is not resumed at a start)."""
        game, summary = self.game, None
        if game is not None and not game.finished:
            summary = {"v": 1, "lang": self.prefs.language, "dark": self.prefs.dark,
                       "round": self.t("round_n", n=len(game.rounds)) if game.rounds else "",
                       "players": [[name, format_score(score)] for name, score in game.scores.items()]}
        persistence.current().glance(summary)

    def _tally(self) -> None:
        """Wins per player over the evening's finished games, once this one is over.

        The evening: finished games of the same players (any seats, names as
        stored) begun at most :data:`EVENING` before this one was begun — the
        rematches of one sitting. A shared win counts for each winner. Shown
        only from the second game on; read when the game ends or opens, never
        while drawing.
        """
        self.evening = ()
        game = self.game
        if game is None or not game.finished:
            return
        games = self.store.list_games()
        this = next((g for g in games if g.id == self.game_id), None)
        if this is None:
            return
        players = set(game.players)
        sitting = [g for g in games if g.status is GameStatus.FINISHED and set(g.players) == players
                   and dt.timedelta(0) <= this.created - g.created <= EVENING]
        if len(sitting) < 2:
            return
        wins = {p: sum(p in g.winners for g in sitting) for p in game.players}
        self.evening = tuple(sorted(wins.items(), key=lambda item: -item[1]))
        self._evening_games = len(sitting)

    # -- what the Block shows --------------------------------------------------------

    def outcome_lines(self) -> list[str]:
        """R13 in words: who won, ties shared, who ran past the limit."""
        game = self.game
        outcome = game.outcome if game else None
        if outcome is None:
            return []
        score = format_score(outcome.score)
        settings = game.settings
        zero = outcome.reason is EndReason.ZERO
        if zero and getattr(settings, "end", None) == "exact_zero":  # Z16/Z19: the classic end
            score = self.t("exact_zero_won")
        if len(outcome.winners) == 1:
            first = zero and getattr(game.rounds[-1], "first_out", None) is not None  # Z20
            won = self.t("wins_first_out" if first else "wins_with", name=outcome.winners[0],
                         score=score)
        else:
            won = self.t("share_win", names=self.names(outcome.winners), score=score)
        if outcome.reason is EndReason.LIMIT:
            scores = game.scores
            over = [p for p in game.players if scores[p] >= game.settings.limit]
            top = max(scores[p] for p in over)
            return [self.t("reached_limit", names=self.names(over), score=top),
                    f"{won}, {self.t('lowest')}"]
        return [won]

    def evening_line(self) -> str | None:
        """The rematch tally in words: "Wins in 3 games tonight: Anna 2 · Ben 1 · Carl 0"."""
        if not self.evening:
            return None
        wins = " · ".join(f"{name} {count}" for name, count in self.evening)
        return self.t("evening_wins", n=self._evening_games, wins=wins)

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
        return name, block_csv(self.game, self.prefs.language).encode("utf-8")
