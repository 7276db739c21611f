"""Phones at one table with no computer: the pad's WebRTC layer between two browser processes.

The peer layer (``web/client/peer.js``) and the scanner (``web/client/scan.js``) on a bare page,
served inside a network namespace of the test's own (``table_net.py``): two scans join a guest
(Chromium's fake camera is fed the rendered code; Firefox reads a photo), the data channel
carries messages both ways over the namespace's addresses only, a stranger holding only the
host's code gets nothing, a guest breaking the limits is cut off.
"""

from __future__ import annotations

import base64
import json
import os
import pathlib
import shutil
import subprocess
import tempfile

import pytest

from .conftest import CHROMIUM, LAUNCH_ARGS, ROOT
from .engines import FIREFOX, NODE_MODULES, Firefox, missing
from .table_net import CHROMIUM_WEBRTC, FIREFOX_WEBRTC, TableNet, inside, qr_png, qr_y4m

HARNESS = pathlib.Path(__file__).with_name("peer_harness.html")
JSQR = NODE_MODULES / "jsqr" / "dist" / "jsQR.js"
TIMEOUT_MS = 60_000


@pytest.fixture(scope="module")
def net(tmp_path_factory):
    if not CHROMIUM.exists():
        missing(f"Chromium not found at {CHROMIUM}")
    if not JSQR.exists():
        missing(f"jsQR not found at {JSQR} (make browser)")
    folder = tmp_path_factory.mktemp("table-net")
    site = folder / "site"
    site.mkdir()
    for name in ("peer.js", "scan.js"):
        shutil.copy2(ROOT / "web" / "client" / name, site / name)
    shutil.copy2(JSQR, site / "jsQR.js")
    shutil.copy2(HARNESS, site / "index.html")
    table = TableNet(folder)
    try:
        table.url = table.serve(site)
        yield table
    finally:
        table.close()


class Phone:
    """One browser process in the namespace, on the harness page; its camera sees ``camera``."""

    def __init__(self, playwright, net: TableNet, name: str) -> None:
        self.camera = net.folder / f"{name}.y4m"
        qr_y4m("nothing yet", self.camera)
        wrapper = net.wrapper(str(CHROMIUM), f"chromium-{name}")
        self.browser = playwright.chromium.launch(
            executable_path=str(wrapper), headless=True,
            args=[*LAUNCH_ARGS, *CHROMIUM_WEBRTC, f"--use-file-for-fake-video-capture={self.camera}"])
        self.page = self.browser.new_page()
        self.page.goto(net.url)
        self.page.wait_for_function("window.ready === true", timeout=TIMEOUT_MS)

    def sees(self, text: str) -> None:
        """The next time this phone's camera opens, it films ``text`` as a QR code."""
        qr_y4m(text, self.camera)

    def run(self, script: str, *args):
        return self.page.evaluate(script, *args) if args else self.page.evaluate(script)

    def wait(self, condition: str) -> None:
        self.page.wait_for_function(condition, timeout=TIMEOUT_MS)

    def close(self) -> None:
        self.browser.close()


class FirefoxPhone:
    """Firefox ESR in the namespace (its driver, Node + puppeteer-core, runs there too: BiDi talks
    to Firefox over a loopback socket). Its camera cannot be fed a picture: it scans photos."""

    def __init__(self, net: TableNet, name: str) -> None:
        for needed in (FIREFOX, NODE_MODULES / "puppeteer-core"):
            if not needed.exists():
                missing(f"{needed} not found (make browser)")
        profile = pathlib.Path(tempfile.mkdtemp(prefix=f"firefox-{name}-", dir=net.folder))
        env = dict(os.environ, BLOCK24_NODE_MODULES=str(NODE_MODULES.parent))
        self.driver = Firefox.__new__(Firefox)
        self.driver.process = net.popen(["node", str(pathlib.Path(__file__).with_name("bidi_driver.mjs"))],
                                        cwd=ROOT, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True)
        self.driver._send("launch", executable=str(FIREFOX), profile=str(profile), width=390, height=844,
                          language="en-US", origin=net.url.rstrip("/"), prefs=FIREFOX_WEBRTC)
        self.driver.goto(net.url)
        self.wait("window.ready === true")

    def run(self, script: str, *args):
        if not script.lstrip().startswith(("(", "async")):
            script = f"() => {script}"
        return self.driver.evaluate(script, *args)

    def wait(self, condition: str, timeout_s: float = TIMEOUT_MS / 1000) -> None:
        self.driver.evaluate(f"""async () => {{
            const until = performance.now() + {timeout_s * 1000};
            while (!(() => {condition})()) {{
                if (performance.now() > until)
                    throw new Error("timed out waiting for: " + {json.dumps(condition)});
                await new Promise((done) => setTimeout(done, 50));
            }}
        }}""")

    def close(self) -> None:
        self.driver.close()


