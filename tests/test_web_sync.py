"""What the web build hands to IndexedDB after a write — the paths that changed, found
without walking the archive (``web/main.py``'s look at the mount, run here on a real store).

Pyodide's file system keeps times in milliseconds; the clock is the test's, in the same unit.
Writing to IndexedDB itself is the browser tests' (tests/e2e/test_web_build.py).
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from app.store import Store
from scoring import Colour, Game, Round, game_to_record
from web import main as web_main

PLAYERS = ("Anna", "Ben", "Carl")


@pytest.fixture
def mount(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """The mount in a temporary folder and a store in it, as the web build has them."""
    root = tmp_path / "persist"
    data = root / "block24"
    monkeypatch.setattr(web_main, "MOUNT", str(root))
    monkeypatch.setattr(web_main, "DATA", str(data))
    monkeypatch.setattr(web_main, "DRAFTS", f"{data}/drafts")
    monkeypatch.setattr(web_main, "DEFERRED", {str(data), f"{data}/block24.lock", f"{data}/drafts"})
    monkeypatch.setattr(web_main, "UNWALKED", (f"{data}/archive", f"{data}/trash"))
    monkeypatch.setattr(web_main, "_now", lambda: time.time() * 1000)
    store = Store.open(data)
    yield store
    store.close()


def _kept(persistence: web_main.IndexedDBPersistence) -> None:
    """As after a write to IndexedDB."""
    persistence._kept = persistence._changes()[2]


def test_a_round_hands_over_the_live_file_and_never_walks_the_archive(mount: Store, monkeypatch) -> None:
    finished = game_to_record(Game(PLAYERS, rounds=(
        Round("Ben", Colour.YELLOW, {"Anna": 3, "Ben": 0, "Carl": 3}, blind=True),)))
    mount.import_records([{**finished, "id": f"g{n:03d}"} for n in range(200)])
    game_id = mount.create_game(Game(PLAYERS))
    persistence = web_main.IndexedDBPersistence(fs=None)
    _kept(persistence)
    assert persistence._changes()[:2] == ([], [])

    walked: list[str] = []
    scandir = os.scandir
    monkeypatch.setattr(web_main.os, "scandir", lambda path: walked.append(os.fspath(path)) or scandir(path))
    mount.save_game(game_id, Game(PLAYERS).record(Round("Ben", Colour.RED, {"Anna": 3, "Ben": 1, "Carl": 2})))
    changed, removed, _ = persistence._changes()
    data = web_main.DATA
    assert f"{data}/block24.json" in changed and f"{data}/block24.json.bak" in changed
    assert not [path for path in changed + removed if "/archive" in path]
    assert f"{data}/archive" not in walked  # 200 archived games, not one looked at

    _kept(persistence)
    mount.save_draft(game_id, {"round": 2})  # a tap: only the draft, kept a moment later
    changed, removed, _ = persistence._changes()
    assert changed and all(p in web_main.DEFERRED or p.startswith(web_main.DRAFTS + "/") for p in changed)


def test_a_finished_game_and_a_deleted_one_are_found(mount: Store) -> None:
    game_id = mount.create_game(Game(PLAYERS))
    persistence = web_main.IndexedDBPersistence(fs=None)
    _kept(persistence)
    mount.save_game(game_id, Game(PLAYERS, rounds=(
        Round("Ben", Colour.YELLOW, {"Anna": 3, "Ben": 0, "Carl": 3}, blind=True),)))
    changed, _, _ = persistence._changes()
    archive = f"{web_main.DATA}/archive"
    assert f"{archive}/{game_id}.json" in changed and f"{archive}/.index" in changed

    _kept(persistence)
    mount.delete_game(game_id)
    changed, removed, _ = persistence._changes()
    assert removed == [f"{archive}/{game_id}.json"] and f"{web_main.DATA}/trash/{game_id}.json" in changed


def test_a_look_never_keeps_a_time_of_its_own_millisecond(mount: Store, monkeypatch) -> None:
    """A file changed in the millisecond of a look could change again within it, after the look,
    and keep its time: such a look waits for the next millisecond and looks again."""
    mount.create_game(Game(PLAYERS))
    live = f"{web_main.DATA}/block24.json"
    ms = time.time_ns() // 1_000_000 + 10_000  # a millisecond of the clock below
    os.utime(live, ns=(ms * 1_000_000, ms * 1_000_000))
    ticks = iter([ms + 0.3, ms + 0.6, ms + 0.9, ms + 1.1, ms + 1.2, ms + 1.4])
    monkeypatch.setattr(web_main, "_now", lambda: next(ticks))
    persistence = web_main.IndexedDBPersistence(fs=None)
    changed, _, now = persistence._changes()
    assert live in changed and now[live] == ms * 1_000_000
    assert next(ticks) == ms + 1.4  # looked in ms, waited for ms + 1, looked again
