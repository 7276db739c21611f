"""The pad in the phone's browser (the web build's module; it runs under Pyodide only).

Pyodide's file system lives in memory. Before the store opens, the data folder
is put on an IDBFS mount (mirrored to IndexedDB) and filled from it; every
store write is wrapped by :class:`IndexedDBPersistence` (``app/persistence.py``):
``load`` re-reads IndexedDB first, so a write made from a stale copy (another
tab saved meanwhile) is refused by the store's version check instead of
overwriting it, and ``save`` returns once IndexedDB holds the write, so "Saved"
means saved. Without IndexedDB (private mode, quota) the pad keeps working in
memory and says so (``available`` is False).
"""

from __future__ import annotations

import logging
import os

import flet as ft

from app import persistence
from app.main import main as app_main

MOUNT = "/persist"
"""Mirrored to IndexedDB (the database is named after this path)."""
DATA = f"{MOUNT}/block24"
MEMORY = "/tmp/block24"
"""The data folder when the browser gives no lasting storage."""

logger = logging.getLogger("block24.web")


class IndexedDBPersistence(persistence.Persistence):
    """The store's files on an IDBFS mount: synced from IndexedDB before a write, to it after."""

    def __init__(self, fs) -> None:
        self.fs = fs
        self.available = True
        self.reason = ""
        """Why storage is not available (the browser's words, for the log)."""

    async def mount(self) -> str:
        """Mount and fill the data folder; return it (in memory when IndexedDB is unusable)."""
        import js

        try:
            if not hasattr(js, "indexedDB") or js.indexedDB is None:
                raise OSError("this browser gives no IndexedDB")
            os.makedirs(MOUNT, exist_ok=True)
            # autoPersist: a file written outside a command (the draft of a round) is mirrored too.
            self.fs.mount(self.fs.filesystems.IDBFS, js.Object.fromEntries([["autoPersist", True]]), MOUNT)
            await self._sync(populate=True)
        except Exception as error:  # any failure means: keep the games in memory
            self._lost(error)
        if not self.available:
            os.makedirs(MEMORY, exist_ok=True)
            return MEMORY
        os.makedirs(DATA, exist_ok=True)
        await self.save()
        return DATA if self.available else MEMORY

    async def load(self) -> None:
        if self.available:
            await self._sync(populate=True)

    async def save(self) -> None:
        if self.available:
            await self._sync(populate=False)

    async def _sync(self, populate: bool) -> None:
        """``FS.syncfs``: IndexedDB → memory (``populate``) or memory → IndexedDB, awaited."""
        import js
        from pyodide.ffi import create_once_callable

        def run(resolve, reject) -> None:
            self.fs.syncfs(populate, create_once_callable(lambda error=None: resolve(error)))

        error = await js.Promise.new(create_once_callable(run))
        if error:
            self._lost(error)

    def _lost(self, error: object) -> None:
        """IndexedDB refused (unavailable, full): from now on the games are only in memory."""
        self.available = False
        self.reason = str(error)
        logger.warning("IndexedDB is not usable, keeping the games in memory: %s", error)


_started = False


async def main(page: ft.Page) -> None:
    """Put the data folder on IndexedDB (once per tab), then render the app as on a server."""
    global _started
    if not _started:
        import pyodide_js

        store = IndexedDBPersistence(pyodide_js.FS)
        os.environ["BLOCK24_DATA"] = await store.mount()
        persistence.install(store)
        _started = True
    app_main(page)


if __name__ == "__main__":
    ft.run(main)
