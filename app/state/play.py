"""The cards played and the tricks counted, as two parts of the :class:`~app.state.table.Table`:
:class:`Play` (a new trump, the rank order, who sits out) and :class:`Count` (the tricks, who
went out first, the confirm).
"""

from __future__ import annotations

from typing import Any

from scoring import RoundResult, ScoringError

from ..draft import Phase
from ..i18n import hint, reason, sentence
from . import words
from .command import command
from .part import Part

__all__ = ["Count", "Play"]


class Play(Part):
    """While the cards are played: a new trump, the rank order, who sits out, the contract."""

    __slots__ = ()

    @command
    async def change_trump(self, colour: Any) -> None:
        """Variant A: a 2 was played and a new trump named; the last one counts."""
        draft = self._entry.draft
        if draft and self.can_change_trump() and colour in self._game.suits:
            await self._change(draft.with_final_trump(colour))

    @command
    async def flip_order(self) -> None:
        """A 1 was played: the rank order turns round (display only)."""
        if self._table.draft and self.ranked():
            await self._set_draft(self._table.draft.flipped())

    @command
    async def toggle_sit_out(self, player: str) -> None:
        """Variant B / Z9: ``player`` sits out, or plays after all."""
        draft = self._entry.draft
        if draft is None:
            return
        out = player not in draft.sat_out
        if out and self.sit_out_reason(player) is not None:
            return
        await self._change(draft.with_sat_out(player, out))

    @command
    async def count_tricks(self) -> None:
        """The tricks are played: enter the counts."""
        if self._table.draft and self._table.draft.called:
            await self._set_draft(self._table.draft.at(Phase.TRICKS))

    def can_change_trump(self) -> bool:
        """Variant A: a played 2 may name a new trump; never after a blind call."""
        draft = self._entry.draft
        return self._game is not None and draft is not None and self._game.may_change_trump(draft.round)

    def sitting_out_at_play(self) -> bool:
        """B/Z9: the play screen carries who sits out (the game has it, and someone may or does)."""
        draft = self._table.draft
        if self._game is None or not self._game.steps.sit_out or draft is None or not draft.called:
            return False
        return bool(draft.sat_out) or any(
            self._game.can_sit_out(p, draft.caller, (), self._table.round.next_number, draft.trump,
                                   draft.blind, draft.knock) for p in self._game.players)

    def sit_out_reason(self, player: str) -> str | None:
        """Why ``player`` may not sit out now, in words, or ``None`` when they may (B, C, Z9)."""
        entry = self._entry
        draft, number = entry.draft, entry.number
        if draft is None:
            return None
        try:
            self._game.verify_sit_out(player, draft.caller, draft.sat_out, number, draft.trump,
                                     draft.blind, draft.knock)
        except ScoringError as error:
            return hint(self._prefs.language, error)
        return None

    def sit_out_note(self) -> str | None:
        """What sitting out costs, in words, where the rule book makes it worth saying."""
        return words.sit_out_note(self._prefs, self.cost_of_sitting_out(),
                                  self._game.steps.sit_out_never)

    def cost_of_sitting_out(self) -> int:
        """Z15/R11: what sitting this round out costs (the engine's figure for this trump)."""
        draft = self._entry.draft
        return self._game.cost_of_sitting_out(None if draft is None else draft.trump)

    def contract_line(self) -> str | None:
        """Z14 in words while the cards are played: "Ben must make 4"."""
        draft = self._entry.draft
        return None if draft is None else words.contract_line(self._prefs, draft.caller,
                                                              self._game.contract(draft.round))

    def ranked(self) -> bool:
        """24's rank-order cards are on the table (11 high, a played 1 flips it)."""
        return self._game is not None and self._game.steps.rank_order


class Count(Part):
    """The tricks counted, who went out first, and the confirm that records the round."""

    __slots__ = ()

    @command
    async def set_tricks(self, player: str, made: int) -> None:
        """R7/Z10: ``player`` made ``made`` tricks (the last count fills itself in)."""
        draft = self._entry.draft
        if draft is None or player in draft.sat_out:
            return
        await self._change(draft.with_tricks(self._game, player, made))

    @command
    async def set_first_out(self, player: str) -> None:
        """Z20: who went out first, when two go out in this round."""
        draft = self._entry.draft
        if draft is not None and player in self.first_out_choices():
            await self._change(draft.with_first_out(player))

    @command
    async def back_to_play(self) -> None:
        """Back from counting to the table display."""
        if self._table.draft:
            await self._set_draft(self._table.draft.at(Phase.PLAY))

    @command
    async def confirm_round(self) -> None:
        """Record the round: scoring checks it, the store saves it, the Block shows it."""
        draft = self._table.draft
        if draft is None or not draft.called:
            return
        game = self._game.record(draft.to_round())  # a refusal is worded by @command
        if await self._save(game):
            self._table.last_round = len(game.rounds)
            self._table.undone = None
            await self._set_draft(self._fresh_draft())
            self._kept()

    def tricks_status(self) -> str:
        """R7/Z10: how many tricks are still to give, in words."""
        draft = self._entry.draft
        return words.tricks_status(self._prefs, self._game.tricks_left(draft.tricks),
                                   self._game.tricks_per_round)

    def first_out_choices(self) -> list[str]:
        """Z20: the players out after this round, when the table must say who was out first
        (empty unless the game asks it and the round puts two or more out)."""
        entry = self._entry
        if entry.draft is None or not entry.draft.called:
            return []
        return self._game.first_out_choices(entry.draft.to_round(), entry.number)

    def round_problem(self) -> str | None:
        """Why the round cannot be confirmed yet (``None`` when it can)."""
        entry = self._entry
        draft, number = entry.draft, entry.number
        if draft is None or not draft.called:
            return None
        missing = self._game.tricks_missing(draft.tricks, draft.sat_out)
        if missing:
            return self._prefs.t("Tricks missing for {names}", names=self._names(missing))
        try:
            if self._table.round.editing:
                self._game.verify_replace(number, draft.to_round())
            else:
                self._game.verify_round(draft.to_round())
        except ScoringError as error:
            return sentence(reason(self._prefs.language, error))
        return None

    def problem_to_say(self) -> str | None:
        """:meth:`round_problem` unless the tricks line says it already ("1 trick too many", R7):
        a wrong sum is said once, not twice."""
        draft = self._entry.draft
        if draft is not None and draft.called and self._game.tricks_left(draft.tricks) != 0:
            return None
        if draft is not None and draft.first_out is None and self.first_out_choices():
            return None  # Z20: asked as a question on its own row, not said as a refusal
        return self.round_problem()

    def changes(self) -> list[tuple[str, int]]:
        """What the round being counted would change, per player ("Anna −2")."""
        result = self._preview()
        return [] if result is None else words.changes(self._game.players, result,
                                                       self._entry.draft.sat_out)

    def change_words(self) -> list[str]:
        """:meth:`changes` in words, with the notes the engine left on the round."""
        result = self._preview()
        return [] if result is None else words.change_words(self._prefs, self._game.players, result,
                                                            self._entry.draft.sat_out)

    def _preview(self) -> RoundResult | None:
        """The round being counted, scored (``None``: not called yet, or it cannot be
        confirmed); shown while the table is still asked who was out first (the engine's
        :meth:`scoring.Game.preview`: no score depends on it, Z20)."""
        entry = self._entry
        if entry.draft is None or not entry.draft.called:
            return None
        try:
            return self._game.preview(entry.draft.to_round(), entry.number)
        except ScoringError:
            return None
