"""The clock: games are listed in the order the store made them, an evening is a run of games.

The attack: a game played with the clock a day back was listed last and had no tally; one a
year ahead stayed on top; back at real time the tally said "Wins in 3 games tonight" after 5
games. Here on a real store, with the store's clocks faked (:mod:`app.store.clock`): the wall
clock is set as the attacker did, the steady clock counts the time that really passed.
"""

from __future__ import annotations

import datetime as dt
import json
import os
from pathlib import Path

import pytest

from app.state import AppState
from app.state.evening import read_evening
from app.store import ARCHIVE_DIR, LIVE_NAME, Store, clock
from app.store.clock import Tick, elapsed
from scoring import LONG_PAUSE, Game
from tests.store_writer import FINISH_AT, PLAYERS, game_with

REAL = dt.datetime(2026, 11, 26, 19, 0, tzinfo=dt.UTC)
DAY, YEAR = dt.timedelta(days=1), dt.timedelta(days=365)
GAME = dt.timedelta(minutes=25)
"""How long a game takes at this table."""


class FakeClock:
    """The store's two clocks: ``set_to`` moves the wall clock only (as a person setting the
    phone's date does), ``passes`` lets time pass on both; ``reboot`` starts another boot."""

    def __init__(self) -> None:
        self.real = REAL
        self.offset = dt.timedelta(0)
        self.boot = "boot-1"
        self.seconds = 5000.0

    def wall(self) -> dt.datetime:
        return self.real + self.offset

    def tick(self) -> Tick:
        return Tick(self.boot, self.seconds)

    def set_to(self, offset: dt.timedelta) -> None:
        self.offset = offset

    def passes(self, span: dt.timedelta) -> None:
        self.real += span
        self.seconds += span.total_seconds()

    def reboot(self) -> None:
        self.boot, self.seconds = f"{self.boot}+", 30.0


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    faked = FakeClock()
    monkeypatch.setattr(clock, "wall", faked.wall)
    monkeypatch.setattr(clock, "tick", faked.tick)
    return faked


def play(store: Store, fake: FakeClock, players: tuple[str, ...] = PLAYERS) -> str:
    """One game, started now and played out in :data:`GAME` (Anna wins)."""
    game_id = store.create_game(Game(players) if players != PLAYERS else game_with(0))
    fake.passes(GAME)
    store.save_game(game_id, game_with(FINISH_AT) if players == PLAYERS else Game(players))
    return game_id


def tally(store: Store, game_id: str) -> str | None:
    """The evening line the game-over screen shows for ``game_id`` (in English; its no-break
    spaces, which keep a name with its number, read as spaces)."""
    app = AppState.open(store)
    app.prefs.language = "en"
    app.table.open.load(game_id)
    line = app.table.block.evening_line()
    return None if line is None else line.replace("\xa0", " ")


def test_a_clock_set_back_or_ahead_changes_neither_the_order_nor_the_evening(store, fake) -> None:
    first = play(store, fake)
    fake.passes(dt.timedelta(minutes=5))
    fake.set_to(-DAY)
    day_back = play(store, fake)
    fake.set_to(YEAR)
    year_ahead = play(store, fake)
    fake.set_to(dt.timedelta(0))
    fourth = play(store, fake)
    fifth = play(store, fake)
    assert store.load_game(day_back).created < store.load_game(first).created  # what the dates say
    assert [g.id for g in store.list_games()] == [fifth, fourth, year_ahead, day_back, first]
    # the whole evening on every game's screen (the games after it too)
    for game_id in (first, day_back, year_ahead, fifth):
        assert tally(store, game_id) == "Wins in 5 games tonight: Anna 5 · Ben 0 · Carl 0"
    assert [r["id"] for r in store.export_records()] == [first, day_back, year_ahead, fourth, fifth]


def test_the_order_holds_after_the_store_is_opened_again(tmp_path: Path, fake) -> None:
    store = Store.open(tmp_path / "data")
    fake.set_to(YEAR)
    ahead = play(store, fake)
    fake.set_to(dt.timedelta(0))
    now = store.create_game(Game(PLAYERS))
    store.close()
    again = Store.open(tmp_path / "data")
    try:
        assert again._archive.files_read == 0  # the index kept the order: no game file read
        assert [g.id for g in again.list_games()] == [now, ahead]
    finally:
        again.close()


def test_a_long_pause_ends_the_evening(store, fake) -> None:
    first = play(store, fake)
    fake.passes(LONG_PAUSE - dt.timedelta(minutes=1))  # a long dinner: still the same evening
    second = play(store, fake)
    fake.passes(LONG_PAUSE)  # the next day, whatever the wall clock says
    fake.set_to(-dt.timedelta(hours=20))
    third = play(store, fake)
    fourth = play(store, fake)
    assert tally(store, first) == tally(store, second) == "Wins in 2 games tonight: Anna 2 · Ben 0 · Carl 0"
    # the next evening's games: not the first two
    assert tally(store, third) == tally(store, fourth) == "Wins in 2 games tonight: Anna 2 · Ben 0 · Carl 0"
    assert first in {g.id for g in store.list_games()}


