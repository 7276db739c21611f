"""Backup in the app (export all, a Block as CSV, import all-or-nothing) and the statistics commands."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from app.backup import BackupRefused, block_csv, export_json, import_bytes
from app.state import AppState, Screen
from app.store import Store
from scoring import Colour

sys.path.insert(0, str(Path(__file__).parent))
from test_stats import games, shared_win_game, two_player_game


@pytest.fixture
def store(tmp_path):
    s = Store.open(tmp_path / "one")
    yield s
    s.close()


@pytest.fixture
def other(tmp_path):
    s = Store.open(tmp_path / "two")
    yield s
    s.close()


def test_export_then_import_gives_the_same_games(store, other):
    ids = [store.create_game(g) for g in games()]
    data = export_json(store)
    assert json.loads(data) == store.export_records()  # what `block24 export` writes
    report = import_bytes(other, data)
    assert set(report.added) == set(ids)
    assert other.export_records() == store.export_records()
    again = import_bytes(other, data)  # importing twice changes nothing
    assert set(again.unchanged) == set(ids) and not again.added


@pytest.mark.parametrize(("raw", "reason"), [
    (b"not json", "not JSON"),
    (b"42", "expected a game record"),
    (json.dumps([{"players": ["A", "B"], "rounds": []},
                 {"players": ["A", "B"], "rounds": [
                     {"caller": "A", "trump": "red", "tricks": {"A": 2, "B": 3}}]}]).encode(),
     "game 2: round 1: tricks add up to 5, not 6"),
])
def test_import_refuses_with_the_reason_and_imports_nothing(store, raw, reason):
    with pytest.raises(BackupRefused, match=reason):
        import_bytes(store, raw)
    assert store.list_games() == []


def test_block_csv_as_the_command_line_writes_it():
    assert block_csv(two_player_game()) == "round,Anna,Ben\n1,18,36\n2,6,48\n"


# -- the commands on the state ---------------------------------------------------------


@pytest.fixture
def app(store) -> AppState:
    state = AppState.open(store)
    state.language = "en"
    return state


def test_import_and_export_commands(app, other):
    source = AppState.open(other)
    source.language = "en"
    for g in games():
        other.create_game(g)
    name, data = source.export_all()
    assert name.endswith(".json")
    app.import_backup(name, b"{broken")
    assert app.backup_error and "was not imported" in app.backup_message and app.games == []
    app.import_backup(name, data)
    assert not app.backup_error and "3 new games" in app.backup_message
    assert len(app.games) == 3
    app.open_game(app.games[-1].id)
    csv_name, csv = app.export_block()
    assert csv_name.endswith(".csv") and csv.startswith(b"round,")
    app.exported(csv_name)
    assert app.message == f"{csv_name} saved"


def test_statistics_screen_commands_sort_rename_merge(app, store):
    for g in games():
        store.create_game(g)
    store.remember_players(["Anna"])  # the preferred spelling
    app.open_stats()
    assert app.screen is Screen.STATS
    assert [r.name for r in app.stats][:2] == ["Anna", "Carl"]  # most wins
    app.sort_by("average")  # numbers start with the largest
    assert [r.name for r in app.stats] == ["Ben", "Carl", "Anna", "Dave"]
    app.sort_by("average")
    assert [r.name for r in app.stats] == ["Anna", "Carl", "Ben", "Dave"]
    app.sort_by("name")
    assert [r.name for r in app.stats] == ["Anna", "Ben", "Carl", "Dave"]

    app.choose_rename("Carl")
    app.set_rename_text("Ben")  # Carl and Ben sat at one table: refused with the reason
    app.rename_player()
    assert app.stats_error and "Ben already plays" in app.stats_message
    app.set_rename_text("Karl")
    app.rename_player()
    assert not app.stats_error and app.stats_message == "Carl is now Karl (1 games)"
    assert "Karl" in [r.name for r in app.stats]

    app.choose_rename("Dave")
    app.choose_merge("Karl")
    app.merge_players()
    assert app.stats_message == "Dave merged into Karl (1 games)"
    karl = next(r for r in app.stats if r.name == "Karl")
    assert karl.games == 2 and karl.wins == 1 and karl.shared_wins == 1


def test_renaming_the_open_game_reloads_it(app, store):
    game_id = store.create_game(shared_win_game().undo())
    app.open_game(game_id)
    app.open_stats()
    app.choose_rename("Ben")
    app.set_rename_text("Benno")
    app.rename_player()
    assert app.game.players == ("Anna", "Benno", "Carl") and app.draft.caller == "Benno"
    app.open_game(game_id)
    app.call_trump(Colour.RED)
    app.count_tricks()
    app.set_tricks("Anna", 2)
    app.set_tricks("Benno", 2)
    app.confirm_round()
    assert app.saved  # the version was reloaded: no stale-game refusal


def test_chart_toggle(app):
    assert not app.show_chart
    app.set_chart(True)
    assert app.show_chart
