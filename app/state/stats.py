"""Statistics across every stored game, sortable, with rename and merge of players."""

from __future__ import annotations

from dataclasses import dataclass, field

import flet as ft

from scoring import Game, ScoringError, tidy_name, verify_new_name

from ..books import BOOKS, FIRST, book_of
from ..stats import PlayerStats, player_stats, sort_stats
from ..store import Store
from .command import command, written
from .prefs import Prefs, Worded

__all__ = ["StatsBoard"]


@ft.observable
@dataclass(eq=False)
class StatsBoard(Worded):
    """The statistics table, one rule book at a time (replayed from the stored games when it opens)."""

    store: Store
    prefs: Prefs
    rows: list[PlayerStats] = field(default_factory=list)
    book: str = FIRST
    """The rule book shown (a 24 average and a 20 ab average are never mixed)."""
    books: tuple[str, ...] = ()
    """The rule books of the stored games, in :data:`app.books.BOOKS`' order (a choice when two)."""
    sort: str = "wins"
    descending: bool = True
    rename_from: str | None = None
    merge_into: str | None = None
    message: str | None = None
    error: bool = False

    def report(self, message: str) -> None:
        self.message, self.error = message, True

    def head(self, column: str, word: str) -> str:
        """The head of ``column`` in the shown rule book's words (``word``: 24's), translated."""
        adapter = BOOKS.get(self.book)
        return self.t(adapter.stats_words.get(column, word) if adapter else word)

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
        self.rows = sort_stats(player_stats(by_book.get(self.book, []), store.known_players()),
                               self.sort, self.descending)
        names = [r.name for r in self.rows]
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
        """Pick the player to rename or merge."""
        self.rename_from = name
        if self.merge_into == name:
            self.merge_into = None

    def choose_merge(self, name: str | None) -> None:
        """Pick the name the chosen player is the same person as."""
        self.merge_into = name if name != self.rename_from else None

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
        try:
            verify_new_name(new, 1)  # the form's limits (the engine's, for every rule book)
        except ScoringError as error:
            self.report(self.t("At most {n} characters", n=error.values.get("maximum"))
                        if error.code == "player_name_long"
                        else self.t("No invisible characters in a name")
                        if error.code == "player_name_format"
                        else self.t("No control characters in a name"))
            return ()
        changed = await written(lambda: self.store.rename_player(old, new))
        said = dict(old=old, new=new, n=len(changed))
        self.message = (self.nt("{old} merged into {new} ({n} game)", "{old} merged into {new} ({n} games)",
                                **said)
                        if merging else self.nt("{old} is now {new} ({n} game)",
                                                "{old} is now {new} ({n} games)",
                                                **said))
        self.error = False
        self.rename_from, self.merge_into = new, None
        self.refresh()
        return changed
