"""Only the host destroys: a joined phone's delete goes to the trash, and only the host empties it."""

from __future__ import annotations

from conftest import TablePlayer, run, said

from app.lan import JoinGate
from app.state import AppState
from app.store import Store


def test_a_joined_phone_deletes_to_the_trash_and_cannot_empty_it(tmp_path):
    store = Store.open(tmp_path)
    gate = JoinGate("10.0.0.2", code="424242")
    host = AppState.open(store, gate=gate, client="10.0.0.2", join_url="http://10.0.0.2:8550/")
    phone = AppState.open(store, gate=gate, client="10.0.0.7")
    for state in (host, phone):
        state.prefs.language = "en"
    TablePlayer(host).start(("Anna", "Ben", "Carl"))
    game_id = host.table.game_id
    phone.enter_code("424242")
    run(phone.go("/"))
    run(phone.delete_game(game_id))
    assert [g.id for g in store.deleted_games()] == [game_id]  # in the trash: the host can restore it
    assert not phone.can_empty_trash()
    run(phone.empty_trash())
    assert said(phone) == "Only the host can remove deleted games for good"
    assert [g.id for g in store.deleted_games()] == [game_id]
    host.refresh_games()
    assert host.can_empty_trash()
    run(host.empty_trash())
    assert store.deleted_games() == []


def test_without_a_server_the_device_is_the_host(app: AppState):
    assert app.can_empty_trash()
