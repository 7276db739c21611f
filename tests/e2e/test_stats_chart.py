"""In a real browser: the score chart, the statistics screen, backup export and import.

Each test's data folder is filled before the app serves it, with games whose figures
were computed by hand (tests/test_stats.py); screenshots at 390×844 go to
screenshots/.
"""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from app.store import Store
from tests.helpers import long_game, twenty_ab_game

from .pad import Pad


@pytest.fixture
def stored(tmp_path, shared_win_game, two_player_game) -> dict[str, str]:
    """The four games, stored before the app serves the folder: their ids."""
    store = Store.open(tmp_path / "data")
    ids = {"shared": store.create_game(shared_win_game),
           "two": store.create_game(two_player_game),
           "long": store.create_game(long_game()),
           "20ab": store.create_game(twenty_ab_game())}
    store.close()
    return ids


@pytest.fixture
def folder(tmp_path, stored):
    """This test's data folder, filled (the worker's server serves it)."""
    return tmp_path / "data"


def no_unknown_control(pad: Pad) -> None:
    """No control the client lacks, and no control drawn with an error."""
    snapshot = pad.page.locator("body").aria_snapshot()
    assert "Unknown control" not in snapshot and "must be" not in snapshot, snapshot


def test_chart_on_the_game_screen_and_at_game_over(pad: Pad, server):
    long = long_game()
    assert not long.finished
    pad.see("Games in progress")
    pad.page.get_by_text(re.compile("Anna · Ben · Carl · Dora")).first.click()
    pad.see(re.compile("Round 8: "))
    pad.tap("Chart")  # the chart is its own screen
    expect(pad.by_id("score-chart")).to_be_visible(timeout=20_000)
    pad.page.wait_for_url(re.compile(r"/chart$"), timeout=20_000)
    chart = pad.by_id("score-chart")
    scores = ", ".join(f"{p} {s}".replace("-", "−") for p, s in long.scores.items())
    pad.reads(chart, f"Score chart after 7 rounds: {scores}. Limit 48.")
    pad.reads(chart, "7 G")  # trump per round on the round axis, the last one too
    expect(pad.button(re.compile("yellow blind", re.I))).to_have_count(0)  # nothing under the chart
    no_unknown_control(pad)
    pad.shot("20-chart-game")
    pad.page.go_back()  # the browser's Back: one screen back, to the Block
    pad.see("Tap a round to correct it")
    expect(pad.by_id("score-chart")).to_have_count(0)
    with pad.page.expect_download(timeout=30_000) as info:  # the Block as CSV, as a download
        pad.tap("Export Block (CSV)")
    rows = list(csv.DictReader(io.StringIO(Path(info.value.path()).read_text())))
    first = next(r for r in rows if next(iter(r.values())) == "1")  # the row of round 1
    assert [first[p] for p in ("Anna", "Ben", "Carl", "Dora")] == ["22", "23", "21", "30"]
    pad.see(re.compile(r"block24-Anna-Ben-Carl-Dora-[0-9-]+\.csv saved"))  # names, no internal id

    pad.tap("Games", then="Finished games")
    pad._tap(pad.page.get_by_role("button", name=re.compile(r"^Anna · Ben · Carl(?! ·)")).first,
             then="Rematch")
    expect(pad.by_id("game-over")).to_have_attribute(
        "aria-label", re.compile("Anna and Carl share the win at 12"), timeout=20_000)
    expect(pad.by_id("ranking")).to_contain_text("1. Anna 12")
    pad.shot("21-game-over")
    pad.tap("Chart")
    expect(pad.by_id("score-chart")).to_be_visible(timeout=20_000)
    no_unknown_control(pad)
    pad.shot("21-chart-game-over")


