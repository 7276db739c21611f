"""A backup picked on a served page is uploaded in pieces, never one websocket message.

The real app (``python -m app.main --lan``) bound to 127.0.0.2, and a phone as
:mod:`tests.lan_phone` builds one: it taps nothing, it sends the file picker's
result as Flet's client does after a pick (the file's name and size, no bytes),
answers the server's request to upload it, and sends the file over a raw socket
(an HTTP ``PUT`` written a piece at a time), as the browser would, or as a
hostile phone would not. Nothing is imported before every announced byte came;
a refused upload changes nothing (the store is read when the server stopped).
"""

from __future__ import annotations

import asyncio
import json
import socket

import pytest

from app.store import Store, StoreError
from app.store.transfer import MAX_BACKUP_BYTES, BackupRefused
from app.uploads import MAX_UPLOADS, UPLOAD_S, Uploads
from scoring import Colour, Game, Round, game_to_record
from tests.lan_phone import HOST, INVOKE_METHOD, UPDATE_CONTROL_PROPS, Phone, Served, click, packet, strings

PLAYERS = ("Anna", "Ben", "Carl")
OTHER_PHONE, STRANGER = "127.0.0.5", "127.0.0.3"
imported: set[str] = set()
"""Ids of the games the tests imported (all the store may hold when the server stopped)."""
refused_ids: set[str] = set()
"""Ids of games in uploads that were refused (none may be stored)."""


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    data = tmp_path_factory.mktemp("table")
    served = Served(data, "-m", "app.main", "--lan")
    try:
        yield served
    finally:
        served.stop()
    log = served.log()
    assert "Traceback" not in log, log[-5000:]
    with Store.open(data) as store:  # (the table began with no game)
        assert store.count_games() == len(imported)
        for game_id in sorted(imported)[-3:]:
            store.load_game(game_id)
        for game_id in refused_ids:
            with pytest.raises(StoreError):
                store.load_game(game_id)


def game_of(rounds: int) -> Game:
    game = Game(PLAYERS)
    for number in range(rounds):  # the caller makes all 6, or 2 each: nobody reaches the end
        caller = game.next_caller
        tricks = ({p: 6 if p == caller else 0 for p in PLAYERS} if number % 6 < 3
                  else dict.fromkeys(PLAYERS, 2))
        game = game.record(Round(caller, Colour.RED, tricks))
    assert not game.finished
    return game


def backup(*ids: str, rounds: int = 2) -> bytes:
    """A legal backup (as ``block24 export`` writes one) of a game under each of ``ids``."""
    record = game_to_record(game_of(rounds))
    return json.dumps([{"id": game_id, **record} for game_id in ids], indent=2).encode()


def at_settings(port: int, source: str = HOST) -> Phone:
    phone = Phone(port, source)
    phone.register("/settings")
    assert phone.sees("Import a backup"), phone.strings()[-10:]
    return phone


def pick(phone: Phone, name: str, size: object) -> str | None:
    """Send the picker's result for a file of ``size`` bytes: the address the server asks the
    phone to upload it to (None: it asked for none)."""
    picker = phone.control(_c="FilePicker")
    assert picker is not None
    seen = len(phone.received)
    phone.send(click(picker["_i"], "result", {"files": [{"id": 0, "name": name, "size": size}]}))
    for _ in range(40):  # bounded: 20 s at most
        phone.pump(0.5)
        for action, body in phone.received[seen:]:
            if action == INVOKE_METHOD and body.get("name") == "upload":
                (wanted,) = body["args"]["files"]
                assert wanted["method"] == "PUT" and wanted["id"] == 0
                return wanted["upload_url"]
        if any(name in text for _, body in phone.received[seen:] for text in strings(body)):
            return None  # the import ended without asking
    return None


