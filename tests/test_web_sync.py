"""Issue 16: what the web build hands to IndexedDB after a write — the paths that changed, found
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
    """As after a write to IndexedDB a moment after the store's write, a moment ago (a file
    changed within a millisecond of a look is handed over again: the last test)."""
    time.sleep(0.005)
    _, _, now, at = persistence._changes()
    persistence._kept, persistence._kept_at = now, at
    time.sleep(0.005)  # later than the millisecond of that look


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
    changed, removed, _, _ = persistence._changes()
    data = web_main.DATA
    assert f"{data}/block24.json" in changed and f"{data}/block24.json.bak" in changed
    assert not [path for path in changed + removed if "/archive" in path]
    assert f"{data}/archive" not in walked  # 200 archived games, not one looked at

    _kept(persistence)
    mount.save_draft(game_id, {"round": 2})  # a tap: only the draft, kept a moment later
    changed, removed, _, _ = persistence._changes()
    assert changed and all(p in web_main.DEFERRED or p.startswith(web_main.DRAFTS + "/") for p in changed)


def test_a_finished_game_and_a_deleted_one_are_found(mount: Store) -> None:
    game_id = mount.create_game(Game(PLAYERS))
    persistence = web_main.IndexedDBPersistence(fs=None)
    _kept(persistence)
    mount.save_game(game_id, Game(PLAYERS, rounds=(
        Round("Ben", Colour.YELLOW, {"Anna": 3, "Ben": 0, "Carl": 3}, blind=True),)))
    changed, _, _, _ = persistence._changes()
    archive = f"{web_main.DATA}/archive"
    assert f"{archive}/{game_id}.json" in changed and f"{archive}/.index" in changed

    _kept(persistence)
    mount.delete_game(game_id)
    changed, removed, _, _ = persistence._changes()
    assert removed == [f"{archive}/{game_id}.json"] and f"{web_main.DATA}/trash/{game_id}.json" in changed


def test_a_change_in_the_millisecond_of_the_last_look_is_not_missed(mount: Store) -> None:
    """Times in ms: a file replaced within the millisecond after a look keeps the time that look
    saw; it is handed over again at the next write."""
    game_id = mount.create_game(Game(PLAYERS))
    persistence = web_main.IndexedDBPersistence(fs=None)
    _, _, now, at = persistence._changes()
    persistence._kept, persistence._kept_at = now, at
    live = f"{web_main.DATA}/block24.json"
    same = now[live]
    mount.save_game(game_id, Game(PLAYERS).record(Round("Ben", Colour.RED, {"Anna": 3, "Ben": 1, "Carl": 2})))
    os.utime(live, ns=(same, same))  # as if in the same millisecond
    os.utime(web_main.DATA, ns=(now[web_main.DATA], now[web_main.DATA]))
    persistence._kept_at = same / 1_000_000  # that look was in this millisecond
    assert live in persistence._changes()[0]
