"""Player statistics across stored games, the statistics screen's table, and one game's chart lines.

The figures are pure computation (no store): every number is derived by replaying
the games with :mod:`scoring` (``Game.results`` and ``Game.outcome``), never
from stored totals. Players are told apart as R1 does (:func:`scoring.name_key`:
case and surrounding spaces ignored), so "anna" in one game and "Anna" in
another are one player.

Decisions:

- Every figure counts **finished** games only (a stray rematch left
  "in progress" must not count): games, wins, finals, rounds, calls, sitting
  out. :func:`player_stats` gives a player of unfinished games only a row (all
  figures empty), so the statistics screen can rename or merge him (``games``
  counts every game a player sat at, for that alone); the table lists only
  players with a finished game of its rule book ("Eve 0 0 –" read as a player
  who lost every game).
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
from string import Formatter

import flet as ft

from scoring import Game, best_score, name_key, tidy_name, worst_score
from scoring.errors import N_

from ..books import BOOKS, FIRST, book_of
from ..i18n import sentence
from ..store import Store, StoreError
from .command import command, written
from .notice import Kind, Notice
from .prefs import Prefs, Worded

__all__ = ["COLUMNS", "PlayerStats", "StatsBoard", "player_stats", "score_lines", "sort_stats"]


NAME_REFUSED = {
    "name_too_long": N_("At most {n} characters"),
    "name_invisible": N_("No invisible characters in a name"),
    "name_control": N_("No control characters in a name"),
    "name_blank": N_("A name needs a letter or a digit"),
}
"""A rename's refusal by the store (a name's limits, R1), in the few words the form uses."""

NO_FIGURE = {"blind_calls": N_("Blind calls")}
"""A column's head where its book's presets quote no one figure (a blind suit each their own)."""

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
        """The best final score (the engine's ranking: lowest wins)."""
        return best_score(self.finals)

    @property
    def worst(self) -> int | None:
        """The worst final score."""
        return worst_score(self.finals)


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


@ft.observable
@dataclass(eq=False)
class StatsBoard(Worded):
    """The statistics table, one rule book at a time (replayed from the stored games when it opens)."""

    store: Store
    prefs: Prefs
    rows: list[PlayerStats] = field(default_factory=list)
    """The table: the players with a finished game of the rule book shown."""
    names: list[str] = field(default_factory=list)
    """Every player of the rule book's games, finished or not (the rename and merge pickers)."""
    book: str = FIRST
    """The rule book shown (a 24 average and a 20 ab average are never mixed)."""
    books: tuple[str, ...] = ()
    """The rule books of the stored games, in :data:`app.books.BOOKS`' order (a choice when two)."""
    sort: str = "wins"
    descending: bool = True
    rename_from: str | None = None
    merge_into: str | None = None
    notice: Notice | None = None

    def head(self, column: str, word: str) -> str:
        """The head of ``column`` in the shown rule book's words (``word``: 24's), translated, its
        ``{blanks}`` the book's own figures: "Yellow blind", "Herz blind" (the engine's suit)."""
        adapter = BOOKS.get(self.book)
        word = adapter.stats_words.get(column, word) if adapter else word
        figures = adapter.figures() if adapter else {}
        if any(blank not in figures for _, blank, _, _ in Formatter().parse(word) if blank):
            word = NO_FIGURE[column]  # the presets name no one suit
        return sentence(self.t(word, **figures))

    def refresh(self) -> None:
        """Replay every stored game of the chosen rule book into the statistics table (reads only)."""
        store = self.store
        by_book: dict[str, list[Game]] = {}
        for summary in store.list_games():
            game = store.load_game(summary.id).game
            by_book.setdefault(book_of(game).key, []).append(game)
        self.books = tuple(b for b in BOOKS if b in by_book)
        if self.book not in by_book and self.books:
            self.book = self.books[0]
        everyone = player_stats(by_book.get(self.book, []), store.known_players())
        self.rows = sort_stats([r for r in everyone if r.finished], self.sort, self.descending)
        self.names = names = [r.name for r in sort_stats(everyone, "name")]
        if self.rename_from not in names:
            self.rename_from = names[0] if names else None
        if self.merge_into not in names or self.merge_into == self.rename_from:
            self.merge_into = None

    def choose_book(self, book: str) -> None:
        """Show the statistics of another rule book (24 or 20 ab)."""
        if book in self.books and book != self.book:
            self.book = book
            self.refresh()

    def sort_by(self, column: str) -> None:
        """Tap on a column header: sort by it; a second tap turns the order round.

        Names start A–Z; numbers start with the largest.
        """
        if column == self.sort:
            self.descending = not self.descending
        else:
            self.sort, self.descending = column, column != "name"
        self.rows = sort_stats(self.rows, self.sort, self.descending)

    def choose_rename(self, name: str) -> None:
        """Pick the player to rename or merge (a value that is no name picks nobody)."""
        if not isinstance(name, str):
            return
        self.rename_from = name
        if self.merge_into == name:
            self.merge_into = None

    def choose_merge(self, name: str | None) -> None:
        """Pick the name the chosen player is the same person as."""
        self.merge_into = name if isinstance(name, str) and name != self.rename_from else None

    @command
    async def rename(self, new: str) -> tuple[str, ...]:
        """Rename the chosen player in every stored game (an existing name merges)."""
        return await self._rename(self.rename_from, new, merging=False)

    @command
    async def merge(self) -> tuple[str, ...]:
        """The chosen player and ``merge_into`` are one person: keep ``merge_into``'s name."""
        return await self._rename(self.rename_from, self.merge_into, merging=True)

    async def _rename(self, old: str | None, new: str | None, merging: bool) -> tuple[str, ...]:
        if not old or not new or not new.strip():
            self.report(self.t("Enter a name"))
            return ()
        new = tidy_name(new)
        try:  # the store checks the name by each game's own rule book
            changed = await written(lambda: self.store.rename_player(old, new))
        except StoreError as error:
            if error.code not in NAME_REFUSED:
                raise
            self.report(self.t(NAME_REFUSED[error.code], n=error.values.get("maximum")))
            return ()
        said = dict(old=old, new=new, n=len(changed))
        self.tell(self.nt("{old} merged into {new} ({n} game)", "{old} merged into {new} ({n} games)",
                          **said)
                  if merging else self.nt("{old} is now {new} ({n} game)",
                                          "{old} is now {new} ({n} games)", **said), Kind.DONE)
        self.rename_from, self.merge_into = new, None
        self.refresh()
        return changed
