"""A stranger on the Wi-Fi against the real app (``python -m app.main --lan``) with a game stored.

The server binds 127.0.0.2 (the serving device); the attacker is a crafted
websocket client (:mod:`tests.lan_phone`) from 127.0.0.3 that never typed the
code. What it may see is the join screen, nothing else, and the server's log
holds one line per refused message, never a traceback.
"""

from __future__ import annotations

import re
import time

import msgpack
import pytest

from app.server import POLICY_VIOLATION
from app.store import Store
from scoring import Colour, Game, Round
from tests.lan_phone import (
    CONTROL_EVENT,
    HOST,
    INVOKE_METHOD,
    PAGE,
    REGISTER_CLIENT,
    UPDATE_CONTROL_PROPS,
    Phone,
    Served,
    click,
    packet,
)

PLAYERS = ("Anna", "Ben", "Carl")


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    """The served app with a game of two rounds (the one a stranger would undo)."""
    data = tmp_path_factory.mktemp("table")
    game = Game(PLAYERS)
    for tricks in ({"Anna": 6, "Ben": 0, "Carl": 0}, {"Anna": 2, "Ben": 2, "Carl": 2}):
        game = game.record(Round(game.next_caller, Colour.RED, tricks))
    with Store.open(data) as store:
        game_id = store.create_game(game)
    served = Served(data, "-m", "app.main", "--lan")
    served.game_id = game_id
    try:
        yield served
    finally:
        served.stop()
    assert "Traceback" not in served.log(), served.log()


def rounds(table) -> int:
    with Store.open(table.data) as store:
        return len(store.load_game(table.game_id).game.rounds)


def test_a_stranger_who_writes_its_own_address_gets_no_host_rights(table):
    """Flet lets a client write any page property; the address the gate trusts is the socket's."""
    with Phone(table.port) as stranger:
        stranger.register(f"/game/{table.game_id}")
        stranger.send(packet(UPDATE_CONTROL_PROPS, {"id": PAGE, "props": {"client_ip": HOST}}))
        stranger.pump(10, until="Join the table")  # (or, were it let in, the Block: 10 s of it)
        undo = stranger.control(identifier="undo")
        if undo is not None:  # the host's Block: take its last round back, as the attack did
            stranger.send(click(undo["content"]["_i"]))
            served_after(table)
        stranger.drain()
        seen = stranger.strings()
    assert not any(table.join_code in s for s in seen), "the stranger read the join code"
    assert not any(name in s for s in seen for name in PLAYERS), "the stranger saw the Block"
    assert undo is None
    assert rounds(table) == 2


SCREENS = ["/", "/new", "/stats", "/settings", "/game/{id}", "/game/{id}/chart", "/game/{id}/round/1",
           "/game/{id}/round/2"]


@pytest.mark.parametrize("web", [True, False], ids=["web", "not web"])
def test_a_stranger_sees_no_screen_whatever_its_page_says(table, web):
    """Each page property a stranger can write at its worst: every screen's address as its route
    (at registering and as a route change), ``web`` false, an Android ``platform``. It sees the
    join screen and nothing of the table: no name, no score, no code."""
    for n, route in enumerate(SCREENS):
        route = route.format(id=table.game_id)
        with Phone(table.port, f"127.0.0.{60 + n + (0 if web else 20)}") as stranger:
            stranger.register(route, web=web, platform="android")
            assert stranger.sees("Join the table"), route
            stranger.send(click(PAGE, "route_change", {"route": route}))
            served_after(table)
            stranger.drain()  # whatever the route change brought is here by now
            seen = stranger.strings()
            assert not stranger.crashed()
        assert not any(table.join_code in s for s in seen), route
        # (as words: a random id of Flet's once held "Ben" among its letters)
        assert not any(re.search(rf"\b{name}\b", s) for s in seen for name in PLAYERS), (route, seen)
    assert rounds(table) == 2


# -- crafted messages: one line in the log each, never a traceback ----------------------------

