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
    stopped: everything comes from the service worker's cache. Both start
    Python from a memory snapshot made at build time (like for like).
    ``web_restart_flutter_loaded_s``: when Flutter's client had loaded in
    the pad's restarts (from navigation): the floor of this architecture.
``web_first_visit_mb``
    What the host sent for the pad's first visit and the offline copy fetched
    behind it (http.server compresses nothing: the build's gzipped copies).
``web_midgame_scores_s`` / ``web_midgame_app_s``
    A profile with a game in progress (two rounds saved) restarted with the
    server stopped: from navigation to the current scores on the loading screen
    (``web/client/glance.js``, ``performance.now()`` in the page: its origin is
    the navigation), and from ``goto`` to the app's own names row with those
    scores. ``web_python_ready_s``: when the worker had Python up with the app
    imported (from the memory snapshot) in those restarts.
``web_restart_1000_games_s`` / ``web_restart_3_games_s``
    A profile holding that many finished games (imported from a backup, as a
    user would) restarted with the server stopped, to the home screen; then
    ``web_home_to_game_*_s`` (a tap on the newest game until its screen) and
    ``web_game_to_home_*_s`` ("Games" until home again), in the same restart.
``web_confirm_ms`` / ``server_confirm_ms``
    From the pointerdown of "Confirm round" to the new scores in the DOM (they
    show only after the store's write was saved: in the web build that is the
    IndexedDB sync), medians over ``ROUNDS`` rounds in the web build and in the
    served app (``python -m app.main``).
"""

from __future__ import annotations

import json
import pathlib
import re
import statistics
import tempfile
import time
from collections.abc import Callable
from typing import TypeVar

from playwright.sync_api import BrowserType, sync_playwright

from scoring import Colour, Game, Round, game_to_record
from tests.e2e.conftest import CHROMIUM
from tests.e2e.pad import Pad
from tests.e2e.web_site import StaticSite, build_version, phone_profile, wait_for_service_worker
from web import build as web_build

from . import web_frames, web_start
from .app import INSTALL, PLAYERS, TRICKS, Served, _figure, _new_game, _ratio, _score_want, _timed_tap
from .store import finished_game

RUNS = 3
ARCHIVE_RUNS = 2
T = TypeVar("T")
U = TypeVar("U")
ROUNDS = 12
COUNTER_OUT = web_build.ROOT / "build" / "bench" / "web-counter"
SENT: list[int] = []
"""Bytes the host sent for each profile's first visit (http.server compresses nothing)."""


def _first_screen(pad: Pad) -> float:
    """Seconds from ``goto`` to "New game" in the accessibility tree."""
    started = time.perf_counter()
    pad.open()
    pad.button("New game").wait_for(state="visible", timeout=120_000)
    return time.perf_counter() - started


def _first_screen_and_flutter(pad: Pad) -> tuple[float, float]:
    """:func:`_first_screen`, and when Flutter's client had loaded (s from navigation): the
    floor of this architecture, drawn by the same run."""
    usable = _first_screen(pad)
    return usable, pad.page.evaluate("globalThis.block24FlutterAt ?? NaN") / 1000


def _offline_restart(browser_type: BrowserType, folder: pathlib.Path, log: pathlib.Path,
                     visit: Callable[[Pad], T], restart: Callable[[Pad], U]) -> tuple[T, U]:
    """``visit`` on a fresh profile with the server up, then ``restart`` in the same profile
    restarted (a new browser process) with the server stopped: everything from the cache."""
    log.unlink(missing_ok=True)  # bytes_sent reads this visit's log only
    site = StaticSite(folder, log)
    site.start()
    with tempfile.TemporaryDirectory(prefix="block24-bench-web-") as profile:
        try:
            context = phone_profile(browser_type, pathlib.Path(profile))
            pad = Pad(context.new_page(), site.url)
            first = visit(pad)
            wait_for_service_worker(pad, build_version(folder))
            SENT.append(site.bytes_sent())  # the first visit and the offline copy behind it
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
                       ) -> tuple[float, tuple[float, float]]:
    """A first visit with the server up, then a restart from the cache with it stopped."""
    return _offline_restart(browser_type, folder, log, _first_screen, _first_screen_and_flutter)


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


ARCHIVES = (3, 1000)


