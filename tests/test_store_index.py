"""The archive's index on real files — home reads a page, not the archive.

The index (``archive/.index``, ``trash/.index``) is a cache beside the
games: these tests damage, remove and outdate it on disk and check that every
game is still listed, and count the game files read (never time).
"""

from __future__ import annotations

import asyncio
import dataclasses
import datetime as dt
import json
import shutil
from pathlib import Path

import flet as ft
import pytest

from app.state import GAMES_PAGE, HOME_GAMES, AppState
from app.store import ARCHIVE_DIR, TRASH_DIR, GameStatus, Store
from scoring import Colour, Game, Round, game_to_record

PLAYERS = ("Anna", "Ben", "Carl")
ARCHIVED = 1000
INDEX = ".index"
START = dt.datetime(2020, 1, 1, tzinfo=dt.UTC)


def _finished(n: int) -> dict:
    """A finished game (one yellow blind round ends it) begun on its own day, newest last."""
    game = Game(PLAYERS, rounds=(Round("Ben", Colour.YELLOW, {"Anna": 3, "Ben": 0, "Carl": 3}, blind=True),))
    when = (START + dt.timedelta(hours=n)).isoformat()
    return {**game_to_record(game), "id": f"g{n:04d}", "created": when, "updated": when, "finished": when}


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data folder with 1 000 finished games (imported, as from a backup) and one being played."""
    folder = tmp_path_factory.mktemp("archive") / "data"
    store = Store.open(folder)
    store.import_records([_finished(n) for n in range(ARCHIVED)])
    store.create_game(Game(PLAYERS))
    store.close()
    return folder


@pytest.fixture
def folder(archive: Path, tmp_path: Path) -> Path:
    """A copy of the 1 000 games each test may damage."""
    copy = tmp_path / "data"
    shutil.copytree(archive, copy)
    return copy


def _read(store: Store) -> int:
    return store._archive.files_read + store._trash.files_read


def _newest(count: int) -> list[str]:
    return [f"g{n:04d}" for n in range(ARCHIVED - 1, ARCHIVED - 1 - count, -1)]


def test_home_reads_a_page_of_1000_games(folder: Path) -> None:
    store = Store.open(folder)
    try:
        assert _read(store) == 0  # the index matches the files: opening reads no game
        app = AppState.open(store)
        assert [g.id for g in app.finished] == _newest(HOME_GAMES)
        assert app.more[GameStatus.FINISHED] == ARCHIVED - HOME_GAMES and len(app.running) == 1
        assert _read(store) == HOME_GAMES  # what home shows, not the archive
        app.refresh_games()  # back home again: the page is known
        assert _read(store) == HOME_GAMES
        app.show_more(GameStatus.FINISHED)
        shown = HOME_GAMES + GAMES_PAGE
        assert [g.id for g in app.finished] == _newest(shown) and _read(store) == shown
        assert store.count_games() == ARCHIVED + 1 and _read(store) == shown
    finally:
        store.close()


def test_finishing_a_game_keeps_the_index_current(folder: Path) -> None:
    store = Store.open(folder)
    try:
        playing = store.list_games(GameStatus.PLAYING)[0].id
        game = store.load_game(playing).game.record(
            Round("Ben", Colour.YELLOW, {"Anna": 3, "Ben": 0, "Carl": 3}, blind=True))
        store.save_game(playing, game)
        before = _read(store)
        assert store.count_games(GameStatus.FINISHED) == ARCHIVED + 1
        assert _read(store) == before  # counted from the index, nothing read
        index = json.loads((folder / ARCHIVE_DIR / INDEX).read_bytes())
        assert playing in index["games"] and len(index["games"]) == ARCHIVED + 1
    finally:
        store.close()
    reopened = Store.open(folder)
    try:
        assert _read(reopened) == 0 and reopened.count_games(GameStatus.FINISHED) == ARCHIVED + 1
    finally:
        reopened.close()


@pytest.mark.parametrize("damage", ["missing", "empty", "cut_short", "not_json", "wrong_shape",
                                    "odd_entry", "older_schema"])
def test_a_missing_or_damaged_index_is_rebuilt(folder: Path, damage: str) -> None:
    path = folder / ARCHIVE_DIR / INDEX
    good = path.read_bytes()
    if damage == "missing":
        path.unlink()
    else:
        path.write_bytes({
            "empty": b"",
            "cut_short": good[: len(good) // 2],
            "not_json": b"\xff\xfe garbage",
            "wrong_shape": b'{"schema": 2, "games": [1, 2]}',
            "odd_entry": good.replace(b'"g0500":[1,', b'"g0500":["x",', 1),
            "older_schema": good.replace(b'"schema":2', b'"schema":1', 1),
        }[damage])
    store = Store.open(folder)
    try:
        assert store.count_games(GameStatus.FINISHED) == ARCHIVED
        assert {g.id for g in store.list_games(GameStatus.FINISHED)} == {f"g{n:04d}" for n in range(ARCHIVED)}
        assert not store.warnings  # a cache, not the record: nothing to tell the user
    finally:
        store.close()
    assert json.loads(path.read_bytes()) == json.loads(good)  # rebuilt as it was
    reopened = Store.open(folder)
    try:
        assert _read(reopened) == 0  # and trusted again at the next open
    finally:
        reopened.close()


def test_a_stale_index_is_corrected_file_by_file(folder: Path) -> None:
    """Files changed behind the index's back (an older Block 24, a copy by hand): each is read
    again, a game without an entry is listed, an entry without a file is not."""
    archive = folder / ARCHIVE_DIR
    record = _finished(ARCHIVED)  # the newest game, written as an older version would: no entry
    data = {"schema": 2, "id": record["id"], "version": 1, "created": record["created"],
            "updated": record["updated"], "finished": record["finished"],
            "record": {k: v for k, v in record.items() if k not in ("id", "created", "updated", "finished")}}
    (archive / f"{record['id']}.json").write_text(json.dumps(data))
    (archive / "g0999.json").unlink()  # gone, its entry stays
    changed = archive / "g0998.json"
    changed.write_bytes(changed.read_bytes().replace(b'"version":1', b'"version":2', 1))
    store = Store.open(folder)
    try:
        assert _read(store) == 2  # the new file and the changed one, no other
        listed = store.list_games(GameStatus.FINISHED, limit=3)
        assert [g.id for g in listed] == [record["id"], "g0998", "g0997"]
        assert listed[1].version == 2 and store.count_games(GameStatus.FINISHED) == ARCHIVED
    finally:
        store.close()


def test_another_process_writing_is_seen_without_reading_the_archive(folder: Path) -> None:
    """The web build's other tab or a command-line import: the index they wrote is taken."""
    mine = Store.open(folder)
    try:
        assert mine.count_games(GameStatus.FINISHED) == ARCHIVED
        other = Store(folder)  # a second process's store (Store.open gives one per process)
        other._start()
        other.import_records([_finished(ARCHIVED)])
        other.close()
        before = _read(mine)
        assert mine.count_games(GameStatus.FINISHED) == ARCHIVED + 1
        assert [g.id for g in mine.list_games(GameStatus.FINISHED, limit=1)] == [f"g{ARCHIVED:04d}"]
        assert _read(mine) == before + 1  # only the game listed
    finally:
        mine.close()


