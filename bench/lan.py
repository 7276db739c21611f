"""A table of many phones on one game: from a confirm to every other phone's redraw.

The real server (``python -m app.main --lan``, :func:`app.server.serve`) bound
to 127.0.0.2, with a game of Anna, Ben and Carl stored before it starts. One
phone is Debian's Chromium (it joins with the code, opens the game and plays
``ROUNDS`` rounds through the end-to-end tests' driver, ``tests/e2e/pad.py``);
every other phone is a websocket client speaking Flet's protocol from
127.0.0.2 (the serving device's own address, so no code), registered on the
game's route (``/game/<id>``) and answering the device-settings calls as a
new phone does. They apply nothing: a phone has redrawn when the server's
patch after the confirm reaches it (Flutter's own drawing, ≈ 50 ms on a phone,
is left out: it happens on each phone at once, not on the server).

``lan_confirm_to_all_ms_p50`` / ``_p95`` (``SESSIONS`` phones)
    From the ``pointerdown`` of "Confirm round" (stamped in the page with
    ``Date.now()``) to the moment the last of the other phones received its
    patch (stamped on receipt with ``time.time()``, the same clock), over
    the rounds. ``lan_confirm_to_each_ms_p50`` / ``_p95``: the same for every
    phone and round.
``lan_2_confirm_to_all_ms_p50`` / ``_p95``
    The baseline, in the same run: the same with 2 phones (the browser and one
    client).

A flood of taps (``python -m bench.lan flood`` runs only this part; no browser):
the host (a websocket client from the serving address) goes from home to the
game's Block and back, ``PAGES`` times, while a phone floods the server with
``FLOOD`` tap events sent as fast as its socket takes them, started just
before each page.

``lan_next_page_ms_p50``
    The baseline, in the same run: from the host's route change to the page's
    patch, with no flood.
``lan_next_page_stranger_flood_ms_p50``
    The same while a phone that never typed the code floods (each flood from
    an address of its own). ``…_extra_ms``: the difference to the baseline;
    the aim is under 200 ms (before the server counted messages: 17 s).
``lan_next_page_joined_flood_ms_p50`` / ``…_extra_ms``
    The same while a second tab of the serving device floods.

Strangers who never type the code (``python -m bench.lan strangers`` runs only
this part; no browser): ``STRANGERS`` connections, each from an address of its
own, open, register and start the largest frame a stranger may send without
finishing it (raw sockets: they read nothing the server sends).

``lan_strangers_rss_extra_mb``
    The server's resident memory with them, less its memory before they came
    (the host's page open; Linux's ``/proc``). The aim: under 150 MB.
``lan_next_page_strangers_ms_p50`` / ``…_extra_ms``
    The host's next page while they hold on, and its difference to the same
    page before they came (the aim: under 200 ms).
``lan_strangers_open``
    How many of them the server still holds when the figures are taken.

The host's own confirm among strangers (``python -m bench.lan confirm-strangers``; Chromium):
the host (Chromium, joined) plays ``CONFIRMS`` rounds of the stored game with no stranger, then
as many while ``STRANGERS`` strangers are connected (:class:`Crowd`: each registered, reading,
answering no question), as many while as many strangers each tap on their join screens once a
second (300 taps a second in all), then as many again with none (the machine's other work weighs
on every case alike). The strangers run in a process of their own on the same machine: their own
work is on the host's 2 cores too, which a real table's strangers are not.

``lan_host_confirm_ms_p50``
    From the ``pointerdown`` of "Confirm round" to the new scores on the host's own Block
    (in-page stamps, as ``bench.app`` measures a confirm), no stranger: the baseline.
``lan_host_confirm_strangers_ms_p50`` / ``…_extra_ms`` / ``…_ratio``
    The same with the strangers connected; the difference to the baseline (the aim: at most
    200 ms), and the ratio. ``lan_host_confirm_tapping_…``: the same among tapping strangers.
``lan_host_confirm_{idle,strangers,tapping}_server_cpu_pct``
    The server's CPU time during each phase's confirms, in % of one core (what the strangers cost
    the server itself, apart from the machine's other work).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import os
import pathlib
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

import msgpack
from playwright.sync_api import expect, sync_playwright
from websockets.asyncio.client import connect

from app.store import Store
from scoring import Colour, Game, Round
from tests.e2e.conftest import CHROMIUM, LAUNCH_ARGS, PHONE, Server
from tests.e2e.pad import Pad
from tests.lan_phone import HOST, PAGE, Phone, Served, click

STRANGERS = 300
"""Connections of strangers at once (each from an address of its own)."""
STRANGER_TAPS_S = 1.0
"""Taps a second of each stranger in the tapping crowd (its limit is 5)."""
CONFIRMS = 10
"""The host's confirms measured in each phase (no stranger, strangers, no stranger)."""
WARM_UP = 4
"""Confirms before them, not measured (a session's first confirms are slower)."""
FLOOD = 20_000
"""Tap events in one flood (1.5 MB, as in the attack that froze the table)."""
PAGES = 8
"""The host's pages measured in each case (each of a flood's pages under a flood of its own)."""
SESSIONS = 50
BASELINE_SESSIONS = 2
ROUNDS = 30
PLAYERS = ("Anna", "Ben", "Carl")
WAIT_S = 60.0
"""How long a round may take to reach every phone before the bench gives up."""

