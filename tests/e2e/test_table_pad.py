"""The offline pad at a table with no computer: two Chromium processes play one game.

The web build (``make web``) is served inside the test's own network namespace
(``table_net.py``); the host starts a game and shares it, the guest's pad opens from the host's
link (as a phone's camera app opens it), the host's camera (Chromium's fake camera, fed the
guest's code drawn by segno as the pad draws it) scans the guest back, the game appears on the
guest, and a round the guest confirms is checked and stored by the host and shown there.
A Firefox guest joins a Chromium host the same way (it opens the link; the host films its code).
A guest comes back with no scan over the standby the host prepared for it: reloaded after 20 s
idle, or its browser killed mid-confirm; after the host's own reload it scans the host's new code
from within its pad.
"""

from __future__ import annotations

import contextlib
import os
import pathlib
import re
import signal
import tempfile

import pytest

from web import build as web_build

from .conftest import CHROMIUM, LAUNCH_ARGS, PHONE
from .engines import EnginePad
from .pad import Pad
from .table_net import CHROMIUM_WEBRTC, TableNet, qr_png, qr_y4m
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


class PadPhone:
    """A phone: its own Chromium process (its own IndexedDB) in the namespace, with a camera."""

    def __init__(self, playwright, net: TableNet, name: str, profile: str | None = None) -> None:
        self.camera = net.folder / f"{name}.y4m"
        if profile is None:  # (a phone started again keeps its camera's picture)
            qr_y4m("nothing yet", self.camera)
        wrapper = net.wrapper(str(CHROMIUM), f"chromium-pad-{name}")
        self.profile = profile or tempfile.mkdtemp(prefix=f"profile-{name}-", dir=net.folder)
        self.context = playwright.chromium.launch_persistent_context(
            self.profile, executable_path=str(wrapper),
            headless=True,
            args=[*LAUNCH_ARGS, *CHROMIUM_WEBRTC, f"--use-file-for-fake-video-capture={self.camera}"],
            viewport=PHONE, device_scale_factor=1, permissions=["camera"])
        self.url = net.url

    def open(self, url: str | None = None) -> Pad:
        self.pad = Pad(self.context.new_page(), self.url)  # (only the site: every request elsewhere fails)
        self.pad.url = url or self.url
        self.pad.python_in_page = True
        self.pad.open()
        return self.pad

    def close(self) -> None:
        with contextlib.suppress(Exception):  # (a phone killed by the test is closed already)
            self.context.close()

    def kill(self) -> None:
        """The phone dies at once: its browser process (found by its own profile) is killed."""
        for entry in pathlib.Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                argv = (entry / "cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if (f"--user-data-dir={self.profile}".encode() in argv
                    and not any(arg.startswith(b"--type=") for arg in argv)):
                os.kill(int(entry.name), signal.SIGKILL)
                self.close()
                return
        raise AssertionError(f"no browser process with the profile {self.profile}")


@pytest.fixture
def phones(playwright, net):
    made: list[PadPhone] = []

    def make(name: str, profile: str | None = None) -> PadPhone:
        made.append(PadPhone(playwright, net, name, profile))
        return made[-1]

    yield make
    for phone in made:
        phone.close()


def panel_says(pad: Pad, words: str) -> None:
    """The Other phones panel says ``words`` (Flutter merges its lines into one group's name)."""
    from playwright.sync_api import expect

    group = pad.page.get_by_role("group", name=re.compile(re.escape(words))).first
    expect(group).to_be_visible(timeout=TIMEOUT_MS)


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
    host.tap("Share this game with the table")  # (its code comes once the addresses are gathered)
    code_on(host, "host")
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


def round_is(pad: Pad, number: int, caller: str) -> None:
    """The Block waits for round ``number`` (so each round before it stands exactly once)."""
    pad.see(re.compile(rf"Round {number}: {caller} calls trump"))


def a_table(phones) -> tuple[PadPhone, Pad, PadPhone, Pad]:
    """A host and a guest joined by two scans, on the host's new game."""
    host_phone, guest_phone = phones("host"), phones("guest")
    host = host_phone.open()
    host.tap("New game", then="Start game")
    host.seat(PLAYERS)
    host.tap("Start game", then=re.compile("Round 1: Ben calls trump"))
    host.tap_id("other-phones", then="Share this game with the table")
    host.tap("Share this game with the table")
    guest = guest_phone.open(code_on(host, "host"))
    panel_says(guest, "Now the host's phone taps")
    qr_y4m(code_on(guest, "guest"), host_phone.camera)
    host.tap("Scan the next phone")
    panel_says(host, "Phone 1 joined the table")
    guest.see(re.compile("Round 1: Ben calls trump"))
    return host_phone, host, guest_phone, guest


