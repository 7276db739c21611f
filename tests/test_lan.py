"""Several phones at one table: the join gate, the QR code, and two devices on one game."""

from __future__ import annotations

import pytest

from app.lan import MAX_WRONG, JoinGate, Verdict, lan_address, qr_png
from app.state import AppState, Screen
from app.store import Store
from scoring import Colour
from tests.helpers import TablePlayer, drawn, run, said, texts


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
    """Two phones on one real store: the serving one (trusted) and a guest with the code to type."""
    store = Store.open(tmp_path)
    gate = JoinGate("10.0.0.2", code="424242")
    host = AppState.open(store, gate=gate, client="10.0.0.2", join_url="http://10.0.0.2:8550/")
    guest = AppState.open(store, gate=gate, client="10.0.0.7")
    for state, other in ((host, guest), (guest, host)):
        state.prefs.language = "en"
        state.table.announce = other.game_changed
    return host, guest


def start_game(state: AppState) -> None:
    TablePlayer(state).start(("Anna", "Ben", "Carl"))


def enter_round(state: AppState, colour: Colour, tricks: dict[str, int]) -> None:
    """Call, play and count a round without confirming it."""
    t = state.table
    run(t.call.call_trump(colour))
    run(t.play.count_tricks())
    for name, made in tricks.items():
        run(t.count.set_tricks(name, made))


def test_a_new_device_sees_nothing_before_the_code(two_devices):
    host, guest = two_devices
    start_game(host)
    assert not host.join.locked and guest.join.locked
    # no game data before the code is right
    assert guest.running == guest.finished == [] and guest.table.game is None
    guest.enter_code("111111")
    assert guest.join.locked and said(guest.join) == "Wrong code" and guest.table.game is None
    guest.enter_code("424242")
    assert not guest.join.locked and guest.table.game_id == host.table.game_id  # the table's game


def test_a_round_on_one_device_appears_on_the_other_and_a_stale_one_is_refused(two_devices):
    host, guest = two_devices
    start_game(host)
    guest.enter_code(host.join.code)
    h, g = host.table, guest.table
    for state in (host, guest):  # both enter round 1; the host confirms first
        enter_round(state, Colour.RED, {"Ben": 2, "Carl": 2})
    g.announce = h.announce = None  # the guest misses the news: its confirm is made on the old version
    run(h.count.confirm_round())
    assert h.open.saved and len(h.game.rounds) == 1
    run(g.count.confirm_round())
    assert said(g) == "Changed on another device: here is the fresh Block"
    assert g.game == h.game and g.version == h.version  # the fresh Block is shown
    assert len(guest.store.load_game(h.game_id).game.rounds) == 1  # nothing lost, nothing doubled
    # with the news wired, the guest's round shows on the host at once
    g.announce, h.announce = host.game_changed, guest.game_changed
    enter_round(guest, Colour.BLUE, {"Anna": 6, "Ben": 0})
    run(g.count.confirm_round())
    assert g.open.saved and h.game == g.game and h.draft.caller == "Anna"
    assert host.screen is Screen.GAME


def test_a_change_on_another_phone_keeps_this_phones_round_in_progress(two_devices):
    host, guest = two_devices
    start_game(host)
    guest.enter_code(host.join.code)
    run(guest.table.call.call_trump(Colour.GREEN))  # the guest is calling round 1 …
    enter_round(host, Colour.RED, {"Ben": 2, "Carl": 2})
    run(host.table.count.confirm_round())  # … while the host records it
    assert guest.table.game == host.table.game
    assert guest.table.draft.trump is None and guest.table.draft.caller == "Carl"  # round 2 now


