"""What a new table still tripped over (the trips of a first evening), each at the size where it did.

The trump word whole on a phone on its side with the sitters shown; the reason under a
greyed chip counting right; a line where the chips would be when nobody may sit out.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .conftest import SIZES
from .pad import Pad
from .test_table_trips import home
from .test_twenty_ab import serve_stored

FIVE = ("Anna", "Ben", "Carl", "Dora", "Emil")


def nothing_cut_at_the_edges(pad: Pad, identifier: str, ink: tuple[int, int, int]) -> None:
    """No pixel of ``ink`` (the panel's text colour) touches the top or bottom edge of the panel
    ``identifier``: its lines are drawn whole, not cut off by the panel's height (read from the
    screenshot, not the accessibility tree, which has the whole word either way)."""
    from .pixels import decode

    box = pad.by_id(identifier).bounding_box()
    image = decode(pad.page.screenshot())
    left, right = int(box["x"]) + 20, int(box["x"] + box["width"]) - 20  # (the rounded corners)
    top, bottom = int(box["y"]) + 1, int(box["y"] + box["height"]) - 2
    for y in (*range(top, top + 4), *range(bottom - 3, bottom + 1)):
        inked = [x for x in range(left, right)
                 if all(abs(a - b) < 40 for a, b in zip(image.pixel(x, y), ink, strict=True))]
        assert not inked, f"text cut at the panel's edge, row {y}: x {inked[0]}…{inked[-1]}"


def test_a_phone_on_its_side_shows_the_whole_trump_and_counts_the_sitters_right(browser, server, tmp_path):
    """(The reason's words and the line's, as the state has them: tests/test_table_trips.py.)"""
    serve_stored(server, tmp_path / "lehrblatt", {"players": list(FIVE), "rounds": [],
                                                  "rules": {"book": "20ab", "preset": "lehrblatt"}})
    context = browser.new_context(viewport=SIZES["landscape"], device_scale_factor=1)
    pad = Pad(context.new_page(), server.url)
    try:
        pad.open()  # the stored game resumed: its round 1
        pad.see(re.compile("Round 1: Ben calls trump"))
        pad.tap("Diamonds", then=re.compile("count tricks"))
        pad.sit_out("Carl")
        pad.sit_out("Dora")
        pad.shot("26-landscape-diamonds-sitters")
        nothing_cut_at_the_edges(pad, "table-display", (255, 255, 255))
        # two sat out: Emil's chip is greyed, and its reason does not count him in
        pad.see("At most 2 players may sit out")
        expect(pad.page.get_by_text(re.compile("3 players sat out"))).to_have_count(0)

        # clubs: nobody may sit out, and a line says so where the chips were
        pad.tap_id("cancel-round")
        pad.tap("Cancel round", then=re.compile("Round 1: Ben calls trump"))
        pad.tap("Clubs", then=re.compile("count tricks"))
        pad.reads(pad.by_id("nobody-sits-out"), "Nobody sits out with clubs as trump")
        expect(pad.page.get_by_role("checkbox")).to_have_count(0)
        pad.shot("26-landscape-clubs-nobody-sits-out")
    finally:
        context.close()


def test_a_deleted_game_comes_back_from_the_list_of_deleted_games_after_its_offer(pad):
    home(pad)
    pad.tap("New game", then="Start game")
    pad.seat(("Olga", "Paul", "Quinn"))
    pad.tap("Start game", then=re.compile("Round 1: Paul calls trump"))
    pad.tap("Games", then="Games in progress")
    game = pad.page.get_by_role("button", name=re.compile("^Olga · Paul · Quinn"))
    expect(game).to_have_count(1)
    pad.page.locator('[flt-semantics-identifier^="delete-"]').first.click()
    pad.tap("Delete")
    pad.reads(pad.by_id("offer"), "Game deleted")
    expect(pad.by_id("offer")).to_have_count(0, timeout=12_000)  # the offer's few seconds are over
    expect(game).to_have_count(0)
    pad.tap_id("deleted-games", then="Restore")
    pad.see(re.compile("kept 30 days"))
    pad.shot("26-deleted-games")
    pad.page.locator('[flt-semantics-identifier^="restore-"]').first.click()
    expect(game).to_have_count(1, timeout=20_000)
    expect(pad.by_id("deleted-games")).to_have_count(0)

    # deleted again, then the trash emptied by hand: gone for good
    pad.page.locator('[flt-semantics-identifier^="delete-"]').first.click()
    pad.tap("Delete")
    pad.tap_id("deleted-games", then="Restore")
    pad.tap_id("empty-trash", then="Remove for good")
    pad.tap("Remove for good")
    expect(pad.by_id("deleted-games")).to_have_count(0, timeout=20_000)
    expect(game).to_have_count(0)


def test_the_chart_fills_a_portrait_phone(browser, server, tmp_path):
    serve_stored(server, tmp_path / "two-rounds", {
        "players": ["Anna", "Ben", "Carl", "Dora"],
        "rounds": [{"caller": caller, "trump": trump, "tricks": {"Anna": 2, "Ben": 2, "Carl": 1, "Dora": 1}}
                   for caller, trump in (("Ben", "red"), ("Carl", "blue"))]})
    context = browser.new_context(viewport=SIZES["phone"], device_scale_factor=1)
    pad = Pad(context.new_page(), server.url)
    try:
        pad.open()  # the stored game resumed: two rounds on its Block
        pad.see(re.compile("Round 3: Dora calls trump"))
        pad.tap_id("chart")
        chart = pad.by_id("score-chart")
        expect(chart).to_be_visible(timeout=20_000)
        pad.settled(chart)  # (the chart's screen laid out: its box stays)
        pad.shot("26-chart-portrait")
        box = chart.bounding_box()
        height = pad.page.viewport_size["height"]
        assert box["y"] + box["height"] <= height + 1  # all of it in view, no scroll
        assert box["height"] >= 0.8 * height, f"the chart fills {box['height'] / height:.0%}"
    finally:
        context.close()


def test_the_correction_shows_every_players_counts_above_its_footer(browser, server, tmp_path):
    """Every count button of the round being corrected is in view, clear of the footer (what is
    left, the changes, Save), at once: the last player's sat under it until scrolled."""
    from .test_table_trips import overlaps

    serve_stored(server, tmp_path / "abc", {
        "players": list(FIVE), "rules": {"trump_chaos": True, "sit_out": True, "restrictions": True},
        "rounds": [{"caller": "Ben", "trump": "red", "sat_out": ["Emil"],
                    "tricks": {"Anna": 2, "Ben": 2, "Carl": 1, "Dora": 1}}]})

    context = browser.new_context(viewport=SIZES["phone"], device_scale_factor=1)
    pad = Pad(context.new_page(), server.url)
    try:
        pad.open()  # the stored game resumed: variants A+B+C, Emil sat round 1 out
        pad.see(re.compile("Round 2: Carl calls trump"))
        pad.tap_id("round-1", then=re.compile("Correct round 1"))
        footer = [pad.by_id("tricks-left"), pad.button("Save change")]
        for part in (*footer, pad.by_id(f"tricks-{FIVE[3]}-6")):
            expect(part).to_be_visible(timeout=20_000)
            pad.settled(part)  # (the correction's screen laid out: the boxes stay)
        pad.shot("26-correction-phone")
        for name in FIVE[:4]:  # (Emil sat out: no counts)
            for made in (0, 6):
                button = pad.by_id(f"tricks-{name}-{made}")
                assert pad.in_view(button), (name, made, button.bounding_box())
                for part in footer:
                    assert not overlaps(button.bounding_box(), part.bounding_box()), (name, part)
    finally:
        context.close()
