"""The LAN: a real server on 127.0.0.0/8 and a websocket client; the join gate's limits.

The server is ``tests/lan_probe.py``: the real :func:`app.server.serve` with a
one-line page that says which address the server saw and whether it let the
device in. It binds 127.0.0.2 (the "serving device"); strangers connect from
127.0.0.3.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time

import msgpack
import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from app.lan import MAX_CODE_CHARS, MAX_TRACKED, MAX_WRONG, MAX_WRONG_ALL, WINDOW_S, JoinGate, Verdict
from app.server import (
    JOINED_BURST,
    JOINED_RATE,
    MAX_DROPPED,
    MAX_UNJOINED_MESSAGE,
    POLICY_VIOLATION,
    STRANGER_BURST,
    STRANGER_RATE,
    TOO_BIG,
)
from tests.lan_phone import HOST, REGISTER, STRANGER, Phone, click, free_port, probe_server


@pytest.fixture(scope="module")
def probe(tmp_path_factory):
    with probe_server(tmp_path_factory.mktemp("probe")) as served:
        yield served[0]


def ws_from(source: str, port: int, **kwargs):
    sock = socket.socket()
    sock.bind((source, 0))
    sock.connect((HOST, port))
    kwargs.setdefault("origin", f"http://{HOST}:{port}")
    return connect(f"ws://{HOST}:{port}/ws", sock=sock, open_timeout=10, **kwargs)


def what_the_server_saw(ws) -> str:
    ws.send(REGISTER)
    for _ in range(20):  # bounded: the page arrives within a few messages
        message = ws.recv(timeout=10)
        start = message.find(b"probe client=")
        if start >= 0:
            return message[start:].split(b"\xa2")[0].decode()
    raise AssertionError("the probe page never arrived")


def test_the_serving_device_is_let_in(probe):
    with ws_from(HOST, probe) as ws:
        assert what_the_server_saw(ws) == f"probe client={HOST} admitted=True"


def test_a_forwarded_for_header_is_not_trusted(probe):
    spoof = {"X-Forwarded-For": HOST, "X-Real-IP": HOST, "Forwarded": f"for={HOST}"}
    with ws_from(STRANGER, probe, additional_headers=spoof) as ws:
        assert what_the_server_saw(ws) == f"probe client={STRANGER} admitted=False"


def test_a_page_from_another_origin_cannot_open_the_websocket(probe):
    for origin in ("http://evil.example", f"http://{HOST}:{probe + 1}", f"https://{HOST}:{probe}", "null"):
        with pytest.raises(InvalidStatus) as refused:
            ws_from(HOST, probe, origin=origin)
        assert refused.value.response.status_code == 403


def test_an_oversized_message_from_a_stranger_closes_the_connection(probe):
    with ws_from(STRANGER, probe) as ws:
        ws.send(b"\x02" + b"0" * (MAX_UNJOINED_MESSAGE + 1))  # e.g. a 4 MB "join code"
        with pytest.raises(ConnectionClosed) as closed:
            for _ in range(20):
                ws.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == TOO_BIG


def test_the_serving_device_may_send_a_big_message(probe):
    with ws_from(HOST, probe) as ws:
        ws.send(b"\x02" + b"0" * (MAX_UNJOINED_MESSAGE * 4))  # an unknown packet: dropped by Flet
        assert what_the_server_saw(ws).endswith("admitted=True")


# -- a flood of taps ----------------------------------------------------------------------


def taps_so_far(port: int) -> tuple[int, int]:
    """How many taps reached the probe's app, and its button's id (read by a new page of the host)."""
    with Phone(port, HOST) as reader:
        reader.register()
        assert reader.sees("probe taps="), reader.strings()
    line = next(s for s in reader.strings() if s.startswith("probe taps="))
    taps, button = (int(part.split("=")[1]) for part in line.split()[1:])
    return taps, button


def flood(port: int, source: str, count: int) -> tuple[Phone, float]:
    """``count`` taps on the probe's button from ``source`` as fast as the socket takes them."""
    _, button = taps_so_far(port)
    phone = Phone(port, source)
    phone.register()
    started = time.monotonic()
    try:
        for _ in range(count):
            phone.send(click(button))
    except ConnectionClosed as closed:
        phone.closed = closed
    return phone, started


