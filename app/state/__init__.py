"""The app's state: small observables per concern, and the root that navigates between screens.

Each concern is an ``@ft.observable`` passed to the components that show it
(as Flet's declarative "trolli" example does), so a tap redraws only what it
changed: :class:`Prefs` (language, theme, size), :class:`NewGameForm`,
:class:`Table` (the open game and the round being entered), :class:`StatsBoard`,
:class:`Join` (several phones) and :class:`Backup`. :class:`AppState` holds
them, knows the route (``/``, ``/new``, ``/game/ID``, ``/game/ID/chart``,
``/game/ID/round/N``, ``/stats``, ``/settings``) and runs the commands that
span concerns (start a game, open one, rematch, delete).

Data flows one way: a tap calls a command → :mod:`scoring` validates → the
store persists (between the persistence hooks) → the fields change → the
views redraw. Views read these fields and call these methods; they hold no rules.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum

import flet as ft

from .. import persistence
from ..draft import RoundDraft
from ..i18n import format_score, warning
from ..lan import JoinGate
from ..store import TRASH_DAYS, GameNotFoundError, GameStatus, GameSummary, Store, StoreWarning, is_game_id
from .backup import Backup
from .command import command, written
from .form import NewGameForm
from .join import Join
from .notice import Kind, Notice
from .phones import Phones
from .prefs import Prefs, Told, Worded
from .stats import StatsBoard
from .table import Table

__all__ = ["GAMES_PAGE", "HOME_GAMES", "TRASH_DAYS", "AppState", "Backup", "GameStatus", "GameSummary",
           "Join", "Kind", "NewGameForm", "Notice", "Phones", "Prefs", "Screen", "StatsBoard", "Table",
           "Told",
           "format_score"]
# GameStatus and GameSummary: the values the home screen lists (views ask the state, never
# the store, tests/test_architecture.py).


class Screen(StrEnum):
    """Which screen is showing (the first part of the route)."""

    HOME = "home"
    NEW_GAME = "new_game"
    GAME = "game"
    CHART = "chart"
    EDIT = "edit"
    SETTINGS = "settings"
    STATS = "stats"


logger = logging.getLogger("block24.app")

_LOGGED: set[str] = set()
"""The store's warnings written to the log so far."""

HOME_GAMES = 8
"""Games of each list home lists at first: about what a phone's screen shows below "New game".
Each costs a tile to draw on every return home; with 1 000 stored games home draws as much as
with a few (bench/history.py)."""
GAMES_PAGE = 20
"""Games "Show more" adds to a list on home: it reads and draws a page, never the archive."""


