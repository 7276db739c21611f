"""What a stranger on the Wi-Fi may cost the host: frames, pings, connections, and a new phone's way in.

The server is ``tests/lan_probe.py`` (the real :func:`app.server.serve` with a
one-line page, as in ``tests/test_lan_security.py``), bound to 127.0.0.2; every
other loopback address is a device that never typed the code. The frames are
written to the socket as an attacker would (a mask of zeros is a mask).
"""

from __future__ import annotations

import contextlib
import socket
import struct
import threading
import time
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from app.server import (
    MAX_DROPPED,
    MAX_MESSAGE,
    MAX_STRANGER_CONNECTIONS,
    MAX_STRANGERS,
    POLICY_VIOLATION,
    TOO_BIG,
)
from tests.lan_phone import HOST, REGISTER, Phone, click, probe_server


@pytest.fixture(scope="module")
def probe(tmp_path_factory):
    with probe_server(tmp_path_factory.mktemp("probe")) as served:
        yield served


def ws_from(source: str, port: int, **kwargs):
    sock = socket.socket()
    sock.bind((source, 0))
    sock.connect((HOST, port))
    return connect(f"ws://{HOST}:{port}/ws", sock=sock, open_timeout=10, max_size=None,
                   origin=f"http://{HOST}:{port}", **kwargs)


def frame_header(opcode: int, length: int) -> bytes:
    """A client's frame header announcing ``length`` bytes (final, masked with zeros)."""
    if length < 126:
        size = bytes([0x80 | length])
    elif length < 2**16:
        size = bytes([0x80 | 126]) + struct.pack("!H", length)
    else:
        size = bytes([0x80 | 127]) + struct.pack("!Q", length)
    return bytes([0x80 | opcode]) + size + b"\x00" * 4


def closed_with(ws, seconds: float = 10.0) -> int | None:
    """The code the server closed ``ws`` with (None: still open after ``seconds``)."""
    deadline = time.monotonic() + seconds
    try:
        while time.monotonic() < deadline:
            try:
                ws.recv(timeout=0.5)
            except TimeoutError:
                continue
    except ConnectionClosed as closed:
        return closed.rcvd.code if closed.rcvd is not None else -1
    return None


def logged(log: Path, line: str, seconds: float = 10.0) -> bool:
    """Whether the server's log says ``line`` within ``seconds``: the server writes it after the
    close frame went, so the client may read its close first."""
    deadline = time.monotonic() + seconds
    while line not in log.read_text():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def test_a_stranger_s_big_frame_is_refused_by_its_header_before_its_bytes_are_kept(probe):
    """A frame that announces 20 MB and never finishes: refused as soon as its header arrived
    (it used to be kept, 20 MB a connection, for as long as the client liked)."""
    port, log = probe
    with ws_from("127.0.0.11", port) as ws:
        ws.socket.sendall(frame_header(0x2, 20_000_000) + b"\x00" * 1000)
        assert closed_with(ws) == TOO_BIG
    assert logged(log, "127.0.0.11: a message of more than")


def test_the_serving_device_s_connection_may_still_send_a_big_frame(probe):
    port, _ = probe
    with ws_from(HOST, port) as ws:
        ws.send(b"\x02" + b"0" * 1_000_000)  # an unknown packet: Flet drops it
        ws.send(REGISTER)
        assert closed_with(ws, 2.0) is None


def test_a_joined_device_s_frame_of_2_mb_is_refused_by_its_header(probe):
    """No message of the pad needs more than :data:`MAX_MESSAGE` (a backup is uploaded apart,
    tests/test_lan_upload.py): a joined phone's bigger frame closes its connection as soon as
    its header came (it used to be taken up to 21 MB, the size of a backup sent in one frame)."""
    port, log = probe
    assert MAX_MESSAGE < 2_000_000
    with ws_from(HOST, port) as ws:
        ws.send(REGISTER)
        ws.socket.sendall(frame_header(0x2, 2_000_000) + b"\x02" * 1000)
        assert closed_with(ws) == TOO_BIG
    assert logged(log, f"{HOST}: a message of more than {MAX_MESSAGE} bytes")


def test_pings_from_a_stranger_are_counted_like_messages(probe):
    port, log = probe
    with ws_from("127.0.0.12", port) as ws:
        ws.socket.sendall(frame_header(0x9, 0) * 2000)
        assert closed_with(ws) == POLICY_VIOLATION
    assert logged(log, "127.0.0.12: too many pings")
    assert MAX_DROPPED < 2000


def sent_then_read(sock: socket.socket, data: bytes) -> tuple[OSError | None, bytes]:
    """Send all of ``data``, then read what the server sends until it closes: the error the
    sending met (a reset), if any, and the bytes read."""
    try:
        sock.sendall(data)
        refused = None
    except OSError as error:
        refused = error
    stream = b""
    with contextlib.suppress(OSError):  # (a reset may come after the close frame)
        while chunk := sock.recv(65536):
            stream += chunk
    return refused, stream


