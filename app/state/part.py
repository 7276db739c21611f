"""What every part of the :class:`~app.state.table.Table` shares: the table it works on.

A part holds no state of its own: the game shown, the round being entered and what the
table is told are the table's fields (one observable, so every screen redraws from one
place). A part reads them, asks the engine, and changes them only after a write returned.
Its private helpers below are the few steps several parts take: keep a tap, write the
round being entered, save the game.
"""

from __future__ import annotations

from typing import Any

from scoring import Game

from .. import peers, persistence
from ..draft import Phase, RoundDraft
from ..i18n import names_in
from ..store import StaleGameError
from . import words
from .command import written
from .evening import read_evening
from .notice import Kind

__all__ = ["Part"]


class Part:
    """One job of the table (the call, the count, a correction, …), done on ``table``'s state."""

    __slots__ = ("_table",)

    def __init__(self, table: Any) -> None:
        self._table = table
        """The :class:`~app.state.table.Table` (not imported here: the table imports its parts)."""

    # -- what every part reads ---------------------------------------------------------

    @property
    def _game(self) -> Game | None:
        return self._table.game

    @property
    def _prefs(self) -> Any:
        return self._table.prefs

    @property
    def _entry(self) -> Any:
        return self._table.round.entry

    def _names(self, names: tuple[str, ...] | list[str]) -> str:
        return names_in(self._table.prefs.language, names)

    def _tell(self, text: str, kind: Kind = Kind.INFO) -> None:
        self._table.tell(text, kind)

    def _calling(self) -> RoundDraft | None:
        """The round while its call is made (or corrected): once the cards are played, the
        dealer, his misdeals and the bid are settled (a later tap is a crafted one)."""
        draft = self._entry.draft
        editing = self._table.correction is not None
        return draft if draft is not None and (editing or draft.phase is Phase.CALL) else None

    # -- what several parts do -----------------------------------------------------------

    async def _change(self, draft: RoundDraft) -> None:
        """Keep a tap: what follows from it is the engine's (:meth:`scoring.Game.settled`)."""
        table = self._table
        if draft.called:
            draft = draft.settled(table.game)
        if table.correction is not None:
            table.correction = table.correction.with_draft(draft)
        else:
            await self._set_draft(draft)

    def _fresh_draft(self) -> RoundDraft | None:
        game = self._table.game
        if game is None or game.finished:
            return None
        return RoundDraft.fresh(game, len(game.rounds) + 1)

    async def _set_draft(self, draft: RoundDraft | None) -> None:
        table = self._table
        game_id, number = table.game_id, len(table.game.rounds) + 1
        # Kept so a closed tab resumes mid-round (a draft is not a round: no scores).
        await written(lambda: table.store.save_draft(game_id, None if draft is None else {
            "round": number, "draft": draft.to_json()}))
        table.draft = draft
        # "Saved" speaks of the last confirmed change; a round being entered is not one. Hidden
        # here, at a tap, the confirm changes nothing on screen before its write is kept: the
        # web build's Block is not drawn twice around its IndexedDB write.
        table.notice = None

    async def _save(self, game: Game, base: int | None = None) -> bool:
        """Persist ``game``, a change made to version ``base`` (default: the one shown).

        Only after the write returned does the state change. A change made to an
        older version (another device saved since) is refused with "changed on
        another device" and the fresh game is shown: no change is lost.
        """
        table = self._table
        table.notice = None
        expected = table.version if base is None else base
        phones = peers.current()
        try:
            if phones is not None and phones.relays(table.store, table.game_id):  # the host decides
                table.version = await phones.propose(table.game_id, game, expected)
            else:
                table.version = await written(
                    lambda: table.store.save_game(table.game_id, game, expected_version=expected))
        except StaleGameError:
            table.correction = None
            table.open.reload()
            self._tell(self._prefs.t("Changed on another device: here is the fresh Block"))
            return False
        table.game = game
        table.evening = read_evening(table.store, table.game_id, game)
        self._glance()
        if game.finished:
            persistence.current().worth_keeping("finished game")
        if table.announce is not None:
            table.announce(table.game_id, table.version)
        return True

    def _glance(self) -> None:
        """The open game, worded, for the web build's loading screen."""
        persistence.current().glance(words.glance(self._table.prefs, self._table.game))

    def _kept(self) -> None:
        """The change is written: "Saved", or where this tab alone keeps it, that it does."""
        self._tell(self._prefs.t("Saved") if persistence.current().available
                   else self._prefs.t("Kept in memory only (this browser keeps no data)"), Kind.DONE)