REGISTER_CLIENT, PATCH_CONTROL, INVOKE_METHOD = 1, 2, 5  # flet.messaging.protocol.ClientAction
# Installed once per page: the wall-clock time of the last pointerdown (capture phase).
STAMP = """() => { if (window.__b24lan) return; window.__b24lan = {down: null};
  window.addEventListener('pointerdown', () => { window.__b24lan.down = Date.now(); }, true); }"""


def tricks_of(game: Game, number: int) -> dict[str, int]:
    """Round ``number``: the caller makes all 6, or 2 each (scores stay between 18 and 36)."""
    caller = game.next_caller
    if (number - 1) % 6 < 3:
        return {p: 6 if p == caller else 0 for p in game.players}
    return dict.fromkeys(game.players, 2)


class Phones:
    """``count`` websocket phones on the game's route, in a thread of their own."""

    def __init__(self, server: Server, game_id: str, count: int) -> None:
        self.server, self.game_id, self.count = server, game_id, count
        self.received: list[list[float]] = [[] for _ in range(count)]
        """Per phone: the ``time.time()`` of every patch received."""
        self.ready = [False] * count
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._thread = threading.Thread(target=lambda: asyncio.run(self._main()), daemon=True)
        self.failed: BaseException | None = None

    def start(self) -> None:
        self._thread.start()
        deadline = time.monotonic() + WAIT_S * 2
        while not all(self.ready):
            if self.failed is not None:
                raise RuntimeError("a websocket phone failed") from self.failed
            if time.monotonic() > deadline:
                raise RuntimeError(f"{self.ready.count(False)} phones never showed the game")
            time.sleep(0.1)

    def stop(self) -> None:
        if self._loop is not None and self._stop is not None:
            self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(30)

    async def _main(self) -> None:
        self._loop, self._stop = asyncio.get_running_loop(), asyncio.Event()
        tasks = [asyncio.create_task(self._phone(n)) for n in range(self.count)]
        try:
            await self._stop.wait()
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

    async def _phone(self, n: int) -> None:
        host, port = self.server.host, self.server.port
        sock = socket.socket()
        sock.bind((host, 0))  # the serving device's address: admitted without the code
        sock.connect((host, port))
        route = f"/game/{self.game_id}"
        try:
            async with connect(f"ws://{host}:{port}/ws", sock=sock, origin=f"http://{host}:{port}",
                               max_size=None, open_timeout=WAIT_S) as ws:
                await ws.send(b"\x00" + msgpack.packb([REGISTER_CLIENT, {
                    "session_id": "", "page_name": "",
                    "page": {"route": route, "width": PHONE["width"], "height": PHONE["height"]}}]))
                async for message in ws:
                    now = time.time()
                    action, body = msgpack.unpackb(message[1:], strict_map_key=False)
                    if action == INVOKE_METHOD:  # the device's settings: a new phone has none
                        await ws.send(b"\x00" + msgpack.packb([INVOKE_METHOD, {
                            "control_id": body["control_id"], "call_id": body["call_id"],
                            "result": None, "error": None}]))
                    elif action == PATCH_CONTROL:
                        if self.ready[n]:
                            self.received[n].append(now)
                        elif b"calls trump" in message:  # the game's screen is up
                            self.ready[n] = True
        except asyncio.CancelledError:
            raise
        except BaseException as error:
            self.failed = error
            raise

    def seen_after(self, moment: float) -> list[float | None]:
        """Per phone: the first patch received after ``moment`` (``None``: not yet)."""
        return [next((t for t in times if t >= moment), None) for times in self.received]