def test_other_players_games_keep_the_evening_going_but_do_not_count(store, fake) -> None:
    play(store, fake)
    play(store, fake, ("Dora", "Emil"))  # not finished: not in any tally
    play(store, fake)
    last = play(store, fake)
    assert tally(store, last) == "Wins in 3 games tonight: Anna 3 · Ben 0 · Carl 0"


def test_after_a_restart_of_another_boot_the_wall_clock_measures_the_pause(store, fake) -> None:
    play(store, fake)
    fake.reboot()  # the steady clock starts again: its readings do not compare
    fake.passes(dt.timedelta(hours=1))
    second = play(store, fake)
    assert tally(store, second) == "Wins in 2 games tonight: Anna 2 · Ben 0 · Carl 0"
    fake.reboot()
    fake.set_to(-YEAR)  # a wall clock that went back: no pause it can tell
    third = play(store, fake)
    assert tally(store, third) == "Wins in 3 games tonight: Anna 3 · Ben 0 · Carl 0"
    fake.set_to(dt.timedelta(0))
    fake.reboot()
    fake.passes(LONG_PAUSE + dt.timedelta(hours=1))
    fourth = play(store, fake)
    assert tally(store, fourth) is None


def test_elapsed_prefers_the_steady_clock() -> None:
    a, b = Tick("x", 100.0), Tick("x", 160.0)
    assert elapsed((REAL, a), (REAL - YEAR, b)) == dt.timedelta(seconds=60)
    assert elapsed((REAL, a), (REAL + dt.timedelta(hours=4), Tick("y", 1.0))) == dt.timedelta(hours=4)
    assert elapsed((REAL, None), (REAL - DAY, b)) == dt.timedelta(0)
    assert Tick.from_json(a.to_json()) == a
    for odd in (None, [], ["x"], ["x", -1], [1, 2], ["x", "1"], ["x" * 65, 1]):
        assert Tick.from_json(odd) is None


def test_a_deleted_game_keeps_its_place_and_no_new_game_takes_it(store, fake) -> None:
    first = play(store, fake)
    second = play(store, fake)
    store.delete_game(second)
    third = store.create_game(Game(PLAYERS))
    store.restore_game(second)
    assert [g.id for g in store.list_games()] == [third, second, first]
    seqs = [store.load_game(g).seq for g in (first, second, third)]
    assert seqs == sorted(set(seqs)) and seqs[0] >= 1


def _as_an_older_block24_wrote(folder: Path) -> None:
    """Strip ``seq`` and ``ticks`` from every file and write the indexes six wide, as Block 24
    wrote them before it kept a sequence."""
    live = json.loads((folder / LIVE_NAME).read_text())
    for doc in live["games"].values():
        doc.pop("seq"), doc.pop("ticks")
    (folder / LIVE_NAME).write_text(json.dumps(live))
    archive = folder / ARCHIVE_DIR
    index = json.loads((archive / ".index").read_text())
    for path in archive.glob("*.json"):
        doc = json.loads(path.read_text())
        doc.pop("seq"), doc.pop("ticks")
        path.write_text(json.dumps(doc))
        st = os.stat(path)
        index["games"][path.stem][4:] = [st.st_size, st.st_mtime_ns]
    (archive / ".index").write_text(json.dumps(index))


def test_a_store_without_a_sequence_opens_and_orders_by_date(tmp_path: Path, fake) -> None:
    folder = tmp_path / "data"
    store = Store.open(folder)
    older = [play(store, fake) for _ in range(3)]
    fake.passes(DAY)
    playing = store.create_game(Game(("Dora", "Emil")))
    store.close()
    _as_an_older_block24_wrote(folder)
    fake.passes(DAY)
    store = Store.open(folder)
    try:
        assert store._archive.files_read == 0  # the old index is read as it is, not rebuilt
        assert store.warnings == []
        assert [g.id for g in store.list_games()] == [playing, *reversed(older)]  # by date
        assert {store.load_game(g).seq for g in [playing, *older]} == {0}
        new = store.create_game(Game(PLAYERS))
        store.save_game(playing, Game(("Dora", "Emil")))  # played on: keeps its place
        assert [g.id for g in store.list_games()] == [new, playing, *reversed(older)]
        assert store.load_game(new).seq == 1
        play(store, fake)
        last = play(store, fake)
        assert tally(store, last) == "Wins in 2 games tonight: Anna 2 · Ben 0 · Carl 0"  # not the old ones
        assert tally(store, older[-1]) == "Wins in 3 games tonight: Anna 3 · Ben 0 · Carl 0"  # by dates
    finally:
        store.close()


def test_an_imported_game_comes_before_the_games_made_here(store, fake) -> None:
    here = play(store, fake)
    record = store.export_records(here)[0]
    imported = {**record, "id": "imported", "created": (REAL + YEAR).isoformat()}
    store.import_records([imported])
    assert [g.id for g in store.list_games()] == [here, "imported"]
    assert store.load_game("imported").seq == 0
    # (dated a year ahead, it counts as no pause: the store's order says it came first) — the
    # same tally on either game's screen
    assert read_evening(store, "imported", store.load_game("imported").game) == \
        read_evening(store, here, store.load_game(here).game)
