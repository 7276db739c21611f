"""Player statistics across stored games, and the score lines of one game's chart.

Pure computation (no flet, no store): every number is derived by replaying
the games with :mod:`scoring` (``Game.results`` and ``Game.outcome``), never
from stored totals. Players are told apart as R1 does (:func:`scoring.name_key`:
case and surrounding spaces ignored), so "anna" in one game and "Anna" in
another are one player.

Decisions:

- Every figure counts **finished** games only (a stray rematch left
  "in progress" must not count): games, wins, finals, rounds, calls, sitting
  out. A player of unfinished games only still has a row (all figures empty),
  so the statistics screen can rename or merge him; ``games`` counts every
  game a player sat at, for that list alone.
- Statistics are kept per rule book (:func:`app.books.book_of`): a 24 average and a
  20 ab average are never mixed; the caller passes one book's games.
- A shared win (R13: tied on the lowest score) counts as a win for each
  winner and is also counted in ``shared_wins``.
- The best game is the lowest final score (lowest wins), the worst the highest.
- "Rounds without a trick" counts rounds the player took part in and made 0
  tricks; "calls" are rounds the player was the caller; a yellow-blind call is
  a call with ``blind``, and how it went is its points (the caller's delta) and
  whether the caller made no trick (+48 with R10).
- Sitting out (variant B) counts rounds the player sat out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from scoring import Game, name_key

__all__ = ["COLUMNS", "PlayerStats", "player_stats", "score_lines", "sort_stats"]


@dataclass
class PlayerStats:
    """One player's figures over all stored games."""

    name: str
    """The name as shown (the known players' spelling when given, else the latest seen)."""

    games: int = 0
    """Games sat at, finished or not (only to list the player; no figure counts them)."""

    finished: int = 0
    """Finished games sat at."""

    wins: int = 0
    """Finished games won, shared wins included."""

    shared_wins: int = 0
    """Of :attr:`wins`, those shared with another player (R13 tie)."""

    finals: list[int] = field(default_factory=list)
    """The final score of every finished game."""

    rounds: int = 0
    """Rounds played (not sat out)."""

    no_trick: int = 0
    """Rounds played without a trick (R9/R10)."""

    calls: int = 0
    """Rounds as caller."""

    calls_no_trick: int = 0
    """Calls without a trick (R10: own trump without a trick)."""

    blind_calls: int = 0
    """Yellow-blind calls (R6)."""

    blind_no_trick: int = 0
    """Yellow-blind calls without a trick (the big gain)."""

    blind_points: int = 0
    """The caller's points from yellow-blind calls, added up (negative: they helped)."""

    sat_out: int = 0
    """Rounds sat out (variant B)."""

    @property
    def win_rate(self) -> float | None:
        """Wins per finished game (0–1), ``None`` before the first finished game."""
        return self.wins / self.finished if self.finished else None

    @property
    def average(self) -> float | None:
        """The average final score of finished games."""
        return sum(self.finals) / len(self.finals) if self.finals else None

    @property
    def best(self) -> int | None:
        """The lowest final score (lowest wins)."""
        return min(self.finals) if self.finals else None

    @property
    def worst(self) -> int | None:
        """The highest final score."""
        return max(self.finals) if self.finals else None


COLUMNS = ("name", "finished", "wins", "win_rate", "average", "best", "worst", "no_trick",
           "calls", "calls_no_trick", "blind_calls", "sat_out")
"""The sortable columns of the statistics table, in table order."""


def player_stats(games: Iterable[Game], known: Iterable[str] = ()) -> list[PlayerStats]:
    """Every player's figures over the finished ``games`` (of one rule book); ``known`` gives spellings.

    Sorted by wins, then win rate, then name.
    """
    spelling = {name_key(n): n.strip() for n in known}
    table: dict[str, PlayerStats] = {}
    for game in games:
        outcome = game.outcome
        finals = game.scores
        winners = {name_key(w) for w in outcome.winners} if outcome else set()
        seat = {}
        for name in game.players:
            key = name_key(name)
            row = table.get(key)
            if row is None:
                row = table[key] = PlayerStats(spelling.get(key, name.strip()))
            seat[name] = row
            row.games += 1
            if outcome is not None:
                row.finished += 1
                row.finals.append(finals[name])
                if key in winners:
                    row.wins += 1
                    if len(winners) > 1:
                        row.shared_wins += 1
        if outcome is None:  # listed above, counted nowhere
            continue
        for round_, result in zip(game.rounds, game.results, strict=True):
            for name, delta in zip(game.players, result.deltas, strict=True):
                row = seat[name]
                made = round_.tricks.get(name)
                if made is None:
                    row.sat_out += 1
                    continue
                row.rounds += 1
                caller = name == round_.caller
                if made == 0:
                    row.no_trick += 1
                if caller:
                    row.calls += 1
                    row.calls_no_trick += made == 0
                    if round_.blind:
                        row.blind_calls += 1
                        row.blind_no_trick += made == 0
                        row.blind_points += delta
    return sort_stats(list(table.values()), "wins", descending=True)


def sort_stats(rows: list[PlayerStats], column: str, descending: bool = False) -> list[PlayerStats]:
    """``rows`` sorted by ``column`` (one of :data:`COLUMNS`); empty values always last, ties by name."""
    if column not in COLUMNS:
        raise ValueError(f"no statistics column {column!r}")
    by_name = sorted(rows, key=lambda r: name_key(r.name))
    if column == "name":
        return list(reversed(by_name)) if descending else by_name
    present = [r for r in by_name if getattr(r, column) is not None]
    missing = [r for r in by_name if getattr(r, column) is None]
    present.sort(key=lambda r: getattr(r, column), reverse=descending)
    return present + missing


def score_lines(game: Game) -> Mapping[str, list[int]]:
    """Each player's score before round 1 and after every round (the chart's lines), seat order."""
    start = game.settings.start
    return {
        name: [start, *(result.scores[seat] for result in game.results)]
        for seat, name in enumerate(game.players)
    }
