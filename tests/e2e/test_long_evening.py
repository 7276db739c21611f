"""What a table still tripped over in a long evening, seen in a real browser.

Württemberg on an upright phone: while the call is made, the newest round and every score stay
whole in view, and the older rounds are a scroll away and open for correction (they were not
drawn at all until the phone was turned sideways).

A lost connection (the server stopped): said at once in the table's language over the whole
page, a tap meanwhile answered, and the Block back as soon as the server answers again (it was a
small "Working..." with taps dropped, and the page came back by itself some 10 s later).
"""

from __future__ import annotations

import pathlib
import re
import signal
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from playwright.sync_api import expect

from app.store import Store
from scoring import game_from_record

from .conftest import SIZES, Server
from .pad import SHOTS, Pad
from .test_call_in_view import hidden

NAMES = ("Anna", "Ben", "Carl", "Dora")
TRUMPS = ("hearts", "clubs", "spades", "diamonds")


def wuerttemberg(rounds: int) -> dict:
    """A Württemberg game of ``rounds`` plain rounds (bid 2, made), a misdeal in the first."""
    played = []
    for r in range(rounds):
        tricks = dict.fromkeys(NAMES, 0)
        for t in range(6):
            tricks[NAMES[(r + t) % 4]] += 1
        one = {"caller": NAMES[(r + 1) % 4], "dealer": NAMES[r % 4], "trump": TRUMPS[r % 4],
               "tricks": tricks, "bid": 2}
        played.append(one | ({"misdeals": 1} if r == 0 else {}))
    return {"players": list(NAMES), "rules": {"book": "20ab", "preset": "wuerttemberg"}, "rounds": played}


def serving(folder: pathlib.Path, record: dict) -> Server:
    """A server started on ``folder``, its store holding the game of ``record``."""
    store = Store.open(folder)
    try:
        store.create_game(game_from_record(record))
    finally:
        store.close()
    server = Server(folder)
    server.start()
    return server


@pytest.fixture(scope="module")
def evening_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    server = serving(tmp_path_factory.mktemp("evening"), wuerttemberg(5))
    yield server
    server.stop()


def open_game(pad: Pad, names: list[str] | tuple[str, ...], number: int) -> None:
    """The app opened on the game of ``names``, at its call of round ``number`` (a later visit
    resumes it at once; else it is tapped on home)."""
    pad.open()
    pad.first_screen()
    if not pad.by_id("back").count():
        pad.tap(re.compile("^" + re.escape(" · ".join(names))), then=re.compile(f"^Round {number}: "))


@pytest.mark.parametrize("size", ["small", "phone"])
def test_wuerttemberg_upright_keeps_older_rounds_a_scroll_away_and_correctable(browser, evening_server, size):
    context = browser.new_context(viewport=SIZES[size], device_scale_factor=1)
    pad = Pad(context.new_page(), evening_server.url)
    try:
        open_game(pad, NAMES, 6)
        pad.see(re.compile("^Round 6: "))
        # the call is on screen, with the newest round and every score whole above it
        expect(pad.by_id("round-5")).to_be_attached()
        ids = ["round-5", *(f"score-{name}" for name in NAMES)]
        wrong = hidden(pad, ids)
        for _ in range(50):
            if not wrong:
                break
            pad.page.wait_for_timeout(100)
            wrong = hidden(pad, ids)
        assert not wrong, wrong
        # … and the call under them: opened at the newest round, the bids in view (at the Block's
        # top, with five rounds above the call, they are below the fold at 360×640)
        called = [*ids, "bid-6"]
        pad.until(lambda: not hidden(pad, called), f"the call in view: {hidden(pad, called)}")
        pad.shot(f"long-evening-wuerttemberg-call-{size}")
        # the older rounds are a scroll away in the whole height, as on the other books' Block:
        # all four in view at once (a strip above the newest showed one at a time), the first
        # open for correction
        older = [f"round-{n}" for n in range(1, 5)]
        for row in older:
            expect(pad.by_id(row)).to_be_attached()
        newest = pad.by_id("round-5").bounding_box()
        ids = [*older, *(f"score-{name}" for name in NAMES)]  # the names stay on top
        for _ in range(20):
            wrong = hidden(pad, ids)
            if not wrong:
                break
            pad.page.mouse.move(newest["x"] + newest["width"] / 2, newest["y"] + newest["height"] / 2)
            pad.page.mouse.wheel(0, -200)
            pad.page.wait_for_timeout(200)
        pad.shot(f"long-evening-wuerttemberg-scrolled-{size}")
        assert not wrong, wrong
        pad.tap_id("round-1", then=re.compile("Correct round 1"))
        pad.tap_id("back", then=re.compile("^Round 6: "))
        # back at the call: opened at the newest round again
        ids = ["round-5", "bid-6", *(f"score-{name}" for name in NAMES)]
        pad.until(lambda: not hidden(pad, ids), f"the newest round back in view: {hidden(pad, ids)}")
    finally:
        context.close()


