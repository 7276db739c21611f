"""The served page says when its connection to the server is lost (``make run``, ``make serve``).

Flet's web client retries a lost websocket on its own, waiting twice as long each time, with a
small "Working..." and taps dropped without a word. ``assets/connection.js`` watches the
client's websocket instead, and asks the server (:data:`ALIVE_PATH`) four times a second:
"connection lost — trying again" within 2 s, in the table's language, over the whole page (a tap is
answered, not dropped), and the Block back as soon as the server answers (the page reloaded
when its websocket closed: the app resumes the game, the round being entered was kept at every
tap; the page as it was when the server only stopped answering for a while).

This module writes that script and its words (from the catalogues) into every page the server
sends (:class:`WatchConnection`): Flet builds its ``index.html`` itself.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from .i18n import LANGUAGES, default_language, text

__all__ = ["ALIVE_PATH", "WatchConnection", "page_words"]

ALIVE_PATH = "/alive"
"""What the page asks four times a second while it is in sight (``assets/connection.js``): a server
that stopped answering without closing the connection (a laptop's lid closed, the Wi-Fi gone, the
process frozen) sends no close, so only a question left unanswered tells the page."""

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def page_words() -> dict[str, object]:
    """The script's words in every language of the pad, and the server's language."""
    words: dict[str, object] = {"default": default_language()}
    for language in LANGUAGES:
        words[language] = {
            "lost": text(language, "Connection lost — trying again"),
            "tapped": text(language, "Not taken: there is no connection. Tap again once the Block "
                                     "is back."),
        }
    return words


def _script() -> bytes:
    # (the words as JSON inside a script: "</" is written "<\/", so no phrase can end the script)
    words = json.dumps(page_words(), ensure_ascii=False).replace("</", "<\\/")
    return (f"<script>window.block24Connection = {words};</script>"
            f'<script src="connection.js"></script>').encode()


class WatchConnection:
    """ASGI: the connection script written into each HTML page, before Flet's own scripts."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.script = _script()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope.get("path") == ALIVE_PATH:
            # the page's heartbeat: answered here, at once, with nothing (Flet is not asked)
            await send({"type": "http.response.start", "status": 204,
                        "headers": [(b"cache-control", b"no-store")]})
            await send({"type": "http.response.body", "body": b""})
            return
        if scope["type"] != "http" or scope.get("method") == "HEAD":
            await self.app(scope, receive, send)
            return
        start: Message | None = None
        body: list[bytes] = []

        async def watched(message: Message) -> None:
            nonlocal start
            if message["type"] == "http.response.start":
                headers = dict(message.get("headers") or ())
                if headers.get(b"content-type", b"").startswith(b"text/html"):
                    start = message  # held until the whole page is read
                    return
            elif message["type"] == "http.response.body" and start is not None:
                body.append(message.get("body", b""))
                if message.get("more_body"):
                    return
                page = b"".join(body)
                base = page.find(b"<base")
                end = page.find(b">", base) + 1 if base >= 0 else page.find(b"<head>") + len(b"<head>")
                if end > 0:  # after <base href>: the script's address is the app's, on any route
                    page = page[:end] + self.script + page[end:]
                headers = [(k, v) for k, v in start.get("headers") or () if k != b"content-length"]
                headers.append((b"content-length", str(len(page)).encode()))
                await send({**start, "headers": headers})
                await send({"type": "http.response.body", "body": page})
                return
            await send(message)

        await self.app(scope, receive, watched)
