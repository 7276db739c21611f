"""One file per game: the archive (finished games) and the trash (deleted games).

Why finished games live in files of their own: see the package's docstring.
A damaged file costs one game: it is moved aside with a warning, never
overwritten. Each file is read once and kept while its stat is unchanged.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from .atomic import (
    dump_json,
    fsync_folder,
    move_aside,
    parse_json,
    stat_key,
    sweep_temp_files,
    write_atomically,
)
from .errors import DamagedFileError
from .schema import SCHEMA_VERSION, StoredGame, stored_game

__all__ = ["GameFiles"]

StatKey = tuple[int, int, int, int]
FSYNC_EACH = 8
"""Up to this many files are fsynced one by one; more are synced at once (see ``write_many``)."""


class GameFiles:
    """The folder ``<data>/<name>/`` holding ``<id>.json`` per game.

    ``finished_only`` (the archive): a file of a game still being played is
    damaged. ``what`` names the games in warnings ("finished", "deleted").
    """

    def __init__(self, folder: Path, warnings: list[str], *, what: str, finished_only: bool) -> None:
        self.folder = folder
        self._warnings = warnings
        self._what = what
        self._finished_only = finished_only
        self._cache: dict[str, tuple[StatKey, StoredGame]] = {}

    def path(self, game_id: str) -> Path:
        return self.folder / f"{game_id}.json"

    def get(self, game_id: str, st: os.stat_result | None = None) -> StoredGame | None:
        """The game in ``<id>.json`` (``None`` when there is none or it was damaged and moved aside)."""
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
            doc = parse_json(path.read_bytes(), path)
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
                where = f"its file was moved to {move_aside(path)}"
            except OSError:  # a read-only folder: leave it, say where it is
                where = f"its file {path} is left as it is"
            message = f"The {self._what} game {game_id} could not be read ({error.reason}); {where}."
            if message not in self._warnings:
                self._warnings.append(message)
            return None
        self._cache[game_id] = (key, stored)
        return stored

    def ids(self) -> set[str]:
        """The ids of the games with a file here (one listing of the folder; nothing is read)."""
        try:
            with os.scandir(self.folder) as entries:
                return {e.name[: -len(".json")] for e in entries
                        if e.name.endswith(".json") and not e.name.startswith(".")}
        except FileNotFoundError:
            return set()

    def all(self) -> dict[str, StoredGame]:
        """Every readable game in the folder."""
        try:
            with os.scandir(self.folder) as entries:
                found = [
                    (e.name[: -len(".json")], e)
                    for e in entries
                    if e.name.endswith(".json") and not e.name.startswith(".")
                ]
        except FileNotFoundError:
            found = []
        games = {}
        for game_id, entry in found:
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
        write_atomically(path, dump_json({"schema": SCHEMA_VERSION, "id": stored.id, **extra, **doc}))
        self._cache[stored.id] = (stat_key(os.stat(path)), stored)

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
        for stored, doc in games:
            path = self.path(stored.id)
            data = dump_json({"schema": SCHEMA_VERSION, "id": stored.id, **doc})
            write_atomically(path, data, durable=False)
            self._cache[stored.id] = (stat_key(os.stat(path)), stored)
        os.sync()
        fsync_folder(self.folder)

    def unlink(self, game_id: str) -> None:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.path(game_id))
        fsync_folder(self.folder)
        self._cache.pop(game_id, None)

    def sweep(self) -> None:
        """Remove temporary files a crashed write left (under the file lock)."""
        sweep_temp_files(self.folder)
