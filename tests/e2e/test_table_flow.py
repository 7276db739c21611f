"""A whole evening at the table in a real browser (issue 4's acceptance flow).

Three players with variants B and C play to a shared win; a past round is
corrected; a refused correction shows its reason; the page is reloaded and the
game is found intact. Every screen is saved at 390×844 under screenshots/.
"""

from __future__ import annotations

import re

from .conftest import DESKTOP
from .pad import Pad


def score_is(pad: Pad, name: str, score: str) -> None:
    from playwright.sync_api import expect

    expect(pad.by_id(f"score-{name}")).to_have_text(re.compile(rf"^{name} {score}\b"),
                                                     timeout=20_000)


def give_tricks(pad: Pad, tricks: dict[str, int]) -> None:
    """Tap each count; the last player's count fills itself in (R7), so all 6 are given."""
    given = 0
    for name, made in tricks.items():
        given += made
        left = 6 - given
        pad.tap_id(f"tricks-{name}-{made}",
                   then=re.compile(rf"(^|\s){left} tricks left to give|All 6 tricks given"))
    pad.see("All 6 tricks given")


def play_round(pad: Pad, trump: str, tricks: dict[str, int], *, sit_out: str | None = None) -> None:
    """From the Block back to the Block: trump, count, confirm."""
    if sit_out:
        pad.page.get_by_role("checkbox", name=f"{sit_out}: plays").click()
        pad.page.get_by_role("checkbox", name=f"{sit_out}: sits out").wait_for()
    pad.tap(trump, then=re.compile("count tricks"))
    pad.tap(re.compile("count tricks"), then=re.compile("^Tricks · Round"))
    give_tricks(pad, tricks)
    pad.tap("Confirm round", then="Saved")


def open_round(pad: Pad, row: str, title: str) -> None:
    """Tap a round on the Block to correct it."""
    cell = pad.page.get_by_role("row", name=re.compile(row)).get_by_role("cell").nth(2)
    pad._tap(cell, then=title)


def test_three_players_b_and_c_to_a_shared_win(pad: Pad, browser, server):
    pad.shot("01-home-empty")
    pad.tap("New game", then="Start game")
    for seat, name in enumerate(["Anna", "Ben", "Carl"], start=1):
        pad.type(f"Player {seat}", name)
    pad.page.get_by_role("switch", name=re.compile("Sitting out")).click()
    pad.page.get_by_role("switch", name=re.compile("Restrictions")).click()
    pad.shot("02-new-game")
    pad.tap("Start game", then=re.compile("Round 1: Ben calls trump"))
    pad.shot("03-block-start")

    # Round 1 (entered wrong, corrected below): Anna 3, Ben 1, Carl 2 → 21 23 22
    pad.tap("Red", then=re.compile("count tricks"))
    pad.shot("04-table-display")
    pad.tap(re.compile("flip order"))
    pad.see("1 high")
    pad.tap(re.compile("count tricks"), then=re.compile("^Tricks · Round"))
    give_tricks(pad, {"Anna": 3, "Ben": 1})  # Carl's 2 filled in by itself
    pad.shot("05-tricks")
    pad.tap("Confirm round", then="Saved")
    score_is(pad, "Anna", "21")
    score_is(pad, "Carl", "22")

    # Round 2: Carl calls, Anna sits out (B; she has 21 > 12, so C allows it)
    play_round(pad, "Blue", {"Ben": 3, "Carl": 3}, sit_out="Anna")
    score_is(pad, "Anna", "21")
    score_is(pad, "Ben", "20")
    pad.shot("06-block-after-round-2")

    # Correct round 1 to 2-2-2
    open_round(pad, r"^1 Red", "Correct round 1")
    for name in ("Anna", "Ben", "Carl"):
        pad.tap_id(f"tricks-{name}-2")
    pad.see("All 6 tricks given")
    pad.shot("07-edit-round")
    pad.tap("Save change", then="Round 1 corrected")
    score_is(pad, "Anna", "22")
    score_is(pad, "Ben", "19")
    score_is(pad, "Carl", "19")

    # A refused correction: round 1 as yellow with Anna 6 would end the game at once (Ben +24 → 48)
    open_round(pad, r"^1 Red", "Correct round 1")
    pad.tap("Yellow")
    pad.tap_id("tricks-Anna-6")
    pad.tap_id("tricks-Ben-0")
    pad.tap_id("tricks-Carl-0")
    pad.see(re.compile("round 2: after changing round 1, the game ended after round 1"))
    from playwright.sync_api import expect

    expect(pad.button("Save change")).to_be_disabled()
    pad.shot("08-edit-refused")
    pad.tap("Cancel", then=re.compile("Round 3: Anna calls trump"))
    score_is(pad, "Ben", "19")

    # Close and reopen the tab: the game is still there, at round 3
    pad.reload()
    pad.see(re.compile("Round 3: Anna calls trump"))
    score_is(pad, "Anna", "22")
    score_is(pad, "Ben", "19")

    # Round 3: Anna calls yellow and makes no trick: +24 (R10 doubled) → 46
    play_round(pad, "Yellow", {"Anna": 0, "Ben": 3})
    score_is(pad, "Anna", "46")
    score_is(pad, "Carl", "13")

    # Round 4: Ben (13) may not call blind under C; Carl (13) may still sit out, Ben may not… he calls.
    pad.see(re.compile("Blind needs 25 points \\(Ben has 13\\)"))
    expect(pad.button("YELLOW BLIND")).to_be_disabled()
    pad.shot("09-blind-disabled")
    play_round(pad, "Yellow", {"Anna": 0, "Ben": 3})
    expect(pad.by_id("game-over")).to_have_accessible_name(
        re.compile("Anna reached 58 Ben and Carl share the win at 7, the lowest score"), timeout=20_000)
    pad.shot("10-game-over")

    # Home lists the finished game with its winners; desktop size too
    pad.tap("Games", then=re.compile("Ben and Carl won"))
    pad.shot("11-home")
    pad.page.set_viewport_size(DESKTOP)
    pad.shot("12-home-desktop")