def test_deleted_games_stay_out_whatever_the_trash_index_says(folder: Path) -> None:
    store = Store.open(folder)
    try:
        store.delete_game("g0999")
        assert "g0999" not in {g.id for g in store.list_games(GameStatus.FINISHED, limit=5)}
    finally:
        store.close()
    (folder / TRASH_DIR / INDEX).write_bytes(b"{}")  # damaged: rebuilt from the trash files
    store = Store.open(folder)
    try:
        assert store.count_games(GameStatus.FINISHED) == ARCHIVED - 1
        assert [g.id for g in store.deleted_games()] == ["g0999"]
        store.restore_game("g0999")
        assert store.list_games(GameStatus.FINISHED, limit=1)[0].id == "g0999"
        assert store.count_games(GameStatus.FINISHED) == ARCHIVED
    finally:
        store.close()


def test_a_damaged_game_file_behind_a_good_entry_is_set_aside_when_read(folder: Path) -> None:
    """The index says nothing of a game's rounds: a page reads its games, and a damaged one
    costs that game only, with the usual warning."""
    store = Store.open(folder)
    store.close()
    path = folder / ARCHIVE_DIR / "g0999.json"
    raw = path.read_bytes()
    path.write_bytes(b"x" * len(raw))  # same size; the time changed, so it is read at open
    store = Store.open(folder)
    try:
        assert any("g0999" in w and ".damaged-" in w for w in store.warnings)
        assert [g.id for g in store.list_games(GameStatus.FINISHED, limit=1)] == ["g0998"]
        assert store.count_games(GameStatus.FINISHED) == ARCHIVED - 1
    finally:
        store.close()


