"""Browser fixtures: the real app served on loopback, driven by Playwright in Debian's Chromium.

Without Chromium the browser tests are skipped with a loud message, except under
``CI=true``, where a missing browser is a failure (CI must not pass by skipping).
"""

from __future__ import annotations

import os
import pathlib
import socket
import subprocess
import sys
import time
import types
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest

from tests.ports import free_port

CHROMIUM = pathlib.Path("/usr/lib/chromium/chromium")
ROOT = pathlib.Path(__file__).resolve().parents[2]
SHOTS = ROOT / "screenshots"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
SIZES = {"phone": PHONE, "small": {"width": 360, "height": 640},
         "landscape": {"width": 844, "height": 390}, "desktop": DESKTOP}
"""The four sizes every screen is judged at: a phone, a small phone, a phone on its side, a desktop window."""
PROBLEMS = ("Traceback", "drawing ", "Error running app", "never awaited", "closed the connection of",
            "Flet could not read")
"""What the server's log must never hold: a crash, a drawing error the views swallowed, a lost command."""
LAUNCH_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--lang=en-US",  # a phone's first visit speaks its browser's language: English unless a test says
]


LONG_FIRST = ("test_web_build.py", "test_other_engines.py", "test_contrast.py", "test_sizes.py")
"""The modules of the longest browser tests (minutes each under load): started first, so that side by
side no worker is left with one of them at the end."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Everything in this folder is a browser test (marker ``e2e``), run after every other test; the
    longest first (the order within a module stays)."""
    def order(item: pytest.Item) -> tuple[bool, int]:
        browser = "/e2e/" in str(item.fspath)
        name = item.fspath.basename
        return browser, LONG_FIRST.index(name) if name in LONG_FIRST else len(LONG_FIRST)

    for item in items:
        if "/e2e/" in str(item.fspath):
            item.add_marker(pytest.mark.e2e)
    items.sort(key=order)  # (stable)


class Server:
    """The app (:mod:`tests.e2e.served_app`: ``app.main`` telling when a new size is laid out; or
    ``module``) served by ``python -m`` on a free loopback port, with its own data folder (``data``;
    its log is ``server.log`` there)."""

    def __init__(self, data: pathlib.Path, lan: bool = False, module: str = "tests.e2e.served_app") -> None:
        self.data = data
        self.log_path = data / "server.log"
        self.module = module
        # ``--lan`` on 127.0.0.2: the browser comes from 127.0.0.1, so it is "another phone".
        self.host = "127.0.0.2" if lan else "127.0.0.1"
        self.port = free_port(self.host)
        self.lan = lan
        self.url = f"http://{self.host}:{self.port}/"
        self.process: subprocess.Popen[bytes] | None = None
        self.env: dict[str, str] = {}

    @property
    def join_code(self) -> str:
        """The code the server printed (``serve --lan``)."""
        text = self.log_path.read_text()
        return text.split("Join code for other phones: ")[1][:6]

    def start(self) -> float:
        """Start the server and wait until it listens; return the ``perf_counter`` time of the start."""
        env = dict(os.environ, BLOCK24_DATA=str(self.data), BLOCK24_PORT=str(self.port),
                   BLOCK24_HOST=self.host, FLET_WEB_NO_CDN="1", LANG="en_US.UTF-8", **self.env)
        env.pop("DISPLAY", None)
        self.log = open(self.log_path, "ab")  # noqa: SIM115
        command = [sys.executable, "-m", self.module, *(["--lan"] if self.lan else [])]
        started = time.perf_counter()
        self.process = subprocess.Popen(command, cwd=ROOT, env=env,
                                        stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(self.log_path.read_text())
            try:
                with socket.create_connection((self.host, self.port), timeout=1):
                    return started
            except OSError:
                time.sleep(0.02)  # (polled: the port answers or the process ends)
        raise RuntimeError(f"{self.module} did not start within 60 s")

    def log_size(self) -> int:
        """Where the log ends now (:meth:`problems` since then)."""
        return self.log_path.stat().st_size if self.log_path.exists() else 0

    def problems(self, since: int = 0) -> list[str]:
        """Lines of the server's log (from byte ``since``) that show a crash or a swallowed drawing error."""
        with open(self.log_path, "rb") as log:
            log.seek(since)
            text = log.read().decode(errors="replace")
        return [line for line in text.splitlines() if any(p in line for p in PROBLEMS)]

    def check_log(self, since: int = 0) -> None:
        """Fail when the log (from byte ``since``) holds a traceback or a failed drawing."""
        assert not self.problems(since), "the server's log:\n" + self.log_path.read_text()[-4000:]

    def stop(self) -> None:
        """Stop the server; fail when its log holds a traceback or a failed drawing."""
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()
        self.check_log()


class WorkerServer(Server):
    """The one app server of a pytest worker (:mod:`tests.e2e.served_app`): each test has it serve a
    fresh data folder of its own (:meth:`use`), read by every session that starts after."""

    def __init__(self, home: pathlib.Path) -> None:
        super().__init__(home)
        self.choice = home / "data-folder"
        self.env = {"BLOCK24_TEST_DATA": str(self.choice)}
        self.use(home / "data")

    def use(self, folder: pathlib.Path) -> None:
        """Serve ``folder`` to the sessions that start from now on (its games, its last game)."""
        folder.mkdir(parents=True, exist_ok=True)
        written = self.choice.with_suffix(".new")
        written.write_text(str(folder))
        written.replace(self.choice)  # (a session starting now reads the old path or the new one)
        self.data = folder


def in_order(*tests: Callable[..., None]) -> type:
    """A class of these test functions, in this order, for tests that build on each other (a module-
    scoped fixture they change in turn). Side by side (``make e2e``: ``--dist loadscope``, see
    tests/conftest.py) a class runs on one worker, its tests one after another; the functions
    themselves are no longer collected on their own."""
    methods = {}
    for test in tests:
        copy = types.FunctionType(test.__code__, test.__globals__, test.__name__, test.__defaults__,
                                  test.__closure__)
        copy.__dict__.update(test.__dict__)  # (its marks)
        methods[test.__name__] = staticmethod(copy)
        test.__test__ = False  # type: ignore[attr-defined]
    return type("InOrder", (), methods)


def _browser_or_skip() -> None:
    if not CHROMIUM.exists():
        message = f"Chromium not found at {CHROMIUM}: browser tests cannot run (apt-get install chromium)"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        warnings.warn(message, stacklevel=1)
        print(f"\n!!!!! {message} — SKIPPING BROWSER TESTS !!!!!\n", file=sys.stderr)
        pytest.skip(message)


@pytest.fixture(scope="session")
def app_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WorkerServer]:
    """The worker's one app server (started once: a Python start costs a second of CPU)."""
    srv = WorkerServer(tmp_path_factory.mktemp("app-server"))
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture
def server(app_server: WorkerServer, folder: pathlib.Path) -> Iterator[WorkerServer]:
    """The worker's app server on this test's own data folder (``folder``: empty, unless the module
    fills it first); its log is checked after the test (a crash, a swallowed drawing error, a lost
    command fail the test that made it)."""
    app_server.use(folder)
    since = app_server.log_size()
    yield app_server
    app_server.check_log(since)


