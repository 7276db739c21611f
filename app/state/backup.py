"""Backup in the app: export every game, import a backup file (all or nothing)."""

from __future__ import annotations

from dataclasses import dataclass

import flet as ft

from .. import backup
from ..i18n import reason
from ..store import Store
from .command import command, written
from .prefs import Prefs, Worded

__all__ = ["Backup"]


@ft.observable
@dataclass(eq=False)
class Backup(Worded):
    """What the last export or import did."""

    store: Store
    prefs: Prefs
    message: str | None = None
    error: bool = False

    def report(self, message: str) -> None:
        self.message, self.error = message, True

    def clear(self) -> None:
        self.message, self.error = None, False

    def export_all(self) -> tuple[str, bytes]:
        """Every stored game as ``block24 export`` writes it: a file name and its bytes."""
        return backup.export_name(), backup.export_json(self.store)

    def exported(self, name: str, failed: BaseException | None = None) -> None:
        """The browser (or the phone) received the file ``name``, or could not."""
        if failed is not None:
            self.report(self.t("export_failed", reason=reason(self.prefs.language, failed)))
        else:
            self.message, self.error = self.t("exported", name=name), False

    @command
    async def import_file(self, name: str, data: bytes | None) -> bool:
        """Import a backup file: every game in it, or none, with the reason when refused."""
        if data is None:
            self.report(self.t("import_no_data", name=name))
            return False
        try:
            report = await written(lambda: backup.import_bytes(self.store, data))
        except backup.BackupRefused as error:
            # The engine's or the store's refusal underneath carries the code to word.
            underneath = error.__cause__ or error.__context__
            why = reason(self.prefs.language, underneath if getattr(underneath, "code", None) else error)
            self.report(self.t("import_refused", name=name, reason=why))
            return False
        t = self.t
        self.message = t("import_parts", name=name, new=t("imported_new", n=len(report.added)),
                         updated=t("imported_updated", n=len(report.updated)),
                         same=t("imported_same", n=len(report.unchanged)))
        self.error = False
        return True
