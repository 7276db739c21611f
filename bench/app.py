"""The table in a real browser: taps per round, tap-to-Block latency, cold start, server memory.

Every figure drives the served app in Debian's Chromium through the browser
driver of the end-to-end tests (``tests/e2e/pad.py``), beside a bare Flet app
(``bench/bare_flet_app.py``: one button, one text) served the same way in the
same run. Each server is its own process with its own temporary
``BLOCK24_DATA`` folder and a free port.

``taps_per_round_4p``
    Clicks the driver performed to record a 4-player round, from the Block back
    to the Block: trump colour, "Round over: count tricks", three trick counts
    (the fourth fills itself in), "Confirm round". Retries of lost taps count.
``tap_to_block_ms_p50`` / ``_p95``
    From the ``pointerdown`` of the "Confirm round" click to the moment all four
    new scores are in the accessibility DOM (``[flt-semantics-identifier=
    "score-NAME"]``), both timestamped inside the page with ``performance.now()``
    (a capturing pointer listener and a ``MutationObserver``), so driver
    overhead is excluded. Rounds that end a game leave the Block for the
    game-over panel and are not counted. Baseline ``bare_flet_roundtrip_ms_p50``:
    the same measure for the bare app's button and text, one tap after every
    round of the app, so both see the same load.
``bare_flet_block_table_ms_p50`` / ``_p95``
    The same measure for the bare app's "Block" button, which brings on screen
    a plain DataTable shaped like the app's Block after the same round: what
    Flet itself costs to show that much UI (no store, no components).
``cold_start_s`` / ``bare_flet_cold_start_s``
    From ``Popen`` of the server to the first interactive screen in a fresh
    browser context (no HTTP cache): Flutter loaded, semantics on, the "New
    game" button visible. Runs alternate app / bare.
``rss_mb_server_4_sessions`` / ``rss_mb_server_idle``
    ``VmRSS`` of the server process (and any children) with four browser
    contexts open on one game (one of them has played a round), and right after
    start with no session.
"""

from __future__ import annotations

import pathlib
import re
import shutil
import statistics
import tempfile
import time

from playwright.sync_api import Browser, sync_playwright

from scoring import Colour, Game, Round
from tests.e2e.conftest import CHROMIUM, LAUNCH_ARGS, PHONE, Server
from tests.e2e.pad import Pad

PLAYERS = ("Anna", "Ben", "Carl", "Dora")
# Tricks spread evenly: every round costs everyone 1 or 2 points, a game lasts 12 rounds.
TRICKS = {"Anna": 2, "Ben": 2, "Carl": 1, "Dora": 1}
GAMES = 3  # 36 rounds, 33 of them back to the Block
COLD_RUNS = 5
RSS_SAMPLES = 5

# Installed once per page: remembers the last pointerdown (capture phase, before Flutter sees it).
INSTALL = """() => {
  if (window.__b24) return;
  const b = window.__b24 = {down: null, done: null, obs: null};
  window.addEventListener('pointerdown', () => { b.down = performance.now(); }, true);
}"""
# Before a tap: watch the DOM until every selector's text matches its pattern.
ARM = """(want) => {
  const b = window.__b24;
  b.down = null; b.done = null;
  if (b.obs) b.obs.disconnect();
  const ok = () => Object.entries(want).every(([sel, pattern]) => {
    const el = document.querySelector(sel);
    if (!el) return false;
    const re = new RegExp(pattern);
    return [el.getAttribute('aria-label'), el.textContent].some(t => t && re.test(t.trim()));
  });
  b.obs = new MutationObserver(() => {
    if (b.down !== null && b.done === null && ok()) { b.done = performance.now(); b.obs.disconnect(); }
  });
  b.obs.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
}"""


class CountingPad(Pad):
    """The test driver, counting every click it performs (retries included)."""

    clicks = 0

    def _click(self, target) -> None:  # target: a Locator, as in Pad
        self.clicks += 1
        super()._click(target)


