"""Phones at one table with no computer (app/peers.py): the host's engine and store decide.

Real stores (TinyDB files in temporary folders), the app's own state driven by taps, and an
in-process channel in place of WebRTC (the browser tests carry the same messages over it:
tests/e2e/test_table_peers.py).
"""

from __future__ import annotations

import asyncio
import json

import pytest
from conftest import TablePlayer, run

from app import peers
from app.state import AppState
from app.store import StaleGameError, Store
from scoring import Colour, Game, Round, game_to_record

PLAYERS = ("Anna", "Ben", "Carl")
ONE_ROUND = Game(PLAYERS).record(Round("Anna", Colour.RED, {"Anna": 2, "Ben": 2, "Carl": 2}))


class Channel:
    """Guests' messages to the host and the host's to the guests, delivered on the next turn of
    the loop (as a data channel delivers), in order."""

    def __init__(self, host: peers.HostTable) -> None:
        self.host = host
        self.guests: list[peers.GuestTable] = []
        self.sent: list[str] = []

    def guest(self, store: Store) -> peers.GuestTable:
        guest = peers.GuestTable(store, send=lambda text, g=None: None)
        guest.send = lambda text, g=guest: self._to_host(g, text)
        self.guests.append(guest)
        guest.receive(self.host.welcome())
        return guest

    def _to_host(self, sender: peers.GuestTable, text: str) -> None:
        self.sent.append(text)
        asyncio.get_event_loop().call_soon(self.deliver, sender, text)

    def deliver(self, sender: peers.GuestTable, text: str) -> None:
        for to, answer in self.host.receive(text):
            for guest in self.guests if to == "all" else [sender]:
                guest.receive(answer)


@pytest.fixture
def stores(tmp_path):
    made = [Store.open(tmp_path / name) for name in ("host", "guest", "other")]
    yield made
    peers.install(None)


@pytest.fixture
def table(stores):
    host_store = stores[0]
    game_id = host_store.create_game(Game(PLAYERS))
    return Channel(peers.HostTable(host_store, game_id))


def guest_app(store: Store, game_id: str) -> tuple[AppState, TablePlayer]:
    app = AppState.open(store)
    app.prefs.language = "en"
    run(app.go(f"/game/{game_id}"))
    return app, TablePlayer(app)


def test_a_guest_keeps_a_full_copy_of_the_hosts_game(stores, table):
    guest = table.guest(stores[1])
    stored = stores[1].load_game(table.host.game_id)
    assert guest.game_id == table.host.game_id
    assert stored.game == stores[0].load_game(table.host.game_id).game
    assert stored.version == stores[0].load_game(table.host.game_id).version


def test_a_guests_round_goes_through_the_host_and_reaches_every_phone(stores, table):
    guest, other = table.guest(stores[1]), table.guest(stores[2])
    peers.install(guest)
    app, player = guest_app(stores[1], table.host.game_id)
    player.play(Colour.RED, {"Anna": 3, "Carl": 3})
    host = stores[0].load_game(table.host.game_id)
    assert len(host.game.rounds) == 1 and host.game.rounds[0].caller == app.table.game.rounds[0].caller
    for store in stores[1:]:
        copy = store.load_game(table.host.game_id)
        assert (copy.game, copy.version) == (host.game, host.version)
    assert app.table.version == host.version
    assert other.version == host.version
    # What crossed is a change made on version 1, the whole record.
    change = json.loads(table.sent[-1])
    assert (change["op"], change["base"], change["game"]) == ("change", 1, table.host.game_id)


