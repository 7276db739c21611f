"""The Block is the screen at 390×844, 360×640, 844×390 and 1280×800.

At each size ten rounds are played; after every step the newest round's row,
the names row and every control the next step needs are inside the viewport
(bounding boxes in the accessibility tree). Back goes one screen back, an undo
can be taken back. (A German table's refusal in German: tests/test_app_refusals.py, in process.)
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import SIZES
from .pad import Pad

PLAYERS = ("Anna", "Ben", "Carl", "Dora")
TRUMPS = ("Red", "Green", "Blue")


def must_see(pad: Pad, *targets) -> None:
    """Every target lies inside the viewport (the player need not scroll to find it)."""
    for target in targets:
        expect(target).to_be_visible(timeout=20_000)
        for _ in range(100):  # the Block scrolls to the newest round with an animation
            if pad.in_view(target):
                break
            pad.page.wait_for_timeout(100)
        assert pad.in_view(target), (target, target.bounding_box(), pad.page.viewport_size)


def tricks_of(number: int) -> dict[str, int]:
    """Round ``number``: 2, 2, 1, 1 tricks turning round the table (nobody reaches 0 or 48 in ten)."""
    counts = (2, 2, 1, 1)
    return {name: counts[(seat + number) % 4] for seat, name in enumerate(PLAYERS)}


@pytest.mark.parametrize("size", list(SIZES))
def test_ten_rounds_with_everything_in_view(browser, server, size):
    context = browser.new_context(viewport=SIZES[size], device_scale_factor=1)
    pad = Pad(context.new_page(), server.url)
    try:
        pad.open()
        pad.first_screen()
        if pad.by_id("back").count():  # the table's last game was resumed: home first
            pad.tap("Games", then="Games in progress")
        pad.tap("New game", then="Start game")
        pad.seat(PLAYERS)
        pad.tap("Start game", then=re.compile("Round 1: Ben calls trump"))
        must_see(pad, pad.button("Red"), pad.button("YELLOW BLIND"), pad.by_id("score-Dora"))
        pad.shot(f"40-{size}-block-start")
        for number in range(1, 11):
            trump = TRUMPS[number % 3]
            pad.tap(trump, then=re.compile("count tricks"))
            must_see(pad, pad.button(re.compile("count tricks")), pad.by_id("table-display"))
            pad.tap(re.compile("count tricks"), then="Confirm round")
            must_see(pad, *[pad.by_id(f"tricks-{p}-6") for p in PLAYERS])
            counts = tricks_of(number)
            pad.give_tricks(dict(list(counts.items())[:3]))  # the fourth fills itself in
            must_see(pad, pad.button("Confirm round"), pad.by_id("round-changes"))
            if number == 10:
                pad.shot(f"41-{size}-tricks")
            pad.tap("Confirm round", then="Saved")
            # the newest round, the names and the next call, all without scrolling
            must_see(pad, pad.by_id(f"round-{number}"), pad.by_id("score-Anna"), pad.by_id("score-Dora"),
                     pad.button("Red"), pad.button("Blue"))
            if size == "phone" and number >= 5:  # at 390×844 the last five rounds show while calling
                must_see(pad, *[pad.by_id(f"round-{n}") for n in range(number - 4, number + 1)])
        pad.shot(f"42-{size}-block-10-rounds")

        # an undo can be taken back ("Undo" in its offer, for a few seconds)
        pad.undo(10)
        pad.reads(pad.by_id("offer"), "Round 10 removed")
        pad.shot(f"43-{size}-undo")
        pad.tap("Undo", then="Round 10 is back")
        must_see(pad, pad.by_id("round-10"))

        # Back goes one screen back: the chart (its own screen), the Block, home
        pad.tap("Chart")
        # Read as the chart's name, or (when the chart scrolls sideways) as its first text:
        # either way the accessibility tree says it.
        pad.reads(pad.by_id("score-chart"),
                  "Score chart after 10 rounds: Anna 9, Ben 10, Carl 9, Dora 8. Limit 48.")
        pad.page.wait_for_url(re.compile(r"/game/[^/]+/chart$"), timeout=20_000)
        pad.shot(f"44-{size}-chart")
        pad.tap_id("back", then="Tap a round to correct it")
        pad.page.wait_for_url(re.compile(r"/game/[^/]+$"), timeout=20_000)
        pad.tap("Games", then="Games in progress")
        # The app tells the browser its new address just after drawing the screen: a Back
        # pressed before that would leave the page the browser still shows (the game).
        pad.page.wait_for_url(re.compile(r":\d+/$"), timeout=20_000)
        pad.page.go_back()  # the browser's Back returns to the game
        pad.see("Tap a round to correct it")
        must_see(pad, pad.by_id("round-10"), pad.button("Red"))
    finally:
        context.close()
