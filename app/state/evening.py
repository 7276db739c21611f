"""The evening's tally: wins per player over the rematches of one sitting (a part of the table)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from scoring import Game

from ..store import GameNotFoundError, GameStatus, Store

__all__ = ["EVENING", "Evening"]

EVENING = dt.timedelta(hours=12)
"""Games begun within this time before a game belong to its evening (the rematch tally)."""
EVENING_GAMES = 36
"""The most games an evening's tally reads (the newest): a game of 24 takes 20 minutes at the
least, 36 fill 12 hours. A backup imported without dates puts every game on one evening: opening
a game must not read the whole archive then (issue 16)."""


@dataclass(frozen=True)
class Evening:
    """Wins per player over this evening's finished games, most wins first (empty: no tally)."""

    wins: tuple[tuple[str, int], ...] = ()
    games: int = 0
    """How many finished games the tally counts."""

    @classmethod
    def of(cls, store: Store, game_id: str | None, game: Game | None) -> Evening:
        """The tally once ``game`` is over: finished games of the same players (any seats,
        names as stored) begun at most :data:`EVENING` before this one — the rematches of one
        sitting. A shared win counts for each winner. Only from the second game on; read when
        the game ends or opens, never while drawing."""
        if game is None or not game.finished:
            return cls()
        try:
            this = store.load_game(game_id) if game_id is not None else None
        except GameNotFoundError:
            this = None
        if this is None:
            return cls()
        # Only the games begun that evening are read, not the archive (issue 16).
        games = store.list_games(GameStatus.FINISHED, limit=EVENING_GAMES, since=this.created - EVENING,
                                 until=this.created)
        players = set(game.players)
        sitting = [g for g in games if set(g.players) == players]
        if len(sitting) < 2:
            return cls()
        wins = {p: sum(p in g.winners for g in sitting) for p in game.players}
        return cls(tuple(sorted(wins.items(), key=lambda item: -item[1])), len(sitting))
