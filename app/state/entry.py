"""A round being entered: the next one, or a past one being corrected — one value for both
(:class:`Entry`) — and two parts of the :class:`~app.state.table.Table`: the round being
entered (:class:`RoundAtTable`) and the correction of a past round (:class:`Correcting`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..draft import RoundDraft
from .command import command
from .notice import Kind, Notice
from .part import Part

__all__ = ["Correcting", "Entry", "RoundAtTable"]


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


class RoundAtTable(Part):
    """The round being entered: its number, whether it is a correction, what was tapped."""

    __slots__ = ()

    @property
    def next_number(self) -> int:
        """The number of the round being entered."""
        return len(self._game.rounds) + 1 if self._game else 1

    @property
    def editing(self) -> bool:
        """A past round is being corrected (the commands work on it)."""
        return self._table.correction is not None

    @property
    def entry(self) -> Entry:
        """The round the commands work on: the correction when one is open, else the next round
        (its draft ``None`` when there is none to enter)."""
        return self._table.correction or Entry(self.next_number, self._table.draft)

    @property
    def long_call(self) -> bool:
        """The call takes more controls than fit under the Block on a phone (a dealer,
        misdeals, a bid, a knock): the screen then shares its height."""
        return self._game is not None and self._game.steps.long_call

    def round_entered(self) -> bool:
        """Something of the round being entered would be lost by cancelling it."""
        draft = self._table.draft
        return draft is not None and (draft.called or bool(draft.sat_out)
                                      or bool(draft.tricks))

    @command
    async def cancel_round(self) -> None:
        """Forget the round being entered (nothing was recorded)."""
        if self._game and not self._game.finished:
            await self._set_draft(self._fresh_draft())


class Correcting(Part):
    """Correcting a past round: open it, save the change, or leave it."""

    __slots__ = ()

    def edit_round(self, number: int) -> bool:
        """Open round ``number`` for correction (made to the version shown now)."""
        if not (self._game and 1 <= number <= len(self._game.rounds)):
            return False
        if self._table.correction is None or self._table.correction.number != number:
            draft = RoundDraft.from_round(self._game.rounds[number - 1])
            self._table.correction = Entry(number, draft, self._table.version)
        return True

    @command
    async def save_edit(self) -> bool:
        """Replace the corrected round; refused with the reason when a later round breaks."""
        if self._table.correction is None:
            return False
        number, draft, version = (self._table.correction.number, self._table.correction.draft,
                                  self._table.correction.version)
        game = self._game.replace(number, draft.to_round())
        if not await self._save(game, base=version):
            return False
        self.cancel_edit()
        self._table.last_round = number
        self._table.undone = None
        if self._table.draft is None or self._table.draft.caller not in game.players or game.finished:
            await self._set_draft(self._fresh_draft())
        self._tell(self._prefs.t("Round {n} corrected", n=number), Kind.DONE)
        return True

    def cancel_edit(self) -> None:
        """Leave the correction without changing anything."""
        self._table.correction = None
