"""20 ab in a real browser at 390×844, in German: a Lehrblatt game to exactly 0 (its first and
last rounds tapped, the two between stored) and a Württemberg game with six players, its first
round tapped (a misdeal, a missed bid).

Every screen is saved under screenshots/ (looked at: six columns at 390 px, the suits,
the previews' notes). A bad tap is refused with its reason and nothing is saved half.
(Both games round by round, and a whole Württemberg game of eleven rounds, rule by rule:
tests/test_app_twenty_ab_german.py and tests/test_app_twenty_ab_game.py, in process: their scores
and words need no browser.)
"""

from __future__ import annotations

import pathlib
import re

from playwright.sync_api import expect

from app.store import Store
from scoring import game_from_record

from .conftest import PHONE, SIZES
from .pad import Pad

LEFT = "Stiche? zu vergeben"

LEHRBLATT_TO_ROUND_4 = {
    "players": ["Anna", "Ben", "Carl", "Dora", "Emil"],
    "rules": {"book": "20ab", "preset": "lehrblatt", "deck": "german_double", "end": "exact_zero"},
    "rounds": [{"caller": "Ben", "trump": "hearts", "sat_out": ["Emil"],
                "tricks": {"Anna": 4, "Ben": 2, "Carl": 0, "Dora": 0}},
               {"caller": "Carl", "trump": "hearts", "blind": True,
                "tricks": {"Anna": 4, "Ben": 0, "Carl": 2, "Dora": 0, "Emil": 0}},
               {"caller": "Dora", "trump": "diamonds",
                "tricks": {"Anna": 6, "Ben": 0, "Carl": 0, "Dora": 0, "Emil": 0}}]}
"""The Lehrblatt game below after its round 3 (Anna at 6)."""


def serve_stored(server, folder: pathlib.Path, record: dict) -> None:
    """The worker's server serves ``folder`` from now on, its store holding the game of ``record``
    as the last game played (a new session resumes it)."""
    store = Store.open(folder)
    try:
        store.set_setting("last_game", store.create_game(game_from_record(record)))
    finally:
        store.close()
    server.use(folder)


def new_german_game(pad: Pad, game: str, names: tuple[str, ...], shown: str) -> None:
    """Settings → Deutsch, then the new-game form with the game chosen (``shown``: its help
    line) and the seats filled."""
    pad.set_language("Deutsch", then="Sprache")
    pad.tap("Neues Spiel", then="Spiel starten")
    pad.tap_id(f"game-{game}", then=shown)
    pad.seat(names, label="Spieler", add="Spieler hinzufügen")


def test_lehrblatt_five_players_german_deck_to_exactly_zero(browser, server, tmp_path):
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

        # Rounds 2 and 3 (Anna stays at 12, then makes all 6 diamonds: 6) are played in process
        # with their words (tests/test_app_twenty_ab_german.py); here they are stored, and a new
        # phone (a new session: the stored folder) whose browser speaks German resumes the game
        serve_stored(server, tmp_path / "later", LEHRBLATT_TO_ROUND_4)
        context.close()
        context = browser.new_context(viewport=PHONE, device_scale_factor=1, locale="de-DE")
        pad = Pad(context.new_page(), server.url)
        pad.open()
        pad.see(re.compile("Runde 4: Emil sagt Trumpf an"))
        pad.score_is("Anna", "6")

        # A bad tap: more tricks than the deck holds — refused with the reason, nothing saved
        pad.tap("Pik", then=re.compile("Stiche zählen"))
        pad.tap(re.compile("Stiche zählen"), then="Runde eintragen")
        for name, made in (("Anna", 6), ("Ben", 6), ("Carl", 0), ("Dora", 0), ("Emil", 0)):
            pad.tap_id(f"tricks-{name}-{made}")
        pad.see("6 Stiche zu viel")
        expect(pad.button("Runde eintragen")).to_be_disabled()
        pad.shot("20ab-06-refused")
        pad.tap_id("tricks-Ben-0")

        # Round 4: Anna makes all 6 spades: exactly 0
        pad.see("Alle 6 Stiche vergeben")
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

        # Rounds 2 and 3 (a knock; a third misdeal, +12; two sitting out for free), their scores
        # and the Block's rows: in process (tests/test_app_twenty_ab_german.py)
        pad.shot("20ab-15-block-six-columns")
        # every name and score is inside the 390 px window
        for name in names:
            assert pad.in_view(pad.by_id(f"score-{name}")), name
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