TAPPED_DE = "Nicht angenommen: Es gibt keine Verbindung. Tippe noch einmal, sobald der Block wieder da ist."
"""A tap while the connection is gone: answered, in the table's language, and never sent."""


@contextmanager
def a_german_game(browser, folder: pathlib.Path) -> Iterator[tuple[Pad, Server]]:
    """A new game of Anna, Ben and Carl open on a phone in German, on a server of its own; the
    page marked (``block24SamePage``: gone if it reloads)."""
    server = serving(folder, {"players": ["Anna", "Ben", "Carl"], "rules": {"book": "24"}, "rounds": []})
    context = browser.new_context(viewport=SIZES["phone"], device_scale_factor=1)
    pad = Pad(context.new_page(), server.url)
    try:
        pad.open()
        pad.first_screen()
        pad.set_language("Deutsch", then="Sprache")
        pad.tap(re.compile("^Anna · Ben · Carl"), then=re.compile("^Runde 1: "))
        pad.score_is("Anna", "24")
        pad.page.evaluate("window.block24SamePage = true")
        yield pad, server
    finally:
        context.close()
        server.stop()


def test_a_lost_connection_is_said_in_the_tables_language_and_the_block_comes_back(browser, tmp_path):
    again = None
    with a_german_game(browser, tmp_path) as (pad, server):
        try:
            server.stop()  # the server is gone (the phone's Wi-Fi, a closed laptop)
            lost = pad.page.locator("#block24-connection-lost")
            expect(lost).to_have_text("Verbindung verloren — neuer Versuch läuft", timeout=10_000)
            pad.shot("long-evening-connection-lost-de")
            pad.page.mouse.click(200, 500)  # a tap meanwhile: answered, not dropped without a word
            expect(pad.page.locator("#block24-connection-tapped")).to_have_text(TAPPED_DE)
            pad.shot("long-evening-connection-tapped-de")
            again = Server(tmp_path)
            again.port, again.url = server.port, server.url
            again.start()
            expect(lost).to_have_count(0, timeout=30_000)  # the page is back …
            pad.score_is("Anna", "24")  # … with the Block, in the table's language
            pad.see(re.compile("^Runde 1: "))
            pad.shot("long-evening-connection-back-de")
            # the same page, not a reload (a blank page while Flutter starts again) …
            assert pad.page.evaluate("window.block24SamePage === true")
            # … whose first frame waited for no question of the restarted server (it told its
            # settings: the question went unanswered, and the page stayed blank 4 s)
            assert "the device did not say" not in again.log_path.read_text()
        finally:
            if again is not None:
                again.stop()


