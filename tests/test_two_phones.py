"""The state transitions of the browser's phones at one table (tests/e2e/test_two_phones.py,
test_several_phones.py), in process: two states on one real store behind a join gate, each told at
once of what the other saves, as the server tells its sessions (the scores, the stale change refused,
the round being entered kept; the browsers keep the join screen, the live redraw and two real tabs).
"""

from __future__ import annotations

import re

import pytest

from app.lan import JoinGate
from app.state import AppState, Screen
from app.store import Store
from app.views import call_panel, round_editor, tricks_entry
from scoring import Colour
from tests.helpers import TablePlayer, drawn, run, said, texts


@pytest.fixture
def two_phones(tmp_path) -> tuple[AppState, AppState]:
    """The serving phone and another at its table (the code still to type), on one real store."""
    store = Store.open(tmp_path)
    gate = JoinGate("127.0.0.1", code="424242")
    one = AppState.open(store, gate=gate, client="127.0.0.1", join_url="http://127.0.0.1:8550/")
    two = AppState.open(store, gate=gate, client="127.0.0.3", join_url="http://127.0.0.1:8550/")
    for state, other in ((one, two), (two, one)):
        state.prefs.language = "en"
        state.table.announce = other.game_changed
    yield one, two
    store.close()


def calls(state: AppState) -> list[str]:
    return texts(drawn(call_panel.CallPanel, state.table))


def test_two_phones_keep_one_game_in_step(two_phones):
    one, two = two_phones
    two.enter_code("000000")  # a wrong code: nothing but the join screen
    assert two.join.locked and said(two.join) == "Wrong code" and two.table.game is None
    TablePlayer(one).start(("Anna", "Ben", "Carl"))
    assert "Round 1: Ben calls trump" in calls(one)
    two.enter_code("424242")  # resumes the table's game
    assert not two.join.locked and two.table.game_id == one.table.game_id
    assert "Round 1: Ben calls trump" in calls(two)

    # a round recorded on one phone appears on the other
    TablePlayer(one).play(Colour.GREEN, {"Anna": 1, "Ben": 2})
    assert said(one.table) == "Saved"
    assert two.table.game.scores["Anna"] == 23 and two.table.game.scores["Carl"] == 21
    assert "Round 2: Carl calls trump" in calls(two)

    # both correct round 1 at once: the second save is refused on the stale phone
    for state in (one, two):
        run(state.go_round(1))
        assert "Correct round 1" in texts(drawn(round_editor.RoundEditor, state.table, state))
    for state, counts in ((one, {"Anna": 3, "Ben": 2, "Carl": 1}), (two, {"Anna": 0, "Ben": 3, "Carl": 3})):
        for name, made in counts.items():
            run(state.table.count.set_tricks(name, made))
        assert "All 6 tricks given" in texts(drawn(round_editor.RoundEditor, state.table, state))
    run(one.save_edit())
    assert said(one.table) == "Round 1 corrected"
    run(two.save_edit())
    assert re.match("Changed on another device", said(two.table) or "")
    assert two.screen is Screen.GAME and "Round 2: Carl calls trump" in calls(two)
    # the fresh Block: round 1 as the first phone corrected it
    assert two.table.game.scores["Anna"] == 21 and two.table.game.scores["Carl"] == 23


def test_a_round_half_entered_survives_an_undo_on_another_phone(two_phones):
    """The round being entered is this phone's until it confirms: the other phone's undo shows
    the fresh Block and keeps the trump and the counts; the confirm is checked against it."""
    host, guest = two_phones
    guest.enter_code("424242")
    TablePlayer(guest).start(("Xena", "Yuri", "Zoe"))
    TablePlayer(guest).play(Colour.RED, {"Xena": 2, "Yuri": 2})
    assert [g.players for g in host.running] == [("Xena", "Yuri", "Zoe")]  # listed on home at once
    run(host.go(f"/game/{guest.table.game_id}"))
    assert "Round 2: Zoe calls trump" in calls(host)
    h = host.table
    run(h.call.call_trump(Colour.GREEN))  # the host enters round 2 …
    run(h.play.count_tricks())
    run(h.count.set_tricks("Xena", 3))
    assert "3 tricks left to give" in texts(drawn(tricks_entry.TricksEntry, h))
    run(guest.table.undo.undo_round())  # … while the other phone takes round 1 back
    assert said(h) == "Changed on another device: the round being entered is now round 1"
    assert "3 tricks left to give" in texts(drawn(tricks_entry.TricksEntry, h))  # trump, count kept
    assert h.game.scores["Xena"] == 24  # on the fresh Block
    run(h.count.set_tricks("Yuri", 1))
    assert "All 6 tricks given" in texts(drawn(tricks_entry.TricksEntry, h))
    run(h.count.confirm_round())
    assert said(h) == "Saved"
    assert guest.table.game.scores["Xena"] == 21  # round 1 is the host's green round now
