"""A restart of the offline build beside its floor, in Chromium and in WebKit (``bench.web``).

Three builds, each on its own static server, each first visited on a fresh profile with the
server up, then restarted with it stopped (everything from the service worker's cache);
taking turns run by run:

- the **client alone**: the counter's build with Python stubbed out (``python.js`` starts no
  worker and never answers Flutter's connect): Flutter's own first frame, the floor of this
  architecture;
- the **bare counter** (``bench/bare_flet_app.py``), Python started from a memory snapshot as
  the pad's is (like for like);
- the **pad**.

Figures (seconds from navigation, stamped in the page with ``performance.now()``):

``web_ENGINE_client_first_frame_s``
    Flutter's first frame in the client alone (``block24FirstFrameAt``, ``register.js``).
``web_ENGINE_counter_usable_s`` / ``web_ENGINE_restart_usable_s``
    The counter's and the pad's "New game" in the accessibility tree, visible.
``web_ENGINE_counter_first_answer_s`` / ``web_ENGINE_restart_first_answer_s``
    A tap on "New game" the moment it shows, answered (the counter's "Count 1", the pad's
    "Start game"): usable + the tap's own time from its ``pointerdown`` (the driver's delay
    before it taps is left out).
``web_ENGINE_restart_first_frame_s``, ``web_ENGINE_restart_python_s``
    In the pad's restarts: Flutter's first frame, and Python up with the app imported.

ENGINE is ``chromium`` (headless, Playwright, a new browser process per restart) or ``webkit``
(WebKitGTK's MiniBrowser through WebKitWebDriver under Xvfb; a restart is a new tab of the
same browser, which keeps a session's data in memory only).
"""

from __future__ import annotations

import pathlib
import shutil
import tempfile
import time
from collections.abc import Callable
from statistics import median

from playwright.sync_api import BrowserType

from tests.e2e import engines
from tests.e2e.pad import Pad
from tests.e2e.web_site import SERVING, StaticSite, build_version, phone_profile, wait_for_service_worker
from web import build as web_build

from .app import _figure, _ratio

RUNS = {"chromium": 3, "webkit": 2}
COUNTER_OUT = web_build.ROOT / "build" / "bench" / "web-counter"
CLIENT_OUT = web_build.ROOT / "build" / "bench" / "web-client"
NO_PYTHON = """// bench.web: the Flutter client alone: no Python worker, its connect never answered.
globalThis.block24PythonUp = Promise.resolve();
globalThis.jsConnect = () => new Promise(() => {});
globalThis.jsSend = async () => {};
globalThis.jsDisconnect = async () => {};
"""
ANSWERS = {"client": None, "counter": "^Count 1$", "pad": "^Start game$"}
"""What answers the first tap on "New game"."""

# In the page from its start (Chromium: an init script; WebKit: right after navigation, long
# before Flutter is up): Flutter's accessibility tree switched on as soon as it can be, and
# when "New game" shows, when it is tapped and when the tap's answer shows.
WATCH = """(answer) => {
  if (globalThis.__start) return;
  const w = globalThis.__start = {installed: performance.now(), usable: null, tapped: null,
                                  answered: null};
  const shown = (pattern, button) => {
    const selector = button ? "flt-semantics[role=button]"
                            : "flt-semantics, [flt-semantics-identifier]";
    for (const node of document.querySelectorAll(selector)) {
      const words = (node.getAttribute("aria-label") || node.textContent || "")
        .replace(/\\s+/g, " ").trim();
      const box = node.getBoundingClientRect();
      if (pattern.test(words) && box.width > 0 && box.height > 0) return true;
    }
    return false;
  };
  addEventListener("pointerdown", () => {
    if (w.usable !== null && w.tapped === null) w.tapped = performance.now();
  }, true);
  const look = () => {
    document.querySelector("flt-semantics-placeholder")?.click();
    if (w.usable === null && shown(/^New game$/, true)) w.usable = performance.now();
    if (w.tapped !== null && w.answered === null && answer && shown(new RegExp(answer), false)) {
      w.answered = performance.now();
      watcher.disconnect();
    }
  };
  const watcher = new MutationObserver(look);
  watcher.observe(document, {childList: true, subtree: true, attributes: true, characterData: true});
}"""
READ = """() => ({...globalThis.__start, firstFrame: globalThis.block24FirstFrameAt ?? null,
                python: globalThis.block24PythonAt ?? null, how: globalThis.block24Python ?? null,
                ...globalThis.block24Steps, connect: globalThis.block24ConnectAt ?? null,
                firstMessage: globalThis.block24FirstMessageAt ?? null,
                lastMessage: globalThis.block24LastMessageAt ?? null})"""


