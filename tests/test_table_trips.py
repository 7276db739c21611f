"""What a new table tripped over, checked on the real state and store (where a browser adds
nothing): each rule book's words, a misdeal on the Block, sentences with a capital, a tally
that never breaks between a name and its number."""

from __future__ import annotations

import re

import pytest

from app.state import AppState, Screen
from app.views import block, call_panel, home, stats_screen, table_display, tricks_entry
from scoring import Colour, Suit, game_from_record
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


# -- moved from the browser (tests/e2e/test_table_trips.py, test_new_table_trips.py): the words and
# the state after each tap; the browser keeps where the offer and the chips are drawn ---------------

def test_the_offer_to_undo_names_the_round_and_a_deleted_games_offer_ends_with_its_screen(app: AppState,
                                                                                          table):
    run = table.run
    table.start(("Anna", "Ben", "Carl", "Dora"))
    anna = app.table.game_id
    for _ in (1, 2):
        table.play(Colour.RED, {"Anna": 2, "Ben": 2, "Carl": 1})
    run(app.table.undo.undo_round())
    assert said(app.table) == "Round 2 removed" and len(app.table.game.rounds) == 1
    assert app.table.undo.can_redo()  # the offer's Undo puts it back

    # a deleted game's offer ends when its screen is left: no Undo on another game
    table.start(("Eva", "Fred", "Gus"))
    assert "Round 1: Fred calls trump" in texts(drawn(call_panel.CallPanel, app.table))
    eva = app.table.game_id
    run(app.go("/"))
    run(app.delete_game(eva))
    assert said(app) == "Game deleted" and app.deleted is not None  # with its Undo
    run(app.go(f"/game/{anna}"))
    assert app.screen is Screen.GAME and app.table.game_id == anna
    rows = drawn(block.BlockRows, app.table.game, None, "en", app.go_round)
    assert "Tap a round to correct it" in texts(rows)
    assert app.deleted is None and said(app) is None
    assert "Game deleted" not in app.notice_words()
    run(app.restore_game())  # a stale Undo: nothing comes back
    assert eva not in [g.id for g in app.running]


def test_a_phone_on_its_side_counts_the_sitters_right_and_says_when_nobody_sits_out(app: AppState, table):
    from tests.test_app_twenty_ab import start

    run = table.run
    start(app, run, "lehrblatt", names=("Anna", "Ben", "Carl", "Dora", "Emil"))
    t = app.table
    run(t.call.call_trump(Suit.DIAMONDS))
    for name in ("Carl", "Dora"):
        run(t.play.toggle_sit_out(name))
    assert t.draft.sat_out == {"Carl", "Dora"}
    # two sat out: Emil's chip is greyed, and its reason does not count him in
    shown = texts(drawn(table_display.TableDisplay, t))
    assert t.play.sit_out_reason("Emil") == "At most 2 players may sit out"
    assert "At most 2 players may sit out" in shown, shown
    assert not [line for line in shown if "3 players sat out" in line], shown

    # clubs: nobody may sit out, and a line says so where the chips were
    run(t.round.cancel_round())
    assert "Round 1: Ben calls trump" in texts(drawn(call_panel.CallPanel, t))
    run(t.call.call_trump(Suit.CLUBS))
    shown = texts(drawn(table_display.TableDisplay, t))
    assert "Nobody sits out with clubs as trump" in shown, shown
    assert not [line for line in shown if line.endswith((": plays", ": sits out"))], shown  # no chips


def test_a_deleted_game_comes_back_from_the_list_of_deleted_games_after_its_offer(app: AppState, table):
    run = table.run
    table.start(("Olga", "Paul", "Quinn"))
    assert "Round 1: Paul calls trump" in texts(drawn(call_panel.CallPanel, app.table))
    game = app.table.game_id
    run(app.go("/"))
    assert [g.id for g in app.running] == [game]
    run(app.delete_game(game))
    assert said(app) == "Game deleted"
    app.dismiss()  # the offer's few seconds are over
    assert game not in [g.id for g in app.running]
    app.toggle_trash()
    shown = texts(drawn(home.Home, app, app.prefs))
    assert "Restore" in shown and any("kept 30 days" in line for line in shown), shown
    run(app.restore_deleted(game))
    assert [g.id for g in app.running] == [game]
    assert not app.trash  # the deleted games' entry is gone with the last of them

    # deleted again, then the trash emptied by hand: gone for good
    run(app.delete_game(game))
    app.toggle_trash()
    assert app.show_trash and app.can_empty_trash()  # this device may empty it
    run(app.empty_trash())
    assert not app.trash and game not in [g.id for g in app.running]
    assert app.store.deleted_games() == []


def test_any_player_can_be_the_knocker_and_the_block_says_who_knocked(app: AppState, table):
    """Württemberg (Z8), in German: Dora knocked, not Ben (the proposed caller); the bottom card is
    spades: she must make 4, makes them, and round 1's row says she knocked."""
    from tests.test_app_twenty_ab import start
    from tests.test_app_twenty_ab_game import labelled

    run = table.run
    app.prefs.language = "de"
    start(app, run, "wuerttemberg", names=("Anna", "Ben", "Carl", "Dora", "Emil", "Fritz"))
    t = app.table
    call = texts(drawn(call_panel.CallPanel, t))
    assert "Runde 1: Ben sagt Trumpf an" in call
    assert "Oder geklopft: wer, dann die Farbe der untersten Karte" in call, call
    run(t.call.set_caller("Dora"))
    assert "Runde 1: Dora sagt Trumpf an" in texts(drawn(call_panel.CallPanel, t))
    run(t.deal.call_knock(Suit.SPADES))
    shown = texts(drawn(table_display.TableDisplay, t))
    assert any("Dora muss 4 machen" in line for line in shown), shown
    run(t.play.count_tricks())
    for name, made in {"Anna": 1, "Ben": 1, "Carl": 0, "Dora": 4, "Emil": 0}.items():
        run(t.count.set_tricks(name, made))
    assert "Alle 6 Stiche vergeben" in texts(drawn(tricks_entry.TricksEntry, t))
    run(t.count.confirm_round())
    assert said(t) == "Gespeichert"
    assert t.game.rounds[0].knock and t.game.rounds[0].caller == "Dora"
    assert re.search("Dora.*Klopfen|Klopfen.*Dora",
                     labelled(drawn(block.BlockRows, t.game, None, "de", None), "round-1"))


def test_the_variants_a_b_and_c_are_switched_on_as_tapped(app: AppState, table):
    """The form's switches show what was tapped (tests/e2e/test_new_table_trips.py starts its
    correction on a stored game of A+B+C; the switches' state is the form's)."""
    from app.views import new_game

    def switches() -> dict[str, bool]:
        found, stack = {}, [drawn(new_game.NewGame, app.form, app)]
        while stack:
            item = stack.pop()
            if isinstance(item, list | tuple):
                stack.extend(item)
            elif hasattr(item, "__dict__"):
                if type(item).__name__ == "Switch":
                    found[item.label] = item.value
                for key in ("content", "controls"):
                    stack.append(getattr(item, key, None))
        return found

    table.run(app.go("/new"))
    for variant, label in (("trump_chaos", "A · Trump chaos"), ("sit_out", "B · Sitting out"),
                           ("restrictions", "C · Restrictions")):
        app.form.set_variant(variant, True)
        assert [on for shown, on in switches().items() if shown.startswith(label)] == [True], switches()
