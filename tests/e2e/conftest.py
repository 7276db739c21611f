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
import warnings
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

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


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Everything in this folder is a browser test (marker ``e2e``)."""
    for item in items:
        if "/e2e/" in str(item.fspath):
            item.add_marker(pytest.mark.e2e)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """The app (or ``module``) served by ``python -m`` on a free loopback port, with its own data folder."""

    def __init__(self, data: pathlib.Path, lan: bool = False, module: str = "app.main") -> None:
        self.data = data
        self.module = module
        self.port = _free_port()
        # ``--lan`` on 127.0.0.2: the browser comes from 127.0.0.1, so it is "another phone".
        self.host = "127.0.0.2" if lan else "127.0.0.1"
        self.lan = lan
        self.url = f"http://{self.host}:{self.port}/"
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def join_code(self) -> str:
        """The code the server printed (``serve --lan``)."""
        text = (self.data / "server.log").read_text()
        return text.split("Join code for other phones: ")[1][:6]

    def start(self) -> float:
        """Start the server and wait until it listens; return the ``perf_counter`` time of the start."""
        env = dict(os.environ, BLOCK24_DATA=str(self.data), BLOCK24_PORT=str(self.port),
                   BLOCK24_HOST=self.host, FLET_WEB_NO_CDN="1", LANG="en_US.UTF-8")
        env.pop("DISPLAY", None)
        self.log = open(self.data / "server.log", "wb")  # noqa: SIM115
        command = [sys.executable, "-m", self.module, *(["--lan"] if self.lan else [])]
        started = time.perf_counter()
        self.process = subprocess.Popen(command, cwd=ROOT, env=env,
                                        stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError((self.data / "server.log").read_text())
            try:
                with socket.create_connection((self.host, self.port), timeout=1):
                    return started
            except OSError:
                time.sleep(0.02)
        raise RuntimeError(f"{self.module} did not start within 60 s")

    def problems(self) -> list[str]:
        """Lines of the server's log that show a crash or a swallowed drawing error."""
        text = (self.data / "server.log").read_text(errors="replace")
        return [line for line in text.splitlines() if any(p in line for p in PROBLEMS)]

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
        problems = self.problems()
        assert not problems, "the server's log:\n" + (self.data / "server.log").read_text()[-4000:]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    """A running app server with an empty data folder, for one test module."""
    srv = Server(tmp_path_factory.mktemp("data"))
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def browser():
    """Chromium through Playwright (module scope: one start per module keeps the run short on two cores)."""
    if not CHROMIUM.exists():
        message = f"Chromium not found at {CHROMIUM}: browser tests cannot run (apt-get install chromium)"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        warnings.warn(message, stacklevel=1)
        print(f"\n!!!!! {message} — SKIPPING BROWSER TESTS !!!!!\n", file=sys.stderr)
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=LAUNCH_ARGS)
        yield b
        b.close()


@pytest.fixture
def pad(browser, server):
    """A phone-sized page on the app, semantics on."""
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


def assert_own_fonts(answers: dict[str, int]) -> None:
    """The shipped fonts were loaded and no fallback font was asked for (the client fetches
    Noto from the internet for a glyph its fonts lack, and draws a box offline)."""
    assert answers.get("fonts/DejaVuSans.ttf") == 200 and answers.get("fonts/NotoEmoji.ttf") == 200
    fallback = [path for path in answers if "assets/fonts/noto" in path.lower()]
    assert not fallback, f"glyphs missing from the shipped fonts: {fallback}"
