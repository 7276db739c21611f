"""One file per game: the archive (finished games) and the trash (deleted games).

Why finished games live in files of their own: see the package's docstring.
A damaged file costs one game: it is moved aside with a warning, never
overwritten. Each file is read once and kept while its stat is unchanged.

**The index** (``<folder>/.index``): per game its version, times
and the size and modification time of its file, so that listing the games (home,
a start) reads no game file at all, and a page of games reads those games. It is a
cache, never the record: written with every file written here, checked against
the folder's stats when the store opens and whenever the folder or the index
changed since this process last saw them, and a file that does not match its
entry (or has none) is read again. A missing, stale or damaged index is rebuilt
from the games; it holds no score.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .atomic import (
    dump_json,
    fsync_folder,
    move_aside,
    parse_json,
    read_regular,
    stat_key,
    sweep_temp_files,
    write_atomically,
)
from .errors import DamagedFileError, StoreWarning
from .schema import SCHEMA_VERSION, StoredGame, is_game_id, iso, parse_time, stored_game

__all__ = ["Entry", "GameFiles"]

StatKey = tuple[int, int, int, int]
FSYNC_EACH = 8
"""Up to this many files are fsynced one by one; more are synced at once (see ``write_many``)."""
INDEX_NAME = ".index"
"""Starts with a dot and is no ``*.json``: never taken for a game's file."""


@dataclass(frozen=True)
class Entry:
    """What the index knows of one game's file: enough to list and order it, never its scores."""

    version: int
    created: dt.datetime
    updated: dt.datetime
    finished: dt.datetime | None
    file: tuple[int, int]
    """Size and modification time (ns) of the file it was made from. Not the inode: the web
    build's files are made anew from IndexedDB at each start, with their times kept."""
    seq: int = 0
    """The game's place in the store's order (:attr:`StoredGame.seq`)."""

    @classmethod
    def of(cls, stored: StoredGame, st: os.stat_result) -> Entry:
        return cls(stored.version, stored.created, stored.updated, stored.finished, _file_key(st), stored.seq)

    @property
    def order(self) -> tuple[int, dt.datetime]:
        """As :attr:`StoredGame.order` (without the id)."""
        return (self.seq, self.created)

    def to_json(self) -> list[object]:
        return [self.version, iso(self.created), iso(self.updated),
                None if self.finished is None else iso(self.finished), *self.file, self.seq]

    @classmethod
    def from_json(cls, value: object) -> Entry:
        """Raises ValueError or TypeError on anything else than :meth:`to_json` wrote.

        An entry of six (an index written before the store kept ``seq``) is of a file written
        then, without one: ``seq`` 0, as reading that file says; the index is not rebuilt."""
        if not isinstance(value, list) or len(value) not in (6, 7):
            raise ValueError("not an index entry")
        version, created, updated, finished, size, mtime, *rest = value
        seq = rest[0] if rest else 0
        if any(type(n) is not int for n in (version, size, mtime, seq)) or seq < 0:
            raise ValueError("not an index entry")
        return cls(version, parse_time(created, "created"), parse_time(updated, "updated"),
                   None if finished is None else parse_time(finished, "finished"), (size, mtime), seq)


def _file_key(st: os.stat_result) -> tuple[int, int]:
    return (st.st_size, st.st_mtime_ns)