def test_a_correction_made_to_an_old_version_is_refused(two_devices):
    host, guest = two_devices
    start_game(host)
    guest.enter_code(host.join.code)
    h, g = host.table, guest.table
    enter_round(host, Colour.RED, {"Ben": 2, "Carl": 2})
    run(h.count.confirm_round())
    for state, made in ((host, 3), (guest, 0)):  # both open round 1 at once
        run(state.go_round(1))
        for name, count in (("Anna", made), ("Ben", 2), ("Carl", 4 - made)):
            run(state.table.count.set_tricks(name, count))
    run(host.save_edit())
    assert said(h) == "Round 1 corrected" and g.game == h.game  # news arrived
    run(guest.save_edit())  # made to the version before the host's correction
    assert guest.screen is Screen.GAME  # back on the fresh Block, with the reason
    assert said(g) == "Changed on another device: here is the fresh Block"


def test_the_host_renews_the_code_and_sends_a_phone_away(two_devices, tmp_path):
    host, guest = two_devices
    start_game(host)
    old = host.join.code
    assert host.join.host and not guest.join.host
    guest.enter_code(old)
    host.join.recheck()  # (app.main re-checks every session when the gate changes)
    assert [d.address for d in host.join.devices] == ["10.0.0.7"]
    guest.join.renew_code()  # only the serving device may
    assert host.join.code == old
    host.join.renew_code()
    assert host.join.code != old and host.join.code_shown == host.join.code
    again = AppState.open(guest.store, gate=host.join.gate, client="10.0.0.7")  # a second tab
    assert again.join.locked  # a new tab types the code (an address is no ticket) …
    again.enter_code(host.join.code)
    assert not again.join.locked and not guest.join.locked  # … and joined phones stay joined
    stranger = AppState.open(guest.store, gate=host.join.gate, client="10.0.0.9")
    stranger.enter_code(old)
    assert stranger.join.locked and said(stranger.join) == "Wrong code"
    host.join.revoke("10.0.0.7")
    for state in (guest, again):
        state.join.recheck()
        assert state.join.locked  # sees the join screen again, no game data
    assert host.join.devices == [] and not host.join.locked
    fresh = AppState.open(guest.store, gate=host.join.gate, client="10.0.0.7")
    assert fresh.join.locked and fresh.table.game is None  # until the new code is typed
    fresh.enter_code(host.join.code)
    assert not fresh.join.locked and fresh.table.game_id == host.table.game_id


def test_the_hosts_panel_shows_the_code_the_joined_phones_and_their_buttons(two_devices):
    from app.views.join import JoinPanel

    host, guest = two_devices
    host.prefs.language = "de"
    assert "Noch kein anderes Handy dabei" in texts(drawn(JoinPanel, host.join))
    guest.enter_code(host.join.code)
    host.join.recheck()
    shown = texts(drawn(JoinPanel, host.join))
    code = host.join.code
    assert f"{code[:3]} {code[3:]}" in shown and "Neuer Code" in shown and "Entfernen" in shown
    assert any(line.startswith("10.0.0.7 · ") for line in shown)


# -- no lockout of the table, a revoked phone needs the new code ------------------

def lock_everyone_out(gate: JoinGate) -> None:
    """The attack: four addresses spend their five wrong codes each (the 20 a minute in all)."""
    from app.lan import MAX_WRONG_ALL

    for n in range(MAX_WRONG_ALL):
        gate.try_code(f"10.0.9.{n // MAX_WRONG}", "000000")


