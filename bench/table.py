"""Phones at one table with no computer: the WebRTC layer and the host's engine, measured.

The peer layer (``web/client/peer.js``) on the bare page of the browser tests
(``tests/e2e/peer_harness.html``), in Chromium processes inside a network namespace of
their own (``tests/e2e/table_net.py``: a veth pair, real addresses, no STUN). Needs root.

``table_scan_to_open_ms``
    From the host's scan of a guest's code (``Host.admit``) to the data channel open, over
    ``JOINS`` joins (a Chromium host and a Chromium guest, each its own process).
``table_record_to_2_ms`` / ``table_record_to_6_ms``
    From the host sending a game's record (a whole game, 12 rounds) to the last guest receiving it, with
    1 guest (2 phones, the baseline) and 5 guests (6 phones), over ``SENDS`` records (the
    guests are contexts of one Chromium process: each its own certificate).
``table_scan_to_open_2_ms`` / ``table_scan_to_open_6_ms``
    The same for the first guest (2 phones) and for the fifth (the sixth phone at the table).
``table_rejoin_ms``
    A guest reloads its page: from the navigation's start to the channel open again over the
    host's standby connection (no scan).
``table_rejoin_6_ms``
    Six phones: the five guests reload at once; from the first navigation to the last channel
    open again (each over its own standby, no scan).
``table_host_check_ms`` / ``table_store_save_ms``
    The host's side of a guest's change (parse, replay by the engine, the version-checked
    save; ``app.peers.HostTable.receive``) against the store's save alone (the baseline), on a
    real store with a whole game (12 rounds).
``table_pad_confirm_to_2_ms`` / ``table_pad_confirm_own_ms``
    The whole pad (``make web``), 2 phones: a guest's *Confirm round* → the host's Block shows the
    next round, against the guest's own Block showing it (the baseline), over ``ROUNDS`` rounds.
"""

from __future__ import annotations

import json
import pathlib
import shutil
import statistics
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
JOINS = 5
SENDS = 20


def figure(values: list[float], unit: str = "ms", baseline: str | None = None, aim: str = "") -> dict:
    values = sorted(values)
    return {"value": statistics.median(values), "unit": unit, "runs": len(values),
            "spread": values[-1] - values[0], "baseline": baseline, "aim": aim}


def _game():
    """A whole game of four players, played to its end (12 rounds)."""
    from scoring import Colour, Game, Round

    game = Game(("Anna", "Ben", "Carl", "Dora"))
    while not game.finished:
        caller = game.caller_of(len(game.rounds) + 1)
        others = [p for p in game.players if p != caller]
        game = game.record(Round(caller, Colour.RED, {caller: 2, others[0]: 2, others[1]: 1, others[2]: 1}))
    return game


def engine() -> dict[str, dict]:
    from app import peers
    from app.store import Store
    from scoring import game_to_record

    folder = pathlib.Path(tempfile.mkdtemp(prefix="bench-table-"))
    try:
        store = Store.open(folder)
        game = _game()
        short = type(game)(game.players, game.settings, rounds=game.rounds[:-1])
        game_id = store.create_game(short)
        host = peers.HostTable(store, game_id)
        checks, saves = [], []
        for _ in range(SENDS):
            version = store.load_game(game_id).version
            text = json.dumps({"op": "change", "n": 1, "game": game_id, "base": version,
                               "record": game_to_record(game)})
            started = time.perf_counter()
            out = host.receive(text)
            checks.append((time.perf_counter() - started) * 1000)
            assert json.loads(out[-1][1])["ok"], out
            store.save_game(game_id, short)
            started = time.perf_counter()
            store.save_game(game_id, game)
            saves.append((time.perf_counter() - started) * 1000)
            store.save_game(game_id, short)
        store.close()
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return {"table_store_save_ms": figure(saves),
            "table_host_check_ms": figure(checks, baseline="table_store_save_ms")}


