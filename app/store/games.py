"""The store: one :class:`Store` per data folder, its locks, its games, players, settings and drafts."""

from __future__ import annotations

import contextlib
import dataclasses
import datetime as dt
import json
import os
import stat
import threading
import uuid
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import filelock
from tinydb.table import Table

from scoring import (
    Game,
    ScoringError,
    game_from_record,
    game_to_record,
    looks_alike,
    name_key,
    tidy_name,
    verify_new_name,
)

from . import clock
from .archive import GameFiles
from .atomic import (
    AtomicJSONStorage,
    TinyDBFile,
    dump_json,
    move_aside,
    parse_json,
    read_regular,
    sweep_temp_files,
    write_atomically,
)
from .errors import (
    DamagedFileError,
    FolderError,
    GameNotFoundError,
    StaleGameError,
    StoreError,
    StoreWarning,
    folder_error,
)
from .schema import (
    MIGRATIONS,
    SCHEMA_VERSION,
    GameStatus,
    GameSummary,
    StoredGame,
    check_full,
    check_live,
    empty_live,
    game_doc,
    is_game_id,
    iso,
    parse_time,
    schema_of,
    seq_of,
    stored_game,
    summarize,
    ticks_of,
    utc_now,
)
from .transfer import (
    Checked,
    ImportReport,
    checked_records,
    export_record,
    goes_on,
    same_game,
    suffixed_id,
)

__all__ = ["Store", "data_folder"]

LIVE_NAME = "block24.json"
ARCHIVE_DIR = "archive"
TRASH_DIR = "trash"
DRAFTS_DIR = "drafts"
LOCK_NAME = "block24.lock"
LOCK_TIMEOUT = 60.0
APP_NAME = "block24"
TRASH_DAYS = 30
"""A deleted game stays in the trash this many days (it can be restored), then it is gone for good.
Days the pad itself counted (:meth:`Store._pad_seconds`), never a wall clock that jumped ahead."""
PAD_CLOCK = "pad_clock"
"""The setting that keeps the time the pad has counted: seconds, and the readings it counted to."""
TRASH_MARKS = "trash_marks"
"""The setting that keeps, per deleted game, its place in the order of deletions and the pad's
counted seconds when it was deleted."""
MAX_GAP_S = 86_400.0
"""What a gap between two boots of the machine counts at most (only the wall clock measures it,
and a wall clock can be set a month ahead): a day."""
MAX_DRAFT_BYTES = 64 * 1024
"""A draft is a few hundred bytes (one round's taps); a bigger file is damaged, never read whole."""


def data_folder(folder: str | os.PathLike[str] | None = None) -> Path:
    """The data folder: ``folder``, else ``$BLOCK24_DATA``, else ``$FLET_APP_STORAGE_DATA``
    (Flet's phone builds), else the user data folder (platformdirs)."""
    if folder is None:
        folder = os.environ.get("BLOCK24_DATA") or os.environ.get("FLET_APP_STORAGE_DATA")
    if not folder:
        import platformdirs  # only needed when no folder is given

        folder = platformdirs.user_data_dir(APP_NAME, appauthor=False)
    return Path(folder).expanduser().absolute()


# -- the store ---------------------------------------------------------------------------

_STORES: dict[Path, Store] = {}
_STORES_LOCK = threading.Lock()


