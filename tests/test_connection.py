"""The served page's connection (app/connection.py, app/server.py): the page's heartbeat is
answered without Flet, and what a reconnecting page tells of its device in its websocket's
address is read as any client's answer — bounded, hostile until checked."""

from __future__ import annotations

import asyncio
import json
import urllib.parse

import pytest

from app import server
from app.connection import ALIVE_PATH, WatchConnection
from app.state import Told
from app.state.prefs import DEVICE_KEYS


def _query(value: object) -> bytes:
    return b"told=" + urllib.parse.quote(json.dumps(value)).encode()


def test_the_heartbeat_is_answered_at_once_and_flet_is_not_asked() -> None:
    asked = []

    async def flet(scope, receive, send) -> None:
        asked.append(scope["path"])

    sent: list[dict] = []

    async def send(message) -> None:
        sent.append(message)

    async def receive() -> dict:
        return {"type": "http.request", "body": b""}

    asyncio.run(WatchConnection(flet)({"type": "http", "method": "GET", "path": ALIVE_PATH},
                                      receive, send))
    assert asked == [] and sent[0]["status"] == 204
    assert (b"cache-control", b"no-store") in sent[0]["headers"]
    asyncio.run(WatchConnection(flet)({"type": "http", "method": "GET", "path": "/alive/x"}, receive, send))
    assert asked == ["/alive/x"]  # only the heartbeat's own address


def test_a_reconnecting_page_tells_its_languages_and_settings() -> None:
    told = Told.read(server._told(_query({"languages": ["de-DE", "en"],
                                          "kept": {DEVICE_KEYS["language"]: "de"}})))
    assert told == Told(("de-DE", "en"), {DEVICE_KEYS["language"]: "de"})


@pytest.mark.parametrize("query", [
    b"",
    b"told=",
    b"told=%7Bnot%20json",
    b"other=1",
    _query({"languages": ["de"] * 400, "kept": {}}),  # more than MAX_TOLD_BYTES
    b"told=" + b"%5B" * 600 + b"%5D" * 600,  # nested past any use
    b"told=" + b"x" * 100_000,
    b"told=%ff%fe",
])
def test_what_a_page_tells_in_its_address_is_bounded_and_nothing_usable_is_none(query: bytes) -> None:
    assert Told.read(server._told(query)) is None


def test_only_the_pads_keys_and_sensible_language_tags_are_read() -> None:
    told = Told.read(server._told(_query({"languages": ["nl", "x" * 36, 7, *["en"] * 30],
                                          "kept": {DEVICE_KEYS["dark"]: True, "flutter.other": "y"}})))
    assert told is not None
    assert told.languages[0] == "nl" and all(len(tag) <= 35 for tag in told.languages)
    assert len(told.languages) <= 16
    assert told.kept == {DEVICE_KEYS["dark"]: True}


def test_a_session_without_a_server_was_told_nothing() -> None:
    assert server.client_told() is None


def test_a_tab_closed_before_it_took_its_new_address_leaves_no_error(tmp_path, monkeypatch, caplog):
    """The app tells the browser each new screen's address (``push_route``, answered by the tab).
    A tab closed before it answered: when Flet ends its session (five minutes later, or at once)
    the call fails with "Session closed", and the task's failure was logged with a traceback — in
    a test server's log it failed whichever test ran then (seen side by side under load)."""
    from flet.messaging.protocol import MessageAction

    from app import main as app_main
    from app.store import Store
    from scoring import Colour, Game, Round
    from tests.helpers import tab_session

    monkeypatch.setenv("BLOCK24_DATA", str(tmp_path))
    with Store.open(tmp_path) as store:  # the last game opened, still played: the tab opens it
        store.set_setting("last_game", store.create_game(Game(("Anna", "Ben", "Carl"), rounds=(
            Round("Ben", Colour.RED, {"Anna": 2, "Ben": 2, "Carl": 2}),))))
    asked: list[str] = []

    async def scenario() -> None:
        def receive(message) -> None:
            if message.action == MessageAction.INVOKE_METHOD:
                asked.append(message.body.name)  # never answered: the tab is gone

        session, tasks = tab_session(receive)
        app_main.main(session.page, Told(languages=("en",)))
        while "push_route" not in asked:
            await asyncio.sleep(0.01)  # (polled: the app's start runs as a task of its own)
        session.close()  # (Flet's end of a session whose tab is gone)
        while pending := [task for task in tasks if not task.done()]:
            await asyncio.wait([asyncio.wrap_future(task) for task in pending], timeout=30)

    with caplog.at_level("ERROR"):
        asyncio.run(scenario())
    # (Flet's own end of this harness's page logs an error of its services: not the app's)
    assert "Session closed" not in caplog.text, caplog.text