def test_a_stranger_cannot_keep_a_new_phone_out(tmp_path):
    clock = Clock()
    store = Store.open(tmp_path)
    gate = JoinGate("10.0.0.2", code="424242", clock=clock)
    host = AppState.open(store, gate=gate, client="10.0.0.2", join_url="http://10.0.0.2:8550/")
    start_game(host)
    lock_everyone_out(gate)
    phone = AppState.open(store, gate=gate, client="10.0.0.7")
    stranger = AppState.open(store, gate=gate, client="10.0.0.8")
    for state in (phone, stranger):
        state.prefs.language = "en"
    phone.enter_code("424242")  # the right code, while everyone is locked out …
    stranger.enter_code("123456")  # … and a wrong one: the same answer, nothing learnt
    assert phone.join.locked and stranger.join.locked
    assert said(phone.join) == said(stranger.join)
    assert said(phone.join).startswith("Too many wrong codes: wait ")
    assert gate.wait_s("10.0.0.7") == gate.wait_s("10.0.0.8")
    host.join.recheck()
    assert [w.address for w in host.join.waiting] == ["10.0.0.7"]  # only the right code waits
    from app.views.join import JoinPanel

    shown = texts(drawn(JoinPanel, host.join))
    assert "Let in" in shown and any(line.startswith("10.0.0.7 · ") for line in shown)
    host.join.let_in(host.join.waiting[0].ticket)
    for state in (host, phone, stranger):  # (app.main tells every session)
        state.gate_changed()
    assert not phone.join.locked and phone.table.game_id == host.table.game_id
    assert stranger.join.locked and stranger.table.game is None
    assert host.join.waiting == [] and [d.address for d in host.join.devices] == ["10.0.0.7"]
    other_tab = AppState.open(store, gate=gate, client="10.0.0.7")  # the host let in a tab, not an address
    other_tab.gate_changed()
    assert other_tab.join.locked


def test_brute_force_stays_at_20_answered_guesses_a_minute_in_all():
    """250 addresses guessing as fast as they can for ten minutes: at most 20 answers a minute."""
    from app.lan import MAX_WRONG_ALL, WINDOW_S

    clock = Clock()
    gate = JoinGate("10.0.0.2", code="424242", clock=clock)
    answered: list[float] = []
    guess = 0
    for second in range(600):
        clock.now = 1000.0 + second
        for n in range(250):
            verdict = gate.try_code(f"10.0.{n}.1", f"{guess:06d}", ticket=f"t{n}")
            guess = (guess + 1) % 424242  # never the right one: this is about the rate
            if verdict is not Verdict.LOCKED:
                answered.append(clock.now)
    for start in range(0, 600, 10):
        window = [t for t in answered if 1000 + start <= t < 1000 + start + WINDOW_S]
        assert len(window) <= MAX_WRONG_ALL
    assert gate.waiting() == []  # wrong codes never reach the host's screen


def test_the_host_s_waiting_list_is_bounded_and_only_for_the_right_code():
    from app.lan import MAX_WAITING

    gate = JoinGate("10.0.0.2", code="424242", clock=Clock())
    lock_everyone_out(gate)
    for n in range(MAX_WAITING + 5):
        assert gate.try_code(f"10.0.3.{n}", "424242", ticket=f"t{n}") is Verdict.LOCKED
        gate.try_code(f"10.0.4.{n}", "999999", ticket=f"s{n}")
    assert [w.ticket for w in gate.waiting()] == [f"t{n}" for n in range(5, MAX_WAITING + 5)]
    assert not gate.let_in("s1") and not gate.let_in("t0")  # a wrong code or dropped: nothing


def test_a_phone_sent_away_cannot_type_the_same_code_again(two_devices):
    host, guest = two_devices
    start_game(host)
    old = host.join.code
    guest.enter_code(old)
    assert not guest.join.locked
    host.join.revoke("10.0.0.7")
    assert host.join.code != old and host.join.code_shown == host.join.code  # renewed on revoke
    guest.gate_changed()
    assert guest.join.locked
    guest.enter_code(old)
    assert guest.join.locked and said(guest.join) == "Wrong code" and guest.table.game is None
    guest.enter_code(host.join.code)  # the table tells it the new code: in again
    assert not guest.join.locked


# -- an address no other phone can open is said (host screen, terminal) ---------------------

