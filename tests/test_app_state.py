"""The app state's commands, in process, on a real store in a temporary folder."""

from __future__ import annotations

import pytest

from app.draft import Phase
from app.state import AppState, Screen, format_score
from app.store import Store
from scoring import Colour


@pytest.fixture
def app(tmp_path) -> AppState:
    state = AppState.open(Store.open(tmp_path))
    state.language = "en"
    return state


def new_game(app: AppState, names=("Anna", "Ben", "Carl"), **variants) -> AppState:
    if app.screen is not Screen.NEW_GAME:
        app.new_game_form()
    for seat, name in enumerate(names):
        if seat >= len(app.setup_names):
            app.add_player()
        app.set_player_name(seat, name)
    for variant, on in variants.items():
        app.set_variant(variant, on)
    app.start_game()
    assert app.screen is Screen.GAME
    return app


def play(app: AppState, trump: Colour, tricks: dict[str, int], *, blind=False, sit_out=()) -> None:
    for name in sit_out:
        app.toggle_sit_out(name)
    app.call_trump(trump, blind)
    app.count_tricks()
    for name, made in tricks.items():
        app.set_tricks(name, made)
    assert app.round_problem() is None, app.round_problem()
    app.confirm_round()
    assert app.saved


def test_a_round_from_the_block_back_to_the_block(app):
    new_game(app)
    assert app.draft.caller == "Ben" and app.draft.phase is Phase.CALL  # R4
    app.call_trump(Colour.RED)
    assert app.draft.phase is Phase.PLAY
    app.flip_order()
    assert app.draft.one_high
    app.count_tricks()
    app.set_tricks("Anna", 3)
    app.set_tricks("Ben", 1)
    assert app.draft.tricks["Carl"] == 2  # filled in
    assert app.tricks_status() == "All 6 tricks given"
    app.confirm_round()
    assert app.saved and app.game.scores == {"Anna": 21, "Ben": 23, "Carl": 22}
    assert app.draft.caller == "Carl" and app.draft.phase is Phase.CALL
    assert app.store.load_game(app.game_id).game == app.game


def test_confirm_waits_for_a_valid_round_and_says_why(app):
    new_game(app)
    app.call_trump(Colour.BLUE)
    app.count_tricks()
    app.set_tricks("Anna", 5)
    assert app.round_problem() == "Tricks missing for Ben and Carl"
    app.set_tricks("Ben", 5)
    assert app.tricks_status() == "4 tricks too many"
    app.set_tricks("Carl", 0)
    assert "tricks add up to 10, not 6" in app.round_problem()
    app.confirm_round()
    assert not app.game.rounds and "round 1: tricks add up to 10" in app.message


def test_correct_a_past_round_and_a_refused_correction(app):
    new_game(app, sit_out=True, restrictions=True)
    play(app, Colour.RED, {"Anna": 3, "Ben": 1})
    play(app, Colour.BLUE, {"Ben": 3, "Carl": 3}, sit_out=["Anna"])
    app.edit_round(1)
    assert app.screen is Screen.EDIT
    for name in ("Anna", "Ben", "Carl"):
        app.set_tricks(name, 2)
    assert app.round_problem() is None
    app.save_edit()
    assert app.screen is Screen.GAME and app.message == "Round 1 corrected"
    assert app.game.scores == {"Anna": 22, "Ben": 19, "Carl": 19}
    app.edit_round(1)
    app.call_trump(Colour.YELLOW)
    app.set_tricks("Anna", 6)
    app.set_tricks("Ben", 0)
    app.set_tricks("Carl", 0)
    assert app.round_problem() == (
        "round 2: after changing round 1, the game ended after round 1; no round can follow")
    app.save_edit()
    assert app.screen is Screen.EDIT and app.edit_error
    app.cancel_edit()
    assert app.game.scores == {"Anna": 22, "Ben": 19, "Carl": 19}
    assert app.store.load_game(app.game_id).game == app.game


