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
"""

from __future__ import annotations

import asyncio
import contextlib
import pathlib
import re
import shutil
import socket
import statistics
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


def run() -> dict:
    if not CHROMIUM.exists():
        raise RuntimeError(f"Chromium not found at {CHROMIUM} (make browser)")
    base_all, _ = measure(BASELINE_SESSIONS)
    many_all, many_each = measure(SESSIONS)
    b, n = BASELINE_SESSIONS, SESSIONS
    return {
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
    for key, figure in run().items():
        print(f"{key:36} {figure['value']:10.1f} {figure['unit']}")
