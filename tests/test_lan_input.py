"""Every value a phone sends is checked for its type before use: no traceback from input.

The real app (``python -m app.main --lan``) with a game stored, and crafted
websocket clients (:mod:`tests.lan_phone`). A phone may set any control's
value to anything JSON can say and send any of its events with it; the server
goes on, writes no traceback, and stops cleanly with strangers still waiting.
"""

from __future__ import annotations

import pytest

from app.store import Store
from scoring import Colour, Game, Round
from tests.lan_phone import (
    HOST,
    PAGE,
    UPDATE_CONTROL_PROPS,
    Phone,
    Served,
    click,
    controls,
    packet,
)

PLAYERS = ("Anna", "Ben", "Carl")
VALUES = [None, True, 2.5, "Аnna", ["x", 1], {"a": {"b": None}}]
"""A value of every JSON type (a Cyrillic А in the text)."""
SCREENS = ["/new", "/", "/settings", "/stats", "/game/{id}", "/game/{id}/round/1"]


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    data = tmp_path_factory.mktemp("table")
    game = Game(PLAYERS)
    game = game.record(Round(game.next_caller, Colour.RED, {"Anna": 6, "Ben": 0, "Carl": 0}))
    with Store.open(data) as store:
        game_id = store.create_game(game)
    served = Served(data, "-m", "app.main", "--lan")
    served.game_id = game_id
    try:
        yield served
    finally:
        served.stop()
    assert "Traceback" not in served.log(), served.log()[-5000:]


def handlers(phone: Phone) -> list[tuple[int, str]]:
    """Each control's events the server listens to (``on_…`` set in a patch), once each."""
    found: dict[tuple[int, str], None] = {}
    for _, body in phone.received:
        for control in controls(body):
            for key, value in control.items():
                if isinstance(key, str) and key.startswith("on_") and value:
                    found[(control["_i"], key[3:])] = None
    return list(found)


def traces(table) -> list[str]:
    text = table.log()
    return [part[:600] for part in text.split("Traceback")[1:]]


@pytest.mark.parametrize("screen", SCREENS)
def test_every_event_of_every_control_with_a_value_of_every_type_leaves_no_trace(table, screen):
    route = screen.format(id=table.game_id)
    with Phone(table.port, HOST) as phone:
        phone.register(route)
        phone.pump(4)
        events = handlers(phone)
        assert events, phone.strings()
        # what is typed or chosen first, then taps (which may lead to another screen)
        events.sort(key=lambda event: event[1] == "click")
        for target, name in events:
            if target == PAGE:
                continue  # the page's own events: tests/test_lan_attacks.py
            for value in VALUES:
                phone.send(packet(UPDATE_CONTROL_PROPS, {"id": target, "props": {"value": value}}))
                phone.send(click(target, name, value))
            # a joined phone's messages beyond 20 a second wait their turn: let them pass
            assert phone.pump(2 * len(VALUES) / 20 + 0.1), phone.closed
        phone.pump(2)
        assert not phone.crashed()
    assert traces(table) == []


def test_the_server_stops_cleanly_with_strangers_waiting(tmp_path):
    """30 strangers on the join screen, each with 20 taps sent (under its own limit), when the
    server stops: no trace. Their taps used to wait their turn behind one budget shared by all
    strangers (20 a second), so at the stop each connection was still waiting, uvicorn cancelled
    it after its grace and logged "Exception in ASGI application" with a trace, once per stranger."""
    served = Served(tmp_path / "data", "-m", "app.main", "--lan")
    strangers = []
    try:
        for n in range(30):
            phone = Phone(served.port, f"127.0.30.{n}")
            phone.register()
            strangers.append(phone)
        assert strangers[0].sees("Join the table")
        for phone in strangers:
            for _ in range(20):
                phone.send(click(99_999))
        strangers[-1].pump(1)
    finally:
        served.stop()
        for phone in strangers:
            phone.ws.close()
    assert "Traceback" not in served.log(), served.log()[-3000:]
    assert "Exception in ASGI application" not in served.log()


def test_a_join_code_changed_and_submitted_at_once_is_judged_on_the_new_value(table):
    """A phone's ``change`` of the code field and its ``submit`` in one go (a fast keyboard's
    Enter): the code typed opens, not the value of the screen's last drawing."""
    with Phone(table.port, "127.0.31.1") as phone:
        phone.register()
        assert phone.sees("Join the table")
        field = phone.control(_c="TextField")
        assert field is not None
        code = table.join_code
        phone.send(packet(UPDATE_CONTROL_PROPS, {"id": field["_i"], "props": {"value": code}}))
        phone.send(click(field["_i"], "change", code))
        phone.send(click(field["_i"], "submit", code))
        assert phone.sees("New game"), phone.strings()[-20:]
        assert not phone.saw("Wrong code")