def browsers() -> dict[str, dict]:
    from playwright.sync_api import sync_playwright

    from tests.e2e.conftest import CHROMIUM, LAUNCH_ARGS
    from tests.e2e.table_net import CHROMIUM_WEBRTC, TableNet
    from tests.e2e.test_table_peers import HARNESS, JSQR

    folder = pathlib.Path(tempfile.mkdtemp(prefix="bench-table-net-"))
    site = folder / "site"
    site.mkdir()
    for name in ("peer.js", "scan.js"):
        shutil.copy2(ROOT / "web" / "client" / name, site / name)
    shutil.copy2(JSQR, site / "jsQR.js")
    shutil.copy2(HARNESS, site / "index.html")
    net = TableNet(folder)
    figures: dict[str, dict] = {}
    try:
        url = net.serve(site, port=8224)
        with sync_playwright() as p:
            def launch(name: str):
                return p.chromium.launch(executable_path=str(net.wrapper(str(CHROMIUM), name)), headless=True,
                                         args=[*LAUNCH_ARGS, *CHROMIUM_WEBRTC])

            host_browser, guest_browser = launch("bench-host"), launch("bench-guests")
            host = host_browser.new_page()
            host.goto(url)
            host.wait_for_function("window.ready === true")
            host.evaluate("t.startHost()")

            def join(context) -> tuple[object, float]:
                page = context.new_page()
                page.goto(url)
                page.wait_for_function("window.ready === true")
                code = page.evaluate("(code) => t.join(code)", host.evaluate("t.host.code"))
                ms = host.evaluate("async (code) => { const s = performance.now(); await t.admit(code);"
                                   " return performance.now() - s; }", code)
                page.wait_for_function("t.guest.channel.readyState === 'open'", timeout=60_000)
                return page, ms

            guests, opens = [], []
            for _ in range(JOINS):
                page, ms = join(guest_browser.new_context())
                guests.append(page)
                opens.append(ms)
            figures["table_scan_to_open_ms"] = figure(opens, aim="≤ 1000 ms with any host")
            # The first join (2 phones) against the last (the sixth phone, five already joined).
            figures["table_scan_to_open_2_ms"] = figure(opens[:1])
            figures["table_scan_to_open_6_ms"] = figure(opens[-1:], baseline="table_scan_to_open_2_ms",
                                                        aim="≤ 1000 ms")
            record = json.dumps(_record_text())

            def spread(to: list) -> list[float]:
                times = []
                for page in to:
                    page.evaluate("t.heard.length = 0")
                for n in range(SENDS):
                    sent = host.evaluate(f"() => {{ const at = Date.now();"
                                         f" for (const id of t.host.guests.keys())"
                                         f" t.host.send(id, {record}); return at; }}")
                    last = 0
                    for page in to:
                        page.wait_for_function(f"t.heard.length > {n}")
                        last = max(last, page.evaluate(f"t.heard[{n}] && (t.heard[{n}].at ??= Date.now())"))
                    times.append(last - sent)
                return times

            for page in guests:  # stamp each arrival as it happens
                page.evaluate("""() => { const push = t.heard.push.bind(t.heard);
                    t.heard.push = (item) => { item.at = Date.now(); return push(item); }; }""")
            # 1 guest: the others leave the host's list for this part
            kept = host.evaluate("[...t.host.guests.keys()]")
            host.evaluate("(ids) => { t.saved = new Map(t.host.guests); for (const id of ids.slice(1))"
                          " t.host.guests.delete(id); }", kept)
            figures["table_record_to_2_ms"] = figure(spread(guests[:1]))
            host.evaluate("() => { t.host.guests = t.saved; }")
            figures["table_record_to_6_ms"] = figure(spread(guests), baseline="table_record_to_2_ms",
                                                     aim="≤ 300 ms (loopback)")
            rejoins = []
            for page in guests[:3]:
                page.wait_for_function("localStorage.getItem('block24.peer.standby')", timeout=30_000)
                page.reload()
                page.wait_for_function("window.ready === true")
                page.evaluate("sessionStorage.used = localStorage.getItem('block24.peer.standby');"
                              "t.join(sessionStorage.used)")
                page.wait_for_function("t.guest.channel.readyState === 'open'", timeout=60_000)
                rejoins.append(page.evaluate("performance.now()"))
            figures["table_rejoin_ms"] = figure(rejoins, aim="≤ 2000 ms, no scan")
            # Six phones: every guest reloads at once; from the navigations' start to the last open.
            # (each guest holds the code of its new standby, not of the one it used)
            host.wait_for_function("[...t.host.guests.keys()].length === 5 && [...t.host.guests.keys()]"
                                   ".every((id) => t.host.standby.get(id)?.ready)", timeout=60_000)
            for page in guests:
                page.wait_for_function("(c => c && c !== sessionStorage.used)"
                                       "(localStorage.getItem('block24.peer.standby'))", timeout=60_000)
            started = time.time() * 1000
            for page in guests:
                page.evaluate("location.reload()")
            lasts = []
            for page in guests:
                page.wait_for_function("window.ready === true", timeout=60_000)
                page.evaluate("t.join(localStorage.getItem('block24.peer.standby'))")
            for page in guests:
                page.wait_for_function("t.guest.channel.readyState === 'open'", timeout=60_000)
                lasts.append(page.evaluate("performance.timeOrigin + performance.now()"))
            figures["table_rejoin_6_ms"] = figure([max(lasts) - started], baseline="table_rejoin_ms",
                                                  aim="≤ 2000 ms, no scan")
            guest_browser.close()
            host_browser.close()
    finally:
        net.close()
        shutil.rmtree(folder, ignore_errors=True)
    return figures


