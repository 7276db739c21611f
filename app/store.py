"""The store: games, known players and app settings on disk, never losing a round.

Files in the data folder (:func:`data_folder`)::

    block24.json          the live TinyDB file: unfinished games, known players,
                          app settings and the schema version (small, whatever the history)
    block24.json.bak      the previous good version of block24.json
    archive/<id>.json     one file per finished game (written once, rarely again)
    block24.lock          the file lock every process takes around each operation
    *.damaged-<date>      a file that could not be read, moved aside, never overwritten

**Why finished games live in their own files.** Every write rewrites a whole JSON
file; if every game lived in one file, recording a round would cost more with
each finished game. So the live file holds only what is being played, and a
game that finishes is moved out to ``archive/<id>.json``. Recording a round
rewrites a few kilobytes, whether 10 or 10 000 games are archived (see
``bench/store.py``). One file per archived game (rather than one archive file)
also means a damaged file costs one game, never the history, and deleting or
editing an old game touches only its file.

**Every write goes to the live file first.** ``save_game``, ``create_game`` and
``import_records`` put the new version of each game in ``block24.json`` (one
atomic write: an import lands all at once or not at all); then, still under
the lock, finished games are copied to their archive file and removed from the
live file. A crash in between leaves the same version in both places; reading
always takes the higher version of a game (the archive's on a tie) and opening
the store tidies such pairs away.

**Atomic writes.** :class:`AtomicJSONStorage` (a TinyDB ``Storage``) writes a
temporary file in the same folder, flushes and fsyncs it, hard-links the
current file to ``.bak``, ``os.replace``-s the new file in and fsyncs the
folder. No file is held open between operations; temporary files left by a
crash are swept when the store opens. No CachingMiddleware: a call returns
only after its data is on disk.

**Locking.** One :class:`Store` per data folder per process (``Store.open``
returns the same object again; web mode serves many sessions from one
process), guarded by a thread lock, plus a ``filelock`` lock on
``block24.lock`` so that the app and a command-line import running at the same
moment take turns. Each write re-reads the live file under both locks before
changing it, so nobody's writes are lost; each game carries a version counter
and ``save_game(..., expected_version=v)`` refuses a change made from an old
copy (:class:`StaleGameError`).

**Nothing derived is stored.** A game is stored as its RULES.md §6 record (via
:func:`scoring.game_to_record`); scores, status, winners and leaders are
derived by :mod:`scoring` when the game is read. The ``finished`` time is the
only trace of the outcome in the file (it tells where the game belongs).

**Damaged files.** A live file that cannot be read when the store opens (empty,
truncated, not UTF-8, not JSON, the wrong shape, an unknown schema, a game
that breaks the rules) is moved aside under a dated name and never
overwritten; the backup is used when it is good, else an empty store, and a
message in :attr:`Store.warnings` says what happened and where the damaged
file is. A damaged archive file is moved aside the same way (that game is
missing, the message says where it went).

**Schema.** The file carries ``_meta.schema.version`` (now 2). Migrations are
plain functions in :data:`MIGRATIONS` from one version's data to the next's;
the file as it was is kept as ``block24.json.v1`` before it is upgraded.
Version 1 (Block 24 before the archive) kept every game in the live file with
TinyDB's numbered ids, epoch-second times and a stored ``finished`` flag.
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime as dt
import errno
import hashlib
import json
import os
import re
import shutil
import threading
import uuid
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

import filelock
from tinydb import TinyDB
from tinydb.storages import Storage
from tinydb.table import Document, Table

from scoring import TWENTY_FOUR, Game, ScoringError, game_from_record, game_to_record, name_key

__all__ = [
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "AtomicJSONStorage",
    "DamagedFileError",
    "FolderError",
    "GameNotFoundError",
    "GameStatus",
    "GameSummary",
    "ImportRefusedError",
    "ImportReport",
    "StaleGameError",
    "Store",
    "StoreError",
    "StoredGame",
    "data_folder",
    "folder_error",
    "migrate_v1_to_v2",
    "write_atomically",
]

SCHEMA_VERSION = 2
"""The version of the file layout this module reads and writes."""

LIVE_NAME = "block24.json"
ARCHIVE_DIR = "archive"
TRASH_DIR = "trash"
LOCK_NAME = "block24.lock"
BACKUP_SUFFIX = ".bak"
TMP_SUFFIX = ".b24tmp"
LOCK_TIMEOUT = 60.0
APP_NAME = "block24"

_ID_PATTERN = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")


# -- errors -----------------------------------------------------------------


class StoreError(Exception):
    """Base of every error the store raises; the message names the game or file at fault.

    ``code`` names the reason (snake_case) and ``values`` its blanks, so the app
    words it in the table's language (``app.i18n.reason``); ``str()`` is the
    English line the command line prints.
    """

    code: str = "store"

    def __init__(
        self, message: str, *, game_id: str | None = None, code: str | None = None, **values: Any
    ) -> None:
        self.game_id = game_id
        if code is not None:
            self.code = code
        self.values: dict[str, Any] = values
        super().__init__(message)


class GameNotFoundError(StoreError):
    """No game with this id is stored."""

    code = "game_not_found"

    def __init__(self, game_id: str) -> None:
        super().__init__(f"game {game_id}: no such game", game_id=game_id)


class StaleGameError(StoreError):
    """The game was saved elsewhere since the copy being saved was loaded."""

    code = "game_changed_elsewhere"

    def __init__(self, game_id: str, stored: int, expected: int) -> None:
        self.stored_version = stored
        self.expected_version = expected
        super().__init__(
            f"game {game_id}: it was changed elsewhere (version {stored} is stored, "
            f"this change was made to version {expected}); load it again",
            game_id=game_id,
            stored=stored,
            expected=expected,
        )


class DamagedFileError(StoreError):
    """A data file cannot be read (empty, truncated, not JSON, wrong shape or schema)."""

    code = "file_damaged"

    def __init__(self, path: Path, reason: str, *, game_id: str | None = None) -> None:
        self.path = path
        self.reason = reason
        super().__init__(f"{path}: {reason}", game_id=game_id, path=str(path), reason=reason)


class FolderError(StoreError):
    """The data folder cannot be used for this call: what is wrong with it is the ``code``.

    Codes (``values``: ``path``, and ``reason`` — the system's English words —
    where there is one):

    - ``folder_missing``: the folder was deleted (it is not recreated empty);
    - ``folder_read_only``: no permission to write there, or a read-only disk;
    - ``disk_full``: no space left (or the quota is used up);
    - ``folder_locked``: another program held the lock for ``seconds``;
    - ``lock_unopenable``: the lock file cannot be opened (writes need it);
    - ``folder_unusable``: any other error of the system (``reason`` says it).
    """

    def __init__(self, code: str, path: Path, message: str, **values: Any) -> None:
        self.path = path
        super().__init__(f"{path}: {message}", code=code, path=str(path), **values)


_ERRNO_CODES = {
    errno.ENOSPC: "disk_full",
    errno.EDQUOT: "disk_full",
    errno.EROFS: "folder_read_only",
    errno.EACCES: "folder_read_only",
    errno.EPERM: "folder_read_only",
    errno.ENOENT: "folder_missing",
}


def folder_error(error: OSError, folder: Path) -> FolderError:
    """The :class:`FolderError` for an OS error met while using ``folder``."""
    code = _ERRNO_CODES.get(error.errno or 0, "folder_unusable")
    if code == "folder_missing" and folder.is_dir():
        code = "folder_unusable"  # a file inside vanished, not the folder
    reason = error.strerror or type(error).__name__
    words = {
        "disk_full": "the disk is full",
        "folder_read_only": "the folder cannot be written (read-only or no permission)",
        "folder_missing": "the data folder is gone (deleted or unmounted)",
        "folder_unusable": f"the data folder cannot be used ({reason})",
    }[code]
    return FolderError(code, folder, words, reason=reason)


class ImportRefusedError(StoreError):
    """A record to import is not a valid game; nothing was imported.

    ``index`` is the record's 1-based place in the import, ``round_number`` the
    round at fault (when a round is); ``cause`` is the engine's
    :class:`scoring.ScoringError` (its own ``code`` and ``values``) when the
    rules refused it. ``code`` is ``import_refused`` with the values ``game``
    (the index), ``round`` and ``reason`` (the English reason), or a limit's
    code (see :mod:`app.store`'s limits).
    """

    code = "import_refused"

    def __init__(
        self,
        message: str,
        *,
        index: int,
        game_id: str | None,
        round_number: int | None = None,
        cause: Exception | None = None,
        code: str | None = None,
        **values: Any,
    ) -> None:
        self.index = index
        self.round_number = round_number
        self.cause = cause
        name = f"game {index}" + (f" (id {game_id})" if game_id else "")
        super().__init__(
            f"{name}: {message}",
            game_id=game_id,
            code=code,
            game=index,
            round=round_number,
            reason=message,
            **values,
        )


# -- values the UI reads ---------------------------------------------------------


class GameStatus(StrEnum):
    """Where a game stands; derived from :attr:`scoring.Game.outcome`, never stored."""

    PLAYING = "playing"
    FINISHED = "finished"


@dataclass(frozen=True)
class StoredGame:
    """A game as stored: its id, the game itself and its bookkeeping."""

    id: str
    """The game's id (lower-case letters, digits, ``-`` and ``_``)."""

    game: Game
    """The game (players, settings, rounds); every score is derived from it."""

    version: int
    """Counts the saves of this game; pass it back as ``expected_version``."""

    created: dt.datetime
    """When the game was created (UTC)."""

    updated: dt.datetime
    """When the game was last saved (UTC)."""

    finished: dt.datetime | None
    """When the game ended (UTC), ``None`` while it is played."""

    @property
    def status(self) -> GameStatus:
        """``finished`` when scoring says the game has ended, else ``playing``."""
        return GameStatus.FINISHED if self.game.outcome is not None else GameStatus.PLAYING


@dataclass(frozen=True)
class GameSummary:
    """One line of the list of games."""

    id: str
    """The game's id."""

    created: dt.datetime
    """When the game was created (UTC)."""

    updated: dt.datetime
    """When it was last saved (UTC)."""

    players: tuple[str, ...]
    """The players in seat order."""

    rounds: int
    """How many rounds were recorded."""

    status: GameStatus
    """Playing or finished (from scoring)."""

    winners: tuple[str, ...]
    """The winners of a finished game (seat order), else ``()``."""

    leaders: tuple[str, ...]
    """The players on the lowest score now (lowest wins), seat order; the winners when finished."""

    version: int
    """The game's version counter."""

    @property
    def leader(self) -> str | None:
        """The first of :attr:`leaders` (``None`` before the first round)."""
        return self.leaders[0] if self.leaders else None


@dataclass(frozen=True)
class ImportReport:
    """What :meth:`Store.import_records` did, as game ids in the order of the records."""

    added: tuple[str, ...] = ()
    """Games that were not stored before."""

    updated: tuple[str, ...] = ()
    """Stored games the import carried further (their rounds went on)."""

    unchanged: tuple[str, ...] = ()
    """Games already stored exactly so: nothing to do (importing twice changes nothing)."""

    def __str__(self) -> str:
        total = len(self.added) + len(self.updated) + len(self.unchanged)
        return (
            f"{total} game{'s' if total != 1 else ''}: {len(self.added)} new, "
            f"{len(self.updated)} updated, {len(self.unchanged)} already there"
        )


# -- where the data lives ----------------------------------------------------------


def data_folder(folder: str | os.PathLike[str] | None = None) -> Path:
    """The data folder: ``folder``, else ``$BLOCK24_DATA``, else ``$FLET_APP_STORAGE_DATA``
    (Flet's phone builds), else the user data folder (platformdirs)."""
    if folder is None:
        folder = os.environ.get("BLOCK24_DATA") or os.environ.get("FLET_APP_STORAGE_DATA")
    if not folder:
        import platformdirs  # only needed when no folder is given

        folder = platformdirs.user_data_dir(APP_NAME, appauthor=False)
    return Path(folder).expanduser().absolute()


# -- atomic files -------------------------------------------------------------------


def _fsync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:  # Windows opens no folders; its rename is durable enough
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _temp_name(path: Path) -> Path:
    return path.with_name(f".{path.name}.{uuid.uuid4().hex[:12]}{TMP_SUFFIX}")


def _keep_backup(path: Path, backup: Path) -> None:
    """Make ``backup`` the current content of ``path`` (a hard link: no copy, no gap)."""
    with contextlib.suppress(OSError):
        if os.path.samefile(path, backup):  # a write was cut short after this step
            return
    temp = _temp_name(backup)
    try:
        os.link(path, temp)
    except FileNotFoundError:
        return
    except (OSError, AttributeError):  # no hard links: a file system without them, or Pyodide (no os.link)
        try:
            shutil.copyfile(path, temp)
        except FileNotFoundError:
            return
    os.replace(temp, backup)
    # rename() between two links of one file does nothing and leaves ``temp``.
    with contextlib.suppress(FileNotFoundError):
        os.unlink(temp)


def write_atomically(
    path: Path, data: bytes, backup: Path | None = None, durable: bool = True
) -> None:
    """Replace ``path`` by ``data`` so that a crash leaves the old or the new file, never a mix.

    A temporary file in the same folder is written, flushed and fsynced; the
    current file becomes ``backup`` (when given); the temporary file replaces
    ``path``; the folder is fsynced. Returns once the data is on disk. Without
    ``durable`` the two fsyncs are skipped: still never a mix, but a power cut
    may bring back the previous content.
    """
    temp = _temp_name(path)
    try:
        with open(temp, "xb") as f:
            f.write(data)
            f.flush()
            if durable:
                os.fsync(f.fileno())
        if backup is not None:
            _keep_backup(path, backup)
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    if durable:
        _fsync_folder(path.parent)


def _sweep_temp_files(folder: Path) -> None:
    """Remove temporary files a crashed write left (call under the file lock)."""
    with contextlib.suppress(FileNotFoundError):
        for entry in os.scandir(folder):
            if entry.name.startswith(".") and entry.name.endswith(TMP_SUFFIX):
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)


