"""The offline pad at a table with no computer: two Chromium processes play one game.

The web build (``make web``) is served inside the test's own network namespace
(``table_net.py``); the host starts a game and shares it, the guest's pad opens from the host's
link (as a phone's camera app opens it), the host's camera (Chromium's fake camera, fed the
guest's code drawn by segno as the pad draws it) scans the guest back, the game appears on the
guest, and a round the guest confirms is checked and stored by the host and shown there.
"""

from __future__ import annotations

import re

import pytest

from web import build as web_build

from .conftest import CHROMIUM, LAUNCH_ARGS, PHONE
from .pad import Pad
from .table_net import CHROMIUM_WEBRTC, TableNet, qr_y4m
from .test_table_peers import JSQR, missing

PLAYERS = ("Anna", "Ben", "Carl")
TIMEOUT_MS = 90_000


@pytest.fixture(scope="module")
def net(tmp_path_factory):
    if not CHROMIUM.exists():
        missing(f"Chromium not found at {CHROMIUM}")
    if not JSQR.exists():
        missing(f"jsQR not found at {JSQR} (make browser)")
    folder = web_build.build()
    table = TableNet(tmp_path_factory.mktemp("table-pad"))
    try:
        table.url = table.serve(folder, port=8124)
        yield table
    finally:
        table.close()


@pytest.fixture(scope="module")
def playwright():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


class PadPhone:
    """A phone: its own Chromium process (its own IndexedDB) in the namespace, with a camera."""

    def __init__(self, playwright, net: TableNet, name: str) -> None:
        self.camera = net.folder / f"{name}.y4m"
        qr_y4m("nothing yet", self.camera)
        wrapper = net.wrapper(str(CHROMIUM), f"chromium-pad-{name}")
        self.context = playwright.chromium.launch_persistent_context(
            str(net.folder / f"profile-{name}"), executable_path=str(wrapper), headless=True,
            args=[*LAUNCH_ARGS, *CHROMIUM_WEBRTC, f"--use-file-for-fake-video-capture={self.camera}"],
            viewport=PHONE, device_scale_factor=1, permissions=["camera"])
        self.url = net.url

    def open(self, url: str | None = None) -> Pad:
        self.pad = Pad(self.context.new_page(), self.url)  # (only the site: every request elsewhere fails)
        self.pad.url = url or self.url
        self.pad.open()
        return self.pad

    def close(self) -> None:
        self.context.close()


@pytest.fixture
def phones(playwright, net):
    made: list[PadPhone] = []

    def make(name: str) -> PadPhone:
        made.append(PadPhone(playwright, net, name))
        return made[-1]

    yield make
    for phone in made:
        phone.close()


def panel_says(pad: Pad, words: str) -> None:
    """The Other phones panel says ``words`` (Flutter merges its lines into one group's name)."""
    from playwright.sync_api import expect

    expect(pad.page.get_by_role("group", name=re.compile(re.escape(words))).first).to_be_visible(timeout=TIMEOUT_MS)


def code_on(pad: Pad, role: str) -> str:
    """The code the phone draws (the QR code's text, from the peer layer that made it)."""
    pad.page.wait_for_function(f"globalThis.block24Table?.{role}?.code", timeout=TIMEOUT_MS)
    return pad.page.evaluate(f"globalThis.block24Table.{role}.code")


def test_a_guest_joins_with_two_scans_and_its_round_is_the_hosts(phones, net):
    host_phone, guest_phone = phones("host"), phones("guest")
    host = host_phone.open()
    host.tap("New game", then="Start game")
    host.seat(PLAYERS)
    host.tap("Start game", then=re.compile("Round 1: Ben calls trump"))
    host.tap_id("other-phones", then="Share this game with the table")
    host.tap("Share this game with the table", then="Scan the next phone")
    host.shot("table-01-host-code")
    link = code_on(host, "host")
    assert link.startswith(net.url) and "#join=" in link
    # The guest's camera app opened the link: the pad starts and shows its own code.
    guest = guest_phone.open(link)
    panel_says(guest, "Now the host's phone taps")
    guest.shot("table-02-guest-code")
    qr_y4m(code_on(guest, "guest"), host_phone.camera)
    host.tap("Scan the next phone")
    panel_says(host, "Phone 1 joined the table")
    # The game appears on the guest, from its own copy.
    guest.see(re.compile("Round 1: Ben calls trump"))
    guest.shot("table-03-guest-block")
    # A round confirmed on the guest is checked by the host's engine and drawn there.
    guest.play_round("Red", {"Anna": 3, "Ben": 1})
    guest.score_is("Anna", "21")
    host.score_is("Anna", "21")
    host.score_is("Carl", "22")
    host.shot("table-04-host-after-guest-round")