@pytest.fixture(scope="session")
def playwright():
    """Playwright's sync API, one per worker: a second one in the same process is refused
    ("Sync API inside the asyncio loop"), so every test that launches a browser of its own
    (the phones at one table) launches it from this one.

    (A Playwright left open breaks asyncio tests run after it in the same process: the browser
    tests run apart, ``make e2e``, and after every other test in a bare ``pytest``.)
    """
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright):
    """Chromium through Playwright, one per worker; each test opens its own context (a new phone)."""
    _browser_or_skip()
    b = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=LAUNCH_ARGS)
    yield b
    b.close()


@pytest.fixture
def pad(browser, server):
    """A phone-sized page on the app (a new browser context: a new phone), semantics on."""
    from .pad import Pad

    context = browser.new_context(viewport=PHONE, device_scale_factor=1)
    page = context.new_page()
    p = Pad(page, server.url)
    p.open()
    yield p
    context.close()


@contextmanager
def phone_recording_answers(browser, url: str) -> Iterator[tuple[object, dict[str, int]]]:
    """A phone-sized page on ``url`` (opened) and every answer it gets, path → status, recorded
    from before the first request (the fonts' tests: what the client fetched, and from where)."""
    from .pad import Pad

    context = browser.new_context(viewport=PHONE, device_scale_factor=1)
    page = context.new_page()
    answers: dict[str, int] = {}
    page.on("response", lambda r: answers.__setitem__(r.url.removeprefix(url), r.status))
    pad = Pad(page, url)
    try:
        pad.open()
        yield pad, answers
    finally:
        context.close()


def fonts_answered(pad, answers: dict[str, int]) -> None:
    """Until both shipped fonts were answered (the page asks for them once a text needs them)."""
    pad.until(lambda: {"fonts/DejaVuSans.ttf", "fonts/NotoEmoji.ttf"} <= answers.keys(),
              f"the shipped fonts answered: {sorted(answers)}")


def assert_own_fonts(answers: dict[str, int]) -> None:
    """The shipped fonts were loaded and no fallback font was asked for (the client fetches
    Noto from the internet for a glyph its fonts lack, and draws a box offline)."""
    assert answers.get("fonts/DejaVuSans.ttf") == 200 and answers.get("fonts/NotoEmoji.ttf") == 200
    fallback = [path for path in answers if "assets/fonts/noto" in path.lower()]
    assert not fallback, f"glyphs missing from the shipped fonts: {fallback}"
