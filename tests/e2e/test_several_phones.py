"""Several phones with the serving phone in the test too (``serve --lan``): the host's panel
follows a phone sent away at once, home follows the table, a joined phone's "Other phones"
shows the way in, and a host address no other phone can open is said.

The browser always comes from 127.0.0.1, so the server's own address is 127.0.0.1 here (the
host's tab is the serving device) and a second phone reaches it through a forwarder on
``[::1]`` (an origin the server serves) that connects from 127.0.0.3: another device.
"""

from __future__ import annotations

import contextlib
import re
import socket
import threading

import pytest
from playwright.sync_api import expect

from .conftest import PHONE, Server
from .pad import Pad
from .test_table_trips import home


class Forwarder:
    """``[::1]:port`` → ``127.0.0.1:port``, connecting from ``127.0.0.3`` (another device)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.listener = socket.socket(socket.AF_INET6)
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("::1", port))
        self.listener.listen(32)
        self.url = f"http://[::1]:{port}/"
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            upstream = socket.socket()
            upstream.bind(("127.0.0.3", 0))
            try:
                upstream.connect(("127.0.0.1", self.port))
            except OSError:
                client.close()
                continue
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    @staticmethod
    def _pump(source: socket.socket, sink: socket.socket) -> None:
        with contextlib.suppress(OSError):
            while data := source.recv(65536):
                sink.sendall(data)
        for s in (source, sink):
            with contextlib.suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)

    def close(self) -> None:
        self.listener.close()


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    """A ``--lan`` server whose own address is 127.0.0.1, and the way in for another phone."""
    server = Server(tmp_path_factory.mktemp("lan-host"), lan=True)
    server.host = "127.0.0.1"
    server.url = f"http://127.0.0.1:{server.port}/"
    server.start()
    forwarder = Forwarder(server.port)
    yield server, forwarder
    forwarder.close()
    server.stop()


def open_phone(browser, url: str) -> Pad:
    pad = Pad(browser.new_context(viewport=PHONE, device_scale_factor=1).new_page(), url)
    pad.open()
    return pad


def shown_code(host: Pad) -> str:
    """The join code as the host's panel reads it ("… enter the code 123456"), on home (the
    server resumes the last game a phone opened: the panel is then behind "Other phones")."""
    if not host.by_id("join-panel").count():
        home(host)
    panel = host.by_id("join-panel")
    expect(panel).to_be_visible(timeout=20_000)
    for _ in range(40):
        found = re.search(r"enter the code (\d{6})", panel.aria_snapshot())
        if found:
            return found.group(1)
        host.page.wait_for_timeout(250)
    raise AssertionError(panel.aria_snapshot())


def join(pad: Pad, code: str) -> None:
    pad.see("Join the table")
    pad.type("Join code", code)
    pad.tap("Join", then="New game")


def guest_starts(host: Pad, guest: Pad, players: tuple[str, str, str]) -> None:
    """The guest joins with the host's code and starts a game of 24 (its Block opens)."""
    join(guest, shown_code(host))
    guest.tap("New game", then="Start game")
    guest.seat(players)
    guest.tap("Start game", then=re.compile(f"Round 1: {players[1]} calls trump"))


def test_the_hosts_panel_follows_a_phone_sent_away_at_once(browser, table):
    server, forwarder = table
    host = open_phone(browser, server.url)
    guest = open_phone(browser, forwarder.url)
    try:
        first = shown_code(host)
        host.tap("New code")  # drawn at once too (it was not, until the panel was opened again)
        expect(host.by_id("join-panel")).not_to_have_accessible_name(re.compile(first), timeout=5_000)
        old = shown_code(host)
        join(guest, old)
        host.see(re.compile(r"^127\.0\.0\.3 · "))
        host.shot("26-host-panel-joined")
        host.tap("Send away")
        # at once, the panel open: the phone gone from it and the new code shown
        expect(host.page.get_by_text(re.compile(r"^127\.0\.0\.3 · "))).to_have_count(0, timeout=5_000)
        host.see("No other phone has joined yet")
        for _ in range(20):
            if shown_code(host) != old:
                break
            host.page.wait_for_timeout(250)
        assert shown_code(host) != old
        host.shot("26-host-panel-sent-away")
        guest.see("Join the table")
    finally:
        host.page.context.close()
        guest.page.context.close()


def test_a_host_address_no_other_phone_can_open_is_said_with_block24_host(browser, table):
    server, _ = table
    host = open_phone(browser, server.url)
    try:
        # served on 127.0.0.1 only: the QR code leads nowhere, and the host's screen says so
        warning = host.by_id("unreachable")
        host.reads(warning, "No other phone can open")
        host.reads(warning, "BLOCK24_HOST")
        host.shot("26-host-unreachable")
        assert "BLOCK24_HOST" in (server.data / "server.log").read_text()  # the terminal too
    finally:
        host.page.context.close()


def test_a_game_started_on_another_phone_appears_on_home_at_once(browser, table):
    server, forwarder = table
    host = open_phone(browser, server.url)
    guest = open_phone(browser, forwarder.url)
    try:
        guest_starts(host, guest, ("Rita", "Sam", "Tom"))
        # the host stayed on home: the new game is listed there at once
        host.see("Games in progress")
        expect(host.page.get_by_role("button", name=re.compile("^Rita · Sam · Tom"))).to_have_count(1)
    finally:
        host.page.context.close()
        guest.page.context.close()


def test_a_joined_phones_other_phones_shows_the_way_in(browser, table):
    server, forwarder = table
    host = open_phone(browser, server.url)
    guest = open_phone(browser, forwarder.url)
    try:
        guest_starts(host, guest, ("Uwe", "Vera", "Walt"))
        guest.tap("Other phones")
        expect(guest.by_id("join-panel")).to_be_visible(timeout=10_000)
        guest.reads(guest.by_id("join-panel"), "enter the code")
        expect(guest.button("Send away")).to_have_count(0)  # the host's alone
        guest.shot("26-guest-other-phones")
    finally:
        host.page.context.close()
        guest.page.context.close()


def test_a_round_half_entered_survives_an_undo_on_another_phone(browser, table):
    """The round being entered is this phone's until it confirms: the other phone's undo shows
    the fresh Block and keeps the trump and the counts; the confirm is checked against it."""
    server, forwarder = table
    host = open_phone(browser, server.url)
    guest = open_phone(browser, forwarder.url)
    try:
        guest_starts(host, guest, ("Xena", "Yuri", "Zoe"))
        guest.play_round("Red", {"Xena": 2, "Yuri": 2})
        host.see("Games in progress")
        host.page.get_by_role("button", name=re.compile("^Xena · Yuri · Zoe")).click()
        host.see(re.compile("Round 2: Zoe calls trump"))
        host.tap("Green", then=re.compile("count tricks"))  # the host enters round 2 …
        host.tap(re.compile("count tricks"), then="Confirm round")
        host.tap_id("tricks-Xena-3", then=re.compile("3 tricks left to give"))
        guest.undo(1)  # … while the other phone takes round 1 back
        host.see("Changed on another device: the round being entered is now round 1")
        host.see("3 tricks left to give")  # the trump and the count are still there
        host.score_is("Xena", "24")  # on the fresh Block
        host.shot("26-entry-kept-after-undo")
        host.tap_id("tricks-Yuri-1", then="All 6 tricks given")
        host.tap("Confirm round", then="Saved")
        guest.score_is("Xena", "21")  # round 1 is the host's green round now
    finally:
        host.page.context.close()
        guest.page.context.close()
