"""While the call is made, the newest round and everyone's score stay whole in view: every 20 ab
preset, 3 to 6 players (as its rule book allows), at the four sizes.

The boxes of the accessibility tree are measured: the newest round's row and each
player's name-and-score tile lie wholly inside the window, and no other text's
box lies over them. (At 360×640 a Württemberg call squeezed the Block to a strip
about 40 px high: the newest round was cut.)
"""

from __future__ import annotations

import pathlib
import re

import pytest
from playwright.sync_api import expect

from app.store import Store
from scoring import game_from_record

from .conftest import SIZES
from .pad import SHOTS, Pad

TRUMPS = ("hearts", "clubs", "spades", "diamonds")
GAMES = {"lehrblatt": (3, 4, 5), "wuerttemberg": (3, 4, 5, 6), "temmels": (3, 4, 5, 6)}
BOXES = """(ids) => ids.map(id => {
  const node = document.querySelector(`[flt-semantics-identifier="${id}"]`);
  if (!node) return null;
  const box = node.getBoundingClientRect();
  // Cut by a scrolling list it lies in (the Block's rows scroll)? Flutter gives a node the part
  // in view: one at an edge of the list, with more of the list beyond that edge, is cut there.
  // (Flutter sets the axis a list scrolls on to "scroll"; CSS computes the other one "auto".)
  let cut = false;
  for (let up = node.parentElement; up && up.tagName === 'FLT-SEMANTICS'; up = up.parentElement) {
    const style = getComputedStyle(up), edge = up.getBoundingClientRect();
    if (style.overflowY === 'scroll') {
      cut ||= box.top < edge.top + 1 && up.scrollTop > 0;
      cut ||= box.bottom > edge.bottom - 1 && up.scrollTop + up.clientHeight < up.scrollHeight - 1;
    }
    if (style.overflowX === 'scroll') {
      cut ||= box.left < edge.left + 1 && up.scrollLeft > 0;
      cut ||= box.right > edge.right - 1 && up.scrollLeft + up.clientWidth < up.scrollWidth - 1;
    }
  }
  return {x: box.x, y: box.y, right: box.right, bottom: box.bottom, cut};
})"""
OTHERS = """(ids) => {
  const mine = ids.map(id => document.querySelector(`[flt-semantics-identifier="${id}"]`));
  const boxes = [];
  for (const node of document.querySelectorAll('flt-semantics')) {
    if (mine.some(m => m && (m === node || m.contains(node) || node.contains(m)))) continue;
    const own = [...node.childNodes].filter(n => n.nodeType === 3 || n.tagName === 'SPAN')
      .map(n => n.textContent).join(' ').trim();
    const text = node.getAttribute('aria-label') || own;
    if (!text) continue;
    const box = node.getBoundingClientRect();
    let [x, y, right, bottom] = [box.left, box.top, box.right, box.bottom];
    for (let up = node.parentElement; up && up.tagName === 'FLT-SEMANTICS'; up = up.parentElement) {
      const style = getComputedStyle(up), edge = up.getBoundingClientRect();
      if (style.overflowX !== 'visible') [x, right] = [Math.max(x, edge.left), Math.min(right, edge.right)];
      if (style.overflowY !== 'visible') [y, bottom] = [Math.max(y, edge.top), Math.min(bottom, edge.bottom)];
    }
    if (right - x > 1 && bottom - y > 1) boxes.push({text, x, y, right, bottom});  // (what is in view)
  }
  return boxes;
}"""


def players(preset: str, n: int) -> list[str]:
    return [f"{preset[:3].title()}{n} {chr(65 + i)}" for i in range(n)]


def record(preset: str, n: int) -> dict:
    """Two rounds behind, a misdeal and a bid where the book has them: the call's controls in full."""
    names = players(preset, n)
    tricks = 6 if preset == "wuerttemberg" else 5
    rounds = []
    for r in range(2):
        made = dict.fromkeys(names, 0)
        for t in range(tricks):
            made[names[(r + t) % n]] += 1
        one = {"caller": names[(r + 1) % n], "trump": TRUMPS[r], "tricks": made}
        if preset == "wuerttemberg":
            one |= {"dealer": names[r % n], "bid": 2}
            one |= {"misdeals": 1} if r == 0 else {}
        rounds.append(one)
    return {"players": names, "rules": {"book": "20ab", "preset": preset}, "rounds": rounds}


@pytest.fixture
def folder(tmp_path: pathlib.Path) -> pathlib.Path:
    """Every preset's game at each count of players it allows, two rounds in."""
    data = tmp_path / "data"
    store = Store.open(data)
    try:
        for preset, counts in GAMES.items():
            for n in counts:
                store.create_game(game_from_record(record(preset, n)))
    finally:
        store.close()
    return data


def hidden(pad: Pad, ids: list[str]) -> list[str]:
    """What is wrong with these boxes: out of the window, or under another text."""
    size = pad.page.viewport_size
    wrong = []
    boxes = pad.page.evaluate(BOXES, ids)
    for name, box in zip(ids, boxes, strict=True):
        if box is None:
            wrong.append(f"{name} is not drawn")
        elif box["x"] < -1 or box["y"] < -1 or box["right"] > size["width"] + 1 \
                or box["bottom"] > size["height"] + 1:
            wrong.append(f"{name} is not wholly in the window: {box}")
        elif box["cut"]:
            wrong.append(f"{name} is cut by the scrolling list it lies in: {box}")
    for other in pad.page.evaluate(OTHERS, ids):
        for name, box in zip(ids, boxes, strict=True):
            if box and other["x"] < box["right"] - 1 and box["x"] < other["right"] - 1 \
                    and other["y"] < box["bottom"] - 1 and box["y"] < other["bottom"] - 1:
                wrong.append(f"{name} lies under {other['text'][:40]!r}")
    return wrong


def test_the_newest_round_and_the_scores_stay_in_view_while_the_call_is_made(browser, server):
    context = browser.new_context(viewport=SIZES["small"], device_scale_factor=1)
    pad = Pad(context.new_page(), server.url)
    failures = []
    now = "small"  # (each game is judged first at the size the last one ended at: a resize less)
    try:
        pad.open()
        pad.see("Games in progress")
        for preset, counts in GAMES.items():
            for n in counts:
                names = players(preset, n)
                tile = pad.button(re.compile("^" + re.escape(" · ".join(names))))
                if not tile.count():  # home lists a phone's screen of games at first
                    pad.tap(re.compile(r"^Show \d+ more$"), then=re.compile("^" + re.escape(names[0])))
                pad.tap(re.compile("^" + re.escape(" · ".join(names))), then=re.compile("^Round 3: "))
                ids = ["round-2", *(f"score-{name}" for name in names)]
                for size in [now, *(size for size in SIZES if size != now)]:
                    if size != now:
                        pad.resize(SIZES[size])  # the app's layout for this size sent,
                        now = size
                    pad.settled(pad.by_id("round-2"))  # drawn and at rest
                    wrong = hidden(pad, ids)
                    if wrong:
                        SHOTS.mkdir(exist_ok=True)
                        pad.page.screenshot(path=SHOTS / f"call-in-view-{preset}-{n}-{size}.png")
                        failures += [f"{preset}, {n} players, {size}: {w}" for w in wrong]
                pad.tap_id("back", then="Games in progress")
                expect(pad.page.get_by_text("Games in progress")).to_be_visible()
    finally:
        context.close()
    assert not failures, "\n".join(failures)
