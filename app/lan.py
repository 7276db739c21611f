"""Several phones at one table: the LAN address, the join code and its gate, the QR code.

``block24 serve --lan`` binds the machine's LAN address. The device that serves
(the browser on the same machine) is trusted; any other device sees only the
join screen until it enters the 6-digit code shown on the host. Then its
address is a joined device until the host revokes it (which renews the code:
the phone sent away cannot simply type it again). Wrong codes are rate
limited per device address and in all (a /24 of addresses cannot multiply the
guesses); the host can renew the code. No game data reaches a device before
its code was right: the app renders nothing but the join screen for it.

**No lockout of the table.** The limit in all (20 wrong codes a
minute) could be spent by a stranger to keep every new phone out. So while a
device is locked out, its code is still compared but the answer is the same
whatever it typed ("too many wrong codes: wait, or ask the host"): a right
code only puts the phone on the host's screen as *waiting*, where the host
lets it in with one tap. A guess made while locked tells the guesser nothing,
so brute force stays at 20 answered guesses a minute in all, and a stranger
cannot fill the host's list without the code.

Who a device is comes from the socket's peer address only (``app.server``
turns uvicorn's proxy headers off and binds the address to the connection
before the client says a word: never ``page.client_ip``, which a client can
write), and a web page from another origin cannot open the app's websocket
(``app.server`` checks ``Origin``): the host's trust does not extend to pages
it happens to show.
"""

from __future__ import annotations

import contextlib
import io
import ipaddress
import secrets
import socket
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import StrEnum

__all__ = ["AddressKind", "Device", "JoinGate", "Verdict", "Waiting", "address_kind", "lan_address",
           "qr_png", "unreachable_warning"]

CODE_DIGITS = 6
MAX_WRONG = 5
"""Wrong codes a device may try within ``WINDOW_S`` before it is locked out."""
MAX_WRONG_ALL = 20
"""Wrong codes all devices together may try within ``WINDOW_S`` before every one is locked out."""
WINDOW_S = 60.0
MAX_CODE_CHARS = 32
"""A typed code longer than this is wrong without being compared or kept."""
MAX_TRACKED = 1024
"""Addresses whose wrong codes are remembered (older ones are dropped first)."""
MAX_WAITING = 8
"""Phones waiting for the host at once (the oldest is dropped first)."""
WAITING_S = 300.0
"""How long a waiting phone stays on the host's screen."""


class AddressKind(StrEnum):
    """Whether other phones at the table can open an address."""

    PRIVATE = "private"
    """On a private network (10/8, 172.16/12, 192.168/16, link-local, IPv6 ULA): the table's Wi-Fi."""
    LOOPBACK = "loopback"
    """This machine only: no other phone can open it."""
    PUBLIC = "public"
    """Anywhere: maybe not reachable from the table's Wi-Fi, and reachable by strangers."""


def address_kind(host: str) -> AddressKind:
    """What kind of address ``host`` is (a name that is no IP address counts as private: the
    table chose it on purpose, with ``BLOCK24_HOST``)."""
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return AddressKind.LOOPBACK if host == "localhost" else AddressKind.PRIVATE
    if ip.is_loopback or ip.is_unspecified:
        return AddressKind.LOOPBACK
    return AddressKind.PRIVATE if ip.is_private or ip.is_link_local else AddressKind.PUBLIC


def lan_address() -> str:
    """This machine's IPv4 address on the local network: a private one first, else any other
    than loopback, else loopback (:func:`unreachable_warning` then says so).

    Read from the host name's addresses: nothing is sent on the network.
    """
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        infos = []
    found = [address[0] for *_, address in infos]
    for kind in (AddressKind.PRIVATE, AddressKind.PUBLIC):
        for ip in found:
            if address_kind(ip) is kind:
                return ip
    return "127.0.0.1"


def unreachable_warning(url: str) -> str | None:
    """For the terminal of ``serve --lan``: why other phones cannot (or should not) open ``url``."""
    from urllib.parse import urlsplit

    kind = address_kind(urlsplit(url).hostname or "")
    if kind is AddressKind.LOOPBACK:
        return (f"Warning: no other phone can open {url}: it is this machine's own address (no "
                "address on a private network was found). Set BLOCK24_HOST to this machine's "
                "address on the table's Wi-Fi, e.g. BLOCK24_HOST=192.168.1.20 make serve")
    if kind is AddressKind.PUBLIC:
        return (f"Warning: {url} is not on a private network: phones at the table may not reach "
                "it, and strangers might. Set BLOCK24_HOST to this machine's address on the "
                "table's Wi-Fi, e.g. BLOCK24_HOST=192.168.1.20 make serve")
    return None


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