def _move_aside(path: Path) -> Path:
    """Rename a damaged file to ``<name>.damaged-<UTC date and time>`` (never overwriting)."""
    stamp = dt.datetime.now(dt.UTC).strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
    os.replace(path, target)
    _fsync_folder(path.parent)
    return target


def _stat_key(st: os.stat_result) -> tuple[int, int, int, int]:
    return (st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


def _parse(raw: bytes, path: Path) -> dict[str, Any]:
    """The JSON object in ``raw``; :class:`DamagedFileError` when there is none."""
    if not raw.strip():
        raise DamagedFileError(path, "the file is empty")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise DamagedFileError(path, "the file is not UTF-8 text") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise DamagedFileError(
            path, f"the file is not JSON (truncated or garbled: {error.msg} at line {error.lineno})"
        ) from None
    except (ValueError, RecursionError) as error:
        raise DamagedFileError(path, f"the file is not usable JSON ({error})") from None
    if not isinstance(data, dict):
        raise DamagedFileError(path, "the file is JSON but not a Block 24 data file")
    return data


def _dump(data: Any) -> bytes:
    return json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8")


class AtomicJSONStorage(Storage):
    """A TinyDB storage that writes each change atomically (see :func:`write_atomically`).

    The file is opened only inside :meth:`read` and :meth:`write`. Reads are
    answered from memory while the file is unchanged on disk (same inode, size
    and times: every write replaces the file, so it gets a new inode).
    Between :meth:`begin` and :meth:`commit` TinyDB works on a fresh copy
    read from disk and the writes of several table operations make one file
    write; :meth:`rollback` drops them.
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        backup: bool = True,
        check: Callable[[dict[str, Any], Path], None] | None = None,
    ) -> None:
        """``check(data, path)`` raises :class:`DamagedFileError` for data of the wrong shape."""
        super().__init__()
        self.path = Path(path)
        self.backup = self.path.with_name(self.path.name + BACKUP_SUFFIX) if backup else None
        self._check = check
        self._pending: dict[str, Any] | None = None
        self._dirty = False
        self._cache: dict[str, Any] | None = None
        self._cache_key: tuple[int, int, int, int] | None = None

    def _load(self) -> tuple[tuple[int, int, int, int], dict[str, Any]] | None:
        try:
            f = open(self.path, "rb")  # noqa: SIM115 - closed below, the stat is of this handle
        except FileNotFoundError:
            return None
        with f:
            key = _stat_key(os.fstat(f.fileno()))
            raw = f.read()
        data = _parse(raw, self.path)
        if self._check is not None:
            self._check(data, self.path)
        return key, data

    def read(self) -> dict[str, Any] | None:
        """The file's tables (``None`` when there is no file); the pending ones in a transaction."""
        if self._pending is not None:
            return self._pending
        try:
            key = _stat_key(os.stat(self.path))
        except FileNotFoundError:
            self._cache = self._cache_key = None
            return None
        if key != self._cache_key:
            loaded = self._load()
            if loaded is None:
                return None
            self._cache_key, self._cache = loaded
        return self._cache

    def write(self, data: dict[str, Any]) -> None:
        """Write ``data`` to disk now (or at :meth:`commit` inside a transaction)."""
        if self._pending is not None:
            self._pending = data
            self._dirty = True
            return
        self._write(data)

    def _write(self, data: dict[str, Any]) -> None:
        write_atomically(self.path, _dump(data), self.backup)
        self._cache = data
        self._cache_key = _stat_key(os.stat(self.path))

    def begin(self, empty: Callable[[], dict[str, Any]] = dict) -> None:
        """Start a transaction on a fresh read of the file (``empty()`` when there is none)."""
        loaded = self._load()
        self._pending = loaded[1] if loaded is not None else empty()
        self._dirty = False

    def commit(self) -> None:
        """End the transaction, writing the file once if anything changed."""
        pending, dirty = self._pending, self._dirty
        self._pending, self._dirty = None, False
        if dirty and pending is not None:
            self._write(pending)

    def rollback(self) -> None:
        """End the transaction, dropping its changes."""
        self._pending, self._dirty = None, False

    def close(self) -> None:
        """Nothing to close: no file stays open."""


class _Table(Table):
    """A TinyDB table keyed by strings (game ids, player keys, setting names)."""

    document_id_class = str  # type: ignore[assignment]


class _TinyDB(TinyDB):
    table_class = _Table


# -- the file format ------------------------------------------------------------------


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def _iso(moment: dt.datetime) -> str:
    return moment.astimezone(dt.UTC).isoformat(timespec="microseconds")


def _time(value: Any, what: str) -> dt.datetime:
    if not isinstance(value, str):
        raise ValueError(f"{what} must be a date and time, not {value!r}")
    moment = dt.datetime.fromisoformat(value)
    return moment if moment.tzinfo else moment.replace(tzinfo=dt.UTC)


def _empty_live() -> dict[str, Any]:
    return {"_meta": {"schema": {"version": SCHEMA_VERSION}}}


def _schema_of(data: Mapping[str, Any], path: Path) -> int:
    meta = data.get("_meta")
    if isinstance(meta, dict):
        doc = meta.get("schema", meta.get("1"))
        if isinstance(doc, dict) and type(doc.get("version")) is int:
            return doc["version"]
    raise DamagedFileError(path, "the file is JSON but has no Block 24 schema version")


def _check_live(data: dict[str, Any], path: Path) -> None:
    """The cheap check of a live file read while running (full checks happen at open)."""
    version = _schema_of(data, path)
    if version != SCHEMA_VERSION:
        raise DamagedFileError(path, f"schema {version}, but this Block 24 reads {SCHEMA_VERSION}")
    for table in ("games", "players", "settings"):
        if not isinstance(data.get(table, {}), dict):
            raise DamagedFileError(path, f"the table {table!r} is not an object")


def _stored_game(game_id: str, doc: Mapping[str, Any], path: Path) -> StoredGame:
    """The :class:`StoredGame` of one game document; :class:`DamagedFileError` when it is not one."""
    try:
        if not isinstance(doc, Mapping):
            raise ValueError("the game is not an object")
        version = doc.get("version")
        if type(version) is not int or version < 1:
            raise ValueError(f"version must be a whole number from 1, not {version!r}")
        finished = doc.get("finished")
        game = game_from_record(doc.get("record"))
        stored = StoredGame(
            id=game_id,
            game=game,
            version=version,
            created=_time(doc.get("created"), "created"),
            updated=_time(doc.get("updated"), "updated"),
            finished=None if finished is None else _time(finished, "finished"),
        )
    except (ValueError, TypeError) as error:  # ScoringError is a ValueError
        raise DamagedFileError(path, f"game {game_id}: {error}", game_id=game_id) from None
    if (stored.finished is None) != (game.outcome is None):
        raise DamagedFileError(
            path, f"game {game_id}: the finished time does not match the rounds", game_id=game_id
        )
    return stored


def _game_doc(game: Game, version: int, created: str, finished: str | None, updated: str) -> dict[str, Any]:
    if game.outcome is None:
        finished = None
    elif finished is None:
        finished = updated
    return {
        "version": version,
        "created": created,
        "updated": updated,
        "finished": finished,
        "record": game_to_record(game),
    }


def migrate_v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 → 2: re-key games by their id, wrap the record, ISO times, version counters.

    Schema 1 kept each game as one TinyDB document with a numbered id:
    ``{"id", "created", "updated" (epoch seconds), "players", "rules",
    "rounds", "finished" (bool)}``; players as ``{"name"}`` and settings as
    ``{"key", "value"}`` documents. The ``finished`` flag is dropped (scoring
    derives it); a finished game's finished time is its last update. Finished
    games are moved to the archive by the store afterwards.
    """

    def when(seconds: Any) -> str:
        if type(seconds) not in (int, float):
            raise ValueError(f"a schema 1 time must be epoch seconds, not {seconds!r}")
        return _iso(dt.datetime.fromtimestamp(seconds, dt.UTC))

    games: dict[str, Any] = {}
    for doc in data.get("games", {}).values():
        game_id = doc["id"]
        record = {k: doc[k] for k in ("players", "rules", "rounds", "first_dealer") if k in doc}
        updated = when(doc.get("updated", doc["created"]))
        games[game_id] = {
            "version": 1,
            "created": when(doc["created"]),
            "updated": updated,
            "finished": updated if doc.get("finished") else None,
            "record": record,
        }
    players = {
        name_key(doc["name"]): {"name": doc["name"].strip(), "last_used": None}
        for doc in data.get("players", {}).values()
    }
    settings = {doc["key"]: {"value": doc["value"]} for doc in data.get("settings", {}).values()}
    return {
        "_meta": {"schema": {"version": 2}},
        "games": games,
        "players": players,
        "settings": settings,
    }


MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: migrate_v1_to_v2}
"""Schema version → the function that turns its data into the next version's."""


def _check_full(data: dict[str, Any], path: Path) -> dict[str, StoredGame]:
    """Every check of a live file at open: shape, schema and every game replayed."""
    _check_live(data, path)
    games = {}
    for game_id, doc in data.get("games", {}).items():
        games[game_id] = _stored_game(game_id, doc, path)
    for key, doc in data.get("players", {}).items():
        if not isinstance(doc, dict) or not isinstance(doc.get("name"), str):
            raise DamagedFileError(path, f"the known player {key!r} has no name")
    for key, doc in data.get("settings", {}).items():
        if not isinstance(doc, dict) or "value" not in doc:
            raise DamagedFileError(path, f"the setting {key!r} has no value")
    return games


def _content_id(game: Game) -> str:
    text = json.dumps(game_to_record(game), sort_keys=True, ensure_ascii=False)
    return "h" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:15]