def client_alone() -> pathlib.Path:
    """The counter's build with Python stubbed out (its service worker stamped anew)."""
    counter = web_build.build(COUNTER_OUT, web_build.COUNTER)
    shutil.rmtree(CLIENT_OUT, ignore_errors=True)
    shutil.copytree(counter, CLIENT_OUT)
    (CLIENT_OUT / "python.js.gz").unlink(missing_ok=True)
    (CLIENT_OUT / "python.js").write_text(NO_PYTHON)
    web_build.stamp(CLIENT_OUT)
    return CLIENT_OUT


def _builds() -> dict[str, pathlib.Path]:
    return {"client": client_alone(), "counter": web_build.build(COUNTER_OUT, web_build.COUNTER),
            "pad": web_build.build()}


def _until(check: Callable[[], dict], key: str, timeout_s: float = 240) -> dict:
    deadline = time.monotonic() + timeout_s
    while True:
        found = check()
        if found and found.get(key) is not None:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"no {key} within {timeout_s} s: {found}")
        time.sleep(0.05)


# -- Chromium ---------------------------------------------------------------------------------


def _chromium_restart(browser_type: BrowserType, kind: str, folder: pathlib.Path, log: pathlib.Path
                      ) -> dict:
    log.unlink(missing_ok=True)
    site = StaticSite(folder, log)
    site.start()
    with tempfile.TemporaryDirectory(prefix="block24-bench-start-") as profile:
        try:
            context = phone_profile(browser_type, pathlib.Path(profile))
            pad = Pad(context.new_page(), site.url)
            if kind == "client":
                pad.page.goto(site.url)
                pad.page.wait_for_function("globalThis.block24FirstFrameAt", timeout=120_000)
            else:
                pad.open()
                pad.button("New game").wait_for(state="visible", timeout=120_000)
            version = build_version(folder)
            if kind == "client":  # no app to wait for after the reload
                deadline = time.monotonic() + 120
                while not pad.page.evaluate(SERVING, version) and time.monotonic() < deadline:
                    pad.page.wait_for_timeout(500)
                pad.page.reload()
                pad.page.wait_for_function("!!navigator.serviceWorker.controller", timeout=30_000)
            else:
                wait_for_service_worker(pad, version)
            context.close()
        finally:
            site.stop()
        context = phone_profile(browser_type, pathlib.Path(profile))
        try:
            context.add_init_script(f"({WATCH})({ANSWERS[kind]!r})".replace("None", "null"))
            page = context.new_page()
            pad = Pad(page, site.url)
            page.goto(site.url)
            if kind == "client":
                return _until(lambda: page.evaluate(READ), "firstFrame")
            _until(lambda: page.evaluate(READ), "usable")
            for _ in range(4):  # a tap while Flutter rebuilt its semantics can be lost
                pad._click(pad.button("New game"))
                try:
                    return _until(lambda: page.evaluate(READ), "answered", timeout_s=10)
                except AssertionError:
                    continue
            return _until(lambda: page.evaluate(READ), "answered", timeout_s=30)
        finally:
            context.close()


# -- WebKit -----------------------------------------------------------------------------------


