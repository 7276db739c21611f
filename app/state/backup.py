"""Backup in the app: export every game, import a backup file (all or nothing) with its progress."""

from __future__ import annotations

import asyncio
import inspect
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TypeVar

import flet as ft

from .. import persistence
from ..i18n import reason
from ..store import Store, transfer
from .command import command
from .notice import Kind, Notice
from .prefs import Prefs, Worded

__all__ = ["Backup", "off_the_loop"]

T = TypeVar("T")

THREADS = sys.platform != "emscripten"
"""Pyodide (the web build) has no threads: there each step runs inline between redraws."""


async def off_the_loop(step: Callable[[], T]) -> T:
    """Run one bounded step of work without holding up the other sessions' taps.

    On the server every phone is served by one event loop: the step runs in a
    worker thread. In the browser the step runs inline and then gives the
    loop a turn, so the screen shows the progress and the taps between steps.
    """
    if THREADS:
        return await asyncio.to_thread(step)
    result = step()
    await asyncio.sleep(0.005)  # a timer, not only a microtask: the worker's messages get a turn
    return result


@ft.observable
@dataclass(eq=False)
class Backup(Worded):
    """What the last export or import did, and how far a running import got."""

    store: Store
    prefs: Prefs
    notice: Notice | None = None
    importing: tuple[int, int] | None = None
    """While an import runs: games checked so far and games in the file (0 while the file is read;
    all checked: saving)."""

    def clear(self) -> None:
        self.notice = None

    @property
    def progress(self) -> str | None:
        """"Importing 1 200 of 8 000 games…", then "Saving 8 000 games…" (``None`` when idle)."""
        if self.importing is None:
            return None
        checked, total = self.importing
        if not total:
            return self.t("Reading the backup…")
        if checked == total:
            return self.nt("Saving {count} game…", "Saving {count} games…", n=total, count=_count(total))
        return self.nt("Importing {done} of {count} game…", "Importing {done} of {count} games…", n=total,
                       done=_count(checked), count=_count(total))

    def export_all(self) -> tuple[str, bytes]:
        """Every stored game as ``block24 export`` writes it: a file name and its bytes."""
        return transfer.export_name(), transfer.export_json(self.store)

    def exported(self, name: str, failed: BaseException | None = None) -> None:
        """The browser (or the phone) received the file ``name``, or could not."""
        if failed is not None:
            self.report(self.t("Not exported: {reason}", reason=reason(self.prefs.language, failed)))
        else:
            self.tell(self.t("{name} saved", name=name))

    async def import_file(self, name: str, data: bytes | Awaitable[bytes] | None) -> bool:
        """Import a backup file: every game in it, or none, with the reason when refused.

        ``data`` is the file, or what it arrives from (an upload: the import
        begins once the whole file came; :class:`transfer.BackupRefused` if it
        did not). The file is read and its games checked in steps off the event
        loop (:func:`off_the_loop`), showing the progress; then every game is
        written in one store transaction (another session's write waits for it,
        or it for that write). One import at a time per session.
        """
        if self.importing is not None:
            if inspect.iscoroutine(data):
                data.close()  # (never sent for: nothing waits)
            return False
        self.importing = (0, 0)
        try:
            return bool(await self._import(name, data))
        finally:
            self.importing = None

    @command
    async def _import(self, name: str, data: bytes | Awaitable[bytes] | None) -> bool:
        if data is None:
            self.report(self.t("{name} could not be read", name=name))
            return False
        self.clear()
        hook = persistence.current()
        try:
            job = transfer.BackupImport(self.store, data if isinstance(data, bytes) else await data)
            while True:
                if job.writing:  # as command.written: other tabs' saves first, "saved" when lasting
                    await hook.load()
                    await off_the_loop(job.step)
                    await hook.save()
                    break
                await off_the_loop(job.step)
                self.importing = (job.checked, job.total or 0)
        except transfer.BackupRefused as error:
            # The engine's or the store's refusal underneath carries the code to word.
            underneath = error.__cause__ or error.__context__
            why = reason(self.prefs.language, underneath if getattr(underneath, "code", None) else error)
            self.report(self.t("{name} was not imported: {reason}. Nothing was changed.", name=name,
                               reason=why))
            return False
        report = job.report
        assert report is not None
        t = self.t
        nt = self.nt
        self.tell(t("{name}: {new}, {updated}, {same}", name=name,
                    new=nt("{n} new game", "{n} new games", n=len(report.added)),
                    updated=nt("{n} updated", "{n} updated", n=len(report.updated)),
                    same=nt("{n} already there", "{n} already there", n=len(report.unchanged))),
                  Kind.DONE)
        return True


def _count(n: int) -> str:
    """``8 000``: thousands apart by a narrow no-break space (read the same in en, de and nl)."""
    return f"{n:,}".replace(",", "\u202f")
