"""Player statistics, the chart's score lines, and rename/merge, on a real store.

The figures are checked against games computed by hand (see each comment).
"""

from __future__ import annotations

import json

import pytest

from app.state.stats import player_stats, score_lines, sort_stats
from app.store import Store, StoreError
from scoring import Game


def by_name(rows):
    return {r.name: r for r in rows}


def test_statistics_of_hand_computed_games_with_a_shared_win(sample_games):
    rows = by_name(player_stats(sample_games, known=["Anna", "Ben", "Carl", "Dave"]))
    assert set(rows) == {"Anna", "Ben", "Carl", "Dave"}
    anna = rows["Anna"]
    assert (anna.games, anna.finished, anna.wins, anna.shared_wins) == (3, 2, 2, 1)
    assert anna.win_rate == 1.0 and anna.average == 9 and (anna.best, anna.worst) == (6, 12)
    # the unfinished game's round (anna 2 tricks) counts nowhere: 3 rounds, not 4
    assert (anna.rounds, anna.no_trick, anna.calls, anna.calls_no_trick, anna.sat_out) == (3, 0, 1, 0, 0)
    ben = rows["Ben"]
    assert (ben.games, ben.finished, ben.wins, ben.shared_wins) == (3, 2, 0, 0)
    assert ben.win_rate == 0 and ben.average == 60 and (ben.best, ben.worst) == (48, 72)
    assert (ben.rounds, ben.no_trick, ben.calls, ben.calls_no_trick) == (3, 3, 2, 2)
    # he sat out only in the unfinished game: not counted
    assert (ben.blind_calls, ben.blind_no_trick, ben.blind_points, ben.sat_out) == (1, 1, 48, 0)
    carl = rows["Carl"]
    assert (carl.games, carl.wins, carl.shared_wins, carl.finals) == (1, 1, 1, [12])
    dave = rows["Dave"]
    assert (dave.games, dave.finished, dave.win_rate, dave.average, dave.best) == (1, 0, None, None, None)
    assert (dave.rounds, dave.calls, dave.no_trick) == (0, 0, 0)  # listed (to rename), counted nowhere


def test_names_compare_as_r1_and_the_known_spelling_is_shown(sample_games):
    rows = by_name(player_stats(sample_games))  # no known list: the first spelling seen
    assert "Anna" in rows and "anna" not in rows and rows["Anna"].games == 3


def test_sorting_any_column_both_ways_with_empty_values_last(sample_games):
    rows = player_stats(sample_games)
    assert [r.name for r in rows][:2] == ["Anna", "Carl"]  # most wins first
    assert [r.name for r in sort_stats(rows, "average")] == ["Anna", "Carl", "Ben", "Dave"]
    assert [r.name for r in sort_stats(rows, "average", descending=True)] == ["Ben", "Carl", "Anna", "Dave"]
    assert [r.name for r in sort_stats(rows, "name", descending=True)] == ["Dave", "Carl", "Ben", "Anna"]
    with pytest.raises(ValueError):
        sort_stats(rows, "nonsense")


def test_score_lines_start_at_the_start_score_and_follow_every_round(two_player_game, unfinished_game):
    assert score_lines(two_player_game) == {"Anna": [24, 18, 6], "Ben": [24, 36, 48]}
    assert score_lines(unfinished_game) == {"anna": [24, 22], "Dave": [24, 20], "Ben": [24, 24]}


# -- on a real store ---------------------------------------------------------------


def stored_stats(store: Store):
    return by_name(player_stats([store.load_game(g.id).game for g in store.list_games()],
                                store.known_players()))


def test_statistics_from_stored_games(store, sample_games):
    for game in sample_games:
        store.create_game(game)
    rows = stored_stats(store)
    # the known players keep the latest spelling ("anna", from the last game created)
    assert rows["anna"].wins == 2 and rows["anna"].games == 3 and "Anna" not in rows


def test_rename_rewrites_every_game_live_and_archived_and_the_known_players(store, tmp_path, sample_games):
    ids = [store.create_game(g) for g in sample_games]
    archived = {p.stem for p in (store.folder / "archive").glob("*.json")}
    assert archived == set(ids[:2])  # the finished ones
    versions = {i: store.load_game(i).version for i in ids}
    renamed = store.rename_player("ANNA", "Anne")
    assert set(renamed) == set(ids)
    for game_id in ids:
        stored = store.load_game(game_id)
        assert "Anne" in stored.game.players and stored.version == versions[game_id] + 1
        text = json.dumps(store.export_records(game_id))
        assert "Anna" not in text and '"anna"' not in text
    # the archive files themselves carry the new name (the live file keeps only open games)
    for game_id in ids[:2]:
        assert "Anne" in (store.folder / "archive" / f"{game_id}.json").read_text()
    live = json.loads((store.folder / "block24.json").read_text())
    assert set(live["games"]) == {ids[2]}
    assert "Anne" in store.known_players() and "Anna" not in store.known_players()
    # rounds went with the name: the scores are the same
    assert store.load_game(ids[1]).game.scores == {"Anne": 6, "Ben": 48}
    rows = stored_stats(store)
    assert rows["Anne"].wins == 2 and "Anna" not in rows
    # a fresh open reads the same
    folder = store.folder
    store.close()
    again = Store.open(folder)
    assert again.load_game(ids[0]).game.players == ("Anne", "Ben", "Carl")
    again.close()


