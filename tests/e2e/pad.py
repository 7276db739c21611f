"""A small driver for the app in the browser: taps by accessible name, waits, screenshots."""

from __future__ import annotations

import io
import pathlib
import re
import time
from collections.abc import Callable

from PIL import Image
from playwright.sync_api import Locator, Page, expect

from .served_app import LAID_OUT

SHOTS = pathlib.Path(__file__).resolve().parents[2] / "screenshots"
TIMEOUT = 20_000


class Pad:
    """The app on one browser page."""

    def __init__(self, page: Page, url: str) -> None:
        self.page = page
        self.url = url
        self.python_in_page = False
        """The offline build: Python starts in the page, up to minutes after Flutter's first
        frame on a loaded machine (``web_site.open_pad``); each (re)load waits for its word."""
        # Only our own server: the client's compiled-in CDN request must not leave the machine.
        page.route(re.compile(r"^(?!" + re.escape(url) + r").*"), lambda route: route.abort())

    def open(self) -> None:
        """Load the app and switch Flutter's accessibility tree on."""
        self.page.goto(self.url)
        self._started()

    def reload(self) -> None:
        """Reload the tab (as a player closing and reopening it)."""
        self.page.reload()
        self._started()

    def _started(self) -> None:
        # The loading picture: in the web build it stays until the app is drawn (Python up).
        self.page.wait_for_selector("#loading", state="detached", timeout=180_000)
        self.page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60_000)
        self.page.evaluate("document.querySelector('flt-semantics-placeholder')?.click()")
        self.page.wait_for_selector("flt-semantics-host flt-semantics", state="attached",
                                    timeout=TIMEOUT)
        if self.python_in_page:
            self.page.wait_for_function("globalThis.block24PythonAt", timeout=180_000)

    def resize(self, size: dict[str, int]) -> None:
        """Turn the phone to ``size``; until the app's screen for that size was sent (the served
        test app says so in the page's title) and is drawn (``settled``: its first text at rest)."""
        if self.page.viewport_size == size:
            return  # (no resize: the app is told nothing)
        self.page.set_viewport_size(size)
        expect(self.page).to_have_title(LAID_OUT.format(**size), timeout=60_000)

    def first_screen(self) -> None:
        """Wait until the first screen's top bar is drawn: home (its settings) or a resumed game
        (its back); the app picks the screen before it draws, so either one is the screen it opened."""
        expect(self.by_id("back").or_(self.by_id("settings"))).to_be_visible(timeout=TIMEOUT)

    def button(self, name: str | re.Pattern[str]) -> Locator:
        return self.page.get_by_role("button", name=name, exact=isinstance(name, str)).first

    def tap(self, name: str | re.Pattern[str], then: str | re.Pattern[str] | None = None) -> None:
        """Tap the button with this accessible name; with ``then``, until that text shows."""
        self._tap(self.button(name), then)

    def _tap(self, target: Locator, then: str | re.Pattern[str] | None) -> None:
        if then is None:
            self._click(target)
            return
        # Under load a click can land while Flutter rebuilds its semantics tree and be lost:
        # tap again, but only taps whose repetition is harmless are given a ``then``.
        for _ in range(4):
            self._click(target)
            try:
                expect(self.page.get_by_text(then).first).to_be_visible(timeout=5_000)
                return
            except AssertionError:
                if not target.is_visible():  # the tap was taken (its screen is going): wait for it
                    self.see(then)
                    return
        SHOTS.mkdir(exist_ok=True)
        self.page.screenshot(path=SHOTS / "_failed-tap.png")
        self.see(then)

    def _click(self, target: Locator) -> None:
        expect(target).to_be_visible(timeout=TIMEOUT)
        # A Semantics wrapper (label, identifier) lets pointer events through to the tappable inside.
        inner = target.locator("[flt-tappable]")
        (inner.first if inner.count() else target).click()

    def tap_id(self, identifier: str, then: str | re.Pattern[str] | None = None) -> None:
        """Tap the control wrapped in ``Semantics(identifier=...)`` (``then`` as in :meth:`tap`)."""
        self._tap(self.by_id(identifier), then)

    def by_id(self, identifier: str) -> Locator:
        return self.page.locator(f'[flt-semantics-identifier="{identifier}"]').first

    def see(self, text: str | re.Pattern[str]) -> None:
        """Wait until this text is shown."""
        expect(self.page.get_by_text(text).first).to_be_visible(timeout=TIMEOUT)

    def type(self, label: str, value: str, shown: tuple[Locator, re.Pattern[str]] | None = None) -> None:
        """Type into the text field with this label: click, wait for focus, fill, check, retry.

        With ``shown`` (a control and the name it gets from the value), until the app shows that
        it has the value; without, the field must still hold it a moment later (Flutter writes its
        own state back into the field, and a fill it missed is undone then).
        """
        box = self.page.get_by_role("textbox", name=label).first
        for _ in range(5):
            box.click()
            try:
                expect(box).to_be_focused(timeout=5_000)
            except AssertionError:
                continue
            box.fill(value)
            if shown is None:
                self.page.wait_for_timeout(150)
                if box.input_value() == value:
                    return
                continue
            try:
                expect(shown[0]).to_have_accessible_name(shown[1], timeout=5_000)
            except AssertionError:
                continue
            if box.input_value() == value:
                return
        raise AssertionError(f"could not type {value!r} into {label!r}")

    def seat(self, names: list[str] | tuple[str, ...], *, label: str = "Player",
             add: str = "Add player") -> None:
        """Type the players' names on the new-game form, adding a seat where the form has none yet;
        each name is typed once the seat's remove button is named after it (the app has it)."""
        for seat, name in enumerate(names, start=1):
            box = self.page.get_by_role("textbox", name=f"{label} {seat}")
            if not box.count():
                self.tap(add)
                box.first.wait_for()
            named = re.compile(rf"(^|\s){re.escape(name.strip())}(\s|$)")
            self.type(f"{label} {seat}", name, shown=(self.by_id(f"seat-remove-{seat - 1}"), named))

    # -- the table's steps -------------------------------------------------------------

    def score_is(self, name: str, score: str) -> None:
        """The names row shows ``name`` with ``score``."""
        expect(self.by_id(f"score-{name}")).to_have_text(
            re.compile(rf"^{re.escape(name)} {score}$"), timeout=TIMEOUT)

    def give_tricks(self, tricks: dict[str, int], *, left_text: str = "tricks? left to give",
                    done: str = "All 6 tricks given", total: int = 6) -> None:
        """Tap each count; the last player's count fills itself in (R7/Z10), so all are given.

        ``left_text`` is matched after the number still to give (a German table passes
        ``Stiche? zu vergeben`` and ``Noch``-less counts match too); ``total`` is T (20 ab: 5 or 6).
        """
        given = 0
        for name, made in tricks.items():
            given += made
            self.tap_id(f"tricks-{name}-{made}",
                        then=re.compile(rf"(^|\s){total - given} {left_text}|{done}"))
        self.see(done)

    def sit_out(self, name: str, plays: str = "plays", sits_out: str = "sits out") -> None:
        """Variant B / Z9: ``name`` sits this round out (the chip says so once it took)."""
        self.page.get_by_role("checkbox", name=re.compile(rf"^{re.escape(name)}: {plays}")).click()
        self.page.get_by_role("checkbox", name=re.compile(rf"^{re.escape(name)}: {sits_out}")).wait_for()

    def set_language(self, button: str, then: str) -> None:
        """Settings → the language (kept on this phone); back to the games."""
        self.first_screen()  # (a screen is drawn: its top bar says whether back is needed)
        if self.by_id("back").count():
            self.tap_id("back")
        self.tap_id("settings", then=re.compile("Language|Sprache|Taal"))
        self.tap(button, then=then)
        self.tap_id("back")

    def play_round(self, trump: str, tricks: dict[str, int], *, sit_out: str | None = None,
                   variant_b: bool = False) -> None:
        """From the Block back to the Block in the game's order: trump (then who sits out, B), count,
        confirm."""
        # variant B: who sits out is said on the play screen (no step of its own: one tap less)
        self.tap(trump, then=re.compile("count tricks"))
        if variant_b and sit_out:
            self.sit_out(sit_out)
        self.tap(re.compile("count tricks"), then="Confirm round")
        self.give_tricks(tricks)
        self.tap("Confirm round", then="Saved")

    def undo(self, number: int, label: str = "Undo last round") -> None:
        """Take round ``number`` (the last) back: tapped again only while it still stands (a click
        under load can be lost, and a second undo would take the round before it too)."""
        expect(self.by_id(f"round-{number}")).to_be_attached(timeout=TIMEOUT)  # drawn by now
        for _ in range(4):
            if not self.by_id(f"round-{number}").count():
                return
            self.tap(label)
            for _ in range(100):  # (under load the Block redraws seconds later: wait, not tap again)
                self.page.wait_for_timeout(100)
                if not self.by_id(f"round-{number}").count():
                    return
        raise AssertionError(f"round {number} is still on the Block after 4 taps on {label!r}")

    def until(self, condition: Callable[[], object], what: str, timeout_s: float = TIMEOUT / 1000) -> None:
        """Poll ``condition`` until it holds (a frame or an answer from the server can take seconds under
        load); fail saying ``what`` was awaited."""
        deadline = time.monotonic() + timeout_s
        while not condition():
            if time.monotonic() > deadline:
                raise AssertionError(f"not within {timeout_s:.0f} s: {what}")
            self.page.wait_for_timeout(100)

    def ping(self) -> None:
        """A round trip through the server: the chart opened and closed again (two taps, two answers).
        The server's messages come in order, so whatever it sent before the echo has arrived."""
        self.tap("Chart")
        expect(self.by_id("score-chart")).to_be_visible(timeout=TIMEOUT)
        self.tap_id("back", then="Tap a round to correct it")

    def settled(self, target: Locator) -> None:
        """Until ``target``'s box is the same in two reads a frame apart (a scroll or a new layout
        has come to rest: Flutter moves the accessibility boxes with it)."""
        boxes = [None, target.bounding_box()]
        def still() -> bool:
            self.page.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
            boxes.append(target.bounding_box())
            return boxes[-1] is not None and boxes[-1] == boxes[-2]
        self.until(still, f"{target} comes to rest")

    def reads(self, target: Locator, sentence: str) -> None:
        """The accessibility tree reads ``sentence`` for ``target``: as its name, or as its text
        (Flutter gives a labelled group either, depending on how its content is laid out)."""
        for _ in range(200):
            if target.count() and sentence in target.aria_snapshot():
                return
            self.page.wait_for_timeout(100)
        raise AssertionError(f"{sentence!r} is not read: "
                             f"{target.aria_snapshot() if target.count() else None}")

    def in_view(self, target: Locator) -> bool:
        """The whole of ``target`` lies inside the viewport (its box in the accessibility tree)."""
        box = target.bounding_box()
        size = self.page.viewport_size
        return (box is not None and box["x"] >= -1 and box["y"] >= -1
                and box["x"] + box["width"] <= size["width"] + 1
                and box["y"] + box["height"] <= size["height"] + 1)

    def dark(self) -> bool:
        """The page is drawn dark: the colour of its top left corner (inside the page's padding)."""
        png = self.page.screenshot(clip={"x": 1, "y": 1, "width": 2, "height": 2})
        red, green, blue = Image.open(io.BytesIO(png)).convert("RGB").getpixel((0, 0))
        return red + green + blue < 3 * 128

    def wait_dark(self, dark: bool = True) -> None:
        """Wait until the page is drawn dark (or light)."""
        for _ in range(40):
            if self.dark() == dark:
                return
            self.page.wait_for_timeout(250)
        raise AssertionError(f"the page is not drawn {'dark' if dark else 'light'}")

    def shot(self, name: str) -> pathlib.Path:
        """A screenshot under screenshots/ once two frames in a row agree."""
        SHOTS.mkdir(exist_ok=True)
        path = SHOTS / f"{name}.png"
        previous = None
        for _ in range(10):
            png = self.page.screenshot()
            if png == previous:
                break
            previous = png
            self.page.wait_for_timeout(250)
        path.write_bytes(previous or png)
        assert "Unknown control" not in self.page.locator("body").aria_snapshot()
        return path
