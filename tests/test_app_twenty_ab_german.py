"""The two German 20 ab games of the browser tests, their rules and words in process on the real state
and a real store (moved from the browser, where each round took seconds: scores, previews, refusals,
the game's end and the Block's rows need no browser; tests/e2e/test_twenty_ab.py keeps the form, the
first round's taps and what is drawn).

A Lehrblatt game of five to exactly 0 (Z16) with the doubled German deck, sitting out at +2 (Z15),
Anna staying at 12, a count of too many tricks refused; a Württemberg game of six with a missed bid
(Z14), a knock (Z8), a third misdeal (+12, Z17) and sitting out for free (Z9, Z15).
"""

from __future__ import annotations

import re

from app.draft import Phase
from app.state import AppState
from app.views import block, call_panel, game_over, game_screen, score_chart, table_display, tricks_entry
from scoring import Suit
from tests.helpers import button, drawn, first_control, said, texts
from tests.test_app_twenty_ab import start
from tests.test_app_twenty_ab_game import labelled

FIVE = ("Anna", "Ben", "Carl", "Dora", "Emil")
SIX = (*FIVE, "Fritz")


def counted(app: AppState, run, tricks: dict[str, int]) -> list[str]:
    """Tricks step: the counts tapped; what the step draws."""
    t = app.table
    run(t.play.count_tricks())
    assert t.draft.phase is Phase.TRICKS, said(t)
    for name, made in tricks.items():
        run(t.count.set_tricks(name, made))
    return texts(drawn(tricks_entry.TricksEntry, t))


def confirmed(app: AppState, run) -> None:
    """Round confirmed and saved (``Gespeichert``), or the game's end."""
    t = app.table
    before = len(t.game.rounds)
    run(t.count.confirm_round())
    assert len(t.game.rounds) == before + 1, said(t)


def suit_button(control, words: str):
    """The trump button in a control tree with ``words`` written beside its sign."""
    return first_control(control, lambda item: hasattr(item, "on_click")
                         and words in texts(getattr(item, "content", None)), f"no button says {words!r}")


def stored_scores(app: AppState) -> dict[str, int]:
    """The scores as a fresh read of the store gives them."""
    return dict(app.store.load_game(app.table.game_id).game.scores)


def test_lehrblatt_five_players_german_deck_to_exactly_zero(app: AppState, table):
    run = table.run
    app.prefs.language = "de"
    start(app, run, "lehrblatt", names=FIVE, deck="german_double", end="exact_zero")
    t = app.table
    assert "Runde 1: Ben sagt Trumpf an" in texts(drawn(call_panel.CallPanel, t))
    assert t.game.scores["Emil"] == 20
    assert "HERZ BLIND ×4" in texts(drawn(call_panel.CallPanel, t))

    # Round 1: hearts ×2, Emil sits out (+2); Anna 4, Ben 2 → Anna 12, Ben 16, Carl/Dora 30
    assert "Herz ×2" in texts(drawn(call_panel.CallPanel, t))
    run(t.call.call_trump(Suit.HEARTS))
    assert "Aussteigen kostet +2" in texts(drawn(table_display.TableDisplay, t))
    run(t.play.toggle_sit_out("Emil"))
    shown = counted(app, run, {"Anna": 4, "Ben": 2, "Carl": 0})
    assert "Alle 6 Stiche vergeben" in shown, shown
    assert " · ".join(t.count.change_words()) == "Anna −8 · Ben −4 · Carl +10 · Dora +10 · Emil +2"
    confirmed(app, run)
    assert said(t) == "Gespeichert"
    assert t.game.scores["Anna"] == 12 and t.game.scores["Emil"] == 22

    # Round 2: Carl calls hearts blind ×4; Anna's 4 tricks would take her below 0: she stays
    run(t.call.call_trump(Suit.HEARTS, blind=True))
    assert t.draft.blind and not t.draft.sat_out  # nobody sits out blind
    shown = counted(app, run, {"Anna": 4, "Ben": 0, "Carl": 2, "Dora": 0})
    assert "Alle 6 Stiche vergeben" in shown, shown
    assert any(re.search(r"Anna 0 \(bleibt bei 12\)", line) for line in shown), shown
    confirmed(app, run)
    assert said(t) == "Gespeichert"
    assert t.game.scores["Anna"] == 12 and t.game.scores["Dora"] == 50

    # A bad tap: more tricks than the deck holds — refused with the reason, nothing saved
    run(t.call.call_trump(Suit.DIAMONDS))
    counted(app, run, {"Anna": 6, "Ben": 6, "Carl": 0, "Dora": 0, "Emil": 0})
    step = drawn(tricks_entry.TricksEntry, t)
    shown = texts(step)
    assert "6 Stiche zu viel" in shown, shown
    assert not [line for line in shown if re.search("ergeben 12", line)]  # said once
    assert button(step, "Runde eintragen").disabled
    run(t.count.confirm_round())  # refused: nothing saved
    assert len(t.game.rounds) == 2 and len(app.store.load_game(t.game_id).game.rounds) == 2
    run(t.count.set_tricks("Ben", 0))

    # Round 3: Anna makes all 6 diamonds: 12 − 6 = 6; round 4, all 6 spades: exactly 0
    assert "Alle 6 Stiche vergeben" in texts(drawn(tricks_entry.TricksEntry, t))
    confirmed(app, run)
    assert said(t) == "Gespeichert"
    assert t.game.scores["Anna"] == 6
    run(t.call.call_trump(Suit.SPADES))
    shown = counted(app, run, {"Anna": 6, "Ben": 0, "Carl": 0, "Dora": 0})
    assert "Alle 6 Stiche vergeben" in shown, shown
    confirmed(app, run)
    assert t.game.finished and "Spielende" in texts(drawn(game_screen.GameScreen, t, app, app.prefs))
    assert re.match("^Anna gewinnt mit genau 0", labelled(drawn(game_over.GameOver, t, app), "game-over"))
    assert stored_scores(app)["Anna"] == 0
    chart = texts(drawn(score_chart.ChartScreen, t, app, app.prefs))
    assert "Kurve" in chart, chart
    assert not [line for line in chart if line.startswith("Grenze")]  # no upper limit
    assert "Revanche" in texts(drawn(game_over.GameOver, t, app))


