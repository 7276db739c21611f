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
  a reverse proxy set up on purpose;
- **an Origin check** (:class:`Guard`): a page from another origin, even one
  opened on the serving machine, cannot open ``/ws``;
- **bounded messages**: a device that has not joined may send
  :data:`MAX_UNJOINED_MESSAGE` bytes at a time, a joined one a backup file
  (:data:`MAX_MESSAGE`); sessions of closed tabs live :data:`SESSION_TIMEOUT_S`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import pathlib
import sys
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from .lan import JoinGate, lan_address, unreachable_warning
from .store.transfer import MAX_BACKUP_BYTES

ASSETS = pathlib.Path(__file__).resolve().parent.parent / "assets"

MAX_MESSAGE = MAX_BACKUP_BYTES + 1024 * 1024
"""The largest websocket message (a backup file picked with its data is one message)."""
MAX_UNJOINED_MESSAGE = 64 * 1024
"""The largest message from a device that has not joined (taps and a typed code are tiny)."""
SESSION_TIMEOUT_S = 300
"""How long a session outlives its closed tab (Flet's default is an hour)."""
LEAVE_GRACE_S = 2.0
"""How long Flet may tidy up a connection whose client left before it is ended."""
POLICY_VIOLATION = 1008
TOO_BIG = 1009

gate: JoinGate | None = None
"""The join gate of ``serve --lan`` (None: this machine only)."""
join_url: str | None = None
"""The address other phones open (``serve --lan``)."""

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


class Guard:
    """ASGI middleware in front of Flet: refuse foreign origins and oversized messages.

    ``admitted(address)`` says whether a device may send big messages (and
    stay connected): always true without a join gate.
    """

    def __init__(
        self, app: ASGIApp, allowed: frozenset[str], admitted: Callable[[str | None], bool]
    ) -> None:
        self.app = app
        self.allowed = allowed
        self.admitted = admitted

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "websocket":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or ())
        origin = headers.get(b"origin")
        # A browser always sends Origin; a client without one is no web page (it still needs the code).
        if origin is not None and origin.decode("latin-1") not in self.allowed:
            await send({"type": "websocket.close", "code": POLICY_VIOLATION})  # before accept: HTTP 403
            return
        client = scope.get("client")
        address = client[0] if client else None
        admitted = self.admitted
        gone = asyncio.Event()

        async def guarded_receive() -> Message:
            message = await receive()
            if message["type"] == "websocket.disconnect":
                gone.set()
            elif message["type"] == "websocket.receive" and not gone.is_set():
                size = len(message.get("bytes") or b"") + len(message.get("text") or "")
                limit = MAX_MESSAGE if admitted(address) else MAX_UNJOINED_MESSAGE
                if size > limit:
                    gone.set()
                    await send({"type": "websocket.close", "code": TOO_BIG})
                    return {"type": "websocket.disconnect", "code": TOO_BIG}
            return message

        # Flet's handler of a client that leaves before registering waits for ever
        # (its send loop is never told to stop): end it once the client is gone.
        handler = asyncio.ensure_future(self.app(scope, guarded_receive, send))
        left = asyncio.ensure_future(gone.wait())
        try:
            await asyncio.wait({handler, left}, return_when=asyncio.FIRST_COMPLETED)
            if not handler.done():
                await asyncio.wait({handler}, timeout=LEAVE_GRACE_S)
            if not handler.done():
                handler.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await handler
                return
        finally:
            left.cancel()
        try:
            await handler
        except _client_gone():  # a reload or a closed tab while Flet was sending: no trace
            return


def _client_gone() -> tuple[type[BaseException], ...]:
    """The errors of a send to a client that already left (uvicorn's and Starlette's words for it)."""
    from starlette.websockets import WebSocketDisconnect
    from uvicorn.protocols.utils import ClientDisconnected

    return (ClientDisconnected, WebSocketDisconnect, ConnectionError)


class QuietLeaving(logging.Filter):
    """Drops Flet's "Receive loop error" for a tab that left before its websocket was accepted.

    Flet 1.0.5 knows Starlette's ``WebSocketDisconnect`` but not the
    ``WebSocketDisconnected`` newer Starlette raises for the same closed tab, and
    logs it as a warning with a trace: a reload, nothing gone wrong (issue 20).
    """

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        return not (error is not None and (isinstance(error, _client_gone())
                                           or type(error).__name__ == "WebSocketDisconnected"))


def web_app(main: Callable[..., Any], host: str, port: int, join: JoinGate | None) -> ASGIApp:
    """Flet's FastAPI app of ``main`` behind the :class:`Guard`."""
    import flet_web.fastapi as flet_fastapi

    logging.getLogger(flet_fastapi.__name__).addFilter(QuietLeaving())

    inner = flet_fastapi.app(
        main,
        assets_dir=str(ASSETS),
        no_cdn=True,
        session_timeout_seconds=SESSION_TIMEOUT_S,
    )
    return Guard(inner, origins(host, port), join.admitted if join else lambda _address: True)


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
        ws_max_size=MAX_MESSAGE,
        log_level="warning",
        timeout_graceful_shutdown=3,  # open phones must not keep a stopped server alive
    )


def serve(lan: bool = False, main: Callable[..., Any] | None = None) -> None:
    """Serve the app in the browser; print the address. ``main`` is the session (``app.main.main``)."""
    global gate, join_url
    import uvicorn

    if main is None:
        from .main import main

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
    config = uvicorn_config(web_app(main, host, port, gate), host, port)
    if not lan and (os.environ.get("DISPLAY") or sys.platform in ("darwin", "win32")):
        import threading
        import webbrowser

        threading.Timer(1.0, webbrowser.open, (url,)).start()
    uvicorn.Server(config).run()


if __name__ == "__main__":
    serve(lan="--lan" in sys.argv[1:])