def _record_text() -> str:
    from scoring import game_to_record

    return json.dumps({"op": "game", "game": "bench", "version": 21, "record": game_to_record(_game())})


ROUNDS = 6


def pad() -> dict[str, dict]:
    """The whole pad: a guest's *Confirm round* → the host's Block showing the next round.

    Two phones (a Chromium host and a Chromium guest, each its own process, as
    ``tests/e2e/test_table_pad.py`` joins them: two scans). Each round is entered on the guest up
    to *Confirm round*; from the tap, both Blocks are looked at in turn until each shows the next
    round: the guest's own Block (the baseline: the same tap on the phone that made it, which
    waits for the host's answer) and the host's (Flutter → Python worker → page → channel → the
    host's worker, engine, store → the host's Block). Times include the looking (a few ms).
    """
    import re

    from playwright.sync_api import sync_playwright

    from tests.e2e import test_table_pad as table
    from tests.e2e.table_net import TableNet
    from web import build as web_build

    folder = web_build.build()
    net = TableNet(pathlib.Path(tempfile.mkdtemp(prefix="bench-table-pad-")))
    made: list = []
    own, other = [], []
    try:
        net.url = net.serve(folder, port=8324)
        with sync_playwright() as p:
            def phone(name: str, profile: str | None = None):
                made.append(table.PadPhone(p, net, name, profile))
                return made[-1]

            _, host, _, guest = table.a_table(phone)
            callers = ("Carl", "Anna", "Ben")
            for n in range(1, ROUNDS + 1):
                guest.tap("Red", then=re.compile("count tricks"))
                guest.tap(re.compile("count tricks"), then="Confirm round")
                guest.give_tricks({"Anna": 2, "Ben": 2})
                shown = re.compile(f"Round {n + 1}: {callers[(n - 1) % 3]} calls trump")
                seen: dict[str, float] = {}
                guest.button("Confirm round").click()
                started = time.perf_counter()
                while len(seen) < 2 and time.perf_counter() - started < 60:
                    for name, pad_ in (("guest", guest), ("host", host)):
                        if name not in seen and pad_.page.get_by_text(shown).count():
                            seen[name] = (time.perf_counter() - started) * 1000
                if len(seen) < 2:
                    raise RuntimeError(f"round {n} did not show on both phones: {seen}")
                own.append(seen["guest"])
                other.append(seen["host"])
    finally:
        for one in made:
            one.close()
        net.close()
    return {"table_pad_confirm_own_ms": figure(own),
            "table_pad_confirm_to_2_ms": figure(other, baseline="table_pad_confirm_own_ms",
                                                aim="≤ 300 ms (6 phones)")}


def run() -> dict[str, dict]:
    return {**engine(), **browsers(), **pad(), **faults()}

FAULTS = ("cut", "kill", "host-reload")


def _next_round(pad) -> int | None:
    """The round a phone's Block waits for ("Round N: … calls trump"), None while none is drawn."""
    import re

    found = pad.page.get_by_text(re.compile(r"^Round \d+: \w+ calls trump"))
    if not found.count():
        return None
    return int(re.match(r"Round (\d+)", found.first.inner_text(timeout=5_000)).group(1))  # type: ignore[union-attr]