def raw_stranger(source: str, port: int) -> socket.socket:
    """A websocket opened by hand (no library reading behind the test's back): the 101 read."""
    sock = socket.socket()
    sock.settimeout(10)
    sock.bind((source, 0))
    sock.connect((HOST, port))
    sock.sendall(f"GET /ws HTTP/1.1\r\nHost: {HOST}:{port}\r\nUpgrade: websocket\r\n"
                 "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                 f"Sec-WebSocket-Version: 13\r\nOrigin: http://{HOST}:{port}\r\n\r\n".encode())
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += sock.recv(4096) or b"(closed)"  # bounded by the timeout
    assert answer.startswith(b"HTTP/1.1 101"), answer
    assert answer.endswith(b"\r\n\r\n"), answer  # (the server says nothing before a register)
    return sock


def close_code_in(stream: bytes) -> int | None:
    """The code of the close frame among the server's frames in ``stream`` (None: none came)."""
    at = 0
    while at + 2 <= len(stream):
        opcode, length, at = stream[at] & 0x0F, stream[at + 1] & 0x7F, at + 2
        if length >= 126:
            width = 2 if length == 126 else 8
            length, at = int.from_bytes(stream[at:at + width], "big"), at + width
        if opcode == 0x8:
            return int.from_bytes(stream[at:at + 2], "big")
        at += length
    return None


def test_a_flood_the_client_is_still_sending_gets_the_close_code_not_a_reset(probe):
    """A stranger sends 8 MB of taps without reading, then reads: the server's close frame (1008)
    is there, and no byte it sent was refused. The server used to close the socket with the flood
    unread in the kernel, which Linux answers with a reset: the client's sending failed with
    "connection reset" (a browser or websockets' client then sees no close code)."""
    port, log = probe
    tap = click(99_999)
    flood = (frame_header(0x2, len(REGISTER)) + REGISTER
             + (frame_header(0x2, len(tap)) + tap) * (8_000_000 // (len(tap) + 6)))
    with raw_stranger("127.0.0.15", port) as sock:
        refused, stream = sent_then_read(sock, flood)  # (the server closes it after the first 16 KB)
    assert refused is None, f"the server reset the connection while the flood came: {refused!r}"
    assert close_code_in(stream) == POLICY_VIOLATION, stream[:200]
    assert logged(log, "127.0.0.15: too many messages before joining")


def test_a_big_frame_the_client_is_still_sending_gets_the_close_code_not_a_reset(probe):
    """The same for a frame refused by its header (1009): the rest of it is dropped unread."""
    port, log = probe
    with raw_stranger("127.0.0.16", port) as sock:
        refused, stream = sent_then_read(sock, frame_header(0x2, 8_000_000) + b"\x00" * 8_000_000)
    assert refused is None, f"the server reset the connection while the frame came: {refused!r}"
    assert close_code_in(stream) == TOO_BIG, stream[:200]
    assert logged(log, "127.0.0.16: a message of more than")


def test_a_stranger_holds_a_few_connections_at_most(probe):
    port, _ = probe
    open_ = [ws_from("127.0.0.13", port) for _ in range(MAX_STRANGER_CONNECTIONS)]
    try:
        with pytest.raises(InvalidStatus) as refused:
            ws_from("127.0.0.13", port)
        assert refused.value.response.status_code == 403
        with ws_from("127.0.0.14", port) as other:  # another address is not kept out by it
            other.send(REGISTER)
            assert closed_with(other, 1.0) is None
    finally:
        for ws in open_:
            ws.close()


def test_beyond_the_strangers_cap_the_oldest_stranger_is_closed_and_a_new_phone_gets_in(probe):
    port, _ = probe
    first = ws_from("127.0.1.0", port)
    crowd = [ws_from(f"127.0.{2 + n // 200}.{n % 200}", port) for n in range(MAX_STRANGERS - 1)]
    try:
        with Phone(port, "127.0.9.9") as phone:
            phone.register()
            assert phone.sees("probe client=127.0.9.9")
        assert closed_with(first, 5.0) == POLICY_VIOLATION
    finally:
        for ws in [first, *crowd]:
            ws.close()


def taps_so_far(port: int) -> tuple[int, int]:
    """How many taps reached the probe's app, and its button's id (read by a new page of the host)."""
    with Phone(port, HOST) as reader:
        reader.register()
        assert reader.sees("probe taps="), reader.strings()
    line = next(s for s in reader.strings() if s.startswith("probe taps="))
    taps, button = (int(part.split("=")[1]) for part in line.split()[1:])
    return taps, button


def test_a_new_phone_is_not_queued_behind_strangers_messages(probe):
    """60 strangers each send 4 messages a second (under their own limit) while a new phone
    registers and taps 20 times: its 21 messages all pass at once (all strangers used to share
    one budget of 20 a second, so each of its messages waited its turn among theirs: its register
    behind 220 others a second, its taps minutes behind)."""
    port, _ = probe
    strangers = [Phone(port, f"127.0.20.{n}") for n in range(60)]
    stop, under_way = threading.Event(), threading.Event()

    def send_on() -> None:
        rounds = 0
        while not stop.wait(0.25):
            for phone in strangers:
                with contextlib.suppress(ConnectionClosed):
                    phone.send(click(99_999))
            rounds += 1
            if rounds == 4:
                under_way.set()

    sender = threading.Thread(target=send_on)
    try:
        for phone in strangers:
            phone.register()
        sender.start()
        assert under_way.wait(60)  # the strangers' load is under way (a second of it)
        before = taps_so_far(port)[0]
        with Phone(port, "127.0.21.1") as newcomer:
            newcomer.register()
            assert newcomer.sees("probe taps="), newcomer.strings()
            line = next(s for s in newcomer.strings() if s.startswith("probe taps="))
            button = int(line.split("button=")[1])
            for _ in range(20):
                newcomer.send(click(button))
            deadline = time.monotonic() + 30  # (queued behind the strangers: minutes)
            while (after := taps_so_far(port)[0]) < before + 20 and time.monotonic() < deadline:
                time.sleep(0.2)
        assert after - before >= 20
    finally:
        stop.set()
        if sender.is_alive():
            sender.join()
        for phone in strangers:
            phone.ws.close()