def _archive_restart(browser_type: BrowserType, folder: pathlib.Path, log: pathlib.Path, count: int
                     ) -> tuple[float, float, float]:
    """Restart to home, home → a game, game → home, with ``count`` finished games stored."""
    record = game_to_record(finished_game())
    backup = json.dumps([{"id": f"g{n:05d}", **record} for n in range(count)]).encode()

    def store(pad: Pad) -> None:
        pad.open()
        pad.page.goto(pad.url + "#/settings")
        with pad.page.expect_file_chooser() as chooser:
            pad.tap("Import a backup")
        chooser.value.set_files(files=[{"name": "old.json", "mimeType": "application/json",
                                        "buffer": backup}])
        pad.page.get_by_text(re.compile(f"old.json: {count} new games")).first.wait_for(timeout=300_000)
        pad.page.goto(pad.url + "#/")

    def reopen(pad: Pad) -> tuple[float, float, float]:
        restart = _first_screen(pad)
        newest = pad.page.get_by_role("button", name=re.compile("^Anna · Ben · Carl")).first
        began = time.perf_counter()
        pad._click(newest)
        pad.button("Games").wait_for(state="visible", timeout=120_000)
        to_game = time.perf_counter() - began
        began = time.perf_counter()
        pad._click(pad.button("Games"))
        pad.button("New game").wait_for(state="visible", timeout=120_000)
        return restart, to_game, time.perf_counter() - began

    return _offline_restart(browser_type, folder, log, store, reopen)[1]


def measure_archive(browser_type: BrowserType, logs: pathlib.Path) -> dict:
    found: dict[int, list[tuple[float, float, float]]] = {n: [] for n in ARCHIVES}
    folder = web_build.build()
    for _ in range(ARCHIVE_RUNS):
        for count in ARCHIVES:
            found[count].append(_archive_restart(browser_type, folder, logs / "archive.log", count))
    few, many = (list(zip(*found[n], strict=True)) for n in ARCHIVES)
    return {
        "web_restart_3_games_s": _figure(list(few[0]), "s"),
        "web_restart_1000_games_s": _figure(list(many[0]), "s", "web_restart_3_games_s", "≤ 1.2×"),
        "web_home_to_game_3_games_s": _figure(list(few[1]), "s"),
        "web_home_to_game_1000_games_s": _figure(list(many[1]), "s", "web_home_to_game_3_games_s"),
        "web_game_to_home_3_games_s": _figure(list(few[2]), "s"),
        "web_game_to_home_1000_games_s": _figure(list(many[2]), "s", "web_game_to_home_3_games_s",
                                                 "≤ 1 s"),
    }


def measure_start(browser_type: BrowserType, logs: pathlib.Path) -> dict:
    app_out = web_build.build()
    counter_out = web_build.build(COUNTER_OUT, web_build.COUNTER)
    app_first, app_restart, bare_first, bare_restart, flutter, sent = [], [], [], [], [], []
    for _ in range(RUNS):
        first, (restart, loaded) = _visit_and_restart(browser_type, app_out, logs / "app.log")
        app_first.append(first)
        app_restart.append(restart)
        flutter.append(loaded)
        sent.append(SENT[-1])
        first, (restart, _) = _visit_and_restart(browser_type, counter_out, logs / "counter.log")
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
                         "aim": f"{files} files on the host (gzipped copies included)"},
        "web_first_visit_mb": _figure([b / 1e6 for b in sent], "MB", None,
                                      "≤ 30 MB (sent by a host that compresses nothing)"),
        "web_restart_flutter_loaded_s": _figure(flutter, "s", None,
                                                "Flutter's client loaded in those restarts (the floor)"),
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


def measure_start_chromium(browser_type: BrowserType, logs: pathlib.Path) -> dict:
    return web_start.measure_chromium(browser_type, logs)


def measure_start_webkit(browser_type: BrowserType, logs: pathlib.Path) -> dict:
    return web_start.measure_webkit(logs)


def measure_frames(browser_type: BrowserType, logs: pathlib.Path) -> dict:
    return web_frames.measure(browser_type)


STEPS = [measure_frames, measure_start_chromium, measure_start_webkit, measure_start, measure_midgame,
         measure_confirm, measure_archive]


def run(only: list[str] | None = None) -> dict:
    """Every step, or those whose names end with one of ``only`` (``frames``, ``start_chromium``,
    ``confirm``)."""
    if not CHROMIUM.exists():
        raise RuntimeError(f"Chromium not found at {CHROMIUM} (make browser)")
    figures: dict[str, dict] = {}
    with tempfile.TemporaryDirectory(prefix="block24-bench-web-logs-") as logs, sync_playwright() as p:
        for step in STEPS:
            if only and not any(step.__name__.endswith(name) for name in only):
                continue
            began = time.perf_counter()
            figures.update(step(p.chromium, pathlib.Path(logs)))
            print(f"  {step.__name__}: {time.perf_counter() - began:.0f} s", flush=True)
    return figures


if __name__ == "__main__":
    import sys

    for key, figure in run(sys.argv[1:]).items():
        print(f"{key:32} {figure['value']:10.2f} {figure['unit']}")