def test_merge_two_names_of_one_person(store, shared_win_game):
    a = store.create_game(shared_win_game)
    b = store.create_game(Game(("Annie", "Dave")))
    store.merge_players("Annie", "Anna")
    assert store.load_game(b).game.players == ("Anna", "Dave")
    assert store.load_game(a).game.players == ("Anna", "Ben", "Carl")
    assert [n for n in store.known_players() if n.startswith("Ann")] == ["Anna"]
    assert stored_stats(store)["Anna"].games == 2


def test_rename_refused_when_the_new_name_sits_at_the_same_table(store, shared_win_game):
    a = store.create_game(shared_win_game)
    b = store.create_game(Game(("Anna", "Dave")))
    before = store.export_records()
    with pytest.raises(StoreError, match=f"game {a}: ben already plays"):
        store.rename_player("Anna", "ben")
    with pytest.raises(StoreError, match="empty"):
        store.rename_player("Anna", "  ")
    with pytest.raises(StoreError, match="control character") as refused:  # a terminal would run it
        store.rename_player("Anna", "Ann\x1b[2J")
    assert refused.value.code == "name_control"
    assert store.export_records() == before  # nothing changed, not even game b
    assert store.load_game(b).game.players == ("Anna", "Dave")


def test_rename_changing_only_the_case(store, two_player_game):
    a = store.create_game(two_player_game)
    store.rename_player("anna", "ANNA")
    assert store.load_game(a).game.players == ("ANNA", "Ben")
    assert "ANNA" in store.known_players()


def twenty_ab_game() -> Game:
    # Lehrblatt from 20 with an upper limit of 22 (Z19): Ben calls spades and makes no trick
    # (+10 → 30, over the limit); Anna 3 tricks → 17 wins, Carl 2 → 18.
    from scoring import game_from_record

    return game_from_record({"players": ["Anna", "Ben", "Carl"],
                             "rules": {"book": "20ab", "preset": "lehrblatt", "upper_limit": 22},
                             "rounds": [{"caller": "Ben", "trump": "spades",
                                         "tricks": {"Anna": 3, "Ben": 0, "Carl": 2}}]})


def test_statistics_are_kept_per_rule_book_never_mixed(store, sample_games, two_player_game):
    from app.books import book_of
    from app.state import Prefs, StatsBoard

    assert [book_of(g).key for g in (two_player_game, twenty_ab_game())] == ["24", "20ab"]
    board = StatsBoard(store, Prefs())
    board.refresh()
    assert (board.books, board.rows) == ((), [])
    store.create_game(twenty_ab_game())
    board.refresh()  # only 20 ab stored: it is the one shown, no choice
    assert board.books == ("20ab",) and board.book == "20ab"
    assert by_name(board.rows)["Anna"].finals == [17]
    for game in sample_games:
        store.create_game(game)
    board.refresh()
    assert board.books == ("24", "20ab") and board.book == "20ab"  # the choice stays
    anna = by_name(board.rows)["anna"]  # the known spelling is now the latest game's
    assert (anna.finished, anna.wins, anna.average) == (1, 1, 17)
    board.choose_book("24")
    anna = by_name(board.rows)["anna"]
    assert (anna.finished, anna.wins, anna.average) == (2, 2, 9)  # 12 and 6, not 17
    assert sorted(by_name(board.rows)["Ben"].finals) == [48, 72]
    board.choose_book("skat")  # not stored: nothing changes
    assert board.book == "24"


def test_the_wins_chart_says_when_no_game_of_the_rule_book_is_finished(app, unfinished_game,
                                                                        two_player_game):
    from app.views import stats_screen
    from tests.helpers import drawn, texts

    app.prefs.language = "de"
    board = app.stats
    app.store.create_game(unfinished_game)
    board.refresh()
    assert "Noch kein Spiel beendet: das Diagramm zeigt die Siege, sobald eines endet." in texts(
        stats_screen._wins_chart(board))
    app.store.create_game(two_player_game)
    board.refresh()
    shown = texts(stats_screen._wins_chart(board))
    assert "Siege (kräftiger Balken) von beendeten Spielen (blasser Balken dahinter)" in shown
    # a narrow phone is told the figures go on sideways, and so is a desktop window (1280 px: German
    # heads take 1500); a window wide enough shows them all
    for width, told in ((390, True), (1280, True), (4000, False)):
        app.prefs.resize(width, 844)
        lines = texts(drawn(stats_screen.StatsScreen, board, app))
        assert any("seitlich wischen für mehr Spalten" in line for line in lines) is told, width
