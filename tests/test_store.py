"""The store on real files: API, damaged files, migration, import/export, concurrency."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from app.store import (
    ARCHIVE_DIR,
    LIVE_NAME,
    TMP_SUFFIX,
    DamagedFileError,
    GameNotFoundError,
    GameStatus,
    ImportRefusedError,
    StaleGameError,
    Store,
    StoreError,
    data_folder,
    migrate_v1_to_v2,
)
from scoring import Colour, Game, Round, game_from_record, game_to_record
from tests.store_writer import FINISH_AT, PLAYERS, game_with, record_next_round, round_for

ROOT = Path(__file__).resolve().parent.parent
WRITER = Path(__file__).with_name("store_writer.py")


def reopen(store: Store) -> Store:
    store.close()
    return Store.open(store.folder)


def play(store: Store, game_id: str, rounds: int) -> int:
    """Record rounds of the writer game up to ``rounds``; return the version."""
    stored = store.load_game(game_id)
    game, version = stored.game, stored.version
    while len(game.rounds) < rounds:
        game = game.record(round_for(len(game.rounds) + 1))
        version = store.save_game(game_id, game, version)
    return version


def live_data(folder: Path) -> dict:
    return json.loads((folder / LIVE_NAME).read_text())


# -- the API ---------------------------------------------------------------------


def test_create_save_load(store: Store) -> None:
    game_id = store.create_game(Game(PLAYERS))
    stored = store.load_game(game_id)
    assert (stored.id, stored.version, stored.finished) == (game_id, 1, None)
    assert stored.status is GameStatus.PLAYING
    version = store.save_game(game_id, stored.game.record(round_for(1)), expected_version=1)
    assert version == 2
    again = reopen(store).load_game(game_id)
    assert again.version == 2
    assert again.game.scores == {"Anna": 18, "Ben": 30, "Carl": 30}
    assert again.created == stored.created and again.updated > stored.updated


def test_no_total_is_stored(store: Store, folder: Path) -> None:
    game_id = store.create_game(Game(PLAYERS))
    play(store, game_id, 5)
    doc = live_data(folder)["games"][game_id]
    assert set(doc) == {"version", "seq", "created", "updated", "finished", "ticks", "record"}
    assert "scores" not in json.dumps(doc)
    assert game_from_record(doc["record"]) == game_with(5)


def test_stale_version_is_refused(store: Store) -> None:
    game_id = store.create_game(Game(PLAYERS))
    store.save_game(game_id, game_with(1), expected_version=1)
    with pytest.raises(StaleGameError, match=f"game {game_id}.*version 2 is stored"):
        store.save_game(game_id, game_with(2), expected_version=1)
    assert store.load_game(game_id).game == game_with(1)
    assert store.save_game(game_id, game_with(2)) == 3  # no expected version: last write wins


def test_unknown_game(store: Store) -> None:
    for call in (
        lambda: store.load_game("nope"),
        lambda: store.save_game("nope", Game(PLAYERS)),
        lambda: store.delete_game("nope"),
        lambda: store.export_records("nope"),
    ):
        with pytest.raises(GameNotFoundError, match="game nope"):
            call()
    assert issubclass(GameNotFoundError, StoreError) and issubclass(StoreError, Exception)
    with pytest.raises(TypeError):
        store.create_game(game_to_record(Game(PLAYERS)))  # type: ignore[arg-type]


def test_finished_games_move_to_the_archive_and_back(store: Store, folder: Path) -> None:
    game_id = store.create_game(Game(PLAYERS))
    version = play(store, game_id, FINISH_AT)
    archived = folder / ARCHIVE_DIR / f"{game_id}.json"
    assert archived.exists()
    assert game_id not in live_data(folder).get("games", {})
    stored = store.load_game(game_id)
    assert stored.status is GameStatus.FINISHED and stored.finished is not None
    assert stored.version == version
    # Undoing the last round makes it a game being played again: back in the live file.
    version = store.save_game(game_id, stored.game.undo(), version)
    assert not archived.exists()
    assert game_id in live_data(folder)["games"]
    assert store.load_game(game_id).finished is None
    store.save_game(game_id, game_with(FINISH_AT), version)
    assert archived.exists() and store.load_game(game_id).version == version + 1


def test_list_games(store: Store) -> None:
    assert store.list_games() == []
    first = store.create_game(Game(PLAYERS))
    play(store, first, FINISH_AT)
    second = store.create_game(Game(("Dora", "Emil")))
    third = store.create_game(Game(PLAYERS))
    play(store, third, 2)
    summaries = store.list_games()
    assert [s.id for s in summaries] == [third, second, first]  # newest first
    by_id = {s.id: s for s in summaries}
    assert by_id[first].status is GameStatus.FINISHED
    assert by_id[first].winners == ("Anna",) and by_id[first].rounds == FINISH_AT
    assert by_id[second].leaders == () and by_id[second].leader is None
    assert by_id[third].status == "playing" and by_id[third].winners == ()
    assert by_id[third].leaders == ("Anna", "Ben") and by_id[third].leader == "Anna"
    assert by_id[third].players == PLAYERS


def test_delete(store: Store, folder: Path) -> None:
    done = store.create_game(Game(PLAYERS))
    play(store, done, FINISH_AT)
    going = store.create_game(Game(PLAYERS))
    store.delete_game(done)
    store.delete_game(going)
    assert store.list_games() == []
    assert [p.name for p in (folder / ARCHIVE_DIR).iterdir()] == [".index"]  # the index stays: no game
    assert reopen(store).list_games() == []


def test_players_and_settings(store: Store) -> None:
    assert store.known_players() == []
    store.remember_players(["Anna", " Ben ", ""])
    store.remember_players(["carl", "ANNA"])  # most recent first; same name, new spelling
    assert set(store.known_players()[:2]) == {"carl", "ANNA"}
    assert sorted(store.known_players()) == ["ANNA", "Ben", "carl"]
    assert store.get_setting("language", "en") == "en"
    store.set_setting("language", "de")
    store.set_setting("theme", {"dark": True})
    store = reopen(store)
    assert store.get_setting("language") == "de"
    assert store.get_setting("theme") == {"dark": True}
    with pytest.raises(StoreError, match="'bad'"):
        store.set_setting("bad", object())
    store.create_game(Game(("Zoe", "Yann")))
    assert set(store.known_players()) >= {"Zoe", "Yann"}


def test_one_store_per_folder(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    a = Store.open(folder)
    try:
        assert Store.open(str(folder)) is a
        monkeypatch.setenv("BLOCK24_DATA", str(folder))
        assert Store.open() is a
    finally:
        a.close()
    b = Store.open(folder)
    assert b is not a
    b.close()
    with pytest.raises(StoreError, match="closed"):
        b.list_games()


def test_data_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("BLOCK24_DATA", str(tmp_path / "a"))
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path / "b"))
    assert data_folder() == tmp_path / "a"
    assert data_folder(tmp_path / "c") == tmp_path / "c"
    monkeypatch.delenv("BLOCK24_DATA")
    assert data_folder() == tmp_path / "b"
    monkeypatch.delenv("FLET_APP_STORAGE_DATA")
    assert data_folder().name.lower() == "block24"


def test_no_file_held_open_and_temp_files_swept(store: Store, folder: Path) -> None:
    game_id = store.create_game(Game(PLAYERS))
    play(store, game_id, 3)
    store.list_games()
    if Path("/proc/self/fd").exists():
        open_files = {os.path.realpath(f"/proc/self/fd/{fd}") for fd in os.listdir("/proc/self/fd")}
        assert str(folder / LIVE_NAME) not in open_files
    (folder / f".{LIVE_NAME}.dead{TMP_SUFFIX}").write_text("{half")
    (folder / ARCHIVE_DIR / f".x.json.dead{TMP_SUFFIX}").write_text("{half")
    store = reopen(store)
    assert not list(folder.rglob(f"*{TMP_SUFFIX}"))
    assert store.load_game(game_id).game == game_with(3)


def test_backup_is_the_previous_version(store: Store, folder: Path) -> None:
    game_id = store.create_game(Game(PLAYERS))
    play(store, game_id, 2)
    before = (folder / LIVE_NAME).read_bytes()
    play(store, game_id, 3)
    assert (folder / (LIVE_NAME + ".bak")).read_bytes() == before


def test_a_crash_between_archive_and_live_leaves_one_copy(store: Store, folder: Path) -> None:
    game_id = store.create_game(Game(PLAYERS))
    play(store, game_id, FINISH_AT)
    archived = json.loads((folder / ARCHIVE_DIR / f"{game_id}.json").read_text())
    # As if the writer died after writing the archive file, before the live file.
    data = live_data(folder)
    data["games"][game_id] = {k: archived[k] for k in ("version", "created", "updated", "finished", "record")}
    (folder / LIVE_NAME).write_text(json.dumps(data))
    store = reopen(store)
    assert [s.id for s in store.list_games()] == [game_id]
    assert game_id not in live_data(folder)["games"]
    assert store.warnings == []


# -- damaged files ------------------------------------------------------------------

GOOD_RECORD = game_to_record(game_with(3))


def _damaged(kind: str, good: bytes) -> bytes:
    data = json.loads(good)
    if kind == "empty":
        return b""
    if kind == "truncated":
        return good[: len(good) // 2]
    if kind == "garbage":
        return bytes(range(256)) * 3
    if kind == "not json":
        return b"players: Anna, Ben\n"
    if kind == "json list":
        return b"[1, 2, 3]"
    if kind == "no schema":
        return json.dumps({"games": data.get("games", {})}).encode()
    if kind == "newer schema":
        data["_meta"]["schema"]["version"] = 99
        return json.dumps(data).encode()
    if kind == "bad round":
        game = next(iter(data["games"].values()))
        game["record"]["rounds"][1]["tricks"]["Anna"] = 5
        return json.dumps(data).encode()
    if kind == "wrong types":
        data["games"] = [1, 2]
        return json.dumps(data).encode()
    raise AssertionError(kind)


KINDS = [
    "empty",
    "truncated",
    "garbage",
    "not json",
    "json list",
    "no schema",
    "newer schema",
    "bad round",
    "wrong types",
]


def _setup(folder: Path) -> tuple[str, bytes]:
    """A store whose backup holds the game after 2 rounds and whose live file after 3."""
    store = Store.open(folder)
    game_id = store.create_game(Game(PLAYERS))
    play(store, game_id, 2)
    store.set_setting("language", "nl")
    play(store, game_id, 3)
    store.close()
    return game_id, (folder / LIVE_NAME).read_bytes()


@pytest.mark.parametrize("kind", KINDS)
def test_damaged_live_file_falls_back_to_the_backup(folder: Path, kind: str) -> None:
    game_id, good = _setup(folder)
    bad = _damaged(kind, good)
    (folder / LIVE_NAME).write_bytes(bad)
    store = Store.open(folder)
    try:
        moved = list(folder.glob(f"{LIVE_NAME}.damaged-*"))
        assert len(moved) == 1 and moved[0].read_bytes() == bad  # kept as it was
        assert len(store.warnings) == 1
        assert str(moved[0]) in store.warnings[0] and "backup" in store.warnings[0]
        assert store.load_game(game_id).game == game_with(2)  # the backup: one save behind
        assert store.get_setting("language") == "nl"
        play(store, game_id, 4)  # and the store works on
    finally:
        store.close()
    assert Store.open(folder).warnings == []
    Store.open(folder).close()


@pytest.mark.parametrize("kind", ["empty", "truncated", "bad round"])
def test_damaged_live_file_and_backup_give_an_empty_store(folder: Path, kind: str) -> None:
    _, good = _setup(folder)
    bad = _damaged(kind, good)
    (folder / LIVE_NAME).write_bytes(bad)
    (folder / (LIVE_NAME + ".bak")).write_bytes(b"{")
    store = Store.open(folder)
    try:
        assert store.list_games() == []
        assert len(store.warnings) == 2
        assert "empty store" in store.warnings[1]
        assert len(list(folder.glob("*.damaged-*"))) == 2
        assert [p.read_bytes() for p in folder.glob(f"{LIVE_NAME}.damaged-*")] == [bad]
    finally:
        store.close()


def test_missing_live_file_uses_the_backup(folder: Path) -> None:
    game_id, _ = _setup(folder)
    (folder / LIVE_NAME).unlink()
    store = Store.open(folder)
    try:
        assert store.load_game(game_id).game == game_with(2)
        assert "missing" in store.warnings[0]
    finally:
        store.close()


def test_damaged_archive_file_is_moved_aside(store: Store, folder: Path) -> None:
    done = store.create_game(Game(PLAYERS))
    play(store, done, FINISH_AT)
    other = store.create_game(Game(PLAYERS))
    play(store, other, FINISH_AT)
    path = folder / ARCHIVE_DIR / f"{done}.json"
    path.write_bytes(path.read_bytes()[:100])
    store = reopen(store)
    assert [s.id for s in store.list_games()] == [other]
    assert len(store.warnings) == 1 and done in store.warnings[0]
    assert len(list((folder / ARCHIVE_DIR).glob(f"{done}.json.damaged-*"))) == 1


# -- migration ------------------------------------------------------------------------

V1 = {
    "_meta": {"1": {"version": 1}},
    "games": {
        "1": {
            "id": "old1",
            "created": 1700000000.5,
            "updated": 1700003600,
            "finished": True,
            **{k: v for k, v in game_to_record(game_with(FINISH_AT)).items() if k != "first_dealer"},
        },
        "2": {
            "id": "old2",
            "created": 1700100000,
            "updated": 1700100500,
            "finished": False,
            "players": ["Dora", "Emil"],
            "rounds": [],
        },
    },
    "players": {"1": {"name": "Dora"}, "2": {"name": "Emil "}},
    "settings": {"1": {"key": "language", "value": "de"}, "2": {"key": "theme", "value": "dark"}},
}


def test_migration_function_is_plain() -> None:
    v2 = migrate_v1_to_v2(json.loads(json.dumps(V1)))
    assert v2["_meta"] == {"schema": {"version": 2}}
    assert set(v2["games"]) == {"old1", "old2"}
    assert v2["games"]["old1"]["version"] == 1
    assert v2["games"]["old1"]["finished"] == v2["games"]["old1"]["updated"]
    assert v2["games"]["old2"]["finished"] is None
    assert v2["settings"]["language"] == {"value": "de"}


def test_open_a_v1_file(folder: Path) -> None:
    folder.mkdir()
    raw = json.dumps(V1, indent=2).encode()
    (folder / LIVE_NAME).write_bytes(raw)
    store = Store.open(folder)
    try:
        assert store.warnings == []
        assert (folder / f"{LIVE_NAME}.v1").read_bytes() == raw  # the old file is kept
        assert live_data(folder)["_meta"]["schema"]["version"] == 2
        old1 = store.load_game("old1")
        assert old1.game == game_with(FINISH_AT) and old1.status is GameStatus.FINISHED
        assert old1.created.timestamp() == 1700000000.5
        assert (folder / ARCHIVE_DIR / "old1.json").exists()  # finished: archived
        old2 = store.load_game("old2")
        assert old2.game.players == ("Dora", "Emil") and old2.version == 1
        assert store.get_setting("theme") == "dark"
        assert sorted(store.known_players()) == ["Dora", "Emil"]
        store.save_game("old2", old2.game, expected_version=1)
    finally:
        store.close()


def test_a_v1_file_that_cannot_be_upgraded_is_moved_aside(folder: Path) -> None:
    folder.mkdir()
    broken = json.loads(json.dumps(V1))
    del broken["games"]["2"]["id"]
    (folder / LIVE_NAME).write_text(json.dumps(broken))
    store = Store.open(folder)
    try:
        assert store.list_games() == []
        assert "cannot be upgraded" in store.warnings[0]
        assert not (folder / f"{LIVE_NAME}.v1").exists()
    finally:
        store.close()


# -- import and export -----------------------------------------------------------------


def test_export_import_round_trip(store: Store, tmp_path: Path) -> None:
    a = store.create_game(Game(PLAYERS))
    play(store, a, FINISH_AT)
    b = store.create_game(Game(("Dora", "Emil", "Finn")))
    exported = store.export_records()
    assert [r["id"] for r in exported] == [a, b]
    assert exported[0]["outcome"]["winners"] == ["Anna"] and exported[0]["status"] == "finished"
    assert exported[1]["outcome"] is None
    assert game_from_record(exported[0]) == game_with(FINISH_AT)  # the game record: extra keys are ignored
    other = Store.open(tmp_path / "other")
    try:
        report = other.import_records(json.loads(json.dumps(exported)))
        assert report.added == (a, b)
        assert other.export_records() == exported
        assert other.import_records(exported).unchanged == (a, b)  # twice: nothing new
        assert len(other.list_games()) == 2
    finally:
        other.close()


def test_import_is_all_or_nothing(store: Store) -> None:
    bad = json.loads(json.dumps(GOOD_RECORD))
    bad["rounds"][2]["tricks"]["Anna"] = 3
    with pytest.raises(ImportRefusedError) as caught:
        store.import_records([GOOD_RECORD, {**bad, "id": "zz"}])
    assert str(caught.value) == "game 2 (id zz): round 3: tricks add up to 9, not 6"
    assert caught.value.round_number == 3 and caught.value.index == 2
    assert store.list_games() == []
    with pytest.raises(ImportRefusedError, match=r"game 1: .*players"):
        store.import_records([{"rounds": []}])
    with pytest.raises(ImportRefusedError, match="id"):
        store.import_records([{**GOOD_RECORD, "id": "../etc"}])
    assert store.list_games() == []


def test_import_without_id_uses_the_content(store: Store) -> None:
    first = store.import_records(GOOD_RECORD)
    assert len(first.added) == 1
    assert store.import_records([GOOD_RECORD]).unchanged == first.added
    assert len(store.list_games()) == 1


def test_import_of_a_game_that_went_on(store: Store) -> None:
    store.import_records({**game_to_record(game_with(2)), "id": "g1"})
    report = store.import_records({**game_to_record(game_with(4)), "id": "g1"})
    assert report.updated == ("g1",)
    assert store.load_game("g1").game == game_with(4) and store.load_game("g1").version == 2
    # an older copy changes nothing; a different game under the same id is kept apart
    assert store.import_records({**game_to_record(game_with(3)), "id": "g1"}).unchanged == ("g1",)
    different = game_to_record(Game(("X", "Y")).record(Round("X", Colour.RED, {"X": 6, "Y": 0})))
    report = store.import_records({**different, "id": "g1"})
    assert report.added[0].startswith("g1-")
    assert store.import_records({**different, "id": "g1"}).unchanged == report.added
    assert len(store.list_games()) == 2


def test_import_in_one_write(store: Store, folder: Path) -> None:
    records = [{**GOOD_RECORD, "id": f"g{n}"} for n in range(5)]
    records.append({**game_to_record(game_with(FINISH_AT)), "id": "done"})
    assert len(store.import_records(records).added) == 6
    assert (folder / ARCHIVE_DIR / "done.json").exists()
    assert set(live_data(folder)["games"]) == {f"g{n}" for n in range(5)}


# -- concurrency ---------------------------------------------------------------------


def test_threads_lose_no_update(store: Store) -> None:
    game_id = store.create_game(Game(PLAYERS))
    errors: list[BaseException] = []

    def worker(tag: str) -> None:
        try:
            for k in range(9):
                record_next_round(store, game_id)
                store.remember_players([f"{tag}{k}"])
                store.set_setting(f"{tag}{k}", k)
        except BaseException as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=worker, args=(t,)) for t in "abcd"]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    stored = reopen(store).load_game(game_id)
    assert stored.game == game_with(36) and stored.version == 37  # 4 × 9 rounds, none lost
    names = set(Store.open(store.folder).known_players())
    assert {f"{t}{k}" for t in "abcd" for k in range(9)} <= names
    Store.open(store.folder).close()


def test_two_processes_lose_no_update(store: Store) -> None:
    game_id = store.create_game(Game(PLAYERS))
    store.close()
    writers = [
        subprocess.Popen(
            [sys.executable, str(WRITER), "append", str(store.folder), game_id, "18", tag],
            stdout=subprocess.PIPE,
            cwd=ROOT,
        )
        for tag in ("p", "q")
    ]
    outs = [w.communicate(timeout=120)[0] for w in writers]
    assert [w.returncode for w in writers] == [0, 0] and outs == [b"done\n", b"done\n"]
    store = Store.open(store.folder)
    try:
        stored = store.load_game(game_id)
        assert stored.game == game_with(36) and stored.version == 37  # 2 × 18 rounds
        names = set(store.known_players())
        assert {f"{t}-{k}" for t in "pq" for k in range(18)} <= names
    finally:
        store.close()


def test_backup_after_a_write_cut_short(store: Store, folder: Path) -> None:
    """A writer killed between linking the backup and replacing the file leaves them one file."""
    game_id = store.create_game(Game(PLAYERS))
    play(store, game_id, 2)
    live, backup = folder / LIVE_NAME, folder / (LIVE_NAME + ".bak")
    backup.unlink()
    os.link(live, backup)
    before = live.read_bytes()
    play(store, game_id, 3)
    assert backup.read_bytes() == before
    assert not list(folder.rglob(f"*{TMP_SUFFIX}"))


def test_round_draft_kept_beside_the_games(store: Store, folder: Path) -> None:
    game_id = store.create_game(Game(PLAYERS))
    assert store.load_draft(game_id) is None
    store.save_draft(game_id, {"round": 1, "draft": {"caller": "x"}})
    assert store.load_draft(game_id) == {"round": 1, "draft": {"caller": "x"}}
    assert reopen(store).load_draft(game_id) == {"round": 1, "draft": {"caller": "x"}}
    (folder / "drafts" / f"{game_id}.json").write_text("{damaged")
    with pytest.raises(DamagedFileError):  # a damaged draft is only a lost draft: set aside
        store.load_draft(game_id)
    assert [p.name.split(".damaged-")[0] for p in (folder / "drafts").iterdir()] == [f"{game_id}.json"]
    assert store.load_draft(game_id) is None
    store.save_draft(game_id, None)
    assert store.load_draft(game_id) is None
    with pytest.raises(StoreError):
        store.save_draft("../escape", {"round": 1})
