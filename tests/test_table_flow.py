"""The browser's whole evening (tests/e2e/test_table_flow.py), its rules and words in process on the
real state and a real store (moved from the browser: scores, the correction and its refusal, the
game kept for a new tab, the game's end and home's line need no browser; the browser keeps the taps,
the reload and what is drawn).

Three players with variants B and C play to a shared win; a past round is corrected; a refused
correction says why; a new tab finds the game intact.
"""

from __future__ import annotations

import re

from app.draft import Phase
from app.state import AppState, Screen
from app.views import call_panel, game_over, game_screen, home, round_editor, table_display, tricks_entry
from scoring import Colour
from tests.helpers import button, drawn, said, texts
from tests.test_app_twenty_ab_game import labelled

THREE = ("Anna", "Ben", "Carl")


def test_three_players_b_and_c_to_a_shared_win(app: AppState, table):
    run = table.run
    table.start(THREE, sit_out=True, restrictions=True)
    t = app.table
    assert "Round 1: Ben calls trump" in texts(drawn(call_panel.CallPanel, t))

    # Round 1 (entered wrong, corrected below): Anna 3, Ben 1, Carl 2 → 21 23 22
    run(t.call.call_trump(Colour.RED))  # B: who sits out is said on the play screen
    assert t.draft.phase is Phase.PLAY and "Anna: plays" in texts(drawn(table_display.TableDisplay, t))
    run(t.play.flip_order())  # a tap anywhere on the colour flips the order
    assert re.search("1 high", labelled(drawn(table_display.TableDisplay, t), "table-display"))
    run(t.play.count_tricks())
    for name, made in (("Anna", 3), ("Ben", 1)):
        run(t.count.set_tricks(name, made))
    assert t.draft.tricks["Carl"] == 2  # Carl's 2 filled in by itself
    run(t.count.confirm_round())
    assert said(t) == "Saved"
    assert t.game.scores["Anna"] == 21 and t.game.scores["Carl"] == 22

    # Round 2: Carl calls, Anna sits out (B; she has 21 > 12, so C allows it)
    table.play(Colour.BLUE, {"Ben": 3, "Carl": 3}, sit_out=["Anna"])
    assert t.game.scores["Anna"] == 21 and t.game.scores["Ben"] == 20

    # Correct round 1 to 2-2-2
    run(app.go_round(1))
    assert app.screen is Screen.EDIT and "Correct round 1" in texts(drawn(round_editor.RoundEditor, t, app))
    for name in THREE:
        run(t.count.set_tricks(name, 2))
    assert "All 6 tricks given" in texts(drawn(round_editor.RoundEditor, t, app))
    run(app.save_edit())
    assert said(t) == "Round 1 corrected"
    assert t.game.scores == {"Anna": 22, "Ben": 19, "Carl": 19}

    # A refused correction: round 1 as yellow with Anna 6 would end the game at once (Ben +24 → 48)
    run(app.go_round(1))
    run(t.call.call_trump(Colour.YELLOW))
    for name, made in (("Anna", 6), ("Ben", 0), ("Carl", 0)):
        run(t.count.set_tricks(name, made))
    editor = drawn(round_editor.RoundEditor, t, app)
    shown = texts(editor)
    assert any(re.search("Round 2: after changing round 1, the game ended after round 1", line)
               for line in shown), shown  # a sentence
    assert button(editor, "Save change").disabled
    run(app.back())  # Cancel: one screen back
    assert app.screen is Screen.GAME and "Round 3: Anna calls trump" in texts(drawn(call_panel.CallPanel, t))
    assert t.game.scores["Ben"] == 19

    # A new tab (the page closed and opened again): the game is still there, at round 3
    again = AppState.open(app.store)
    assert again.route == f"/game/{t.game_id}"
    assert "Round 3: Anna calls trump" in texts(drawn(call_panel.CallPanel, again.table))
    assert again.table.game.scores["Anna"] == 22 and again.table.game.scores["Ben"] == 19

    # Round 3: Anna calls yellow and makes no trick: +24 (R10 doubled) → 46
    table.play(Colour.YELLOW, {"Anna": 0, "Ben": 3})
    assert t.game.scores["Anna"] == 46 and t.game.scores["Carl"] == 13

    # Round 4: Ben (13) may not call blind under C … he calls yellow
    call = drawn(call_panel.CallPanel, t)
    assert any(re.search(r"Blind needs 25 points \(Ben has 13\)", line) for line in texts(call)), texts(call)
    assert button(call, "YELLOW BLIND").disabled and not t.call.can_call_blind()
    run(t.call.call_trump(Colour.YELLOW))  # the last round: game over
    run(t.play.count_tricks())
    for name, made in (("Anna", 0), ("Ben", 3)):
        run(t.count.set_tricks(name, made))
    assert "Confirm round" in texts(drawn(tricks_entry.TricksEntry, t))
    run(t.count.confirm_round())
    assert t.game.finished and "Game over" in texts(drawn(game_screen.GameScreen, t, app, app.prefs))
    assert re.search("Anna reached 58 Ben and Carl share the win at 7, the lowest score",
                     labelled(drawn(game_over.GameOver, t, app), "game-over"))

    # Home lists the finished game with its winners
    run(app.go("/"))
    shown = texts(drawn(home.Home, app, app.prefs))
    assert any(re.search("Ben and Carl won", line) for line in shown), shown
