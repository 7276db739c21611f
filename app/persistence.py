"""Where the store's files go beyond this process, awaited around every write.

On a disk (``make run``, a phone app) the store's own fsync is the end of a
write: both steps do nothing. In the browser build the files live in Pyodide's
in-memory file system mirrored to IndexedDB; the web entry installs a
``Persistence`` whose ``load`` brings in what another tab saved (so the store's
version check refuses a stale write instead of overwriting it) and whose
``save`` awaits the mirror, so "Saved" means saved in IndexedDB.

Every command that writes to the store does::

    await persistence.current().load()
    ... the store write ...
    await persistence.current().save()
"""

from __future__ import annotations

__all__ = ["Persistence", "current", "install"]


class Persistence:
    """Nothing beyond the store's own fsync (the server and the native apps)."""

    available: bool = True
    """False when the browser gives no lasting storage (private mode, quota): kept in memory only."""

    evictable: bool = False
    """The browser declined to keep the storage for good (``navigator.storage.persist()``): it may
    clear the games when space runs low."""

    async def load(self) -> None:
        """Before a write: bring in what other tabs or devices of this browser saved."""

    async def save(self) -> None:
        """After a write: return only when the write is lasting."""

    def worth_keeping(self, why: str) -> None:
        """The player has something worth keeping (``why``: "finished game"): the web build may
        ask the browser, once, to keep its storage for good. Elsewhere nothing to ask."""

    def glance(self, summary: dict | None) -> None:
        """What the web build's loading screen shows of the open game at the next start.

        ``summary`` is worded already (names, scores, the round, in this phone's
        language and theme); None: no game being played. Never read back: the store
        stays the record. Elsewhere there is no loading screen to fill.
        """


_current = Persistence()


def current() -> Persistence:
    """The persistence this process uses."""
    return _current


def install(persistence: Persistence) -> None:
    """Use ``persistence`` from now on (the web entry, before the store opens)."""
    global _current
    _current = persistence