def test_the_kind_of_an_address_and_the_lan_address_prefers_a_private_one(monkeypatch):
    import socket

    from app import lan

    assert lan.address_kind("192.168.1.20") is lan.AddressKind.PRIVATE
    assert lan.address_kind("10.0.0.2") is lan.AddressKind.PRIVATE
    assert lan.address_kind("127.0.0.2") is lan.AddressKind.LOOPBACK
    assert lan.address_kind("8.8.8.8") is lan.AddressKind.PUBLIC
    found = [(socket.AF_INET, 0, 0, "", (ip, 0)) for ip in ("127.0.1.1", "93.184.216.34", "192.168.4.7")]
    monkeypatch.setattr(socket, "getaddrinfo", lambda *a, **k: found)
    assert lan.lan_address() == "192.168.4.7"  # the private one, though listed last
    monkeypatch.setattr(socket, "getaddrinfo", lambda *a, **k: found[:1])
    assert lan.lan_address() == "127.0.0.1"
    assert "BLOCK24_HOST" in lan.unreachable_warning("http://127.0.0.1:8550/")
    assert "BLOCK24_HOST" in lan.unreachable_warning("http://93.184.216.34:8550/")
    assert lan.unreachable_warning("http://192.168.4.7:8550/") is None


def test_the_host_is_told_when_no_other_phone_can_open_its_address(tmp_path):
    store = Store.open(tmp_path)
    for address, told in (("127.0.0.1", True), ("93.184.216.34", True), ("10.0.0.2", False)):
        gate = JoinGate(address)
        host = AppState.open(store, gate=gate, client=address, join_url=f"http://{address}:8550/")
        guest = AppState.open(store, gate=gate, client="10.0.0.7", join_url=f"http://{address}:8550/")
        host.prefs.language = "de"
        said = host.join.unreachable()
        assert (said is not None and "BLOCK24_HOST" in said and "WLAN" in said) is told, said
        assert guest.join.unreachable() is None  # the host's to fix


def test_serve_says_in_the_terminal_when_no_other_phone_can_open_it(monkeypatch, capsys):
    from app import server

    monkeypatch.setenv("BLOCK24_HOST", "127.0.0.1")
    monkeypatch.setattr(server, "uvicorn_config", lambda *a: None)
    monkeypatch.setattr(server, "web_app", lambda *a: None)

    class Stop(Exception):
        pass

    import uvicorn

    def stop(self, config=None):
        raise Stop

    monkeypatch.setattr(uvicorn.Server, "__init__", stop)
    monkeypatch.setattr(server, "gate", None)
    with pytest.raises(Stop):
        server.serve(lan=True, main=lambda page: None)
    assert "BLOCK24_HOST" in capsys.readouterr().err


def test_a_joined_phone_shows_the_qr_code_and_the_code_too(two_devices):
    host, _ = two_devices
    guest = AppState.open(host.store, gate=host.join.gate, client="10.0.0.8",
                          join_url="http://10.0.0.2:8550/")  # (app.main gives every tab the address)
    assert guest.join.qr is None  # nothing before the code
    guest.enter_code(host.join.code)
    assert guest.join.qr is not None and guest.join.code_shown == host.join.code
    host.join.renew_code()
    guest.join.recheck()  # (app.main re-checks every session when the gate changes)
    assert guest.join.code_shown == host.join.code


# -- the round being entered is the phone's own until it confirms ------------------------------


@pytest.fixture
def phones(tmp_path) -> tuple[AppState, AppState]:
    """Phone A and phone B at one table (no join code), each told at once of what the other
    saves (pubsub)."""
    store = Store.open(tmp_path)
    a, b = AppState.open(store), AppState.open(store)
    for state, other in ((a, b), (b, a)):
        state.prefs.language = "en"
        state.table.announce = other.game_changed
    TablePlayer(a).start(("Anna", "Ben", "Carl"))
    run(b.go(f"/game/{a.table.game_id}"))
    TablePlayer(a).play(Colour.RED, {"Anna": 2, "Ben": 2})  # round 1, on both phones
    assert b.table.game == a.table.game
    return a, b