@ft.observable
@dataclass(eq=False)
class AppState(Worded):
    """One browser tab (or phone): the route, the list of games, and the concerns."""

    store: Store
    prefs: Prefs
    form: NewGameForm
    table: Table
    stats: StatsBoard
    join: Join
    backup: Backup
    phones: Phones | None = None
    """Other phones at a table with no computer (the offline pad: ``web/peer.py`` sets it)."""
    route: str = "/"
    running: list[GameSummary] = field(default_factory=list)
    """The newest games in progress, as many as home lists."""
    finished: list[GameSummary] = field(default_factory=list)
    """The newest finished games, as many as home lists."""
    more: dict[GameStatus, int] = field(default_factory=dict)
    """How many games of each list home does not show yet."""
    shown: dict[GameStatus, int] = field(default_factory=lambda: dict.fromkeys(GameStatus, HOME_GAMES))
    """How many games of each list home shows (the newest first)."""
    notices: list[StoreWarning] = field(default_factory=list)
    """The store's warnings when it opened (a damaged file set aside, a backup used): home shows
    them (:meth:`notice_words`) until they are read (:meth:`dismiss_notices`), unlike
    :attr:`notice`, which passes. Their English lines, with the paths, go to the log."""
    notice: Notice | None = None
    """What happened outside a game (home, settings): a failure, a game deleted."""
    deleted: GameSummary | None = None
    """The game just deleted: the snackbar offers to bring it back."""
    trash: list[GameSummary] = field(default_factory=list)
    """The deleted games (restorable until the trash is emptied), the last deleted first."""
    show_trash: bool = False
    """Home shows the list of deleted games (else only the way to it)."""
    navigated: Callable[[str], None] | None = None
    aside: tuple[str, int, RoundDraft] | None = field(default=None, repr=False)
    """The round this phone was entering when it was sent away (the session keeps it, and the
    gate for the phone's other tabs; the locked screen shows nothing of it): back when the phone
    is let in again."""
    """Tells the browser the new route (history, Back button; set by app.main)."""

    @classmethod
    def open(cls, store: Store, gate: JoinGate | None = None, client: str | None = None,
             join_url: str | None = None, prefs: Prefs | None = None) -> AppState:
        """The state for a new session: this device's settings, the last open game resumed.

        ``prefs`` are the device's own (:meth:`Prefs.load`: language and theme
        live on each phone, so one phone's change is not every phone's).
        Without them (a test of another concern, the command line) the store's
        old one-per-server setting is read, as :meth:`Prefs.load` does for a
        phone that kept nothing.

        With a ``gate`` (``serve --lan``) a device other than the serving one
        sees only the join screen, and no game is loaded for it, until its code
        is right.
        """
        if prefs is None:
            prefs = Prefs.initial(store.get_setting("language", None), store.get_setting("dark", None))
        state = cls(
            store=store, prefs=prefs, form=NewGameForm(prefs), table=Table(store, prefs),
            stats=StatsBoard(store, prefs), join=Join(prefs, gate, client, join_url),
            backup=Backup(store, prefs), notices=list(store.warnings),
        )
        for said in state.notices:
            if said not in _LOGGED:  # once per process, not once per phone
                _LOGGED.add(said)
                logger.warning("%s", said)
        if not state.join.locked:
            state._resume()
        return state

    def _resume(self) -> None:
        self.refresh_games()
        last = self.store.get_setting("last_game", None)
        aside, self.aside = self.aside, None
        gate = self.join.gate
        kept = gate.take_aside(self.join.client) if gate is not None else None
        if aside is None and isinstance(kept, tuple):  # a tab reloaded while it was sent away
            aside = kept
        if aside is not None and self._playing(aside[0]):  # let back in: its own round again
            last = aside[0]
        if isinstance(last, str) and self._playing(last):
            self.table.open.load(last)
            self.route = f"/game/{last}"
            if aside is not None and aside[0] == last:
                self.table.open.take_back(aside[1], aside[2])

    def _playing(self, game_id: str) -> bool:
        """``game_id`` is stored and still being played (a finished game is not resumed)."""
        try:
            return self.store.load_game(game_id).status is GameStatus.PLAYING
        except GameNotFoundError:  # deleted since, or an id written by hand
            return False

    @property
    def available(self) -> bool:
        """False when games are kept in memory only (the browser gives no lasting storage)."""
        return persistence.current().available

    @property
    def evictable(self) -> bool:
        """The browser may clear the stored games when space runs low (settings say so)."""
        return persistence.current().available and persistence.current().evictable

    # -- what happened ----------------------------------------------------------------

    def report(self, message: str) -> None:
        """A failed command, worded where the table looks (the one wrapper calls it)."""
        screen = self.screen
        if screen is Screen.NEW_GAME:
            self.form.report(message)
        elif screen in (Screen.GAME, Screen.CHART, Screen.EDIT):
            self.table.report(message)
        elif screen is Screen.STATS:
            self.stats.report(message)
        else:
            super().report(message)

    def dismiss(self, notice: Notice | None = None) -> None:
        """The notice (and its offer to restore a game) ended: read, timed out, or its screen left.

        With ``notice``, only while that is still the one shown (a later one keeps its time).
        """
        if notice is None or notice is self.notice:
            self.notice = None
            self.deleted = None

    # -- navigation -------------------------------------------------------------------

    @property
    def screen(self) -> Screen:
        parts = self.route.strip("/").split("/")
        match parts:
            case ["new"]:
                return Screen.NEW_GAME
            case ["game", _]:
                return Screen.GAME
            case ["game", _, "chart"]:
                return Screen.CHART
            case ["game", _, "round", _]:
                return Screen.EDIT
            case ["stats"]:
                return Screen.STATS
            case ["settings"]:
                return Screen.SETTINGS
        return Screen.HOME

    @property
    def parent(self) -> str:
        """The route Back leads to (one screen back)."""
        screen = self.screen
        if screen in (Screen.CHART, Screen.EDIT):
            return f"/game/{self.table.game_id}"
        return "/"

    @command
    async def go(self, route: str) -> None:
        """Show the screen of ``route`` (a tap, or the browser's Back and Forward)."""
        if self.join.locked:
            return
        route = "/" + route.strip("/")
        parts = route.strip("/").split("/")
        if route != self.route:  # an offer to take back ends with its screen
            self.dismiss()
            if self.table.undone is not None:
                self.table.undo.end_offer(self.table.undone.version)
        try:
            await self._show(parts)
        except GameNotFoundError:  # deleted meanwhile, or an old link
            await self._show([""])
            self.tell(self.t("That game is no longer stored"))
        if self.navigated is not None:
            self.navigated(self.route)

    async def _show(self, parts: list[str]) -> None:
        match parts:
            case ["new"]:
                if self.screen is not Screen.NEW_GAME:
                    self.form.fill(self.store.known_players())
            case ["game", game_id, *rest]:
                if not is_game_id(game_id):  # a typed or crafted address: no path is made of it
                    raise GameNotFoundError(game_id)
                self.table.open.load(game_id)
                # ASCII digits, a few: "٣" is isdigit() too, and int() refuses 5 000 digits
                if rest[:1] == ["round"] and rest[1:2] and rest[1].isascii() and rest[1].isdigit() \
                        and len(rest[1]) <= 6 and self.table.correcting.edit_round(int(rest[1])):
                    pass
                elif rest == ["chart"]:
                    self.table.correcting.cancel_edit()
                else:
                    self.table.correcting.cancel_edit()
                    rest = []
                await written(lambda: self.store.set_setting("last_game", game_id))
                self.route = "/".join(["", "game", game_id, *rest])
                return
            case ["stats"]:
                self.stats.notice = None
                self.stats.refresh()
            case ["settings"]:
                self.backup.clear()
            case _:
                parts = [""]
                self.refresh_games()
                if self.table.game_id is not None:
                    self.table.open.close()
                    await written(lambda: self.store.set_setting("last_game", None))
        self.route = "/" + "/".join(parts).strip("/")

    async def go_round(self, number: int) -> None:
        """Open round ``number`` of the open game for correction."""
        await self.go(f"/game/{self.table.game_id}/round/{number}")

    async def save_edit(self) -> None:
        """Save the corrected round and go back to the Block; a refusal stays with its reason.

        A correction made on an older version (another phone saved since) is
        dropped by the table, which shows the fresh Block: go there too.
        """
        if await self.table.correcting.save_edit() or not self.table.round.editing:
            await self.go(self.parent)

    async def back(self) -> None:
        """One screen back (the app's Back arrow; the browser's Back comes through :meth:`go`)."""
        if self.screen is Screen.EDIT:
            self.table.correcting.cancel_edit()
        await self.go(self.parent)

    # -- several phones ---------------------------------------------------------------

    def enter_code(self, typed: str) -> None:
        """The join code typed on a new device: right, and the table's games show."""
        if self.join.try_code(typed):
            self._resume()

    def gate_changed(self) -> None:
        """A phone joined, waits or was sent away, or a new code (app.main calls it on every
        session): follow the gate; a tab the host just let in sees the table's games."""
        was_locked = self.join.locked
        self.join.recheck()
        if was_locked and not self.join.locked:
            self._resume()
        elif self.join.locked and not was_locked:  # sent away: no game data on its screen
            self.aside = self.table.open.set_aside()
            if self.join.gate is not None:  # (for a tab of this phone reloaded meanwhile too)
                self.join.gate.keep_aside(self.join.client, self.aside)
            self.table.open.close()
            self.running, self.finished, self.more, self.route = [], [], {}, "/"

    def game_changed(self, game_id: str, version: int) -> None:
        """Another device saved ``game_id``: show the fresh game (pubsub, within a second)."""
        if self.join.locked:
            return
        if self.screen is Screen.HOME:
            self.refresh_games()
        table = self.table
        if game_id == table.game_id and version != table.version:
            try:
                table.open.reload()
            except GameNotFoundError:  # deleted on another device
                self.route = "/"
                table.open.close()
                self.refresh_games()
                self.tell(self.t("That game is no longer stored"))
                return
            if self.screen is Screen.EDIT and not table.round.editing:
                self.route = self.parent

    # -- home and settings ---------------------------------------------------------------

    def refresh_games(self) -> None:
        """Reload home's lists: a page of each, read from the store (not the whole archive)."""
        pages = self.store.pages(self.shown)
        self.running, self.finished = pages[GameStatus.PLAYING][0], pages[GameStatus.FINISHED][0]
        self.more = {status: total - len(games) for status, (games, total) in pages.items()}
        self.trash = self.store.deleted_games()
        self.show_trash = self.show_trash and bool(self.trash)

    def show_more(self, status: GameStatus) -> None:
        """List the next page of games in progress or finished on home."""
        self.shown = {**self.shown, status: self.shown[status] + GAMES_PAGE}
        self.refresh_games()

    @command
    async def set_language(self, language: str) -> None:
        """Choose the pad's language (kept on this device for next time)."""
        await self.prefs.choose(language=language)

    @command
    async def set_theme(self, theme: str) -> None:
        """As the phone, light or dark (kept on this device for next time)."""
        await self.prefs.choose(theme=theme)

    def notice_words(self) -> list[str]:
        """The store's warnings in the table's language."""
        return [warning(self.prefs.language, said) for said in self.notices]

    def dismiss_notices(self) -> None:
        """The user has read the store's warnings."""
        self.notices = []

    # -- games ----------------------------------------------------------------------------

    @command
    async def start_game(self) -> None:
        """Create the game from the form, store it, and open its Block."""
        game = self.form.game()
        if game is None:
            return
        game_id = await written(lambda: self.store.create_game(game))
        await written(lambda: self.store.remember_players(game.players))
        if self.table.announce is not None:  # other phones' home lists it at once
            self.table.announce(game_id, -1)
        await self.go(f"/game/{game_id}")

    @command
    async def rematch(self) -> None:
        """Same seats and settings, the next dealer deals first."""
        game = self.table.game
        self.form.fill(self.store.known_players(), game.players,
                       game.players.index(game.next_dealer), game.settings)
        self.route = "/new"
        await self.start_game()

    @command
    async def delete_game(self, game_id: str) -> None:
        """Delete a game from home; the snackbar offers to bring it back (the store keeps it)."""
        summary = next((g for g in self.running + self.finished if g.id == game_id), None)
        await written(lambda: self.store.delete_game(game_id))
        if self.table.game_id == game_id:
            self.table.open.close()
        self.refresh_games()
        self.deleted = summary
        self.tell(self.t("Game deleted"), Kind.DONE)
        if self.table.announce is not None:  # other phones drop it from their lists
            self.table.announce(game_id, -1)

    def toggle_trash(self) -> None:
        """Show or hide the deleted games on home."""
        self.show_trash = not self.show_trash and bool(self.trash)

    @command
    async def restore_deleted(self, game_id: str) -> None:
        """Bring a game back from the list of deleted games (to the list it was in)."""
        await written(lambda: self.store.restore_game(game_id))
        self.deleted, self.notice = None, None
        self.refresh_games()
        if self.table.announce is not None:  # other phones list it again
            self.table.announce(game_id, -1)

    def can_empty_trash(self) -> bool:
        """Whether this device may delete games for good: only the host (the serving device, or
        the app without a server). A joined phone's delete goes to the trash, where the host can
        restore it, so a phone at the table can never destroy a game."""
        return self.join.gate is None or self.join.host

    @command
    async def empty_trash(self) -> None:
        """Delete every deleted game for good (asked first, on home; the host only)."""
        if not self.can_empty_trash():
            self.tell(self.t("Only the host can remove deleted games for good"))
            return
        await written(lambda: self.store.empty_trash())
        self.deleted = None
        self.refresh_games()

    @command
    async def restore_game(self) -> None:
        """Take the deletion back."""
        summary = self.deleted
        if summary is None:
            return
        await written(lambda: self.store.restore_game(summary.id))
        self.deleted, self.notice = None, None
        self.refresh_games()
        if self.table.announce is not None:  # other phones list it again
            self.table.announce(summary.id, -1)