def test_a_server_that_stops_answering_without_closing_is_said_and_the_page_stays(browser, tmp_path):
    """A laptop's lid closed (the server frozen: its socket open, no close sent): the page asks the
    server and says so in the table's language; a tap meanwhile is answered and never sent; the
    page is back as it was once the server answers (no reload)."""
    frozen = False
    with a_german_game(browser, tmp_path) as (pad, server):
        try:
            server.process.send_signal(signal.SIGSTOP)
            frozen = True
            lost = pad.page.locator("#block24-connection-lost")
            expect(lost).to_have_text("Verbindung verloren — neuer Versuch läuft", timeout=10_000)
            pad.shot("long-evening-server-frozen-de")
            red = pad.button(re.compile("^Rot")).bounding_box()
            pad.page.mouse.click(red["x"] + red["width"] / 2, red["y"] + red["height"] / 2)  # red trump?
            expect(pad.page.locator("#block24-connection-tapped")).to_have_text(TAPPED_DE)
            server.process.send_signal(signal.SIGCONT)
            frozen = False
            expect(lost).to_have_count(0, timeout=30_000)
            assert pad.page.evaluate("window.block24SamePage === true")  # the page as it was
            pad.score_is("Anna", "24")
            pad.see(re.compile("^Runde 1: "))
            pad.shot("long-evening-server-answers-again-de")
            # the tap refused meanwhile was never sent: trump is still to choose, and a tap now takes
            expect(pad.page.get_by_text(re.compile("Stiche zählen"))).to_have_count(0)
            pad.tap(re.compile("^Rot"), then=re.compile("Stiche zählen"))
        finally:
            if frozen:
                server.process.send_signal(signal.SIGCONT)


def test_five_players_counting_on_a_phone_on_its_side_see_every_row_and_confirm(browser, tmp_path):
    """At 844×390 the fifth player's row of counts was half hidden under Confirm until scrolled."""
    names = ["Anna", "Ben", "Carl", "Dora", "Emil"]
    server = serving(tmp_path, {"players": names, "rules": {"book": "24"}, "rounds": []})
    context = browser.new_context(viewport=SIZES["landscape"], device_scale_factor=1)
    pad = Pad(context.new_page(), server.url)
    try:
        open_game(pad, names, 1)
        pad.tap("Red", then=re.compile("count tricks"))
        pad.tap(re.compile("count tricks"), then="Confirm round")
        ids = [f"tricks-{name}-{n}" for name in names for n in (0, 6)]
        wrong = hidden(pad, ids)
        for _ in range(50):
            if not wrong:
                break
            pad.page.wait_for_timeout(100)
            wrong = hidden(pad, ids)
        pad.shot("long-evening-five-counting-landscape")
        assert not wrong, wrong
        assert pad.in_view(pad.button("Confirm round"))
        pad.give_tricks({"Anna": 3, "Ben": 1, "Carl": 1, "Dora": 1})
        pad.tap("Confirm round", then="Saved")
        expect(pad.by_id("round-1")).to_be_attached()  # recorded
    finally:
        context.close()
        server.stop()


@pytest.mark.parametrize("size", ["landscape", "small"])
def test_wuerttemberg_bids_one_to_six_stand_on_one_line(browser, evening_server, size):
    """On a phone on its side the bid "6" wrapped under the others, below the fold."""
    context = browser.new_context(viewport=SIZES[size], device_scale_factor=1)
    pad = Pad(context.new_page(), evening_server.url)
    try:
        open_game(pad, NAMES, 6)
        expect(pad.by_id("bid-6")).to_be_attached()
        pad.shot(f"long-evening-bids-{size}")
        boxes = [pad.by_id(f"bid-{n}").bounding_box() for n in range(1, 7)]
        assert len({round(box["y"]) for box in boxes}) == 1, boxes
        assert all(box["width"] >= 47.5 and box["height"] >= 47.5 for box in boxes), boxes
    finally:
        context.close()


def test_a_greyed_suit_sign_is_one_even_colour(browser, evening_server):
    """A greyed suit sign (before the bid, Z7) was drawn a shape per leaf in a see-through grey:
    darker where the leaves overlap, a seam where they meet. Drawn as one shape, the inside of
    the clubs and spades signs is one colour."""
    context = browser.new_context(viewport=SIZES["phone"], device_scale_factor=1)
    pad = Pad(context.new_page(), evening_server.url)
    try:
        open_game(pad, NAMES, 6)
        pad.until(lambda: not hidden(pad, ["round-5", "bid-6"]), "the call opened at the newest round")
        for suit in ("Clubs", "Spades"):
            button = pad.button(suit)
            expect(button).to_be_disabled()
            inside = _drawn_sign(pad, button, suit)
            greys = sorted(sum(pixel) for pixel in inside)
            assert greys[-1] - greys[0] <= 12, f"{suit}: the sign's inside ranges {greys[0]}–{greys[-1]}"
    finally:
        context.close()


