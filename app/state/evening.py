"""The evening's tally: wins per player over the rematches of one sitting (a part of the table)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from scoring import Game

from ..store import GameNotFoundError, GameStatus, Store, StoredGame
from ..store.clock import Tick, elapsed

__all__ = ["LONG_PAUSE", "Evening"]

LONG_PAUSE = dt.timedelta(hours=3)
"""A pause this long between one game's last round and the next game's start ends an evening:
a meal or a walk is shorter, the next day is longer. Measured by the steady clock (the store's
:mod:`~app.store.clock`), so a wall clock set a day back or a year ahead splits nothing."""
EVENING_GAMES = 36
"""The most games an evening's tally reads on either side of the game shown: a game of 24 takes
20 minutes at the least, 36 fill 12 hours. A backup imported without dates puts every game on
one evening: opening a game must not read the whole archive then."""


@dataclass(frozen=True)
class Evening:
    """Wins per player over this evening's finished games, most wins first (empty: no tally)."""

    wins: tuple[tuple[str, int], ...] = ()
    games: int = 0
    """How many finished games the tally counts."""
    books: tuple[str, ...] = ()
    """The rule books of those games (``"24"``, ``"20ab"``): more than one, and the tally says
    that it sums the wins of both."""

    @property
    def mixed(self) -> bool:
        """The tally counts games of 24 and of 20 ab together."""
        return len(self.books) > 1

    @classmethod
    def of(cls, store: Store, game_id: str | None, game: Game | None) -> Evening:
        """The tally once ``game`` is over: the finished games of the same players (any seats,
        names as stored) in this game's evening — the games played with no :data:`LONG_PAUSE`
        between one's end and the next one's start (in the store's order, never by the wall
        clock's dates). The whole evening, the games finished after this one too: every game of
        it gives the same tally, whichever was started or finished first. A shared win counts
        for each winner. Only from the second game on; read when the game ends or opens, never
        while drawing."""
        if game is None or not game.finished or game_id is None:
            return cls()
        try:
            store.load_game(game_id)
        except GameNotFoundError:
            return cls()
        # Only this evening's games are read, not the archive.
        games = store.games(GameStatus.FINISHED, limit=EVENING_GAMES, at=game_id, newer=EVENING_GAMES)
        players = set(game.players)
        sitting = [g for g in _evening(games, game_id) if set(g.game.players) == players]
        if len(sitting) < 2:
            return cls()
        wins = {p: sum(p in g.game.outcome.winners for g in sitting if g.game.outcome) for p in game.players}
        books = tuple(sorted({g.game.book.key for g in sitting}))
        return cls(tuple(sorted(wins.items(), key=lambda item: -item[1])), len(sitting), books)


def _evening(games: list[StoredGame], game_id: str) -> list[StoredGame]:
    """The run of ``games`` (newest first) holding ``game_id``: taken in the order they were
    started, a game whose start comes :data:`LONG_PAUSE` or more after the latest end so far
    starts another run (a game started earlier and finished later bridges what it spans)."""
    run: list[StoredGame] = []
    end: tuple[dt.datetime, Tick | None] | None = None
    for stored in reversed(games):
        start = (stored.created, stored.ticks[0])
        if end is not None and elapsed(end, start) >= LONG_PAUSE:
            if any(g.id == game_id for g in run):
                break
            run = []
            end = None
        run.append(stored)
        finish = (stored.updated, stored.ticks[1])
        if end is None or elapsed(end, finish) > dt.timedelta(0):
            end = finish
    return run if any(g.id == game_id for g in run) else []
