"""The evening: the games one group of players played in one sitting, and its tally of wins.

An evening of a group is the run of its finished games with no :data:`LONG_PAUSE` between one's
end and the next one's start, where the end so far is the latest end of the run: a game started
earlier and finished later bridges what it spans. Only the group's own games count and bridge
(the same names, any seats): another table's games at the same store are another evening.

The tally is a function of the evening alone, never of the game it is asked for nor of the order
its games were started and finished in: every game of one evening gives the same tally, on
every screen. A shared win counts for each winner (R13, Z20 in docs/RULES.md).

Time is the caller's: a moment is any value, and ``elapsed(since, until)`` the time from one to a
later one (the app measures it by its steady clock). The games come in the order they were
started.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from .game import Game

__all__ = ["LONG_PAUSE", "Evening", "Played", "evening_of"]

LONG_PAUSE = dt.timedelta(hours=3)
"""A pause this long between one game's end and the next one's start ends an evening: a meal or
a walk is shorter, the next day is longer."""

Elapsed = Callable[[Any, Any], dt.timedelta]


@dataclass(frozen=True)
class Played:
    """One game as the evening sees it: who sat, who won (empty: not finished), its rule book
    (``"24"``, ``"20ab"``), and when it was started and last played (moments of the caller's)."""

    key: Hashable
    players: tuple[str, ...]
    winners: tuple[str, ...]
    book: str
    start: Any
    end: Any
    finished: bool = True

    @classmethod
    def of(cls, key: Hashable, game: Game, start: Any, end: Any) -> Played:
        """``game`` as the evening sees it."""
        outcome = game.outcome
        return cls(key, game.players, outcome.winners if outcome else (), game.book.key, start, end,
                   game.finished)

    @property
    def group(self) -> frozenset[str]:
        """The players at the table, whatever their seats."""
        return frozenset(self.players)


@dataclass(frozen=True)
class Evening:
    """Wins per player over an evening's finished games (empty: no tally, a single game)."""

    wins: tuple[tuple[str, int], ...] = ()
    """Most wins first; equal wins in the seats of the evening's first game."""
    games: int = 0
    """How many finished games the tally counts."""
    books: tuple[str, ...] = ()
    """The rule books of those games, sorted."""

    @property
    def mixed(self) -> bool:
        """The tally sums wins of 24 and of 20 ab: the line must say so."""
        return len(self.books) > 1


def _subtract(since: Any, until: Any) -> dt.timedelta:
    return max(until - since, dt.timedelta(0))


def evening_of(played: Sequence[Played], key: Hashable, elapsed: Elapsed = _subtract,
               pause: dt.timedelta = LONG_PAUSE) -> Evening:
    """The tally of the evening of the game ``key`` among ``played`` (in the order they were
    started): empty unless that game is finished and its evening holds two games or more."""
    this = next((p for p in played if p.key == key), None)
    if this is None or not this.finished:
        return Evening()
    group = this.group
    run = _run_of([p for p in played if p.finished and p.group == group], key, elapsed, pause)
    if len(run) < 2:
        return Evening()
    return _tally(run)


def _run_of(games: list[Played], key: Hashable, elapsed: Elapsed, pause: dt.timedelta) -> list[Played]:
    """The run of ``games`` (in the order they were started) holding ``key``: a game whose start
    comes ``pause`` or more after the latest end so far starts another run."""
    run: list[Played] = []
    end: Any = None
    for game in games:
        if run and elapsed(end, game.start) >= pause:
            if any(p.key == key for p in run):
                break
            run = []
        if not run or elapsed(end, game.end) > dt.timedelta(0):
            end = game.end
        run.append(game)
    return run if any(p.key == key for p in run) else []


def _tally(run: list[Played]) -> Evening:
    """Wins per player over ``run``: most first, then in the seats of the run's first game (so
    every game of the evening words the same line)."""
    seats = run[0].players
    wins = {name: sum(name in game.winners for game in run) for name in seats}
    ranked = sorted(wins.items(), key=lambda item: (-item[1], seats.index(item[0])))
    return Evening(tuple(ranked), len(run), tuple(sorted({game.book for game in run})))
