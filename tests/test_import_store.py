"""The store's import finds taken ids in the live file, the archive and the trash.

A big import lists the archive and the trash once instead of looking up every
id on disk; these are the cases that listing must still catch.
"""

from __future__ import annotations

from pathlib import Path

from app.store import Store
from scoring import Game, game_to_record
from tests.store_writer import FINISH_AT, game_with


def test_a_deleted_game_imported_again_comes_back_above_its_trash_copy(store: Store) -> None:
    game_id = store.create_game(game_with(3))
    exported = store.export_records()
    store.delete_game(game_id)
    assert store.list_games() == []
    report = store.import_records(exported)
    assert report.added == (game_id,)
    assert [g.id for g in store.list_games()] == [game_id]  # not hidden by the trash copy
    assert store.load_game(game_id).version > exported[0]["version"] + 1


def test_games_in_the_archive_and_the_live_file_are_found(store: Store, tmp_path: Path) -> None:
    finished = store.create_game(game_with(FINISH_AT))
    playing = store.create_game(game_with(2))
    assert (store.folder / "archive" / f"{finished}.json").exists()  # finished games live there
    exported = store.export_records()
    again = store.import_records(exported)
    assert set(again.unchanged) == {finished, playing} and not again.added
    # A different game under an archived id is added beside it, never over it.
    report = store.import_records([{**game_to_record(Game(("Dora", "Eve"))), "id": finished}])
    assert len(report.added) == 1 and report.added[0].startswith(f"{finished}-")
    assert len(store.list_games()) == 3
