"""Backup in the app (export all, a Block as CSV, import all-or-nothing) and the statistics commands."""

from __future__ import annotations

import json

import pytest

from app.store import Store
from app.store.transfer import BackupRefused, export_json, import_bytes


@pytest.fixture
def other(tmp_path):
    s = Store.open(tmp_path / "two")
    yield s
    s.close()


def test_export_then_import_gives_the_same_games(store, other, sample_games):
    ids = [store.create_game(g) for g in sample_games]
    data = export_json(store)
    assert json.loads(data) == store.export_records()  # what `block24 export` writes
    report = import_bytes(other, data)
    assert set(report.added) == set(ids)
    assert other.export_records() == store.export_records()
    again = import_bytes(other, data)  # importing twice changes nothing
    assert set(again.unchanged) == set(ids) and not again.added


@pytest.mark.parametrize(("raw", "reason"), [
    (b"not json", "not JSON"),
    (b"42", "expected a game record"),
    (json.dumps([{"players": ["A", "B"], "rounds": []},
                 {"players": ["A", "B"], "rounds": [
                     {"caller": "A", "trump": "red", "tricks": {"A": 2, "B": 3}}]}]).encode(),
     "game 2: round 1: tricks add up to 5, not 6"),
])
def test_import_refuses_with_the_reason_and_imports_nothing(store, raw, reason):
    with pytest.raises(BackupRefused, match=reason):
        import_bytes(store, raw)
    assert store.list_games() == []


def test_the_csv_block_has_a_start_row_then_each_round_told_stable_for_the_command_line(two_player_game):
    from app.block_csv import block_csv as told

    assert told(two_player_game) == (
        '"round","caller","trump","final_trump","blind","sat_out","Anna tricks","Ben tricks",'
        '"Anna change","Ben change","Anna","Ben"\n'
        '"start","","","","","","","","","",24,24\n'
        '1,"Ben","red","","","",6,0,-6,12,18,36\n'
        '2,"Anna","yellow","","","",6,0,-12,12,6,48\n')


def test_the_csv_block_of_variants_a_and_b_in_the_tables_language_names_as_typed():
    from app.block_csv import block_rows
    from scoring import Colour, Game, Round, Settings

    players = ("de Vries", "Anna, B.", 'Ben "B"')
    game = Game(players, Settings(trump_chaos=True, sit_out=True, caller_penalty=False), rounds=(
        Round("Anna, B.", Colour.YELLOW, {"de Vries": 2, "Anna, B.": 4}, final_trump=Colour.GREEN,
              sat_out={'Ben "B"'}),
        Round('Ben "B"', Colour.YELLOW, {"de Vries": 3, "Anna, B.": 1, 'Ben "B"': 2}, blind=True),
    ))
    rows = block_rows(game, "de")
    # every head a title, "Blind" too; the tricks of each player give back the whole round
    assert rows[0] == ["Runde", "Ansager", "Trumpf", "Letzter Trumpf", "Blind", "Ausgesetzt",
                       "de Vries Stiche", "Anna, B. Stiche", 'Ben "B" Stiche',
                       "de Vries Änderung", "Anna, B. Änderung", 'Ben "B" Änderung', *players]
    assert rows[1] == ["Start", "", "", "", "", "", "", "", "", "", "", "", 24, 24, 24]
    (first, second) = game.results
    assert rows[2] == [1, "Anna, B.", "Gelb", "Grün", "", 'Ben "B"', 2, 4, "", *first.deltas,
                       *first.scores]
    assert rows[3] == [2, 'Ben "B"', "Gelb", "", "blind", "", 3, 1, 2, *second.deltas, *second.scores]
    assert len(rows) == 2 + len(game.rounds)
    from app.block_csv import block_csv as told

    text = told(game, "nl")
    assert text.splitlines()[0].startswith('"Ronde","Troefkiezer","Troef","Laatste troef","Blind",'
                                           '"Uitgestapt","de Vries slagen",')
    assert '"Anna, B."' in text and '"Ben ""B"""' in text  # quoted by the csv module, as typed


def test_the_csv_block_of_20_ab_tells_dealer_suit_bid_knock_and_misdeals():
    from app.block_csv import block_rows
    from scoring import game_from_record

    players = ["Anna", "Ben", "Carl"]
    game = game_from_record({"players": players, "rules": {"book": "20ab", "preset": "wuerttemberg"},
                             "rounds": [
        {"caller": "Ben", "dealer": "Anna", "trump": "hearts", "bid": 3,
         "tricks": {"Anna": 1, "Ben": 3, "Carl": 2}, "misdeals": 1},
        {"caller": "Carl", "dealer": "Ben", "trump": "clubs", "knock": True,
         "tricks": {"Anna": 2, "Ben": 0, "Carl": 4}},
    ]})
    rows = block_rows(game)
    assert rows[0] == ["round", "caller", "dealer", "trump", "blind", "bid", "knock", "misdeals",
                       "sat_out", "Anna tricks", "Ben tricks", "Carl tricks",
                       "Anna change", "Ben change", "Carl change", *players]
    assert rows[1][-3:] == [game.settings.start_score] * 3
    first, second = game.results
    assert rows[2] == [1, "Ben", "Anna", "hearts", "", 3, "", 1, "", 1, 3, 2, *first.deltas,
                       *first.scores]
    assert rows[3] == [2, "Carl", "Ben", "clubs", "", "", "knock", 0, "", 2, 0, 4, *second.deltas,
                       *second.scores]
    assert block_rows(game, "de")[3][3:7] == ["Kreuz", "", "", "Klopfen"]
    assert block_rows(game, "de")[0][4:7] == ["Blind", "Gebot", "Klopfen"]