def test_a_flood_from_a_device_that_has_not_joined_is_dropped_unread(probe):
    """20 000 taps from a stranger: the app sees at most its small budget, then the connection ends."""
    before, _ = taps_so_far(probe)
    stranger, started = flood(probe, "127.0.0.4", 20_000)  # (an address of its own: it is kept out)
    with stranger:
        stranger.pump(5)
    after, _ = taps_so_far(probe)
    elapsed = time.monotonic() - started
    assert after - before <= STRANGER_BURST + STRANGER_RATE * elapsed
    assert stranger.closed is not None and stranger.closed.rcvd is not None
    assert stranger.closed.rcvd.code == POLICY_VIOLATION  # after MAX_DROPPED dropped messages
    assert MAX_DROPPED < 20_000
    with pytest.raises(InvalidStatus) as refused:  # and it stays out a while
        ws_from("127.0.0.4", probe)
    assert refused.value.response.status_code == 403


def test_a_joined_device_is_rate_limited_too(probe):
    """The serving device's own flood waits: what reaches the app grows at the joined rate."""
    before, _ = taps_so_far(probe)
    host, started = flood(probe, HOST, 5 * JOINED_BURST)
    with host:
        after, _ = taps_so_far(probe)
        elapsed = time.monotonic() - started
        assert host.pump(0.5)  # nothing of a joined device is refused or lost: it waits
    assert after - before <= JOINED_BURST + JOINED_RATE * elapsed


# -- the gate ---------------------------------------------------------------------------


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_wrong_codes_from_many_addresses_hit_a_global_limit():
    clock = Clock()
    gate = JoinGate("10.0.0.2", code="123456", clock=clock)
    for n in range(MAX_WRONG_ALL):
        assert gate.try_code(f"10.0.1.{n}", "000000") is not Verdict.OPEN
    assert gate.try_code("10.0.2.1", "123456") is Verdict.LOCKED  # a fresh address too
    assert 0 < gate.wait_s("10.0.2.1") <= WINDOW_S
    clock.now += WINDOW_S + 1
    assert gate.try_code("10.0.2.1", "123456") is Verdict.OPEN


def test_remembered_addresses_are_bounded():
    gate = JoinGate("10.0.0.2", code="123456", clock=Clock())
    for n in range(MAX_TRACKED + 50):
        gate.try_code(f"10.{n // 250}.{n % 250}.1", "0")
        gate._wrong_all.clear()  # only the per-address memory is under test here
    assert len(gate._wrong) == MAX_TRACKED


@pytest.mark.parametrize("typed", ["１２３４５６", "١٢٣٤٥٦", "12345６", None, 123456, ["123456"], b"123456",
                                   "1" * (4 * 1024 * 1024), "\ud800"])
def test_odd_codes_are_just_wrong(typed):
    gate = JoinGate("10.0.0.2", code="123456")
    assert gate.try_code("10.0.0.7", typed) is Verdict.WRONG
    assert not gate.admitted("10.0.0.7")


def test_a_long_code_is_not_kept():
    gate = JoinGate("10.0.0.2", code="123456")
    gate.try_code("10.0.0.7", "9" * (MAX_CODE_CHARS + 1))
    assert all(isinstance(t, float) for times in gate._wrong.values() for t in times)


def test_the_host_renews_the_code_and_revokes_a_device():
    gate = JoinGate("10.0.0.2", code="123456")
    seen = []
    stop = gate.listen(lambda: seen.append(len(gate.devices())))
    assert gate.try_code("10.0.0.7", "123456") is Verdict.OPEN
    assert gate.admitted("10.0.0.7") and [d.address for d in gate.devices()] == ["10.0.0.7"]
    old = gate.code
    assert gate.renew_code() != old and gate.code != old
    assert gate.try_code("10.0.0.8", old) is Verdict.WRONG
    assert gate.admitted("10.0.0.7")  # renewing keeps the joined devices
    assert gate.revoke("10.0.0.7") and not gate.admitted("10.0.0.7")
    assert not gate.revoke("10.0.0.7")
    assert gate.admitted("10.0.0.2")  # the serving device cannot be revoked
    stop()
    gate.renew_code()
    assert seen == [1, 1, 0]