@pytest.fixture
def phones(playwright, net):
    made: list = []

    def make(name: str, engine: str = "chromium"):
        made.append(FirefoxPhone(net, name) if engine == "firefox" else Phone(playwright, net, name))
        return made[-1]

    yield make
    for phone in made:
        phone.close()


def joined(host: Phone, guest: Phone) -> str:
    """Two scans with the fake cameras: the guest films the host's code, the host the guest's."""
    code = host.run("t.startHost()")
    assert code.startswith(host.page.url.split("#")[0]) and "#join=" in code
    guest.sees(code)
    guest_code = guest.run("t.joinByCamera()")
    host.sees(guest_code)
    guest_id = host.run("t.admitByCamera()")
    guest.wait("t.guest.channel && t.guest.channel.readyState === 'open'")
    return guest_id


def test_two_scans_join_chromium_phones_on_the_table_network(phones, net):
    host, guest = phones("host"), phones("guest")
    guest_id = joined(host, guest)
    guest.run("t.guest.send(JSON.stringify({hello: 'from the guest'}))")
    host.page.wait_for_function("t.heard.length > 0", timeout=TIMEOUT_MS)
    assert host.run("t.heard") == [[guest_id, json.dumps({"hello": "from the guest"}, separators=(",", ":"))]]
    host.run(f"t.host.send('{guest_id}', 'from the host')")
    guest.wait("t.heard.some(([who, text]) => text === 'from the host')")
    # Every address the connection uses is the namespace's own.
    # (The stats hide a peer-reflexive address, learnt from a check: the other side names it.)
    host_pairs = host.run(f"t.pairs(t.host.guests.get('{guest_id}').pc)")
    guest_pairs = guest.run("t.pairs(t.guest.pc)")
    pairs = host_pairs + guest_pairs
    seen = [address for pair in pairs for address in pair if address]
    # (At least one pair each side: ICE may nominate more than one as its checks succeed.)
    assert host_pairs and guest_pairs and len(seen) >= 2, (host_pairs, guest_pairs)
    assert all(inside(f"c 1 udp 1 {address} 1") for address in seen), pairs
    # Codes are small: a QR code of version 3-4 at error correction M.
    import segno

    assert segno.make(host.run("t.host.code"), error="m").version <= 6
    assert segno.make(guest.run("t.guest.code"), error="m").version <= 4


def test_a_stranger_with_only_the_host_code_gets_nothing(phones, net):
    host, guest, stranger = phones("host"), phones("guest"), phones("stranger")
    code = host.run("t.startHost()")
    # The stranger photographed the host's code and tries to connect first.
    stranger.sees(code)
    stranger.run("t.joinByCamera()")
    guest.sees(code)
    guest_code = guest.run("t.joinByCamera()")
    host.sees(guest_code)
    guest_id = host.run("t.admitByCamera()")
    guest.page.wait_for_function("t.guest.channel.readyState === 'open'", timeout=TIMEOUT_MS)
    # The stranger's channel never opens and the host lists only the guest it scanned.
    assert stranger.run("t.guest.opened(3000).then(() => 'open', (e) => e.why)") == "unreached"
    assert host.run("[...t.host.guests.keys()]") == [guest_id]
    assert stranger.run("t.heard") == []