def test_a_change_made_on_a_stale_version_is_refused_and_the_fresh_block_shown(stores, table):
    first, second = table.guest(stores[1]), table.guest(stores[2])
    game_id = table.host.game_id
    one = ONE_ROUND
    other = Game(PLAYERS).record(Round("Anna", Colour.BLUE, {"Anna": 1, "Ben": 3, "Carl": 2}))

    async def both() -> list[object]:
        return await asyncio.gather(first.propose(game_id, one, 1), second.propose(game_id, other, 1),
                                    return_exceptions=True)

    won, lost = asyncio.run(both())
    assert won == 2 and isinstance(lost, StaleGameError)
    host = stores[0].load_game(game_id)
    assert host.game == one and host.version == 2  # one round, not two
    assert stores[2].load_game(game_id).game == one  # the loser holds the fresh Block


def test_the_app_says_changed_on_another_device_and_keeps_nothing_of_its_own(stores, table):
    guest = table.guest(stores[1])
    peers.install(guest)
    app, _ = guest_app(stores[1], table.host.game_id)
    # The host records a round meanwhile; this guest has not heard of it yet.
    stores[0].save_game(table.host.game_id, ONE_ROUND)
    run(app.table.call.call_trump(Colour.BLUE, False))
    run(app.table.play.count_tricks())
    for name, made in {"Anna": 3, "Ben": 3}.items():
        run(app.table.count.set_tricks(name, made))
    run(app.table.count.confirm_round())
    assert "Changed on another device" in app.table.notice.text
    host = stores[0].load_game(table.host.game_id)
    assert len(host.game.rounds) == 1 and host.game.rounds[0].trump is Colour.RED
    assert app.table.game == host.game  # the fresh Block is shown


@pytest.mark.parametrize("text", [
    "x" * (peers.MAX_MESSAGE + 1),
    "[" * 100_000 + "]" * 100_000,
    "not json",
    json.dumps({"op": "change", "n": True, "game": "g", "base": 1, "record": {}}),
    json.dumps({"op": "change", "n": 1, "game": "g", "base": "1", "record": {}}),
    json.dumps({"op": "drop-tables"}),
    json.dumps([1, 2, 3]),
])
def test_a_message_that_is_not_the_pads_is_refused_and_nothing_stored(stores, table, text):
    before = stores[0].load_game(table.host.game_id).version
    (to, answer), = table.host.receive(text)
    assert to == "sender" and json.loads(answer)["why"] == "shape"
    assert stores[0].load_game(table.host.game_id).version == before


def test_nothing_a_guest_sends_reaches_another_game_of_the_host(stores, table):
    private = stores[0].create_game(Game(("Dora", "Emil")))
    change = {"op": "change", "n": 1, "game": private, "base": 1,
              "record": game_to_record(Game(("Dora", "Emil")).record(
                  Round("Dora", Colour.RED, {"Dora": 3, "Emil": 3})))}
    answers = table.host.receive(json.dumps(change))
    assert [json.loads(a)["why"] for _, a in answers] == ["other-game"]
    assert stores[0].load_game(private).version == 1 and not stores[0].load_game(private).game.rounds
    # Nor is the table's game renamed or given other rules by a guest.
    renamed = dict(change, game=table.host.game_id, record=game_to_record(Game(("Anna", "Ben", "Zed"))))
    assert [json.loads(a)["why"] for _, a in table.host.receive(json.dumps(renamed))] == ["other-game"]
    assert stores[0].load_game(table.host.game_id).game.players == PLAYERS


def test_a_record_the_engine_refuses_is_refused_with_the_engines_reason(stores, table):
    record = game_to_record(Game(PLAYERS))
    tricks = {"Anna": 5, "Ben": 3, "Carl": 3}  # 11 of 6 tricks
    record["rounds"] = [{"caller": "Anna", "trump": "red", "tricks": tricks}]
    answer = json.loads(table.host.receive(json.dumps(
        {"op": "change", "n": 7, "game": table.host.game_id, "base": 1, "record": record}))[-1][1])
    assert (answer["n"], answer["ok"], answer["why"]) == (7, False, "rules") and answer["code"]
    assert stores[0].load_game(table.host.game_id).version == 1


