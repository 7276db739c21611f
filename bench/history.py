"""A long history: home → a game and back with 1 000 games stored, beside the same with 3.

Two servers of the app (``python -m app.main``, each its own ``BLOCK24_DATA``
folder and a real TinyDB file), one holding 3 finished games of 20 rounds and
one holding 1 000 (stored through the store's import, as a backup brings them;
without dates, so every game is of one evening: the evening's tally reads the
most it ever reads). One headless Chromium page on each, at home; the two take
turns, ``TRIPS`` times each.

``home_to_game_ms_1000_games`` / ``home_to_game_ms_3_games``
    From the ``pointerdown`` on the newest game's tile to the game's screen
    (its "Games" back button) in the accessibility DOM, both stamped in the
    page with ``performance.now()`` (as ``bench.app`` does), medians.
``game_to_home_ms_1000_games`` / ``game_to_home_ms_3_games``
    From the ``pointerdown`` on "Games" to home (its settings button).
``py_home_to_game_ms_*`` / ``py_game_to_home_ms_*``
    The Python side alone, in this process: :meth:`AppState.go` to the game and
    back (the store's reads, the evening's tally, home's lists), on copies of
    the same folders, alternating, without drawing.
``home_files_read_*``
    Game files the store read for one return home (counted, not timed).
"""

from __future__ import annotations

import asyncio
import re
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

from app.state import AppState
from app.store import Store
from scoring import game_to_record
from tests.e2e.conftest import CHROMIUM, LAUNCH_ARGS, PHONE
from tests.e2e.pad import Pad

from .app import INSTALL, Served, _figure, _ratio, _timed_tap
from .store import PLAYERS, finished_game

HISTORIES = (3, 1000)
TRIPS = 30
PY_TRIPS = 30
AIM = "≤ 1.2×"

# Before a tap: watch the DOM until ``selector`` is in it, stamping that moment.
ARM = """(selector) => {
  const b = window.__b24;
  b.down = null; b.done = null;
  if (b.obs) b.obs.disconnect();
  b.obs = new MutationObserver(() => {
    if (b.down !== null && b.done === null && document.querySelector(selector)) {
      b.done = performance.now(); b.obs.disconnect();
    }
  });
  b.obs.observe(document.body, {subtree: true, childList: true, attributes: true});
}"""
GAME = '[flt-semantics-identifier="back"]'
HOME = '[flt-semantics-identifier="settings"]'


def stored(folder: Path, count: int) -> Path:
    """``folder`` holding ``count`` finished games of 20 rounds (ids ``g00000``…, newest last)."""
    record = game_to_record(finished_game())
    store = Store.open(folder)
    try:
        store.import_records([{"id": f"g{n:05d}", **record} for n in range(count)])
    finally:
        store.close()
    return folder


def _timed(pad: Pad, tap: str | re.Pattern[str], selector: str) -> float:
    """Tap ``tap``; milliseconds in the page from its pointerdown until ``selector`` shows."""
    return _timed_tap(pad, tap, selector, arm=ARM, timeout_ms=20_000)


def _at_home(page: Page, url: str) -> Pad:
    pad = Pad(page, url)
    pad.open()
    pad.button("New game").wait_for(state="visible", timeout=60_000)
    page.evaluate(INSTALL)
    return pad


def measure_browser() -> dict:
    servers = {n: Served("app.main") for n in HISTORIES}
    for count, server in servers.items():
        stored(server.data, count)
        server.start()
    to_game: dict[int, list[float]] = {n: [] for n in HISTORIES}
    to_home: dict[int, list[float]] = {n: [] for n in HISTORIES}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=LAUNCH_ARGS)
            try:
                pads = {n: _at_home(browser.new_context(viewport=PHONE, device_scale_factor=1).new_page(),
                                    s.url) for n, s in servers.items()}
                newest = re.compile("^" + re.escape(" · ".join(PLAYERS)))
                for trip in range(TRIPS + 1):
                    for count, pad in pads.items():
                        pad.page.bring_to_front()
                        went = _timed(pad, newest, GAME)
                        back = _timed(pad, "Games", HOME)
                        if trip:  # the first trip of each warms up (imports, first draw)
                            to_game[count].append(went)
                            to_home[count].append(back)
            finally:
                browser.close()
    finally:
        for server in servers.values():
            server.stop()
    few, many = HISTORIES
    figures: dict[str, dict] = {}
    for name, times in (("home_to_game", to_game), ("game_to_home", to_home)):
        figures[f"{name}_ms_{few}_games"] = _figure(times[few], "ms")
        figures[f"{name}_ms_{many}_games"] = _figure(times[many], "ms", f"{name}_ms_{few}_games", AIM)
        figures[f"{name}_{many}_vs_{few}_games_ratio"] = _ratio(
            statistics.median(times[many]), statistics.median(times[few]), TRIPS, "≤ 1.2")
    return figures


def _python_trips(folder: Path, trips: int) -> tuple[list[float], list[float], int]:
    """:meth:`AppState.go` to the newest game and home, ``trips`` times; game files read per return home."""
    store = Store.open(folder)
    try:
        app = AppState.open(store)
        newest = app.finished[0].id
        went, back = [], []

        async def trip() -> None:
            began = time.perf_counter()
            await app.go(f"/game/{newest}")
            went.append((time.perf_counter() - began) * 1000)
            began = time.perf_counter()
            await app.go("/")
            back.append((time.perf_counter() - began) * 1000)

        for _ in range(trips):
            asyncio.run(trip())
        asyncio.run(app.go(f"/game/{newest}"))
        read = store._archive.files_read + store._trash.files_read
        asyncio.run(app.go("/"))
        return went, back, store._archive.files_read + store._trash.files_read - read
    finally:
        store.close()


def measure_python() -> dict:
    root = Path(tempfile.mkdtemp(prefix="block24-bench-history-"))
    try:
        folders = {n: stored(root / str(n), n) for n in HISTORIES}
        went: dict[int, list[float]] = {n: [] for n in HISTORIES}
        back: dict[int, list[float]] = {n: [] for n in HISTORIES}
        read: dict[int, int] = {}
        for _ in range(3):  # a few opens of each, alternating: the machine's load weighs on both
            for count, folder in folders.items():
                to_game, to_home, read[count] = _python_trips(folder, PY_TRIPS // 3)
                went[count] += to_game
                back[count] += to_home
    finally:
        shutil.rmtree(root, ignore_errors=True)
    few, many = HISTORIES
    figures: dict[str, dict] = {}
    for name, times in (("py_home_to_game", went), ("py_game_to_home", back)):
        figures[f"{name}_ms_{few}_games"] = _figure(times[few], "ms")
        figures[f"{name}_ms_{many}_games"] = _figure(times[many], "ms", f"{name}_ms_{few}_games", AIM)
    for count in HISTORIES:
        figures[f"home_files_read_{count}_games"] = {
            "value": read[count], "unit": "files", "runs": 1, "spread": 0, "baseline": None,
            "aim": "game files read by one return home"}
    return figures


def run() -> dict:
    if not CHROMIUM.exists():
        raise RuntimeError(f"Chromium not found at {CHROMIUM} (make browser)")
    figures: dict[str, dict] = {}
    for step in (measure_python, measure_browser):
        began = time.perf_counter()
        figures.update(step())
        print(f"  {step.__name__}: {time.perf_counter() - began:.0f} s", flush=True)
    return figures


if __name__ == "__main__":
    for key, figure in run().items():
        print(f"{key:40} {figure['value']:10.2f} {figure['unit']:6} spread {figure['spread']:8.2f}")