def _same(a: Game, b: Game) -> bool:
    return game_to_record(a) == game_to_record(b)


def _goes_on(old: Game, new: Game) -> bool:
    """``new`` is ``old`` with more rounds (the game went on elsewhere)."""
    return len(new.rounds) > len(old.rounds) and game_to_record(
        dataclasses.replace(new, rounds=new.rounds[: len(old.rounds)])
    ) == game_to_record(old)


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

    warnings: list[str]
    """Messages for the user about damaged files found (and set aside) since the store opened."""

    def __init__(self, folder: Path) -> None:
        """Use :meth:`Store.open`."""
        self.folder = folder
        self.warnings = []
        self._closed = False
        self._lock = threading.RLock()
        self._flock = filelock.FileLock(folder / LOCK_NAME, timeout=LOCK_TIMEOUT, thread_local=False)
        self._live_path = folder / LIVE_NAME
        self._archive = folder / ARCHIVE_DIR
        self._trash = folder / TRASH_DIR
        self._db = _TinyDB(self._live_path, storage=AtomicJSONStorage, check=_check_live)
        self._storage: AtomicJSONStorage = self._db.storage  # type: ignore[assignment]
        self._games = self._db.table("games", cache_size=0)
        self._players = self._db.table("players", cache_size=0)
        self._settings = self._db.table("settings", cache_size=0)
        # game id → (stat key, StoredGame) of its archive file
        self._archived: dict[str, tuple[tuple[int, int, int, int], StoredGame]] = {}
        # game id → StoredGame of its live document, checked by version and time
        self._parsed: dict[str, StoredGame] = {}
        # game id → (stat key, StoredGame) of its trash file
        self._deleted: dict[str, tuple[tuple[int, int, int, int], StoredGame]] = {}

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
            self._archive.mkdir(exist_ok=True)
        with self._locked(write=False) as can_write:
            if can_write:
                _sweep_temp_files(self.folder)
                _sweep_temp_files(self._archive)
                _sweep_temp_files(self._trash)
                _sweep_temp_files(self.folder / "drafts")
            self._recover_live()
            self._archive_games()  # reads every archive file, moving damaged ones aside
            if can_write:
                self._tidy_or_warn()

    def _recover_live(self) -> None:
        """Read the live file at open: migrate it, or move it aside and fall back to the backup."""
        path = self._live_path
        backup = self._storage.backup
        assert backup is not None
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            raw = None
        if raw is None:
            if backup.exists():
                data = self._good_backup(backup)
                if data is not None:
                    self._storage._write(data)
                    self.warnings.append(f"The data file {path} was missing; the backup {backup} was used.")
            return
        try:
            data = self._readable(raw, path)
        except DamagedFileError as error:
            moved = _move_aside(path)
            data = self._good_backup(backup) if backup.exists() else None
            if data is not None:
                then = dt.datetime.fromtimestamp(backup.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
                fallback = f"the backup from {then} is used (changes after it are missing)"
            else:
                data = _empty_live()
                fallback = "an empty store is used"
            self.warnings.append(
                f"The data file could not be read ({error.reason}); it was moved to {moved} and {fallback}."
            )
            self._storage._write(data)

    def _readable(self, raw: bytes, path: Path) -> dict[str, Any]:
        """The live data in ``raw``, migrated to the current schema (written back when it was)."""
        data = _parse(raw, path)
        version = _schema_of(data, path)
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
            _check_full(data, path)
            if not old.exists():
                write_atomically(old, raw)
            self._storage._write(data)
            return data
        _check_full(data, path)
        return data

    def _good_backup(self, backup: Path) -> dict[str, Any] | None:
        """The backup's data when it is good; a damaged backup is moved aside (``None``)."""
        try:
            return self._readable(backup.read_bytes(), backup)
        except FileNotFoundError:
            return None
        except DamagedFileError as error:
            moved = _move_aside(backup)
            self.warnings.append(
                f"The backup could not be read either ({error.reason}); it was moved to {moved}."
            )
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
                self._flock.acquire()
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

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        """A write: re-read the live file under the locks, change it, write it once, tidy."""
        with self._locked():
            self._storage.begin(_empty_live)
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
            message = f"Could not move finished games to the archive: {error.strerror or error}"
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
            and _iso(cached.updated) == doc.get("updated")
        ):
            return cached
        stored = _stored_game(game_id, doc, self._live_path)
        self._parsed[game_id] = stored
        return stored

    def _archive_path(self, game_id: str) -> Path:
        return self._archive / f"{game_id}.json"

    def _archived_game(self, game_id: str, st: os.stat_result | None = None) -> StoredGame | None:
        """The game in ``archive/<id>.json`` (moved aside with a warning when damaged)."""
        return self._game_file(self._archive_path(game_id), game_id, self._archived, st)

    def _deleted_game(self, game_id: str, st: os.stat_result | None = None) -> StoredGame | None:
        """The deleted game in ``trash/<id>.json`` (moved aside with a warning when damaged)."""
        return self._game_file(self._trash / f"{game_id}.json", game_id, self._deleted, st)

    def _game_file(
        self,
        path: Path,
        game_id: str,
        cache: dict[str, tuple[tuple[int, int, int, int], StoredGame]],
        st: os.stat_result | None = None,
    ) -> StoredGame | None:
        """The game in a file of its own (archive or trash), cached while the file is unchanged."""
        try:
            st = st or os.stat(path)
        except FileNotFoundError:
            cache.pop(game_id, None)
            return None
        key = _stat_key(st)
        cached = cache.get(game_id)
        if cached is not None and cached[0] == key:
            return cached[1]
        try:
            doc = _parse(path.read_bytes(), path)
            version = doc.get("schema")
            if version != SCHEMA_VERSION:
                raise DamagedFileError(path, f"schema {version!r}, not {SCHEMA_VERSION}")
            if doc.get("id") != game_id:
                raise DamagedFileError(path, f"the file holds game {doc.get('id')!r}")
            stored = _stored_game(game_id, doc, path)
            if cache is self._archived and stored.finished is None:
                raise DamagedFileError(path, f"game {game_id} has not finished")
        except FileNotFoundError:
            return None
        except DamagedFileError as error:
            cache.pop(game_id, None)
            try:
                where = f"its file was moved to {_move_aside(path)}"
            except OSError:  # a read-only folder: leave it, say where it is
                where = f"its file {path} is left as it is"
            message = f"The finished game {game_id} could not be read ({error.reason}); {where}."
            if message not in self.warnings:
                self.warnings.append(message)
            return None
        cache[game_id] = (key, stored)
        return stored

    def _archive_games(self) -> dict[str, StoredGame]:
        return self._folder_games(self._archive, self._archived, self._archived_game)

    def _deleted_games(self) -> dict[str, StoredGame]:
        return self._folder_games(self._trash, self._deleted, self._deleted_game)

    def _folder_games(
        self,
        folder: Path,
        cache: dict[str, tuple[tuple[int, int, int, int], StoredGame]],
        read: Callable[[str, os.stat_result], StoredGame | None],
    ) -> dict[str, StoredGame]:
        games = {}
        try:
            with os.scandir(folder) as entries:
                found = [
                    (e.name[: -len(".json")], e)
                    for e in entries
                    if e.name.endswith(".json") and not e.name.startswith(".")
                ]
        except FileNotFoundError:
            found = []
        for game_id, entry in found:
            try:
                st = entry.stat()
            except FileNotFoundError:
                continue
            stored = read(game_id, st)
            if stored is not None:
                games[game_id] = stored
        for gone in set(cache) - set(games):
            del cache[gone]
        return games

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

    def _find(self, game_id: str) -> StoredGame | None:
        found = self._newer(self._live_game(game_id), self._archived_game(game_id))
        return self._unless_deleted(found, self._deleted_game(game_id))

    def _all(self) -> dict[str, StoredGame]:
        games = self._archive_games()
        for doc in self._games:
            game_id = str(doc.doc_id)
            games[game_id] = self._newer(self._live_game(game_id), games.get(game_id))  # type: ignore[assignment]
        for game_id, deleted in self._deleted_games().items():
            if self._unless_deleted(games.get(game_id), deleted) is None:
                games.pop(game_id, None)
        return games

    def _tidy(self) -> None:
        """Move finished games from the live file to the archive; drop copies made stale by a crash.

        Runs under the lock after every write and at open. Order: the archive
        file is written before the game leaves the live file, so a crash
        leaves two copies, never none.
        """
        leave: list[str] = []
        for game_id, deleted in self._deleted_games().items():
            kept = self._newer(self._live_game(game_id), self._archived_game(game_id))
            if kept is None:
                continue
            if kept.version > deleted.version:  # a restore was cut short: the restored copy wins
                self._unlink_deleted(game_id)
                continue
            if self._archived_game(game_id) is not None:  # a delete was cut short: finish it
                self._unlink_archived(game_id)
            if self._games.contains(doc_id=game_id):
                leave.append(game_id)
        for doc in list(self._games):
            game_id = str(doc.doc_id)
            if game_id in leave:
                continue
            live = self._live_game(game_id)
            archived = self._archived_game(game_id)
            if live is None:
                continue
            if archived is not None and archived.version >= live.version:
                leave.append(game_id)
            elif live.finished is not None:
                archive_doc = {"schema": SCHEMA_VERSION, "id": game_id, **doc}
                path = self._archive_path(game_id)
                self._archive.mkdir(exist_ok=True)
                write_atomically(path, _dump(archive_doc))
                self._archived[game_id] = (_stat_key(os.stat(path)), live)
                leave.append(game_id)
            elif archived is not None:
                self._unlink_archived(game_id)
        if leave:
            self._storage.begin(_empty_live)
            try:
                self._games.remove(doc_ids=[g for g in leave if g in self._games_ids()])
            except BaseException:
                self._storage.rollback()
                raise
            self._storage.commit()
            for game_id in leave:
                self._parsed.pop(game_id, None)

    def _games_ids(self) -> set[str]:
        return {str(doc.doc_id) for doc in self._games}

    def _unlink_archived(self, game_id: str) -> None:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self._archive_path(game_id))
        _fsync_folder(self._archive)
        self._archived.pop(game_id, None)

    def _unlink_deleted(self, game_id: str) -> None:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self._trash / f"{game_id}.json")
        _fsync_folder(self._trash)
        self._deleted.pop(game_id, None)

    def _version_after_trash(self, game_id: str, version: int) -> int:
        """``version``, raised above a deleted copy of ``game_id`` (which would hide it)."""
        deleted = self._deleted_game(game_id)
        return version if deleted is None else max(version, deleted.version + 1)

    def _put(self, table: Table, key: str, doc: dict[str, Any]) -> None:
        if table.contains(doc_id=key):
            table.remove(doc_ids=[key])
        table.insert(Document(doc, doc_id=key))  # type: ignore[arg-type]

    # -- games ---------------------------------------------------------------------

    def create_game(self, game: Game) -> str:
        """Store a new game; return its id. Its players are remembered as known players."""
        _check_game(game)
        now = _iso(_now())
        with self._transaction():
            game_id = uuid.uuid4().hex[:12]
            while self._find(game_id) or self._deleted_game(game_id):  # pragma: no cover - 48 random bits
                game_id = uuid.uuid4().hex[:12]
            self._put(self._games, game_id, _game_doc(game, 1, now, None, now))
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
            finished = _iso(current.finished) if current.finished else None
            doc = _game_doc(game, version, _iso(current.created), finished, _iso(_now()))
            self._put(self._games, game_id, doc)
        return version

    def load_game(self, game_id: str) -> StoredGame:
        """The stored game ``game_id``; raises :class:`GameNotFoundError`."""
        with self._locked(write=False):
            stored = self._find(game_id)
        if stored is None:
            raise GameNotFoundError(game_id)
        return stored

    def list_games(self) -> list[GameSummary]:
        """Every stored game, newest first."""
        with self._locked(write=False):
            games = list(self._all().values())
        games.sort(key=lambda s: (s.created, s.id), reverse=True)
        return [_summary(s) for s in games]

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
            now = _iso(_now())
            doc = _game_doc(
                stored.game,
                stored.version + 1,
                _iso(stored.created),
                _iso(stored.finished) if stored.finished else None,
                _iso(stored.updated),
            )
            self._trash.mkdir(exist_ok=True)
            path = self._trash / f"{game_id}.json"
            write_atomically(path, _dump({"schema": SCHEMA_VERSION, "id": game_id, "deleted": now, **doc}))
            if self._games.contains(doc_id=game_id):
                self._games.remove(doc_ids=[game_id])
            self._parsed.pop(game_id, None)
            self._unlink_archived(game_id)

    def restore_game(self, game_id: str) -> None:
        """Bring back a game :meth:`delete_game` deleted; raises :class:`GameNotFoundError`."""
        with self._transaction():
            deleted = self._deleted_game(game_id) if _ID_PATTERN.fullmatch(game_id or "") else None
            if deleted is None:
                raise GameNotFoundError(game_id)
            current = self._newer(self._live_game(game_id), self._archived_game(game_id))
            version = max(deleted.version, current.version if current else 0) + 1
            doc = _game_doc(
                deleted.game,
                version,
                _iso(deleted.created),
                _iso(deleted.finished) if deleted.finished else None,
                _iso(deleted.updated),
            )
            self._put(self._games, game_id, doc)  # the higher version: the trash copy is stale now
        with self._locked(), contextlib.suppress(OSError):
            self._unlink_deleted(game_id)

    def deleted_games(self) -> list[GameSummary]:
        """The deleted games that :meth:`restore_game` can bring back, the most recent first."""
        with self._locked(write=False):
            games = list(self._deleted_games().values())
        games.sort(key=lambda s: (s.updated, s.id), reverse=True)
        return [_summary(s) for s in games]

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
            self._remember(names, _iso(_now()))

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
        new = new.strip() if isinstance(new, str) else new
        if not isinstance(new, str) or not new:
            raise StoreError("the new name is empty", code="name_empty")
        if len(new) > TWENTY_FOUR.max_name_length:
            raise StoreError(
                f"the new name has more than {TWENTY_FOUR.max_name_length} characters",
                code="name_too_long",
                maximum=TWENTY_FOUR.max_name_length,
            )
        if not isinstance(old, str) or not name_key(old):
            raise StoreError("the name to rename is empty", code="name_empty")
        old_key, new_key = name_key(old), name_key(new)
        now = _iso(_now())
        renamed: list[str] = []
        with self._transaction():
            changes: list[tuple[str, dict[str, Any]]] = []
            for game_id, stored in sorted(self._all().items()):
                players = stored.game.players
                if not any(name_key(p) == old_key for p in players):
                    continue
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
                if _same(game, stored.game):
                    continue
                finished = _iso(stored.finished) if stored.finished else None
                doc = _game_doc(game, stored.version + 1, _iso(stored.created), finished, now)
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
        if not isinstance(game_id, str) or not _ID_PATTERN.fullmatch(game_id):
            raise GameNotFoundError(str(game_id))
        return self.folder / "drafts" / f"{game_id}.json"

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
            write_atomically(path, _dump(dict(draft)), durable=False)
        except OSError as error:
            raise folder_error(error, self.folder) from None

    def load_draft(self, game_id: str) -> dict[str, Any] | None:
        """The draft :meth:`save_draft` kept for ``game_id``, or ``None`` (also when damaged)."""
        try:
            data = json.loads(self._draft_path(game_id).read_bytes())
        except (OSError, ValueError):
            return None
        return data if isinstance(data, dict) else None

    # -- export and import -------------------------------------------------------------

    def export_records(self, game_id: str | None = None) -> list[dict[str, Any]]:
        """Game records (RULES.md §6) of one game or of all (oldest first), with extra keys.

        Extra keys: ``id``, ``created``, ``updated``, ``finished`` (ISO 8601
        UTC), ``version``, ``status`` and ``outcome`` (``winners``, ``reason``,
        ``score``, ``after_round``, or ``null``). ``python -m scoring replay``
        and :meth:`import_records` read them back.
        """
        if game_id is not None:
            games = [self.load_game(game_id)]
        else:
            with self._locked(write=False):
                games = sorted(self._all().values(), key=lambda s: (s.created, s.id))
        return [_export(s) for s in games]

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
        if isinstance(records, Mapping):
            records = [records]
        checked = [_checked_record(i, r) for i, r in enumerate(records, start=1)]
        added: list[str] = []
        updated: list[str] = []
        unchanged: list[str] = []
        now = _iso(_now())
        with self._transaction():
            batch: dict[str, StoredGame] = {}
            for game_id, game, extras in checked:
                stored = batch.get(game_id) or self._find(game_id)
                if stored is not None and _goes_on(game, stored.game):
                    unchanged.append(game_id)  # the stored game already went further
                    continue
                if stored is not None and not _same(stored.game, game):
                    if _goes_on(stored.game, game):
                        doc = _game_doc(
                            game,
                            stored.version + 1,
                            _iso(stored.created),
                            _iso(stored.finished) if stored.finished else None,
                            now,
                        )
                        self._put(self._games, game_id, doc)
                        batch[game_id] = _stored_game(game_id, doc, self._live_path)
                        updated.append(game_id)
                        continue
                    game_id = f"{game_id}-{_content_id(game)[1:9]}"
                    stored = batch.get(game_id) or self._find(game_id)
                if stored is not None:
                    unchanged.append(game_id)
                    continue
                doc = _game_doc(
                    game,
                    self._version_after_trash(game_id, extras.get("version", 1)),
                    extras.get("created", now),
                    extras.get("finished"),
                    extras.get("updated", now),
                )
                self._put(self._games, game_id, doc)
                batch[game_id] = _stored_game(game_id, doc, self._live_path)
                self._remember(game.players, now)
                added.append(game_id)
        return ImportReport(tuple(added), tuple(updated), tuple(unchanged))