def test_a_host_that_does_not_answer_is_named_and_nothing_is_stored(stores, table, monkeypatch):
    monkeypatch.setattr(peers, "ANSWER_S", 0.05)
    guest = table.guest(stores[1])
    guest.send = lambda text: None  # the channel is gone
    one = ONE_ROUND
    with pytest.raises(peers.HostRefusedError) as refused:
        asyncio.run(guest.propose(table.host.game_id, one, 1))
    assert refused.value.code == "host_away"
    assert not stores[1].load_game(table.host.game_id).game.rounds


def test_a_copy_older_than_the_one_kept_is_not_kept(stores, table):
    guest = table.guest(stores[1])
    old = table.host.welcome()
    stores[0].save_game(table.host.game_id, ONE_ROUND)
    assert guest.receive(table.host.welcome()) == table.host.game_id
    assert guest.receive(old) is None  # arrived late: the newer copy stays
    assert len(stores[1].load_game(table.host.game_id).game.rounds) == 1


# -- what the table sees (app/state/phones.py, app/views/phones.py) ----------------------------

def test_the_panel_says_every_step_and_names_make_serve_without_webrtc():
    from conftest import drawn, texts

    from app.state import Prefs
    from app.state.phones import Phones, Role
    from app.views.phones import PhonesPanel

    asked: list[dict] = []
    phones = Phones(Prefs.initial("en", False), asked.append)
    shown = " ".join(texts(drawn(PhonesPanel, phones, "g1")))
    assert "Share this game with the table" in shown and "Join a table: scan the host's code" in shown
    phones.share("g1")
    assert asked[-1] == {"do": "host", "game": "g1"} and phones.role is Role.HOST
    phones.on_code("https://pad.example/#join=QhAB")
    assert phones.qr.startswith(b"\x89PNG")
    shown = " ".join(texts(drawn(PhonesPanel, phones, "g1")))
    assert "Scan the next phone" in shown and "No other phone has joined yet" in shown
    phones.on_joined("ab12")
    phones.on_failed("not-pad")
    shown = " ".join(texts(drawn(PhonesPanel, phones, "g1")))
    assert "Phone 1" in shown and "That is not a code of this pad" in shown
    phones.send_away("ab12")
    assert asked[-1] == {"do": "away", "id": "ab12"}
    phones.on_left("ab12", "rate")
    assert "sent too much" in phones.notice.text and phones.guests == []
    unsupported = Phones(Prefs.initial("de", False), asked.append)
    unsupported.on_unsupported("no-webrtc")
    shown = " ".join(texts(drawn(PhonesPanel, unsupported, "g1")))
    assert "make serve" in shown and "WebRTC" in shown and "Share" not in shown
    unsupported.share("g1")
    assert asked[-1] == {"do": "away", "id": "ab12"}  # no button that does nothing: nothing asked


def test_rounds_a_guest_took_back_come_back_in_order_from_another_phone(stores, table):
    """Phones with no computer: the rounds one guest took back go with the host's record to every
    phone; another guest puts them back, one per tap, in the order they were played."""
    one, other = table.guest(stores[1]), table.guest(stores[2])
    game_id = table.host.game_id
    peers.install(one)
    first, player = guest_app(stores[1], game_id)
    for tricks in ({"Anna": 3, "Ben": 3}, {"Anna": 1, "Ben": 4}, {"Anna": 6, "Ben": 0}):
        player.play(Colour.RED, tricks)
    played = first.table.game.rounds
    run(first.table.undo.undo_round())
    run(first.table.undo.undo_round())
    assert stores[2].load_game(game_id).game.taken_back == played[1:]
    peers.install(other)
    second, _ = guest_app(stores[2], game_id)
    run(second.table.undo.redo_round())
    run(second.table.undo.redo_round())
    host = stores[0].load_game(game_id).game
    assert host.rounds == second.table.game.rounds == played and host.taken_back == ()
