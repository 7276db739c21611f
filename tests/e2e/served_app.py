"""The app as ``python -m app.main`` serves it, on the data folder of the test now running, and
telling the page when a new size has been laid out.

One of these runs per pytest worker (``tests/e2e/conftest.py``: ``app_server``); each test
gets a fresh data folder by writing its path into the file ``$BLOCK24_TEST_DATA`` names.
Every session that starts reads that file first, then is the app's own session
(:func:`app.main.main`): ``Store.open()`` opens ``$BLOCK24_DATA``, one store per folder.
Without ``$BLOCK24_TEST_DATA`` it serves ``$BLOCK24_DATA`` (a test's own server).

A resize reaches the server a moment after the browser has laid out the old screen at the new
size, and the screen for that size comes after that: seconds later on a busy machine. So after
every resize the page's title says the size once the app's answer to it is sent
(:data:`LAID_OUT`): a test waits for that, not for a quiet moment (``Pad.resize``).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path

import flet as ft

from app import main as app_main
from app import server
from app.state.prefs import Prefs

CHOICE = Path(os.environ["BLOCK24_TEST_DATA"]) if "BLOCK24_TEST_DATA" in os.environ else None
LAID_OUT = "Block 24 · {width}×{height}"
"""The page's title once the app's screen for this size was sent."""


class _Effect:
    """A one-off effect for Flet's updates scheduler, which runs effects after the updates
    it has pending: whatever the resize made the app redraw is sent first."""

    def __init__(self, setup: Callable[[], None]) -> None:
        self.setup = setup
        self.cleanup = None

    def cancel(self) -> None:
        pass


_resize = Prefs.resize


def _resize_then_say(self: Prefs, width: float | None, height: float | None = None) -> None:
    _resize(self, width, height)
    page = ft.context.page

    def say() -> None:
        page.title = LAID_OUT.format(width=round(width or 0), height=round(height or 0))
        page.update()

    page.session.schedule_effect(_Effect(say), False)  # type: ignore[arg-type]


def main(page: ft.Page) -> None:
    """A session of the app on the folder the running test chose."""
    if CHOICE is not None:
        os.environ["BLOCK24_DATA"] = CHOICE.read_text()
    app_main.main(page)


if __name__ == "__main__":
    Prefs.resize = _resize_then_say  # type: ignore[method-assign]
    server.serve(main, lan="--lan" in sys.argv[1:])