def put(port: int, url: str, body: bytes, source: str = HOST, length: object = None,
        stop_after: int | None = None, method: str = "PUT", piece: int = 64 * 1024) -> int | None:
    """Send ``body`` to ``url`` a piece at a time from ``source``: the status answered (None: the
    socket was closed after ``stop_after`` bytes, before an answer)."""
    with socket.socket() as sock:
        sock.settimeout(60)
        sock.bind((source, 0))
        sock.connect((HOST, port))
        head = f"{method} {url} HTTP/1.1\r\nHost: {HOST}:{port}\r\nOrigin: http://{HOST}:{port}\r\n"
        if length == "chunked":  # no length said: the body in chunks, as many as the sender likes
            head += "Transfer-Encoding: chunked\r\n"
            parts = (body[:5], body[5:])
            body = b"".join(b"%x\r\n%s\r\n" % (len(part), part) for part in parts) + b"0\r\n\r\n"
        elif method == "PUT":
            head += f"Content-Length: {len(body) if length is None else length}\r\n"
        sock.sendall(head.encode() + b"\r\n")
        sent = body if stop_after is None else body[:stop_after]
        try:
            for at in range(0, len(sent), piece):
                sock.sendall(sent[at:at + piece])
        except OSError:  # the server answered and closed before all was sent
            pass
        if stop_after is not None:
            return None
        answer = b""
        try:
            while b"\r\n" not in answer and (chunk := sock.recv(4096)):
                answer += chunk
        except OSError:
            pass
    return int(answer.split()[1]) if answer.startswith(b"HTTP/1.1 ") else None


def said(phone: Phone, name: str, seconds: float = 30) -> str:
    """What the phone's screen says of the file ``name`` once its import ended."""
    assert phone.saw(name) or phone.pump(seconds, until=name), phone.strings()[-5:]
    return next(s for s in reversed(phone.strings()) if s.startswith(name))


