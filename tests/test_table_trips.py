"""What a new table tripped over, checked on the real state and store (where a browser adds
nothing): each rule book's words, a misdeal on the Block, sentences with a capital, a tally
that never breaks between a name and its number."""

from __future__ import annotations

import pytest

from app.state import AppState
from app.views import block, stats_screen
from scoring import Colour, game_from_record
from tests.helpers import drawn, said, texts

HEARTS_BLIND_GAME = {"players": ["Anna", "Ben", "Carl"], "rules": {"book": "20ab", "preset": "lehrblatt"},
                     "rounds": [{"caller": "Ben", "trump": "hearts", "blind": True,
                                 "tricks": {"Anna": 5, "Ben": 0, "Carl": 0}}]}
"""Ben calls hearts blind and makes no trick; Anna's 5 tricks take her to 0: a finished 20 ab game."""


def heads_of(table) -> list[str]:
    """The column heads of the statistics table (its two DataTables: names, figures)."""
    row = table.content
    names, scrolling = row.controls
    return [c.label.value for t in (names, scrolling.controls[0]) for c in t.columns]


@pytest.mark.parametrize(("language", "heads", "not_shown"), [
    ("en", ("Called, no trick", "Hearts blind"), ("Own trump, no trick", "Yellow blind")),
    ("de", ("Angesagt, ohne Stich", "Herz blind"), ("Eigentrumpf ohne Stich", "Gelb blind")),
    ("nl", ("Troef gekozen, geen slag", "Harten blind"), ("Gelb blind", "Geel blind")),
])
def test_the_statistics_of_20_ab_are_headed_in_its_own_words(app: AppState, language, heads, not_shown):
    app.store.create_game(game_from_record(HEARTS_BLIND_GAME))
    app.prefs.language = language
    board = app.stats
    board.refresh()
    assert board.book == "20ab"
    shown = heads_of(stats_screen._table(board))
    for head in heads:
        assert head in shown, (head, shown)
    for head in not_shown:
        assert head not in shown
    ben = next(r for r in board.rows if r.name == "Ben")
    assert ben.blind_calls == 1 and ben.calls_no_trick == 1  # counted under its own words


def test_24_keeps_its_words(app: AppState, shared_win_game):
    app.store.create_game(shared_win_game)
    app.stats.refresh()
    shown = heads_of(stats_screen._table(app.stats))
    assert "Own trump, no trick" in shown and "Yellow blind" in shown


def test_a_misdeal_is_marked_on_the_blocks_row_in_the_tables_language():
    game = game_from_record({"players": ["Anna", "Ben", "Carl"],
                             "rules": {"book": "20ab", "preset": "wuerttemberg"}, "rounds": [
        {"caller": "Ben", "dealer": "Anna", "trump": "hearts", "bid": 2, "misdeals": 2,
         "tricks": {"Anna": 2, "Ben": 2, "Carl": 2}},
        {"caller": "Carl", "dealer": "Ben", "trump": "spades", "bid": 2,
         "tricks": {"Anna": 2, "Ben": 2, "Carl": 2}}]})
    for language, words in (("en", "2 misdeals"), ("de", "2 Fehlgaben"), ("nl", "2 misgiften")):
        rows = drawn(block.BlockRows, game, None, language, None)
        first, second = rows.controls[1], rows.controls[2]
        assert words in texts(first) and words in first.label, (language, texts(first))
        assert not any("misdeal" in line.lower() or "fehlgabe" in line.lower() for line in texts(second))


def test_a_refusal_shown_alone_starts_with_a_capital_in_every_language(app: AppState, table):
    table.start()
    t, run = app.table, table.run
    table.play(Colour.RED, {"Anna": 3, "Ben": 1})
    run(app.go_round(1))
    for name, made in (("Anna", 5), ("Ben", 5), ("Carl", 0)):
        run(t.count.set_tricks(name, made))
    for language in ("en", "de", "nl"):
        app.prefs.language = language
        problem = t.count.round_problem()
        assert problem and problem[0].isupper(), (language, problem)
        run(t.correcting.save_edit())  # refused: the correction says why, a sentence too
        assert said(t.correction)[0].isupper(), (language, said(t.correction))


