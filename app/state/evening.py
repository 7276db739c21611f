"""The evening's tally read from the store (a part of the table): the rule is the engine's
(:mod:`scoring.evening`); this reads that evening's games and their times, nothing more."""

from __future__ import annotations

from scoring import Evening, Game, Played, evening_of

from ..store import GameNotFoundError, GameStatus, Store
from ..store.clock import elapsed

__all__ = ["EVENING_GAMES", "read_evening"]

EVENING_GAMES = 36
"""The most games an evening's tally reads on either side of the game shown: a game of 24 takes
20 minutes at the least, 36 fill 12 hours. A backup imported without dates puts every game on
one evening: opening a game must not read the whole archive then."""


def read_evening(store: Store, game_id: str | None, game: Game | None) -> Evening:
    """The tally once ``game`` is over (:func:`scoring.evening_of`), its games in the order the
    store started them and their pauses by the store's steady clock (a wall clock set a day back
    or a year ahead splits nothing). Read when the game ends or opens, never while drawing."""
    if game is None or not game.finished or game_id is None:
        return Evening()
    try:
        store.load_game(game_id)
    except GameNotFoundError:
        return Evening()
    # Only this evening's games are read, not the archive (newest first: reversed to started).
    stored = store.games(GameStatus.FINISHED, limit=EVENING_GAMES, at=game_id, newer=EVENING_GAMES)
    played = [Played.of(g.id, g.game, (g.created, g.ticks[0]), (g.updated, g.ticks[1]))
              for g in reversed(stored)]
    return evening_of(played, game_id, elapsed)
