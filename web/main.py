"""The pad in the phone's browser (the web build's module; it runs under Pyodide only).

Pyodide's file system lives in memory. Before the store opens, the data folder
is put on an IDBFS mount (mirrored to IndexedDB) and filled from it; every
store write is wrapped by :class:`IndexedDBPersistence` (``app/persistence.py``):
``save`` returns once IndexedDB holds the write, so "Saved" means saved, and
``load`` brings in what another tab of this browser saved (it says so on a
BroadcastChannel), so a write made from a stale copy is refused by the store's
version check instead of overwriting it. Without IndexedDB (private mode,
quota) the pad keeps working in memory and says so (``available`` is False).

One IndexedDB sync per saved change (issue 16): Emscripten's sync copies only
the files whose time changed, and nothing syncs by itself (``autoPersist`` would
start a sync on every file write, even while the mount is being filled, and a
tab closed in between lost files from IndexedDB). A write that changed only the
round's draft (a tap while a round is entered: no score depends on it) is
synced a moment later, with the next change or after ``DRAFT_DELAY_S``.
"""

from __future__ import annotations

import asyncio
import json
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
CHANNEL = "block24-store"
"""Every tab of the pad says here that it saved (so the others re-read before their next write)."""
DRAFT_DELAY_S = 0.5
LASTING = ("", "block24.json", "block24.json.bak", "archive", "trash")
"""What a write of the record touches (a folder's time changes when a file in it is replaced)."""

logger = logging.getLogger("block24.web")


class IndexedDBPersistence(persistence.Persistence):
    """The store's files on an IDBFS mount: one sync to IndexedDB per change, re-read when told."""

    def __init__(self, fs) -> None:
        self.fs = fs
        self.available = True
        self.reason = ""
        """Why storage is not available (the browser's words, for the log)."""
        self.stale = False
        """Another tab saved since this one last read IndexedDB."""
        self._times: dict[str, float] = {}
        self._lock = asyncio.Lock()
        self._later: asyncio.TimerHandle | None = None
        self._channel = None

    async def mount(self) -> str:
        """Mount and fill the data folder; return it (in memory when IndexedDB is unusable)."""
        import js

        try:
            if not hasattr(js, "indexedDB") or js.indexedDB is None:
                raise OSError("this browser gives no IndexedDB")
            os.makedirs(MOUNT, exist_ok=True)
            self.fs.mount(self.fs.filesystems.IDBFS, js.Object.new(), MOUNT)
            await self._populate()
        except Exception as error:  # any failure means: keep the games in memory
            self._lost(error)
        if not self.available:
            os.makedirs(MEMORY, exist_ok=True)
            return MEMORY
        os.makedirs(DATA, exist_ok=True)
        self._listen()
        self._follow_persist()
        await self.save()
        return DATA if self.available else MEMORY

    def _listen(self) -> None:
        import js
        from pyodide.ffi import create_proxy

        if not hasattr(js, "BroadcastChannel"):
            self.stale = True  # no word from other tabs: re-read before every write, as before
            return

        def heard(event) -> None:
            self.stale = True

        self._channel = js.BroadcastChannel.new(CHANNEL)
        self._channel.onmessage = create_proxy(heard)

    def _follow_persist(self) -> None:
        """``evictable`` once the page's ``navigator.storage.persist()`` is answered (register.js)."""
        import flet_js
        from pyodide.ffi import create_proxy

        def answered(granted) -> None:
            self.evictable = not granted

        if getattr(flet_js, "persisted", None) is not None:
            answered(flet_js.persisted)
        flet_js.on_persisted = create_proxy(answered)

    async def load(self) -> None:
        if self.available and (self.stale or self._channel is None):
            await self._populate()

    async def _populate(self) -> None:
        self.stale = False
        await self._sync(populate=True)
        self._times = self._lasting_times()

    async def save(self) -> None:
        if not self.available:
            return
        times = self._lasting_times()
        if times == self._times:  # only the draft changed: with the next change, or in a moment
            if self._later is None:
                self._later = asyncio.get_event_loop().call_later(
                    DRAFT_DELAY_S, lambda: asyncio.ensure_future(self._save_draft()))
            return
        await self._save_now()

    async def _save_draft(self) -> None:
        self._later = None
        if not self.stale:  # another tab saved since: our older copy of its files must not go back
            await self._save_now()

    async def _save_now(self) -> None:
        if self._later is not None:
            self._later.cancel()
            self._later = None
        times = self._lasting_times()
        await self._sync(populate=False)
        self._times = times
        if self._channel is not None and self.available:
            self._channel.postMessage("saved")

    def _lasting_times(self) -> dict[str, float]:
        times = {}
        for name in LASTING:
            try:
                times[name] = os.stat(os.path.join(DATA, name)).st_mtime
            except OSError:
                times[name] = -1.0
        return times

    async def _sync(self, populate: bool) -> None:
        """``FS.syncfs``: IndexedDB → memory (``populate``) or memory → IndexedDB, one at a time."""
        import js
        from pyodide.ffi import create_once_callable

        def run(resolve, reject) -> None:
            self.fs.syncfs(populate, create_once_callable(lambda error=None: resolve(error)))

        async with self._lock:
            error = await js.Promise.new(create_once_callable(run))
        if error:
            self._lost(error)

    def glance(self, summary: dict | None) -> None:
        """Kept by the page in its local storage for the loading screen (web/client/glance.js),
        unless the games are kept in memory only; a game being played keeps the screen awake."""
        try:
            import flet_js

            kept = json.dumps(summary, ensure_ascii=False) if summary and self.available else ""
            flet_js.glance(kept, summary is not None)
        except Exception as error:  # the loading screen is a nicety: never a reason to fail a round
            logger.warning("the loading screen's summary was not kept: %s", error)

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
