"""The store when the disk or the platform refuses: every failure a coded StoreError, nothing lost.

Run as root in CI, so a read-only folder cannot be made with chmod: the
system calls are made to fail with the errno a full or read-only disk gives.
"""

from __future__ import annotations

import errno
import os
import shutil
from pathlib import Path

import pytest

from app import store as store_module
from app.store import (
    ARCHIVE_DIR,
    FolderError,
    GameNotFoundError,
    Store,
    StoreError,
)
from scoring import Game
from tests.store_writer import FINISH_AT, PLAYERS, round_for


def play(store: Store, game_id: str, rounds: int) -> None:
    stored = store.load_game(game_id)
    game, version = stored.game, stored.version
    while len(game.rounds) < rounds:
        game = game.record(round_for(len(game.rounds) + 1))
        version = store.save_game(game_id, game, version)


def failing(error_number: int):
    def fail(*args, **kwargs):
        raise OSError(error_number, os.strerror(error_number))

    return fail


def test_without_hard_links_the_backup_is_a_copy(store: Store, monkeypatch) -> None:
    monkeypatch.delattr(os, "link")  # Pyodide has no os.link: AttributeError, not OSError
    game_id = store.create_game(Game(PLAYERS))
    play(store, game_id, 2)
    backup = store.folder / "block24.json.bak"
    assert backup.exists() and not os.path.samefile(backup, store.folder / "block24.json")
    assert store.load_game(game_id).game.rounds == (round_for(1), round_for(2))


def test_a_deleted_game_is_recoverable(store: Store) -> None:
    done = store.create_game(Game(PLAYERS))
    play(store, done, FINISH_AT)
    going = store.create_game(Game(PLAYERS))
    play(store, going, 2)
    before = store.load_game(going).game
    store.delete_game(done)
    store.delete_game(going)
    assert store.list_games() == [] and store.export_records() == []
    assert {s.id for s in store.deleted_games()} == {done, going}
    with pytest.raises(GameNotFoundError):
        store.load_game(going)
    store.close()
    store = Store.open(store.folder)
    assert store.list_games() == []
    store.restore_game(going)
    store.restore_game(done)
    assert store.load_game(going).game == before
    assert store.load_game(done).finished is not None
    assert (store.folder / ARCHIVE_DIR / f"{done}.json").exists()  # finished: back in the archive
    assert store.deleted_games() == []
    with pytest.raises(GameNotFoundError):
        store.restore_game(going)
    store.close()


def test_a_delete_cut_short_is_finished_at_open(store: Store, monkeypatch) -> None:
    game_id = store.create_game(Game(PLAYERS))
    play(store, game_id, FINISH_AT)
    # the trash copy is written, then the process dies before the archive file goes
    monkeypatch.setattr(store_module.archive.GameFiles, "unlink", failing(errno.EIO))
    with pytest.raises(FolderError):
        store.delete_game(game_id)
    monkeypatch.undo()
    store.close()
    store = Store.open(store.folder)
    assert store.list_games() == []
    assert not (store.folder / ARCHIVE_DIR / f"{game_id}.json").exists()
    store.restore_game(game_id)
    assert [s.id for s in store.list_games()] == [game_id]
    store.close()


@pytest.mark.parametrize(
    ("error_number", "code"),
    [(errno.ENOSPC, "disk_full"), (errno.EROFS, "folder_read_only"), (errno.EACCES, "folder_read_only")],
)
def test_a_refusing_disk_is_a_coded_error_and_nothing_changes(
    store: Store, monkeypatch, error_number: int, code: str
) -> None:
    game_id = store.create_game(Game(PLAYERS))
    play(store, game_id, 1)
    def refusing_writes(path, mode="r", *args, **kwargs):
        if "r" not in mode:
            raise OSError(error_number, os.strerror(error_number))
        return open(path, mode, *args, **kwargs)

    monkeypatch.setattr(store_module.atomic, "open", refusing_writes, raising=False)
    with pytest.raises(FolderError) as caught:
        store.save_game(game_id, store.load_game(game_id).game.record(round_for(2)))
    assert caught.value.code == code and caught.value.values["path"] == str(store.folder)
    with pytest.raises(FolderError) as caught:
        store.save_draft(game_id, {"trump": "red"})
    assert caught.value.code == code
    # reads still work
    assert [s.rounds for s in store.list_games()] == [1]
    assert len(store.export_records()) == 1
    monkeypatch.undo()
    assert store.load_game(game_id).version == 2


def test_reads_work_while_archiving_is_refused(tmp_path: Path, monkeypatch) -> None:
    folder = tmp_path / "data"
    store = Store.open(folder)
    game_id = store.create_game(Game(PLAYERS))
    real = store_module.archive.write_atomically

    def archive_refused(path, *args, **kwargs):
        if path.parent.name == ARCHIVE_DIR:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(path, *args, **kwargs)

    monkeypatch.setattr(store_module.archive, "write_atomically", archive_refused)
    play(store, game_id, FINISH_AT)  # saved; the archive copy waits
    assert any("archive" in w for w in store.warnings)
    store.close()
    store = Store.open(folder)  # opening, listing and exporting work with the archive pending
    assert store.list_games()[0].status == "finished"
    assert store.export_records()[0]["id"] == game_id
    monkeypatch.undo()
    store.close()
    store = Store.open(folder)
    assert (folder / ARCHIVE_DIR / f"{game_id}.json").exists()
    store.close()


def test_an_unopenable_lock_file_allows_reads_and_refuses_writes(store: Store, monkeypatch) -> None:
    game_id = store.create_game(Game(PLAYERS))
    monkeypatch.setattr(store._flock, "acquire", failing(errno.EACCES))
    assert [s.id for s in store.list_games()] == [game_id]
    assert store.load_game(game_id).version == 1
    with pytest.raises(FolderError) as caught:
        store.remember_players(["Dora"])
    assert caught.value.code == "lock_unopenable"
    assert "Permission denied" in caught.value.values["reason"]


def test_a_deleted_data_folder_is_reported_not_recreated(store: Store) -> None:
    game_id = store.create_game(Game(PLAYERS))
    shutil.rmtree(store.folder)
    for call in (
        lambda: store.load_game(game_id),
        store.list_games,
        lambda: store.save_game(game_id, Game(PLAYERS)),
        lambda: store.save_draft(game_id, {"trump": "red"}),
    ):
        with pytest.raises(FolderError) as caught:
            call()
        assert caught.value.code == "folder_missing"
    assert not store.folder.exists()


def test_every_store_error_has_a_code_and_values(store: Store) -> None:
    for call in (
        lambda: store.load_game("nope"),
        lambda: store.rename_player("Anna", ""),
        lambda: store.set_setting("", 1),
        lambda: store.save_draft("../x", {}),
    ):
        with pytest.raises(StoreError) as caught:
            call()
        assert caught.value.code != "store" and isinstance(caught.value.values, dict)