def test_statistics_show_the_hand_computed_figures(pad: Pad, server):
    pad.tap("Statistics", then="Tap a column to sort")
    pad.see("Counted over finished games only.")
    table = pad.by_id("stats-table")
    expect(table).to_be_visible(timeout=20_000)
    assert pad.in_view(pad.page.get_by_role("columnheader", name="Player"))
    # Anna: 2 finished games, 2 wins of which 1 shared, 100%, average final 9.0 (12 and 6), best 6,
    # worst 12 (her unfinished game is not counted); the names stay put beside the figures.
    expect(pad.page.get_by_role("row", name=re.compile(r"^2 2 \(1 shared\) 100% 9\.0 6 12"))).to_be_visible(
        timeout=20_000)
    expect(pad.page.get_by_role("row").nth(1)).to_have_accessible_name("Anna")
    expect(pad.by_id("wins-chart")).to_be_visible()
    no_unknown_control(pad)
    pad.shot("22-statistics")
    # sort by average final: a tap on the header puts the largest first (Ben 51.0)
    pad.page.get_by_role("columnheader", name=re.compile("Avg. final")).click()
    first = pad.page.get_by_role("row").nth(1)
    expect(first).to_have_accessible_name(re.compile(r"^Ben\b"), timeout=20_000)

    # 20 ab is kept apart: its players and its 17, never averaged with 24's
    assert "Gina" not in table.inner_text()
    pad.tap("20 ab", then="Gina")
    expect(pad.page.get_by_role("row", name=re.compile(r"^1 1 100% 17\.0 17 17"))).to_be_visible(
        timeout=20_000)
    assert "Anna" not in pad.by_id("stats-table").inner_text()
    for name in ("24", "20 ab"):
        box = pad.button(name).bounding_box()
        assert box is not None and box["height"] >= 48 and box["x"] + box["width"] <= 390
    pad.shot("22-statistics-20ab")
    pad.tap("24", then="Anna")

    # a phone is told the figures go on sideways; a desktop window is told so only when the last
    # column lies past its edge, and a wide one shows every column at once with no such word
    pad.see(re.compile("swipe sideways for more columns"))
    header = pad.page.get_by_role("columnheader", name="Sat out")
    swipe = pad.page.get_by_text(re.compile("swipe sideways"))
    pad.resize({"width": 1280, "height": 800})  # the app's layout for the new width sent
    expect(header).to_be_visible(timeout=20_000)
    pad.settled(header)  # and drawn
    assert pad.in_view(header) or swipe.count() == 1, "the last column is cut and nothing says so"
    pad.shot("22-statistics-desktop")
    pad.resize({"width": 1920, "height": 1080})
    expect(swipe).to_have_count(0, timeout=20_000)
    expect(header).to_be_visible(timeout=20_000)
    assert pad.in_view(header)


def test_backup_export_and_import_in_the_browser(pad: Pad, stored, tmp_path):
    pad.tap_id("settings", then="Export all games")
    with pad.page.expect_download(timeout=30_000) as info:
        pad.tap("Export all games")
    path = info.value.path()
    exported = json.loads(Path(path).read_text(encoding="utf-8"))
    assert {r["id"] for r in exported} == set(stored.values())
    pad.see(re.compile(r"block24-backup-.*\.json saved"))

    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps([{"players": ["X", "Y"], "rounds": [
        {"caller": "X", "trump": "red", "tricks": {"X": 2, "Y": 3}}]}]))
    with pad.page.expect_file_chooser(timeout=30_000) as chooser:
        pad.tap("Import a backup")
    chooser.value.set_files(str(bad))
    pad.see(re.compile(r"bad\.json was not imported: game 1 of the file: round 1: tricks add up to 5, not 6"))

    good = tmp_path / "more.json"
    good.write_text(json.dumps([{"players": ["Eve", "Finn"], "rounds": []}, *exported]))
    with pad.page.expect_file_chooser(timeout=30_000) as chooser:
        pad.tap("Import a backup")
    chooser.value.set_files(str(good))
    pad.see(re.compile(r"more\.json: 1 new game, 0 updated, 4 already there"))
    no_unknown_control(pad)
    pad.shot("23-settings-backup")
    pad.tap_id("back", then="Eve · Finn")
