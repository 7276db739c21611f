"""Every text readable, proven from what is drawn: each screen at the four sizes, light and dark.

For each text of Flutter's accessibility tree the screenshot is cropped at its
box and the contrast of its text against its background is measured
(:mod:`tests.e2e.contrast`, WCAG 2: 4.5:1, large text 3:1; a greyed-out
control is exempt there, here it must still reach 3:1). Badges count too: a
trump chip or a suit on its colour is measured against that colour.

Two phones walk the screens at once (join, home, settings, backup, the new game
of each book, the call of each book, play, tricks, correction, chart, game over,
statistics), one light and one dark (the app follows the phone's own theme,
``prefers-color-scheme``, until one is chosen), each in its own browser and on
its own server with its own copy of the games (what one does at the table must
not change the other's screens). On each screen a phone is turned to each size
in place. Side by side the two take about half the time of one phone doing
both: most of a measurement is waiting for the frame. A probe app draws one
text in its background's colour: the measuring must find it.

A screen is measured once a frame newer than the last change of the page is on screen and
neither has moved since (a screenshot of the frame before, under a tree already laid out for
the next, once cropped a red suit button where its words were not: "#111216 on #c62828").
The screenshot is taken over the DevTools protocol, encoded for speed. Every suit's and every
colour's badge must have been measured at each size in both themes.
"""

from __future__ import annotations

import base64
import collections
import io
import re
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from PIL import Image, ImageColor
from playwright.sync_api import Browser, CDPSession, Page, expect, sync_playwright

from app.views.suits import SUIT_COLOURS
from app.views.widgets import TRUMP_COLOURS

from . import tour
from .conftest import CHROMIUM, LAUNCH_ARGS, SIZES, Server
from .contrast import hex_of, read
from .pad import SHOTS, Pad

SPENT: collections.Counter[str] = collections.Counter()
"""Where the measuring's time went, both phones together (seconds; "again": screens read twice)."""
THEMES = ("light", "dark")
BADGE_COLOURS = {hex_of(ImageColor.getrgb(bg)) for bg, _ in (*SUIT_COLOURS.values(), *TRUMP_COLOURS.values())}
"""The 20 ab suits' and 24's colours: texts on each are measured at every size, light and dark."""
PAGE_COLOURS = {"light": (0xFB, 0xF8, 0xFF), "dark": (0x12, 0x13, 0x18)}
"""The page's colour in each theme (Material's surface from the indigo seed): a theme change is
animated, and a screen is measured once its corner has the colour of its theme."""

TEXTS = """() => {
  const texts = [];
  for (const node of document.querySelectorAll('flt-semantics')) {
    if (node.querySelector(':scope flt-semantics[aria-label], :scope flt-semantics span')) continue;
    const own = [...node.childNodes].filter(n => n.nodeType === 3 || n.tagName === 'SPAN')
      .map(n => n.textContent).join(' ').trim();
    const field = node.querySelector(':scope > input, :scope > textarea');
    const text = node.getAttribute('aria-label') || own
      || (field && (field.getAttribute('aria-label') || field.value)) || '';
    if (!text) continue;
    const box = node.getBoundingClientRect();
    // the part not scrolled out of view (a scrolling list clips what lies beyond its edges)
    let [left, top, right, bottom] = [box.left, box.top, box.right, box.bottom];
    let whole = true;  // (not at a scrolling edge: a list may clip a node's box before its words)
    for (let up = node.parentElement; up && up.tagName === 'FLT-SEMANTICS'; up = up.parentElement) {
      const style = getComputedStyle(up), edge = up.getBoundingClientRect();
      if (style.overflowX !== 'visible') {
        [left, right] = [Math.max(left, edge.left), Math.min(right, edge.right)];
        whole &&= box.left > edge.left + 1 && box.right < edge.right - 1;
      }
      if (style.overflowY !== 'visible') {
        [top, bottom] = [Math.max(top, edge.top), Math.min(bottom, edge.bottom)];
        whole &&= box.top > edge.top + 1 && box.bottom < edge.bottom - 1;
      }
    }
    texts.push({text, x: box.x, y: box.y, width: box.width, height: box.height,
                left, top, right, bottom, whole,
                button: node.getAttribute('role') === 'button',
                disabled: node.getAttribute('aria-disabled') === 'true'});
  }
  return texts;
}"""
"""The texts of the accessibility tree (the innermost node that says each), with their boxes and the
part of each not scrolled out of view."""


