"""The web build in Chromium: a static server for a build folder and a browser profile that lasts.

Shared by ``tests/e2e/test_web_build.py`` and ``bench/web.py``. The server is
``python -m http.server`` on loopback (any static host would do); stopping it
and serving another folder on the same port keeps the origin, so the browser's
IndexedDB and service worker carry over, as on a phone.
"""

from __future__ import annotations

import collections
import pathlib
import re
import socket
import subprocess
import sys
import time
from typing import Any

from filelock import FileLock
from playwright.sync_api import BrowserContext, BrowserType

from tests.ports import free_port
from web import build as web_build

from .conftest import CHROMIUM, LAUNCH_ARGS, PHONE
from .pad import Pad


class StaticSite:
    """A folder served on ``http://127.0.0.1:PORT/``; the port stays when the folder changes."""

    def __init__(self, folder: pathlib.Path, log: pathlib.Path) -> None:
        self.folder = folder
        self.log_path = log
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, folder: pathlib.Path | None = None) -> None:
        """Serve ``folder`` (default: the last one) and wait until the port answers."""
        self.folder = folder or self.folder
        self.log = open(self.log_path, "ab")  # noqa: SIM115 — closed in stop()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "http.server", str(self.port), "--bind", "127.0.0.1",
             "--directory", str(self.folder)], stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"http.server did not start on {self.port}")

    def served(self) -> list[tuple[str, int]]:
        """Every request answered so far, path and status, from the server's log."""
        found = re.findall(r'"GET (\S+) HTTP/[\d.]+" (\d{3})', self.log_path.read_text(errors="replace"))
        return [(path.split("?")[0].lstrip("/"), int(status)) for path, status in found]

    def bytes_sent(self) -> int:
        """What the host sent: the size of every file answered in full (it compresses nothing)."""
        return sum((self.folder / path).stat().st_size for path, status in self.served()
                   if status == 200 and path and (self.folder / path).is_file())

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)
            self.log.close()


def the_build() -> pathlib.Path:
    """``build/web``, made again only when its inputs changed (``make web`` made it before the
    browser tests), one worker at a time: two workers must not write one folder at once."""
    with FileLock(web_build.OUT.parent / ".web-build.lock"):
        return web_build.build()


def phone_profile(browser_type: BrowserType, user_data: pathlib.Path, **options: Any) -> BrowserContext:
    """A phone-sized Chromium whose profile (IndexedDB, service worker, cache) lasts across launches
    (``options``: Playwright's, e.g. ``service_workers="block"``)."""
    return browser_type.launch_persistent_context(
        str(user_data), executable_path=str(CHROMIUM), headless=True, args=LAUNCH_ARGS,
        viewport=PHONE, device_scale_factor=1, **options)


def open_pad(context: BrowserContext, url: str) -> Pad:
    """A new tab on the build, with Python up in it (its word to the page: on a loaded machine that
    takes a minute or more, Flutter's loading screen long before) and its accessibility tree on."""
    pad = Pad(context.new_page(), url)
    pad.python_in_page = True
    pad.open()
    return pad


SERVING = """async (version) => {
    const reg = await navigator.serviceWorker.getRegistration();
    const keys = await caches.keys();
    return !!(reg && reg.active && reg.active.state === "activated"
              && keys.length === 1 && keys[0].endsWith(version)
              && await (await caches.open(keys[0])).match(new URL("block24-offline", reg.scope).href));
}"""
"""The build's worker is active, its cache is the only one and holds every file needed offline
(it marks that with ``block24-offline`` once the page said the app is up and the rest was fetched)."""


def wait_for_service_worker(pad: Pad, version: str, timeout_s: float = 120) -> None:
    """Until the worker of build ``version`` serves the page from its cache, which holds the build.

    Ends with a reload that the worker answers: only then did Chromium keep the
    registration when its profile was closed right after (seen here).
    """
    # Polled from here: wait_for_function takes the promise of an async check for a true value.
    deadline = time.monotonic() + timeout_s
    while not pad.page.evaluate(SERVING, version):
        if time.monotonic() > deadline:
            state = pad.page.evaluate("caches.keys()")
            raise AssertionError(f"service worker {version} not serving within {timeout_s} s: {state}")
        pad.page.wait_for_timeout(500)
    pad.reload()
    pad.page.wait_for_function("!!navigator.serviceWorker.controller", timeout=30_000)


def build_version(folder: pathlib.Path) -> str:
    """The version the build's service worker carries (a hash of its files)."""
    text = (folder / "service_worker.js").read_text()
    return text.split('const VERSION = "', 1)[1].split('"', 1)[0]


# What the host was asked for (tests/e2e/test_web_bytes.py, test_other_engines.py).
ASKED_AT_EVERY_START = {"service_worker.js"}
"""The browser asks for the service worker at each start: how it finds an update."""


def requests_per_file(site: StaticSite, since: int = 0) -> collections.Counter[str]:
    """How often the host was asked for each path (any status: a 304 is a request too)."""
    return collections.Counter(path or "index.html" for path, _ in site.served()[since:])


THE_PAGE = "index.html"
"""Fetched before any service worker exists: the offline copy takes it from the browser's HTTP
cache, where the browser keeps one (Chromium, Firefox); WebKit's automation session keeps none,
so there the copy asks for it once more (everything else the page shows first is in it)."""


def fetched_twice(asked: collections.Counter[str], but: tuple[str, ...] = ()) -> dict[str, int]:
    """The paths asked for more than once (``but``: those allowed twice)."""
    return {path: count for path, count in asked.items()
            if count > (2 if path in but else 1) and path not in ASKED_AT_EVERY_START}


def bytes_fetched(site: StaticSite, since: int = 0) -> int:
    """What the host sent (each file answered in full: http.server compresses nothing)."""
    folder = site.folder
    return sum((folder / (path or "index.html")).stat().st_size for path, status in site.served()[since:]
               if status == 200 and (folder / (path or "index.html")).is_file())