def test_an_undo_on_another_phone_keeps_the_round_being_entered(phones):
    a, b = phones
    enter_round(a, Colour.GREEN, {"Anna": 3})
    entered = a.table.draft
    run(b.table.undo.undo_round())
    assert len(a.table.game.rounds) == 0  # the fresh Block is shown …
    # … and the round being entered is still there, with round 1's caller (the rotation's, as b)
    assert a.table.draft == entered.with_caller("Ben") and b.table.draft.caller == "Ben"
    assert said(a.table) == "Changed on another device: the round being entered is now round 1"
    run(a.table.count.set_tricks("Ben", 1))
    run(a.table.count.confirm_round())  # checked against the new Block: it is round 1 now
    assert a.table.open.saved and a.table.game.rounds[0].trump is Colour.GREEN
    assert b.table.game == a.table.game


def test_a_correction_or_a_rename_elsewhere_keeps_the_round_being_entered(phones):
    a, b = phones
    enter_round(a, Colour.BLUE, {"Anna": 1, "Ben": 2})
    entered = a.table.draft
    run(b.go_round(1))
    run(b.table.count.set_tricks("Anna", 3))
    run(b.table.count.set_tricks("Ben", 1))
    run(b.save_edit())
    assert a.table.game.rounds[0].tricks["Anna"] == 3  # B's correction shows on A …
    assert a.table.draft == entered and said(a.table) is None  # … and A's round is untouched


def test_the_round_recorded_elsewhere_is_not_kept_twice(phones):
    a, b = phones
    enter_round(a, Colour.GREEN, {"Anna": 3})  # both phones enter round 2, the same call
    enter_round(b, Colour.GREEN, {"Anna": 3, "Ben": 1})
    run(b.table.count.confirm_round())
    assert len(a.table.game.rounds) == 2
    assert said(a.table) == "Round 2 was recorded on another device"
    assert a.table.draft.trump is None and a.table.round.next_number == 3  # cleared: it was that round


def test_another_call_for_the_round_recorded_elsewhere_moves_on_when_it_fits(phones):
    a, b = phones
    run(a.table.call.set_caller("Anna"))  # A enters Anna's call, B records Carl's as round 2
    enter_round(a, Colour.BLUE, {"Anna": 3})
    entered = a.table.draft
    enter_round(b, Colour.GREEN, {"Anna": 3, "Ben": 1})
    run(b.table.count.confirm_round())
    assert said(a.table) == ("Round 2 was recorded on another device: "
                                   "the round being entered is now round 3")
    assert a.table.draft == entered and a.table.round.next_number == 3
    run(a.table.count.set_tricks("Ben", 1))
    run(a.table.count.confirm_round())
    assert a.table.open.saved and a.table.game.rounds[2].caller == "Anna"


def test_a_crowded_top_bar_keeps_the_rounds_number_whole(two_devices):
    """LAN mode and a round taken back: six 48 px buttons left "Round 2" 72 px at 360 px, drawn
    as "Run…" (German "Runde 11" too). There it is drawn as "#2" (as the Block heads its rounds)
    and still read whole; where the title has room it stays a word."""
    from app.views import game_screen

    host, _ = two_devices
    start_game(host)
    for _ in range(2):
        enter_round(host, Colour.RED, {"Anna": 3, "Ben": 2})
        run(host.table.count.confirm_round())
    run(host.table.undo.undo_round())
    host.table.undo.end_offer(host.table.undone.version)

    def title(width: float) -> tuple[str, str | None]:
        host.prefs.resize(width, 640)
        bar = drawn(game_screen.GameScreen, host.table, host, host.prefs).controls[0]
        assert len(bar.controls) == 7, [type(c).__name__ for c in bar.controls]  # back, title, 5 actions
        return bar.controls[1].value, bar.controls[1].semantics_label

    assert title(360) == ("#2", "Round 2")
    assert title(390) == ("Round 2", None)  # 102 px: room enough
    host.prefs.language = "de"
    assert title(360) == ("#2", "Runde 2")
