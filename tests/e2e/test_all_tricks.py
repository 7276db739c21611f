"""One player took every trick: the others' counts are filled in with 0 (R7, the engine's
answer) and *Confirm round* can be tapped at once, at a phone's size.

(A new table saw "All 6 tricks given" while *Confirm round* stayed greyed with no reason.)
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .pad import Pad


def test_one_player_with_all_six_tricks_leaves_the_others_at_0_and_confirm_open(pad: Pad):
    pad.tap("New game", then="Start game")
    pad.seat(["Anna", "Ben", "Carl"])
    pad.tap("Start game", then=re.compile("Round 1: Ben calls trump"))
    pad.tap("Red", then=re.compile("count tricks"))
    pad.tap(re.compile("count tricks"), then="Confirm round")
    pad.tap_id("tricks-Ben-6", then="All 6 tricks given")
    expect(pad.button("Confirm round")).to_be_enabled()
    for name in ("Anna", "Carl"):  # their 0 is chosen for them (Flutter marks a selected button current)
        expect(pad.by_id(f"tricks-{name}-0")).to_have_attribute("aria-current", "true")
        expect(pad.by_id(f"tricks-{name}-1")).not_to_have_attribute("aria-current", "true")
    pad.tap("Confirm round", then="Saved")
    expect(pad.by_id("round-1")).to_have_accessible_name(re.compile(r"Anna \d+.*Ben \d+.*Carl \d+"))
