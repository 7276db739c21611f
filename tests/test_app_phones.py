"""Two phones on one game (one real store): the round being entered on one phone is its own until
it confirms; a change made on the other phone never wipes it, only its confirm is checked."""

from __future__ import annotations

import pytest
from conftest import TablePlayer, run, said

from app.state import AppState
from app.store import Store
from scoring import Colour


@pytest.fixture
def phones(tmp_path) -> tuple[AppState, AppState]:
    """Phone A and phone B at one table, each told at once of what the other saves (pubsub)."""
    store = Store.open(tmp_path)
    a, b = AppState.open(store), AppState.open(store)
    for state, other in ((a, b), (b, a)):
        state.prefs.language = "en"
        state.table.announce = other.game_changed
    TablePlayer(a).start(("Anna", "Ben", "Carl"))
    run(b.go(f"/game/{a.table.game_id}"))
    TablePlayer(a).play(Colour.RED, {"Anna": 2, "Ben": 2})  # round 1, on both phones
    assert b.table.game == a.table.game
    return a, b


def half_enter(state: AppState, colour: Colour, tricks: dict[str, int]) -> None:
    """Trump and some counts, not confirmed."""
    t = state.table
    run(t.call_trump(colour))
    run(t.count_tricks())
    for name, made in tricks.items():
        run(t.set_tricks(name, made))


def test_an_undo_on_another_phone_keeps_the_round_being_entered(phones):
    a, b = phones
    half_enter(a, Colour.GREEN, {"Anna": 3})
    entered = a.table.draft
    run(b.table.undo_round())
    assert len(a.table.game.rounds) == 0  # the fresh Block is shown …
    assert a.table.draft == entered  # … and the round being entered is still there
    assert said(a.table) == "Changed on another device: the round being entered is now round 1"
    run(a.table.set_tricks("Ben", 1))
    run(a.table.confirm_round())  # checked against the new Block: it is round 1 now
    assert a.table.saved and a.table.game.rounds[0].trump is Colour.GREEN
    assert b.table.game == a.table.game


def test_a_correction_or_a_rename_elsewhere_keeps_the_round_being_entered(phones):
    a, b = phones
    half_enter(a, Colour.BLUE, {"Anna": 1, "Ben": 2})
    entered = a.table.draft
    run(b.go_round(1))
    run(b.table.set_tricks("Anna", 3))
    run(b.table.set_tricks("Ben", 1))
    run(b.save_edit())
    assert a.table.game.rounds[0].tricks["Anna"] == 3  # B's correction shows on A …
    assert a.table.draft == entered and said(a.table) is None  # … and A's round is untouched


def test_the_round_recorded_elsewhere_is_not_kept_twice(phones):
    a, b = phones
    half_enter(a, Colour.GREEN, {"Anna": 3})  # both phones enter round 2, the same call
    half_enter(b, Colour.GREEN, {"Anna": 3, "Ben": 1})
    run(b.table.confirm_round())
    assert len(a.table.game.rounds) == 2
    assert said(a.table) == "Round 2 was recorded on another device"
    assert a.table.draft.trump is None and a.table.next_number == 3  # cleared: it was that round


def test_another_call_for_the_round_recorded_elsewhere_moves_on_when_it_fits(phones):
    a, b = phones
    run(a.table.set_caller("Anna"))  # A enters Anna's call, B records Carl's as round 2
    half_enter(a, Colour.BLUE, {"Anna": 3})
    entered = a.table.draft
    half_enter(b, Colour.GREEN, {"Anna": 3, "Ben": 1})
    run(b.table.confirm_round())
    assert said(a.table) == ("Round 2 was recorded on another device: "
                                   "the round being entered is now round 3")
    assert a.table.draft == entered and a.table.next_number == 3
    run(a.table.set_tricks("Ben", 1))
    run(a.table.confirm_round())
    assert a.table.saved and a.table.game.rounds[2].caller == "Anna"
