"""The offline web build in Chromium: start-up and a confirmed round, beside baselines of the same run.

Both builds are made by ``web.build`` the same way: the app (``build/web``) and
a bare Flet counter (``bench/bare_flet_app.py``, flet and its dependencies
only) in ``build/bench/web-counter``. Each is served by a static server on
loopback; each run uses a fresh browser profile. Runs alternate app / counter.

``web_first_visit_s`` / ``web_counter_first_visit_s``
    From ``goto`` to the first interactive screen ("New game" visible in the
    accessibility tree) on a profile that never saw the site: everything comes
    from the server.
``web_restart_s`` / ``web_counter_restart_s``
    The same profile restarted (a new browser process) with the server
    stopped: everything comes from the service worker's cache.
``web_confirm_ms`` / ``server_confirm_ms``
    From the pointerdown of "Confirm round" to the new scores in the DOM (they
    show only after the store's write was saved: in the web build that is the
    IndexedDB sync), medians over ``ROUNDS`` rounds in the web build and in the
    served app (``python -m app.main``).
"""

from __future__ import annotations

import pathlib
import statistics
import tempfile
import time

from playwright.sync_api import BrowserType, sync_playwright

from scoring import Colour, Game, Round
from tests.e2e.conftest import CHROMIUM
from tests.e2e.pad import Pad
from tests.e2e.web_site import StaticSite, build_version, phone_profile, wait_for_service_worker
from web import build as web_build

from .app import INSTALL, PLAYERS, TRICKS, Served, _figure, _new_game, _ratio, _score_want, _timed_tap

RUNS = 3
ROUNDS = 6
COUNTER_OUT = web_build.ROOT / "build" / "bench" / "web-counter"


def _first_screen(pad: Pad) -> float:
    """Seconds from ``goto`` to "New game" in the accessibility tree."""
    started = time.perf_counter()
    pad.open()
    pad.button("New game").wait_for(state="visible", timeout=120_000)
    return time.perf_counter() - started


def _visit_and_restart(browser_type: BrowserType, folder: pathlib.Path, log: pathlib.Path
                       ) -> tuple[float, float]:
    """A first visit with the server up, then a restart from the cache with it stopped."""
    site = StaticSite(folder, log)
    site.start()
    with tempfile.TemporaryDirectory(prefix="block24-bench-web-") as profile:
        try:
            context = phone_profile(browser_type, pathlib.Path(profile))
            pad = Pad(context.new_page(), site.url)
            first = _first_screen(pad)
            wait_for_service_worker(pad, build_version(folder))
            context.close()
        finally:
            site.stop()
        context = phone_profile(browser_type, pathlib.Path(profile))
        try:
            restart = _first_screen(Pad(context.new_page(), site.url))
        finally:
            context.close()
    return first, restart


def measure_start(browser_type: BrowserType, logs: pathlib.Path) -> dict:
    app_out = web_build.build()
    counter_out = web_build.build(COUNTER_OUT, web_build.COUNTER)
    app_first, app_restart, bare_first, bare_restart = [], [], [], []
    for _ in range(RUNS):
        first, restart = _visit_and_restart(browser_type, app_out, logs / "app.log")
        app_first.append(first)
        app_restart.append(restart)
        first, restart = _visit_and_restart(browser_type, counter_out, logs / "counter.log")
        bare_first.append(first)
        bare_restart.append(restart)
    size, files = web_build.size(app_out)
    return {
        "web_counter_first_visit_s": _figure(bare_first, "s"),
        "web_first_visit_s": _figure(app_first, "s", "web_counter_first_visit_s"),
        "web_counter_restart_s": _figure(bare_restart, "s"),
        "web_restart_s": _figure(app_restart, "s", "web_counter_restart_s", "≤ 1.3× web_counter_restart_s"),
        "web_restart_ratio": _ratio(statistics.median(app_restart), statistics.median(bare_restart),
                                    RUNS, "≤ 1.3"),
        "web_build_mb": {"value": size / 1e6, "unit": "MB", "runs": 1, "spread": 0, "baseline": None,
                         "aim": f"{files} files"},
    }


def _confirms(pad: Pad) -> list[float]:
    """ROUNDS rounds of a new 4-player game: ms from "Confirm round" to the new scores."""
    pad.page.evaluate(INSTALL)
    _new_game(pad)
    game, times = Game(PLAYERS), []
    for _ in range(ROUNDS):
        game = game.record(Round(game.next_caller, Colour.RED, TRICKS))
        pad.tap("Red", then="count tricks")
        pad.tap("Round over: count tricks", then="Tricks · Round")
        pad.give_tricks(dict(list(TRICKS.items())[:3]))
        times.append(_timed_tap(pad, "Confirm round", _score_want(game.scores)))
    return times


def measure_confirm(browser_type: BrowserType, logs: pathlib.Path) -> dict:
    site = StaticSite(web_build.build(), logs / "confirm.log")
    server = Served("app.main")
    site.start()
    server.start()
    try:
        with tempfile.TemporaryDirectory(prefix="block24-bench-web-") as profile:
            context = phone_profile(browser_type, pathlib.Path(profile))
            try:
                pad = Pad(context.new_page(), site.url)
                pad.open()
                web = _confirms(pad)
                pad = Pad(context.new_page(), server.url)
                pad.open()
                served = _confirms(pad)
            finally:
                context.close()
    finally:
        site.stop()
        server.stop()
    return {
        "server_confirm_ms": _figure(served, "ms"),
        "web_confirm_ms": _figure(web, "ms", "server_confirm_ms", "≤ 1.5× server_confirm_ms"),
    }


def run() -> dict:
    if not CHROMIUM.exists():
        raise RuntimeError(f"Chromium not found at {CHROMIUM} (make browser)")
    figures: dict[str, dict] = {}
    with tempfile.TemporaryDirectory(prefix="block24-bench-web-logs-") as logs, sync_playwright() as p:
        for step in (measure_start, measure_confirm):
            began = time.perf_counter()
            figures.update(step(p.chromium, pathlib.Path(logs)))
            print(f"  {step.__name__}: {time.perf_counter() - began:.0f} s", flush=True)
    return figures


if __name__ == "__main__":
    for key, figure in run().items():
        print(f"{key:32} {figure['value']:10.2f} {figure['unit']}")
