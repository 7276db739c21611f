"""What a headful browser really shows: grabs of an Xvfb screen, read from its framebuffer file.

Xvfb writes its screen into a memory-mapped XWD file (``-fbdir``): reading that file is a grab
of the whole display as a person would see it, whatever the engine draws with and whatever its
driver's own screenshot would say (a driver's screenshot is drawn anew from the page; it can
show a frame the window never showed, or miss one it did). Used by ``test_no_blank_frame.py``
and ``bench/web.py``.

Where the page lies on the screen is found by painting it: :meth:`Screen.page_box` is called
with the page filled with :data:`MARK`, and the box of that colour is the page (browser chrome,
the window's place and size vary per engine).
"""

from __future__ import annotations

import contextlib
import dataclasses
import mmap
import os
import pathlib
import struct
import tempfile
import threading
import time

from web import build as web_build

from .engines import SHOTS, EngineError, Xvfb

MARK = (255, 0, 255)
"""The colour :meth:`Screen.page_box` looks for: no screen of the pad is magenta."""
PAINT = """(colour) => { document.documentElement.style.background = colour;
    document.body.style.background = colour; document.body.innerHTML = ""; }"""
"""Fill the page with one colour (on a blank page: ``about:blank``)."""
BLANK_SHARE = 0.9995
"""A grab whose page has one colour on this share of its pixels or more is blank (Flet's
"Working…" under its spinner, alone on the page, is 0.998–0.999)."""


@dataclasses.dataclass(frozen=True)
class Grab:
    """One grab of the page's box: when (s on the test's clock) and how much one colour covers."""

    at: float
    share: float
    """The most common colour's share of the page's pixels (0 when it holds more than 256)."""
    colour: tuple[int, int, int] | None

    @property
    def blank(self) -> bool:
        return self.share >= BLANK_SHARE


