"""A backup picked on a served page travels to the server in steps: one HTTP upload, read a piece at a time.

Flet's file picker could send a picked file's bytes in one websocket message,
and so every joined phone's websocket had to take 20 MB frames. Instead the
page picks the file without its bytes (its name and size only), the session
asks here for one :class:`Upload` and has the phone send the file to its
address (Flet's own ``FilePicker.upload``: an HTTP ``PUT``, which the browser
streams). :meth:`Uploads.handle` reads that body as it arrives, piece by
piece, and hands the whole file to the waiting import only once every
announced byte came, no more. So a phone's websocket takes small messages
only (``app.server.MAX_MESSAGE``).

What a phone, or anyone on the Wi-Fi, can do with it:

- an upload's address is a random secret of one session's import, kept for
  the phone that picked the file (its socket's address), used once, for
  :data:`UPLOAD_S` at most: another address, a second request, a guessed or
  stale address is refused without its body being read, and the import it
  was not meant for goes on;
- the body must announce its length (``Content-Length``), the size the pick
  announced, at most ``MAX_BACKUP_BYTES``: a longer one, a body that stops
  early, goes on past its length or past :data:`UPLOAD_S` fails the import
  with its reason, and nothing of it is imported (the import begins only with
  the whole file, and is all or nothing itself);
- one upload per phone at a time (a new pick replaces one still waiting), and
  :data:`MAX_UPLOADS` in all: the bytes held are bounded.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from .store.transfer import MAX_BACKUP_BYTES, BackupRefused

__all__ = ["PATH", "Upload", "Uploads", "refused"]

PATH = "/backup-upload/"
"""Where a phone sends a picked backup: ``PATH`` and the upload's secret."""
UPLOAD_S = 300.0
"""How long an upload may take from the pick to its last byte (20 MB at 70 KB/s)."""
MAX_UPLOADS = 8
"""Uploads waiting or arriving at once, of all phones (the oldest is ended first)."""

logger = logging.getLogger("block24.uploads")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]


def refused(code: str, english: str, **values: object) -> BackupRefused:
    """A backup refused before it was read: ``code`` and ``values`` are worded by ``app.i18n``."""
    error = BackupRefused(english)
    error.code, error.values = code, values
    return error


class Upload:
    """One picked file on its way: the address it is sent to, and the bytes once all of them came."""

    def __init__(self, address: str | None, size: int, clock: Callable[[], float]) -> None:
        self.address, self.size, self.clock = address, size, clock
        self.secret = secrets.token_urlsafe(24)
        self.deadline = clock() + UPLOAD_S
        self.started = False
        """A request for it came (a second one is refused)."""
        self.received = 0
        self._file: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()
        # (an upload ended before its session asked for the file: its refusal is no stray log line)
        self._file.add_done_callback(lambda done: done.cancelled() or done.exception())

    @property
    def url(self) -> str:
        """The page-relative address the phone sends the file to."""
        return PATH + self.secret

    @property
    def ended(self) -> bool:
        return self._file.done()

    def fail(self, error: BackupRefused) -> None:
        if not self._file.done():
            self._file.set_exception(error)

    def arrived(self, data: bytes) -> None:
        if not self._file.done():
            self._file.set_result(data)

    async def file(self) -> bytes:
        """The whole file, once every byte came (:class:`BackupRefused`: it did not, and why)."""
        remaining = max(0.0, self.deadline - self.clock())
        try:
            return await asyncio.wait_for(asyncio.shield(self._file), remaining)
        except TimeoutError:
            self.fail(refused("upload_late", f"the file did not arrive within {UPLOAD_S:.0f} s",
                              seconds=round(UPLOAD_S)))
            return await self._file