class Store:
    """The games, known players and settings in one data folder.

    Get it with :meth:`Store.open`; every method is safe to call from several
    threads and while other processes use the same folder. Every write
    returns only after its data is on disk.
    """

    folder: Path
    """The data folder."""

    warnings: list[StoreWarning]
    """Messages for the user about damaged files found (and set aside) since the store opened."""

    def __init__(self, folder: Path) -> None:
        """Use :meth:`Store.open`."""
        self.folder = folder
        self.warnings = []
        self._closed = False
        self._lock = threading.RLock()
        self._flock = filelock.FileLock(folder / LOCK_NAME, timeout=LOCK_TIMEOUT, thread_local=False)
        self._live_path = folder / LIVE_NAME
        self._archive = GameFiles(folder / ARCHIVE_DIR, self.warnings, what="finished", finished_only=True)
        self._trash = GameFiles(folder / TRASH_DIR, self.warnings, what="deleted", finished_only=False)
        self._db = TinyDBFile(self._live_path, storage=AtomicJSONStorage, check=check_live)
        self._storage: AtomicJSONStorage = self._db.storage  # type: ignore[assignment]
        self._games = self._db.table("games", cache_size=0)
        self._players = self._db.table("players", cache_size=0)
        self._settings = self._db.table("settings", cache_size=0)
        # game id → StoredGame of its live document, checked by version and time
        self._parsed: dict[str, StoredGame] = {}
        self.listed = 0
        """How many index entries listing the games walked so far (every stored game's, once a
        listing): tests count them, a return home must walk the list once."""

    # -- opening ---------------------------------------------------------------

    @classmethod
    def open(cls, folder: str | os.PathLike[str] | None = None) -> Store:
        """The store in ``folder`` (see :func:`data_folder`), opened once per process.

        Creates the folder when needed, sweeps temporary files left by a crash,
        moves damaged files aside (see :attr:`warnings`), upgrades an older
        schema and tidies games a crash left half-moved. Raises
        :class:`StoreError` when the folder cannot be used.
        """
        path = data_folder(folder)
        with _STORES_LOCK:
            store = _STORES.get(path)
            if store is None:
                store = cls(path)
                store._start()
                _STORES[path] = store
            return store

    def close(self) -> None:
        """Forget this store (the next :meth:`open` of its folder reads the files again)."""
        with _STORES_LOCK, self._lock:
            if _STORES.get(self.folder) is self:
                del _STORES[self.folder]
            self._closed = True
            self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _start(self) -> None:
        try:
            self.folder.mkdir(parents=True, exist_ok=True)  # the first run
        except OSError as error:
            raise folder_error(error, self.folder) from None
        with contextlib.suppress(OSError):  # a read-only folder is still read
            self._archive.folder.mkdir(exist_ok=True)
        with self._locked(write=False) as can_write:
            if can_write:
                for sub in (self._archive.folder, self._trash.folder, self.folder / DRAFTS_DIR):
                    self._own_subfolder(sub)
                sweep_temp_files(self.folder)
                self._archive.sweep()
                self._trash.sweep()
                sweep_temp_files(self.folder / DRAFTS_DIR)
            self._recover_live()
            # Match the indexes with the files: only a file changed since its entry is read (a
            # damaged one moved aside), so a start does not grow with the archive.
            self._archive.check()
            self._trash.check()
            if can_write:
                self._tidy_or_warn()
        if can_write and self._trash.ids():  # (the pad counts its time while the trash holds games)
            with contextlib.suppress(OSError):  # emptied at the next start instead
                self._purge_trash()

    def _own_subfolder(self, path: Path) -> None:
        """``path`` (the archive, the trash, the drafts) is a folder of the store's own, or nothing.

        A link planted in its place would lead every finished game, deleted game or draft
        outside the data folder, and games found there would be read as the store's: the link
        (or whatever else is there) is moved aside, renamed itself, never what it leads to.
        """
        try:
            mode = os.lstat(path).st_mode
        except OSError:  # none yet: made when first needed
            return
        if stat.S_ISDIR(mode):
            return
        what = "a link" if stat.S_ISLNK(mode) else "not a folder"
        try:
            moved = move_aside(path)
        except OSError as error:
            raise folder_error(error, self.folder) from None
        self.warnings.append(StoreWarning(f"{path} was {what}, not a folder of the data folder's own; it was "
                                          f"moved to {moved} and a new folder is used.", "folder_replaced"))

    def _recover_live(self) -> None:
        """Read the live file at open: migrate it, or move it aside and fall back to the backup."""
        path = self._live_path
        backup = self._storage.backup
        assert backup is not None
        unreadable: DamagedFileError | None = None
        try:
            # never a pipe (it would hang), never a link (it leads outside the data folder)
            raw: bytes | None = read_regular(path)[0]
        except FileNotFoundError:
            raw = None
        except DamagedFileError as error:
            raw, unreadable = b"", error
        if raw is None:
            if backup.exists():
                data = self._good_backup(backup)
                if data is not None:
                    self._storage._write(data)
                    self.warnings.append(StoreWarning(
                        f"The data file {path} was missing; the backup {backup} was used.", "live_missing"))
            return
        try:
            if unreadable is not None:
                raise unreadable
            data = self._readable(raw, path)
        except DamagedFileError as error:
            moved = move_aside(path)
            data = self._good_backup(backup) if backup.exists() else None
            line = f"The data file could not be read ({error.reason}); it was moved to {moved} and "
            if data is not None:
                then = dt.datetime.fromtimestamp(backup.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
                line += f"the backup from {then} is used (changes after it are missing)."
                warning = StoreWarning(line, "live_damaged", then=then)
            else:
                data = empty_live()
                warning = StoreWarning(line + "an empty store is used.", "live_damaged_no_backup")
            self.warnings.append(warning)
            self._storage._write(data)
        self._leave_out_crafted_keys(data)

    def _leave_out_crafted_keys(self, data: dict[str, Any]) -> None:
        """Games under a key that is no game id (a hand-edited file) are left out: a path is never
        built from such a key (``../../x`` wrote outside the data folder). The file as it was is
        kept aside; a read-only folder keeps it where it is (the keys are skipped when read)."""
        bad = [key for key in data.get("games", {}) if not is_game_id(key)]
        if not bad:
            return
        keys = ", ".join(repr(key) for key in bad[:3]) + (" …" if len(bad) > 3 else "")
        try:
            moved = move_aside(self._live_path)
        except OSError:
            self.warnings.append(StoreWarning(f"The data file holds games under names that are no game ids "
                                              f"({keys}); they are left out.", "foreign_keys"))
            return
        for key in bad:
            del data["games"][key]
        self._storage._write(data)
        self.warnings.append(StoreWarning(
            f"The data file held games under names that are no game ids ({keys}); they were left out, "
            f"and the file as it was is kept as {moved}.", "foreign_keys"))

    def _readable(self, raw: bytes, path: Path) -> dict[str, Any]:
        """The live data in ``raw``, migrated to the current schema (written back when it was)."""
        data = parse_json(raw, path)
        version = schema_of(data, path)
        if version > SCHEMA_VERSION:
            raise DamagedFileError(path, f"schema {version} is newer than this Block 24 ({SCHEMA_VERSION})")
        if version < SCHEMA_VERSION:
            old = path.with_name(f"{path.name}.v{version}")
            try:
                while version < SCHEMA_VERSION:
                    data = MIGRATIONS[version](data)
                    version += 1
            except (KeyError, ValueError, TypeError, AttributeError) as error:
                raise DamagedFileError(path, f"schema {version} cannot be upgraded ({error})") from None
            check_full(data, path)
            if not old.exists():
                write_atomically(old, raw)
            self._storage._write(data)
            return data
        check_full(data, path)
        return data

    def _good_backup(self, backup: Path) -> dict[str, Any] | None:
        """The backup's data when it is good; a damaged backup is moved aside (``None``)."""
        try:
            return self._readable(read_regular(backup)[0], backup)  # (a link is no backup)
        except FileNotFoundError:
            return None
        except DamagedFileError as error:
            moved = move_aside(backup)
            self.warnings.append(StoreWarning(
                f"The backup could not be read either ({error.reason}); it was moved to {moved}.",
                "backup_damaged"))
            return None

    # -- locking and transactions --------------------------------------------------

    @contextlib.contextmanager
    def _locked(self, write: bool = True) -> Iterator[bool]:
        """Hold the thread lock and the file lock; every OS error becomes a :class:`FolderError`.

        A read (``write=False``) goes on without the file lock when the lock
        file cannot be opened (a read-only folder): every file is replaced
        atomically, so a read still sees whole files. It yields whether the
        file lock is held (whether writing is possible).
        """
        with self._lock:
            if self._closed:
                raise StoreError(f"the store in {self.folder} is closed", code="store_closed")
            if not self.folder.is_dir():  # filelock would recreate it, empty
                raise FolderError(
                    "folder_missing", self.folder, "the data folder is gone (deleted or unmounted)"
                )
            held = True
            try:
                self._acquire()
            except filelock.Timeout:
                raise FolderError(
                    "folder_locked",
                    self.folder,
                    f"the data folder stayed locked by another program for {LOCK_TIMEOUT:.0f} s",
                    seconds=int(LOCK_TIMEOUT),
                ) from None
            except OSError as error:
                if write:
                    raise FolderError(
                        "lock_unopenable",
                        self.folder,
                        f"the lock file {LOCK_NAME} cannot be opened "
                        f"({error.strerror or type(error).__name__}); nothing can be saved",
                        reason=error.strerror or type(error).__name__,
                    ) from None
                held = False
            try:
                yield held
            except OSError as error:
                raise folder_error(error, self.folder) from error
            finally:
                if held:
                    self._flock.release()

    def _acquire(self) -> None:
        """Take the file lock; wait for another program only while the lock file can be opened.

        filelock takes any failure to open the lock file for another program's lock and waits
        :data:`LOCK_TIMEOUT` for it (``--data /proc/self``: a minute before any answer): when the
        lock is not free at once, the file is opened here first, and an error is said at once.
        """
        try:
            self._flock.acquire(timeout=0)
            return
        except filelock.Timeout:
            pass
        os.close(os.open(self.folder / LOCK_NAME, os.O_RDWR | os.O_CREAT, 0o644))  # OSError: unopenable
        self._flock.acquire()

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        """A write: re-read the live file under the locks, change it, write it once, tidy."""
        with self._locked():
            self._storage.begin(empty_live)
            try:
                yield
            except BaseException:
                self._storage.rollback()
                raise
            self._storage.commit()
            self._tidy_or_warn()

    def _tidy_or_warn(self) -> None:
        """:meth:`_tidy`; when the disk refuses, the games stay where they are (safe) with a warning."""
        try:
            self._tidy()
        except OSError as error:
            message = StoreWarning(f"Could not move finished games to the archive: {error.strerror or error}",
                                   "archive_refused")
            if message not in self.warnings:
                self.warnings.append(message)

    # -- reading games -----------------------------------------------------------------

    def _live_game(self, game_id: str) -> StoredGame | None:
        doc = self._games.get(doc_id=game_id)
        if doc is None:
            return None
        cached = self._parsed.get(game_id)
        if (
            cached is not None
            and cached.version == doc.get("version")
            and iso(cached.updated) == doc.get("updated")
        ):
            return cached
        stored = stored_game(game_id, doc, self._live_path)
        self._parsed[game_id] = stored
        return stored

    @staticmethod
    def _newer(a: StoredGame | None, b: StoredGame | None) -> StoredGame | None:
        """Of a live copy ``a`` and an archived copy ``b``: the higher version (``b`` on a tie)."""
        if a is None or (b is not None and b.version >= a.version):
            return b
        return a

    @staticmethod
    def _unless_deleted(stored: StoredGame | None, deleted: StoredGame | None) -> StoredGame | None:
        """A game whose trash copy is as new or newer is deleted (a crash may leave both)."""
        if stored is None or (deleted is not None and deleted.version >= stored.version):
            return None
        return stored

    def _live_ids(self) -> list[str]:
        """The ids of the games in the live file (a key that is no id is no game: never a path)."""
        return [game_id for game_id in (str(doc.doc_id) for doc in self._games) if is_game_id(game_id)]

    def _find(self, game_id: str) -> StoredGame | None:
        if not is_game_id(game_id):  # every way in (command line, route, import) comes here
            return None
        found = self._newer(self._live_game(game_id), self._archive.get(game_id))
        return self._unless_deleted(found, self._trash.get(game_id))

    def _all(self) -> dict[str, StoredGame]:
        games = self._archive.all()
        for game_id in self._live_ids():
            games[game_id] = self._newer(self._live_game(game_id), games.get(game_id))  # type: ignore[assignment]
        for game_id, deleted in self._trash.entries().items():
            if games.get(game_id) is not None and deleted.version >= games[game_id].version:
                games.pop(game_id, None)
        return games

    def _listed(self) -> list[tuple[tuple[int, dt.datetime], str, GameStatus]]:
        """Every stored game as (its order, id, status), newest first, from the live file and the
        indexes: no archived game is read. The same copies win as in :meth:`_all`.

        The order is the store's sequence (:attr:`StoredGame.seq`), then the date: a game
        played while the clock said yesterday, or next year, is listed where it was played."""
        facts = {game_id: (entry.version, entry.order, GameStatus.FINISHED)
                 for game_id, entry in self._archive.entries().items()}
        for game_id in self._live_ids():
            live = self._live_game(game_id)
            if live is not None and (game_id not in facts or live.version > facts[game_id][0]):
                facts[game_id] = (live.version, (live.seq, live.created), live.status)
        for game_id, deleted in self._trash.entries().items():
            if game_id in facts and deleted.version >= facts[game_id][0]:
                del facts[game_id]
        listed = [(order, game_id, status) for game_id, (_, order, status) in facts.items()]
        listed.sort(reverse=True)
        self.listed += len(listed)
        return listed

    def _next_seq(self) -> int:
        """The ``seq`` of a game made now: after every stored game's, the deleted ones' too (a
        restored game keeps its place). Under the file lock, so two processes never share one."""
        seqs = [entry.seq for entry in self._archive.entries().values()]
        seqs += [entry.seq for entry in self._trash.entries().values()]
        seqs += [live.seq for live in map(self._live_game, self._live_ids()) if live is not None]
        return max(seqs, default=0) + 1

    def _tidy(self) -> None:
        """Move finished games from the live file to the archive; drop copies made stale by a crash.

        Runs under the lock after every write and at open. Order: the archive
        file is written before the game leaves the live file, so a crash
        leaves two copies, never none.
        """
        leave: set[str] = set()
        to_archive: list[tuple[StoredGame, dict[str, Any]]] = []
        for game_id, deleted in list(self._trash.entries().items()):  # unlink changes it
            kept = self._newer(self._live_game(game_id), self._archive.get(game_id))
            if kept is None:
                continue
            if kept.version > deleted.version:  # a restore was cut short: the restored copy wins
                self._trash.unlink(game_id)
                continue
            if self._archive.get(game_id) is not None:  # a delete was cut short: finish it
                self._archive.unlink(game_id)
            if self._games.contains(doc_id=game_id):
                leave.add(game_id)
        for doc in list(self._games):
            game_id = str(doc.doc_id)
            if game_id in leave or not is_game_id(game_id):
                continue
            live = self._live_game(game_id)
            archived = self._archive.get(game_id)
            if live is None:
                continue
            if archived is not None and archived.version >= live.version:
                leave.add(game_id)
            elif live.finished is not None:
                to_archive.append((live, doc))
            elif archived is not None:
                self._archive.unlink(game_id)
        self._archive.write_many(to_archive)  # on disk before they leave the live file
        leave.update(stored.id for stored, _ in to_archive)
        if leave:
            self._storage.begin(empty_live)
            try:
                for game_id in leave:
                    self._storage.put("games", game_id, None)
            except BaseException:
                self._storage.rollback()
                raise
            self._storage.commit()
            for game_id in leave:
                self._parsed.pop(game_id, None)

    def _version_after_trash(self, game_id: str, version: int) -> int:
        """``version``, raised above a deleted copy of ``game_id`` (which would hide it)."""
        deleted = self._trash.get(game_id)
        return version if deleted is None else max(version, deleted.version + 1)

    def _put(self, table: Table, key: str, doc: dict[str, Any]) -> None:
        self._storage.put(table.name, key, doc)

    # -- games ---------------------------------------------------------------------

    def create_game(self, game: Game) -> str:
        """Store a new game; return its id. Its players are remembered as known players.

        Its names are new names (R1, docs/RULES.md): the engine's limits for them are asked here as
        in the form, a rename and an import (:class:`scoring.PlayersError`, nothing stored). A game
        stored before those limits keeps its names: :meth:`save_game` does not ask.
        """
        _check_game(game)
        for seat, name in enumerate(game.players, start=1):
            verify_new_name(name, seat, game.book, game.players[:seat - 1])
        now, steady = iso(utc_now()), clock.tick()
        with self._transaction():
            game_id = uuid.uuid4().hex[:12]
            while self._find(game_id) or self._trash.get(game_id):  # pragma: no cover - 48 random bits
                game_id = uuid.uuid4().hex[:12]
            doc = game_doc(game, 1, now, None, now, seq=self._next_seq(), ticks=(steady, steady))
            self._put(self._games, game_id, doc)
            self._remember(game.players, now)
        return game_id

    def save_game(self, game_id: str, game: Game, expected_version: int | None = None) -> int:
        """Store ``game`` as the new state of ``game_id``; return its new version.

        Returns after the data is on disk. ``expected_version`` is the version
        the change was made to (from :meth:`load_game` or the last save): when
        the game was saved elsewhere since, :class:`StaleGameError` is raised
        and nothing changes. Raises :class:`GameNotFoundError` for an unknown id.
        """
        _check_game(game)
        with self._transaction():
            current = self._find(game_id)
            if current is None:
                raise GameNotFoundError(game_id)
            if expected_version is not None and current.version != expected_version:
                raise StaleGameError(game_id, current.version, expected_version)
            version = current.version + 1
            finished = iso(current.finished) if current.finished else None
            doc = game_doc(game, version, iso(current.created), finished, iso(utc_now()),
                           seq=current.seq, ticks=(current.ticks[0], clock.tick()))
            self._put(self._games, game_id, doc)
        return version

    def keep_copy(self, game_id: str, game: Game, version: int) -> bool:
        """Store the host's ``version`` of ``game_id`` as it is (a phone at a table with no computer,
        ``app/peers.py``: the host's engine decided it). An older version than the one stored is
        not kept (it arrived late); returns whether it was kept."""
        _check_game(game)
        if not is_game_id(game_id):
            raise GameNotFoundError(game_id)
        now, steady = iso(utc_now()), clock.tick()
        with self._transaction():
            current = self._find(game_id)
            if current is not None and current.version >= version:
                return False
            if current is None:
                doc = game_doc(game, version, now, None, now, seq=self._next_seq(), ticks=(steady, steady))
            else:
                doc = game_doc(game, version, iso(current.created),
                               iso(current.finished) if current.finished else None, now,
                               seq=current.seq, ticks=(current.ticks[0], steady))
            self._put(self._games, game_id, doc)
        return True

    def load_game(self, game_id: str) -> StoredGame:
        """The stored game ``game_id``; raises :class:`GameNotFoundError`."""
        with self._locked(write=False):
            stored = self._find(game_id)
        if stored is None:
            raise GameNotFoundError(game_id)
        return stored

    def list_games(
        self, status: GameStatus | None = None, limit: int | None = None, at: str | None = None
    ) -> list[GameSummary]:
        """The stored games (of ``status``), newest first in the store's order (see
        :meth:`games`); the first ``limit`` of them. Only the games listed are read
        (home shows a page)."""
        return [summarize(s) for s in self.games(status, limit, at)]

    def games(
        self, status: GameStatus | None = None, limit: int | None = None, at: str | None = None,
        newer: int = 0,
    ) -> list[StoredGame]:
        """The stored games (of ``status``) in the order the store made them, newest first (the
        wall clock's dates do not order them: :attr:`StoredGame.seq`); the first ``limit``.

        ``at``: the list starts at this game (it, then the games made before it: ``limit`` of
        them), or with ``newer`` at up to that many games made after it; ``[]`` when it is not
        stored or not of ``status``."""
        with self._locked(write=False):
            listed = [game_id for _, game_id, of in self._listed() if status is None or of is status]
            if at is not None:
                if at not in listed:
                    return []
                place = listed.index(at)
                listed = listed[max(0, place - newer):place + limit if limit is not None else None]
                limit = None
            found = (self._find(game_id) for game_id in listed[:limit])
            return [s for s in found if s is not None]

    def pages(self, limits: Mapping[GameStatus, int]) -> dict[GameStatus, tuple[list[GameSummary], int]]:
        """Home's lists from one listing of the store: for each status in ``limits``, its newest
        games (as many as the limit, in :meth:`games`' order) and how many it has in all. Only
        the games listed are read; the listing itself costs what the index holds, once a visit."""
        with self._locked(write=False):
            listed = self._listed()
            pages = {}
            for status, limit in limits.items():
                ids = [game_id for _, game_id, of in listed if of is status]
                found = (self._find(game_id) for game_id in ids[:limit])
                pages[status] = ([summarize(s) for s in found if s is not None], len(ids))
            return pages

    def count_games(self, status: GameStatus | None = None) -> int:
        """How many games :meth:`list_games` would list without a limit (none is read)."""
        with self._locked(write=False):
            return sum(status is None or of is status for _, _, of in self._listed())

    def delete_game(self, game_id: str) -> None:
        """Delete game ``game_id``: gone from every list, statistic and export, but recoverable.

        The game moves to ``trash/<id>.json`` with its version raised (written
        before it leaves the live file and the archive, so a crash leaves it
        deleted or not, never lost); :meth:`restore_game` brings it back.
        Raises :class:`GameNotFoundError`.
        """
        with self._transaction():
            stored = self._find(game_id)
            if stored is None:
                raise GameNotFoundError(game_id)
            now = iso(utc_now())
            doc = game_doc(
                stored.game,
                stored.version + 1,
                iso(stored.created),
                iso(stored.finished) if stored.finished else None,
                iso(stored.updated),
                seq=stored.seq,
                ticks=stored.ticks,
            )
            marks = self._trash_marks()
            order = max((seq for seq, _ in marks.values()), default=0) + 1
            kept = {i: [seq, when] for i, (seq, when) in marks.items()}
            self._put(self._settings, TRASH_MARKS, {"value": {**kept, game_id: [order, self._pad_seconds()]}})
            self._trash.write(dataclasses.replace(stored, version=stored.version + 1), doc, deleted=now)
            if self._games.contains(doc_id=game_id):
                self._games.remove(doc_ids=[game_id])
            self._parsed.pop(game_id, None)
            self._archive.unlink(game_id)

    def restore_game(self, game_id: str) -> None:
        """Bring back a game :meth:`delete_game` deleted; raises :class:`GameNotFoundError`."""
        with self._transaction():
            deleted = self._trash.get(game_id) if is_game_id(game_id) else None
            if deleted is None:
                raise GameNotFoundError(game_id)
            current = self._newer(self._live_game(game_id), self._archive.get(game_id))
            version = max(deleted.version, current.version if current else 0) + 1
            doc = game_doc(
                deleted.game,
                version,
                iso(deleted.created),
                iso(deleted.finished) if deleted.finished else None,
                iso(deleted.updated),
                seq=deleted.seq,
                ticks=deleted.ticks,
            )
            self._put(self._games, game_id, doc)  # the higher version: the trash copy is stale now
        with self._locked(), contextlib.suppress(OSError):
            self._trash.unlink(game_id)

    def deleted_games(self) -> list[GameSummary]:
        """The deleted games that :meth:`restore_game` can bring back, the most recently deleted
        first (the order of deletions the store keeps, not the dates: a clock may have been set
        back), each with the time it was deleted (its trash file's, written then and never again)."""
        with self._locked(write=False):
            marks = self._trash_marks()
            games = [(self._deleted_at(s.id), s) for s in self._trash.all().values()]  # a few: a tap each
        unmarked = max((seq for seq, _ in marks.values()), default=0) + 1  # (deleted by an older store)
        games.sort(key=lambda d: (marks.get(d[1].id, (unmarked, 0.0))[0], d[0], d[1].id), reverse=True)
        return [dataclasses.replace(summarize(s), deleted=when) for when, s in games]

    # -- the pad's own time ----------------------------------------------------------------

    def _pad_seconds(self) -> float:
        """The time the pad has counted so far, in seconds; in a transaction (it keeps the count).

        Counted by the steady clock (:mod:`app.store.clock`) from the last reading: within one
        boot of the machine that is the time that passed, whatever the wall clock says. Across
        boots only the wall clock can tell; it counts at most :data:`MAX_GAP_S` (a clock set a
        month ahead for one start adds a day, not a month) and never less than nothing.
        """
        kept = self._settings.get(doc_id=PAD_CLOCK)
        kept = kept.get("value") if isinstance(kept, Mapping) else None
        wall, tick = clock.wall(), clock.tick()
        counted = 0.0
        if isinstance(kept, Mapping) and type(kept.get("counted")) in (int, float) \
                and 0 <= kept["counted"] < 1e12:
            counted = float(kept["counted"])
            then = clock.Tick.from_json(kept.get("tick"))
            if then is not None and then.boot == tick.boot:
                counted += max(0.0, tick.seconds - then.seconds)
            else:
                try:
                    gap = (wall - dt.datetime.fromisoformat(kept["wall"])).total_seconds()
                except (KeyError, TypeError, ValueError):
                    gap = 0.0
                counted += min(MAX_GAP_S, max(0.0, gap))
        self._put(self._settings, PAD_CLOCK, {"value": {
            "counted": round(counted, 3), "tick": tick.to_json(), "wall": iso(wall)}})
        return counted

    def _trash_marks(self) -> dict[str, tuple[int, float]]:
        """Each deleted game's place in the order of deletions and the pad's seconds then."""
        doc = self._settings.get(doc_id=TRASH_MARKS)
        kept = doc.get("value") if isinstance(doc, Mapping) else None
        if not isinstance(kept, Mapping):
            return {}
        return {game_id: (mark[0], float(mark[1])) for game_id, mark in kept.items()
                if is_game_id(game_id) and isinstance(mark, list | tuple) and len(mark) == 2
                and type(mark[0]) is int and type(mark[1]) in (int, float)}

    def _purge_trash(self) -> int:
        """Delete for good the games the pad has counted :data:`TRASH_DAYS` days in the trash.

        A deleted game without a mark (deleted by an older store) is marked now: it stays
        :data:`TRASH_DAYS` more days. Returns how many went.
        """
        with self._transaction():
            now = self._pad_seconds()
            marks = self._trash_marks()
            ids = self._trash.ids()
            order = max((seq for seq, _ in marks.values()), default=0)
            kept: dict[str, list[Any]] = {}
            old: list[str] = []
            for game_id in sorted(ids, key=lambda i: (i not in marks, marks.get(i, (0, 0.0)), i)):
                if game_id not in marks:
                    order += 1
                    marks[game_id] = (order, now)
                seq, when = marks[game_id]
                if now - when >= TRASH_DAYS * 86_400:
                    old.append(game_id)
                else:
                    kept[game_id] = [seq, when]
            self._put(self._settings, TRASH_MARKS, {"value": kept})
        gone = 0
        with self._locked():
            for game_id in old:
                # a delete cut short leaves a live or archived copy too: the trash copy keeps it deleted
                if self._live_game(game_id) is None and self._archive.get(game_id) is None:
                    self._trash.unlink(game_id)
                    gone += 1
        return gone

    def _deleted_at(self, game_id: str) -> dt.datetime:
        try:
            return dt.datetime.fromtimestamp(os.stat(self._trash.path(game_id)).st_mtime, dt.UTC)
        except FileNotFoundError:
            return utc_now()

    def empty_trash(self, before: dt.datetime | None = None) -> int:
        """Delete for good the games deleted before ``before`` (``None``: every deleted game);
        returns how many. :meth:`restore_game` cannot bring them back."""
        with self._locked():
            return self._empty_trash(before)

    def _empty_trash(self, before: dt.datetime | None) -> int:
        gone = 0
        for game_id in sorted(self._trash.ids()):
            if before is not None and self._deleted_at(game_id) >= before:
                continue
            # a delete cut short leaves a live or archived copy too: the trash copy keeps it deleted
            if self._live_game(game_id) is None and self._archive.get(game_id) is None:
                self._trash.unlink(game_id)
                gone += 1
        return gone

    # -- players and settings -----------------------------------------------------------

    def known_players(self) -> list[str]:
        """Names of players seen before, the most recently used first (for quick setup)."""
        with self._locked(write=False):
            docs = list(self._players)
        docs.sort(key=lambda d: d["name"].casefold())
        recent = sorted((d for d in docs if d.get("last_used")), key=lambda d: d["last_used"], reverse=True)
        never = [d for d in docs if not d.get("last_used")]
        return [d["name"] for d in recent + never]

    def remember_players(self, names: Iterable[str]) -> None:
        """Add ``names`` to the known players (or mark them used now); blank names are skipped."""
        names = [n for n in names if isinstance(n, str) and n.strip()]
        with self._transaction():
            self._remember(names, iso(utc_now()))

    def _remember(self, names: Iterable[str], when: str) -> None:
        for name in names:
            self._put(self._players, name_key(name), {"name": name.strip(), "last_used": when})

    def rename_player(self, old: str, new: str) -> tuple[str, ...]:
        """Rename ``old`` to ``new`` in every stored game and in the known players; return the ids.

        Names are matched as R1 compares them (:func:`scoring.name_key`). When
        ``new`` is already a known player this **merges** the two (the same
        person under two names). Refused with :class:`StoreError`, changing
        nothing, when ``new`` is empty or too long, or when a game has both
        names at its table (R1: names are unique in a game).

        Crash safety: every renamed game, archived or not, is written to the
        live file with its version raised, together with the known players, in
        **one** atomic write; only then are finished games copied back to the
        archive (the higher version wins on reading, as after any save). A
        crash leaves either no game renamed or all of them, never half a game.
        """
        new = tidy_name(new) if isinstance(new, str) else new
        if not isinstance(new, str) or not new:
            raise StoreError("the new name is empty", code="name_empty")
        if not isinstance(old, str) or not name_key(old):
            raise StoreError("the name to rename is empty", code="name_empty")
        old_key, new_key = name_key(old), name_key(new)
        now = iso(utc_now())
        renamed: list[str] = []
        with self._transaction():
            changes: list[tuple[str, dict[str, Any]]] = []
            for game_id, stored in sorted(self._all().items()):
                players = stored.game.players
                if not any(name_key(p) == old_key for p in players):
                    continue
                _verify_new_name(new, stored.game)  # what the name holds first, then who it is like
                alike = next((p for p in players if name_key(p) != old_key and looks_alike(new, p)), None)
                if alike is not None:  # (Unicode TS #39: "Аnna" beside "Anna")
                    raise StoreError(f"game {game_id}: {new} looks like {alike}, who plays in it",
                                     game_id=game_id, code="names_look_alike", name=new, other=alike)
                if old_key != new_key and any(name_key(p) == new_key for p in players):
                    raise StoreError(
                        f"game {game_id}: {new} already plays in it beside {old}; "
                        "two names at one table are two players",
                        game_id=game_id,
                        code="names_at_one_table",
                        name=new,
                        other=old,
                    )
                game = _renamed(stored.game, old_key, new)
                if same_game(game, stored.game):
                    continue
                finished = iso(stored.finished) if stored.finished else None
                doc = game_doc(game, stored.version + 1, iso(stored.created), finished, now,
                               seq=stored.seq, ticks=(stored.ticks[0], clock.tick()))
                changes.append((game_id, doc))
            for game_id, doc in changes:
                self._put(self._games, game_id, doc)
                renamed.append(game_id)
            docs = {str(d.doc_id): dict(d) for d in self._players}
            used = [d.get("last_used") for k, d in docs.items() if k in (old_key, new_key)]
            used = [u for u in used if u]
            if old_key in docs or renamed:
                if old_key in docs:
                    self._players.remove(doc_ids=[old_key])
                self._put(self._players, new_key, {"name": new, "last_used": max(used) if used else None})
        return tuple(renamed)

    def merge_players(self, name: str, into: str) -> tuple[str, ...]:
        """``name`` and ``into`` are the same person: every game of ``name`` now says ``into``.

        The same as :meth:`rename_player` (refused when both sat at one game).
        """
        return self.rename_player(name, into)

    def get_setting(self, key: str, default: Any = None) -> Any:
        """The app setting ``key`` (``"language"``, ``"theme"``, …), else ``default``."""
        with self._locked(write=False):
            doc = self._settings.get(doc_id=key)
        return default if doc is None else doc["value"]

    def set_setting(self, key: str, value: Any) -> None:
        """Store the app setting ``key``; ``value`` must be JSON (str, number, bool, None, list, dict)."""
        if not isinstance(key, str) or not key:
            raise StoreError(f"a setting needs a name, not {key!r}", code="setting_invalid", key=str(key))
        try:
            value = json.loads(json.dumps(value))
        except (TypeError, ValueError) as error:
            raise StoreError(
                f"the setting {key!r} cannot be stored: {error}", code="setting_invalid", key=key
            ) from None
        with self._transaction():
            self._put(self._settings, key, {"value": value})

    # -- the round being entered -------------------------------------------------------

    def _draft_path(self, game_id: str) -> Path:
        if not is_game_id(game_id):
            raise GameNotFoundError(str(game_id))
        return self.folder / DRAFTS_DIR / f"{game_id}.json"

    def save_draft(self, game_id: str, draft: Mapping[str, Any] | None) -> None:
        """Keep the taps of the round being entered in game ``game_id`` (``None`` forgets them).

        A draft is not a round (no score depends on it): it lives in a small file
        of its own, written atomically but without fsync and outside the lock,
        so a tap costs well under a millisecond. A power cut may cost the last
        taps of an unfinished round, never a recorded round.
        """
        path = self._draft_path(game_id)
        if not self.folder.is_dir():
            raise FolderError("folder_missing", self.folder, "the data folder is gone (deleted or unmounted)")
        try:
            if draft is None:
                with contextlib.suppress(FileNotFoundError):
                    path.unlink()
                return
            path.parent.mkdir(exist_ok=True)
            write_atomically(path, dump_json(dict(draft)), durable=False)
        except OSError as error:
            raise folder_error(error, self.folder) from None

    def load_draft(self, game_id: str) -> dict[str, Any] | None:
        """The draft :meth:`save_draft` kept for ``game_id``, or ``None`` when there is none.

        A draft that cannot be read in any way (too big, not UTF-8, not JSON, a
        number too big for a float, nested too deep, not an object) is set aside
        (:meth:`set_aside_draft`) and :class:`DamagedFileError` raised: a draft is
        a convenience, the game opens at its last confirmed round.
        """
        path = self._draft_path(game_id)
        try:
            raw = read_regular(path, MAX_DRAFT_BYTES + 1)[0]  # a pipe would hang the start
        except (OSError, DamagedFileError):  # none, or no file (a folder, a pipe, a link): unused
            return None
        try:
            if len(raw) > MAX_DRAFT_BYTES:
                raise ValueError(f"more than {MAX_DRAFT_BYTES} bytes")
            data = json.loads(raw)
            if not isinstance(data, dict):
                raise ValueError("not a JSON object")
        except Exception as error:  # any damage at all (RecursionError, MemoryError…)
            self.set_aside_draft(game_id)
            raise DamagedFileError(path, f"{type(error).__name__}: {error}"[:200], game_id=game_id) from None
        return data

    def set_aside_draft(self, game_id: str) -> Path | None:
        """Move a draft that cannot be read aside (``<id>.json.damaged-<time>``, never overwritten).

        Returns where it went, or ``None`` when it is gone or the folder is read-only (it stays).
        """
        try:
            return move_aside(self._draft_path(game_id))
        except (OSError, GameNotFoundError):
            return None

    # -- export and import -------------------------------------------------------------

    def export_records(self, game_id: str | None = None) -> list[dict[str, Any]]:
        """Game records (docs/RULES.md) of one game or of all (oldest first, in the store's order),
        with extra keys.

        Extra keys: ``id``, ``created``, ``updated``, ``finished`` (ISO 8601
        UTC), ``version``, ``status`` and ``outcome`` (``winners``, ``reason``,
        ``score``, ``after_round``, or ``null``). ``python -m scoring replay``
        and :meth:`import_records` read them back.
        """
        if game_id is not None:
            games = [self.load_game(game_id)]
        else:
            with self._locked(write=False):
                games = sorted(self._all().values(), key=lambda s: s.order)
        return [export_record(s) for s in games]

    def import_records(self, records: Iterable[Mapping[str, Any]] | Mapping[str, Any]) -> ImportReport:
        """Store the games in ``records`` (one record or several): all of them, or none.

        Every record is checked by :mod:`scoring` before anything is written; the
        first bad one raises :class:`ImportRefusedError` naming the game and
        the round. A record's ``id`` is kept (else an id is derived from its
        content), so importing the same records twice changes nothing. A stored
        game with the same id is updated when the record carries it further
        (same rounds, then more); a different game under a taken id is added
        under ``<id>-<hash>``.
        """
        records = records if isinstance(records, Mapping) else list(records)
        return self.import_checked(checked_records(records))

    def import_checked(self, checked: Sequence[Checked]) -> ImportReport:
        """The write of :meth:`import_records`: games already checked (``transfer.checked_record``).

        One transaction under the locks, so an import lands whole or not at all
        and another session's write waits for it (or it for that write). The
        app checks a big backup in steps first, outside the locks, and then
        calls this.
        """
        added: list[str] = []
        updated: list[str] = []
        unchanged: list[str] = []
        now = iso(utc_now())
        with self._transaction():
            batch: dict[str, StoredGame] = {}
            # One listing of the archive and the trash instead of two stat calls per game: a new
            # game (most of a big import) is found nowhere without touching the disk.
            archived, deleted = self._archive.ids(), self._trash.ids()

            def find(game_id: str) -> StoredGame | None:
                if game_id in batch:
                    return batch[game_id]
                if game_id in archived or game_id in deleted or self._games.contains(doc_id=game_id):
                    return self._find(game_id)
                return None

            for game_id, game, record, extras in checked:
                stored = find(game_id)
                if stored is not None and goes_on(game, stored.game):
                    unchanged.append(game_id)  # the stored game already went further
                    continue
                if stored is not None and not same_game(stored.game, game):
                    if goes_on(stored.game, game):
                        doc = game_doc(
                            game,
                            stored.version + 1,
                            iso(stored.created),
                            iso(stored.finished) if stored.finished else None,
                            now,
                            record,
                            seq=stored.seq,
                            ticks=(stored.ticks[0], clock.tick()),
                        )
                        self._put(self._games, game_id, doc)
                        batch[game_id] = self._parsed[game_id] = _replayed(game_id, game, doc)
                        updated.append(game_id)
                        continue
                    game_id = suffixed_id(game_id, game)
                    stored = find(game_id)
                if stored is not None:
                    unchanged.append(game_id)
                    continue
                doc = game_doc(
                    game,
                    self._version_after_trash(game_id, extras.get("version", 1))
                    if game_id in deleted
                    else extras.get("version", 1),
                    extras.get("created", now),
                    extras.get("finished"),
                    extras.get("updated", now),
                    record,
                )
                self._put(self._games, game_id, doc)
                batch[game_id] = self._parsed[game_id] = _replayed(game_id, game, doc)
                self._remember(game.players, now)
                added.append(game_id)
        return ImportReport(tuple(added), tuple(updated), tuple(unchanged))


def _replayed(game_id: str, game: Game, doc: Mapping[str, Any]) -> StoredGame:
    """The :class:`StoredGame` of a document just made from ``game`` (no second replay)."""
    finished = doc["finished"]
    return StoredGame(
        id=game_id,
        game=game,
        version=doc["version"],
        created=parse_time(doc["created"], "created"),
        updated=parse_time(doc["updated"], "updated"),
        finished=None if finished is None else parse_time(finished, "finished"),
        seq=seq_of(doc),
        ticks=ticks_of(doc),
    )


def _check_game(game: object) -> None:
    if not isinstance(game, Game):
        raise TypeError(f"the store keeps scoring.Game values, not {type(game).__name__}")


def _verify_new_name(new: str, game: Game) -> None:
    """A new name as the new-game form and an imported record take it, by the limits of the
    rule book of ``game`` (each game renamed is checked by its own book)."""
    try:
        verify_new_name(new, 1, game.book)
    except ScoringError as error:
        if error.code == "player_name_long":
            raise StoreError(f"the new name has more than {error.values['maximum']} characters",
                             code="name_too_long", maximum=error.values["maximum"]) from None
        if error.code == "player_name_control":
            raise StoreError("the new name holds a control character", code="name_control") from None
        if error.code == "player_name_invisible":
            raise StoreError("the new name shows no letter or digit", code="name_blank") from None
        # a zero-width space, a bidi control (Unicode Cf)
        raise StoreError("the new name holds an invisible character", code="name_invisible") from None


def _renamed(game: Game, old_key: str, new: str) -> Game:
    """``game`` with the player whose name key is ``old_key`` called ``new`` (rounds too)."""

    def swap(name: str) -> str:
        return new if name_key(name) == old_key else name

    record = game_to_record(game)
    record["players"] = [swap(p) for p in record["players"]]
    record["first_dealer"] = swap(record["first_dealer"])
    for round_ in [*record["rounds"], *record.get("taken_back", ())]:
        round_["caller"] = swap(round_["caller"])
        round_["tricks"] = {swap(p): n for p, n in round_["tricks"].items()}
        if "sat_out" in round_:
            round_["sat_out"] = [swap(p) for p in round_["sat_out"]]
    return game_from_record(record, new=False)
