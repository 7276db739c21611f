"""The evening's tally: wins per player over the rematches of one sitting (a part of the table)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from scoring import Game

from ..store import GameNotFoundError, GameStatus, Store, StoredGame
from ..store.clock import elapsed

__all__ = ["LONG_PAUSE", "Evening"]

LONG_PAUSE = dt.timedelta(hours=3)
"""A pause this long between one game's last round and the next game's start ends an evening:
a meal or a walk is shorter, the next day is longer. Measured by the steady clock (the store's
:mod:`~app.store.clock`), so a wall clock set a day back or a year ahead splits nothing."""
EVENING_GAMES = 36
"""The most games an evening's tally reads (the newest): a game of 24 takes 20 minutes at the
least, 36 fill 12 hours. A backup imported without dates puts every game on one evening: opening
a game must not read the whole archive then."""


@dataclass(frozen=True)
class Evening:
    """Wins per player over this evening's finished games, most wins first (empty: no tally)."""

    wins: tuple[tuple[str, int], ...] = ()
    games: int = 0
    """How many finished games the tally counts."""

    @classmethod
    def of(cls, store: Store, game_id: str | None, game: Game | None) -> Evening:
        """The tally once ``game`` is over: the finished games of the same players (any seats,
        names as stored) in this game's evening — the run of games the store made up to this one
        (in its order, never by the wall clock's dates) with no :data:`LONG_PAUSE` between one
        and the next. A shared win counts for each winner. Only from the second game on; read
        when the game ends or opens, never while drawing."""
        if game is None or not game.finished or game_id is None:
            return cls()
        try:
            store.load_game(game_id)
        except GameNotFoundError:
            return cls()
        # Only this evening's games are read, not the archive.
        games = store.games(GameStatus.FINISHED, limit=EVENING_GAMES, at=game_id)
        players = set(game.players)
        sitting = [g for g in _evening(games) if set(g.game.players) == players]
        if len(sitting) < 2:
            return cls()
        wins = {p: sum(p in g.game.outcome.winners for g in sitting if g.game.outcome) for p in game.players}
        return cls(tuple(sorted(wins.items(), key=lambda item: -item[1])), len(sitting))


def _evening(games: list[StoredGame]) -> list[StoredGame]:
    """The first of ``games`` (newest first) and those before it up to the first long pause."""
    run = games[:1]
    for earlier in games[1:]:
        later = run[-1]
        pause = elapsed((earlier.updated, earlier.ticks[1]), (later.created, later.ticks[0]))
        if pause >= LONG_PAUSE:
            break
        run.append(earlier)
    return run