def new_code() -> str:
    """A fresh random join code of :data:`CODE_DIGITS` digits."""
    return f"{secrets.randbelow(10**CODE_DIGITS):0{CODE_DIGITS}d}"


@dataclass(frozen=True)
class Device:
    """A device that joined with the code: its address and when (``time.time()`` seconds)."""

    address: str
    joined: float


@dataclass(frozen=True)
class Waiting:
    """A tab that typed the right code while it was locked out: the host may let it in."""

    address: str
    ticket: str
    """The tab's own secret (:attr:`app.state.Join.ticket`): only that tab opens."""
    asked: float
    """When (``time.time()`` seconds)."""


@dataclass
class JoinGate:
    """The join code of one serve, who may pass, and the joined devices the host can revoke.

    ``host`` is the address the server is bound to: a browser on that address
    is the serving device itself and passes without a code. Every method is
    safe from several threads. ``listen(fn)`` calls ``fn()`` after a device
    joined, was revoked or the code was renewed (sessions re-check
    :meth:`admitted`; the host's list redraws).
    """

    host: str
    code: str = field(default_factory=new_code)
    clock: Callable[[], float] = time.monotonic
    _wrong: dict[str, deque[float]] = field(default_factory=dict, repr=False)
    _wrong_all: deque[float] = field(default_factory=lambda: deque(maxlen=MAX_WRONG_ALL), repr=False)
    _devices: dict[str, Device] = field(default_factory=dict, repr=False)
    _waiting: dict[str, Waiting] = field(default_factory=dict, repr=False)
    _let_in: dict[str, str] = field(default_factory=dict, repr=False)
    """Tickets the host let in → their address."""
    _aside: dict[str, object] = field(default_factory=dict, repr=False)
    """What each device sent away was entering (:meth:`keep_aside`), until it is let in again."""
    _listeners: list[Callable[[], None]] = field(default_factory=list, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def trusted(self, client: str | None) -> bool:
        """Whether ``client`` (an IP address) is the serving device."""
        return client is not None and client == self.host

    def admitted(self, client: str | None) -> bool:
        """Whether ``client`` may see the games: the serving device or a joined, unrevoked one."""
        if self.trusted(client):
            return True
        with self._lock:
            return client is not None and client in self._devices

    def try_code(self, client: str | None, code: object, ticket: str | None = None) -> Verdict:
        """Check a code typed on ``client``; 5 wrong ones a minute lock it out, 20 in all lock all out.

        ``code`` may be anything a crafted event carries: only a short string
        is compared (as UTF-8 bytes, so non-ASCII digits are simply wrong).
        While locked out the answer is :attr:`Verdict.LOCKED` whatever was
        typed; a right code from a tab with a ``ticket`` waits for the host
        (:meth:`waiting`, :meth:`let_in`).
        """
        key = client or "?"
        typed = code.strip() if isinstance(code, str) and len(code) <= MAX_CODE_CHARS else None
        with self._lock:
            now = self.clock()
            right = typed is not None and secrets.compare_digest(
                typed.encode("utf-8", "replace"), self.code.encode("ascii"))
            if self._locked(key, now):
                if right and ticket is not None and client is not None:
                    self._waiting.pop(ticket, None)
                    self._waiting[ticket] = Waiting(client, ticket, time.time())
                    while len(self._waiting) > MAX_WAITING:
                        del self._waiting[next(iter(self._waiting))]
                else:
                    return Verdict.LOCKED
                opened = None
            elif right:
                self._wrong.pop(key, None)
                if client is not None and not self.trusted(client):
                    self._devices[client] = Device(client, time.time())
                opened = True
            else:
                self._note_wrong(key, now)
                opened = False
            locked = not opened and self._locked(key, now)
        if opened is not False:
            self._changed()  # joined, or one more phone waits on the host's screen
        if opened:
            return Verdict.OPEN
        return Verdict.LOCKED if locked else Verdict.WRONG

    def wait_s(self, client: str | None) -> int:
        """Seconds until a locked-out ``client`` may try again (0 when it may)."""
        with self._lock:
            now = self.clock()
            starts = []
            mine = self._recent(self._wrong.get(client or "?", ()), now)
            if len(mine) >= MAX_WRONG:
                starts.append(mine[-MAX_WRONG])
            everyone = self._recent(self._wrong_all, now)
            if len(everyone) >= MAX_WRONG_ALL:
                starts.append(everyone[-MAX_WRONG_ALL])
        if not starts:
            return 0
        return max(1, int(WINDOW_S - (now - min(starts)) + 0.999))

    def renew_code(self) -> str:
        """A new join code (the old one stops working; joined devices stay joined). Returns it."""
        with self._lock:
            code = new_code()
            while code == self.code:
                code = new_code()
            self.code = code
        self._changed()
        return code

    def devices(self) -> list[Device]:
        """The joined devices, the first to join first."""
        with self._lock:
            return sorted(self._devices.values(), key=lambda d: d.joined)

    def revoke(self, address: str) -> bool:
        """Send the device at ``address`` back to the join screen (its open pages lose the games).

        The code is renewed too: the phone sent away knows the old one.
        Returns whether it was joined.
        """
        with self._lock:
            removed = self._devices.pop(address, None) is not None
            self._let_in = {t: a for t, a in self._let_in.items() if a != address}
        if removed:
            self.renew_code()
        return removed

    def keep_aside(self, client: str | None, kept: object) -> None:
        """Keep what ``client`` was entering when it was sent away: a tab of it that is let in
        again takes it back (:meth:`take_aside`), the same tab or a reloaded one. Nothing of it
        reaches the device while it is locked out; the newest :data:`MAX_TRACKED` devices are kept."""
        if client is None or kept is None:
            return
        with self._lock:
            self._aside.pop(client, None)
            self._aside[client] = kept
            while len(self._aside) > MAX_TRACKED:
                del self._aside[next(iter(self._aside))]

    def take_aside(self, client: str | None) -> object:
        """What :meth:`keep_aside` kept for ``client``, once (``None``: nothing, or not let in)."""
        if client is None or not self.admitted(client):
            return None
        with self._lock:
            return self._aside.pop(client, None)

    def waiting(self) -> list[Waiting]:
        """The tabs that typed the right code while locked out, the first to ask first."""
        with self._lock:
            now = time.time()
            return [w for w in self._waiting.values() if now - w.asked < WAITING_S]

    def let_in(self, ticket: str) -> bool:
        """The host lets the waiting tab ``ticket`` in (its address becomes a joined device)."""
        with self._lock:
            waiting = self._waiting.pop(ticket, None)
            if waiting is not None:
                self._devices[waiting.address] = Device(waiting.address, time.time())
                self._let_in[ticket] = waiting.address
        if waiting is not None:
            self._changed()
        return waiting is not None

    def was_let_in(self, ticket: str) -> bool:
        """Whether the host let the tab ``ticket`` in (and has not sent its device away since)."""
        with self._lock:
            return ticket in self._let_in

    @property
    def listened(self) -> bool:
        """Some session follows the gate (``app.main``: each re-checks in a task of its own)."""
        with self._lock:
            return bool(self._listeners)

    def listen(self, fn: Callable[[], None]) -> Callable[[], None]:
        """Call ``fn()`` after every change of devices or code; returns the function that stops it."""
        with self._lock:
            self._listeners.append(fn)

        def stop() -> None:
            with self._lock, contextlib.suppress(ValueError):
                self._listeners.remove(fn)

        return stop

    # -- inside the lock ---------------------------------------------------------

    @staticmethod
    def _recent(times: Iterable[float], now: float) -> list[float]:
        return [t for t in times if now - t < WINDOW_S]

    def _locked(self, key: str, now: float) -> bool:
        return (
            len(self._recent(self._wrong.get(key, ()), now)) >= MAX_WRONG
            or len(self._recent(self._wrong_all, now)) >= MAX_WRONG_ALL
        )

    def _note_wrong(self, key: str, now: float) -> None:
        times = self._wrong.pop(key, None) or deque(maxlen=MAX_WRONG)
        times.append(now)
        self._wrong[key] = times  # re-inserted: the dict stays ordered by last attempt
        self._wrong_all.append(now)
        while len(self._wrong) > MAX_TRACKED:  # bounded, however many addresses try
            del self._wrong[next(iter(self._wrong))]

    def _changed(self) -> None:
        with self._lock:
            listeners = list(self._listeners)
        for fn in listeners:
            fn()