def _code(head: bytes, body: bytes) -> str:
    return "#join=" + base64.urlsafe_b64encode(head + body).decode().rstrip("=")


def test_bad_codes_are_named(phones, net):
    host = phones("host")
    real = host.run("t.startHost()")
    fp, candidate = bytes(range(32)), bytes([10, 99, 0, 1, 0x1F, 0x90])
    cases = {
        "https://example.org/": "not-pad",  # some other QR code
        "#join=%%%": "not-pad",
        _code(b"Q\x10", fp + candidate): "not-pad",  # another protocol's magic byte
        _code(b"B\x20", fp + candidate): "old-pad",  # a newer pad's format
        _code(b"B\x00", fp + candidate): "old-pad",
        real[:-10]: "cut",  # truncated
        _code(b"B\x10", fp[:20]): "cut",
        _code(b"B\x10", fp): "cut",  # a host's code without an address
        _code(b"B\x11", fp + candidate): "cut",  # a guest's code with one
        real: "read",
    }
    reasons = host.run("""(texts) => texts.map((text) => {
        try { t.decodeCode(text); return "read"; } catch (e) { return e.why; } })""", list(cases))
    assert dict(zip(cases, reasons, strict=True)) == cases
    # A guest scanning a guest's code, a host scanning a host's: said so, nothing opened.
    guest = phones("guest")
    joining = "(code) => t.join(code).then(() => 'joined', (e) => e.why)"
    assert guest.run(joining, _code(b"B\x11", fp)) == "kind"
    assert host.run("(code) => t.admit(code).then(() => 'admitted', (e) => e.why)", real) == "kind"


def test_a_guest_breaking_the_limits_is_cut_off(phones, net):
    host, guest = phones("host"), phones("guest")
    guest_id = joined(host, guest)
    # 10 000 messages at once: the host's page passes at most the burst (60) and what the rate
    # (20 a second) adds while they arrive to Python, then drops the guest.
    began = host.run("performance.now()")
    guest.run("() => { for (let i = 0; i < 10000; i++) t.guest.send('x' + i); }")
    host.page.wait_for_function(f"t.events.some(([what, id, why]) => what === 'left' && id === '{guest_id}')",
                                timeout=TIMEOUT_MS)
    took_s = (host.run("performance.now()") - began) / 1000
    assert host.run("t.events.find(([what]) => what === 'left')") == ["left", guest_id, "rate"]
    assert len(host.run("t.heard")) <= 60 + 20 * took_s, took_s
    assert host.run("t.host.guests.size") == 0


def test_two_scans_from_photos(phones, net, tmp_path):
    host, guest = phones("host"), phones("guest")
    code = host.run("t.startHost()")
    photo = tmp_path / "host.png"
    qr_png(code, photo)
    guest_code = guest.run("(bytes) => t.joinByPhoto(bytes)", list(photo.read_bytes()))
    qr_png(guest_code, photo)
    host.run("(bytes) => t.admitByPhoto(bytes)", list(photo.read_bytes()))
    guest.page.wait_for_function("t.guest.channel.readyState === 'open'", timeout=TIMEOUT_MS)


def photo_join(host, guest, folder: pathlib.Path) -> str:
    """Two scans from photos (the way for Firefox, whose fake camera cannot film a code)."""
    code = host.run("t.startHost()")
    photo = folder / "code.png"
    qr_png(code, photo)
    guest_code = guest.run("(bytes) => t.joinByPhoto(bytes)", list(photo.read_bytes()))
    qr_png(guest_code, photo)
    guest_id = host.run("(bytes) => t.admitByPhoto(bytes)", list(photo.read_bytes()))
    guest.wait("t.guest.channel && t.guest.channel.readyState === 'open'")
    return guest_id