def _drawn_sign(pad: Pad, button, suit: str) -> list[tuple[int, int, int]]:
    """The pixels inside the sign in ``button``'s left part (every neighbour inked too: the
    smoothed edge left out), once a sign is drawn there. Taken again until then: skwasm hands a
    frame over later than the accessibility tree moves (seconds under load; a clip of the frame
    before once held the words above the buttons, thin strokes with no inside)."""
    from .pixels import decode

    inside: list[tuple[int, int, int]] = []

    def drawn() -> bool:
        pad.settled(button)
        box = button.bounding_box()
        # taken with room above and below: the button is taller than its accessible box
        png = pad.page.screenshot(clip={"x": box["x"], "y": box["y"] - 24,
                                        "width": box["width"] * 0.42, "height": box["height"] + 48})
        (SHOTS / f"_sign-{suit}.png").write_bytes(png)
        image = decode(png)
        pixels = {(x, y): image.pixel(x, y) for y in range(image.height) for x in range(image.width)}
        plain = Counter(pixels.values()).most_common(1)[0][0]  # the button's grey
        inked = {at for at, pixel in pixels.items() if sum(plain) - sum(pixel) > 150}
        sign = max(_parts(inked), key=len, default=set())  # (a letter above is a small part)
        inside[:] = [pixels[x, y] for x, y in sign
                     if all((x + dx, y + dy) in sign for dx in (-1, 0, 1) for dy in (-1, 0, 1))]
        return len(inside) > 60

    pad.until(drawn, f"the {suit} sign drawn in its button (_sign-{suit}.png)")
    return inside

def _parts(inked: set[tuple[int, int]]) -> list[set[tuple[int, int]]]:
    """The pixels of ``inked`` in parts that touch (edge or corner)."""
    parts, left = [], set(inked)
    while left:
        part, todo = set(), [left.pop()]
        while todo:
            x, y = todo.pop()
            part.add((x, y))
            for near in [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]:
                if near in left:
                    left.remove(near)
                    todo.append(near)
        parts.append(part)
    return parts


KNOCKS = [f"knock-{suit}" for suit in ("clubs", "spades", "hearts", "diamonds")]


@pytest.fixture(scope="module")
def misdeal_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """Württemberg, five rounds; Anna deals the fifth after two misdeals: her third strike costs 12
    (Z17), so the newest round carries the grey count and the costly note in her cell."""
    record = wuerttemberg(5)
    record["rounds"][4]["misdeals"] = 2
    server = serving(tmp_path_factory.mktemp("misdeals"), record)
    yield server
    server.stop()


@pytest.mark.parametrize("size", ["phone", "small"])
def test_a_newest_round_with_misdeal_notes_leaves_the_knock_in_view(browser, misdeal_server, size):
    """The two lines of misdeal notes in the newest round pushed the knock a small scroll below the
    fold at 390×844: opened at the call, the newest round, the bids and the knock are in view
    (at 360×640 the call alone is taller than the room under the names: the newest round and the
    bids are in view, the knock a scroll down)."""
    context = browser.new_context(viewport=SIZES[size], device_scale_factor=1)
    pad = Pad(context.new_page(), misdeal_server.url)
    try:
        open_game(pad, NAMES, 6)
        ids = ["round-5", *(f"score-{name}" for name in NAMES), "bid-6", *(KNOCKS if size == "phone" else ())]
        for row in ids:
            expect(pad.by_id(row)).to_be_attached()
        pad.until(lambda: not hidden(pad, ids), f"the call in view: {hidden(pad, ids)}")
        pad.shot(f"long-evening-misdeal-call-{size}")
    finally:
        context.close()


LANGUAGES = {"en": ("English", "Language", "Round"), "de": ("Deutsch", "Sprache", "Runde"),
             "nl": ("Nederlands", "Taal", "Ronde")}