@pytest.fixture(scope="module")
def table_servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Server]]:
    """For each theme ``serve --lan`` on its own copy of the tour's games: the browser is another
    phone (it sees the join screen first)."""
    servers: dict[str, Server] = {}
    try:
        for theme in THEMES:
            data = tmp_path_factory.mktemp(f"contrast-{theme}")
            tour.fill(data)
            servers[theme] = Server(data, lan=True)
        with ThreadPoolExecutor(len(servers)) as starting:  # (each waits for its Python to start)
            list(starting.map(Server.start, servers.values()))
        yield servers
    finally:
        for server in servers.values():
            server.stop()


@pytest.fixture(scope="module")
def probe_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    server = Server(tmp_path_factory.mktemp("probe"), module="tests.e2e.probe_app")
    server.start()
    yield server
    server.stop()


FRAMES = """(() => {
  // Count the frames Flutter puts on screen: skwasm draws each in a worker and hands it over
  // later (seconds under load), so a screenshot taken when the accessibility tree changed
  // can show the frame before. And count the changes of the page (the accessibility tree's
  // nodes, their boxes): a frame on screen must be newer than the last change.
  window.block24Frames = {count: 0, at: 0};
  window.block24Changes = {count: 0, at: 0};
  const proto = ImageBitmapRenderingContext.prototype;
  const transfer = proto.transferFromImageBitmap;
  proto.transferFromImageBitmap = function (bitmap) {
    window.block24Frames = {count: window.block24Frames.count + 1, at: performance.now()};
    return transfer.call(this, bitmap);
  };
  new MutationObserver(() => {
    window.block24Changes = {count: window.block24Changes.count + 1, at: performance.now()};
  }).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
})()"""
SETTLED = """([since, quiet, first]) => new Promise(done => {
  const started = performance.now();
  const check = () => {
    const frames = window.block24Frames, changes = window.block24Changes, now = performance.now();
    const shown = frames.count > since || now - started > first;
    // the frame of the last change is on screen (a change that draws nothing: a second at most)
    const drawn = frames.at >= changes.at || now - changes.at > 1000;
    const last = Math.max(frames.at, changes.at, started);
    if ((shown && drawn && now - last >= quiet) || now - started > 4 * first)
      done([frames.count, changes.count]);
    else setTimeout(check, 25);
  };
  check();
})"""
"""Wait for a frame after ``since`` (or ``first`` ms without one: it came before) and after the last
change of the page, then ``quiet`` ms without a frame or a change; the counts of both then."""
STATE = "() => [window.block24Frames.count, window.block24Changes.count]"
REST_S = 120
"""How long a screen may take to hold still (a frame drawn, nothing changed) before it is measured."""


def frames(page: Page) -> int:
    return page.evaluate("() => window.block24Frames.count")


_sessions: dict[Page, CDPSession] = {}


def screenshot(page: Page) -> Image.Image:
    """The page as drawn, exactly (PNG), encoded for speed (about half the time of
    ``page.screenshot``, which also waits for fonts and hides the caret: neither is needed here)."""
    session = _sessions.get(page)
    if session is None:
        session = _sessions[page] = page.context.new_cdp_session(page)
    shot = session.send("Page.captureScreenshot", {"format": "png", "optimizeForSpeed": True})
    return Image.open(io.BytesIO(base64.b64decode(shot["data"]))).convert("RGB")


def still(page: Page, since: int, first: int = 5000, quiet: int = 250, page_colour: tuple | None = None
          ) -> tuple[Image.Image, list[dict]]:
    """The screen, and the accessibility tree's texts, once drawn and no longer moving (a new size
    is laid out again when the server hears of it; a theme change is animated: done when the
    page's corner has the theme's colour). Nothing drawn and nothing changed while they were
    read: the texts' boxes are those of the picture. (Under load a page can take many rounds to
    hold still: it is never measured moving, and one that does not rest within ``REST_S`` fails.)"""
    deadline = time.monotonic() + REST_S
    while True:
        started = time.perf_counter()
        state = page.evaluate(SETTLED, [since, quiet, first])
        settled = time.perf_counter()
        nodes = page.evaluate(TEXTS)
        image = screenshot(page)
        ok = page.evaluate(STATE) == state and (page_colour is None or image.getpixel((1, 1)) == page_colour)
        SPENT["waiting for the frame"] += settled - started
        SPENT["reading the tree and the screen"] += time.perf_counter() - settled
        if ok:
            return image, nodes
        if time.monotonic() > deadline:
            raise AssertionError(f"the page did not hold still within {REST_S} s")
        SPENT["again"] += 1
        since, first = state[0], 1000


def icon(node: dict) -> bool:
    """A 48 px square button says its name with an icon: non-text contrast (3:1) is asked of it."""
    width, height = node["width"], node["height"]
    return node["button"] and max(width, height) <= 56 and abs(width - height) <= 8


