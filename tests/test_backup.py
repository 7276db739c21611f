"""Backup in the app (export all, a Block as CSV, import all-or-nothing) and the statistics commands."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from app.backup import BackupRefused, block_csv, export_json, import_bytes
from app.store import Store

sys.path.insert(0, str(Path(__file__).parent))
from test_stats import games, two_player_game


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