def test_wuerttemberg_six_players_misdeals_bid_knock_and_sitting_out(app: AppState, table):
    run = table.run
    app.prefs.language = "de"
    run(app.go("/new"))
    app.form.set_game("20ab", "wuerttemberg")
    while len(app.form.names) < len(SIX):
        app.form.add_player()
    assert not app.form.can_add_player()  # Z1: 3–6
    start(app, run, "wuerttemberg", names=SIX)
    t = app.table
    call = texts(drawn(call_panel.CallPanel, t))
    assert "Runde 1: Ben sagt Trumpf an" in call
    assert all(t.game.scores[name] == 20 for name in SIX)
    assert "Ben darf mit 20 Punkten nicht Herz blind ansagen (mehr als 40)" in call, call

    # A bad tap: a suit before the bid — refused with the reason, nothing called
    assert "Erst das Gebot (1–6), dann die Farbe" in call, call
    assert suit_button(drawn(call_panel.CallPanel, t), "Kreuz").disabled
    run(t.call.call_trump(Suit.CLUBS))
    assert not t.draft.called

    # Round 1: Anna misdeals once, Ben bids 3 in hearts and makes 2 (+12, Z14)
    run(t.deal.set_misdeals(1))
    assert t.deal.misdeal_note().startswith("Anna: 1 Fehlgabe")
    run(t.deal.set_bid(3))
    run(t.call.call_trump(Suit.HEARTS))
    display = texts(drawn(table_display.TableDisplay, t))
    assert "Aussteigen ist frei (nie 3 Runden hintereinander)" in display, display
    assert any(re.search("Ben muss 3 machen", line) for line in display), display
    shown = counted(app, run, {"Anna": 1, "Ben": 2, "Carl": 1, "Dora": 1, "Emil": 1})
    assert "Alle 6 Stiche vergeben" in shown, shown
    assert any(re.search(r"Ben \+12 \(2 von 3 gemacht\)", line) for line in shown), shown
    confirmed(app, run)
    assert said(t) == "Gespeichert"
    assert t.game.scores["Ben"] == 32 and t.game.scores["Fritz"] == 30

    # Round 2: Carl knocks, the bottom card is spades: he must make 4 and makes them
    assert "Runde 2: Carl sagt Trumpf an" in texts(drawn(call_panel.CallPanel, t))
    run(t.deal.call_knock(Suit.SPADES))
    assert t.draft.phase is Phase.PLAY, said(t)
    assert any(re.search("Carl muss 4 machen", line) for line in texts(drawn(table_display.TableDisplay, t)))
    shown = counted(app, run, {"Anna": 1, "Ben": 1, "Carl": 4, "Dora": 0, "Emil": 0})
    assert "Alle 6 Stiche vergeben" in shown, shown
    confirmed(app, run)
    assert said(t) == "Gespeichert"
    assert t.game.scores["Carl"] == 14 and t.game.scores["Dora"] == 23
    assert re.search("Klopfen", labelled(drawn(block.BlockRows, t.game, None, "de", None), "round-2"))

    # Round 3: Carl deals wrongly three times (his third strike: +12, Z17); Dora bids 2 in
    # spades; Emil and Fritz sit out for free (Z9, Z15)
    assert "Runde 3: Dora sagt Trumpf an" in texts(drawn(call_panel.CallPanel, t))
    for strikes, words in enumerate(("1 Fehlgabe bei diesem Geben", "2 Fehlgaben bei diesem Geben",
                                     "3 Fehlgaben bei diesem Geben · jetzt +12"), start=1):
        run(t.deal.set_misdeals(strikes))
        assert t.deal.misdeal_note() == f"Carl: {words}"
    run(t.deal.set_bid(2))
    run(t.call.call_trump(Suit.SPADES))
    for name in ("Emil", "Fritz"):
        assert t.play.sit_out_reason(name) is None, t.play.sit_out_reason(name)
        run(t.play.toggle_sit_out(name))
    shown = counted(app, run, {"Anna": 1, "Ben": 1, "Carl": 1})
    assert "Alle 6 Stiche vergeben" in shown, shown
    assert " · ".join(t.count.change_words()) == "Anna −1 · Ben −1 · Carl +11 (3. Strich +12) · Dora −3"
    confirmed(app, run)
    assert said(t) == "Gespeichert"
    assert stored_scores(app)["Carl"] == 25 and stored_scores(app)["Emil"] == 23
    assert re.search(r"Carl 25 \(\+11\) \(3 Fehlgaben\) \(3\. Strich \+12\).*Emil 23 setzt aus",
                     labelled(drawn(block.BlockRows, t.game, None, "de", None), "round-3"))