def close_panel(host: Pad) -> None:
    """The host's Other phones panel closed: the whole Block in view, whatever the panel says."""
    host.tap_id("other-phones")
    host.until(lambda: not host.page.get_by_text("Scan the next phone").count(), "the panel closed")


def a_round_from_each(host: Pad, guest: Pad) -> None:
    """Round 1 confirmed on the guest, round 2 on the host: both phones then call round 3."""
    guest.play_round("Red", {"Anna": 3, "Ben": 1})
    close_panel(host)
    host.play_round("Blue", {"Anna": 2, "Ben": 2})
    round_is(guest, 3, "Anna")


IDLE_MS = 20_000
"""Longer than a standby connection lived before it waited unanswered (Firefox: 5-10 s)."""


def test_a_guest_idle_longer_than_a_standby_lived_then_reloaded_comes_back_with_every_round(phones, net):
    _, host, _, guest = a_table(phones)
    a_round_from_each(host, guest)
    guest.page.wait_for_function("localStorage.getItem('block24.peer.standby')", timeout=TIMEOUT_MS)
    # The table plays a hand with the cards only: nothing crosses for longer than a standby lived.
    since = guest.page.evaluate("performance.now()")
    guest.page.wait_for_function(f"performance.now() - {since} > {IDLE_MS}", polling=1000,
                                 timeout=IDLE_MS + TIMEOUT_MS)
    guest.reload()
    # Back by itself: no code drawn on the guest, the host's camera never used.
    guest.page.wait_for_function("globalThis.block24Table?.guest?.channel?.readyState === 'open'",
                                 timeout=TIMEOUT_MS)
    assert not guest.page.get_by_text(re.compile("Now the host's phone taps")).count()
    round_is(guest, 3, "Anna")
    for name in PLAYERS:
        guest.score_is(name, host.by_id(f"score-{name}").inner_text().split()[-1])
    # Rounds go on from the reloaded guest, each once on both phones.
    guest.play_round("Red", {"Anna": 1, "Ben": 1})
    round_is(host, 4, "Ben")
    round_is(guest, 4, "Ben")


def test_a_guest_killed_mid_confirm_comes_back_with_each_round_once(phones, net):
    _, host, guest_phone, guest = a_table(phones)
    guest.play_round("Red", {"Anna": 3, "Ben": 1})  # round 1, from the guest: Anna 21, Carl 22
    host.score_is("Anna", "21")
    close_panel(host)
    # Round 2 on the guest, up to Confirm; the guest's browser dies the moment it is tapped.
    guest.tap("Blue", then=re.compile("count tricks"))
    guest.tap(re.compile("count tricks"), then="Confirm round")
    guest.give_tricks({"Anna": 2, "Ben": 2})
    guest.button("Confirm round").click()
    guest_phone.kill()
    # The host is not stuck: it shows round 2 stored once (it reached the host) or not at all.
    host.until(lambda: host.page.get_by_text(re.compile(r"Round [23]: ")).count(), "the host's Block")
    # The guest's phone starts again on the same profile: back over the standby, no scan.
    again = phones("guest", guest_phone.profile).open()
    again.page.wait_for_function("globalThis.block24Table?.guest?.channel?.readyState === 'open'",
                                 timeout=TIMEOUT_MS)

    def half_entered(n: int) -> bool:  # the kill came before the guest took its Confirm
        return bool(again.page.get_by_text(f"Tricks · Round {n}").count())

    def same_round() -> int | None:  # (the host heard the dead guest's change, if at all, long before)
        return next((n for n in (2, 3) if host.page.get_by_text(re.compile(rf"Round {n}: ")).count()
                     and (again.page.get_by_text(re.compile(rf"Round {n}: ")).count() or half_entered(n))),
                    None)

    try:
        host.until(same_round, "the same round next on both phones", timeout_s=TIMEOUT_MS / 1000)
    except AssertionError:  # (what each phone shows, to look at)
        host.shot("table-killed-host")
        again.shot("table-killed-guest")
        raise
    host_rounds = same_round()
    if half_entered(host_rounds):
        # Its round half entered came back on the guest (the trump it called; the counts given
        # the moment before the kill may be lost): counted and confirmed now, it is stored once.
        again.give_tricks({"Anna": 2, "Ben": 2})
        again.tap("Confirm round", then="Saved")
        host_rounds += 1
    caller = {2: "Carl", 3: "Anna"}[host_rounds]
    round_is(again, host_rounds, caller)
    round_is(host, host_rounds, caller)
    for name in PLAYERS:  # the same Block on both phones
        score = host.by_id(f"score-{name}").inner_text().split()[-1]
        again.score_is(name, score)
    # Each round once: one more round from the guest comes right after it on both phones.
    again.play_round("Red", {"Anna": 2, "Ben": 2})
    round_is(host, host_rounds + 1, {3: "Anna", 4: "Ben"}[host_rounds + 1])
    round_is(again, host_rounds + 1, {3: "Anna", 4: "Ben"}[host_rounds + 1])


