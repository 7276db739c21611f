"""No blank window while the installed pad starts, in Chromium, Firefox and WebKit, as a person sees it.

Each engine runs headful on an Xvfb screen of its own; the screen is grabbed every 0.1 s from
Xvfb's framebuffer (``screen.py``: what the display shows, not a driver's screenshot drawn
anew) while the pad, installed and with its host stopped, starts again: a new browser on the same
profile (Chromium, Firefox) or a new tab (WebKit). From the first picture on (the loading
picture, or the open game's scores) until the app's first screen is usable and drawn, no grab
may be one colour alone. ``python -m bench.web frames`` does the same 10 times per engine.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from .screen import Screen, restarts
from .web_site import the_build

RESTARTS = 2


@pytest.fixture(scope="module")
def screen() -> Iterator[Screen]:
    display = Screen()
    yield display
    display.stop()


@pytest.mark.parametrize("engine", ["chromium", "firefox", "webkit"])
def test_the_installed_pad_starts_without_a_blank_window(engine, screen, playwright, tmp_path):
    starts = restarts(engine, the_build(), screen, RESTARTS, tmp_path, playwright.chromium)
    for start in starts:
        print(start.describe())
    assert all(start.first_picture for start in starts), [start.describe() for start in starts]
    blank = [start.describe() for start in starts if start.blanks]
    assert not blank, f"a blank window between the loading picture and the app: {blank}"