class Uploads:
    """The uploads of one server: asked for by the sessions, answered by :meth:`handle`."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.open: dict[str, Upload] = {}
        """Uploads not ended yet, by their secret, the oldest first."""

    def expect(self, address: str | None, size: object) -> Upload:
        """A new upload of a file of ``size`` bytes (as the pick said) from ``address``.

        Raises :class:`BackupRefused` for a size no backup has (before a byte is sent).
        """
        if type(size) is not int or size < 0:
            raise refused("upload_incomplete", f"the phone named no size for the file ({size!r:.40})",
                          value=0, expected=size if type(size) is int else 0)
        if size > MAX_BACKUP_BYTES:
            raise refused("backup_too_big", f"the file has {size} bytes, more than {MAX_BACKUP_BYTES}",
                          value=size, expected=MAX_BACKUP_BYTES)
        self._tidy()
        for old in [u for u in self.open.values() if u.address == address]:
            self._end(old, "another backup was picked on this phone")
        while len(self.open) >= MAX_UPLOADS:
            self._end(next(iter(self.open.values())), f"{MAX_UPLOADS} uploads at once")
        upload = Upload(address, size, self.clock)
        self.open[upload.secret] = upload
        return upload

    def _end(self, upload: Upload, why: str) -> None:
        self.open.pop(upload.secret, None)
        upload.fail(refused("upload_incomplete", f"the upload ended: {why}", value=upload.received,
                            expected=upload.size))

    def _tidy(self) -> None:
        now = self.clock()
        for upload in [u for u in self.open.values() if u.ended or u.deadline <= now]:
            self._end(upload, "too late")

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        """An HTTP request to :data:`PATH`: the body of the upload it names, read as it arrives."""
        address = (scope.get("client") or (None,))[0]
        upload = self.open.get(str(scope.get("path", ""))[len(PATH):])
        why = self._refusal(scope, upload, address)
        if why is not None:
            status, text = why
            logger.warning("refused an upload from %s: %s", address, text)
            await _answer(send, status, text)  # (its body unread: uvicorn closes the connection)
            return
        assert upload is not None
        upload.started = True
        status, text = await self._read(upload, receive)
        self.open.pop(upload.secret, None)
        if status != 200:
            logger.warning("an upload from %s ended: %s", address, text)
        await _answer(send, status, text)

    def _refusal(self, scope: Scope, upload: Upload | None, address: str | None
                 ) -> tuple[int, str] | None:
        """Why a request is not read at all (None: it is read)."""
        if scope.get("method") != "PUT":
            return 405, "not a PUT"
        if upload is None or upload.ended or upload.deadline <= self.clock():
            return 404, "no such upload"
        if upload.address != address:
            return 403, "another phone's upload"  # (that phone's upload goes on)
        if upload.started:
            return 409, "sent already"
        headers = dict(scope.get("headers") or ())
        length = headers.get(b"content-length", b"").decode("latin-1")
        if not (length.isascii() and length.isdigit()) or int(length) != upload.size:
            self._end(upload, f"a length of {length[:20]!r}, not {upload.size}")
            return 400, f"a length of {length[:20]!r}, not the file's {upload.size}"
        return None

    async def _read(self, upload: Upload, receive: Receive) -> tuple[int, str]:
        """The body a piece at a time (uvicorn reads the socket only as fast as it is taken)."""
        pieces: list[bytes] = []
        while True:
            left = upload.deadline - self.clock()
            message = None
            with contextlib.suppress(TimeoutError):
                message = await asyncio.wait_for(receive(), max(0.0, left))
            if message is None or message.get("type") != "http.request":
                upload.fail(refused("upload_incomplete", "the file stopped arriving",
                                    value=upload.received, expected=upload.size))
                return 408 if message is None else 400, "stopped arriving"
            if upload.ended:  # replaced by a newer pick meanwhile: its bytes are not kept
                return 409, "ended by a newer upload"
            piece = message.get("body") or b""
            upload.received += len(piece)
            if upload.received > upload.size:  # (uvicorn holds to the length: a guard all the same)
                upload.fail(refused("upload_incomplete", "more than the file's bytes came",
                                    value=upload.received, expected=upload.size))
                return 413, "more than its length"
            pieces.append(piece)
            if not message.get("more_body", False):
                break
        if upload.received != upload.size:
            upload.fail(refused("upload_incomplete", "the file stopped arriving",
                                value=upload.received, expected=upload.size))
            return 400, "shorter than its length"
        upload.arrived(b"".join(pieces))
        return 200, "received"


async def _answer(send: Send, status: int, text: str) -> None:
    body = text.encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/plain"), (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})