class Served(Server):
    """``python -m MODULE`` served like in the browser tests, in a temporary data folder."""

    def __init__(self, module: str) -> None:
        super().__init__(pathlib.Path(tempfile.mkdtemp(prefix="block24-bench-app-")), module=module)

    def rss_mb(self) -> float:
        """Resident memory of the server and its descendants, from /proc/PID/status."""
        assert self.process is not None
        pids, total = [self.process.pid], 0
        children: dict[int, list[int]] = {}
        for stat in pathlib.Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
        while pids:
            pid = pids.pop()
            pids += children.get(pid, [])
            try:
                status = pathlib.Path(f"/proc/{pid}/status").read_text()
            except OSError:
                continue
            match = re.search(r"^VmRSS:\s+(\d+) kB", status, re.M)
            total += int(match.group(1)) if match else 0
        return total / 1024

    def stop(self) -> None:
        super().stop()
        shutil.rmtree(self.data, ignore_errors=True)


def _open(browser: Browser, url: str) -> CountingPad:
    page = browser.new_context(viewport=PHONE, device_scale_factor=1).new_page()
    pad = CountingPad(page, url)
    pad.open()
    page.evaluate(INSTALL)
    return pad


def _new_game(pad: Pad) -> None:
    """Home → a 4-player game with default rules, at its Block."""
    pad.tap("New game", then="Start game")
    pad.seat(PLAYERS)
    pad.tap("Start game", then=re.compile("calls trump"))


def _timed_tap(pad: Pad, button: str | re.Pattern[str], want: object, *, arm: str = ARM,
               timeout_ms: int = 10_000) -> float:
    """Tap ``button``; milliseconds in the page from its pointerdown until ``want`` holds.

    ``arm`` is the page script that watches for ``want`` and stamps ``window.__b24`` (this
    module's :data:`ARM` waits for texts by selector; a caller may bring its own).
    """
    page = pad.page
    page.evaluate(arm, want)
    for _ in range(4):
        pad._click(pad.button(button))
        try:
            page.wait_for_function("window.__b24.done !== null", timeout=timeout_ms)
            break
        except Exception:  # a lost tap under load: tap again
            continue
    else:
        raise RuntimeError(f"no change after tapping {button!r} (waiting for {want!r})")
    return page.evaluate("window.__b24.done - window.__b24.down")


def _score_want(scores: dict[str, int]) -> dict[str, str]:
    return {f'[flt-semantics-identifier="score-{name}"]': rf"^{name} {score}\b"
            for name, score in scores.items()}


def _figure(values: list[float], unit: str, baseline: str | None = None, aim: str = "",
            value: float | None = None) -> dict:
    q = statistics.quantiles(values, n=4) if len(values) > 1 else [values[0]] * 3
    return {"value": statistics.median(values) if value is None else value, "unit": unit,
            "runs": len(values), "spread": q[2] - q[0], "baseline": baseline, "aim": aim}


def _ratio(value: float, baseline: float, runs: int, aim: str) -> dict:
    return {"value": value / baseline, "unit": "×", "runs": runs, "spread": 0, "baseline": None,
            "aim": aim}


def _percentile(values: list[float], p: int) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[p - 1]


def measure_rounds(browser: Browser) -> dict:
    """Play GAMES four-player games on the app, one bare-Flet tap after every round."""
    app, bare = Served("app.main"), Served("bench.bare_flet_app")
    app.start()
    bare.start()
    try:
        pad, base = _open(browser, app.url), _open(browser, bare.url)
        taps, latency, bare_latency, bare_table = [], [], [], []
        count = 0
        for _ in range(GAMES):
            if pad.page.get_by_role("button", name="Rematch").count():
                pad.tap("Rematch", then=re.compile("calls trump"))
            else:
                _new_game(pad)
            game = Game(PLAYERS)
            while not game.finished:
                game = game.record(Round(game.next_caller, Colour.RED, TRICKS))
                pad.page.bring_to_front()
                before = pad.clicks
                pad.tap("Red", then=re.compile("count tricks"))
                pad.tap(re.compile("count tricks"), then=re.compile("^Tricks · Round"))
                pad.give_tricks(dict(list(TRICKS.items())[:3]))
                if game.finished:
                    want = {'[flt-semantics-identifier="game-over"]': "."}
                    _timed_tap(pad, "Confirm round", want)
                else:
                    latency.append(_timed_tap(pad, "Confirm round", _score_want(game.scores)))
                taps.append(pad.clicks - before)
                base.page.bring_to_front()
                count += 1
                bare_latency.append(_timed_tap(base, "New game",
                                               {'[flt-semantics-identifier="value"]':
                                                rf"^Count {count}$"}))
                shown = _timed_tap(base, "Block", {'[flt-semantics-identifier="block"]':
                                                   rf"^Block {len(game.rounds)}$"})
                if not game.finished:
                    bare_table.append(shown)
                base._click(base.button("Block"))
                base.by_id("block").wait_for(state="detached")
    finally:
        app.stop()
        bare.stop()
    p50, bare_p50 = statistics.median(latency), statistics.median(bare_latency)
    return {
        "taps_per_round_4p": {**_figure([float(t) for t in taps], "taps", aim="≤ 6"),
                              "max": max(taps)},
        "bare_flet_roundtrip_ms_p50": _figure(bare_latency, "ms"),
        "tap_to_block_ms_p50": _figure(latency, "ms", "bare_flet_roundtrip_ms_p50",
                                       "≤ 1.5× bare_flet_roundtrip_ms_p50"),
        "tap_to_block_ms_p95": _figure(latency, "ms", aim="≤ 100 ms",
                                       value=_percentile(latency, 95)),
        "bare_flet_roundtrip_ms_p95": _figure(bare_latency, "ms",
                                              value=_percentile(bare_latency, 95)),
        "tap_to_block_p50_ratio": _ratio(p50, bare_p50, len(latency), "≤ 1.5"),
        "bare_flet_block_table_ms_p50": _figure(bare_table, "ms"),
        "bare_flet_block_table_ms_p95": _figure(bare_table, "ms",
                                                value=_percentile(bare_table, 95)),
    }


