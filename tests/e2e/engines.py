"""The pad in Firefox and WebKit: one driver for the offline build in the engines beside Chromium.

Firefox ESR (Debian's ``firefox-esr``) is driven over WebDriver BiDi by puppeteer-core
(npm, pinned in the Makefile, installed into ``.node/``) through ``bidi_driver.mjs``;
WebKitGTK (Debian's ``webkit2gtk-driver``, the engine of every iPhone browser) through
Selenium under Xvfb. Both expose the same few operations (evaluate a function in the page,
click at a point, type, navigate), and :class:`EnginePad` drives the app with them as
``pad.Pad`` does in Chromium: through Flutter's accessibility DOM, with real pointer and
key events.

What is missing (the browser, its driver, Node, Xvfb) makes the tests skip loudly, and
fail under ``CI=true``, like the Chromium tests (``conftest.browser``).
"""

from __future__ import annotations

import base64
import contextlib
import dataclasses
import io
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import time
import warnings
from collections.abc import Iterator

import pytest

from web import build as web_build

ROOT = pathlib.Path(__file__).resolve().parents[2]
FIREFOX = pathlib.Path("/usr/lib/firefox-esr/firefox-esr")
NODE_MODULES = ROOT / ".node" / "node_modules"
WEBKIT_DRIVER = pathlib.Path("/usr/bin/WebKitWebDriver")
MINIBROWSER = pathlib.Path("/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
SHOTS = ROOT / "screenshots"
PHONE = (390, 844)
# A bound, not a wait: WebKit's Python answering a round took over 30 s beside two other
# workers under load 20-25.
TIMEOUT_S = 60.0
RETAP_S = 6.0
"""A tap whose control is still there this long after it, its next screen not shown, was lost."""
TOLD_S = 20.0
"""... unless Python was told of it: then this much longer (its answer may be slow)."""


def missing(what: str) -> None:
    """Skip loudly, or fail under CI=true: an engine the pad must run in was not tested."""
    message = f"{what}: these browser tests cannot run here (make browser installs it)"
    if os.environ.get("CI") == "true":
        pytest.fail(message)
    warnings.warn(message, stacklevel=2)
    print(f"\n!!!!! {message} — SKIPPING !!!!!\n", file=sys.stderr)
    pytest.skip(message)


@dataclasses.dataclass(frozen=True)
class Look:
    """One screenshot taken while the pad starts: what was on the page, how many colours it had."""

    glance: bool
    """The open game's scores (the loading screen, ``web/client/glance.js``) were on the page."""
    loading: bool
    """Flutter's own loading picture was still on the page."""
    colours: int

    @property
    def blank(self) -> bool:
        return self.colours <= 2


class EngineError(RuntimeError):
    """The browser or its driver refused a command."""


class BrowserLost(EngineError):
    """The browser itself went away (WebKitWebDriver: "session deleted because of page crash or
    hang"). The message holds the driver's last lines."""


class Firefox:
    """Firefox ESR over WebDriver BiDi: a Node process running puppeteer-core, one JSON line per command."""

    name = "firefox"

    def __init__(self, profile: pathlib.Path, origin: str, language: str = "en-US",
                 display: str | None = None) -> None:
        for needed, what in ((FIREFOX, "Firefox ESR (apt-get install firefox-esr)"),
                             (NODE_MODULES / "puppeteer-core", "puppeteer-core (npm, into .node/)")):
            if not needed.exists():
                missing(f"{what} not found at {needed}")
        if not shutil.which("node"):
            missing("node not found")
        env = dict(os.environ, BLOCK24_NODE_MODULES=str(NODE_MODULES.parent))
        self.process = subprocess.Popen(
            ["node", str(pathlib.Path(__file__).with_name("bidi_driver.mjs"))], cwd=ROOT, env=env,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.version = self._send("launch", executable=str(FIREFOX), profile=str(profile),
                                  width=PHONE[0], height=PHONE[1], language=language, origin=origin,
                                  display=display)

    def _send(self, cmd: str, **args: object) -> object:
        assert self.process.stdin and self.process.stdout
        self.process.stdin.write(json.dumps({"cmd": cmd, **args}) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise EngineError(f"the Firefox driver ended during {cmd}")
        answer = json.loads(line)
        if "error" in answer:
            raise EngineError(f"{cmd}: {answer['error']}")
        return answer["ok"]

    def goto(self, url: str) -> None:
        self._send("goto", url=url)

    def evaluate(self, script: str, *args: object) -> object:
        return self._send("evaluate", script=script, args=list(args))

    def click(self, x: float, y: float) -> None:
        self._send("click", x=x, y=y)

    def type(self, text: str) -> None:
        self._send("type", text=text)

    def screenshot(self, path: pathlib.Path) -> None:
        self._send("screenshot", path=str(path))

    def screenshot_png(self) -> bytes:
        return base64.b64decode(self._send("screenshot"))  # type: ignore[arg-type]

    def blocked(self) -> list[str]:
        """Every request the page made outside the site under test (each was aborted)."""
        return self._send("blocked")  # type: ignore[return-value]

    def close(self) -> None:
        if self.process.poll() is None:
            with contextlib.suppress(EngineError, BrokenPipeError):
                self._send("close")
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


class Chromium:
    """Debian's Chromium through Playwright with the same few operations as :class:`Firefox` and
    :class:`WebKit`, headful on an X display (``tests/e2e/screen.py`` grabs it); its profile lasts
    across launches, as the pad's installed copy does on a phone."""

    name = "chromium"

    def __init__(self, browser_type: object, profile: pathlib.Path, origin: str, display: str) -> None:
        from .conftest import CHROMIUM, LAUNCH_ARGS

        if not CHROMIUM.exists():
            missing(f"Chromium not found at {CHROMIUM}")
        self.context = browser_type.launch_persistent_context(  # type: ignore[attr-defined]
            str(profile), executable_path=str(CHROMIUM), headless=False, args=LAUNCH_ARGS,
            viewport={"width": PHONE[0], "height": PHONE[1]}, device_scale_factor=1,
            env={**os.environ, "DISPLAY": display})
        self._blocked: list[str] = []

        def only_the_site(route) -> None:
            if route.request.url.startswith((origin, "data:", "blob:")):
                route.continue_()
            else:
                self._blocked.append(route.request.url)
                route.abort()

        self.context.route("**/*", only_the_site)
        self.page = self.context.pages[0] if self.context.pages else self.context.new_page()
        self.version = self.context.browser.version if self.context.browser else "?"

    def goto(self, url: str) -> None:
        self.page.goto(url, wait_until="domcontentloaded")

    def evaluate(self, script: str, *args: object) -> object:
        return self.page.evaluate(f"(args) => ({script})(...args)", list(args))

    def click(self, x: float, y: float) -> None:
        self.page.mouse.click(x, y)

    def type(self, text: str) -> None:
        self.page.keyboard.type(text, delay=20)

    def screenshot(self, path: pathlib.Path) -> None:
        self.page.screenshot(path=str(path))

    def screenshot_png(self) -> bytes:
        return self.page.screenshot()

    def blocked(self) -> list[str]:
        return self._blocked

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.context.close()


class Xvfb:
    """A virtual display for WebKitGTK (it has no headless mode)."""

    def __init__(self, width: int = 1280, height: int = 1024, *options: str) -> None:
        """A new display (its number chosen by Xvfb) of this size; ``options`` for Xvfb."""
        if not shutil.which("Xvfb"):
            missing("Xvfb not found (apt-get install xvfb)")
        read, write = os.pipe()
        self.process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", f"{width}x{height}x24", *options,
             "-nolisten", "tcp"],
            pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as answer:
            number = answer.readline().strip()
        if not number:
            raise EngineError("Xvfb did not start")
        self.display = f":{number}"

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(10)


class WebKit:
    """WebKitGTK's MiniBrowser through WebKitWebDriver and Selenium, on an Xvfb display.

    In automation mode MiniBrowser keeps a session's data in memory: IndexedDB and the service
    worker last as long as the browser, so "reopening" the pad is a new tab in the same browser.
    """

    name = "webkit"

    def __init__(self, display: str, language: str = "en_US.UTF-8",
                 log: pathlib.Path | None = None) -> None:
        for needed, what in ((WEBKIT_DRIVER, "WebKitWebDriver (apt-get install webkit2gtk-driver)"),
                             (MINIBROWSER, "WebKitGTK's MiniBrowser (apt-get install webkit2gtk-driver)")):
            if not needed.exists():
                missing(f"{what} not found at {needed}")
        try:
            from selenium import webdriver
            from selenium.webdriver.webkitgtk.options import Options
            from selenium.webdriver.webkitgtk.service import Service
        except ImportError:
            missing("selenium (the test extra of pyproject.toml)")
        options = Options()
        options.binary_location = str(MINIBROWSER)
        options.add_argument("--automation")
        # WebKit takes the page's language from the process's locale (LANG / LC_ALL).
        env = {**os.environ, "DISPLAY": display, "LANG": language, "LC_ALL": language}
        self.log = log
        service = Service(executable_path=str(WEBKIT_DRIVER), env=env,
                          log_output=str(log) if log else subprocess.DEVNULL)
        self.driver = webdriver.WebKitGTK(options=options, service=service)
        self.version = self.driver.capabilities.get("browserVersion")
        self.driver.set_window_size(*PHONE)
        self.driver.set_script_timeout(120)

    @contextlib.contextmanager
    def _alive(self) -> Iterator[None]:
        """A command's failure as :class:`BrowserLost` when the browser is gone (the command it
        died in fails as "unknown error", the next ones as "invalid session id")."""
        from selenium.common.exceptions import InvalidSessionIdException, WebDriverException

        try:
            yield
        except WebDriverException as failed:
            lost = failed
            if not isinstance(failed, InvalidSessionIdException):
                try:
                    self.driver.execute_script("return 1")
                except InvalidSessionIdException as gone:
                    lost = gone
                except WebDriverException:
                    pass
            if not isinstance(lost, InvalidSessionIdException):
                raise
            said = self.log.read_text(errors="replace")[-3000:] if self.log and self.log.exists() else ""
            raise BrowserLost(f"WebKit went away: {lost.msg}\nits driver's last lines:\n{said}") from failed

    def goto(self, url: str) -> None:
        with self._alive():
            self.driver.get(url)

    def new_tab(self) -> None:
        """Close the pad's tab and open a new one (the browser's data stays)."""
        with self._alive():
            self._new_tab()

    def _new_tab(self) -> None:
        old = self.driver.current_window_handle
        self.driver.switch_to.new_window("tab")
        new = self.driver.current_window_handle
        self.driver.switch_to.window(old)
        self.driver.close()
        self.driver.switch_to.window(new)

    def evaluate(self, script: str, *args: object) -> object:
        with self._alive():
            return self.driver.execute_script(f"return ({script})(...arguments)", *args)

    def click(self, x: float, y: float) -> None:
        from selenium.webdriver.common.actions.action_builder import ActionBuilder

        actions = ActionBuilder(self.driver)
        actions.pointer_action.move_to_location(int(x), int(y)).click()
        with self._alive():
            actions.perform()

    def type(self, text: str) -> None:
        from selenium.webdriver.common.action_chains import ActionChains

        chain = ActionChains(self.driver)
        for key in text:  # one at a time, as a person types: all at once, Flutter lost the last
            chain.send_keys(key).pause(0.03)
        with self._alive():
            chain.perform()

    def screenshot(self, path: pathlib.Path) -> None:
        self.driver.save_screenshot(str(path))

    def screenshot_png(self) -> bytes:
        with self._alive():
            return self.driver.get_screenshot_as_png()

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.driver.quit()


# The first visible node of Flutter's accessibility DOM whose name matches: a button (role),
# a text field (its label), any text, or a Semantics identifier; its centre and its words.
FIND = """(kind, source, flags) => {
    const wanted = new RegExp(source, flags);
    const selector = kind === "id" ? "[flt-semantics-identifier]"
        : kind === "textbox" ? "input, textarea" : "flt-semantics";
    for (const node of document.querySelectorAll(selector)) {
        if (kind === "button" && node.getAttribute("role") !== "button") continue;
        const words = (node.getAttribute("aria-label") || node.textContent || "")
            .replace(/\\s+/g, " ").trim();
        const name = kind === "id" ? node.getAttribute("flt-semantics-identifier") : words;
        if (!wanted.test(name)) continue;
        const box = node.getBoundingClientRect();
        if (box.width < 1 || box.height < 1) continue;
        if (box.top < 0 || box.bottom > innerHeight) {  // scrolled into view, found at the next look
            node.scrollIntoView({block: "center"});
            return null;
        }
        return {x: box.x + box.width / 2, y: box.y + box.height / 2, words};
    }
    return null;
}"""
STARTED = """() => !document.querySelector("#loading")
    && !!document.querySelector("flt-semantics-placeholder")"""
SEMANTICS_ON = """() => { document.querySelector("flt-semantics-placeholder")?.click();
    return !!document.querySelector("flt-semantics-host flt-semantics"); }"""
# The build's service worker serves the page and its cache holds this build (web_site.SERVING).
SERVING = """async (version) => {
    const reg = await navigator.serviceWorker.getRegistration();
    const keys = await caches.keys();
    return !!(reg && reg.active && reg.active.state === "activated" && navigator.serviceWorker.controller
              && keys.length === 1 && keys[0].endsWith(version)
              && await (await caches.open(keys[0])).match(new URL("block24-offline", reg.scope).href));
}"""
CLEAR_FOCUSED = """() => { const box = document.activeElement;
    if (box && "value" in box && box.value) {
        box.value = "";
        box.dispatchEvent(new Event("input", {bubbles: true}));
    } }"""
WATCH = """() => {
    document.querySelector("flt-semantics-placeholder")?.click();
    return [!!document.getElementById("block24-glance"), !!document.getElementById("loading"),
            !!document.querySelector("flt-semantics-host flt-semantics")];
}"""
# The taps Flutter told Python of in this page (its messages to the Python worker that carry a
# "click" event, msgpack's bytes for that name), however long Python takes to answer them. ``late``:
# from now on each message reaches Python that many ms late (a slow phone, planted by a test);
# ``null`` leaves it as it was.
CLICKS = """(late) => {
    if (!Worker.prototype.block24Counted) {
        const click = [0xa5, 0x63, 0x6c, 0x69, 0x63, 0x6b];
        const names = (bytes) => {
            for (let at = 0; at + click.length <= bytes.length; at++) {
                if (click.every((byte, i) => bytes[at + i] === byte)) return true;
            }
            return false;
        };
        const post = Worker.prototype.postMessage;
        Worker.prototype.postMessage = function (data, ...rest) {
            if (!ArrayBuffer.isView(data)) return post.call(this, data, ...rest);
            if (names(data)) globalThis.block24Clicks = (globalThis.block24Clicks || 0) + 1;
            if (!globalThis.block24Late) return post.call(this, data, ...rest);
            setTimeout(() => post.call(this, data, ...rest), globalThis.block24Late);
        };
        Worker.prototype.block24Counted = true;
    }
    if (late !== null) globalThis.block24Late = late;
    return globalThis.block24Clicks || 0;
}"""
# What the screen offers, for a failure's message: every visible button's and text's words.
SHOWN = """() => [...document.querySelectorAll("flt-semantics")]
    .filter((node) => { const box = node.getBoundingClientRect(); return box.width >= 1 && box.height >= 1; })
    .map((node) => (node.getAttribute("role") === "button" ? "button " : "")
         + (node.getAttribute("aria-label") || (node.querySelector("flt-semantics") ? "" : node.textContent)
            || "").replace(/\\s+/g, " ").trim())
    .filter((words, at, all) => words && all.indexOf(words) === at)"""
FOCUSED_VALUE = """() => document.activeElement && "value" in document.activeElement
    ? document.activeElement.value : null"""


def _pattern(text: str | re.Pattern[str], exact: bool = True) -> tuple[str, str]:
    if isinstance(text, re.Pattern):
        return text.pattern, "i" if text.flags & re.IGNORECASE else ""
    return (f"^{re.escape(text)}$" if exact else re.escape(text)), ""


class EnginePad:
    """The app in one of these engines, driven as a person would (``pad.Pad``'s steps)."""

    def __init__(self, engine: Firefox | WebKit | Chromium, url: str) -> None:
        self.engine = engine
        self.url = url

    def wait(self, script: str, *args: object, timeout_s: float = TIMEOUT_S, what: str = "") -> object:
        deadline = time.monotonic() + timeout_s
        while True:
            found = self.engine.evaluate(script, *args)
            if found:
                return found
            if time.monotonic() > deadline:
                self.shot(f"_failed-{self.engine.name}")
                raise AssertionError(f"{self.engine.name}: not within {timeout_s:.0f} s: {what or script}; "
                                     f"shown: {self._shown()}")
            time.sleep(0.2)

    def _shown(self) -> list[str] | str:
        try:
            return self.engine.evaluate(SHOWN)  # type: ignore[return-value]
        except Exception as failed:  # a failure's message: the browser may be gone
            return f"(not read: {failed})"

    def open(self, until: str | re.Pattern[str], timeout_s: float = 240) -> None:
        """Load the app, switch Flutter's accessibility DOM on, wait until ``until`` shows
        (Python may come up long after Flutter's first frame: WebKit on a busy machine)."""
        self.engine.goto(self.url)
        self.wait(STARTED, timeout_s=timeout_s, what="the app's first frame")
        self.wait(SEMANTICS_ON, timeout_s=TIMEOUT_S, what="the accessibility DOM")
        self.see(until, timeout_s=timeout_s)

    def open_watching(self, until: str | re.Pattern[str], timeout_s: float = 240) -> list[Look]:
        """:meth:`open`, looking at the screen all along: what each screenshot showed."""
        image = web_build._pillow()
        looks: list[Look] = []
        self.engine.goto(self.url)
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            shot = image.open(io.BytesIO(self.engine.screenshot_png())).convert("RGB")
            glance, loading, semantics = self.engine.evaluate(WATCH)  # type: ignore[misc]
            colours = len(shot.getcolors(1 << 20) or ())
            looks.append(Look(glance, loading, colours))
            if semantics and self.find("text", until, exact=False) and not glance:
                return looks
            time.sleep(0.1)
        raise AssertionError(f"{self.engine.name}: {until} not shown within {timeout_s} s")

    def find(self, kind: str, text: str | re.Pattern[str], exact: bool = True) -> dict | None:
        return self.engine.evaluate(FIND, kind, *_pattern(text, exact))  # type: ignore[return-value]

    def see(self, text: str | re.Pattern[str], timeout_s: float = TIMEOUT_S) -> None:
        self.wait(FIND, "text", *_pattern(text, exact=False), timeout_s=timeout_s, what=f"text {text}")

    def _tap(self, kind: str, name: str | re.Pattern[str], then: str | re.Pattern[str] | None) -> None:
        """Tap the control; with ``then``, until that text shows. A tap while Flutter rebuilt its
        semantics can be lost: tapped again while the control is still there :data:`RETAP_S`
        later. Once it is gone the tap was taken and ``then`` is awaited. A tap Flutter told
        Python of is given :data:`TOLD_S` more first: Python in the page can take long under
        load, and a second click could land on the next screen, drawn between the look and the
        click; still there then, Python had dropped it (its control replaced meanwhile, as a
        table's host's screen is when a guest's word comes)."""
        target = self.wait(FIND, kind, *_pattern(name), what=f"{kind} {name}")
        for _ in range(4):
            told = self.clicks_told()
            self.engine.click(target["x"], target["y"])  # type: ignore[index]
            if then is None:
                return
            still = self._still_there(kind, name, then, RETAP_S)
            if still is not None and self.clicks_told() != told:
                still = self._still_there(kind, name, then, TOLD_S)
            if still is None:
                break
            target = still
        self.see(then)

    def _still_there(self, kind: str, name: str | re.Pattern[str],
                     then: str | re.Pattern[str], wait_s: float) -> dict | None:
        """The control, still there ``wait_s`` after a tap that did not show ``then``; None as
        soon as ``then`` shows or the control is gone."""
        deadline = time.monotonic() + wait_s
        while not self.find("text", then, exact=False) and (still := self.find(kind, name)) is not None:
            if time.monotonic() > deadline:
                return still
            time.sleep(0.1)
        return None

    def tap(self, name: str | re.Pattern[str], then: str | re.Pattern[str] | None = None) -> None:
        self._tap("button", name, then)

    def clicks_told(self, late_s: float | None = None) -> int:
        """How many taps the app told Python of in this page; with ``late_s``, each later message
        reaches Python that much later (a slow phone)."""
        late = None if late_s is None else round(late_s * 1000)
        return self.engine.evaluate(CLICKS, late)  # type: ignore[return-value]

    def tap_id(self, identifier: str, then: str | re.Pattern[str] | None = None) -> None:
        self._tap("id", identifier, then)

    def type(self, label: str, value: str, kept: str | re.Pattern[str]) -> None:
        """Click the field with this label, type, until the app shows ``kept`` (it has the value)."""
        for _ in range(5):
            box = self.wait(FIND, "textbox", *_pattern(label), what=f"text field {label}")
            self.engine.click(box["x"], box["y"])  # type: ignore[index]
            time.sleep(0.3)
            self.engine.evaluate(CLEAR_FOCUSED)
            self.engine.type(value)
            try:
                self.see(kept, timeout_s=6)
                if self.engine.evaluate(FOCUSED_VALUE) == value:
                    return
            except AssertionError:
                continue
        raise AssertionError(f"{self.engine.name}: could not type {value!r} into {label!r}")

    def seat(self, names: tuple[str, ...]) -> None:
        for seat, name in enumerate(names, start=1):
            self.type(f"Player {seat}", name, kept=re.compile(f"^Remove {re.escape(name)}$"))

    def score_is(self, name: str, score: int) -> None:
        self.wait(FIND, "id", f"^score-{re.escape(name)}$", "", what=f"the names row's {name}")
        expected = f"{name} {score}"
        deadline = time.monotonic() + TIMEOUT_S
        while (found := self.find("id", re.compile(f"^score-{re.escape(name)}$"))) is None \
                or found["words"] != expected:
            if time.monotonic() > deadline:
                self.shot(f"_failed-{self.engine.name}")
                raise AssertionError(f"{self.engine.name}: {expected!r} expected, shown {found}")
            time.sleep(0.2)

    def give_tricks(self, tricks: dict[str, int], total: int = 6) -> None:
        given = 0
        for name, made in tricks.items():
            given += made
            self.tap_id(f"tricks-{name}-{made}",
                        then=re.compile(rf"(^|\s){total - given} tricks? left to give|All 6 tricks given"))
        self.see("All 6 tricks given")

    def play_round(self, trump: str, tricks: dict[str, int]) -> None:
        self.tap(trump, then=re.compile("count tricks"))
        self.tap(re.compile("count tricks"), then="Confirm round")
        self.give_tricks(tricks)
        self.tap("Confirm round", then="Saved")

    def wait_for_service_worker(self, version: str, timeout_s: float = 180) -> None:
        """Until the build's worker serves this page from a cache holding every file."""
        self.wait(SERVING, version, timeout_s=timeout_s, what=f"service worker {version}")

    def shot(self, name: str) -> None:
        SHOTS.mkdir(exist_ok=True)
        with contextlib.suppress(Exception):
            self.engine.screenshot(SHOTS / f"{name}.png")
