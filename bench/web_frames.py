"""Restarts of the installed pad in Chromium, Firefox and WebKit, watched on the screen (``bench.web``).

Each engine headful on an Xvfb screen (``tests/e2e/screen.py``): the build installed (first visit,
the offline copy whole), the host stopped, then :data:`RESTARTS` starts, each grabbed every 0.1 s
from the first picture until "New game" is usable and drawn (``tests/e2e/test_no_blank_frame.py``
does 2 per engine). One engine's restarts in a row, then the next engine's (each keeps one
browser profile; WebKit's lives in its browser).

Figures, per ENGINE (seconds from navigation, the page's own stamps; medians with their spread):

``web_frames_ENGINE_blank_restarts``
    Restarts with a blank grab between the first picture and the app (aim 0 of :data:`RESTARTS`);
    ``web_frames_ENGINE_blank_s``: the longest blank stretch seen.
``web_frames_ENGINE_first_frame_s`` / ``web_frames_ENGINE_usable_s``
    Flutter's first frame, and "New game" in the accessibility tree; ``..._usable_ratio``: usable
    over Flutter's own first frame in the same restart (aim ≤ 1.5 Chromium, Firefox; ≤ 2.0 WebKit);
    ``..._shown_ratio``: the same for the app in sight (the loading picture gone: ``_shown_s``).
The breakdown (``_snapshot_read_s``, ``_restored_s``, ``_python_s``, ``_connect_s``,
``_first_message_s``, ``_last_message_s``): the worker's snapshot read from the cache (fetch),
Pyodide's WebAssembly compiled and the memory restored, Python up with the app, the store
opened on IndexedDB (``prepared``), Flutter's connect to Python (``connect``, ``connected``), the
first screen sent (``screen_sent``) and the app's last message of the start.
"""

from __future__ import annotations

import pathlib
import tempfile
from statistics import median

from tests.e2e.screen import Screen, Start, restarts
from web import build as web_build

from .app import _figure, _ratio

RESTARTS = 10
ENGINES = ("chromium", "firefox", "webkit")
AIMS = {"chromium": 1.5, "firefox": 1.5, "webkit": 2.0}
BREAKDOWN = {"snapshot_read": "snapshot read", "restored": "restored", "python": "python",
             "prepared": "prepared", "connect": "connect", "connected": "connected",
             "screen_sent": "screen", "last_message": "lastMessage", "shown": "shown"}


def _screen_sent(stamps: dict) -> float | None:
    """When the worker sent the first screen (its first message to Flutter over 2 kB: the
    worker stamps its first messages as "out N BYTES")."""
    sent = [at for key, at in stamps.items() if key.startswith("out ") and int(key.split()[2]) > 2000]
    return min(sent, default=None)


def _show(start: Start) -> None:
    stamps = {key: value for key, value in start.stamps.items() if isinstance(value, (int, float))}
    line = " ".join(f"{key.replace(' ', '_')}={value / 1000:.2f}"
                    for key, value in sorted(stamps.items(), key=lambda item: item[1])
                    if not key.startswith(("in ", "out ")))
    print(f"    {start.describe()}\n      {line}", flush=True)


def _figures(engine: str, starts: list[Start]) -> dict:
    for start in starts:
        start.stamps["screen"] = _screen_sent(start.stamps)
        # The app in sight: the loading picture (or the glance) gone, the app's frame behind it.
        start.stamps["shown"] = start.stamps.get("loadingGone") or start.stamps.get("glanceGone")
    def s(key: str) -> list[float]:
        return [start.stamps[key] / 1000 for start in starts if start.stamps.get(key) is not None]

    e = f"web_frames_{engine}"
    runs = [run for start in starts for run in start.blank_runs()]
    blank_restarts = sum(1 for start in starts if start.blanks)
    usable, first = s("usable"), s("firstFrame")
    figures = {
        f"{e}_blank_restarts": {"value": blank_restarts, "unit": "restarts", "runs": len(starts),
                                "spread": 0, "baseline": None, "aim": f"0 of {len(starts)}"},
        f"{e}_blank_s": {"value": max((b - a + 0.1 for a, b in runs), default=0.0), "unit": "s",
                         "runs": len(starts), "spread": 0, "baseline": None,
                         "aim": "the longest blank stretch (grabs every 0.1 s)"},
        f"{e}_first_frame_s": _figure(first, "s", None, "Flutter's own first frame"),
        f"{e}_usable_s": _figure(usable, "s", f"{e}_first_frame_s",
                                 f"≤ {AIMS[engine]}× {e}_first_frame_s"),
        f"{e}_usable_ratio": _ratio(median(usable), median(first), len(starts), f"≤ {AIMS[engine]}"),
    }
    if s("shown"):
        figures[f"{e}_shown_ratio"] = _ratio(median(s("shown")), median(first), len(starts),
                                             "the app in sight (the loading picture gone)")
    for name, key in BREAKDOWN.items():
        if s(key):
            figures[f"{e}_{name}_s"] = _figure(s(key), "s")
    return figures


def measure(chromium: object, engines: tuple[str, ...] = ENGINES, count: int = RESTARTS) -> dict:
    folder = web_build.build()
    screen = Screen()
    figures: dict = {}
    try:
        for engine in engines:
            with tempfile.TemporaryDirectory(prefix="block24-bench-frames-") as scratch:
                starts = restarts(engine, folder, screen, count, pathlib.Path(scratch), chromium)
            for start in starts:
                _show(start)
            figures.update(_figures(engine, starts))
    finally:
        screen.stop()
    return figures
