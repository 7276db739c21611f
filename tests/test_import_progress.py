"""The app's import runs off the event loop in steps, shows how far it got, lands whole.

On the server each step runs in a worker thread, so the other phones' taps go
on meanwhile; in the browser (no threads) each step runs inline and the loop
gets a turn between steps. A write from another session during the import's
own write waits for it (the store's locks), and a refused or failed import
leaves the store as it was.
"""

from __future__ import annotations

import asyncio
import errno
import json
import threading

import pytest

from app.state import AppState
from app.state import backup as backup_state
from app.store import Store, atomic
from app.store import transfer as backup_module
from scoring import Colour, Round, game_to_record
from tests.helpers import refused, said
from tests.store_writer import game_with

GAMES = 450  # three steps of 200, then the rest


def backup_of(count: int, bad_at: int | None = None) -> bytes:
    """A backup of ``count`` games (ids g0001…); game number ``bad_at`` breaks R4 (tricks add up to 7)."""
    records = [{"id": f"g{n:04d}", **game_to_record(game_with(3))} for n in range(1, count + 1)]
    if bad_at is not None:
        records[bad_at - 1]["rounds"][0]["tricks"] = {"Anna": 7, "Ben": 0, "Carl": 0}
    return json.dumps(records).encode()


@pytest.fixture
def shown(monkeypatch, app: AppState) -> list[tuple[str | None, bool]]:
    """What the import panel says before each step, and whether that step ran off the loop's thread."""
    seen: list[tuple[str | None, bool]] = []
    run_step = backup_state.off_the_loop

    async def watched(step):
        loop_thread = threading.get_ident()
        ran_in: list[int] = []

        def step_here():
            ran_in.append(threading.get_ident())
            return step()

        progress = app.backup.progress
        try:
            return await run_step(step_here)
        finally:
            seen.append((progress, ran_in[0] != loop_thread))

    monkeypatch.setattr(backup_state, "off_the_loop", watched)
    return seen


def test_the_import_says_how_far_it_got_and_runs_each_step_in_a_worker_thread(app, shown):
    assert asyncio.run(app.backup.import_file("big.json", backup_of(GAMES)))
    assert [words for words, _ in shown] == [
        "Reading the backup…",
        "Importing 0 of 450 games…",
        "Importing 200 of 450 games…",
        "Importing 400 of 450 games…",
        "Saving 450 games…",
    ]
    assert all(in_worker for _, in_worker in shown)
    assert app.backup.importing is None and app.backup.progress is None
    assert said(app.backup) == "big.json: 450 new games, 0 updated, 0 already there"
    assert len(app.store.list_games()) == GAMES


def test_in_the_browser_each_step_runs_inline_and_the_loop_gets_a_turn_between(app, shown, monkeypatch):
    monkeypatch.setattr(backup_state, "THREADS", False)  # Pyodide: no threads
    app.prefs.language = "de"
    turns: list[int] = []

    async def both() -> bool:
        done = asyncio.Event()

        async def other_taps() -> None:
            while not done.is_set():
                turns.append(len(shown))  # how many steps had run when the loop came here
                await asyncio.sleep(0)

        ticker = asyncio.create_task(other_taps())
        try:
            return await app.backup.import_file("gross.json", backup_of(GAMES))
        finally:
            done.set()
            await ticker

    assert asyncio.run(both())
    assert [words for words, _ in shown][2:] == [
        "200 von 450 Spielen eingelesen…", "400 von 450 Spielen eingelesen…",
        "450 Spiele werden gespeichert…"]
    assert not any(in_worker for _, in_worker in shown)
    assert set(range(1, len(shown))) <= set(turns)  # the loop ran between every two steps


def test_another_sessions_round_is_saved_while_a_step_of_the_import_runs(app, store, monkeypatch):
    """The loop stays free during a step: a round confirmed at another phone is saved meanwhile."""
    other = AppState.open(store)
    game_id = store.create_game(game_with(2))
    stored = store.load_game(game_id)
    gate, in_step = threading.Event(), threading.Event()
    step = backup_module.BackupImport.step

    def held_step(job):
        if job.checked == 200:  # the third step waits until the other phone's round is saved
            in_step.set()
            assert gate.wait(30)
        return step(job)

    monkeypatch.setattr(backup_module.BackupImport, "step", held_step)

    async def both() -> tuple[bool, int]:
        importing = asyncio.create_task(app.backup.import_file("big.json", backup_of(GAMES)))
        while not in_step.is_set():
            await asyncio.sleep(0.01)
        version = other.store.save_game(game_id, stored.game.record(Round("Carl", Colour.RED, {
            "Anna": 2, "Ben": 2, "Carl": 2})), stored.version)  # the loop is free: this runs now
        assert not importing.done()
        gate.set()
        return await importing, version

    imported, version = asyncio.run(both())
    assert imported and version == stored.version + 1
    assert len(store.load_game(game_id).game.rounds) == 3
    assert len(store.list_games()) == GAMES + 1


def test_a_write_from_another_session_waits_for_the_imports_write(store, monkeypatch):
    """Serialized: the other write neither lands inside the import's transaction nor is lost."""
    game_id = store.create_game(game_with(2))
    stored = store.load_game(game_id)
    gate, writing = threading.Event(), threading.Event()
    put = Store._put

    def held_put(store, table, key, doc):
        if not writing.is_set():
            writing.set()
            assert gate.wait(30)
        put(store, table, key, doc)

    monkeypatch.setattr(Store, "_put", held_put)
    job = backup_module.BackupImport(store, backup_of(5))
    while not job.writing:
        job.step()
    importer = threading.Thread(target=job.step)
    importer.start()
    assert writing.wait(30)
    saved: list[int] = []
    other = threading.Thread(target=lambda: saved.append(store.save_game(
        game_id, game_with(3), stored.version)))
    other.start()
    other.join(0.3)
    assert other.is_alive() and not saved  # waiting for the import's transaction
    gate.set()
    importer.join(30)
    other.join(30)
    assert saved == [stored.version + 1]
    assert job.report is not None and len(job.report.added) == 5
    assert len(store.load_game(game_id).game.rounds) == 3
    assert len(store.list_games()) == 6


def test_a_bad_game_deep_in_the_file_is_refused_with_its_number_and_nothing_is_saved(app, shown):
    assert not asyncio.run(app.backup.import_file("big.json", backup_of(GAMES, bad_at=321)))
    assert refused(app.backup) and app.backup.importing is None
    assert said(app.backup).startswith("big.json was not imported: game 321 of the file: round 1")
    assert said(app.backup).endswith("Nothing was changed.")
    assert shown[-1][0] == "Importing 200 of 450 games…"  # refused in the step checking 201–400
    assert app.store.list_games() == []


def test_a_disk_that_refuses_the_imports_write_leaves_nothing_half_saved(app, monkeypatch):
    kept = app.store.create_game(game_with(2))

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(atomic, "write_atomically", full)
    assert not asyncio.run(app.backup.import_file("big.json", backup_of(GAMES)))
    monkeypatch.undo()
    assert refused(app.backup) and "the disk is full" in said(app.backup)
    assert app.backup.importing is None
    assert [g.id for g in app.store.list_games()] == [kept]
    assert asyncio.run(app.backup.import_file("big.json", backup_of(GAMES)))  # the panel works again
    assert len(app.store.list_games()) == GAMES + 1


def test_one_import_at_a_time_per_session(app, monkeypatch):
    app.backup.importing = (10, 450)
    assert not asyncio.run(app.backup.import_file("again.json", backup_of(3)))
    assert app.store.list_games() == []
