"""Several phones at one table (``serve --lan``): the join code a new device types."""

from __future__ import annotations

from dataclasses import dataclass, field

import flet as ft

from ..lan import Device, JoinGate, Verdict, qr_png
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

    devices: list[Device] = field(default_factory=list)
    """On the serving device: the phones that joined (each can be sent away)."""
    code_shown: str = ""
    """The join code as last drawn (the gate's code can be renewed from the host)."""

    def __post_init__(self) -> None:
        # Every new tab types the code, even from an address that joined before: phones on one
        # hotspot or behind one router share an address, so an address alone is no ticket.
        self.locked = self.gate is not None and not self.gate.trusted(self.client)
        if self.gate is not None and self.url is not None and not self.locked:
            self.qr = qr_png(self.url)
        self.recheck()

    @property
    def host(self) -> bool:
        """This is the serving device: it renews the code and sends joined phones away."""
        return self.gate is not None and self.gate.trusted(self.client)

    def recheck(self) -> None:
        """The gate changed (a phone joined or was sent away, a new code): follow it.

        A revoked phone is locked at once (it sees the join screen, no game data).
        """
        if self.gate is None:
            return
        if not self.locked and not self.gate.admitted(self.client):
            self.locked, self.show_panel = True, False
        if self.host:
            self.devices, self.code_shown = self.gate.devices(), self.gate.code

    def renew_code(self) -> None:
        """The host makes a new join code (the old one stops working; joined phones stay)."""
        if self.host:
            self.gate.renew_code()
            self.recheck()

    def revoke(self, address: str) -> None:
        """The host sends the phone at ``address`` back to the join screen."""
        if self.host:
            self.gate.revoke(address)
            self.recheck()

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
            self.error = self.t("Too many wrong codes: wait {s} s", s=self.gate.wait_s(self.client))
        else:
            self.error = self.t("Wrong code")
        return False

    def toggle_panel(self) -> None:
        """Show or hide the QR code and join code for other phones."""
        self.show_panel = not self.show_panel
