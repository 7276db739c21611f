"""Several phones at one table: the LAN address, the join code and its gate, the QR code.

``block24 serve --lan`` binds the machine's LAN address. The device that serves
(the browser on the same machine) is trusted; any other device sees only the
join screen until it enters the 6-digit code shown on the host. Wrong codes are
rate limited per device address. No game data reaches a device before its code
was right: the app renders nothing but the join screen for it.
"""

from __future__ import annotations

import io
import secrets
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum

__all__ = ["JoinGate", "Verdict", "lan_address", "qr_png"]

CODE_DIGITS = 6
MAX_WRONG = 5
"""Wrong codes a device may try within ``WINDOW_S`` before it is locked out."""
WINDOW_S = 60.0


def lan_address() -> str:
    """This machine's IPv4 address on the local network (loopback when it has none).

    Read from the host name's addresses: nothing is sent on the network.
    """
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        infos = []
    for *_, address in infos:
        ip = address[0]
        if not ip.startswith("127."):
            return ip
    return "127.0.0.1"


def qr_png(text: str, scale: int = 8) -> bytes:
    """A QR code of ``text`` as PNG bytes (segno: pure Python, no imaging library)."""
    import segno

    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="png", scale=scale, border=2)
    return out.getvalue()


class Verdict(StrEnum):
    """What the gate says to a code."""

    OPEN = "open"
    WRONG = "wrong"
    LOCKED = "locked"


@dataclass
class JoinGate:
    """The join code of one serve, and who may pass.

    ``host`` is the address the server is bound to: a browser on that address
    is the serving device itself and passes without a code.
    """

    host: str
    code: str = field(default_factory=lambda: f"{secrets.randbelow(10**CODE_DIGITS):0{CODE_DIGITS}d}")
    clock: Callable[[], float] = time.monotonic
    _wrong: dict[str, list[float]] = field(default_factory=dict, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def trusted(self, client: str | None) -> bool:
        """Whether ``client`` (an IP address) is the serving device."""
        return client is not None and client == self.host

    def try_code(self, client: str | None, code: str) -> Verdict:
        """Check a code typed on ``client``; after 5 wrong ones a minute it is locked out."""
        key = client or "?"
        now = self.clock()
        with self._lock:
            recent = [t for t in self._wrong.get(key, []) if now - t < WINDOW_S]
            if len(recent) >= MAX_WRONG:
                self._wrong[key] = recent
                return Verdict.LOCKED
            if secrets.compare_digest(code.strip(), self.code):
                self._wrong.pop(key, None)
                return Verdict.OPEN
            recent.append(now)
            self._wrong[key] = recent
            return Verdict.LOCKED if len(recent) >= MAX_WRONG else Verdict.WRONG

    def wait_s(self, client: str | None) -> int:
        """Seconds until a locked-out ``client`` may try again (0 when it may)."""
        now = self.clock()
        with self._lock:
            recent = [t for t in self._wrong.get(client or "?", []) if now - t < WINDOW_S]
        if len(recent) < MAX_WRONG:
            return 0
        return max(1, int(WINDOW_S - (now - recent[-MAX_WRONG]) + 0.999))
