"""Several phones at one table: the join gate, the QR code, and two devices on one game."""

from __future__ import annotations

import pytest

from app.lan import MAX_WRONG, JoinGate, Verdict, lan_address, qr_png
from app.state import AppState, Screen
from app.store import Store
from scoring import Colour


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_join_code_is_six_digits_and_new_each_serve():
    codes = {JoinGate("10.0.0.2").code for _ in range(20)}
    assert all(len(c) == 6 and c.isdigit() for c in codes) and len(codes) > 1


def test_only_the_serving_device_is_trusted():
    gate = JoinGate("10.0.0.2")
    assert gate.trusted("10.0.0.2")
    assert not gate.trusted("10.0.0.7") and not gate.trusted(None)


def test_wrong_codes_are_rate_limited_per_device():
    clock = Clock()
    gate = JoinGate("10.0.0.2", code="123456", clock=clock)
    for _ in range(MAX_WRONG - 1):
        assert gate.try_code("10.0.0.7", "000000") is Verdict.WRONG
    assert gate.try_code("10.0.0.7", "000000") is Verdict.LOCKED
    assert gate.try_code("10.0.0.7", "123456") is Verdict.LOCKED  # even the right one, for now
    assert gate.wait_s("10.0.0.7") == 60
    assert gate.try_code("10.0.0.8", " 123456 ") is Verdict.OPEN  # another device is not locked
    clock.now += 61
    assert gate.wait_s("10.0.0.7") == 0
    assert gate.try_code("10.0.0.7", "123456") is Verdict.OPEN


def test_qr_code_is_a_png_and_the_lan_address_an_ipv4():
    assert qr_png("http://10.0.0.2:8550/").startswith(b"\x89PNG\r\n\x1a\n")
    parts = lan_address().split(".")
    assert len(parts) == 4 and all(p.isdigit() for p in parts)


@pytest.fixture
def two_devices(tmp_path):
    store = Store.open(tmp_path)
    gate = JoinGate("10.0.0.2", code="424242")
    host = AppState.open(store, gate=gate, client="10.0.0.2", join_url="http://10.0.0.2:8550/")
    guest = AppState.open(store, gate=gate, client="10.0.0.7")
    for state, other in ((host, guest), (guest, host)):
        state.announce = other.game_changed
    return host, guest


def start_game(state: AppState) -> None:
    state.new_game_form()
    for seat, name in enumerate(("Anna", "Ben", "Carl")):
        state.set_player_name(seat, name)
    state.start_game()


def test_a_new_device_sees_nothing_before_the_code(two_devices):
    host, guest = two_devices
    start_game(host)
    assert not host.locked and guest.locked
    assert guest.games == [] and guest.game is None  # no game data before the code is right
    guest.set_join_text("111111")
    guest.join()
    assert guest.locked and guest.join_error == "Wrong code" and guest.game is None
    guest.set_join_text("424242")
    guest.join()
    assert not guest.locked and guest.game_id == host.game_id  # resumes the table's game


def test_a_round_on_one_device_appears_on_the_other_and_a_stale_one_is_refused(two_devices):
    host, guest = two_devices
    start_game(host)
    guest.set_join_text(host.gate.code)
    guest.join()
    # both start round 1; the host confirms first
    for state in (host, guest):
        state.call_trump(Colour.RED)
        state.count_tricks()
        state.set_tricks("Anna", 2)
        state.set_tricks("Ben", 2)
    guest.announce = None  # the guest misses the news: its confirm is made on the old version
    host.announce = None
    host.confirm_round()
    assert host.saved and len(host.game.rounds) == 1
    guest.confirm_round()
    assert guest.message == "Changed on another device: here is the fresh Block"
    assert guest.game == host.game and guest.version == host.version  # the fresh Block is shown
    assert len(guest.store.load_game(host.game_id).game.rounds) == 1  # nothing lost, nothing doubled
    # with the news wired, the guest's round shows on the host at once
    guest.announce, host.announce = host.game_changed, guest.game_changed
    guest.call_trump(Colour.BLUE)
    guest.count_tricks()
    guest.set_tricks("Anna", 6)
    guest.set_tricks("Ben", 0)
    guest.confirm_round()
    assert guest.saved and host.game == guest.game and host.draft.caller == "Anna"
    assert host.screen is Screen.GAME


def test_a_correction_made_to_an_old_version_is_refused(two_devices):
    host, guest = two_devices
    start_game(host)
    guest.set_join_text(host.gate.code)
    guest.join()
    host.call_trump(Colour.RED)
    host.count_tricks()
    host.set_tricks("Anna", 2)
    host.set_tricks("Ben", 2)
    host.confirm_round()
    for state, made in ((host, 3), (guest, 0)):  # both open round 1 at once
        state.edit_round(1)
        state.set_tricks("Anna", made)
        state.set_tricks("Ben", 2)
        state.set_tricks("Carl", 4 - made)
    host.save_edit()
    assert host.message == "Round 1 corrected" and guest.game == host.game  # news arrived
    guest.save_edit()  # made to the version before the host's correction
    assert guest.screen is Screen.GAME  # back on the fresh Block, with the reason
    assert guest.message == "Changed on another device: here is the fresh Block"
    assert host.store.load_game(host.game_id).game.rounds[0].tricks["Anna"] == 3