def _cold_start(browser: Browser, module: str) -> float:
    server = Served(module)
    started = server.start()
    try:
        page = browser.new_context(viewport=PHONE, device_scale_factor=1).new_page()
        try:
            pad = Pad(page, server.url)
            pad.open()
            pad.button("New game").wait_for(state="visible", timeout=60_000)
            return time.perf_counter() - started
        finally:
            page.context.close()
    finally:
        server.stop()


def measure_cold_start(browser: Browser) -> dict:
    """COLD_RUNS starts of each server, alternating."""
    ours, bare = [], []
    for _ in range(COLD_RUNS):
        ours.append(_cold_start(browser, "app.main"))
        bare.append(_cold_start(browser, "bench.bare_flet_app"))
    return {
        "cold_start_ratio": _ratio(statistics.median(ours), statistics.median(bare), len(ours),
                                   "≤ 1.2"),
        "bare_flet_cold_start_s": _figure(bare, "s"),
        "cold_start_s": _figure(ours, "s", "bare_flet_cold_start_s",
                                "≤ 1.2× bare_flet_cold_start_s"),
    }


def _rss_samples(server: Served) -> list[float]:
    samples = []
    for _ in range(RSS_SAMPLES):
        samples.append(server.rss_mb())
        time.sleep(0.2)
    return samples


def measure_memory(browser: Browser) -> dict:
    """The app server idle, then with four sessions on one game."""
    server = Served("app.main")
    server.start()
    pads: list[Pad] = []
    try:
        time.sleep(1)
        idle = _rss_samples(server)
        first = _open(browser, server.url)
        pads.append(first)
        _new_game(first)
        for _ in range(3):  # each new session resumes the open game (the store's last game)
            pad = _open(browser, server.url)
            pads.append(pad)
            pad.by_id("score-Dora").wait_for(timeout=20_000)
        first.page.bring_to_front()
        first.tap("Red", then=re.compile("count tricks"))
        first.tap(re.compile("count tricks"), then=re.compile("^Tricks · Round"))
        first.give_tricks(dict(list(TRICKS.items())[:3]))
        first.tap("Confirm round", then="Saved")
        time.sleep(1)
        busy = _rss_samples(server)
    finally:
        for pad in pads:
            pad.page.context.close()
        server.stop()
    return {
        "rss_mb_server_idle": _figure(idle, "MB"),
        "rss_mb_server_4_sessions": _figure(busy, "MB", "rss_mb_server_idle"),
    }


def run() -> dict:
    """All figures of the table in one browser."""
    if not CHROMIUM.exists():
        raise RuntimeError(f"Chromium not found at {CHROMIUM} (make browser)")
    figures: dict[str, dict] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=LAUNCH_ARGS)
        try:
            for step in (measure_cold_start, measure_rounds, measure_memory):
                began = time.perf_counter()
                figures.update(step(browser))
                print(f"  {step.__name__}: {time.perf_counter() - began:.0f} s", flush=True)
        finally:
            browser.close()
    return figures