def test_a_device_is_locked_after_max_wrong():
    gate = JoinGate("10.0.0.2", code="123456", clock=Clock())
    verdicts = [gate.try_code("10.0.0.7", "000000") for _ in range(MAX_WRONG)]
    assert verdicts[-1] is Verdict.LOCKED and Verdict.WRONG in verdicts


# -- the real app's server logs no trace for a reload or a crafted event -----


def answer_invokes(ws, until: bytes, seconds: float = 30.0) -> None:
    """Play the browser's part (answer the page's method calls with nothing) until a message
    holding ``until`` arrived; fail after ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            message = ws.recv(timeout=1)
        except TimeoutError:
            continue
        if until in message:
            return
        action, body = msgpack.unpackb(message[1:], strict_map_key=False)
        if action == 5:  # INVOKE_METHOD: a crafted client may answer anything, here nothing
            ws.send(b"\x00" + msgpack.packb([5, {"control_id": body["control_id"],
                                                  "call_id": body["call_id"], "result": None,
                                                  "error": None}]))
    raise AssertionError(f"{until!r} never came within {seconds} s")


def route_change(data: object) -> bytes:
    return b"\x00" + msgpack.packb([3, {"target": 1, "name": "route_change", "data": data}])


def test_reloads_and_a_crafted_route_change_leave_no_trace(tmp_path):
    port = free_port()
    log = tmp_path / "server.log"
    env = dict(os.environ, BLOCK24_HOST=HOST, BLOCK24_PORT=str(port), BLOCK24_DATA=str(tmp_path / "data"))
    env.pop("BLOCK24_TRUSTED_PROXY", None)
    register = b"\x00" + msgpack.packb([1, {"session_id": "", "page_name": "",
                                            "page": {"route": "/", "width": 390, "height": 844}}])
    with open(log, "wb") as out:
        process = subprocess.Popen([sys.executable, "-m", "app.cli", "serve", "--lan"], env=env,
                                   stdout=out, stderr=subprocess.STDOUT)
    try:
        for _ in range(300):  # bounded: 30 s at most
            with socket.socket() as s:
                if s.connect_ex((HOST, port)) == 0:
                    break
            time.sleep(0.1)
        for _ in range(5):  # a tab reloaded as the page is sent: the client is gone mid-send
            with ws_from(HOST, port) as ws:
                ws.send(register)
        with ws_from(HOST, port) as ws:
            ws.send(register)
            answer_invokes(ws, until=b"New game")  # home
            for data in ("/stats", {"route": 5}, ["/"], None):  # route_change with odd bodies
                ws.send(route_change(data))
            # a ping: a route the app shows, sent after them; its screen comes once they were handled
            ws.send(route_change({"route": "/settings"}))
            answer_invokes(ws, until=b"Export all games")
        with ws_from(HOST, port) as ws:  # and nothing more comes: a new tab is served after all that
            ws.send(register)
            answer_invokes(ws, until=b"New game")
    finally:
        process.terminate()
        process.wait(timeout=15)
    text = log.read_text()
    assert "Join code for other phones" in text  # it served
    assert "Traceback" not in text and "Error" not in text, text


def test_a_tab_leaving_before_its_websocket_is_accepted_logs_no_trace():
    """Flet logs Starlette's WebSocketDisconnected (a tab closed mid-connect) with a trace; the
    server's filter drops it, and only it (a reload is no fault: it logs nothing)."""
    import logging

    from starlette.websockets import WebSocketDisconnect

    from app.server import FletLog

    class WebSocketDisconnected(RuntimeError):  # the newer Starlette's name, whatever its module
        pass

    def record(error: BaseException | None) -> logging.LogRecord:
        info = (type(error), error, None) if error is not None else None
        return logging.LogRecord("flet_web.fastapi", logging.WARNING, __file__, 1,
                                 "Receive loop error: %s", (error,), info)

    quiet = FletLog()
    assert not quiet.filter(record(WebSocketDisconnected("not connected")))
    assert not quiet.filter(record(WebSocketDisconnect()))
    assert quiet.filter(record(ValueError("a real fault")))
    assert quiet.filter(record(None))