def _check_game(game: object) -> None:
    if not isinstance(game, Game):
        raise TypeError(f"the store keeps scoring.Game values, not {type(game).__name__}")


def _summary(stored: StoredGame) -> GameSummary:
    game = stored.game
    outcome = game.outcome
    if outcome is not None:
        leaders = winners = outcome.winners
    elif game.rounds:
        scores = game.scores
        low = min(scores.values())
        leaders, winners = tuple(p for p, s in scores.items() if s == low), ()
    else:
        leaders = winners = ()
    return GameSummary(
        id=stored.id,
        created=stored.created,
        updated=stored.updated,
        players=game.players,
        rounds=len(game.rounds),
        status=stored.status,
        winners=winners,
        leaders=leaders,
        version=stored.version,
    )


def _renamed(game: Game, old_key: str, new: str) -> Game:
    """``game`` with the player whose name key is ``old_key`` called ``new`` (rounds too)."""

    def swap(name: str) -> str:
        return new if name_key(name) == old_key else name

    record = game_to_record(game)
    record["players"] = [swap(p) for p in record["players"]]
    record["first_dealer"] = swap(record["first_dealer"])
    for round_ in record["rounds"]:
        round_["caller"] = swap(round_["caller"])
        round_["tricks"] = {swap(p): n for p, n in round_["tricks"].items()}
        if "sat_out" in round_:
            round_["sat_out"] = [swap(p) for p in round_["sat_out"]]
    return game_from_record(record)