def test_a_host_reloaded_loses_no_round_and_its_guest_joins_again_with_two_scans(phones, net):
    host_phone, host, guest_phone, guest = a_table(phones)
    a_round_from_each(host, guest)
    host.reload()
    # Every phone still has each round once; the guest keeps its Block while the host is away.
    round_is(host, 3, "Anna")
    panel_says(guest, "The host's phone is away: keep its screen on and the pad open; "
                      "this phone keeps the Block.")
    round_is(guest, 3, "Anna")
    guest.score_is("Anna", "19")
    # As the README says: the reloaded host shares again, and it takes two scans. The guest
    # scans the host's new code from within its pad (its panel offers it once the host is away).
    host.tap_id("other-phones", then="Share this game with the table")
    host.tap("Share this game with the table")
    qr_y4m(code_on(host, "host"), guest_phone.camera)
    guest.shot("table-05-guest-host-away")
    guest.tap("Join a table: scan the host's code")
    panel_says(guest, "Now the host's phone taps")
    qr_y4m(code_on(guest, "guest"), host_phone.camera)
    host.tap("Scan the next phone")
    panel_says(host, "Phone 1 joined the table")
    # Rounds go on from the guest, each once on both phones.
    guest.see(re.compile("Round 3: Anna calls trump"))
    guest.play_round("Red", {"Anna": 1, "Ben": 1})
    round_is(host, 4, "Ben")
    round_is(guest, 4, "Ben")
    for name in PLAYERS:
        guest.score_is(name, host.by_id(f"score-{name}").inner_text().split()[-1])


# -- Firefox at the table (its camera cannot be fed a picture: a photo, or the link) -----------

