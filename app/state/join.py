"""Several phones at one table (``serve --lan``): the join code a new device types."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from urllib.parse import urlsplit

import flet as ft

from ..lan import AddressKind, Device, JoinGate, Verdict, Waiting, address_kind, qr_png
from .notice import Notice
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
    notice: Notice | None = None
    """Why the code typed did not open (a refusal)."""
    show_panel: bool = False
    qr: str | None = None
    """The QR code of :attr:`url`, made once (not while drawing)."""

    devices: list[Device] = field(default_factory=list)
    """On the serving device: the phones that joined (each can be sent away)."""
    waiting: list[Waiting] = field(default_factory=list)
    """On the serving device: phones that typed the right code while locked out."""
    ticket: str = field(default_factory=lambda: secrets.token_urlsafe(16), repr=False)
    """This tab's secret: the host lets this tab in, not every tab of its address."""
    code_shown: str = ""
    """The join code as last drawn (the gate's code can be renewed from the host)."""

    def __post_init__(self) -> None:
        # Every new tab types the code, even from an address that joined before: phones on one
        # hotspot or behind one router share an address, so an address alone is no ticket.
        self.locked = self.gate is not None and not self.gate.trusted(self.client)
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
        elif self.locked and self.gate.was_let_in(self.ticket) and self.gate.admitted(self.client):
            self.locked, self.notice = False, None  # the host let this tab in
        if not self.locked:
            # Every phone at the table shows the way in ("Other phones"): the next player
            # scans whichever phone is nearest. Only the host renews it and sends phones away.
            if self.qr is None and self.url is not None:
                self.qr = qr_png(self.url)
            self.code_shown = self.gate.code
        if self.host:
            self.devices = self.gate.devices()
            self.waiting = self.gate.waiting()

    def renew_code(self) -> None:
        """The host makes a new join code (the old one stops working; joined phones stay)."""
        if self.host:
            self.gate.renew_code()
            self._follow()

    def revoke(self, address: str) -> None:
        """The host sends the phone at ``address`` back to the join screen (and renews the code)."""
        if self.host:
            self.gate.revoke(address)
            self._follow()

    def let_in(self, ticket: str) -> None:
        """The host lets in a phone that typed the right code while it was locked out."""
        if self.host:
            self.gate.let_in(ticket)
            self._follow()

    def _follow(self) -> None:
        """The host changed the gate: follow it. Served, every session (this one too) is told
        by the gate and re-checks in a task of its own, where the change is drawn at once; a
        re-check in the tap's own handler was drawn only when the panel was opened again."""
        if not self.gate.listened:
            self.recheck()

    @property
    def code(self) -> str:
        return self.gate.code if self.gate else ""

    def unreachable(self) -> str | None:
        """On the host: why other phones cannot (or should not) open :attr:`url`, or ``None``.

        ``serve --lan`` found no address on a private network (only loopback, or a public
        one): say so, and how to name the right one (``BLOCK24_HOST``)."""
        if not self.host or self.url is None:
            return None
        said = self._unreachable()
        # "Wi-Fi" is one word: a no-break hyphen keeps a narrow phone from writing "Wi-" / "Fi."
        return None if said is None else said.replace("Wi-Fi", "Wi\u2011Fi")

    def _unreachable(self) -> str | None:
        assert self.url is not None
        kind = address_kind(urlsplit(self.url).hostname or "")
        if kind is AddressKind.LOOPBACK:
            return self.t("No other phone can open {url}: it is this machine's own address. Start "
                          "the server with BLOCK24_HOST set to its address on the table's Wi-Fi.",
                          url=self.url)
        if kind is AddressKind.PUBLIC:
            return self.t("{url} is not on a private network: phones at the table may not reach "
                          "it, and strangers might. Start the server with BLOCK24_HOST set to "
                          "this machine's address on the table's Wi-Fi.", url=self.url)
        return None

    def try_code(self, typed: str) -> bool:
        """The join code typed on this device (rate limited per device); ``True`` when it opens."""
        if self.gate is None or not self.locked:
            return False
        verdict = self.gate.try_code(self.client, typed, self.ticket)
        if verdict is Verdict.OPEN:
            self.locked, self.notice = False, None
            self.recheck()
            return True
        if verdict is Verdict.LOCKED:
            self.report(self.t("Too many wrong codes: wait {s} s, or, if your code is right, ask "
                               "the host to let this phone in", s=self.gate.wait_s(self.client)))
        else:
            self.report(self.t("Wrong code"))
        return False

    def toggle_panel(self) -> None:
        """Show or hide the QR code and join code for other phones."""
        self.show_panel = not self.show_panel
