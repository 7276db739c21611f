"""At 390×844: every control a finger taps is at least 48×48 px, every name is read once.

The accessibility tree Flutter gives the browser is what a screen reader reads
and where a tap lands, so both checks read it (``flt-semantics`` nodes with
their roles, names and boxes):

- every button, checkbox, switch, radio, tab and link is at least 48 px wide
  and high (Material's minimum touch target); a box cut by the window's edge
  (scrolled partly out of view) is not judged;
- no control is announced twice: no name repeated by a node inside it or
  beside it (a label on a wrapper and the same text inside, "3 tricks left,
  3 tricks left"), and no tappable control nested in another one.
"""

from __future__ import annotations

import re

import pytest

from app.store import Store
from scoring import Colour, Game, Round

from .conftest import PHONE
from .pad import Pad

MIN_TARGET = 48
SLACK = 0.5
"""Flutter's boxes are fractional: 47.6 px is drawn as 48."""

AUDIT = """(min) => {
  const roles = new Set(["button", "checkbox", "switch", "radio", "tab", "link", "menuitem"]);
  const nodes = [...document.querySelectorAll("flt-semantics")];
  const own = (n) => {  // what a screen reader says for this node itself
    const label = n.getAttribute("aria-label");
    if (label) return label.trim();
    return [...n.childNodes].filter((c) => c.nodeName !== "FLT-SEMANTICS")
      .map((c) => c.textContent).join(" ").replace(/\\s+/g, " ").trim();
  };
  const say = (n) => `${n.getAttribute("role") || "node"} "${own(n)}"`;
  const small = [], twice = [];
  for (const n of nodes) {
    const role = n.getAttribute("role");
    const name = own(n);
    const box = n.getBoundingClientRect();
    // A box at the window's edge (its padding included) is cut by a scroll view's clip:
    // its size is not the control's, so it is not judged.
    const edge = 12;
    const whole = box.top > edge && box.left >= 0 && box.bottom < innerHeight - edge
      && box.right <= innerWidth;
    if (roles.has(role) && whole && !n.querySelector("flt-semantics[flt-tappable]")) {
      if (box.width < min || box.height < min)
        small.push(`${say(n)} is ${Math.round(box.width)}×${Math.round(box.height)} px`);
    }
    if (roles.has(role)) {
      const inner = n.querySelector(":scope flt-semantics[role]");
      if (inner && roles.has(inner.getAttribute("role")))
        twice.push(`${say(n)} holds another control: ${say(inner)}`);
    }
    if (!name) continue;
    for (const d of n.querySelectorAll("flt-semantics")) {
      const inner = own(d);
      if (inner && (inner === name || (inner.length > 3 && name.includes(inner))))
        twice.push(`${say(n)} repeats ${say(d)}`);
    }
    const next = n.nextElementSibling;
    if (next && next.nodeName === "FLT-SEMANTICS" && name.includes(" ") && own(next) === name)
      twice.push(`${say(n)} twice side by side`);
  }
  return {small, twice, count: nodes.filter((n) => roles.has(n.getAttribute("role"))).length};
}"""


def finished_game() -> Game:
    # Ben calls red and makes no trick: +12 → 36; then Anna calls yellow with 6: 48 ends it.
    return Game(("Anna", "Ben"), rounds=(
        Round("Ben", Colour.RED, {"Anna": 6, "Ben": 0}),
        Round("Anna", Colour.YELLOW, {"Anna": 6, "Ben": 0})))


@pytest.fixture(scope="module")
def targets_server(app_server, tmp_path_factory):
    """The worker's server on a folder with one finished game (home lists it, statistics have a row),
    for the module's one tour."""
    data = tmp_path_factory.mktemp("targets")
    store = Store.open(data)
    store.create_game(finished_game())
    store.close()
    app_server.use(data)
    since = app_server.log_size()
    yield app_server
    app_server.check_log(since)


def audit(pad: Pad, screen: str, found: dict[str, list[str]], part: str = "") -> None:
    """This screen's small targets and names read twice (``part``: a scrolled view of it)."""
    seen = pad.page.evaluate(AUDIT, MIN_TARGET - SLACK)
    found.setdefault(screen, []).extend(
        [f"smaller than 48×48 px: {p}" for p in seen["small"]]
        + [f"announced twice: {p}" for p in seen["twice"]]
        + ([] if seen["count"] else ["no control in the accessibility tree"]))
    pad.shot(f"40-targets-{screen}{part}")


def scroll_to_the_end(pad: Pad) -> None:
    """Scroll the screen's column down (the controls below the fold are judged too)."""
    pad.page.mouse.move(PHONE["width"] / 2, PHONE["height"] / 2)
    start = pad.button("Start game")
    before = start.bounding_box()
    pad.page.mouse.wheel(0, 3000)
    pad.until(lambda: start.bounding_box() != before, "the form scrolled")
    pad.settled(start)  # the scroll settles; Flutter moves the semantics boxes with it


@pytest.fixture(scope="module")
def problems(browser, targets_server) -> dict[str, list[str]]:
    """Home, new game, a game (calling, playing, tricks), settings, statistics, 20 ab's call, each audited."""
    page = browser.new_context(viewport=PHONE, device_scale_factor=1).new_page()
    pad = Pad(page, targets_server.url)
    pad.open()
    found: dict[str, list[str]] = {}

    pad.see("Finished games")
    audit(pad, "home", found)
    pad.tap("New game", then="Start game")
    pad.seat(["Anna", "Ben", "Carl"])
    audit(pad, "new-game", found)
    scroll_to_the_end(pad)
    audit(pad, "new-game", found, "-end")
    pad.tap("Start game", then=re.compile("Round 1: Ben calls trump"))
    audit(pad, "calling", found)
    pad.tap("Green", then=re.compile("count tricks"))
    audit(pad, "playing", found)
    pad.tap(re.compile("count tricks"), then="Confirm round")
    pad.tap_id("tricks-Anna-2", then=re.compile("tricks? left to give"))
    audit(pad, "tricks", found)
    pad.tap_id("back", then="New game")
    pad.tap_id("settings", then="Export all games")
    audit(pad, "settings", found)
    pad.tap_id("back", then="New game")
    pad.tap("Statistics", then="Tap a column to sort")
    audit(pad, "statistics", found)

    # 20 ab (Württemberg): the dealer's misdeals, the bid chips, knocking, then the play screen
    pad.tap_id("back", then="New game")
    pad.tap("New game", then="Start game")
    pad.tap_id("game-wuerttemberg", then=re.compile("^3–6 players"))
    pad.seat(["Anna", "Ben", "Carl"])
    pad.tap("Start game", then=re.compile("Round 1: Ben calls trump"))
    audit(pad, "calling-20ab", found)
    pad.tap_id("bid-3")
    pad.tap(re.compile("^Hearts"), then=re.compile("count tricks"))
    pad.page.get_by_role("checkbox", name="Anna: plays").wait_for()
    audit(pad, "sitting-out-20ab", found)
    page.context.close()
    return found


class TestEveryScreen:
    """One tour of the screens (``problems``), judged screen by screen (a class: on one worker)."""

    @pytest.mark.parametrize("screen", ["home", "new-game", "calling", "playing", "tricks", "settings",
                                        "statistics", "calling-20ab", "sitting-out-20ab"])
    def test_every_control_is_48_px_and_read_once(self, problems, screen):
        assert problems[screen] == [], f"{screen}:\n" + "\n".join(problems[screen])
