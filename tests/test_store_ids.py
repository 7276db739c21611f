"""A game id is checked against the ids' own shape at every entrance, before a path is built.

The attacks: ``block24 export --game ../block24`` moved the live file aside as damaged (the
next start fell back to the backup: a confirmed round lost); ``--game ../../outside/settings``
renamed a file outside the data folder; ``--game ""`` exported every game; a 300-character id
was "the data folder cannot be used". Each is run here on a real store, through the real
command line (a process of its own), and nothing outside the data folder, nor the live file,
may change.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from app.state import AppState
from app.store import ARCHIVE_DIR, LIVE_NAME, TRASH_DIR, GameNotFoundError, Store
from scoring import game_to_record
from tests.helpers import said
from tests.store_writer import FINISH_AT, game_with

ROOT = Path(__file__).resolve().parent.parent

BAD_IDS = ["../block24", "../../outside/settings", "..", ".", "/etc/passwd", "a/b", "a\\b", "A1",
           "a b", "a\x00b", "\x1b[2J", "-a", "_a", "a" * 65, "a" * 300, "é"]


def snapshot(root: Path) -> dict[str, bytes | None]:
    """Every file under ``root`` with its bytes (``None`` for what is not a regular file)."""
    found: dict[str, bytes | None] = {}
    for path in sorted(root.rglob("*")):
        if path.is_file():
            found[str(path.relative_to(root))] = path.read_bytes()
        elif not path.is_dir():
            found[str(path.relative_to(root))] = None
    return found


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """``data/`` with two games (one finished, in the archive) and ``outside/`` next to it."""
    data = tmp_path / "data"
    store = Store.open(data)
    try:
        done = store.create_game(game_with(0))
        store.save_game(done, game_with(FINISH_AT))
        going = store.create_game(game_with(6))
        store.save_draft(going, {"round": 7, "draft": {}})
    finally:
        store.close()
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "settings.json").write_text('{"language": "de"}')
    (tmp_path / "block24.json").write_text('{"_meta": {"schema": {"version": 2}}}')
    return tmp_path


def block24(tree: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    """The real command line, a process of its own, on ``tree/data``."""
    return subprocess.run([sys.executable, "-m", "app.cli", "--data", str(tree / "data"), *args],
                          capture_output=True, cwd=ROOT, timeout=60)


def test_the_shape_of_an_id() -> None:
    from app.store.schema import is_game_id

    assert is_game_id("ca3d2450d6f0") and is_game_id("h0123456789abcde") and is_game_id("a" * 64)
    assert is_game_id("old-1_x")
    for bad in [*BAD_IDS, "", None, 12, b"abc"]:
        assert not is_game_id(bad), bad


@pytest.mark.parametrize("game", ["../block24", "../../outside/settings", "../../block24", "..",
                                  "archive/../../outside/settings", "a" * 300, "\x1b[2Jx"])
@pytest.mark.parametrize("csv", [False, True])
def test_export_of_a_crafted_id_is_no_such_game_and_touches_nothing(tree: Path, game: str,
                                                                   csv: bool) -> None:
    before = snapshot(tree)
    result = block24(tree, "export", *(["--csv"] if csv else []), "--game", game)
    assert result.returncode == 2 and result.stdout == b""
    err = result.stderr.decode()
    assert "no such game" in err and err.count("\n") == 1, err
    assert "\x1b" not in err  # printed escaped
    assert snapshot(tree) == before  # the live file, its backup, the file outside: untouched
    games = block24(tree, "games")
    assert games.returncode == 0 and games.stderr == b""  # no warning: nothing was set aside
    assert len(games.stdout.decode().splitlines()) == 3


def test_an_empty_game_is_an_error_not_every_game(tree: Path) -> None:
    for args in (["export", "--game", ""], ["export", "--csv", "--game", ""]):
        result = block24(tree, *args)
        assert result.returncode == 2 and result.stdout == b""
        assert result.stderr.decode().startswith("block24: ") and "game" in result.stderr.decode()


def test_a_300_character_id_is_no_such_game(tree: Path) -> None:
    result = block24(tree, "export", "--game", "a" * 300)
    assert result.returncode == 2
    assert result.stderr.decode().strip().endswith("no such game"), result.stderr


def test_an_import_with_a_crafted_id_is_refused(tree: Path) -> None:
    before = snapshot(tree)
    record = {**game_to_record(game_with(FINISH_AT)), "id": "../../outside/settings"}
    (tree / "in.json").write_text(json.dumps(record))
    result = block24(tree, "import", str(tree / "in.json"))
    assert result.returncode == 2 and b"nothing was imported" in result.stderr
    (tree / "in.json").unlink()
    assert snapshot(tree) == before


def test_the_store_refuses_a_crafted_id_everywhere(tree: Path) -> None:
    store = Store.open(tree / "data")
    try:
        before = snapshot(tree)
        going = next(g for g in store.list_games() if g.rounds == 6)
        game = store.load_game(going.id).game
        for bad in [*BAD_IDS, ""]:
            for call, args in ((store.load_game, ()), (store.save_game, (game,)), (store.delete_game, ()),
                               (store.restore_game, ()), (store.export_records, ()),
                               (store.load_draft, ()), (store.save_draft, ({"round": 1},))):
                with pytest.raises(GameNotFoundError) as caught:
                    call(bad, *args)  # type: ignore[operator]
                assert "no such game" in str(caught.value) and len(str(caught.value)) < 120
            assert store.set_aside_draft(bad) is None
        assert snapshot(tree) == before
    finally:
        store.close()


def test_files_whose_names_are_no_ids_are_never_read_listed_or_moved(tree: Path) -> None:
    """Planted files in the archive and the trash: a name that no id has is left as it is."""
    data = tree / "data"
    finished = {"schema": 2, "version": 1, "created": "2026-01-01T20:00:00+00:00",
                "updated": "2026-01-01T21:00:00+00:00", "finished": "2026-01-01T21:00:00+00:00",
                "record": game_to_record(game_with(FINISH_AT))}
    for folder in (ARCHIVE_DIR, TRASH_DIR):
        (data / folder).mkdir(exist_ok=True)
        for name in ("Evil", "a b", "\x1b[2Jx", ".."):
            (data / folder / f"{name}.json").write_text(json.dumps({**finished, "id": name}))
        (data / folder / "Broken.json").write_text("not json")  # would be moved aside if read
    before = snapshot(tree)
    result = block24(tree, "games")
    assert result.returncode == 0
    listed = result.stdout.decode().splitlines()[1:]
    assert len(listed) == 2 and not any("Evil" in line or "\x1b" in line for line in listed)
    assert snapshot(tree) == {**before, **{k: v for k, v in snapshot(tree).items()
                                           if k.endswith(".index")}}  # only the indexes written


def test_an_index_entry_whose_key_is_no_id_is_dropped(tree: Path) -> None:
    data = tree / "data"
    index = data / ARCHIVE_DIR / ".index"
    entries = json.loads(index.read_text())
    entry = next(iter(entries["games"].values()))
    entries["games"]["../block24"] = entry
    entries["games"]["../../outside/settings"] = entry
    index.write_text(json.dumps(entries))
    store = Store.open(data)
    try:
        assert set(store._archive.entries()) <= {g.id for g in store.list_games()}
        assert len(store.list_games()) == 2
    finally:
        store.close()
    assert (data / LIVE_NAME).exists() and (tree / "outside" / "settings.json").exists()
    assert not list(tree.rglob("*.damaged-*"))


def test_a_live_game_under_a_crafted_key_writes_nothing_outside(tree: Path) -> None:
    """A hand-edited live file holding a finished game under ``../../outside/evil``: moving it to
    the archive wrote ``outside/evil.json``. The file is kept aside, the game is left out."""
    data = tree / "data"
    live = json.loads((data / LIVE_NAME).read_text())
    doc = {"version": 1, "created": "2026-01-01T20:00:00+00:00", "updated": "2026-01-01T21:00:00+00:00",
           "finished": "2026-01-01T21:00:00+00:00", "record": game_to_record(game_with(FINISH_AT))}
    live["games"]["../../outside/evil"] = doc
    (data / LIVE_NAME).write_text(json.dumps(live))
    outside = snapshot(tree / "outside")
    store = Store.open(data)
    try:
        assert len(store.list_games()) == 2  # the two real games, nothing lost
        assert any("../../outside/evil" in w for w in store.warnings)
        assert store.export_records()  # every export reads only ids
    finally:
        store.close()
    assert snapshot(tree / "outside") == outside
    assert not (tree / "evil.json").exists() and not (data / "evil.json").exists()
    assert len(list(data.glob(f"{LIVE_NAME}.damaged-*"))) == 1  # the file as it was, kept


@pytest.mark.parametrize("game", ["..", "a" * 300, "a\x00b", "A1", "\x1b[2J"])
def test_a_route_to_a_crafted_id_is_no_longer_stored(app: AppState, game: str) -> None:
    import asyncio

    folder = app.store.folder
    before = snapshot(folder.parent)
    asyncio.run(app.go(f"/game/{game}"))
    assert app.route == "/" and said(app) == "That game is no longer stored"
    asyncio.run(app.go(f"/game/{game}/round/1"))
    assert app.route == "/" and said(app) == "That game is no longer stored"
    assert app.store.get_setting("last_game", None) is None
    assert snapshot(folder.parent) == before
    assert os.path.isdir(folder)


@pytest.mark.parametrize("number", ["9" * 5000, "\u0663", "\uff13", "1e3", "-1", "0", "99999999999999999999"])
def test_a_crafted_round_number_in_a_route_shows_the_game(app: AppState, number: str) -> None:
    """``/game/<id>/round/<n>``: a number no round has, in another script, or 5 000 digits long
    (Python's int() refuses those with a ValueError) shows the game's Block, under its own address."""
    import asyncio

    game_id = app.store.create_game(game_with(3))
    asyncio.run(app.go(f"/game/{game_id}/round/{number}"))
    assert app.route == f"/game/{game_id}"
    asyncio.run(app.go(f"/game/{game_id}/round/2"))
    assert app.route == f"/game/{game_id}/round/2"