@pytest.mark.parametrize(("language", "theme"), [("en", "light"), ("de", "dark"), ("nl", "light")])
def test_the_costly_misdeal_stands_on_one_line_in_a_four_player_cell(browser, misdeal_server,
                                                                    language, theme):
    """"3rd misdeal +12" wrapped under itself in a four-player cell at 390 px (as "3. Fehlgabe"
    and "3e misgift"): the dealer's costly strike is one red line, whatever the language."""
    from .pixels import decode

    context = browser.new_context(viewport=SIZES["phone"], device_scale_factor=1, color_scheme=theme)
    pad = Pad(context.new_page(), misdeal_server.url)
    button, settings, round_word = LANGUAGES[language]
    try:
        pad.open()
        game = re.compile("^" + re.escape(" · ".join(NAMES)))
        if language != "en":  # (settings, then back home)
            pad.set_language(button, then=settings)
            pad.see(game)
        else:  # (the game resumed where another phone of this server left it, or home)
            pad.first_screen()
        if not pad.by_id("back").count():
            pad.tap(game, then=re.compile(f"^{round_word} 6: "))
        pad.until(lambda: not hidden(pad, ["round-5"]),
                  f"the newest round in view: {hidden(pad, ['round-5'])}")
        row = pad.by_id("round-5")
        pad.settled(row)
        shot = pad.shot(f"long-evening-misdeal-cell-{language}-{theme}")
        box = row.bounding_box()
        image = decode(shot.read_bytes())
        # the players' cells: right of the round's number and trump (the hearts chip is red too)
        left = int(box["x"]) + 30 + 70 + 4
        red_rows = [y for y in range(int(box["y"]), int(box["y"] + box["height"]))
                    if any(_red(image.pixel(x, y)) for x in range(left, int(box["x"] + box["width"])))]
        lines = [y for y in red_rows if y - 1 not in red_rows]  # where each band of red ink starts
        assert red_rows, "no red note drawn in the newest round"
        assert len(lines) == 1, f"the costly misdeal is drawn on {len(lines)} lines (at y {lines})"
    finally:
        context.close()


def _red(pixel: tuple[int, int, int]) -> bool:
    """The error colour's ink (light or dark theme), not the grey text nor the caller's purple."""
    r, g, b = pixel
    return r - max(g, b) > 50


def test_redo_puts_back_every_round_taken_back_on_either_phone(browser, tmp_path):
    """Two rounds taken back on one phone: "Put round 2 back" on both phones (the other in German,
    dark, at 360×640), then each tap puts the next one back, whichever phone taps, until none is
    left (a redo brought back only the last round undone, on the phone that undid it)."""
    rounds = [{"caller": c, "trump": "red", "tricks": {"Anna": a, "Ben": b, "Carl": 6 - a - b}}
              for c, a, b in (("Ben", 2, 2), ("Carl", 1, 4), ("Anna", 3, 0))]
    server = serving(tmp_path, {"players": ["Anna", "Ben", "Carl"], "rules": {"book": "24"},
                                "rounds": rounds})
    one = browser.new_context(viewport=SIZES["phone"], device_scale_factor=1)
    other = browser.new_context(viewport=SIZES["small"], device_scale_factor=1, color_scheme="dark")
    try:
        pad = Pad(one.new_page(), server.url)
        open_game(pad, ("Anna", "Ben", "Carl"), 4)
        pad.undo(3)
        pad.undo(2)
        expect(pad.button("Put round 2 back")).to_be_enabled(timeout=20_000)
        pad.shot("redo-two-taken-back-phone")
        guest = Pad(other.new_page(), server.url)
        guest.open()
        guest.set_language("Deutsch", then="Sprache")
        game = re.compile("^" + re.escape("Anna · Ben · Carl"))
        guest.see(game)
        guest.tap(game, then=re.compile("^Runde 2: "))
        guest.tap("Runde 2 zurückholen")  # the other phone puts round 2 back …
        expect(guest.by_id("round-2")).to_be_attached(timeout=20_000)
        expect(guest.button("Runde 3 zurückholen")).to_be_enabled(timeout=20_000)
        guest.shot("redo-one-left-small-de-dark")
        expect(pad.by_id("round-2")).to_be_attached(timeout=20_000)
        pad.tap("Put round 3 back")  # … this one round 3
        for phone in (pad, guest):
            expect(phone.by_id("round-3")).to_be_attached(timeout=20_000)
            expect(phone.by_id("redo")).to_have_count(0, timeout=20_000)  # none left
        pad.score_is("Anna", "18")
        pad.shot("redo-all-back-phone")
        server.check_log()
    finally:
        one.close()
        other.close()
        server.stop()