def faults(count: int = 50, minutes: float = 60) -> dict[str, dict]:
    """Faults in a row on one table (the whole pad, a Chromium host and guest): the Wi-Fi cut for
    a guest while the host confirms a round, a guest's browser killed the moment it confirms, the
    host's page reloaded (the guest joins again with two scans). After each, both phones must
    wait for the same round: one more than before for a cut (the host's round), the same or one
    more for a kill (the round reached the host or not), the same for a reload. Fewer is a round
    lost, more a round doubled. The host takes back each fault's round (undo), so the game never
    ends. Stops after ``count`` faults or once ``minutes`` have passed."""
    import re

    from playwright.sync_api import sync_playwright

    from tests.e2e import test_table_pad as table
    from tests.e2e.table_net import TableNet, qr_y4m
    from web import build as web_build

    folder = web_build.build()
    net = TableNet(pathlib.Path(tempfile.mkdtemp(prefix="bench-table-faults-")))
    made: list = []
    lost = doubled = done = 0
    seconds: list[float] = []
    try:
        net.url = net.serve(folder, port=8424)
        with sync_playwright() as p:
            def phone(name: str, profile: str | None = None):
                made.append(table.PadPhone(p, net, name, profile))
                return made[-1]

            host_phone, host, guest_phone, guest = table.a_table(phone)
            table.close_panel(host)

            def settled() -> int:
                same = lambda: _next_round(host) == _next_round(guest) and _next_round(host)  # noqa: E731
                try:
                    host.until(same, "the same round on both phones", timeout_s=180)
                except AssertionError:
                    host.shot("bench-faults-host")
                    guest.shot("bench-faults-guest")
                    raise
                return _next_round(host)  # type: ignore[return-value]

            ends = time.monotonic() + minutes * 60
            for n in range(count):
                if time.monotonic() > ends:
                    break
                kind = FAULTS[n % len(FAULTS)]
                before = settled()
                started = time.perf_counter()
                if kind == "cut":
                    dead = guest.page.evaluate_handle("block24Table.guest.pc")
                    net.cut_udp()
                    try:
                        host.play_round("Red", {"Anna": 2, "Ben": 2})
                        gone = "pc => ['failed', 'closed'].includes(pc.connectionState)"
                        guest.page.wait_for_function(gone, arg=dead, timeout=120_000)
                    finally:
                        net.mend_udp()
                    guest.page.wait_for_function(f"pc => {table.LIVE} && block24Table.guest.pc !== pc",
                                                 arg=dead, timeout=180_000)
                    allowed = {before + 1}
                elif kind == "kill":
                    guest.tap("Red", then=re.compile("count tricks"))
                    guest.tap(re.compile("count tricks"), then="Confirm round")
                    guest.give_tricks({"Anna": 2, "Ben": 2})
                    guest.button("Confirm round").click()
                    guest_phone.kill()
                    guest_phone = phone("guest", guest_phone.profile)
                    guest = guest_phone.open()
                    guest.page.wait_for_function(table.LIVE, timeout=180_000)
                    allowed = {before, before + 1}
                else:
                    host.reload()
                    host.tap_id("other-phones", then="Share this game with the table")
                    host.tap("Share this game with the table")
                    qr_y4m(table.code_on(host, "host"), guest_phone.camera)
                    # (a guest started again after a kill has its panel closed: it opens by itself
                    # only once the tries gave up, so the player opens it)
                    guest.page.wait_for_function(f"!({table.LIVE})", timeout=120_000)
                    if not guest.button("Join a table: scan the host's code").is_visible():
                        guest.tap_id("other-phones")
                    guest.tap("Join a table: scan the host's code")
                    table.panel_says(guest, "Now the host's phone taps")
                    qr_y4m(table.code_on(guest, "guest"), host_phone.camera)
                    host.tap("Scan the next phone")
                    table.panel_says(host, "Phone 1 joined the table")
                    table.close_panel(host)
                    allowed = {before}
                after = settled()
                seconds.append(time.perf_counter() - started)
                done += 1
                lost += after < min(allowed)
                doubled += after > max(allowed)
                print(f"fault {n + 1} {kind}: round {before} → {after} (allowed {sorted(allowed)}), "
                      f"{seconds[-1]:.0f} s", flush=True)
                while (now := settled()) > before:  # the fault's round taken back: the game goes on
                    host.undo(now - 1)
    finally:
        for one in made:
            one.close()
        net.close()
    return {"table_faults": figure([float(done)], unit="faults"),
            "table_faults_rounds_lost": figure([float(lost)], unit="rounds", aim="0"),
            "table_faults_rounds_doubled": figure([float(doubled)], unit="rounds", aim="0"),
            "table_fault_to_settled_s": figure(seconds or [0.0], unit="s")}


if __name__ == "__main__":  # (python -m bench.table faults COUNT MINUTES: the fault run alone)
    chosen = (lambda: faults(int(sys.argv[2]), float(sys.argv[3]))) if sys.argv[1:2] == ["faults"] else run
    for key, value in chosen().items():
        print(f"{key:32} {value['value']:10.2f} {value['unit']} "
              f"(runs {value['runs']}, spread {value['spread']:.2f})")