def _play(server: Server, game_id: str, phones: Phones) -> tuple[list[float], list[float]]:
    """ROUNDS rounds on the browser phone; ms to the last phone per round, and to each phone."""
    to_all: list[float] = []
    to_each: list[float] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=LAUNCH_ARGS)
        try:
            pad = Pad(browser.new_context(viewport=PHONE).new_page(), server.url)
            pad.open()
            pad.see(re.compile("Join the table|New game"))
            if pad.page.get_by_text("Join the table").count():
                pad.type("Join code", server.join_code)
                pad.tap("Join")
                expect(pad.page.get_by_text("Join the table")).to_have_count(0, timeout=WAIT_S * 1000)
            pad.url = f"{server.url}game/{game_id}"  # only the server's own requests stay allowed
            pad.open()
            pad.see(re.compile("calls trump"))
            pad.page.evaluate(STAMP)
            game = Game(PLAYERS)
            for number in range(1, ROUNDS + 1):
                tricks = tricks_of(game, number)
                game = game.record(Round(game.next_caller, Colour.RED, tricks))
                pad.tap("Red", then=re.compile("count tricks"))
                pad.tap(re.compile("count tricks"), then="Confirm round")
                pad.give_tricks(dict(list(tricks.items())[:2]))
                pad.tap("Confirm round", then="Saved")
                down = pad.page.evaluate("window.__b24lan.down") / 1000
                deadline = time.monotonic() + WAIT_S
                while None in (seen := phones.seen_after(down)):
                    if time.monotonic() > deadline:
                        raise RuntimeError(f"round {number} reached {seen.count(None)} phones never")
                    time.sleep(0.01)
                times = [(t - down) * 1000 for t in seen if t is not None]
                to_all.append(max(times))
                to_each += times
        finally:
            browser.close()
    return to_all, to_each


def measure(sessions: int) -> tuple[list[float], list[float]]:
    """A fresh LAN server and ``sessions`` phones (the browser and ``sessions - 1`` clients)."""
    data = pathlib.Path(tempfile.mkdtemp(prefix="block24-bench-lan-"))
    with Store.open(data) as store:
        game_id = store.create_game(Game(PLAYERS))
    server = Server(data, lan=True)
    server.start()
    phones = Phones(server, game_id, sessions - 1)
    try:
        phones.start()
        return _play(server, game_id, phones)
    finally:
        phones.stop()
        with contextlib.suppress(AssertionError):  # a phone that left mid-message may log a reset
            server.stop()
        shutil.rmtree(data, ignore_errors=True)


def _percentile(values: list[float], p: int) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[p - 1]


def _figure(values: list[float], p: int, baseline: str | None = None, aim: str = "") -> dict:
    q = statistics.quantiles(values, n=4)
    return {"value": _percentile(values, p), "unit": "ms", "runs": len(values), "spread": q[2] - q[0],
            "baseline": baseline, "aim": aim}


def _page(host: Phone, route: str, shows: str) -> float:
    """ms from the host's route change to the patch that shows ``shows``."""
    host.received.clear()
    started = time.perf_counter()
    host.send(click(PAGE, "route_change", {"route": route}))
    if not host.pump(WAIT_S, until=shows):
        raise RuntimeError(f"the host's page {route} never came ({host.closed})")
    return (time.perf_counter() - started) * 1000


