"""Other phones at a table with no computer (the offline pad): the host's and a guest's steps.

The phones talk over WebRTC (``web/client/peer.js``); what crosses and who decides is
:mod:`app.peers`. This concern is what the table sees: the code to scan, what to do next,
who joined, why a step failed. It asks the page through ``link`` (``web/peer.py``: a
message to the page) and hears back through the ``on_*`` methods, each redrawn.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

import flet as ft

from ..i18n import N_
from ..lan import qr_png
from .notice import Kind, Notice
from .prefs import Prefs, Worded

__all__ = ["Phones", "Role"]


class Role(StrEnum):
    HOST = "host"
    """This phone's game is the table's: it scans the others in and decides every change."""
    GUEST = "guest"
    """This phone follows the host's game and sends its changes to it."""


FAILURES = {
    "unreached": N_("The phones did not reach each other: are both on the same Wi-Fi or hotspot? "
                 "Try again, the code has changed."),
    "not-pad": N_("That is not a code of this pad: scan the code on the other phone's Other phones panel."),
    "old-pad": N_("That code is from an older or newer version of the pad: update both phones "
                  "(reload the pad)."),
    "cut": N_("Only part of the code was read: hold the camera steady, closer, and scan again."),
    "kind": N_("That is the wrong phone's code: the host scans the guest's code, the guest the host's."),
    "camera-refused": N_("The camera was refused: allow it in the browser's settings, or take a photo of the "
                      "code and choose it."),
    "no-camera": N_("This phone has no camera the pad can use: take a photo of the code and choose it."),
    "insecure": N_("The camera works only when the pad is opened over https: open the installed pad."),
    "no-code": N_("No code was found in that photo: take it again, the whole code in the picture."),
    "no-decoder": N_("The code reader could not be loaded: reload the pad."),
    "host-away": N_("The host's phone is away: keep its screen on and the pad open; this phone keeps "
                    "the Block."),
    "host-gone": N_("The host's phone did not answer (its pad was closed or reloaded, or the Wi-Fi is "
                    "gone): this phone keeps trying. Or on the host's phone share the game again, then "
                    "scan its code here."),
}
"""Why a step failed (the page's ``why``), with what to try: worded in the table's language."""


@ft.observable
@dataclass(eq=False)
class Phones(Worded):
    """This phone's place at a table with no computer."""

    prefs: Prefs
    link: Callable[[dict[str, Any]], None]
    """Asks the page (``web/peer.py``)."""
    supported: bool = True
    """The browser has WebRTC and a secure context (else the panel names ``make serve``)."""
    role: Role | None = None
    show_panel: bool = False
    code: str | None = None
    """The code on screen: the host's link, or a guest's own code for the host to scan."""
    qr: bytes | None = None
    step: str = ""
    """What to do next, worded."""
    notice: Notice | None = None
    working: bool = False
    """A scan or a join is under way (its button waits)."""
    guests: list[str] = field(default_factory=list)
    """On the host: the phones joined (their ids; shown as "Phone 1", "Phone 2" …)."""
    numbers: dict[str, int] = field(default_factory=dict)
    connected: bool = False
    """On a guest: the channel to the host is open."""
    game_id: str | None = None

    @property
    def rejoinable(self) -> bool:
        """A guest away from its host and not showing its own code: it may scan the host's code
        again (the host's page reloaded, or it did not answer on the standby)."""
        return self.role is Role.GUEST and not self.connected and self.code is None

    def toggle_panel(self) -> None:
        self.show_panel = not self.show_panel

    # -- the host ---------------------------------------------------------------------

    def share(self, game_id: str) -> None:
        """Make this phone's open game the table's: its code goes on screen."""
        if not self.supported or self.working:
            return
        self.role, self.game_id, self.working, self.notice = Role.HOST, game_id, True, None
        self.step = self.t("Preparing this phone's code…")
        self.link({"do": "host", "game": game_id})

    def scan(self, photo: bool = False) -> None:
        """Scan the next code: on the host a guest's, on a phone not at a table the host's."""
        if not self.supported or self.working:
            return
        self.working, self.notice = True, None
        self.link({"do": "scan", "photo": photo, "as": "host" if self.role is Role.HOST else "guest",
                   "words": {"title": self.t("Point the camera at the other phone's code"),
                             "stop": self.t("Stop")}})

    def join(self, code: str) -> None:
        """The pad was opened from a host's code (the phone's camera app followed its link)."""
        if not self.supported or self.role is not None:
            return
        self.working, self.notice, self.show_panel = True, None, True
        self.step = self.t("Joining the table…")
        self.link({"do": "join", "code": code})

    def send_away(self, guest: str) -> None:
        """The host sends a phone away: its certificate is forgotten, it must be scanned again."""
        if self.role is Role.HOST and guest in self.guests:
            self.link({"do": "away", "id": guest})

    def name(self, guest: str) -> str:
        return self.t("Phone {n}", n=self.numbers.get(guest, 0))

    # -- what the page says -------------------------------------------------------------

    def on_unsupported(self, why: str) -> None:
        self.supported = False

    def on_code(self, code: str) -> None:
        """The host's code (a link to the pad) for the next phone."""
        self.working, self.code, self.qr = False, code, qr_png(code, scale=6)
        self.step = self.t("On the next phone, scan this code (its camera app opens the pad). "
                           "Then tap “Scan the next phone” and scan the code it shows.")

    def on_guest_code(self, code: str) -> None:
        """A guest scanned the host's code: its own code for the host to scan."""
        self.role, self.working, self.code, self.qr = Role.GUEST, False, code, qr_png(code, scale=6)
        self.show_panel = True
        self.step = self.t("Now the host's phone taps “Scan the next phone” and scans this code.")

    def on_joined(self, guest: str) -> None:
        self.working = False
        if guest not in self.numbers:
            self.numbers[guest] = len(self.numbers) + 1
        if guest not in self.guests:
            self.guests = [*self.guests, guest]
        self.tell(self.t("{phone} joined the table", phone=self.name(guest)), Kind.DONE)

    def on_left(self, guest: str, why: str) -> None:
        if guest in self.guests:
            self.guests = [g for g in self.guests if g != guest]
            if why == "sent-away":
                self.tell(self.t("{phone} was sent away", phone=self.name(guest)))
            elif why in ("rate", "size", "shape"):
                self.report(self.t("{phone} sent too much and was cut off", phone=self.name(guest)))
            else:
                self.tell(self.t("{phone} lost the connection; it comes back by itself",
                                 phone=self.name(guest)))

    def on_connected(self) -> None:
        self.connected, self.working, self.code, self.qr = True, False, None, None
        self.step = self.t("Connected to the host's phone: every round entered here is checked there.")
        self.tell(self.t("Joined the table"), Kind.DONE)

    def on_lost(self) -> None:
        if self.role is Role.GUEST and self.connected:
            self.connected, self.step = False, ""  # (no longer "Connected to the host's phone")
            away = FAILURES["host-away"]
            self.report(self.t(away))

    def on_failed(self, why: str) -> None:
        self.working = False
        if why == "stopped":  # the camera closed or no photo chosen: nothing went wrong
            return
        if why == "host-gone":  # it did not come back by itself: the panel offers the scan
            self.connected, self.show_panel = False, True
            self.step = ""
        self.report(self.t(FAILURES.get(why, FAILURES["unreached"])))