class GameFiles:
    """The folder ``<data>/<name>/`` holding ``<id>.json`` per game.

    ``finished_only`` (the archive): a file of a game still being played is
    damaged. ``what`` names the games in warnings ("finished", "deleted").
    """

    def __init__(self, folder: Path, warnings: list[StoreWarning], *, what: str, finished_only: bool) -> None:
        self.folder = folder
        self._warnings = warnings
        self._what = what
        self._finished_only = finished_only
        self._cache: dict[str, tuple[StatKey, StoredGame]] = {}
        self._index: dict[str, Entry] | None = None
        self._seen: tuple[object, object] | None = None
        """The stats of the index file and the folder when :attr:`_index` last matched them."""
        self.files_read = 0
        """How many game files were read (and replayed) so far: tests count them."""

    def path(self, game_id: str) -> Path:
        """``<folder>/<id>.json``; only ever built from an id (:func:`is_game_id`), so it stays here."""
        if not is_game_id(game_id):
            raise ValueError(f"{game_id!r} is no game id")
        return self.folder / f"{game_id}.json"

    def _found(self) -> list[tuple[str, os.DirEntry[str]]]:
        """The game files here as (id, entry): ``<id>.json`` for each name that is a game id.

        Any other name (``Evil.json``, a name with an escape sequence, one made by hand) is no
        game's file: never read, listed or moved, and said once in the warnings."""
        try:
            with os.scandir(self.folder) as entries:
                named = [(e.name[: -len(".json")], e) for e in entries
                         if e.name.endswith(".json") and not e.name.startswith(".")]
        except FileNotFoundError:
            return []
        for name, entry in named:
            if not is_game_id(name):
                message = StoreWarning(f"{entry.path!r} is not the file of a game (its name is no game id); "
                                       "it is left as it is.", "foreign_file")
                if message not in self._warnings:
                    self._warnings.append(message)
        return [(name, entry) for name, entry in named if is_game_id(name)]

    def get(self, game_id: str, st: os.stat_result | None = None) -> StoredGame | None:
        """The game in ``<id>.json`` (``None`` when there is none or it was damaged and moved aside)."""
        if not is_game_id(game_id):
            return None
        path = self.path(game_id)
        try:
            st = st or os.stat(path)
        except FileNotFoundError:
            self._cache.pop(game_id, None)
            return None
        key = stat_key(st)
        cached = self._cache.get(game_id)
        if cached is not None and cached[0] == key:
            return cached[1]
        try:
            self.files_read += 1
            doc = parse_json(read_regular(path)[0], path)  # a pipe or a link is damaged, never read
            version = doc.get("schema")
            if version != SCHEMA_VERSION:
                raise DamagedFileError(path, f"schema {version!r}, not {SCHEMA_VERSION}")
            if doc.get("id") != game_id:
                raise DamagedFileError(path, f"the file holds game {doc.get('id')!r}")
            stored = stored_game(game_id, doc, path)
            if self._finished_only and stored.finished is None:
                raise DamagedFileError(path, f"game {game_id} has not finished")
        except FileNotFoundError:
            return None
        except DamagedFileError as error:
            self._cache.pop(game_id, None)
            try:
                where, code = f"its file was moved to {move_aside(path)}", f"{self._what}_damaged"
            except OSError:  # a read-only folder: leave it, say where it is
                where, code = f"its file {path} is left as it is", f"{self._what}_damaged_left"
            message = StoreWarning(
                f"The {self._what} game {game_id} could not be read ({error.reason}); {where}.", code)
            if message not in self._warnings:
                self._warnings.append(message)
            return None
        self._cache[game_id] = (key, stored)
        return stored

    def ids(self) -> set[str]:
        """The ids of the games with a file here (one listing of the folder; nothing is read)."""
        return {game_id for game_id, _ in self._found()}

    def all(self) -> dict[str, StoredGame]:
        """Every readable game in the folder."""
        games = {}
        for game_id, entry in self._found():
            try:
                st = entry.stat()
            except FileNotFoundError:
                continue
            stored = self.get(game_id, st)
            if stored is not None:
                games[game_id] = stored
        for gone in set(self._cache) - set(games):
            del self._cache[gone]
        return games

    def write(self, stored: StoredGame, doc: Mapping[str, Any], **extra: Any) -> None:
        """Write ``doc`` (a live game document) as ``<id>.json``, durably; ``extra`` keys go along."""
        self.folder.mkdir(exist_ok=True)
        path = self.path(stored.id)
        index = self.entries()
        write_atomically(path, dump_json({"schema": SCHEMA_VERSION, "id": stored.id, **extra, **doc}))
        st = os.stat(path)
        self._cache[stored.id] = (stat_key(st), stored)
        index[stored.id] = Entry.of(stored, st)
        self._write_index()

    def write_many(self, games: Sequence[tuple[StoredGame, Mapping[str, Any]]]) -> None:
        """:meth:`write` each game; all are on disk when this returns.

        Many games (an import) are written without an fsync each and made
        durable by one ``os.sync()``: an fsync costs milliseconds, 8 000 of them
        most of an import. A power cut before the sync may garble a new file;
        its game is still in the live file (it leaves only after this returns),
        and the garbled file is moved aside when read.
        """
        if len(games) <= FSYNC_EACH or not hasattr(os, "sync"):
            for stored, doc in games:
                self.write(stored, doc)
            return
        self.folder.mkdir(exist_ok=True)
        index = self.entries()
        for stored, doc in games:
            path = self.path(stored.id)
            data = dump_json({"schema": SCHEMA_VERSION, "id": stored.id, **doc})
            write_atomically(path, data, durable=False)
            st = os.stat(path)
            self._cache[stored.id] = (stat_key(st), stored)
            index[stored.id] = Entry.of(stored, st)
        os.sync()
        fsync_folder(self.folder)
        self._write_index()

    def unlink(self, game_id: str) -> None:
        if not is_game_id(game_id):
            return
        index = self.entries()
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.path(game_id))
        fsync_folder(self.folder)
        self._cache.pop(game_id, None)
        if index.pop(game_id, None) is not None:
            self._write_index()

    # -- the index -----------------------------------------------------------------------

    def entries(self) -> dict[str, Entry]:
        """Every readable game here by id, from the index: no game file is read while the index
        matches the folder (see the module's docstring); one that does not match is read again."""
        if self._index is None or self._seen != self._stats():
            self.check()
        assert self._index is not None
        return self._index

    def check(self) -> None:
        """Match the index with the folder: each file whose size or time differs from its entry
        (or that has none) is read (a damaged one moved aside), entries of gone files dropped,
        and the index written again when it changed. At open, and when another process wrote."""
        kept = self._read_index()
        index: dict[str, Entry] = {}
        for game_id, entry in self._found():
            try:
                st = entry.stat()
            except FileNotFoundError:
                continue
            known = kept.get(game_id)
            if known is not None and known.file == _file_key(st):
                index[game_id] = known
                continue
            stored = self.get(game_id, st)
            if stored is not None:
                index[game_id] = Entry.of(stored, st)
        self._index = index
        if index != kept:
            with contextlib.suppress(OSError):  # a read-only folder: the next open checks again
                self._write_index()
        self._seen = self._stats()

    def _read_index(self) -> dict[str, Entry]:
        """The index file's entries; ``{}`` when it is missing or damaged in any way (rebuilt)."""
        try:
            data = json.loads(read_regular(self.folder / INDEX_NAME)[0])  # a pipe: rebuilt
            if not isinstance(data, dict) or data.get("schema") != SCHEMA_VERSION:
                return {}
            return {game_id: Entry.from_json(value) for game_id, value in data["games"].items()
                    if is_game_id(game_id)}  # another key is dropped (the index is rewritten)
        except Exception:  # any damage at all (cut short, edited, an older layout): rebuild
            return {}

    def _write_index(self) -> None:
        """Not fsynced: a cache; a crash that garbles it means a rebuild at the next open."""
        assert self._index is not None
        games = {game_id: entry.to_json() for game_id, entry in sorted(self._index.items())}
        write_atomically(self.folder / INDEX_NAME, dump_json({"schema": SCHEMA_VERSION, "games": games}),
                         durable=False)
        self._seen = self._stats()

    def _stats(self) -> tuple[object, object]:
        """The stats of the index file and of the folder (a file added, replaced or removed
        changes the folder's times; another process's index write the index's inode)."""
        try:
            index = stat_key(os.stat(self.folder / INDEX_NAME))
        except OSError:
            index = None
        try:
            st = os.stat(self.folder)
            folder = (st.st_mtime_ns, st.st_ctime_ns, st.st_nlink)
        except OSError:
            folder = None
        return (index, folder)

    def sweep(self) -> None:
        """Remove temporary files a crashed write left (under the file lock)."""
        sweep_temp_files(self.folder)