def _webkit_restart(display: str, kind: str, folder: pathlib.Path, log: pathlib.Path) -> dict:
    log.unlink(missing_ok=True)
    site = StaticSite(folder, log)
    site.start()
    browser = engines.WebKit(display)
    try:
        try:
            pad = engines.EnginePad(browser, site.url)
            if kind == "client":
                browser.goto(site.url)
                pad.wait("() => globalThis.block24FirstFrameAt", timeout_s=240, what="first frame")
            else:
                pad.open("New game")
            pad.wait_for_service_worker(build_version(folder))
        finally:
            site.stop()
        browser.new_tab()
        browser.goto(site.url)
        browser.evaluate(WATCH, ANSWERS[kind])
        if kind == "client":
            return _until(lambda: browser.evaluate(READ), "firstFrame")  # type: ignore[arg-type,return-value]
        _until(lambda: browser.evaluate(READ), "usable")  # type: ignore[arg-type,return-value]
        pad = engines.EnginePad(browser, site.url)
        for _ in range(4):
            pad.tap("New game")
            try:
                return _until(lambda: browser.evaluate(READ), "answered", timeout_s=10)  # type: ignore[arg-type,return-value]
            except AssertionError:
                continue
        return _until(lambda: browser.evaluate(READ), "answered", timeout_s=30)  # type: ignore[arg-type,return-value]
    finally:
        browser.close()


# -- the figures ------------------------------------------------------------------------------


def _figures(engine: str, found: dict[str, list[dict]]) -> dict:
    """Seconds from navigation; the aims are ratios to the same run's baselines."""
    def s(kind: str, key: str) -> list[float]:
        return [run[key] / 1000 for run in found[kind] if run.get(key) is not None]

    def answer(kind: str) -> list[float]:
        return [(run["usable"] + run["answered"] - run["tapped"]) / 1000 for run in found[kind]]

    e = f"web_{engine}"
    hows = sorted({str(run.get("how")) for run in found["pad"] + found["counter"]})
    return {
        f"{e}_client_first_frame_s": _figure(s("client", "firstFrame"), "s", None,
                                             "Flutter alone, no Python: the floor"),
        f"{e}_counter_usable_s": _figure(s("counter", "usable"), "s", None, "Python from a snapshot"),
        f"{e}_counter_first_answer_s": _figure(answer("counter"), "s"),
        f"{e}_restart_usable_s": _figure(s("pad", "usable"), "s", f"{e}_counter_usable_s",
                                         "≤ 1.0× the counter, ≤ 1.3× the client's first frame"),
        f"{e}_restart_usable_ratio": _ratio(median(s("pad", "usable")), median(s("counter", "usable")),
                                            len(found["pad"]), "≤ 1.0 (the counter's)"),
        f"{e}_restart_usable_vs_floor": _ratio(median(s("pad", "usable")),
                                               median(s("client", "firstFrame")), len(found["pad"]),
                                               "≤ 1.3 (the client's first frame)"),
        f"{e}_restart_first_answer_s": _figure(answer("pad"), "s", f"{e}_counter_first_answer_s"),
        f"{e}_restart_first_frame_s": _figure(s("pad", "firstFrame"), "s"),
        f"{e}_restart_python_s": _figure(s("pad", "python"), "s", None, f"started: {', '.join(hows)}"),
    }


def _show(engine: str, kind: str, run: dict) -> None:
    """One restart's stamps (s from navigation), as it is measured: where a start goes."""
    times = {key: value for key, value in run.items()
             if isinstance(value, (int, float)) and key != "installed"}
    stamps = " ".join(f"{key.replace(' ', '_')}={value / 1000:.2f}"
                      for key, value in sorted(times.items(), key=lambda item: item[1]))
    print(f"    {engine} {kind:7} {stamps} {run.get('how') or ''}", flush=True)


def measure_chromium(browser_type: BrowserType, logs: pathlib.Path) -> dict:
    builds = _builds()
    found: dict[str, list[dict]] = {kind: [] for kind in builds}
    for _ in range(RUNS["chromium"]):
        for kind, folder in builds.items():
            found[kind].append(_chromium_restart(browser_type, kind, folder, logs / f"{kind}.log"))
            _show("chromium", kind, found[kind][-1])
    return _figures("chromium", found)


def measure_webkit(logs: pathlib.Path) -> dict:
    builds = _builds()
    found: dict[str, list[dict]] = {kind: [] for kind in builds}
    display = engines.Xvfb()
    try:
        for _ in range(RUNS["webkit"]):
            for kind, folder in builds.items():
                found[kind].append(_webkit_restart(display.display, kind, folder, logs / f"{kind}.log"))
                _show("webkit", kind, found[kind][-1])
    finally:
        display.stop()
    return _figures("webkit", found)
