"""R1's new names: a name that looks like one at the table is refused, naming it (Unicode TS #39).

The engine decides (:func:`scoring.looks_alike`, :func:`scoring.name_problem`); the new-game
form, the store's new game and rename, and an import ask it. A game stored before keeps its
names and plays on.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from app.state import AppState
from app.store import Store, StoreError
from scoring import Colour, Game, PlayersError, Round, ScoringError, game_from_record, skeleton

sys.path.insert(0, str(Path(__file__).parent))
from store_writer import stored_before_the_limits

LOOK_ALIKES = {
    "Cyrillic А": "\u0410nna",
    "Greek Α": "\u0391nna",
    "fullwidth Ａ": "\uff21nna",
    "a variation selector": "Anna\ufe0f",
    "a grapheme joiner": "Anna\u034f",
    "a Hangul filler": "Anna\u115f",
    "Cyrillic а inside": "Ann\u0430",
}
BLANK = {"a Hangul filler": "\u3164", "a blank braille cell": "\u2800", "a halfwidth filler": "\uffa0"}


@pytest.mark.parametrize("name", LOOK_ALIKES.values(), ids=LOOK_ALIKES.keys())
def test_a_look_alike_is_refused_in_the_form_naming_the_name_it_looks_like(app: AppState, name):
    form = app.form
    form.prefs.language = "en"
    for seat, typed in enumerate(("Anna", name, "Ben")):
        form.set_name(seat, typed)
    assert form.name_error(1) == f"{name} looks like Anna, who is already playing"
    assert not form.can_start() and form.game() is None


@pytest.mark.parametrize("name", LOOK_ALIKES.values(), ids=LOOK_ALIKES.keys())
def test_a_look_alike_is_refused_by_the_store_and_on_import(tmp_path, name):
    with Store.open(tmp_path) as store, pytest.raises(PlayersError) as refused:
        store.create_game(Game(("Anna", "Ben", name)))
    assert refused.value.code == "player_look_alike" and refused.value.values["taken"] == "Anna"
    with pytest.raises(ScoringError) as refused:
        game_from_record({"players": ["Anna", name, "Ben"], "rounds": []})
    assert refused.value.code == "player_look_alike"


@pytest.mark.parametrize("name", BLANK.values(), ids=BLANK.keys())
def test_a_name_must_show_a_letter_or_a_digit(app: AppState, name):
    app.form.prefs.language = "en"
    app.form.set_name(0, name)
    assert app.form.name_error(0) == "A name needs a letter or a digit"
    with pytest.raises(PlayersError) as refused:
        game_from_record({"players": [name, "Anna", "Ben"], "rounds": []})
    assert refused.value.code == "player_name_invisible"


def test_names_that_only_differ_do_not_look_alike():
    for a, b in (("Anna", "Anne"), ("Jörg", "Jorg"), ("Ben", "Bén"), ("Lena", "Lina"), ("Ida", "Eda")):
        assert skeleton(a) != skeleton(b)
    Game(("Anna", "Anne", "Jörg", "Jorg"))  # R1 only: different names
    assert game_from_record({"players": ["Anna", "Anne", "Jörg", "Jorg"], "rounds": []})


def test_a_rename_into_a_look_alike_of_a_player_at_that_table_is_refused(tmp_path):
    with Store.open(tmp_path) as store:
        store.create_game(Game(("Anna", "Ben", "Carl")))
        with pytest.raises(StoreError) as refused:
            store.rename_player("Ben", "\u0410nna")
        assert refused.value.code == "names_look_alike"


def test_an_old_game_with_a_look_alike_pair_still_opens_and_plays(tmp_path):
    players = ("Anna", "\u0410nna", "Ben")
    game_id = stored_before_the_limits(tmp_path, Game(players))
    with Store.open(tmp_path) as store:
        game = store.load_game(game_id).game
        assert game.players == players
        store.save_game(game_id, game.record(Round(game.next_caller, Colour.RED,
                                                   {p: 2 for p in game.players})))
        assert len(store.load_game(game_id).game.rounds) == 1