class Screen(Xvfb):
    """An Xvfb display whose framebuffer a test can read at any moment."""

    def __init__(self, width: int = 1280, height: int = 1024) -> None:
        self.folder = pathlib.Path(tempfile.mkdtemp(prefix="block24-screen-"))
        super().__init__(width, height, "-fbdir", str(self.folder))
        self._file = open(self.folder / "Xvfb_screen0", "rb")  # noqa: SIM115 — closed in stop()
        self._map = mmap.mmap(self._file.fileno(), 0, access=mmap.ACCESS_READ)
        header = struct.unpack(">25I", self._map[:100])
        size, version, _, depth, self.width, self.height = header[:6]
        byte_order, bits_per_pixel, self._line, colours = header[7], header[11], header[12], header[19]
        if version != 7 or depth != 24 or bits_per_pixel != 32 or byte_order != 0:
            raise EngineError(f"Xvfb's framebuffer is not 32-bit little-endian XWD: {header}")
        self._offset = size + 12 * colours
        self.box = (0, 0, self.width, self.height)

    def image(self):
        """The whole screen now, as RGB."""
        image = web_build._pillow()
        data = self._map[self._offset:self._offset + self._line * self.height]
        return image.frombuffer("RGB", (self.width, self.height), data, "raw", "BGRX", self._line, 1)

    def page_box(self, timeout_s: float = 30) -> tuple[int, int, int, int]:
        """The box of the page, the page being filled with :data:`MARK` now (left, top, right, bottom)."""
        deadline = time.monotonic() + timeout_s
        seen = None
        while True:
            found = _where(self.image(), MARK).getbbox()
            # The same box twice, 0.2 s apart: a browser's new window may still be moving or
            # growing (a test once grabbed a blank box while the screen showed the app drawn).
            if found and (found[2] - found[0]) * (found[3] - found[1]) > 10_000 and found == seen:
                found = (found[0] + 2, found[1] + 2, found[2] - 2, found[3] - 2)  # not its edges
                self.box = found
                return found
            seen = found
            if time.monotonic() > deadline:
                raise AssertionError(f"the page's mark ({MARK}) never showed on the screen")
            time.sleep(0.2)

    def grab(self, at: float | None = None, keep: pathlib.Path | None = None) -> Grab:
        """The page's box now: how much its most common colour covers (and the picture, into ``keep``)."""
        left, top, right, bottom = self.box
        data = self._map[self._offset + top * self._line:self._offset + bottom * self._line]
        shot = web_build._pillow().frombuffer("RGB", (self.width, bottom - top), data, "raw", "BGRX",
                                              self._line, 1).crop((left, 0, right, bottom - top))
        if keep:
            shot.save(keep)
        shot = shot.resize((shot.width // 2, shot.height // 2), 0)  # every other pixel (NEAREST): cheap
        colours = shot.getcolors(256)  # None: more than 256 colours, a drawn page (and quick)
        if not colours:
            return Grab(time.monotonic() if at is None else at, 0.0, None)
        count, colour = max(colours)
        return Grab(time.monotonic() if at is None else at, count / (shot.width * shot.height),
                    colour)

    def stop(self) -> None:
        self._map.close()
        self._file.close()
        super().stop()
        for name in os.listdir(self.folder):
            (self.folder / name).unlink()
        self.folder.rmdir()


def _where(shot, colour: tuple[int, int, int]):
    """White where ``shot`` has ``colour``, black elsewhere."""
    from PIL import ImageChops

    image = web_build._pillow()
    apart = ImageChops.difference(shot, image.new("RGB", shot.size, colour)).convert("L")
    return apart.point(lambda value: 255 if value == 0 else 0)


class Watcher:
    """Grabs the page's box every ``every_s`` in a thread of its own until stopped."""

    def __init__(self, screen: Screen, every_s: float = 0.1, keep: pathlib.Path | None = None) -> None:
        self.screen = screen
        self.keep = keep
        """A folder for every grab's picture (looking at what a start showed; costs time)."""
        self.every_s = every_s
        self.grabs: list[Grab] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._stop.is_set():
            began = time.monotonic()
            keep = self.keep / f"grab-{len(self.grabs):03d}.png" if self.keep else None
            self.grabs.append(self.screen.grab(began, keep))
            self._stop.wait(max(0.0, self.every_s - (time.monotonic() - began)))

    def __enter__(self) -> Watcher:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        self._thread.join(30)


@dataclasses.dataclass
class Start:
    """One start of the pad watched on the screen, from navigation until its first screen showed."""

    engine: str
    grabs: list[Grab]
    began: float
    """When the page was asked for (the test's clock)."""
    usable: float
    """When the first screen's button was in the accessibility tree."""
    stamps: dict
    """The page's own stamps (ms from navigation: ``bench/web_start.py``'s ``READ``)."""

    @property
    def first_picture(self) -> Grab | None:
        """The first grab with something drawn on it (the loading picture, the scores)."""
        return next((grab for grab in self.grabs if grab.at >= self.began and not grab.blank), None)

    @property
    def blanks(self) -> list[Grab]:
        """Blank grabs after the first picture: a blank window a player would see."""
        first = self.first_picture
        return [grab for grab in self.grabs if first and grab.at > first.at and grab.blank]

    def blank_runs(self) -> list[tuple[float, float]]:
        """Each blank stretch as (from, to) seconds after navigation (grab times)."""
        runs: list[tuple[float, float]] = []
        previous = None
        first = self.first_picture
        for grab in self.grabs:
            if not (first and grab.at > first.at):
                continue
            if grab.blank:
                if previous is not None and previous.blank and runs:
                    runs[-1] = (runs[-1][0], grab.at - self.began)
                else:
                    runs.append((grab.at - self.began, grab.at - self.began))
            previous = grab
        return runs

    def describe(self) -> str:
        first = self.first_picture
        runs = ", ".join(f"{a:.2f}–{b:.2f} s" for a, b in self.blank_runs()) or "none"
        shown = f"{first.at - self.began:.2f} s" if first else "never"
        return (f"{self.engine}: {len(self.grabs)} grabs, first picture {shown}, usable "
                f"{self.usable - self.began:.2f} s, blank: {runs}")


PAGE_STAMPS = """() => ({firstFrame: globalThis.block24FirstFrameAt ?? null,
    flutter: globalThis.block24FlutterAt ?? null, python: globalThis.block24PythonAt ?? null,
    how: globalThis.block24Python ?? null, connect: globalThis.block24ConnectAt ?? null,
    firstMessage: globalThis.block24FirstMessageAt ?? null,
    lastMessage: globalThis.block24LastMessageAt ?? null,
    loadingGone: globalThis.block24LoadingGone ?? null,
    glanceShown: globalThis.block24GlanceShown ?? null, glanceGone: globalThis.block24GlanceGone ?? null,
    usable: globalThis.__usable ?? null, ...(globalThis.block24Steps || {})})"""
"""The page's stamps of a start (ms from navigation; the worker's steps are ``web/client``'s)."""
# Right after navigation (long before Flutter is up): Flutter's accessibility tree switched on
# as soon as it can be, and when the first screen's "New game" button is in it (ms).
USABLE = """() => {
    if (globalThis.__usable !== undefined) return;
    globalThis.__usable = null;
    const look = () => {
        document.querySelector("flt-semantics-placeholder")?.click();
        for (const node of document.querySelectorAll("flt-semantics[role=button]")) {
            const box = node.getBoundingClientRect();
            if ((node.getAttribute("aria-label") || node.textContent || "").trim() === "New game"
                && box.width > 0 && box.height > 0) {
                globalThis.__usable = performance.now();
                watcher.disconnect();
                return;
            }
        }
    };
    const watcher = new MutationObserver(look);
    watcher.observe(document, {childList: true, subtree: true, attributes: true});
}"""


UNCOVERED = """() => !document.getElementById("loading") && !document.getElementById("block24-glance")"""


def watched_start(pad, screen: Screen, timeout_s: float = 240, after: int = 5,
                  keep: pathlib.Path | None = None) -> Start:
    """Open the pad in ``pad``'s browser (started just now, or a new tab) while ``screen`` grabs the
    page every 0.1 s, until its first screen ("New game") is usable, the loading picture gone and
    the app drawn, and ``after`` grabs more were taken."""
    pad.engine.goto("about:blank")
    pad.engine.evaluate(PAINT, "rgb({}, {}, {})".format(*MARK))
    screen.page_box()
    with Watcher(screen, keep=keep) as watcher:
        began = time.monotonic()
        pad.engine.goto(pad.url)
        pad.engine.evaluate(USABLE)
        pad.wait("() => globalThis.__usable", timeout_s=timeout_s, what="New game, usable")
        usable = time.monotonic()
        # The loading picture (and the glance) gone: the grabs go on over what is behind them.
        pad.wait(UNCOVERED, timeout_s=60, what="the loading picture gone")
        uncovered = time.monotonic()
        # Drawn on the screen later than put into the accessibility tree (0.5 s and more, seen):
        # until a grab after both is not blank, then ``after`` grabs more.
        deadline = uncovered + 60
        while True:
            grabs = list(watcher.grabs)
            drawn = next((n for n, grab in enumerate(grabs) if grab.at > uncovered and not grab.blank),
                         None)
            if drawn is not None and len(grabs) - drawn > after:
                break
            if time.monotonic() > deadline:
                # What the screen showed and what the browser itself draws: the same blank, or the
                # app in the browser's own picture but not on the screen.
                pad.shot(f"_not-drawn-{pad.engine.name}-browser")
                with contextlib.suppress(Exception):  # (the failure below is what counts)
                    screen.image().save(SHOTS / f"_not-drawn-{pad.engine.name}-screen.png")
                raise AssertionError(f"{pad.engine.name}: the app was in the accessibility tree but "
                                     f"not drawn on the screen within 60 s: {grabs[-3:]} in the box "
                                     f"{screen.box} (pictures: "
                                     f"{SHOTS}/_not-drawn-{pad.engine.name}-*.png)")
            time.sleep(0.05)
    stamps = pad.engine.evaluate(PAGE_STAMPS)
    return Start(pad.engine.name, watcher.grabs, began, usable, stamps)  # type: ignore[arg-type]


def restarts(engine: str, folder: pathlib.Path, screen: Screen, count: int, scratch: pathlib.Path,
             chromium: object = None, keep: pathlib.Path | None = None) -> list[Start]:
    """The build in ``folder`` installed in ``engine`` (first visit, the offline copy whole), the
    host stopped, then ``count`` starts of the installed pad, each watched on ``screen``: a new
    browser on the same profile (Chromium, Firefox), a new tab of the same browser (WebKit: its
    automation session keeps the data in memory). ``chromium``: Playwright's BrowserType."""
    from .engines import Chromium, EnginePad, Firefox, WebKit
    from .web_site import StaticSite, build_version

    site = StaticSite(folder, scratch / f"{engine}-http.log")
    site.start()
    origin = site.url.rstrip("/")
    profile = scratch / f"{engine}-profile"

    def launch() -> Chromium | Firefox | WebKit:
        if engine == "chromium":
            return Chromium(chromium, profile, origin, screen.display)
        if engine == "firefox":
            return Firefox(profile, origin, display=screen.display)
        return WebKit(screen.display, log=scratch / "webkit.log")

    browser = launch()
    try:
        pad = EnginePad(browser, site.url)
        pad.open("New game")
        pad.wait_for_service_worker(build_version(folder))
        if engine == "chromium":  # Chromium kept the registration only after a page it served
            browser.goto(site.url)
            pad.wait("() => !!navigator.serviceWorker.controller", what="the service worker")
        site.stop()
        starts = []
        for number in range(count):
            if engine == "webkit":
                browser.new_tab()
            else:
                browser.close()
                browser = launch()
            starts.append(watched_start(EnginePad(browser, site.url), screen,
                                        keep=keep / f"{engine}-{number}" if keep else None))
        return starts
    finally:
        browser.close()
        site.stop()