def test_variant_c_disables_blind_and_sitting_out_with_reasons(app):
    new_game(app, sit_out=True, restrictions=True)
    assert not app.can_call_blind()
    assert app.blind_reason() == "Blind needs 25 points (Ben has 24)"
    app.call_trump(Colour.YELLOW, blind=True)  # refused: nothing happens
    assert app.draft.trump is None
    assert app.sit_out_reason("Ben") == "The caller always plays"

def test_variant_c_no_sitting_out_at_12_and_no_exchange_at_6(app):
    app.new_game_form()
    app.set_start_text("14")
    new_game(app, sit_out=True, restrictions=True)
    play(app, Colour.RED, {"Anna": 2, "Ben": 2})
    assert app.game.scores == {"Anna": 12, "Ben": 12, "Carl": 12}
    assert app.sit_out_reason("Anna") == "Anna has 12: may not sit out"
    app.toggle_sit_out("Anna")
    assert not app.draft.sat_out
    play(app, Colour.YELLOW, {"Anna": 3, "Ben": 3})  # Anna and Ben → 6: no exchange
    assert app.game.no_exchange == ("Anna", "Ben")


def test_shared_win_in_words_and_rematch(app):
    new_game(app, sit_out=True, restrictions=True)
    play(app, Colour.RED, {"Anna": 2, "Ben": 2})
    play(app, Colour.BLUE, {"Ben": 3, "Carl": 3}, sit_out=["Anna"])
    play(app, Colour.YELLOW, {"Anna": 0, "Ben": 3})
    play(app, Colour.YELLOW, {"Anna": 0, "Ben": 3})
    assert app.game.finished and app.draft is None
    assert app.outcome_lines() == ["Anna reached 58", "Ben and Carl share the win at 7, the lowest score"]
    old = app.game_id
    app.rematch()
    assert app.game_id != old and app.game.players == ("Anna", "Ben", "Carl")
    assert app.game.dealer_of(1) == "Ben"  # the next dealer deals first


def test_undo_and_resume_mid_round_after_the_tab_closed(app, tmp_path):
    new_game(app)
    play(app, Colour.GREEN, {"Anna": 1, "Ben": 2})
    app.undo_round()
    assert not app.game.rounds and app.message == "Round 1 removed"
    app.call_trump(Colour.GREEN)
    app.count_tricks()
    app.set_tricks("Anna", 4)
    again = AppState.open(Store.open(tmp_path))  # a new tab, same data
    assert again.screen is Screen.GAME and again.game_id == app.game_id
    assert again.draft.phase is Phase.TRICKS and again.draft.tricks == {"Anna": 4}


def test_new_game_form_refuses_bad_names_inline(app):
    app.new_game_form()
    app.set_player_name(0, "Anna")
    app.set_player_name(1, " anna ")
    app.set_player_name(2, "x" * 17)
    assert app.name_error(1) == "anna is already playing"
    assert app.name_error(2) == "At most 16 characters"
    assert not app.can_start_game()
    app.set_start_text("abc")
    assert app.start_score() is None
    app.start_game()
    assert app.screen is Screen.NEW_GAME and app.setup_error


def test_variant_a_proposes_dropping_r10_and_trump_can_change(app):
    app.new_game_form()
    app.set_variant("trump_chaos", True)
    assert not app.setup_settings.caller_penalty
    for seat, name in enumerate(("Anna", "Ben")):
        app.set_player_name(seat, name)
    app.remove_player(2)
    app.start_game()
    app.call_trump(Colour.RED)
    app.change_trump(Colour.YELLOW)
    app.count_tricks()
    app.set_tricks("Anna", 6)
    app.confirm_round()
    assert app.game.scores == {"Anna": 12, "Ben": 36}  # yellow counts: 6×2 lost, 6×2 gained


def test_format_score_uses_a_real_minus():
    assert format_score(-3) == "−3" and format_score(4, signed=True) == "+4"