def _export(stored: StoredGame) -> dict[str, Any]:
    outcome = stored.game.outcome
    return {
        "id": stored.id,
        **game_to_record(stored.game),
        "created": _iso(stored.created),
        "updated": _iso(stored.updated),
        "finished": _iso(stored.finished) if stored.finished else None,
        "version": stored.version,
        "status": stored.status.value,
        "outcome": None
        if outcome is None
        else {
            "winners": list(outcome.winners),
            "reason": outcome.reason.value,
            "score": outcome.score,
            "after_round": outcome.after_round,
        },
    }


def _checked_record(index: int, record: Any) -> tuple[str, Game, dict[str, Any]]:
    """One record to import, checked: its id, its game and the extra keys worth keeping."""
    raw_id = record.get("id") if isinstance(record, Mapping) else None
    shown_id = raw_id if isinstance(raw_id, str) else None
    try:
        game = game_from_record(record)
    except ScoringError as error:
        raise ImportRefusedError(
            str(error), index=index, game_id=shown_id, round_number=error.round_number
        ) from None
    if raw_id is None:
        game_id = _content_id(game)
    elif isinstance(raw_id, str) and _ID_PATTERN.fullmatch(raw_id):
        game_id = raw_id
    else:
        raise ImportRefusedError(
            f"the id {raw_id!r} is not 1–64 lower-case letters, digits, - or _",
            index=index,
            game_id=shown_id,
        )
    extras: dict[str, Any] = {}
    for key in ("created", "updated", "finished"):
        value = record.get(key)
        if value is not None:
            try:
                extras[key] = _iso(_time(value, key))
            except ValueError as error:
                raise ImportRefusedError(
                    f"{key} must be an ISO 8601 date and time ({error})",
                    index=index,
                    game_id=shown_id,
                ) from None
    version = record.get("version")
    if type(version) is int and version >= 1:
        extras["version"] = version
    return game_id, game, extras