def test_an_upload_that_stops_arriving_imports_nothing(table):
    data = backup("stopped-1", "stopped-2")
    refused_ids.update({"stopped-1", "stopped-2"})
    with at_settings(table.port) as phone:
        url = pick(phone, "stopped.json", len(data))
        assert url is not None
        put(table.port, url, data, stop_after=len(data) // 2)
        words = said(phone, "stopped.json")
        assert words == (f"stopped.json was not imported: the file did not arrive whole "
                         f"({len(data) // 2} of {len(data)} bytes). Nothing was changed."), words


def test_a_length_other_than_the_picked_size_is_refused_unread_and_nothing_imported(table):
    data = backup("long-1")
    refused_ids.add("long-1")
    with at_settings(table.port) as phone:
        url = pick(phone, "long.json", len(data))
        assert url is not None
        assert put(table.port, url, data + b" " * 10, length=len(data) + 10) == 400
        assert "did not arrive whole (0 of" in said(phone, "long.json")
        # a body with no length (sent in chunks of any number) is refused the same way
        url = pick(phone, "chunked.json", len(data))
        assert url is not None
        assert put(table.port, url, data, length="chunked") == 400
        assert "did not arrive whole (0 of" in said(phone, "chunked.json")


def test_no_other_device_can_send_a_phone_s_upload_or_spoil_it(table):
    """A stranger, another joined phone, a guessed address, a second request, another method:
    each refused unread; the phone's own upload still comes in, once."""
    data = backup("own-1")
    other = Phone(table.port, OTHER_PHONE)
    try:
        other.register()
        assert other.sees("Join the table")
        field = other.control(_c="TextField")
        other.send(packet(UPDATE_CONTROL_PROPS, {"id": field["_i"], "props": {"value": table.join_code}}))
        other.send(click(field["_i"], "change", table.join_code))  # (typed: the field says so)
        other.send(click(field["_i"], "submit", table.join_code))
        assert other.sees("New game"), other.strings()[-10:]  # joined (it was not: "Wrong code")
        with at_settings(table.port) as phone:
            url = pick(phone, "own.json", len(data))
            assert url is not None
            assert put(table.port, url, backup("spoiled-1"), source=STRANGER) == 403
            assert put(table.port, url, backup("spoiled-1"), source=OTHER_PHONE) == 403
            refused_ids.add("spoiled-1")
            assert put(table.port, url[:-4] + "AAAA", data) == 404
            assert put(table.port, url, b"", method="GET") == 405
            assert put(table.port, url, data) == 200
            assert put(table.port, url, data) == 404  # used once
            assert said(phone, "own.json") == "own.json: 1 new game, 0 updated, 0 already there"
    finally:
        other.ws.close()
    imported.add("own-1")


def test_a_second_pick_while_one_arrives_asks_for_nothing_more(table):
    """Picked twice (or a result sent twice): one import at a time, the first upload goes on."""
    data = backup("twice-1")
    with at_settings(table.port) as phone:
        url = pick(phone, "twice.json", len(data))
        assert url is not None
        picker = phone.control(_c="FilePicker")
        phone.send(click(picker["_i"], "result", {"files": [{"id": 0, "name": "again.json", "size": 9}]}))
        phone.pump(1)
        assert put(table.port, url, data) == 200
        assert said(phone, "twice.json") == "twice.json: 1 new game, 0 updated, 0 already there"
        asked = [body for action, body in phone.received
                 if action == INVOKE_METHOD and body["name"] == "upload"]
        assert len(asked) == 1 and not phone.saw("again.json")
    imported.add("twice-1")


def test_a_picked_size_over_the_largest_backup_is_refused_before_a_byte_is_sent(table):
    with at_settings(table.port) as phone:
        assert pick(phone, "huge.json", MAX_BACKUP_BYTES + 1) is None
        assert said(phone, "huge.json") == (
            f"huge.json was not imported: the file has {MAX_BACKUP_BYTES + 1} bytes, more than "
            f"{MAX_BACKUP_BYTES}. Nothing was changed.")


def test_a_damaged_file_uploaded_whole_is_refused_whole(table):
    data = backup("damaged-1", "damaged-2")[:-40]
    refused_ids.update({"damaged-1", "damaged-2"})
    with at_settings(table.port) as phone:
        url = pick(phone, "damaged.json", len(data))
        assert url is not None
        assert put(table.port, url, data) == 200
        words = said(phone, "damaged.json")
        assert words.startswith("damaged.json was not imported: ") and words.endswith("Nothing was changed.")


def test_a_backup_of_nearly_the_largest_size_is_uploaded_in_pieces_and_imported(table):
    """19.99 MB (9 837 games): the pick names the file, the phone uploads it, every game comes in.
    (Before, the pick sent the file's bytes in one websocket message, and a pick without them
    was "could not be read".)"""
    record = game_to_record(game_of(11))
    one = len(json.dumps([{"id": "g00000", **record}], indent=2)) - 4
    ids = [f"big{n:05d}" for n in range((MAX_BACKUP_BYTES - 4) // (one + 4))]
    data = json.dumps([{"id": game_id, **record} for game_id in ids], indent=2).encode()
    assert MAX_BACKUP_BYTES - 10_000 < len(data) <= MAX_BACKUP_BYTES
    with at_settings(table.port) as phone:
        url = pick(phone, "big.json", len(data))
        assert url is not None, phone.strings()[-5:]
        assert put(table.port, url, data) == 200
        assert phone.pump(120, until="big.json: "), phone.strings()[-5:]
        words = said(phone, "big.json")
        assert words == f"big.json: {len(ids)} new games, 0 updated, 0 already there", words
    imported.update(ids)


# -- the uploads of one server, in process (a clock that is told when it is) --------------------

class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def request(upload_url: str, body: bytes, address: str = HOST, length: int | None = None,
            pieces: int = 4) -> tuple[dict, list[dict]]:
    """An HTTP PUT as uvicorn hands it to the app: the scope, and the body's messages."""
    size = len(body) if length is None else length
    scope = {"type": "http", "method": "PUT", "path": upload_url, "client": (address, 5000),
             "headers": [(b"content-length", str(size).encode())]}
    step = max(1, -(-len(body) // pieces))
    messages = [{"type": "http.request", "body": body[at:at + step], "more_body": at + step < len(body)}
                for at in range(0, len(body), step)] or [{"type": "http.request", "body": b""}]
    return scope, messages


async def handled(uploads: Uploads, scope: dict, messages: list[dict]) -> int:
    queue = list(messages)
    answers: list[dict] = []

    async def receive() -> dict:
        if queue:
            return queue.pop(0)
        await asyncio.sleep(3600)  # (the client sends no more)
        raise AssertionError

    async def send(message: dict) -> None:
        answers.append(message)

    await uploads.handle(scope, receive, send)
    return answers[0]["status"]


def test_an_upload_arrives_in_pieces_and_only_whole():
    async def run() -> None:
        uploads = Uploads()
        upload = uploads.expect(HOST, 12)
        assert await handled(uploads, *request(upload.url, b"[" + b" " * 10 + b"]", pieces=6)) == 200
        assert await upload.file() == b"[" + b" " * 10 + b"]"

    asyncio.run(run())


def test_more_bytes_than_announced_are_refused():
    """uvicorn holds a body to its Content-Length; the upload counts all the same."""
    async def run() -> None:
        uploads = Uploads()
        upload = uploads.expect(HOST, 4)
        assert await handled(uploads, *request(upload.url, b"[  ]   ", length=4)) == 413
        with pytest.raises(BackupRefused) as refusal:
            await upload.file()
        assert refusal.value.code == "upload_incomplete"

    asyncio.run(run())


def test_an_upload_ended_while_it_arrives_keeps_no_more_of_it():
    """The phone picked again while its first file arrived: the first is read no further."""
    async def run() -> None:
        uploads = Uploads()
        first = uploads.expect(HOST, 8)
        pieces: asyncio.Queue[dict] = asyncio.Queue()
        answers: list[dict] = []

        async def send(message: dict) -> None:
            answers.append(message)

        scope, _ = request(first.url, b"[      ]")
        reading = asyncio.ensure_future(uploads.handle(scope, pieces.get, send))
        await pieces.put({"type": "http.request", "body": b"[   ", "more_body": True})
        await asyncio.sleep(0.01)
        assert first.received == 4
        uploads.expect(HOST, 8)  # a newer pick of the same phone
        await pieces.put({"type": "http.request", "body": b"   ]", "more_body": False})
        await asyncio.wait_for(reading, 5)
        assert answers[0]["status"] == 409 and first.received == 4
        with pytest.raises(BackupRefused):
            await first.file()

    asyncio.run(run())


def test_an_upload_that_never_comes_ends_when_its_time_is_up():
    clock = Clock()

    async def run() -> None:
        uploads = Uploads(clock)
        late = uploads.expect(HOST, 4)
        clock.now += UPLOAD_S + 1
        assert await handled(uploads, *request(late.url, b"[  ]")) == 404
        with pytest.raises(BackupRefused) as refusal:
            await late.file()
        assert refusal.value.code == "upload_late"
        assert uploads.expect(HOST, 4) is not late and late.secret not in uploads.open

    asyncio.run(run())


def test_the_uploads_held_at_once_are_bounded():
    async def run() -> None:
        uploads = Uploads()
        first = uploads.expect("10.0.0.1", 4)
        again = uploads.expect("10.0.0.1", 4)  # the same phone picked again: the first ends
        with pytest.raises(BackupRefused):
            await first.file()
        others = [uploads.expect(f"10.0.1.{n}", 4) for n in range(MAX_UPLOADS)]
        assert len(uploads.open) == MAX_UPLOADS
        with pytest.raises(BackupRefused):  # the oldest made room
            await again.file()
        assert all(not upload.ended for upload in others)
        for size in (-1, "4", None, 4.0, True):
            with pytest.raises(BackupRefused):
                uploads.expect("10.0.2.1", size)
        with pytest.raises(BackupRefused) as refusal:
            uploads.expect("10.0.2.1", MAX_BACKUP_BYTES + 1)
        assert refusal.value.code == "backup_too_big"

    asyncio.run(run())


def test_where_no_server_serves_the_page_the_pick_still_carries_the_file(app, monkeypatch):
    """The offline build and the desktop pick with the bytes (there is no server to upload to)."""
    from types import SimpleNamespace

    import flet as ft

    from app import server
    from app.views import backup as backup_view

    monkeypatch.setattr(server, "uploads", None)  # (a test of serve() may have left its own)
    picker = ft.FilePicker()
    backup_view._importers[picker] = app
    data = backup("offline-1")
    picked = ft.FilePickerFile(id=0, name="offline.json", size=len(data), bytes=data)
    asyncio.run(backup_view._picked(SimpleNamespace(control=picker, files=[picked])))
    assert app.backup.notice is not None
    assert app.backup.notice.text == "offline.json: 1 new game, 0 updated, 0 already there"