@pytest.mark.parametrize("host_engine,guest_engine", [("chromium", "firefox"), ("firefox", "chromium")])
def test_firefox_joins_and_hosts(phones, net, tmp_path, host_engine, guest_engine):
    host, guest = phones("host", host_engine), phones("guest", guest_engine)
    guest_id = photo_join(host, guest, tmp_path)
    guest.run("t.guest.send('round from the guest')")
    host.wait("t.heard.length > 0")
    assert host.run("t.heard") == [[guest_id, "round from the guest"]]
    host.run(f"() => t.host.send('{guest_id}', 'record from the host')")
    guest.wait("t.heard.some(([who, text]) => text === 'record from the host')")


def test_a_reloaded_guest_comes_back_over_the_standby_connection_without_a_scan(phones, net):
    host, guest = phones("host"), phones("guest")
    guest_id = joined(host, guest)
    guest.wait("localStorage.getItem('block24.peer.standby')")
    first = guest.run("localStorage.getItem('block24.peer.standby')")
    guest.page.reload()
    guest.wait("window.ready === true")
    # The same certificate after the reload: the host knows this phone; no camera, no code shown.
    guest.run("t.join(localStorage.getItem('block24.peer.standby'))")
    guest.wait("t.guest.channel.readyState === 'open'")
    assert guest.run("t.guest.id") == guest_id
    host.wait(f"t.host.guests.get('{guest_id}')?.channel.readyState === 'open'")
    host.run(f"t.host.send('{guest_id}', 'after the reload')")
    guest.wait("t.heard.some(([who, text]) => text === 'after the reload')")
    # A new standby for the next time; the one used is spent.
    guest.wait(f"localStorage.getItem('block24.peer.standby') !== {json.dumps(first)}")
    # A guest sent away is forgotten: its standby no longer opens.
    host.run(f"t.host.drop('{guest_id}')")
    guest.page.reload()
    guest.wait("window.ready === true")
    guest.run("t.join(localStorage.getItem('block24.peer.standby'))")
    assert guest.run("t.guest.opened(5000).then(() => 'open', (e) => e.why)") == "unreached"


IDLE_MS = 20_000
"""Longer than a standby connection lived when it was answered at once (Firefox: 5-10 s; a
Chromium host's lived 120 s and more: the whole pad's test takes that host)."""


@pytest.mark.parametrize("host_engine,start_s", [("firefox", 0), ("firefox", 20)])
def test_a_guest_idle_longer_than_a_standby_lived_comes_back_after_a_reload(phones, net, tmp_path,
                                                                           host_engine, start_s):
    host, guest = phones("host", host_engine), phones("guest")
    guest_id = joined(host, guest) if host_engine == "chromium" else photo_join(host, guest, tmp_path)
    guest.wait("localStorage.getItem('block24.peer.standby')")
    # The table plays on paper for a while: nothing crosses, the standby waits.
    guest.run("window.idleSince = performance.now()")
    guest.page.wait_for_function(f"performance.now() - window.idleSince > {IDLE_MS}", polling=1000,
                                 timeout=IDLE_MS + TIMEOUT_MS)
    host.wait(f"t.host.guests.get('{guest_id}')?.channel.readyState === 'open'")
    guest.page.reload()
    guest.wait("window.ready === true")
    if start_s:  # a phone whose pad takes its time to start again (Pyodide on a slow phone)
        guest.page.wait_for_function(f"performance.now() > {start_s * 1000}", polling=1000,
                                     timeout=TIMEOUT_MS)
    # No camera, no code shown: the kept standby code only.
    guest.run("t.join(localStorage.getItem('block24.peer.standby'))")
    assert guest.run("t.guest.opened(20000).then(() => 'open', (e) => e.why)") == "open"
    assert guest.run("t.guest.id") == guest_id
    host.wait(f"t.host.guests.get('{guest_id}')?.channel.readyState === 'open'")
    host.run(f"() => t.host.send('{guest_id}', 'after the idle reload')")
    guest.wait("t.heard.some(([who, text]) => text === 'after the idle reload')")
