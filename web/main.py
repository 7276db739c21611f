"""The pad in the phone's browser (the web build's module; it runs under Pyodide only).

Pyodide's file system lives in memory. Before the store opens, the data folder
is put on an IDBFS mount (mirrored to IndexedDB) and filled from it; every
store write is wrapped by :class:`IndexedDBPersistence` (``app/persistence.py``):
``save`` returns once IndexedDB holds the write, so "Saved" means saved, and
``load`` brings in what another tab of this browser saved (it says so on a
BroadcastChannel), so a write made from a stale copy is refused by the store's
version check instead of overwriting it. Without IndexedDB (private mode,
quota) the pad keeps working in memory and says so (``available`` is False).

One IndexedDB write per saved change, of what changed: Emscripten's
``FS.syncfs`` walks every file of the mount and every key of the database (one
cursor step each, 1 000 archived games: 1 000 steps per round) before it writes;
here Python knows what IndexedDB holds (each path with its time), finds what
changed since (the archive's and the trash's folders are not walked while their
time is unchanged: the store replaces files there by renaming), and hands only
those paths to Emscripten's own ``IDBFS.reconcile``: one transaction that puts the
changed files and deletes the removed ones. Nothing syncs by itself
(``autoPersist`` would start a sync on every file write, even while the mount is
being filled, and a tab closed in between lost files from IndexedDB). A write
that changed only the round's draft (a tap while a round is entered: no score
depends on it) is kept a moment later, with the next change or after
``DRAFT_DELAY_S``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os

import flet as ft

from app import peers, persistence
from app.main import main as app_main
from app.state import Told
from app.store import Store

MOUNT = "/persist"
"""Mirrored to IndexedDB (the database is named after this path)."""
DATA = f"{MOUNT}/block24"
MEMORY = "/tmp/block24"
"""The data folder when the browser gives no lasting storage."""
GLANCE = f"{MOUNT}/glance.json"
"""The open game's summary for the next start's loading screen (``web/client/glance.js`` reads it
from IndexedDB before Python is up). Never older than the game: a write that changes anything
else removes it in the same IndexedDB transaction, and the new one follows in a transaction of
its own, so a tab killed at any moment leaves the new summary or none."""
CHANNEL = "block24-store"
"""Every tab of the pad says here that it saved (so the others re-read before their next write)."""
DRAFT_DELAY_S = 0.5
WRITE_AGAIN_S = (0.5, 1.5, 3.0)
"""A write IndexedDB refused is tried again after these pauses before the games stay in memory:
room can come back (the service worker gives its offline copy's room to the games)."""
ROOM = "block24-room"
"""The channel on which a write refused for room asks the service worker for room: an offline copy
still being made gives its room back to the games at once (web/client/service_worker.js)."""
GIVING_S = 60.0
"""How long a write waits for the room a service worker said it is giving back."""
DRAFTS = f"{DATA}/drafts"
DEFERRED = {DATA, f"{DATA}/block24.lock", DRAFTS}
"""With the drafts' files, what a tap while a round is entered changes (no score depends on
it): kept a moment later."""
UNWALKED = (f"{DATA}/archive", f"{DATA}/trash")
"""Folders taken as they were while their time is unchanged (the store writes a file there only
by renaming a new one in, or removes it: both change the folder's time); every other is walked."""
WRITE = """(IDBFS, mount, changed, removed, done) => IDBFS.getDB(mount, (error, db) => {
    if (error) return done(error);
    const entries = (paths) => Object.fromEntries(paths.map((path) => [path, {timestamp: new Date(0)}]));
    IDBFS.reconcile({type: "local", entries: entries(changed)},
                    {type: "remote", db, entries: entries(removed)}, done);
})"""
"""Emscripten's own write of a sync, given the paths: every file's content is taken at once (in
the same turn as Python's look), and ``done`` is called when the transaction is complete."""

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
        self._kept: dict[str, int] = {}
        """Each path under the mount (files and folders) with its time, as IndexedDB holds it."""
        self._lock = asyncio.Lock()
        self._later: asyncio.TimerHandle | None = None
        self._channel = None
        self._glance_saving: asyncio.Future | None = None

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
        """``evictable`` once the page says whether the browser keeps the storage (register.js)."""
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
        self._kept = {}
        self._kept = self._changes()[2]

    async def save(self) -> None:
        if not self.available:
            return
        changed, removed, _ = self._changes()
        if not changed and not removed:
            return
        if all(_only_draft(path) for path in changed + removed):
            # only the draft: with the next change, or in a moment
            if self._later is None:
                self._later = asyncio.get_event_loop().call_later(
                    DRAFT_DELAY_S, lambda: asyncio.ensure_future(self._save_draft()))
            return
        outdated = any(path != GLANCE and not _only_draft(path) for path in changed + removed)
        if outdated and os.path.exists(GLANCE):
            os.remove(GLANCE)  # in the same write as the change it no longer describes
        await self._save_now()

    async def _save_draft(self) -> None:
        self._later = None
        if not self.stale:  # another tab saved since: our older copy of its files must not go back
            await self._save_now()

    async def _save_now(self) -> None:
        if self._later is not None:
            self._later.cancel()
            self._later = None
        for pause in (*WRITE_AGAIN_S, None):
            async with self._lock:  # the look and the write in one go: no file changes between
                changed, removed, now = self._changes()
                error = await self._write(changed, removed) if changed or removed else None
            if not error:
                break
            if pause is None:
                self._lost(error)
                return
            logger.warning("IndexedDB refused a write (%s): trying again in %s s", error, pause)
            await self._room(error, pause)
        self._kept = now
        if self._channel is not None:
            self._channel.postMessage("saved")

    async def _room(self, error: object, pause: float) -> None:
        """Wait ``pause`` s for room. A refusal for room first asks the service worker: one making
        its offline copy says "giving", gives that room back to the games and says "given"."""
        if "QuotaExceeded" not in str(error):
            await asyncio.sleep(pause)
            return
        import js
        from pyodide.ffi import create_proxy

        heard: dict[str, asyncio.Event] = {"giving": asyncio.Event(), "given": asyncio.Event()}
        channel = js.BroadcastChannel.new(ROOM)
        listener = create_proxy(lambda event: heard[event.data].set() if event.data in heard else None)
        channel.onmessage = listener
        try:
            channel.postMessage("wanted")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(heard["given"].wait(), pause)
            if heard["giving"].is_set() and not heard["given"].is_set():
                with contextlib.suppress(TimeoutError):  # the file it is fetching comes first
                    await asyncio.wait_for(heard["given"].wait(), GIVING_S)
        finally:
            channel.close()
            listener.destroy()

    def _changes(self) -> tuple[list[str], list[str], dict[str, int]]:
        """The paths changed and removed since IndexedDB was last written, and the mount now.

        Times are in milliseconds: a file changed in the millisecond of a look could change
        again within it, after the look, and keep its time. So a look that sees a time of its
        own millisecond waits for the next one and looks again: every time kept is older than
        any later change (in Pyodide the files' clock is ``Date.now()``, :func:`_now`).
        """
        kept = self._kept
        while True:
            at = int(_now())
            now = self._look(MOUNT, kept)
            this = range(at * 1_000_000, (at + 1) * 1_000_000)
            if not any(when in this for when in now.values()):
                break
            while int(_now()) == at:
                pass  # at most a millisecond
        changed = [path for path, when in now.items() if kept.get(path) != when]
        return changed, [path for path in kept if path not in now], now

    def _look(self, folder: str, kept: dict[str, int]) -> dict[str, int]:
        """Each path under ``folder`` with its time; an :data:`UNWALKED` folder whose time is
        unchanged since ``kept`` is taken from ``kept``."""
        found: dict[str, int] = {}
        with os.scandir(folder) as entries:
            for entry in entries:
                when = entry.stat(follow_symlinks=False).st_mtime_ns
                found[entry.path] = when
                if not entry.is_dir(follow_symlinks=False):
                    continue
                if entry.path in UNWALKED and kept.get(entry.path) == when:
                    inside = entry.path + "/"
                    found.update((path, t) for path, t in kept.items() if path.startswith(inside))
                else:
                    found.update(self._look(entry.path, kept))
        return found

    async def _write(self, changed: list[str], removed: list[str]) -> object:
        """Put ``changed`` into IndexedDB and delete ``removed`` from it, in one transaction
        (each file's content taken now); the error, if IndexedDB refused."""
        import js
        from pyodide.code import run_js
        from pyodide.ffi import create_once_callable, to_js

        global _write_js
        if _write_js is None:
            _write_js = run_js(WRITE)

        def run(resolve, reject) -> None:
            _write_js(self.fs.filesystems.IDBFS, MOUNT, to_js(changed), to_js(removed),
                      create_once_callable(lambda error=None: resolve(error)))

        return await js.Promise.new(create_once_callable(run))

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
        """Kept in IndexedDB for the loading screen (:data:`GLANCE`), unless the games are kept in
        memory only; a game being played keeps the screen awake (the page: python.js)."""
        try:
            import flet_js

            flet_js.glance(summary is not None)
        except Exception as error:  # a nicety: never a reason to fail a round
            logger.warning("the page was not told whether a game is played: %s", error)
        if not self.available:
            return
        try:
            if summary:
                with open(GLANCE, "w", encoding="utf-8") as file:
                    json.dump(summary, file, ensure_ascii=False)
            elif os.path.exists(GLANCE):
                os.remove(GLANCE)
        except OSError as error:  # the loading screen is a nicety: never a reason to fail a round
            logger.warning("the loading screen's summary was not kept: %s", error)
            return
        self._glance_saving = asyncio.ensure_future(self._save_glance())  # (kept: a task is weakly held)

    async def _save_glance(self) -> None:
        if not self.stale:  # another tab saved since: its summary is the newer one
            await self._save_now()

    def worth_keeping(self, why: str) -> None:
        """The page may ask the browser, once, to keep the games for good (register.js)."""
        if not self.available or not self.evictable:
            return
        try:
            import flet_js

            flet_js.keep(why)
        except Exception as error:  # a nicety: never a reason to fail a round
            logger.warning("the browser was not asked to keep the games: %s", error)

    def _lost(self, error: object) -> None:
        """IndexedDB refused (unavailable, full): from now on the games are only in memory."""
        self.available = False
        self.reason = str(error)
        logger.warning("IndexedDB is not usable, keeping the games in memory: %s", error)


_write_js = None


def _only_draft(path: str) -> bool:
    """What a tap while a round is entered changes (:data:`DEFERRED`): no score depends on it."""
    return path in DEFERRED or path.startswith(DRAFTS + "/")


def _now() -> float:
    """``Date.now()``: the clock Emscripten's files take their times from (ms)."""
    import js

    return float(js.Date.now())


class ConsoleLog(logging.Handler):
    """The browser's console is the web build's log (Python's own stderr reaches no one)."""

    def emit(self, record: logging.LogRecord) -> None:
        import js

        js.console.warn(self.format(record))


async def prepare() -> None:
    """Put the data folder on IndexedDB and open the store, once per tab.

    The worker (``web/client/python-worker.js``) awaits this while Flutter's client is still
    loading, so the first screen waits for neither IndexedDB nor the store's files. The worker
    then runs this module afresh as ``__main__``: what is prepared lives in ``app.persistence``
    and the store's own cache, not in this module.
    """
    if type(persistence.current()) is not persistence.Persistence:
        return  # installed already (before Flutter connected, or by an earlier session of this tab)
    import pyodide_js

    logging.getLogger("block24").addHandler(ConsoleLog(logging.WARNING))
    store = IndexedDBPersistence(pyodide_js.FS)
    os.environ["BLOCK24_DATA"] = await store.mount()
    persistence.install(store)
    try:
        Store.open()  # kept per folder: app.main's open finds it
    except Exception as error:  # the app says what is wrong when it opens the store itself
        logger.warning("the store did not open before the app: %s", error)


def told(device: object) -> Told | None:
    """What the page told with Flutter's connect (``python.js``): the browser's languages and the
    pad's settings in its storage, so the first screen asks the client nothing. ``None`` (then
    the app asks the client, as a server does) when the page told nothing usable."""
    try:
        return Told.read(device.to_py() if hasattr(device, "to_py") else device)
    except Exception as error:  # the page is ours, but a start is never lost over a nicety
        logger.warning("the page's settings were not read: %s", error)
        return None


def _told_once() -> Told | None:
    """:func:`told` for this tab's first session; a later one (a reconnect) asks the client."""
    import flet_js

    device = getattr(flet_js, "device", None)
    if device is None:
        return None
    flet_js.device = None
    return told(device)


def first_screen_controls() -> tuple[type, ...]:
    """The control classes Flet sends from the register's answer to the first screen: the page
    and what it holds, home's (with games in progress or none), and those a restart that resumes
    a game opens on and a player reaches from there at once: the game's screen at each step of a
    round, the round corrected, the game over; then those one tap on any of them opens (the first
    tap after a restart is answered as fast as the next). Naming them imports their modules.
    (tests/test_web_start.py checks the list against the first screens sent and their taps.)"""
    import flet.canvas as cv
    from flet.components.component import Component
    from flet.controls.base_page import Dialogs, Overlay
    from flet.controls.page import ServiceRegistry

    home = (ft.Page, ft.View, ft.Window, Dialogs, Overlay, ServiceRegistry, ft.SharedPreferences, Component,
            ft.SafeArea, ft.Column, ft.Row, ft.Text, ft.MergeSemantics, ft.Semantics, ft.IconButton,
            ft.FilledButton, ft.OutlinedButton, ft.ListTile)
    # the suits are drawn (ft.Button, a canvas), the pickers are dropdowns (app/views/)
    game = (ft.Container, ft.Icon, ft.Chip, ft.Dropdown, ft.DropdownOption, ft.Button, ft.TextButton,
            ft.Divider, cv.Canvas, cv.Path)
    # one tap away: the names and options of a new game, the backup's file picker in the settings,
    # a question asked first (a game deleted, a finished game's round undone), the statistics'
    # table. Not the charts (:data:`LEFT_OUT`).
    new_game = (ft.TextField, ft.Switch)
    settings = (ft.FilePicker,)
    asked = (ft.AlertDialog,)
    statistics = (ft.DataTable, ft.DataColumn, ft.DataRow, ft.DataCell)
    return home + game + new_game + settings + asked + statistics


LEFT_OUT = "flet_charts"
"""Kept out of the snapshot though one tap draws it (a game's chart, the statistics' bars): it
would cost every first visit and every update 466 KB gzipped, for about 0.5 s once, on the first
chart after a restart (bench/README.md)."""


def configure_first_screen() -> None:
    """Flet's work the first time a control class is sent, done for :func:`first_screen_controls`
    while the build makes the memory snapshot (web/snapshot.mjs), so that no restart does it on the
    way to the first screen: their modules imported (each class made a dataclass), and the rules
    Flet checks every control against before it sends it (``validate``), resolved from the
    type hints of each class and its bases. Nothing else is kept: no control is made."""
    from flet.utils import validation

    for control in first_screen_controls():
        validation._compile_class_spec(control)  # (memoised per class: what validate() checks)
        validation._get_effective_type_hints(control)  # (its None checks)


async def main(page: ft.Page) -> None:
    """The data folder on IndexedDB (see :func:`prepare`), then the app as on a server, told
    the device's languages and settings by the page; other phones join over WebRTC (web/peer.py)."""
    await prepare()
    from web.peer import bridge

    peers.on_start = bridge.attach
    app_main(page, _told_once(), fonts_in_client=True)  # FontManifest.json (web.build, Target.fonts)


if __name__ == "__main__":
    ft.run(main)
