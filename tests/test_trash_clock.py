"""Time cannot destroy: the trash counts the days the pad itself counted, and lists by deletion order.

The attack: one start with the wall clock a month ahead emptied the trash for good (games
deleted a minute before were "30 days old"); a deletion made while the clock was a day back
listed as the older one. On a real store, with the store's clocks faked
(:mod:`app.store.clock`, as in ``tests/test_store_clock.py``).
"""

from __future__ import annotations

import datetime as dt
import os
import sys
from pathlib import Path

import pytest

from app.store import TRASH_DAYS, TRASH_DIR, Store, clock
from scoring import Game

sys.path.insert(0, str(Path(__file__).parent))
from test_store_clock import DAY, FakeClock

MONTH = dt.timedelta(days=TRASH_DAYS + 1)


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    faked = FakeClock()
    monkeypatch.setattr(clock, "wall", faked.wall)
    monkeypatch.setattr(clock, "tick", faked.tick)
    return faked


def deleted(folder: Path, count: int = 2) -> list[str]:
    with Store.open(folder) as store:
        ids = [store.create_game(Game((f"Anna{n}", "Ben", "Carl"))) for n in range(count)]
        for game_id in ids:
            store.delete_game(game_id)
    return ids


@pytest.mark.parametrize("reboot", [False, True], ids=["same boot", "after a reboot"])
def test_one_start_with_the_clock_a_month_ahead_empties_nothing(tmp_path, fake, reboot):
    ids = deleted(tmp_path)
    fake.passes(dt.timedelta(minutes=1))
    if reboot:
        fake.reboot()
    fake.set_to(MONTH)  # the phone's date is wrong for one start
    for path in (tmp_path / TRASH_DIR).iterdir():  # (and the files written since look old to it)
        os.utime(path, (0, 0))
    with Store.open(tmp_path) as store:
        assert sorted(g.id for g in store.deleted_games()) == sorted(ids)
    fake.set_to(dt.timedelta(0))  # the date put right: every game can still be restored
    with Store.open(tmp_path) as store:
        for game_id in ids:
            store.restore_game(game_id)
        assert sorted(g.id for g in store.list_games()) == sorted(ids)


def test_the_days_the_pad_counted_do_empty_the_trash(tmp_path, fake):
    ids = deleted(tmp_path)
    fake.passes(dt.timedelta(days=TRASH_DAYS - 1))
    with Store.open(tmp_path) as store:
        assert len(store.deleted_games()) == 2
    fake.passes(2 * DAY)
    with Store.open(tmp_path) as store:
        assert store.deleted_games() == []
        assert store.list_games() == [] and ids


def test_reboots_count_at_most_a_day_each(tmp_path, fake):
    deleted(tmp_path, 1)
    for _ in range(TRASH_DAYS - 2):  # a reboot a day, the clock right
        fake.passes(DAY)
        fake.reboot()
        with Store.open(tmp_path) as store:
            assert len(store.deleted_games()) == 1
    fake.passes(5 * DAY)
    fake.reboot()
    with Store.open(tmp_path):  # the 30th counted day: a day for the last gap, not five
        pass
    with Store.open(tmp_path) as store:
        assert len(store.deleted_games()) == 1


def test_the_trash_lists_by_deletion_order_whatever_the_clock(tmp_path, fake):
    with Store.open(tmp_path) as store:
        first = store.create_game(Game(("Anna", "Ben", "Carl")))
        second = store.create_game(Game(("Dora", "Emil", "Fritz")))
        store.delete_game(first)
        fake.set_to(-DAY)  # the clock a day back for the second deletion
        store.delete_game(second)
    later = (tmp_path / TRASH_DIR / f"{second}.json")
    back = later.stat().st_mtime - DAY.total_seconds()  # as a machine a day back writes the file
    os.utime(later, (back, back))
    with Store.open(tmp_path) as store:
        assert [g.id for g in store.deleted_games()] == [second, first]  # the last deleted first