def unreadable(page: Page, since: int, first: int = 5000, quiet: int = 250, page_colour: tuple | None = None,
               grounds: set[str] | None = None) -> tuple[Image.Image, list[str]]:
    """The screenshot, and each text in view that does not read, with what was measured; the colours
    texts were measured on are added to ``grounds``."""
    image, nodes = still(page, since, first, quiet, page_colour)
    width, height = image.size
    found = []
    for node in nodes:
        left, top = round(node["left"]), round(node["top"])
        right, bottom = round(node["right"]), round(node["bottom"])
        if not node["whole"] or left < 0 or top < 0 or right > width or bottom > height:
            continue  # partly scrolled out of view: measured where it is seen whole
        relaxed = node["disabled"] or icon(node)
        measuring = time.perf_counter()
        readings = read(image.crop((left, top, right, bottom)))
        SPENT["measuring the crops"] += time.perf_counter() - measuring
        for reading in readings:
            if grounds is not None:
                grounds.add(hex_of(reading.background))
            if not reading.reads(relaxed):
                kind = ", greyed out" if node["disabled"] else ", an icon" if icon(node) else ""
                found.append(f"{node['text'][:60]!r} at {left},{top}{kind}: {reading}"
                             f" (needs {reading.needed(relaxed)}:1)")
    return image, found


class Walk:
    """One page on the app in one theme: each screen measured at every size, the failures gathered."""

    def __init__(self, pad: Pad, theme: str) -> None:
        self.pad = pad
        self.theme = theme
        self.failures: list[str] = []
        self.measured = 0
        self.seconds = 0.0
        self.grounds: dict[str, set[str]] = {size: set() for size in SIZES}
        """The colours texts were measured on, at each size (the suits' and the colours' badges)."""
        self.size = "phone"
        self.since: int | None = 0
        self.measured_here = False

    def switch(self, size: str) -> bool:
        """Turn the page to this size (until the app's screen for it was sent); whether it changed."""
        if size == self.size:
            return False
        self.pad.resize(SIZES[size])
        self.size = size
        return True

    def measure(self, screen: str, ready: Callable[[], None] | None = None,
                sizes: tuple[str, ...] = tuple(SIZES)) -> None:
        """This screen at these sizes (``ready`` brings it back into shape after a resize): from the
        size the page has, phone to desktop or back (a turn back to the phone after each screen
        took a resize and a wait of its own), so the screens are walked at a phone's or a
        desktop's size in turn."""
        self.measured_here = False  # (a new screen slides in: longer still before it is measured)
        self.pad.page.mouse.move(0, 0)  # no hover, no tooltip where the last tap was
        for size in sizes[::-1] if self.size == sizes[-1] else sizes:
            since = frames(self.pad.page) if self.since is None else self.since
            self.since = None  # (the first: a frame since the last screen was left)
            self.switch(size)
            if ready is not None:
                ready()
            started = time.perf_counter()
            image, found = unreadable(self.pad.page, since, first=5000,
                                      quiet=150 if self.measured_here else 300,
                                      page_colour=PAGE_COLOURS[self.theme], grounds=self.grounds[size])
            self.seconds += time.perf_counter() - started
            self.measured += 1
            self.measured_here = True
            if found:
                name = f"contrast-{screen}-{size}-{self.theme}"
                SHOTS.mkdir(exist_ok=True)
                image.save(SHOTS / f"{name}.png")
                self.failures += [f"{name}: {f}" for f in found]
        self.since = frames(self.pad.page)  # the next screen is drawn after this frame


def test_every_text_reads_on_every_screen_at_every_size_light_and_dark(browser, table_servers):
    def dark() -> Walk:
        """The dark phone: a browser of its own (Playwright's pages are driven from one thread)."""
        with sync_playwright() as playwright:
            own = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                             args=LAUNCH_ARGS)
            try:
                return walk_in(own, "dark", table_servers["dark"])
            finally:
                own.close()

    with ThreadPoolExecutor(1) as beside:
        dark_walk = beside.submit(dark)
        walks = [walk_in(browser, "light", table_servers["light"]), dark_walk.result()]
    failures = [failure for walk in walks for failure in walk.failures]
    SHOTS.mkdir(exist_ok=True)
    (SHOTS / "contrast-failures.txt").write_text("\n".join(failures) + "\n")
    for walk in walks:
        assert walk.measured >= 17 * len(SIZES) + 2, walk.theme
        for size, grounds in walk.grounds.items():  # every suit's and colour's badge was measured
            missing = BADGE_COLOURS - grounds
            assert not missing, f"{walk.theme}, {size}: no text measured on {sorted(missing)}"
    print("of which " + ", ".join(f"{what} {spent:.1f}" for what, spent in SPENT.items()))
    assert not failures, f"{len(failures)} texts do not read:\n" + "\n".join(failures)


