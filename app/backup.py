"""Backup files in the app: the same bytes ``block24 export`` writes, and the same import.

Pure (no flet): the views hand these bytes to the browser or the phone and
hand picked files back. Import is all-or-nothing, as ``block24 import``:
:meth:`app.store.Store.import_records` checks every record before writing.
"""

from __future__ import annotations

import datetime as dt
import json

from scoring import ScoringError, loads

from .store import ImportRefusedError, ImportReport, Store
from .store.transfer import MAX_BACKUP_BYTES, MAX_GAMES, Checked, checked_record, import_list

__all__ = ["BackupImport", "BackupRefused", "export_json", "export_name",
           "import_bytes"]

class BackupRefused(ValueError):
    """The file cannot be imported; nothing was imported. The message says why.

    The engine's or the store's refusal underneath (with its ``code``) is the
    ``__cause__``; a file too big carries ``code`` ``backup_too_big`` itself.
    """

    code: str | None = None
    values: dict[str, object] = {}  # noqa: RUF012 - replaced per instance, never changed


def records_json(records: object) -> str:
    """Game records as ``block24 export`` writes them: indented UTF-8 JSON."""
    return json.dumps(records, indent=2, ensure_ascii=False) + "\n"


def export_json(store: Store) -> bytes:
    """Every stored game, oldest first, exactly as ``block24 export`` writes them."""
    return records_json(store.export_records()).encode("utf-8")


def export_name(now: dt.datetime | None = None) -> str:
    """``block24-backup-2026-05-01-2130.json``."""
    now = now or dt.datetime.now()
    return f"block24-backup-{now:%Y-%m-%d-%H%M}.json"


class BackupImport:
    """One backup file imported in steps: read it, check its games a few at a time, write them all.

    Each :meth:`step` is a plain call of bounded length, so the app can run it
    in a worker thread (the server: other phones' taps go on) or between
    redraws (the browser has no threads) and show how far it got. Nothing is
    written before the last step, which writes every game in one transaction
    (all or nothing). Every refusal is :class:`BackupRefused`.
    """

    CHECK_STEP = 200
    """Games checked per step (≈ 60 ms of replay on a 2-core machine)."""

    def __init__(self, store: Store, raw: bytes) -> None:
        self.store = store
        self.total: int | None = None
        """Games in the file, once it is read."""
        self.report: ImportReport | None = None
        """What the import did, after the last step."""
        self._raw: bytes | None = raw
        self._records: list[object] = []
        self._checked: list[Checked] = []

    @property
    def checked(self) -> int:
        """Games checked so far."""
        return len(self._checked)

    @property
    def writing(self) -> bool:
        """Every game is checked: the next step writes them."""
        return self.total is not None and self.checked == self.total and self.report is None

    def step(self) -> bool:
        """Do the next part of the import; ``True`` once every game is written."""
        if self._raw is not None:
            self._read(self._raw)
            self._raw = None
        elif not self.writing:
            self._check(self.checked, self.checked + self.CHECK_STEP)
        else:
            try:
                self.report = self.store.import_checked(self._checked)
            except ImportRefusedError as error:
                raise BackupRefused(str(error)) from error
        return self.report is not None

    def _read(self, raw: bytes) -> None:
        if len(raw) > MAX_BACKUP_BYTES:
            refused = BackupRefused(f"the file has {len(raw)} bytes, more than {MAX_BACKUP_BYTES}")
            refused.code, refused.values = "backup_too_big", {"value": len(raw), "expected": MAX_BACKUP_BYTES}
            raise refused
        try:
            records = loads(raw, max_records=MAX_GAMES)
        except ScoringError as error:
            raise BackupRefused(str(error)) from error
        if not isinstance(records, dict | list):
            raise BackupRefused("expected a game record or a list of them")
        try:
            self._records = import_list(records)
        except ImportRefusedError as error:
            raise BackupRefused(str(error)) from error
        self.total = len(self._records)

    def _check(self, start: int, stop: int) -> None:
        try:
            self._checked += [checked_record(i, record)
                              for i, record in enumerate(self._records[start:stop], start=start + 1)]
        except ImportRefusedError as error:
            raise BackupRefused(str(error)) from error


def import_bytes(store: Store, raw: bytes) -> ImportReport:
    """Import the games in a backup file (one record or a list): all of them, or none.

    Raises :class:`BackupRefused` with the reason (not JSON, not records, the
    first game or round at fault). The app runs the same steps one by one
    (:class:`BackupImport`).
    """
    job = BackupImport(store, raw)
    while not job.step():
        pass
    assert job.report is not None
    return job.report
