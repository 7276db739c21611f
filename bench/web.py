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
``web_midgame_scores_s`` / ``web_midgame_app_s``
    A profile with a game in progress (two rounds saved) restarted with the
    server stopped: from navigation to the current scores on the loading screen
    (``web/client/glance.js``, ``performance.now()`` in the page: its origin is
    the navigation), and from ``goto`` to the app's own names row with those
    scores. ``web_python_ready_s``: when the worker had Python up with the app
    imported (from the memory snapshot) in those restarts.
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
from collections.abc import Callable
from typing import TypeVar

from playwright.sync_api import BrowserType, sync_playwright

from scoring import Colour, Game, Round
from tests.e2e.conftest import CHROMIUM
from tests.e2e.pad import Pad
from tests.e2e.web_site import StaticSite, build_version, phone_profile, wait_for_service_worker
from web import build as web_build

from .app import INSTALL, PLAYERS, TRICKS, Served, _figure, _new_game, _ratio, _score_want, _timed_tap

RUNS = 3
T = TypeVar("T")
U = TypeVar("U")
ROUNDS = 6
COUNTER_OUT = web_build.ROOT / "build" / "bench" / "web-counter"


def _first_screen(pad: Pad) -> float:
    """Seconds from ``goto`` to "New game" in the accessibility tree."""
    started = time.perf_counter()
    pad.open()
    pad.button("New game").wait_for(state="visible", timeout=120_000)
    return time.perf_counter() - started


def _offline_restart(browser_type: BrowserType, folder: pathlib.Path, log: pathlib.Path,
                     visit: Callable[[Pad], T], restart: Callable[[Pad], U]) -> tuple[T, U]:
    """``visit`` on a fresh profile with the server up, then ``restart`` in the same profile
    restarted (a new browser process) with the server stopped: everything from the cache."""
    site = StaticSite(folder, log)
    site.start()
    with tempfile.TemporaryDirectory(prefix="block24-bench-web-") as profile:
        try:
            context = phone_profile(browser_type, pathlib.Path(profile))
            pad = Pad(context.new_page(), site.url)
            first = visit(pad)
            wait_for_service_worker(pad, build_version(folder))
            context.close()
        finally:
            site.stop()
        context = phone_profile(browser_type, pathlib.Path(profile))
        try:
            second = restart(Pad(context.new_page(), site.url))
        finally:
            context.close()
    return first, second


def _visit_and_restart(browser_type: BrowserType, folder: pathlib.Path, log: pathlib.Path
                       ) -> tuple[float, float]:
    """A first visit with the server up, then a restart from the cache with it stopped."""
    return _offline_restart(browser_type, folder, log, _first_screen, _first_screen)


def _midgame_restart(browser_type: BrowserType, folder: pathlib.Path, log: pathlib.Path
                     ) -> tuple[float, float, float, str]:
    """Seconds to the scores on the loading screen and in the app, and to Python, mid-game."""

    scores: dict[str, int] = {}

    def play(pad: Pad) -> None:
        pad.open()
        _new_game(pad)
        game = Game(PLAYERS)
        for _ in range(2):
            game = game.record(Round(game.next_caller, Colour.RED, TRICKS))
            pad.play_round("Red", dict(list(TRICKS.items())[:3]))
        scores.update(game.scores)

    def reopen(pad: Pad) -> tuple[float, float, float, str]:
        started = time.perf_counter()
        pad.open()
        name, score = next(iter(scores.items()))
        pad.score_is(name, str(score))
        app = time.perf_counter() - started
        glance = pad.page.evaluate("globalThis.block24GlanceShown ?? NaN") / 1000
        python = pad.page.wait_for_function("globalThis.block24PythonAt").json_value() / 1000
        return glance, app, python, pad.page.evaluate("globalThis.block24Python")

    return _offline_restart(browser_type, folder, log, play, reopen)[1]


def measure_midgame(browser_type: BrowserType, logs: pathlib.Path) -> dict:
    glance, app, python, hows = [], [], [], set()
    for _ in range(RUNS):
        shown, usable, ready, how = _midgame_restart(browser_type, web_build.build(), logs / "mid.log")
        glance.append(shown)
        app.append(usable)
        python.append(ready)
        hows.add(how)
    return {
        "web_midgame_scores_s": _figure(glance, "s", None, "≤ 1.0 s"),
        "web_midgame_app_s": _figure(app, "s"),
        "web_python_ready_s": _figure(python, "s", None, f"started: {', '.join(sorted(hows))}"),
    }


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
        "web_first_visit_s": _figure(app_first, "s", "web_counter_first_visit_s", "≤ 1.1×"),
        "web_counter_restart_s": _figure(bare_restart, "s"),
        "web_restart_s": _figure(app_restart, "s", "web_counter_restart_s", "≤ 0.9× web_counter_restart_s"),
        "web_restart_ratio": _ratio(statistics.median(app_restart), statistics.median(bare_restart),
                                    RUNS, "≤ 0.9"),
        "web_first_visit_ratio": _ratio(statistics.median(app_first), statistics.median(bare_first),
                                        RUNS, "≤ 1.1"),
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
        "web_confirm_ms": _figure(web, "ms", "server_confirm_ms", "≤ 1.2× server_confirm_ms"),
        "web_confirm_ratio": _ratio(statistics.median(web), statistics.median(served), ROUNDS, "≤ 1.2"),
    }


def run() -> dict:
    if not CHROMIUM.exists():
        raise RuntimeError(f"Chromium not found at {CHROMIUM} (make browser)")
    figures: dict[str, dict] = {}
    with tempfile.TemporaryDirectory(prefix="block24-bench-web-logs-") as logs, sync_playwright() as p:
        for step in (measure_start, measure_midgame, measure_confirm):
            began = time.perf_counter()
            figures.update(step(p.chromium, pathlib.Path(logs)))
            print(f"  {step.__name__}: {time.perf_counter() - began:.0f} s", flush=True)
    return figures


if __name__ == "__main__":
    for key, figure in run().items():
        print(f"{key:32} {figure['value']:10.2f} {figure['unit']}")
