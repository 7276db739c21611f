"""A whole Württemberg game in German, in process on the real state and a real store (moved from the
browser, where it took minutes: the rules and words need no browser; the browser tests keep the taps,
the sizes and what is drawn, tests/e2e/test_twenty_ab.py).

Eleven rounds to the end: bids made and missed, hearts blind (×4) called by the player left of the
dealer above 40 (Z6), 100 dropping to 10 (Z18), the winner below 0 (Z16). After every round the
scores the table reads; the words the table sees at each step, as the screens draw them.
"""

from __future__ import annotations

import re

from app.draft import Phase
from app.state import AppState, Screen
from app.views import block, call_panel, game_over, game_screen, table_display, tricks_entry
from scoring import Suit
from tests.helpers import drawn, first_control, said, texts
from tests.test_app_twenty_ab import start

NAMES = ("Anna", "Ben", "Carl", "Dora")
SUITS = {"Herz ×2": Suit.HEARTS, "Karo": Suit.DIAMONDS, "Pik": Suit.SPADES}
WHOLE_GAME = [  # (bid or "blind", suit button, tricks in seat order, scores after) — callers by rotation
    (3, "Herz ×2", (2, 4, 0, 0), (16, 12, 30, 30)),
    (4, "Herz ×2", (1, 3, 1, 1), (14, 6, 42, 28)),
    (1, "Karo", (4, 2, 0, 0), (10, 4, 47, 34)),
    (2, "Herz ×2", (0, 0, 0, 6), (22, 14, 57, 22)),
    (4, "Herz ×2", (0, 3, 0, 3), (32, 26, 67, 16)),
    ("blind", None, (1, 5, 0, 0), (28, 6, 91, 36)),  # Carl, left of the dealer Ben, has 67 > 40
    (4, "Karo", (0, 4, 1, 1), (33, 2, 90, 42)),
    (3, "Karo", (5, 1, 0, 0), (28, 1, 95, 47)),
    (3, "Pik", (0, 1, 0, 5), (33, 7, 10, 42)),  # Carl 95 + 5 = 100 → 10 (Z18)
    (3, "Herz ×2", (1, 3, 1, 1), (31, 1, 22, 40)),
    (3, "Karo", (1, 2, 3, 0), (30, -1, 19, 46)),  # Ben below 0: the game is over (Z16)
]


def labelled(control, identifier: str) -> str:
    """The label of the control wrapped as ``Semantics(identifier=...)`` (what a screen reader reads)."""
    return first_control(control, lambda item: getattr(item, "identifier", None) == identifier,
                         f"nothing is labelled {identifier!r}").label


def test_wuerttemberg_a_whole_game_with_hearts_blind_and_100_to_10(app: AppState, table):
    run = table.run
    app.prefs.language = "de"
    start(app, run, "wuerttemberg", names=NAMES)
    t = app.table
    assert "Runde 1: Ben sagt Trumpf an" in texts(drawn(call_panel.CallPanel, t))
    for number, (bid, suit, tricks, scores) in enumerate(WHOLE_GAME, start=1):
        assert any(line.startswith(f"Runde {number}: ") for line in texts(drawn(call_panel.CallPanel, t)))
        if bid == "blind":
            assert "HERZ BLIND ×4" in texts(drawn(call_panel.CallPanel, t))  # the button the table taps
            run(t.call.call_trump(Suit.HEARTS, blind=True))
        else:
            run(t.deal.set_bid(bid))
            assert suit in texts(drawn(call_panel.CallPanel, t))
            run(t.call.call_trump(SUITS[suit]))
        assert t.draft.phase is Phase.PLAY, said(t)  # who sits out: nobody (no step of its own)
        assert "Runde vorbei: Stiche zählen" in texts(drawn(table_display.TableDisplay, t))
        run(t.play.count_tricks())
        for name, made in zip(NAMES[:3], tricks[:3], strict=True):
            run(t.count.set_tricks(name, made))
        shown = texts(drawn(tricks_entry.TricksEntry, t))
        assert "Alle 6 Stiche vergeben" in shown, shown
        if number == 9:
            assert any(re.search(r"Carl −85 \(100 fällt auf 10\)", line) for line in shown), shown
        run(t.count.confirm_round())
        if number == len(WHOLE_GAME):
            assert t.game.finished and "Spielende" in texts(drawn(game_screen.GameScreen, t, app, app.prefs))
        else:
            assert said(t) == "Gespeichert"
        for name, score in zip(NAMES, scores, strict=True):
            assert t.game.scores[name] == score, (number, name)
    rows = drawn(block.BlockRows, t.game, None, "de", None)
    assert re.search("blind", labelled(rows, "round-6"))
    assert re.search("100 fällt auf 10", labelled(rows, "round-9"))
    assert re.search("Ben", labelled(drawn(game_over.GameOver, t, app), "game-over"))
    # kept: the store has every round, and a new tab reads the same scores
    again = AppState.open(app.store)
    run(again.go(f"/game/{t.game_id}"))
    assert again.screen is Screen.GAME and dict(again.table.game.scores) == dict(t.game.scores)
