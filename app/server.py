"""Serve the app in the browser (``make run``, ``block24 serve [--lan]``).

Only this machine can reach it, unless ``--lan``: then it binds the LAN
address (or ``BLOCK24_HOST``) and other devices join with a code. The LAN
settings of this process live here; :func:`app.main.main` reads them for
every session.

Flet's ``ft.run`` starts uvicorn with its defaults, which trust
``X-Forwarded-For`` from loopback and take 16 MB websocket messages from
anyone. So this module mounts Flet's FastAPI app itself and runs uvicorn with:

- **no proxy headers**: a device is its socket's peer address (the join gate
  compares it with the bound address), unless ``BLOCK24_TRUSTED_PROXY`` names
  a reverse proxy set up on purpose; the address is bound to the connection
  before Flet reads a message (:func:`peer_address`), as Flet's own
  ``page.client_ip`` is a property the client can write;
- **an Origin check** (:class:`Guard`): a page from another origin, even one
  opened on the serving machine, cannot open ``/ws``;
- **bounded messages, while they arrive**: uvicorn's websocket limit is the
  small one of a device that has not joined (:data:`MAX_UNJOINED_MESSAGE`),
  checked by websockets on each frame's header, before a byte of it is kept;
  a joined device's connection has it raised to its largest real message
  (:data:`MAX_MESSAGE`): a backup travels apart, as an HTTP upload read a piece
  at a time (:mod:`app.uploads`); sessions of closed tabs live :data:`SESSION_TIMEOUT_S`;
- **counted and checked messages**: budgets per device before any other work
  (pings and connections count too), and every Flet message's shape checked
  (:func:`read`): a refusal is one line in the log and the connection is closed.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import contextvars
import json
import logging
import os
import pathlib
import sys
import time
import urllib.parse
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from .connection import WatchConnection
from .lan import MAX_TRACKED, JoinGate, lan_address, unreachable_warning
from .uploads import PATH as UPLOAD_PATH
from .uploads import Uploads

ASSETS = pathlib.Path(__file__).resolve().parent.parent / "assets"

MAX_MESSAGE = 1024 * 1024
"""The largest websocket message of a joined device. The largest Chromium sent while joining,
starting a game with names of 16 letters, confirming, and importing a 2.2 MB backup was 639 bytes
(its answer to the server's question for the device's settings); a picked backup is not sent over
the websocket but uploaded (:mod:`app.uploads`). A typed name is the one message a player could
make large: a paste of more than this into a name field would close that phone's connection (its
page then reconnects)."""
MAX_UNJOINED_MESSAGE = 64 * 1024
"""The largest message from a device that has not joined (taps and a typed code are tiny)."""
MAX_TOLD_BYTES = 1024
"""The most a reconnecting page tells of its device in its websocket's address (its languages
and two settings take some 100 bytes)."""
SESSION_TIMEOUT_S = 300
"""How long a session outlives its closed tab (Flet's default is an hour)."""
LEAVE_GRACE_S = 2.0
"""How long Flet may tidy up a connection whose client left before it is ended."""
CLOSE_GRACE_S = 0.25
"""How long a session Flet started may go on drawing (into nothing) after its connection
ended, before Flet hears of it."""
POLICY_VIOLATION = 1008
TOO_BIG = 1009
STRANGER_RATE, STRANGER_BURST = 5.0, 40
"""Messages (pings and new connections too) a second, and at once, from one address that has not
joined: its join screen (register, the device's answers, a typed code) needs about 20. Each
address has its own: nothing a stranger sends waits behind another's (the limit for all
addresses together is on wrong codes: :data:`app.lan.MAX_WRONG_ALL`)."""
MAX_STRANGER_CONNECTIONS = 4
"""Open connections of one address that has not joined (a phone's tab and its reloads)."""
MAX_STRANGERS = 300
"""Open connections of all addresses that have not joined: one more closes the oldest (so a new
phone always gets its join screen, however many strangers came before it)."""
FLOODED = "flooded a minute ago"
MAX_DROPPED = 40
"""Messages dropped over a stranger's budget before its connection is closed."""
STRANGER_READ_BYTES = MAX_UNJOINED_MESSAGE // 4
"""How much of a stranger's socket one read takes (asyncio's selector transports read 256 KB)."""
FLOODER_OUT_S = 60.0
"""How long an address that has not joined cannot connect again after its flood was closed
(uvicorn parses what one read of the socket brought before the server can say no: once)."""
JOINED_RATE, JOINED_BURST = 20.0, 20
"""Messages a second, and at once, from one joined connection: a browser opening the app sends
about 12, a typed letter 2; more wait their turn."""
JOINED_BACKLOG = 200
"""Messages of a joined connection waiting their turn: more is a flood (the connection is closed)."""
READ_AHEAD_BYTES = 1024 * 1024
"""Bytes read ahead of Flet per joined connection (then the client's messages wait in its socket)."""
STRANGER_READ_AHEAD_BYTES = MAX_UNJOINED_MESSAGE
"""The same for a connection that has not joined."""
LINGER_S = 1.0
"""How long a closed connection is still read (and thrown away) for the client to read its close
frame and stop: a socket closed with bytes unread is answered by a reset that can beat the close
frame, so a flooding client would see "connection reset" instead of the code."""
LINGER_BYTES = 64 * 1024 * 1024
"""The most thrown away so (more than the client's and this socket's kernel buffers hold)."""
LINGER_READ_BYTES = 256 * 1024

logger = logging.getLogger("block24.server")

gate: JoinGate | None = None
"""The join gate of ``serve --lan`` (None: this machine only)."""
join_url: str | None = None
"""The address other phones open (``serve --lan``)."""
uploads: Uploads | None = None
"""Where a served page's picked backups arrive (None: not served, a picked file comes with its bytes)."""

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def origins(host: str, port: int) -> frozenset[str]:
    """The ``Origin`` values of pages this server served itself."""
    names = {host, f"[{host}]" if ":" in host else host}
    if host in ("127.0.0.1", "::1", "localhost"):
        names |= {"127.0.0.1", "localhost", "[::1]"}
    return frozenset(f"http://{name}:{port}" for name in names)


class Budget:
    """A token bucket: ``burst`` messages at once, then ``rate`` a second."""

    def __init__(self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens, self.stamp = burst, clock()

    def wait_s(self) -> float:
        """Seconds until the next message may pass (0: now)."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        return 0.0 if self.tokens >= 1 else (1 - self.tokens) / self.rate

    def spend(self) -> None:
        self.tokens -= 1


class Peer:
    """One websocket as the server saw it: the peer address, taken before the client said a word.

    uvicorn's trusted-proxy rule has been applied to ``scope["client"]``
    already (proxy headers count only from ``BLOCK24_TRUSTED_PROXY``). Flet
    runs the session's ``main`` and every event in tasks started from this
    connection's handler, so they all see it (:func:`peer_address`).
    """

    def __init__(self, address: str | None) -> None:
        self.address = address
        self.registered = False
        self.dropped = 0
        self.budget = Budget(JOINED_RATE, JOINED_BURST)
        self.gone = asyncio.Event()
        """The client left, or the server closed the connection."""
        self.broken = asyncio.Event()
        """Flet failed on one of its messages: the connection is closed (:class:`FletLog`)."""
        self.misread = False
        """Flet could not read an event of this client (:class:`FletLog`): the crash screen Flet
        sends for it next, with a trace of the server's code, is not sent."""
        self.told: object = None
        """What the page told in its websocket's address (:func:`client_told`)."""


_peer: contextvars.ContextVar[Peer | None] = contextvars.ContextVar("block24_peer", default=None)


def peer_address() -> str | None:
    """The address of the websocket this session runs on, as the server saw it (None: no server).

    The join gate trusts this, never ``page.client_ip``: Flet lets a client
    write any property of its page, ``client_ip`` too.
    """
    peer = _peer.get()
    return peer.address if peer is not None else None


def client_told() -> object:
    """The device's languages and kept settings, as the page told them in its websocket's address
    when it reconnected (``assets/connection.js``; ``None``: it told nothing). Its word for its
    own screen only, read by :meth:`app.state.Told.read` as any answer of a client."""
    peer = _peer.get()
    return peer.told if peer is not None else None


def _told(query: bytes) -> object:
    """``told=`` of a websocket's query: JSON of at most :data:`MAX_TOLD_BYTES` (else ``None``)."""
    if len(query) > 3 * MAX_TOLD_BYTES:  # (each byte escaped as %XX at the most)
        return None
    values = urllib.parse.parse_qs(query.decode("latin-1"), max_num_fields=4).get("told")
    if not values or len(values[0]) > MAX_TOLD_BYTES:
        return None
    try:
        return json.loads(values[0])
    except (ValueError, RecursionError):
        return None


def connection_ended() -> bool:
    """Whether the websocket this session started on has ended (its client left or was sent away).

    Flet's session keeps sending into it for a moment (its send queue is gone:
    an ``AttributeError`` deep in Flet); a session's start that fails then
    has nothing left to draw on.
    """
    peer = _peer.get()
    return peer is not None and peer.gone.is_set()


REGISTER_CLIENT, CONTROL_EVENT, UPDATE_CONTROL_PROPS, INVOKE_METHOD = 1, 3, 4, 5
"""The messages a Flet client sends (``flet.messaging.protocol.MessageAction``)."""
PAGE_ID = 1
"""The page's control id in every session."""
SESSION_CRASHED_FRAME = b"\x00\x92\x06"
"""How Flet's ``SESSION_CRASHED`` message to a client begins (``0x00``, ``[6, …]`` in msgpack)."""
SHAPES: dict[int, dict[str, type | tuple[type, ...]]] = {
    REGISTER_CLIENT: {"session_id": (str, type(None)), "page_name": str, "page": dict},
    CONTROL_EVENT: {"target": int, "name": str, "data": object},
    UPDATE_CONTROL_PROPS: {"id": int, "props": dict},
    INVOKE_METHOD: {"control_id": int, "call_id": str, "result": object, "error": (str, type(None))},
}
"""Each message's fields and their types, as Flet's web client sends them (Flet takes them as
keyword arguments: one more or one less is a traceback in Flet's receive loop)."""
SET_BY_SERVER = frozenset({"client_ip", "client_user_agent"})
"""Page properties only the server sets (Flet would take a client's value for them)."""
PAGE_TYPES: dict[str, type | tuple[type, ...]] = {
    "route": str, "web": bool, "width": (int, float, type(None)), "height": (int, float, type(None)),
}
"""Page properties the app reads, and the types it can read (a crafted client may send any).

What a client can do with each, at worst, to its own session only:

- ``client_ip``, ``client_user_agent``: refused here; the gate reads :func:`peer_address`.
- ``route``: any screen's address; the app checks it as it checks a typed link
  (the join gate first, then the game's id), and a route it cannot show is
  one line in the log (:func:`app.main._start`).
- ``web``: false skips asking the browser's languages (the session starts in
  the store's language) and makes Flet's file picker take the native path, which
  a browser cannot answer: that session's export or import fails.
- ``platform``: Android or iOS asks the client to keep its own screen awake.
- ``width``, ``height``: the layout of the session's own screens.
- the rest (``platform_brightness``, ``media``, ``window``, ``pwa``…): the app
  reads none of them; a value Flet cannot take closes the connection (:class:`FletLog`).
"""


def read(frame: bytes) -> tuple[int | None, str | None]:
    """A client's websocket message: its Flet action, and why it must not reach Flet (None: it may).

    Flet's receive loop takes whatever arrives, with a traceback for each
    surprise, and then stops reading: every Flet protocol frame is decoded and
    its shape checked here first. Other frames (data channels, unknown types)
    Flet drops itself (action None).
    """
    if frame[:1] != b"\x00":
        return None, None
    # imported here, not at the top: the offline build imports this module before its memory
    # snapshot, which must hold no compiled msgpack (a restore would lose its function table)
    import msgpack
    from flet.messaging.protocol import decode_ext_from_msgpack

    try:
        message = msgpack.unpackb(frame[1:], ext_hook=decode_ext_from_msgpack)
    except Exception as error:  # anything msgpack or Flet's extension types raise
        return None, f"not a Flet message ({type(error).__name__})"
    if not (isinstance(message, list) and len(message) == 2 and isinstance(message[1], dict)):
        return None, "not a Flet message"
    action, body = message
    shape = SHAPES.get(action) if type(action) is int else None
    if shape is None:
        return None, f"unknown action {str(action)[:20]!r}"
    if body.keys() != shape.keys():
        return action, f"action {action} with fields {sorted(map(str, body))[:8]}"
    wrong = next((key for key, kinds in shape.items() if not isinstance(body[key], kinds)), None)
    if wrong is not None:
        return action, f"action {action} with a {type(body[wrong]).__name__} for {wrong}"
    if action == REGISTER_CLIENT:
        return action, _props_refusal(body["page"], page=True)
    if action == UPDATE_CONTROL_PROPS:
        return action, _props_refusal(body["props"], page=body["id"] == PAGE_ID)
    return action, None


def _props_refusal(props: dict, page: bool) -> str | None:
    for key, value in props.items():
        # "_…" would overwrite Flet's own fields of the control (its id), "on_…" its handlers.
        if not isinstance(key, str) or key.startswith(("_", "on_")) or (page and key in SET_BY_SERVER):
            return f"writes {str(key)[:40]!r}"
        kinds = PAGE_TYPES.get(key) if page else None
        if kinds is None:
            continue
        if not isinstance(value, kinds) or (kinds is not bool and isinstance(value, bool)):
            return f"a {type(value).__name__} for the page's {key}"
    return None


class Guard:
    """ASGI middleware in front of Flet: who each websocket is, and what it may send.

    - a foreign ``Origin`` cannot open ``/ws``;
    - the peer address is bound to the connection before Flet reads anything
      (:class:`Peer`, :func:`peer_address`);
    - each message is counted before any other work: a device that has not
      joined has a small budget of its own per address (:data:`STRANGER_RATE`);
      what it sends beyond it is dropped unread, and after :data:`MAX_DROPPED`
      drops its connection is closed (and the address kept out
      :data:`FLOODER_OUT_S`). Its pings and its new connections spend the same
      budget; it may hold :data:`MAX_STRANGER_CONNECTIONS` open, and all such
      connections together :data:`MAX_STRANGERS` (one more closes the oldest).
      No stranger's message waits behind another's: a new phone's first
      messages pass at once, however many strangers send. A joined device's
      messages beyond :data:`JOINED_RATE` wait (nothing a player sends is
      lost), up to :data:`JOINED_BACKLOG`;
    - a frame larger than the device may send is refused by websockets from its
      header (:meth:`_Connection.limit`), and malformed messages close the connection, one
      log line each; closing stops reading the socket at once (:meth:`_Connection.close`);
    - an HTTP request to :data:`app.uploads.PATH` is a picked backup on its way
      (:meth:`upload`): a joined device's only, read by :class:`app.uploads.Uploads`.

    ``admitted(address)`` says whether a device has joined (always true
    without a join gate).
    """

    def __init__(
        self, app: ASGIApp, allowed: frozenset[str], admitted: Callable[[str | None], bool],
        uploads: Uploads | None = None,
    ) -> None:
        self.app = app
        self.allowed = allowed
        self.admitted = admitted
        self.uploads = uploads
        """Where picked backups arrive (None: nowhere, every upload is refused)."""
        self.strangers: dict[str | None, Budget] = {}
        """Each address that has not joined: its budget (the most recent :data:`MAX_TRACKED`)."""
        self.open: dict[_Connection, str | None] = {}
        """The open connections of devices that had not joined when they came, the oldest first."""
        self.flooders: dict[str | None, float] = {}
        """Addresses that have not joined whose flood was closed: until when they stay out."""

    def same_origin(self, scope: Scope) -> bool:
        """Whether a request comes from a page this server served (or from no web page at all:
        a browser always sends ``Origin`` where it matters, and such a client still needs the code)."""
        origin = dict(scope.get("headers") or ()).get(b"origin")
        return origin is None or origin.decode("latin-1") in self.allowed

    async def upload(self, scope: Scope, receive: Receive, send: Send) -> None:
        """A picked backup sent to this server (:mod:`app.uploads`): a joined device's, from a page
        of this server, to an upload its session asked for; anything else is refused unread."""
        client = scope.get("client")
        address = client[0] if client else None
        if self.uploads is None or not self.same_origin(scope) or not self.admitted(address):
            logger.warning("refused an upload from %s: not a joined device's page", address)
            await send({"type": "http.response.start", "status": 403,
                        "headers": [(b"content-length", b"0"), (b"connection", b"close")]})
            await send({"type": "http.response.body", "body": b""})
            return
        await self.uploads.handle(scope, receive, send)

    def flooded(self, address: str | None) -> None:
        """``address`` flooded before joining: it stays out for :data:`FLOODER_OUT_S`."""
        self.flooders.pop(address, None)
        self.flooders[address] = time.monotonic() + FLOODER_OUT_S
        while len(self.flooders) > MAX_TRACKED:
            del self.flooders[next(iter(self.flooders))]

    def stranger(self, address: str | None) -> Budget:
        budget = self.strangers.pop(address, None) or Budget(STRANGER_RATE, STRANGER_BURST)
        self.strangers[address] = budget  # re-inserted: the most recent last
        while len(self.strangers) > MAX_TRACKED:
            del self.strangers[next(iter(self.strangers))]
        return budget

    def refusal(self, address: str | None) -> str | None:
        """Why a new connection from ``address`` is refused before it is accepted (None: it is not).

        A device that has not joined spends a message of its budget on each
        connection and may hold :data:`MAX_STRANGER_CONNECTIONS` at once.
        """
        if self.admitted(address):
            return None
        if self.flooders.get(address, 0.0) > time.monotonic():
            return FLOODED
        own = self.stranger(address)
        if own.wait_s() > 0:
            self.flooded(address)  # (kept out: its next tries are refused without a line each)
            return "too many connections a second"
        own.spend()
        if sum(1 for a in self.open.values() if a == address) >= MAX_STRANGER_CONNECTIONS:
            return f"{MAX_STRANGER_CONNECTIONS} connections open already"
        return None

    def arrived(self, connection: _Connection) -> None:
        """A device that has not joined opened ``connection``: beyond :data:`MAX_STRANGERS` such
        connections in all, the oldest one of a device still not joined is closed."""
        for old in list(self.open):
            if len(self.open) < MAX_STRANGERS:
                break
            if self.admitted(self.open.pop(old)):
                continue
            _soon(old.close(POLICY_VIOLATION, f"the oldest of {MAX_STRANGERS} strangers"))
        self.open[connection] = connection.peer.address

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and str(scope.get("path", "")).startswith(UPLOAD_PATH):
            await self.upload(scope, receive, send)
            return
        if scope["type"] != "websocket":
            await self.app(scope, receive, send)
            return
        if not self.same_origin(scope):
            await send({"type": "websocket.close", "code": POLICY_VIOLATION})  # before accept: HTTP 403
            return
        client = scope.get("client")
        peer = Peer(client[0] if client else None)
        peer.told = _told(scope.get("query_string") or b"")
        why = self.refusal(peer.address)
        if why is not None:
            if why != FLOODED:
                logger.warning("refused a connection of %s: %s", peer.address, why)
            await send({"type": "websocket.close", "code": POLICY_VIOLATION})  # before accept: HTTP 403
            return
        _peer.set(peer)  # before Flet starts: its tasks for this connection inherit it
        transport = _transport_of(receive)
        joined = self.admitted(peer.address)
        if transport is not None and not joined:
            # A stranger's socket is read a little at a time: uvicorn parses each read whole
            # before the Guard sees one message, and a flood is closed after a few of them.
            with contextlib.suppress(AttributeError):
                transport.max_size = STRANGER_READ_BYTES  # type: ignore[attr-defined]
        connection = _Connection(self, peer, receive, send, transport)
        connection.limit(joined)
        if not joined:
            self.arrived(connection)
        # Flet's handler of a client that leaves before registering waits for ever
        # (its send loop is never told to stop): end it once the client is gone.
        handler = asyncio.ensure_future(self.app(scope, connection.receive, connection.send))
        reader = asyncio.ensure_future(connection.read())
        broken = asyncio.ensure_future(peer.broken.wait())
        try:
            await asyncio.wait({handler, reader, broken}, return_when=asyncio.FIRST_COMPLETED)
            if peer.broken.is_set():
                await connection.close(POLICY_VIOLATION, None)  # (FletLog wrote its line)
            if not handler.done():
                await asyncio.wait({handler}, timeout=CLOSE_GRACE_S + LEAVE_GRACE_S)
            if not handler.done():
                handler.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await handler
                return
        finally:
            reader.cancel()
            broken.cancel()
            self.open.pop(connection, None)
        try:
            await handler
        except _client_gone():  # a reload or a closed tab while Flet was sending: no trace
            return


class _Connection:
    """One websocket between the client and Flet: read ahead, counted, checked, handed on.

    Reading ahead of Flet sees a client that left at once, even behind a backlog
    of its messages (they are dropped then), and a joined device's backlog of
    more than :data:`JOINED_BACKLOG` messages is a flood.
    """

    def __init__(self, guard: Guard, peer: Peer, receive: Receive, send: Send,
                 transport: asyncio.BaseTransport | None) -> None:
        self.guard, self.peer, self._receive, self._send = guard, peer, receive, send
        self.transport = transport
        self.protocol = getattr(receive, "__self__", None)
        """uvicorn's protocol of this websocket (its ``conn``: websockets' state), if it is one."""
        self.joined: bool | None = None
        """Whether the frame limit is a joined device's (None: not set yet)."""
        self.pings_over = 0
        if callable(getattr(self.protocol, "handle_ping", None)):
            self._pong = self.protocol.handle_ping  # type: ignore[union-attr]
            self.protocol.handle_ping = self.ping  # type: ignore[union-attr]
        if callable(getattr(self.protocol, "handle_parser_exception", None)):
            self.protocol.handle_parser_exception = self.refused  # type: ignore[union-attr]
        self.inbox: collections.deque[Message] = collections.deque()
        self.inbox_bytes = 0
        self.arrived = asyncio.Event()
        self.taken = asyncio.Event()
        self.end: Message | None = None
        """The disconnect Flet reads once the connection ended (the client left or was closed)."""
        self.close_sent = False
        """A frame refused by its header was answered with a close: nothing more may be sent."""

    def limit(self, joined: bool) -> None:
        """The largest frame websockets takes from this client: checked on each frame's header,
        before its bytes are kept (the frame being read now keeps the limit it started with)."""
        if joined is self.joined:
            return
        self.joined = joined
        conn = getattr(self.protocol, "conn", None)
        if conn is not None and hasattr(conn, "max_message_size"):
            conn.max_message_size = MAX_MESSAGE if joined else MAX_UNJOINED_MESSAGE
        if joined:
            self.guard.open.pop(self, None)

    def ping(self) -> None:
        """A websocket ping from the client (websockets has its pong ready): counted like a message."""
        if self.end is not None:
            return
        if self.guard.admitted(self.peer.address):
            budget, most = self.peer.budget, JOINED_BACKLOG  # (a browser never pings)
        else:
            budget, most = self.guard.stranger(self.peer.address), MAX_DROPPED
        if budget.wait_s() > 0:
            self.pings_over += 1
            if self.pings_over >= most:
                if most == MAX_DROPPED:
                    self.guard.flooded(self.peer.address)
                _soon(self.close(POLICY_VIOLATION, "too many pings"))
            return
        budget.spend()
        self._pong()

    def refused(self) -> None:
        """websockets refused a frame by its header (too big: 1009): uvicorn's answer (the close
        frame, the disconnect for :meth:`read`), but the rest of the frame is dropped unread."""
        protocol: Any = self.protocol
        refusal = protocol.conn.close_sent
        protocol.queue.put_nowait({"type": "websocket.disconnect", "code": refusal.code,
                                   "reason": refusal.reason})
        protocol.transport.write(b"".join(protocol.conn.data_to_send()))
        protocol.close_sent = True
        self.close_sent = True  # (before read() takes the disconnect: Flet's sends stop now)
        _linger(protocol.transport)

    async def read(self) -> None:
        """Read the client's messages as they come: drop, refuse or keep each (until the end)."""
        guard, peer = self.guard, self.peer
        while self.end is None:
            self.limit(guard.admitted(peer.address))
            ahead = READ_AHEAD_BYTES if self.joined else STRANGER_READ_AHEAD_BYTES
            while self.inbox_bytes > ahead:  # (big messages wait in the socket)
                self.taken.clear()
                await self.taken.wait()
            message = await self._receive()
            if message["type"] == "websocket.disconnect":
                if message.get("code") == TOO_BIG:  # websockets refused a frame by its header
                    limit = MAX_MESSAGE if self.joined else MAX_UNJOINED_MESSAGE
                    logger.warning("closed the connection of %s: a message of more than %d bytes",
                                   peer.address, limit)
                self.finish(message)
                return
            if message["type"] != "websocket.receive":
                self.keep(message, 0)
                continue
            data = message.get("bytes")
            size = len(data) if data is not None else len((message.get("text") or "").encode())
            joined = guard.admitted(peer.address)
            if size > (MAX_MESSAGE if joined else MAX_UNJOINED_MESSAGE):
                await self.close(TOO_BIG, f"a message of {size} bytes")
                return
            if not joined:
                own = guard.stranger(peer.address)
                if own.wait_s() > 0:  # dropped unread: a flood costs no work
                    peer.dropped += 1
                    if peer.dropped >= MAX_DROPPED:
                        guard.flooded(peer.address)
                        await self.close(POLICY_VIOLATION, "too many messages before joining")
                        return
                    continue
                own.spend()
            elif len(self.inbox) >= JOINED_BACKLOG:
                await self.close(POLICY_VIOLATION, f"{JOINED_BACKLOG} messages behind")
                return
            if data is None:  # Flet reads bytes only
                await self.close(POLICY_VIOLATION, "a text message")
                return
            action, why = read(data)
            if why is None and action not in (None, REGISTER_CLIENT) and not peer.registered:
                why = f"action {action} before registering"  # Flet has no session to give it to
            if why is not None:
                await self.close(POLICY_VIOLATION, why)
                return
            peer.registered = peer.registered or action == REGISTER_CLIENT
            self.keep(message, size)

    def keep(self, message: Message, size: int) -> None:
        self.inbox.append(message)
        self.inbox_bytes += size
        self.arrived.set()

    def finish(self, message: Message) -> None:
        """The connection ended: Flet reads no more of it."""
        self.end = message
        self.peer.gone.set()
        self.inbox.clear()
        self.inbox_bytes = 0
        self.arrived.set()
        self.taken.set()

    async def close(self, code: int, why: str | None) -> None:
        if self.end is not None:
            return
        if why is not None:
            logger.warning("closed the connection of %s: %s", self.peer.address, why)
        self.finish({"type": "websocket.disconnect", "code": code})
        await self._send({"type": "websocket.close", "code": code})
        if self.transport is not None:
            # uvicorn would read on until the client answers the close (or 10 s pass), parsing
            # all a flooding client sends meanwhile: what still comes is thrown away unread.
            _linger(self.transport)

    async def receive(self) -> Message:
        """Flet's next message: a joined device's wait their turn (:data:`JOINED_RATE`)."""
        while True:
            while not self.inbox and self.end is None:
                self.arrived.clear()
                await self.arrived.wait()
            if not self.inbox:
                # Flet drops its send queue as soon as it reads the end, while the session it
                # has just started may still draw into it (a traceback in Flet): let that finish.
                await asyncio.sleep(CLOSE_GRACE_S)
                assert self.end is not None
                return self.end
            if self.inbox[0]["type"] == "websocket.receive" and self.guard.admitted(self.peer.address):
                wait = self.peer.budget.wait_s()
                if wait > 0:
                    self.arrived.clear()
                    with contextlib.suppress(TimeoutError):  # (or the end came meanwhile)
                        await asyncio.wait_for(self.ended(), wait)
                    continue
                self.peer.budget.spend()
            message = self.inbox.popleft()
            self.inbox_bytes -= len(message.get("bytes") or b"")
            self.taken.set()
            return message

    async def ended(self) -> None:
        while self.end is None:
            self.arrived.clear()
            await self.arrived.wait()

    async def send(self, message: Message) -> None:
        if self.end is not None or self.close_sent:  # (Flet may still send to a connection that ended)
            return
        if self.peer.misread and (message.get("bytes") or b"")[:3] == SESSION_CRASHED_FRAME:
            self.peer.misread = False  # a crafted event Flet dropped: the session goes on
            return
        await self._send(message)


_closing: set[asyncio.Future[None]] = set()
"""Closes started from websockets' own callbacks (kept: a task nobody holds may be collected)."""


def _soon(close: Awaitable[None]) -> None:
    task = asyncio.ensure_future(close)
    _closing.add(task)
    task.add_done_callback(_closing.discard)


class _Linger(asyncio.Protocol):
    """A closed connection's socket: what the client still sends is read and dropped unparsed until
    it closes too, :data:`LINGER_S` pass or :data:`LINGER_BYTES` came; then it is closed with
    nothing unread (no reset), and uvicorn's protocol hears that the connection was lost."""

    def __init__(self, transport: asyncio.Transport, protocol: asyncio.BaseProtocol) -> None:
        self.transport, self.protocol = transport, protocol
        self.left = LINGER_BYTES
        self.timer = asyncio.get_running_loop().call_later(LINGER_S, transport.close)

    def data_received(self, data: bytes) -> None:
        self.left -= len(data)
        if self.left <= 0:
            self.transport.close()

    def eof_received(self) -> bool:
        return False  # the client closed its side: so does the server

    def connection_lost(self, exc: Exception | None) -> None:
        self.timer.cancel()
        self.protocol.connection_lost(exc)


def _linger(transport: asyncio.BaseTransport) -> None:
    """Stop parsing ``transport``'s client and end its side after the close frame just written
    (:class:`_Linger`)."""
    if transport.is_closing() or not isinstance(transport, asyncio.Transport):
        transport.close()
        return
    protocol = transport.get_protocol()
    stop_pings = getattr(protocol, "stop_keepalive", None)
    if callable(stop_pings):
        stop_pings()  # (nothing more may be written after the end of the server's side)
    transport.set_protocol(_Linger(transport, protocol))
    with contextlib.suppress(AttributeError):
        transport.max_size = LINGER_READ_BYTES  # type: ignore[attr-defined]
    if transport.can_write_eof():
        transport.write_eof()  # the close frame, then the end: the client stops and closes
    transport.resume_reading()  # (uvicorn may have paused it)


def _transport_of(receive: Receive) -> asyncio.BaseTransport | None:
    """The socket of uvicorn's websocket protocol whose ``receive`` this is (None: not known)."""
    transport = getattr(getattr(receive, "__self__", None), "transport", None)
    return transport if isinstance(transport, asyncio.BaseTransport) else None


def _client_gone() -> tuple[type[BaseException], ...]:
    """The errors of a send to a client that already left (uvicorn's and Starlette's words for it)."""
    from starlette.websockets import WebSocketDisconnect
    from uvicorn.protocols.utils import ClientDisconnected

    return (ClientDisconnected, WebSocketDisconnect, ConnectionError)


class FletLog(logging.Filter):
    """Flet's log of a connection: a tab that left is no news, a message it failed on is one line.

    Flet 1.0.5 knows Starlette's ``WebSocketDisconnect`` but not the
    ``WebSocketDisconnected`` newer Starlette raises for the same closed tab, and
    logs it as a warning with a trace: a reload, nothing gone wrong.
    Any other "Receive loop error" is a message :func:`read` let through
    and Flet could not apply (a value of the wrong kind for a property, say):
    Flet stops reading that connection, so it is closed, with one line.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if error is not None and (isinstance(error, _client_gone())
                                  or type(error).__name__ == "WebSocketDisconnected"):
            return False
        if (error is not None and record.getMessage().startswith("Unhandled error in")
                and _raised_reading_event(error)):
            # Flet builds an event's record from the client's data before any handler of the app
            # runs: a crafted event (a word where Flet wants a map) fails there, and is dropped.
            peer = _peer.get()
            if peer is not None:
                peer.misread = True
            record.msg, record.args = "Flet could not read an event of %s: %s: %s", (
                peer.address if peer else None, type(error).__name__, str(error)[:200])
            record.exc_info, record.exc_text = None, None
            return True
        if error is not None and record.getMessage().startswith("Receive loop error"):
            peer = _peer.get()
            if peer is not None:
                peer.broken.set()
            record.msg, record.args = "Flet could not read a message of %s: %s: %s", (
                peer.address if peer else None, type(error).__name__, str(error)[:200])
            record.exc_info, record.exc_text = None, None
        return True


def _raised_reading_event(error: BaseException) -> bool:
    """Whether ``error`` was raised where Flet reads an event's data into its record."""
    trace = error.__traceback__
    while trace is not None and trace.tb_next is not None:
        trace = trace.tb_next
    name = trace.tb_frame.f_code.co_filename if trace is not None else ""
    return name.replace("\\", "/").endswith("flet/utils/from_dict.py")


def web_app(main: Callable[..., Any], host: str, port: int, join: JoinGate | None,
            received: Uploads | None = None) -> ASGIApp:
    """Flet's FastAPI app of ``main`` behind the :class:`Guard` (picked backups arrive at ``received``)."""
    import flet_web.fastapi as flet_fastapi

    logging.getLogger(flet_fastapi.__name__).addFilter(FletLog())
    logging.getLogger("flet").addFilter(FletLog())  # (its sessions' events)

    inner = flet_fastapi.app(
        main,
        assets_dir=str(ASSETS),
        no_cdn=True,
        session_timeout_seconds=SESSION_TIMEOUT_S,
    )
    # (every page says when its connection is lost: app/connection.py)
    return Guard(WatchConnection(inner), origins(host, port),
                 join.admitted if join else lambda _address: True, received)


def uvicorn_config(app: ASGIApp, host: str, port: int) -> Any:
    """uvicorn's settings: proxy headers only from a proxy named in ``BLOCK24_TRUSTED_PROXY``."""
    import uvicorn

    proxy = os.environ.get("BLOCK24_TRUSTED_PROXY", "").strip()
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        proxy_headers=bool(proxy),
        forwarded_allow_ips=proxy or "",
        ws="websockets-sansio",
        loop="asyncio",  # (uvloop reads 256 KB at a time whoever sends: see STRANGER_READ_BYTES)
        ws_max_size=MAX_UNJOINED_MESSAGE,  # a joined device's connection has it raised (Guard)
        log_level="warning",
        timeout_graceful_shutdown=3,  # open phones must not keep a stopped server alive
    )


def serve(main: Callable[..., Any], lan: bool = False) -> None:
    """Serve the app in the browser; print the address. ``main`` is the session (``app.main.main``:
    the caller names it, as the session reads this module's peer and gate)."""
    global gate, join_url, uploads
    import uvicorn

    port = int(os.environ.get("BLOCK24_PORT", "8550"))
    if lan:
        host = os.environ.get("BLOCK24_HOST") or lan_address()
        gate = JoinGate(host)
        join_url = f"http://{host}:{port}/"
        print(f"Join code for other phones: {gate.code}", flush=True)
        warning = unreachable_warning(join_url)
        if warning:  # the QR code would lead nowhere: said here and on the host's screen
            print(warning, file=sys.stderr, flush=True)
    else:
        host = os.environ.get("BLOCK24_HOST", "127.0.0.1")
    url = f"http://{host}:{port}"
    print(f"Block 24 is served at {url}", flush=True)
    uploads = Uploads()
    config = uvicorn_config(web_app(main, host, port, gate, uploads), host, port)
    if not lan and (os.environ.get("DISPLAY") or sys.platform in ("darwin", "win32")):
        import threading
        import webbrowser

        threading.Timer(1.0, webbrowser.open, (url,)).start()
    uvicorn.Server(config).run()
