"""The figures and words of the browser's chart, statistics and backup test (tests/e2e/test_stats_chart.py),
in process on the real state and a real store holding the same four games (moved from the browser:
the chart's sentence, the Block's CSV, the game's end, the statistics' figures and order, what an
import says need no browser; the browser keeps the download, the file chooser and what is drawn).
"""

from __future__ import annotations

import csv
import io
import json
import re

import pytest

from app.state import AppState, Screen
from app.views import call_panel, game_over, score_chart, stats_screen
from tests.helpers import drawn, first_control, long_game, refused, said, texts, twenty_ab_game
from tests.test_app_twenty_ab_game import labelled


@pytest.fixture
def stored(app: AppState, shared_win_game, two_player_game) -> dict[str, str]:
    """The four games of the browser test, in this test's store: their ids."""
    ids = {"shared": app.store.create_game(shared_win_game),
           "two": app.store.create_game(two_player_game),
           "long": app.store.create_game(long_game()),
           "20ab": app.store.create_game(twenty_ab_game())}
    app.refresh_games()
    return ids


def chart_of(control):
    """The line chart in a drawn chart screen."""
    return first_control(control, lambda item: hasattr(item, "bottom_axis") and hasattr(item, "data_series"),
                         "no line chart drawn")


def test_chart_on_the_game_screen_and_at_game_over(app: AppState, table, stored):
    run = table.run
    long = long_game()
    assert not long.finished
    run(app.go(f"/game/{stored['long']}"))
    t = app.table
    assert any(line.startswith("Round 8: ") for line in texts(drawn(call_panel.CallPanel, t)))
    run(app.go(f"/game/{stored['long']}/chart"))  # the chart is its own screen
    assert app.screen is Screen.CHART and app.route.endswith("/chart")
    screen = drawn(score_chart.ScoreChart, t, app.prefs)
    around = texts(drawn(score_chart.ChartScreen, t, app, app.prefs))
    assert "Chart" in around and not [line for line in around if re.search("yellow blind", line, re.I)]
    scores = ", ".join(f"{p} {s}".replace("-", "−") for p, s in long.scores.items())
    assert labelled(screen, "score-chart") == f"Score chart after 7 rounds: {scores}. Limit 48."
    rounds = chart_of(screen).bottom_axis.labels
    assert len(rounds) == 7 and texts(rounds[-1].label)[::-1] == ["7", "G"]  # the last one too
    assert not [line for line in texts(screen) if re.search("yellow blind", line, re.I)]  # nothing under it
    run(app.back())  # one screen back, to the Block
    assert app.screen is Screen.GAME and app.route == f"/game/{stored['long']}"
    name, data = t.block.export_block()  # the Block as CSV
    rows = list(csv.DictReader(io.StringIO(data.decode("utf-8-sig"))))
    first = next(r for r in rows if next(iter(r.values())) == "1")  # the row of round 1
    assert [first[p] for p in ("Anna", "Ben", "Carl", "Dora")] == ["22", "23", "21", "30"]
    t.block.exported(name)
    assert re.fullmatch(r"block24-Anna-Ben-Carl-Dora-[0-9-]+\.csv saved", said(t) or ""), said(t)  # no id

    run(app.go(f"/game/{stored['shared']}"))  # a finished game: its end
    over = drawn(game_over.GameOver, app.table, app)
    assert re.search("Anna and Carl share the win at 12", labelled(over, "game-over"))
    assert app.table.block.ranking()[0] == (1, "Anna", 12)
    assert "Rematch" in texts(over)


def test_statistics_show_the_hand_computed_figures(app: AppState, table, stored):
    run = table.run
    run(app.go("/stats"))
    board = app.stats
    shown = texts(drawn(stats_screen.StatsScreen, board, app))
    assert "Tap a column to sort" in " ".join(shown) and "Counted over finished games only." in shown, shown
    # Anna: 2 finished games, 2 wins of which 1 shared, 100%, average final 9.0 (12 and 6), best 6,
    # worst 12 (her unfinished game is not counted); her name first
    cells = [stats_screen._cells(board, row) for row in board.rows]
    assert cells[0][0] == "Anna"
    assert " ".join(cells[0][1:7]) == "2 2 (1 shared) 100% 9.0 6 12"
    # sort by average final: the largest first (Ben 51.0)
    board.sort_by("average")
    assert board.rows[0].name == "Ben"

    # 20 ab is kept apart: its players and its 17, never averaged with 24's
    assert "Gina" not in [row.name for row in board.rows]
    board.choose_book("20ab")
    cells = [stats_screen._cells(board, row) for row in board.rows]
    gina = next(c for c in cells if c[0] == "Gina")
    assert " ".join(gina[1:7]) == "1 1 100% 17.0 17 17"
    assert "Anna" not in [row.name for row in board.rows]
    board.choose_book("24")
    assert "Anna" in [row.name for row in board.rows]


def test_backup_export_and_import(app: AppState, table, stored):
    run = table.run
    name, data = app.backup.export_all()
    exported = json.loads(data.decode("utf-8"))
    assert {r["id"] for r in exported} == set(stored.values())
    app.backup.exported(name)
    assert re.fullmatch(r"block24-backup-.*\.json saved", said(app.backup) or ""), said(app.backup)

    bad = json.dumps([{"players": ["X", "Y"], "rounds": [
        {"caller": "X", "trump": "red", "tricks": {"X": 2, "Y": 3}}]}]).encode()
    assert not run(app.backup.import_file("bad.json", bad))
    assert refused(app.backup)
    assert re.search(r"bad\.json was not imported: game 1 of the file: round 1: tricks add up to 5, not 6",
                     said(app.backup) or ""), said(app.backup)

    good = json.dumps([{"players": ["Eve", "Finn"], "rounds": []}, *exported]).encode()
    assert run(app.backup.import_file("more.json", good))
    assert re.search(r"more\.json: 1 new game, 0 updated, 4 already there", said(app.backup) or ""), \
        said(app.backup)
    app.refresh_games()
    assert any(g.players == ("Eve", "Finn") for g in app.running)
