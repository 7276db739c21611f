"""The app as ``python -m app.main`` serves it, on the data folder of the test now running.

One of these runs per pytest worker (``tests/e2e/conftest.py``: ``app_server``); each test
gets a fresh data folder by writing its path into the file ``$BLOCK24_TEST_DATA`` names.
Every session that starts reads that file first, then is the app's own session
(:func:`app.main.main`): ``Store.open()`` opens ``$BLOCK24_DATA``, one store per folder.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import flet as ft

from app import main as app_main
from app import server

CHOICE = Path(os.environ["BLOCK24_TEST_DATA"])


def main(page: ft.Page) -> None:
    """A session of the app on the folder the running test chose."""
    os.environ["BLOCK24_DATA"] = CHOICE.read_text()
    app_main.main(page)


if __name__ == "__main__":
    server.serve(main, lan="--lan" in sys.argv[1:])