class FirefoxPad:
    """Firefox ESR in the namespace, on the pad (``engines.EnginePad``'s steps)."""

    def __init__(self, net: TableNet, name: str, url: str) -> None:
        from .test_table_peers import FirefoxPhone

        phone = FirefoxPhone.__new__(FirefoxPhone)
        self._start(phone, net, name)
        self.phone = phone
        self.pad = EnginePad(phone.driver, url)

    @staticmethod
    def _start(phone, net: TableNet, name: str) -> None:
        import os
        import subprocess

        from .engines import FIREFOX, NODE_MODULES, Firefox
        from .table_net import FIREFOX_WEBRTC

        for needed in (FIREFOX, NODE_MODULES / "puppeteer-core"):
            if not needed.exists():
                missing(f"{needed} not found (make browser)")
        profile = pathlib.Path(tempfile.mkdtemp(prefix=f"firefox-pad-{name}-", dir=net.folder))
        env = dict(os.environ, BLOCK24_NODE_MODULES=str(NODE_MODULES.parent))
        phone.driver = Firefox.__new__(Firefox)
        phone.driver.name = "firefox"
        phone.driver.process = net.popen(["node", str(pathlib.Path(__file__).with_name("bidi_driver.mjs"))],
                                         cwd=pathlib.Path(__file__).parents[2], env=env,
                                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        phone.driver._send("launch", executable=str(FIREFOX), profile=str(profile), width=390, height=844,
                           language="en-US", origin=net.url.rstrip("/"), prefs=FIREFOX_WEBRTC)

    def code(self, role: str) -> str:
        return self.pad.wait(f"() => globalThis.block24Table?.{role}?.code", timeout_s=TIMEOUT_MS / 1000,
                             what=f"the {role}'s code")

    def close(self) -> None:
        self.phone.driver.close()


@pytest.fixture
def firefox(net):
    made: list[FirefoxPad] = []

    def make(name: str, url: str | None = None) -> FirefoxPad:
        made.append(FirefoxPad(net, name, url or net.url))
        return made[-1]

    yield make
    for phone in made:
        phone.close()


def test_a_firefox_guest_at_a_chromium_hosts_table(phones, firefox, net):
    host_phone = phones("host")
    host = host_phone.open()
    host.tap("New game", then="Start game")
    host.seat(PLAYERS)
    host.tap("Start game", then=re.compile("Round 1: Ben calls trump"))
    host.tap_id("other-phones", then="Share this game with the table")
    host.tap("Share this game with the table")  # (its code comes once the addresses are gathered)
    code_on(host, "host")
    guest = firefox("guest", code_on(host, "host"))  # Firefox opened the link (a phone's camera app)
    guest.pad.open(until=re.compile("Now the host's phone taps"))
    qr_y4m(guest.code("guest"), host_phone.camera)
    host.tap("Scan the next phone")
    panel_says(host, "Phone 1 joined the table")
    guest.pad.see(re.compile("Round 1: Ben calls trump"), timeout_s=TIMEOUT_MS / 1000)
    guest.pad.play_round("Red", {"Anna": 3, "Ben": 1})
    host.score_is("Anna", "21")
    guest.pad.score_is("Carl", 22)



LIVE = "globalThis.block24Table?.guest?.channel?.readyState === 'open'"


def test_a_guest_whose_wifi_went_comes_back_by_itself_with_the_round_confirmed_meanwhile(phones, net):
    """The Wi-Fi gone (every UDP packet dropped) for about a minute: the channel dies, the page stays.

    The Wi-Fi comes back only once the guest has told its player the host did not answer (its
    standby tries failed for a while) and its last try stopped listening: it must still come back
    by itself, with the round the host confirmed meanwhile."""
    _, host, _, guest = a_table(phones)
    a_round_from_each(host, guest)
    guest.page.wait_for_function("localStorage.getItem('block24.peer.standby')", timeout=TIMEOUT_MS)
    cut_from = guest.page.evaluate_handle("block24Table.guest.pc")
    net.cut_udp()
    try:
        host.play_round("Blue", {"Anna": 1, "Ben": 1})  # round 3, on the host while the guest is cut off
        round_is(host, 4, "Ben")
        panel_says(guest, "The host's phone is away")  # its channel is dead (the page was not reloaded)
        assert cut_from.evaluate("pc => ['failed', 'closed'].includes(pc.connectionState)")
        panel_says(guest, "The host's phone did not answer")
        guest.shot("table-06-guest-wifi-gone")
        # ... and longer than its last try listened (a try's checks go on for a while after it
        # gave up, so a Wi-Fi back at once would still reach it).
        last_try = guest.page.evaluate_handle("block24Table.guest.pc")
        guest.page.wait_for_function("pc => ['failed', 'closed'].includes(pc.connectionState)", arg=last_try,
                                     timeout=TIMEOUT_MS)
        assert net.udp_dropped() > 0
    finally:
        net.mend_udp()
    # The guest comes back by itself, on a new connection, with the host's round 3: no scan.
    guest.page.wait_for_function(f"pc => {LIVE} && block24Table.guest.pc !== pc", arg=cut_from,
                                 timeout=TIMEOUT_MS)
    round_is(guest, 4, "Ben")
    for name in PLAYERS:
        guest.score_is(name, host.by_id(f"score-{name}").inner_text().split()[-1])
    # Rounds go on from the guest, each once on both phones.
    guest.play_round("Red", {"Anna": 2, "Ben": 2})
    round_is(host, 5, "Carl")
    round_is(guest, 5, "Carl")


def test_a_firefox_host_scans_a_chromium_guest_in_from_a_photo(phones, firefox, net):
    """Firefox's camera cannot be fed a picture: the host takes the photo path. Headless Firefox
    closes a picker at once; over WebDriver BiDi the picker is reported and the photo set on it."""
    host = firefox("host")
    host.pad.open(until="New game")
    host.pad.tap("New game", then="Start game")
    host.pad.seat(PLAYERS)
    host.pad.tap("Start game", then=re.compile("Round 1: Ben calls trump"))
    host.pad.tap_id("other-phones", then="Share this game with the table")
    host.pad.tap("Share this game with the table")
    guest = phones("guest").open(host.code("host"))  # the guest's camera app opened the host's link
    panel_says(guest, "Now the host's phone taps")
    photo = net.folder / "guest-code.png"
    qr_png(code_on(guest, "guest"), photo)
    host.phone.driver._send("choose", path=str(photo))
    host.pad.tap("From a photo of the code")
    host.pad.wait("() => globalThis.block24Table?.host?.guests.size === 1", timeout_s=TIMEOUT_MS / 1000,
                  what="the guest joined")
    host.pad.see(re.compile("Phone 1 joined the table"), timeout_s=TIMEOUT_MS / 1000)
    guest.see(re.compile("Round 1: Ben calls trump"))
    # A round from each phone, each once on both.
    guest.play_round("Red", {"Anna": 3, "Ben": 1})
    host.pad.score_is("Anna", 21)
    host.pad.tap_id("other-phones")
    host.pad.play_round("Blue", {"Anna": 2, "Ben": 2})
    round_is(guest, 3, "Anna")
    host.pad.see(re.compile("Round 3: Anna calls trump"))
    for name in PLAYERS:
        host.pad.score_is(name, int(guest.by_id(f"score-{name}").inner_text().split()[-1]))