def walk_in(browser: Browser, theme: str, server: Server) -> Walk:
    """One phone in this theme walks every screen: each measured at every size."""
    context = browser.new_context(viewport=SIZES["phone"], device_scale_factor=1, color_scheme=theme)
    context.add_init_script(FRAMES)
    pad = Pad(context.new_page(), server.url)
    walk = Walk(pad, theme)
    started = time.perf_counter()
    try:
        pad.open()
        pad.see("Join the table")
        walk.measure("join")
        pad.type("Join code", "000000")
        pad.tap("Join", then="Wrong code")
        walk.measure("join-refused")
        pad.type("Join code", server.join_code)
        pad.tap("Join", then="New game")
        walk_the_table(walk)
    finally:
        context.close()
        print(f"{theme}: {walk.measured} screens measured in {walk.seconds:.1f} s of "
              f"{time.perf_counter() - started:.1f} s")
    return walk


def back_to(pad: Pad, words: str | re.Pattern[str]) -> None:
    pad.tap_id("back", then=words)


def walk_the_table(walk: Walk) -> None:
    pad = walk.pad
    page = pad.page
    walk.measure("home")

    pad.tap_id("settings", then="Language")
    walk.measure("settings")
    walk.measure("backup", ready=lambda: page.mouse.wheel(0, 3000))
    back_to(pad, "Games in progress")

    pad.tap("New game", then="Start game")
    walk.measure("new-game-24")
    pad.tap_id("game-wuerttemberg", then=re.compile("^3–6 players, 6 tricks"))
    walk.measure("new-game-20ab")
    back_to(pad, "Games in progress")

    next_round = re.compile(r"^Round 9: ")
    pad.tap(tour.players(tour.RUNNING), then=next_round)
    pad.see("Tap a round to correct it")
    walk.measure("call-24")
    pad.tap("Red", then="Round over: count tricks")
    walk.measure("play")
    pad.tap("Round over: count tricks", then="Confirm round")
    pad.tap_id("tricks-Anna-2", then=re.compile("4 tricks left to give"))
    walk.measure("tricks")
    pad.give_tricks({"Ben": 1, "Carl": 1}, total=4)  # (Anna's 2 are given; Dora: 2, 41)
    pad.tap("Confirm round", then="Saved")
    walk.measure("saved", sizes=("phone",))
    pad.undo(9)  # the game as it was, and the offer to take that back
    pad.reads(pad.by_id("offer"), "Round 9 removed")
    walk.measure("undo-offer", sizes=("phone",))  # (gone after a few seconds)
    pad.see("Tap a round to correct it")
    pad.tap_id("round-8", then=re.compile("^Correct round 8|^Round 8"))
    walk.measure("correction")
    back_to(pad, "Tap a round to correct it")
    pad.tap_id("chart")
    expect(pad.by_id("score-chart")).to_be_visible()
    walk.measure("chart")
    back_to(pad, "Tap a round to correct it")
    back_to(pad, "Games in progress")

    pad.tap(tour.players(tour.FINISHED), then="Rematch")
    walk.measure("game-over")
    back_to(pad, "Games in progress")

    pad.tap(tour.players(tour.TWENTY_AB), then=re.compile(r"^Round 4: "))
    walk.measure("call-20ab-lehrblatt")
    back_to(pad, "Games in progress")
    pad.tap(tour.players(tour.SIX), then=re.compile(r"^Round 3: "))
    walk.measure("call-20ab-wuerttemberg")
    back_to(pad, "Games in progress")

    pad.tap("Statistics", then="Tap a column to sort")
    walk.measure("statistics")
    pad.tap("20 ab", then=tour.TWENTY_AB[0])
    walk.measure("statistics-20ab")


def test_a_text_drawn_in_its_backgrounds_colour_is_found(browser, probe_server):
    """The probe app: one text in the page's colour, one greyed out too faintly, one that reads."""
    context = browser.new_context(viewport=SIZES["small"], device_scale_factor=1)
    context.add_init_script(FRAMES)
    pad = Pad(context.new_page(), probe_server.url)
    try:
        pad.open()
        pad.see("Readable")
        for theme in THEMES:
            since = 0 if theme == "light" else frames(pad.page)
            pad.page.emulate_media(color_scheme=theme)
            for _ in range(20):  # until the page is drawn (its first frame can be seconds late)
                _, found = unreadable(pad.page, since, 5000)
                said = "\n".join(found)
                if "'Readable'" not in said:
                    break
                since = frames(pad.page)
            assert len(found) == 2, said
            assert "'Invisible'" in said and "nothing on" in said
            assert re.search(r"'Faint' at [0-9,]+, greyed out", said)
    finally:
        context.close()