REGISTER = {"session_id": "", "page_name": "", "page": {"route": "/", "web": True}}
CRAFTED: dict[str, tuple[bool, bytes]] = {
    # what the message is: (sent after registering?, the websocket message)
    "not msgpack": (False, b"\x00\xc1"),
    "no body": (False, b"\x00"),
    "not a list": (False, b"\x00" + msgpack.packb("hello")),
    "a list of one": (False, b"\x00" + msgpack.packb([1])),
    "action 99": (False, packet(99, {})),
    "register with an extra key": (False, packet(REGISTER_CLIENT, {**REGISTER, "x": 1})),
    "register without its page": (False, packet(REGISTER_CLIENT, {"session_id": "", "page_name": ""})),
    "register with a list for its page": (False, packet(REGISTER_CLIENT, {**REGISTER, "page": []})),
    "register forging the address": (False, packet(REGISTER_CLIENT, {**REGISTER,
                                                                      "page": {"client_ip": HOST}})),
    "a tap before registering": (False, click(PAGE)),
    "nested 60 000 deep": (False, b"\x00" + b"\x91" * 60_000),
    "a text frame": (False, "hello"),
    "a tap on a word": (True, click("x")),
    "a map with a number for a key": (True, b"\x00" + msgpack.packb([CONTROL_EVENT, {
        "target": PAGE, "name": "resize", "data": {1: 2}}])),
    "a date that is none": (True, b"\x00" + msgpack.packb([CONTROL_EVENT, {
        "target": PAGE, "name": "resize", "data": msgpack.ExtType(1, b"zz")}])),
    "props that are a word": (True, packet(UPDATE_CONTROL_PROPS, {"id": PAGE, "props": "x"})),
    "props of a word's control": (True, packet(UPDATE_CONTROL_PROPS, {"id": "1", "props": {}})),
    "Flet's own id of the page": (True, packet(UPDATE_CONTROL_PROPS, {"id": PAGE, "props": {"_i": 5}})),
    "a word for the page's width": (True, packet(UPDATE_CONTROL_PROPS, {"id": PAGE,
                                                                        "props": {"width": "wide"}})),
    "an unknown platform": (True, packet(UPDATE_CONTROL_PROPS, {"id": PAGE,
                                                                "props": {"platform": "plan9"}})),
    "an answer to no call": (True, packet(INVOKE_METHOD, {"control_id": 99_999, "call_id": "x",
                                                          "result": None, "error": None})),
}


# A busy machine can delay the crafted phone's answer to the settings read past
# its wait; that line is about the machine, not about the message under test.
SLOW_DEVICE = "the device did not say"


def new_lines(table, before: int, wanted: int) -> list[str]:
    """The server's log lines since ``before`` (waiting up to 5 s for ``wanted`` of them)."""
    def since() -> list[str]:
        return [line for line in table.log().splitlines()[before:] if SLOW_DEVICE not in line]
    for _ in range(50):  # bounded: 5 s
        if len(since()) >= wanted:
            break
        time.sleep(0.1)
    served_after(table)  # (and nothing more comes)
    return since()


def served_after(table) -> None:
    """A ping: a new tab of the serving device is served its home. The server started on every
    message that came before it first (Flet runs each as a task, in order of arrival), so once the
    home is here, what they bring (a line in the log, a message to a phone) has come too."""
    with Phone(table.port, HOST) as ping:
        ping.register()
        assert ping.sees("New game"), ping.strings()


@pytest.mark.parametrize("name", list(CRAFTED))
def test_a_crafted_message_is_one_line_in_the_log(table, name):
    registered, message = CRAFTED[name]
    before = len(table.log().splitlines())
    source = f"127.0.0.{10 + list(CRAFTED).index(name)}"  # a stranger each (their budgets apart)
    with Phone(table.port, source) as phone:
        if registered:
            phone.register()
            assert phone.sees("Join the table")
        phone.ws.send(message)
        phone.pump(30)  # until the server closes the connection
    lines = new_lines(table, before, 1)
    assert len(lines) == 1 and "Traceback" not in table.log(), lines
    assert (source in lines[0] and "closed the connection" in lines[0]) or "Flet could not read" in lines[0]
    assert not phone.crashed()
    assert phone.closed is not None and phone.closed.rcvd is not None
    assert phone.closed.rcvd.code == POLICY_VIOLATION


@pytest.mark.parametrize("how", ["route change", "register"])
def test_a_route_the_store_refuses_is_one_line_and_the_session_goes_on(table, how):
    """``/game/a\\x00b`` on the host: no game id has that shape, so the store never looks for it;
    the host stays home with nothing in the log (at most one line, never a trace)."""
    before = len(table.log().splitlines())
    with Phone(table.port, HOST) as host:
        if how == "register":
            host.register("/game/a\x00b")
            assert host.sees("New game")  # home, where the host stays
        else:
            host.register()
            assert host.sees("New game")
            host.send(click(PAGE, "route_change", {"route": "/game/a\x00b"}))
        crashed = host.crashed()
        host.received.clear()
        host.send(click(PAGE, "route_change", {"route": "/stats"}))  # the session goes on
        host.pump(30, until="Back")  # (its answer comes after the crafted route's)
        assert host.saw("Back"), host.strings()
        assert not crashed and not host.crashed()
    lines = new_lines(table, before, 1)
    assert len(lines) <= 1 and not any("Traceback" in line for line in lines), lines


def test_a_crafted_resize_is_ignored(table):
    before = len(table.log().splitlines())
    with Phone(table.port, HOST) as host:
        host.register()
        assert host.sees("New game")
        for data in ("wide", {"width": "wide", "height": None}, [1, 2], None):
            host.send(click(PAGE, "resize", data))
        host.send(click(PAGE, "route_change", {"route": "/stats"}))  # a ping: answered after them
        assert host.pump(30, until="Back") and host.saw("Back"), host.strings()
        assert not host.crashed()
    assert new_lines(table, before, 0) == []
