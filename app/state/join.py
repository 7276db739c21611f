"""Several phones at one table (``serve --lan``): the join code a new device types."""

from __future__ import annotations

from dataclasses import dataclass

import flet as ft

from ..lan import JoinGate, Verdict, qr_png
from .prefs import Prefs, Worded

__all__ = ["Join"]


@ft.observable
@dataclass(eq=False)
class Join(Worded):
    """This device's place at the table: locked until its code is right; the host's QR code."""

    prefs: Prefs
    gate: JoinGate | None = None
    client: str | None = None
    """This device's address, as the server sees it."""
    url: str | None = None
    locked: bool = False
    error: str | None = None
    show_panel: bool = False
    qr: str | None = None
    """The QR code of :attr:`url`, made once (not while drawing)."""

    def __post_init__(self) -> None:
        self.locked = self.gate is not None and not self.gate.trusted(self.client)
        if self.gate is not None and self.url is not None and not self.locked:
            self.qr = qr_png(self.url)

    @property
    def code(self) -> str:
        return self.gate.code if self.gate else ""

    def try_code(self, typed: str) -> bool:
        """The join code typed on this device (rate limited per device); ``True`` when it opens."""
        if self.gate is None or not self.locked:
            return False
        verdict = self.gate.try_code(self.client, typed)
        if verdict is Verdict.OPEN:
            self.locked, self.error = False, None
            return True
        if verdict is Verdict.LOCKED:
            self.error = self.t("join_locked", s=self.gate.wait_s(self.client))
        else:
            self.error = self.t("join_wrong")
        return False

    def toggle_panel(self) -> None:
        """Show or hide the QR code and join code for other phones."""
        self.show_panel = not self.show_panel
