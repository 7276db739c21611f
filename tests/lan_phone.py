"""A phone as an attacker builds one: a websocket client speaking Flet's msgpack protocol.

It connects from a chosen loopback address (``127.0.0.3`` is a stranger when the
server binds ``127.0.0.2``), registers as Flet's web client does, answers every
method call with null (a crafted client may answer anything), and keeps what the
server sent: the controls of every patch, and every string in them.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import msgpack
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from tests import ports

ROOT = Path(__file__).resolve().parent.parent
HOST, STRANGER = "127.0.0.2", "127.0.0.3"
REGISTER_CLIENT, PATCH_CONTROL, CONTROL_EVENT, UPDATE_CONTROL_PROPS = 1, 2, 3, 4
INVOKE_METHOD, SESSION_CRASHED = 5, 6
PAGE = 1
"""The page's control id in every Flet session."""


PAGE_S = 60
"""How long a page's words may take to arrive on a busy machine (no test times them)."""


def free_port() -> int:
    return ports.free_port(HOST)


PROBE = ROOT / "tests" / "lan_probe.py"
REGISTER = b"\x00" + msgpack.packb([REGISTER_CLIENT, {"session_id": "", "page_name": "", "page": {}}])
"""Flet's register message, as a new page sends it first."""


@contextmanager
def probe_server(folder: Path) -> Iterator[tuple[int, Path]]:
    """``tests/lan_probe.py --lan`` (the real server, a one-line app) on ``HOST`` at a free port: its
    port and its log (in ``folder``), which must hold no traceback when it is stopped."""
    served = Served(folder, str(PROBE), "--lan")
    try:
        yield served.port, served.log_path
    finally:
        served.stop()
    assert "Traceback" not in served.log(), served.log()


def packet(action: int, body: Any) -> bytes:
    """One Flet protocol frame: ``0x00`` and the msgpack of ``[action, body]``."""
    return b"\x00" + msgpack.packb([action, body])


def click(target: int, name: str = "click", data: Any = None) -> bytes:
    return packet(CONTROL_EVENT, {"target": target, "name": name, "data": data})


class Served:
    """``python <args>`` serving on ``HOST`` at a free port with its own data folder; its log kept."""

    def __init__(self, data: Path, *args: str) -> None:
        self.data, self.port = data, free_port()
        self.log_path = data / "server.log"
        env = dict(os.environ, BLOCK24_HOST=HOST, BLOCK24_PORT=str(self.port), BLOCK24_DATA=str(data),
                   LANG="en_US.UTF-8")
        env.pop("BLOCK24_TRUSTED_PROXY", None)
        env.pop("DISPLAY", None)
        data.mkdir(parents=True, exist_ok=True)
        with open(self.log_path, "wb") as out:
            self.process = subprocess.Popen([sys.executable, *args], cwd=ROOT, env=env, stdout=out,
                                            stderr=subprocess.STDOUT)
        for _ in range(600):  # bounded: 60 s at most
            if self.process.poll() is not None:
                raise RuntimeError(self.log())
            with socket.socket() as s:
                if s.connect_ex((HOST, self.port)) == 0:
                    return
            time.sleep(0.1)
        raise RuntimeError(f"the server did not listen: {self.log()}")

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    @property
    def join_code(self) -> str:
        return self.log().split("Join code for other phones: ")[1][:6]

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            raise


def controls(value: Any) -> Iterator[dict]:
    """Every control (a dict with an id ``_i``) anywhere in a decoded message."""
    if isinstance(value, dict):
        if "_i" in value:
            yield value
        for item in value.values():
            yield from controls(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from controls(item)


def strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from strings(item)


class Phone:
    """One websocket from ``source`` to the served app."""

    def __init__(self, port: int, source: str = STRANGER, origin: str | None = None) -> None:
        sock = socket.socket()
        sock.bind((source, 0))
        sock.connect((HOST, port))
        self.ws: ClientConnection = connect(
            f"ws://{HOST}:{port}/ws", sock=sock, open_timeout=10, max_size=None,
            origin=origin or f"http://{HOST}:{port}").__enter__()
        self.received: list[Any] = []
        self.closed: ConnectionClosed | None = None

    def __enter__(self) -> Phone:
        return self

    def __exit__(self, *_: object) -> None:
        self.ws.close()

    def send(self, frame: bytes) -> None:
        self.ws.send(frame)

    def register(self, route: str = "/", **page: Any) -> None:
        self.send(packet(REGISTER_CLIENT, {"session_id": "", "page_name": "", "page": {
            "route": route, "web": True, "width": 390, "height": 844, **page}}))

    def pump(self, seconds: float = 3.0, until: str | None = None) -> bool:
        """Play the browser's part for ``seconds`` (or until a string containing ``until`` arrived).

        Returns whether the connection is still open.
        """
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and self.closed is None:
            try:
                message = self.ws.recv(timeout=min(0.5, max(0.01, deadline - time.monotonic())))
            except TimeoutError:
                continue
            except ConnectionClosed as closed:
                self.closed = closed
                break
            if not isinstance(message, bytes) or message[:1] != b"\x00":
                continue
            action, body = msgpack.unpackb(message[1:], strict_map_key=False)
            self.received.append((action, body))
            if action == INVOKE_METHOD:
                self.send(packet(INVOKE_METHOD, {"control_id": body["control_id"], "call_id": body["call_id"],
                                                 "result": None, "error": None}))
            if until is not None and any(until in s for s in strings(body)):
                return True
        return self.closed is None

    def drain(self) -> None:
        """Take in what has arrived already (no wait)."""
        while self.closed is None:
            try:
                message = self.ws.recv(timeout=0)
            except TimeoutError:
                return
            except ConnectionClosed as closed:
                self.closed = closed
                return
            if isinstance(message, bytes) and message[:1] == b"\x00":
                self.received.append(tuple(msgpack.unpackb(message[1:], strict_map_key=False)))

    def sees(self, text: str, seconds: float = PAGE_S) -> bool:
        """Whether a string containing ``text`` arrives within ``seconds`` (a page's words: a busy
        machine may take long, a check of what did not arrive pumps for its own time)."""
        self.pump(seconds, until=text)
        return self.saw(text)

    def strings(self) -> list[str]:
        return [s for _, body in self.received for s in strings(body)]

    def saw(self, text: str) -> bool:
        return any(text in s for s in self.strings())

    def control(self, **props: Any) -> dict | None:
        """The last control received whose properties include ``props``."""
        found = None
        for _, body in self.received:
            for c in controls(body):
                if all(c.get(k) == v for k, v in props.items()):
                    found = c
        return found

    def crashed(self) -> bool:
        """Whether the server told this client its session crashed (Flet's red error screen)."""
        return any(action == SESSION_CRASHED for action, _ in self.received)