def test_opening_a_game_reads_at_most_an_evening(tmp_path: Path) -> None:
    """A backup imported without dates puts every game on one evening: opening one reads the
    evening's tally (at most EVENING_GAMES games), not the archive."""
    from app.state.evening import EVENING_GAMES
    from tests.helpers import run

    store = Store.open(tmp_path / "data")
    try:
        record = {k: v for k, v in _finished(0).items() if k not in ("created", "updated", "finished")}
        store.import_records([{**record, "id": f"e{n:03d}"} for n in range(120)])
        app = AppState.open(store)
        before = _read(store)
        newest = app.finished[0].id
        run(app.go(f"/game/{newest}"))
        assert app.table.evening.games == EVENING_GAMES  # the newest 36 of that "evening"
        assert _read(store) - before <= EVENING_GAMES + 1
    finally:
        store.close()


def _controls(control: object) -> int:
    """How many Flet controls a drawn tree holds (each costs the server's diff and the phone's layout)."""
    if isinstance(control, list | tuple):
        return sum(_controls(c) for c in control)
    if not isinstance(control, ft.BaseControl):
        return 0
    inner = [getattr(control, f.name) for f in dataclasses.fields(control) if not f.name.startswith("_")]
    return 1 + sum(_controls(value) for value in inner if isinstance(value, ft.BaseControl | list))


def _home_drawn(folder: Path) -> tuple[int, int, int]:
    """Back home from the newest game: controls home draws, index entries walked, game files read."""
    from app.views import home
    from tests.helpers import drawn

    store = Store.open(folder)
    try:
        app = AppState.open(store)
        app.prefs.language = "en"
        asyncio.run(app.go(f"/game/{app.finished[0].id}"))
        walked, read = store.listed, _read(store)
        asyncio.run(app.go("/"))
        walked, read = store.listed - walked, _read(store) - read
        return _controls(drawn(home.Home, app, app.prefs)), walked, read
    finally:
        store.close()


def test_a_return_home_with_1000_games_costs_what_it_costs_with_3(folder: Path, tmp_path: Path) -> None:
    """A long history must not slow home down (bench/history.py measures it in a browser: about
    0.7 ms a control drawn, of a ~180 ms return home). With 1 000 games home draws its first page,
    not more than a screenful beyond what 3 games draw, lists the stored games once (the index's
    entries, no game file) and reads no game it read before."""
    few = tmp_path / "few"
    store = Store.open(few)
    store.import_records([_finished(n) for n in range(3)])
    store.close()
    few_controls, few_walked, few_read = _home_drawn(few)
    many_controls, many_walked, many_read = _home_drawn(folder)
    assert few_walked == 3 and many_walked == ARCHIVED + 1  # one listing, whatever the history
    assert few_read == many_read == 0  # the page's games are known from the last visit
    assert many_controls - few_controls <= 40, (few_controls, many_controls)