def _cpu_ms(pid: int) -> float:
    """The CPU time a process has used (Linux's /proc): the server's work, whatever else the machine does."""
    fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")


class Flood:
    """A phone in a process of its own (its sending must not slow the host's client in this one).

    It registers from ``source`` and, on the word, sends ``FLOOD`` taps on its
    page's first button as fast as its socket takes them.
    """

    def __init__(self, port: int, source: str) -> None:
        self.process = subprocess.Popen([sys.executable, "-m", "bench.lan", "flood-from", str(port), source],
                                        cwd=pathlib.Path(__file__).resolve().parent.parent,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert self.process.stdin is not None and self.process.stdout is not None
        if self.process.stdout.readline().strip() != "ready":
            raise RuntimeError("the flooding phone never saw its page")

    def start(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write("go\n")
        self.process.stdin.flush()

    def join(self) -> None:
        """Let the phone go (only now: a process ending mid-page would weigh on the machine)."""
        assert self.process.stdin is not None
        self.process.stdin.write("quit\n")
        self.process.stdin.flush()
        self.process.wait(WAIT_S)


def _flood_from(port: int, source: str) -> None:
    """The flooding phone's process (``python -m bench.lan flood-from PORT ADDRESS``)."""
    from tests.lan_phone import controls

    phone = Phone(port, source)
    phone.register()
    phone.pump(WAIT_S, until="Join" if source != HOST else "New game")
    button = next((c["_i"] for _, body in phone.received for c in controls(body)
                   if c.get("_c") in ("Button", "FilledButton", "ElevatedButton")), PAGE)
    frame = click(button)
    assert len(frame) < 126
    # The websocket frames written straight to the socket, as an attacker would (1.5 MB at once;
    # a mask of zeros is a mask): the flood costs this process nothing to send.
    wire = (b"\x82" + bytes([0x80 | len(frame)]) + b"\x00" * 4 + frame) * FLOOD
    print("ready", flush=True)
    sys.stdin.readline()
    with contextlib.suppress(OSError):  # closed by the server: the flood is over
        phone.ws.socket.sendall(wire)
    sys.stdin.readline()
    with contextlib.suppress(Exception):
        phone.ws.close()


def measure_flood() -> tuple[dict[str, list[float]], dict[str, list[float]]]:
    """The host's pages idle, under a stranger's flood, under a joined tab's flood (one server)."""
    data = pathlib.Path(tempfile.mkdtemp(prefix="block24-bench-flood-"))
    game = Game(PLAYERS)
    for number in range(1, 21):
        game = game.record(Round(game.next_caller, Colour.RED, tricks_of(game, number)))
    with Store.open(data) as store:
        game_id = store.create_game(game)
    served = Served(data, "-m", "app.main", "--lan")
    pages: dict[str, list[float]] = {"idle": [], "stranger": [], "joined": []}
    work: dict[str, list[float]] = {case: [] for case in pages}
    """The server's CPU ms from just before the flood's start to the page."""
    try:
        with Phone(served.port, HOST) as host:
            host.register()
            host.pump(WAIT_S, until="New game")
            for n in range(PAGES):  # the cases in turn: the machine's other work weighs on each alike
                for case in pages:
                    flood = None
                    if case != "idle":
                        source = f"127.0.0.{100 + n}" if case == "stranger" else HOST
                        flood = Flood(served.port, source)
                        time.sleep(1)  # the flooding phone's page is drawn
                    cpu = _cpu_ms(served.process.pid)
                    if flood is not None:
                        flood.start()
                        time.sleep(0.05)  # the flood is under way
                    pages[case].append(_page(host, f"/game/{game_id}", "calls trump"))
                    if flood is not None:
                        flood.join()
                        time.sleep(0.5)  # what the flood left to do
                    work[case].append(_cpu_ms(served.process.pid) - cpu)
                    _page(host, "/", "New game")
        if "Traceback" in served.log():
            raise RuntimeError(served.log()[-3000:])
    finally:
        served.stop()
        shutil.rmtree(data, ignore_errors=True)
    return pages, work


def flood_figures() -> dict:
    pages, work = measure_flood()
    idle = statistics.median(pages["idle"])
    figures = {"lan_next_page_ms_p50": _figure(pages["idle"], 50, aim=f"{PAGES} pages, no flood"),
               "lan_next_page_server_cpu_ms_p50": _figure(work["idle"], 50, aim="the server's work")}
    for case in ("stranger", "joined"):
        figures[f"lan_next_page_{case}_flood_ms_p50"] = _figure(
            pages[case], 50, "lan_next_page_ms_p50", f"{FLOOD} taps from a {case} phone")
        figures[f"lan_next_page_{case}_flood_extra_ms"] = {
            "value": statistics.median(pages[case]) - idle, "unit": "ms", "runs": PAGES,
            "spread": 0.0, "baseline": None, "aim": "under 200 ms more than with no flood"}
        figures[f"lan_next_page_{case}_flood_server_cpu_ms_p50"] = _figure(
            work[case], 50, "lan_next_page_server_cpu_ms_p50", "the page and the whole flood")
    return figures


def _rss_mb(pid: int) -> float:
    """A process's resident memory (Linux's ``/proc``), in MB."""
    for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def _masked(opcode: int, payload: bytes, announced: int | None = None) -> bytes:
    """A client's frame (masked with zeros) of ``payload``, announcing ``announced`` bytes."""
    length = len(payload) if announced is None else announced
    if length < 126:
        size = bytes([0x80 | length])
    elif length < 2**16:
        size = bytes([0x80 | 126]) + length.to_bytes(2, "big")
    else:
        size = bytes([0x80 | 127]) + length.to_bytes(8, "big")
    return bytes([0x80 | opcode]) + size + b"\x00" * 4 + payload


def _stranger(port: int, source: str) -> socket.socket:
    """A stranger's raw websocket: registered, in the middle of its largest frame."""
    from app.server import MAX_UNJOINED_MESSAGE

    sock = socket.create_connection((HOST, port), timeout=WAIT_S, source_address=(source, 0))
    sock.sendall((f"GET /ws HTTP/1.1\r\nHost: {HOST}:{port}\r\nUpgrade: websocket\r\n"
                  "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                  "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    answer = b""
    while b"\r\n\r\n" not in answer:
        chunk = sock.recv(4096)
        if not chunk:
            raise RuntimeError(f"{source} was refused")
        answer += chunk
    if not answer.startswith(b"HTTP/1.1 101"):
        raise RuntimeError(f"{source} was refused: {answer[:40]!r}")
    register = b"\x00" + msgpack.packb([REGISTER_CLIENT, {
        "session_id": "", "page_name": "", "page": {"route": "/", "width": 390, "height": 844}}])
    sock.sendall(_masked(0x2, register))
    sock.sendall(_masked(0x2, b"\x00" * (MAX_UNJOINED_MESSAGE - 1024), announced=MAX_UNJOINED_MESSAGE))
    return sock


def _still_open(sock: socket.socket) -> bool:
    sock.setblocking(False)
    try:
        while chunk := sock.recv(65536):  # what the server sent (the join screen), or its close
            if b"\x88" in chunk[:2]:
                return False
        return False  # the end of the stream
    except BlockingIOError:
        return True
    except OSError:
        return False


def measure_strangers() -> dict[str, list[float]]:
    """The server's memory and the host's page before and while ``STRANGERS`` strangers hold on."""
    data = pathlib.Path(tempfile.mkdtemp(prefix="block24-bench-strangers-"))
    game = Game(PLAYERS)
    with Store.open(data) as store:
        game_id = store.create_game(game)
    served = Served(data, "-m", "app.main", "--lan")
    figures: dict[str, list[float]] = {"idle_ms": [], "strangers_ms": [], "rss": [], "open": []}
    strangers: list[socket.socket] = []
    try:
        with Phone(served.port, HOST) as host:
            host.register()
            host.pump(WAIT_S, until="New game")
            for _ in range(PAGES):
                figures["idle_ms"].append(_page(host, f"/game/{game_id}", "calls trump"))
                _page(host, "/", "New game")
            time.sleep(2)
            idle = _rss_mb(served.process.pid)
            for n in range(STRANGERS):
                strangers.append(_stranger(served.port, f"127.0.{100 + n // 200}.{1 + n % 200}"))
            time.sleep(10)  # every stranger's session is drawn (into a socket it never reads)
            for _ in range(PAGES):
                figures["strangers_ms"].append(_page(host, f"/game/{game_id}", "calls trump"))
                _page(host, "/", "New game")
            figures["rss"].append(_rss_mb(served.process.pid) - idle)
            figures["open"].append(sum(map(_still_open, strangers)))
    finally:
        for sock in strangers:
            sock.close()
        served.stop()
        shutil.rmtree(data, ignore_errors=True)
    return figures


def strangers_figures() -> dict:
    found = measure_strangers()
    idle = statistics.median(found["idle_ms"])
    return {
        "lan_next_page_ms_p50": _figure(found["idle_ms"], 50, aim=f"{PAGES} pages, no stranger"),
        "lan_next_page_strangers_ms_p50": _figure(found["strangers_ms"], 50, "lan_next_page_ms_p50",
                                                  f"{STRANGERS} strangers holding on"),
        "lan_next_page_strangers_extra_ms": {
            "value": statistics.median(found["strangers_ms"]) - idle, "unit": "ms", "runs": PAGES,
            "spread": 0.0, "baseline": None, "aim": "under 200 ms more than with none"},
        "lan_strangers_rss_extra_mb": {"value": found["rss"][0], "unit": "MB", "runs": 1, "spread": 0.0,
                                       "baseline": None, "aim": "under 150 MB more than idle"},
        "lan_strangers_open": {"value": found["open"][0], "unit": "connections", "runs": 1,
                               "spread": 0.0, "baseline": None, "aim": f"of {STRANGERS}"},
    }


class Crowd:
    """``STRANGERS`` strangers in a process of their own (their work must not slow the browser's
    driver in this one): each from an address of its own, registered, reading all the server
    sends (so answering its pings: a stranger that reads nothing is closed after uvicorn's ping
    timeout, 40 s), answering no question, and tapping on its join screen ``taps_s`` times a
    second (under its own limit; 0: never)."""

    def __init__(self, port: int, taps_s: float) -> None:
        self.process = subprocess.Popen([sys.executable, "-m", "bench.lan", "crowd-from", str(port),
                                         str(taps_s)],
                                        cwd=pathlib.Path(__file__).resolve().parent.parent,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert self.process.stdout is not None
        said = self.process.stdout.readline().split()
        if said[:1] != ["ready"]:
            self.process.kill()
            raise RuntimeError(f"the strangers never registered: {said}")

    def still_open(self) -> int:
        """How many of them the server still holds."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write("count\n")
        self.process.stdin.flush()
        return int(self.process.stdout.readline())

    def leave(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write("quit\n")
        self.process.stdin.flush()
        try:
            self.process.wait(WAIT_S)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def _crowd_from(port: int, taps_s: float) -> None:
    """The strangers' process (``python -m bench.lan crowd-from PORT TAPS_S``)."""
    open_: set[int] = set()

    async def stranger(n: int, registered: asyncio.Event, stop: asyncio.Event) -> None:
        sock = socket.socket()
        sock.bind((f"127.0.{100 + n // 200}.{1 + n % 200}", 0))
        sock.connect((HOST, port))
        async with connect(f"ws://{HOST}:{port}/ws", sock=sock, origin=f"http://{HOST}:{port}",
                           max_size=None, open_timeout=WAIT_S) as ws:
            open_.add(n)
            await ws.send(b"\x00" + msgpack.packb([REGISTER_CLIENT, {
                "session_id": "", "page_name": "", "page": {"route": "/", "width": 390, "height": 844}}]))
            registered.set()

            async def tap() -> None:
                while not stop.is_set() and taps_s > 0:
                    await asyncio.sleep(1 / taps_s)
                    await ws.send(click(PAGE, "tap"))

            tapping = asyncio.create_task(tap())
            try:
                async for _ in ws:  # read (and so pong); answer nothing
                    pass
            finally:
                tapping.cancel()
                open_.discard(n)

    async def main() -> None:
        stop = asyncio.Event()
        registered = [asyncio.Event() for _ in range(STRANGERS)]
        tasks = [asyncio.create_task(stranger(n, registered[n], stop)) for n in range(STRANGERS)]
        await asyncio.wait_for(asyncio.gather(*(r.wait() for r in registered)), WAIT_S)
        print("ready", flush=True)
        loop = asyncio.get_running_loop()
        while (line := (await loop.run_in_executor(None, sys.stdin.readline)).strip()) != "quit" and line:
            print(len(open_), flush=True)
        stop.set()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    asyncio.run(main())


def measure_confirm_strangers() -> dict[str, list[float]]:
    """The host's own confirms with no stranger, with ``STRANGERS`` holding on, with none again."""
    from bench.app import INSTALL, _score_want, _timed_tap

    data = pathlib.Path(tempfile.mkdtemp(prefix="block24-bench-confirm-"))
    with Store.open(data) as store:
        game_id = store.create_game(Game(PLAYERS))
    served = Served(data, "-m", "app.main", "--lan")
    found: dict[str, list[float]] = {"idle": [], "strangers": [], "tapping": [], "open": []}
    crowd: Crowd | None = None
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(CHROMIUM), args=LAUNCH_ARGS)
            try:
                url = f"http://{HOST}:{served.port}/"
                pad = Pad(browser.new_context(viewport=PHONE, device_scale_factor=1).new_page(), url)
                pad.open()
                pad.see(re.compile("Join the table|New game"))
                if pad.page.get_by_text("Join the table").count():
                    pad.type("Join code", served.join_code)
                    pad.tap("Join")
                    expect(pad.page.get_by_text("Join the table")).to_have_count(0, timeout=WAIT_S * 1000)
                pad.url = f"{url}game/{game_id}"
                pad.open()
                pad.see(re.compile("calls trump"))
                pad.page.evaluate(INSTALL)
                game = Game(PLAYERS)
                for phase in ("warm-up", "idle", "strangers", "tapping", "idle"):
                    found.setdefault(phase, [])
                    if phase in ("strangers", "tapping"):
                        crowd = Crowd(served.port, STRANGER_TAPS_S if phase == "tapping" else 0)
                        time.sleep(12)  # their sessions asked their phones, waited for no answer, drew
                    cpu, started = _cpu_ms(served.process.pid), time.monotonic()
                    for _ in range(CONFIRMS if phase != "warm-up" else WARM_UP):
                        tricks = tricks_of(game, len(game.rounds) + 1)
                        game = game.record(Round(game.next_caller, Colour.RED, tricks))
                        pad.tap("Red", then=re.compile("count tricks"))
                        pad.tap(re.compile("count tricks"), then="Confirm round")
                        pad.give_tricks(dict(list(tricks.items())[:2]))
                        found[phase].append(_timed_tap(pad, "Confirm round", _score_want(game.scores)))
                    found.setdefault(f"{phase}_cpu", []).append(  # the server's share of one core
                        (_cpu_ms(served.process.pid) - cpu) / (time.monotonic() - started) / 10)
                    if crowd is not None:
                        found["open"].append(crowd.still_open())
                        if found["open"][-1] < STRANGERS:  # why the server closed some: its log's words
                            said = collections.Counter(line.split(": ", 1)[-1][:70]
                                                       for line in served.log().splitlines())
                            print(said.most_common(8), file=sys.stderr)
                        crowd.leave()
                        crowd = None
                        time.sleep(2)  # their connections are ended
            finally:
                browser.close()
        if "Traceback" in served.log():
            raise RuntimeError(served.log()[-3000:])
    finally:
        if crowd is not None:
            crowd.leave()
        served.stop()
        shutil.rmtree(data, ignore_errors=True)
    return found


def confirm_strangers_figures() -> dict:
    found = measure_confirm_strangers()
    print({phase: [round(ms) for ms in times] for phase, times in found.items()}, file=sys.stderr)
    idle = statistics.median(found["idle"])
    figures = {"lan_host_confirm_ms_p50": _figure(found["idle"], 50,
                                                  aim=f"{len(found['idle'])} confirms, no stranger")}
    for case, words in (("strangers", "connected"), ("tapping", f"tapping {STRANGER_TAPS_S:g}/s each")):
        crowded = statistics.median(found[case])
        figures |= {
            f"lan_host_confirm_{case}_ms_p50": _figure(found[case], 50, "lan_host_confirm_ms_p50",
                                                       f"{STRANGERS} strangers {words}"),
            f"lan_host_confirm_{case}_extra_ms": {
                "value": crowded - idle, "unit": "ms", "runs": len(found[case]), "spread": 0.0,
                "baseline": None, "aim": "at most 200 ms more than with none"},
            f"lan_host_confirm_{case}_ratio": {
                "value": crowded / idle, "unit": "×", "runs": len(found[case]), "spread": 0.0,
                "baseline": None, "aim": "the same confirm with no stranger, in the same run"},
        }
    for case in ("idle", "strangers", "tapping"):
        figures[f"lan_host_confirm_{case}_server_cpu_pct"] = {
            "value": statistics.median(found[f"{case}_cpu"]), "unit": "%", "runs": len(found[f"{case}_cpu"]),
            "spread": 0.0, "baseline": None, "aim": "the server's CPU time in that phase, of one core"}
    figures["lan_host_confirm_strangers_open"] = {
        "value": min(found["open"]), "unit": "connections", "runs": len(found["open"]), "spread": 0.0,
        "baseline": None, "aim": f"of {STRANGERS}, held to the end of each crowd's confirms"}
    return figures


def run() -> dict:
    flood = {**flood_figures(), **strangers_figures(), **confirm_strangers_figures()}
    if not CHROMIUM.exists():
        raise RuntimeError(f"Chromium not found at {CHROMIUM} (make browser)")
    base_all, _ = measure(BASELINE_SESSIONS)
    many_all, many_each = measure(SESSIONS)
    b, n = BASELINE_SESSIONS, SESSIONS
    return {**flood,
        f"lan_{b}_confirm_to_all_ms_p50": _figure(base_all, 50),
        f"lan_{b}_confirm_to_all_ms_p95": _figure(base_all, 95),
        "lan_confirm_to_all_ms_p50": _figure(many_all, 50, f"lan_{b}_confirm_to_all_ms_p50",
                                             f"{n} phones; README said 'within a second'"),
        "lan_confirm_to_all_ms_p95": _figure(many_all, 95, f"lan_{b}_confirm_to_all_ms_p95", f"{n} phones"),
        "lan_confirm_to_each_ms_p50": _figure(many_each, 50, f"lan_{b}_confirm_to_all_ms_p50",
                                              f"{n - 1} phones × {ROUNDS} rounds"),
        "lan_confirm_to_each_ms_p95": _figure(many_each, 95, f"lan_{b}_confirm_to_all_ms_p95"),
    }


if __name__ == "__main__":
    if sys.argv[1:2] == ["flood-from"]:
        _flood_from(int(sys.argv[2]), sys.argv[3])
        sys.exit(0)
    if sys.argv[1:2] == ["crowd-from"]:
        _crowd_from(int(sys.argv[2]), float(sys.argv[3]))
        sys.exit(0)
    parts = {"flood": flood_figures, "strangers": strangers_figures,
             "confirm-strangers": confirm_strangers_figures}
    for key, figure in parts.get(" ".join(sys.argv[1:]), run)().items():
        print(f"{key:36} {figure['value']:10.1f} {figure['unit']}")