def test_the_evening_tally_never_breaks_between_a_name_and_its_number(app: AppState, table):
    table.start(("Anna", "Ben", "Carl"))
    t, run = app.table, table.run
    while not t.game.finished:
        table.play(Colour.YELLOW, {"Anna": 0, "Ben": 3})
    run(app.rematch())
    while not t.game.finished:
        table.play(Colour.YELLOW, {"Anna": 0, "Ben": 3})
    for language in ("en", "de", "nl"):
        app.prefs.language = language
        line = t.block.evening_line()
        tally = line.split(": ", 1)[1]
        for name, count in t.evening.wins:
            assert f"{name}\u00a0{count}" in tally, (language, tally)
        assert " ·" not in tally  # nor before the dot between two players


# -- the trash: a place for deleted games ---------------------------------------------------------

def test_deleted_games_are_listed_restorable_and_emptied_after_their_days_or_by_hand(app: AppState,
                                                                                   table, folder):
    from app.store import TRASH_DAYS, Store

    run = table.run
    ids = []
    for names in (("Anna", "Ben", "Carl"), ("Dora", "Emil", "Fritz"), ("Gus", "Hans", "Ida")):
        table.start(names)
        ids.append(app.table.game_id)
        run(app.go("/"))
    for game_id in ids:
        run(app.delete_game(game_id))
    assert [g.id for g in app.trash] == ids[::-1]  # the last deleted first
    assert all(g.deleted is not None for g in app.trash)
    app.dismiss()  # the 5 s offer is over: the list still brings a game back
    run(app.restore_deleted(ids[0]))
    assert [g.id for g in app.running] == [ids[0]] and [g.id for g in app.trash] == ids[:0:-1]

    # a game deleted longer ago than the trash keeps them (by the pad's own count) is gone at the
    # next start
    marks = app.store.get_setting("trash_marks")
    marks[ids[1]][1] -= (TRASH_DAYS + 1) * 86_400
    app.store.set_setting("trash_marks", marks)
    app.store.close()
    again = AppState.open(Store.open(folder))
    assert [g.id for g in again.trash] == [ids[2]]
    run(again.empty_trash())  # by hand
    assert again.trash == [] and again.store.deleted_games() == []
    assert [g.id for g in again.running] == [ids[0]]  # what was restored stays


def test_block24_games_lists_deleted_games_marked(app: AppState, table, capfdbinary):
    from app import cli

    table.start(("Anna", "Ben", "Carl"))
    kept = app.table.game_id
    table.run(app.go("/"))
    table.start(("Dora", "Emil", "Fritz"))
    gone = app.table.game_id
    table.run(app.go("/"))
    table.run(app.delete_game(gone))
    folder = str(app.store.folder)
    app.store.close()
    assert cli.main(["--data", folder, "games"]) == 0
    lines = capfdbinary.readouterr().out.decode().splitlines()
    deleted = next(line for line in lines if line.startswith(gone))
    assert "Dora, Emil, Fritz" in deleted and " deleted " in f" {deleted} "
    assert "deleted" not in next(line for line in lines if line.startswith(kept))


@pytest.mark.parametrize(("preset", "badge"), [("lehrblatt", False), ("temmels", True),
                                               ("wuerttemberg", False)])
def test_no_exchange_is_shown_only_as_the_games_rule_book_says(app: AppState, preset, badge):
    """At 6 points: 24's variant C bars the exchange, no 20 ab rule book does (Lehrblatt: 3 or
    fewer, Temmels: fewer than 10, Württemberg: never by score; docs/RULES.md)."""
    extra = {"dealer": "Anna", "bid": 1} if preset == "wuerttemberg" else {}
    game = game_from_record({"players": ["Anna", "Ben", "Carl"], "rules": {"book": "20ab", "preset": preset},
                             "rounds": [{"caller": "Ben", "trump": "hearts", **extra,
                                         "tricks": {"Anna": 5, "Ben": 1 if extra else 0, "Carl": 0}},
                                        {"caller": "Carl", "trump": "spades",
                                         **({"dealer": "Ben", "bid": 1} if extra else {}),
                                         "tricks": {"Anna": 4, "Ben": 1, "Carl": 1 if extra else 0}}]})
    game_id = app.store.create_game(game)
    app.table.open.load(game_id)
    assert app.table.game.scores["Anna"] == 6
    shown = texts(drawn(block.ScoreHeader, app.table))
    assert ("no exchange" in shown) is badge, shown
