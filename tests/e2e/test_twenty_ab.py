"""20 ab in a real browser at 390×844, in German: a Lehrblatt game to exactly 0
and a Württemberg game with six players, misdeals to a third strike, a missed bid, a knock
and sitting out.

Every screen is saved under screenshots/ (looked at: six columns at 390 px, the suits,
the previews' notes). A bad tap is refused with its reason and nothing is saved half.
(A whole Württemberg game of eleven rounds, rule by rule: tests/test_app_twenty_ab_game.py, in
process: its scores and words need no browser.)
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .conftest import PHONE, SIZES
from .pad import Pad

LEFT = "Stiche? zu vergeben"


def new_german_game(pad: Pad, game: str, names: tuple[str, ...], shown: str) -> None:
    """Settings → Deutsch, then the new-game form with the game chosen (``shown``: its help
    line) and the seats filled."""
    pad.set_language("Deutsch", then="Sprache")
    pad.tap("Neues Spiel", then="Spiel starten")
    pad.tap_id(f"game-{game}", then=shown)
    pad.seat(names, label="Spieler", add="Spieler hinzufügen")


def test_lehrblatt_five_players_german_deck_to_exactly_zero(browser, server):
    context = browser.new_context(viewport=PHONE, device_scale_factor=1)
    pad = Pad(context.new_page(), server.url)
    try:
        pad.open()
        new_german_game(pad, "lehrblatt", ("Anna", "Ben", "Carl", "Dora", "Emil"),
                        shown=re.compile("^3–5 Spieler, Ansager links vom Geber"))
        expect(pad.button("Spieler hinzufügen")).to_be_disabled()  # Z1: Lehrblatt 3–5
        pad.page.get_by_role("checkbox", name="Deutsch doppelt (6)").click()
        pad.page.get_by_role("checkbox", name="Genau 0").click()
        pad.see("Aus bei 0 oder darunter, oder (klassisch) nur genau bei 0: Stiche unter 0 zählen nicht.")
        pad.shot("20ab-01-new-lehrblatt")
        pad.tap("Spiel starten", then=re.compile("Runde 1: Ben sagt Trumpf an"))
        pad.score_is("Emil", "20")
        pad.see("HERZ BLIND ×4")
        pad.shot("20ab-02-call")

        # Round 1: hearts ×2, Emil sits out (+2); Anna 4, Ben 2 → Anna 12, Ben 16, Carl/Dora 30
        pad.tap("Herz ×2", then=re.compile("Stiche zählen"))
        pad.see("Aussteigen kostet +2")
        pad.sit_out("Emil", plays="spielt", sits_out="setzt aus")
        pad.shot("20ab-03-sit-out")
        pad.shot("20ab-04-table-display")
        pad.tap(re.compile("Stiche zählen"), then="Runde eintragen")
        pad.give_tricks({"Anna": 4, "Ben": 2, "Carl": 0}, left_text=LEFT,
                        done="Alle 6 Stiche vergeben")
        pad.see("Anna −8 · Ben −4 · Carl +10 · Dora +10 · Emil +2")
        pad.tap("Runde eintragen", then="Gespeichert")
        pad.score_is("Anna", "12")
        pad.score_is("Emil", "22")

        # Round 2: Carl calls hearts blind ×4; Anna's 4 tricks would take her below 0: she stays
        pad.tap("HERZ BLIND ×4", then=re.compile("Stiche zählen"))  # nobody sits out blind
        pad.tap(re.compile("Stiche zählen"), then="Runde eintragen")
        pad.give_tricks({"Anna": 4, "Ben": 0, "Carl": 2, "Dora": 0}, left_text=LEFT,
                        done="Alle 6 Stiche vergeben")
        pad.see(re.compile(r"Anna 0 \(bleibt bei 12\)"))
        pad.shot("20ab-05-stays-at-12")
        pad.tap("Runde eintragen", then="Gespeichert")
        pad.score_is("Anna", "12")
        pad.score_is("Dora", "50")

        # A bad tap: more tricks than the deck holds — refused with the reason, nothing saved
        pad.tap("Karo", then=re.compile("Stiche zählen"))
        pad.tap(re.compile("Stiche zählen"), then="Runde eintragen")
        for name, made in (("Anna", 6), ("Ben", 6), ("Carl", 0), ("Dora", 0), ("Emil", 0)):
            pad.tap_id(f"tricks-{name}-{made}")
        pad.see("6 Stiche zu viel")  # said once, not again as "die Stiche ergeben 12"
        expect(pad.button("Runde eintragen")).to_be_disabled()
        pad.shot("20ab-06-refused")
        pad.tap_id("tricks-Ben-0")

        # Round 3: Anna makes all 6 diamonds: 12 − 6 = 6; round 4, all 6 spades: exactly 0
        pad.see("Alle 6 Stiche vergeben")
        pad.tap("Runde eintragen", then="Gespeichert")
        pad.score_is("Anna", "6")
        pad.tap("Pik", then=re.compile("Stiche zählen"))
        pad.tap(re.compile("Stiche zählen"), then="Runde eintragen")
        pad.give_tricks({"Anna": 6, "Ben": 0, "Carl": 0, "Dora": 0}, left_text=LEFT,
                        done="Alle 6 Stiche vergeben")
        pad.tap("Runde eintragen", then="Spielende")
        expect(pad.by_id("game-over")).to_have_accessible_name(re.compile("^Anna gewinnt mit genau 0"))
        pad.score_is("Anna", "0")
        pad.shot("20ab-07-game-over")
        pad.tap_id("chart", then="Kurve")
        pad.shot("20ab-08-chart")
        expect(pad.page.get_by_text(re.compile("^Grenze"))).to_have_count(0)  # no upper limit
        pad.tap_id("back", then="Revanche")
    finally:
        context.close()


def test_wuerttemberg_six_players_misdeals_bid_knock_and_sitting_out(browser, server):
    context = browser.new_context(viewport=PHONE, device_scale_factor=1)
    pad = Pad(context.new_page(), server.url)
    names = ("Anna", "Ben", "Carl", "Dora", "Emil", "Fritz")
    try:
        pad.open()
        new_german_game(pad, "wuerttemberg", names, shown=re.compile("^3–6 Spieler, 6 Stiche, Reizen"))
        expect(pad.button("Spieler hinzufügen")).to_be_disabled()  # Z1: 3–6
        pad.shot("20ab-11-new-wuerttemberg")
        pad.tap("Spiel starten", then=re.compile("Runde 1: Ben sagt Trumpf an"))
        for name in names:
            pad.score_is(name, "20")
        pad.see("Ben darf mit 20 Punkten nicht Herz blind ansagen (mehr als 40)")
        pad.shot("20ab-12-call-six")

        # A bad tap: a suit before the bid — refused with the reason, nothing called
        pad.see("Erst das Gebot (1–6), dann die Farbe")
        expect(pad.button("Kreuz")).to_be_disabled()

        # Round 1: Anna misdeals once, Ben bids 3 in hearts and makes 2 (+12, Z14)
        pad.tap_id("misdeal-add", then="Anna: 1 Fehlgabe")
        pad.tap_id("bid-3")
        pad.tap("Herz ×2", then=re.compile("Stiche zählen"))
        pad.see("Aussteigen ist frei (nie 3 Runden hintereinander)")
        pad.see(re.compile("Ben muss 3 machen"))
        pad.shot("20ab-13-table-display")
        pad.tap(re.compile("Stiche zählen"), then="Runde eintragen")
        pad.give_tricks({"Anna": 1, "Ben": 2, "Carl": 1, "Dora": 1, "Emil": 1}, left_text=LEFT,
                        done="Alle 6 Stiche vergeben")
        pad.see(re.compile(r"Ben \+12 \(2 von 3 gemacht\)"))
        pad.shot("20ab-14-missed-bid")
        pad.tap("Runde eintragen", then="Gespeichert")
        pad.score_is("Ben", "32")
        pad.score_is("Fritz", "30")

        # Round 2: Carl knocks, the bottom card is spades: he must make 4 and makes them
        pad.see(re.compile("Runde 2: Carl sagt Trumpf an"))
        pad.tap_id("knock-spades", then=re.compile("Stiche zählen"))
        pad.see(re.compile("Carl muss 4 machen"))
        pad.tap(re.compile("Stiche zählen"), then="Runde eintragen")
        pad.give_tricks({"Anna": 1, "Ben": 1, "Carl": 4, "Dora": 0, "Emil": 0}, left_text=LEFT,
                        done="Alle 6 Stiche vergeben")
        pad.tap("Runde eintragen", then="Gespeichert")
        pad.score_is("Carl", "14")
        pad.score_is("Dora", "23")
        # (the call on a phone shows the newest round above it: round 2's row now)
        expect(pad.by_id("round-2")).to_have_accessible_name(re.compile("Klopfen"))

        # Round 3: Carl deals wrongly three times (his third strike: +12, Z17); Dora bids 2 in
        # spades; Emil and Fritz sit out for free (Z9, Z15)
        pad.see(re.compile("Runde 3: Dora sagt Trumpf an"))
        for strikes in ("1 Fehlgabe bei diesem Geben", "2 Fehlgaben bei diesem Geben",
                        "3 Fehlgaben bei diesem Geben · jetzt +12"):
            pad.tap_id("misdeal-add", then=f"Carl: {strikes}")
        pad.tap_id("bid-2")
        pad.tap("Pik", then=re.compile("Stiche zählen"))
        pad.sit_out("Emil", plays="spielt", sits_out="setzt aus")
        pad.sit_out("Fritz", plays="spielt", sits_out="setzt aus")
        pad.tap(re.compile("Stiche zählen"), then="Runde eintragen")
        pad.give_tricks({"Anna": 1, "Ben": 1, "Carl": 1}, left_text=LEFT, done="Alle 6 Stiche vergeben")
        pad.see("Anna −1 · Ben −1 · Carl +11 (3. Strich +12) · Dora −3")
        pad.tap("Runde eintragen", then="Gespeichert")
        pad.score_is("Carl", "25")
        pad.score_is("Emil", "23")
        pad.shot("20ab-15-block-six-columns")
        # every name and score is inside the 390 px window
        for name in names:
            assert pad.in_view(pad.by_id(f"score-{name}")), name
        expect(pad.by_id("round-3")).to_have_accessible_name(
            # the dealer's misdeals before the deal are said on the row too, then the strike's cost
            re.compile(r"Carl 25 \(\+11\) \(3 Fehlgaben\) \(3\. Strich \+12\).*Emil 23 setzt aus"))
    finally:
        context.close()


def test_wuerttemberg_call_on_a_small_phone_keeps_the_names_row_clear(browser, server):
    """At 360×640 the long call (dealer, misdeals, blind, bid, suits, knock) scrolls under the
    Block instead of being drawn over the names row."""
    context = browser.new_context(viewport=SIZES["small"], device_scale_factor=1)
    pad = Pad(context.new_page(), server.url)
    try:
        pad.open()
        pad.first_screen()
        if pad.by_id("back").count():  # the last game was resumed: home first
            pad.tap_id("back")
        new_german_game(pad, "wuerttemberg", ("Anna", "Ben", "Carl", "Dora", "Emil", "Fritz"),
                        shown=re.compile("^3–6 Spieler"))
        pad.tap("Spiel starten", then=re.compile("Runde 1: Ben sagt Trumpf an"))
        names = pad.by_id("score-Fritz")
        title = pad.page.get_by_text(re.compile("Runde 1: Ben sagt Trumpf an")).first
        expect(names).to_be_visible(timeout=20_000)
        assert pad.in_view(names) and pad.in_view(title)
        below = names.bounding_box()
        assert title.bounding_box()["y"] >= below["y"] + below["height"], "the call covers the names"
        pad.shot("20ab-20-small-call")
    finally:
        context.close()
