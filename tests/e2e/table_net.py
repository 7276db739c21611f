"""A network of its own for phone-to-phone tests: the browsers and the static server run in a
network namespace with a veth pair inside it (10.99.0.1 ↔ 10.99.0.2), so WebRTC's candidates
are real addresses and no packet reaches the machine's other interfaces (E2E.md, "Phone to
phone"). Needs root (``unshare -n``); without it the tests skip loudly (fail under CI=true).

Chromium runs through a wrapper (``nsenter -t PID -n chromium …``) so Playwright drives it over
its pipe as usual; the Firefox driver (Node + puppeteer-core over BiDi) runs inside whole.
"""

from __future__ import annotations

import contextlib
import os
import pathlib
import re
import shutil
import subprocess
import sys
import time

import segno

from tests import ports

from .engines import missing

ADDRESSES = ("10.99.0.1", "10.99.0.2")
SETUP = ("ip link set lo up && ip link add v0 type veth peer name v1 && "
         "ip addr add 10.99.0.1/24 dev v0 && ip addr add 10.99.0.2/24 dev v1 && "
         "ip link set v0 up && ip link set v1 up && ip route add default via 10.99.0.2 dev v0 && "
         "echo ready && exec sleep 100000")
CHROMIUM_WEBRTC = ["--allow-loopback-in-peer-connection", "--disable-features=WebRtcHideLocalIpsWithMdns",
                   "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream"]
FIREFOX_WEBRTC = {"media.peerconnection.ice.loopback": True,
                  "media.peerconnection.ice.obfuscate_host_addresses": False,
                  "media.navigator.permission.disabled": True,
                  "media.navigator.streams.fake": True}


class TableNet:
    """The namespace (held open by a sleeping process) and what runs in it."""

    def __init__(self, folder: pathlib.Path) -> None:
        if os.geteuid() != 0 or not shutil.which("unshare") or not shutil.which("nsenter"):
            missing("a network namespace (root, unshare, nsenter)")
        self.folder = folder
        self.holder = subprocess.Popen(["unshare", "-n", "sh", "-c", SETUP], stdout=subprocess.PIPE,
                                       stderr=subprocess.PIPE, text=True)
        assert self.holder.stdout
        if self.holder.stdout.readline().strip() != "ready":
            self.holder.kill()
            missing(f"a network namespace with a veth pair: {self.holder.stderr.read().strip()}")
        self.enter = ["nsenter", "-t", str(self.holder.pid), "-n"]
        self.processes: list[subprocess.Popen] = []

    def wrapper(self, executable: str, name: str) -> pathlib.Path:
        """A script that runs ``executable`` with its arguments inside the namespace."""
        path = self.folder / name
        path.write_text(f"#!/bin/sh\nexec {' '.join(self.enter)} {executable} \"$@\"\n")
        path.chmod(0o755)
        return path

    def serve(self, folder: pathlib.Path, port: int = 8024) -> str:
        """``folder`` served on ``http://127.0.0.1:PORT/`` inside the namespace (a secure context)."""
        log = open(self.folder / f"http-{port}.log", "ab")  # noqa: SIM115 — closed with the process
        process = subprocess.Popen([*self.enter, sys.executable, "-m", "http.server", str(port), "--bind",
                                    "127.0.0.1", "--directory", str(folder)], stdout=log, stderr=log)
        self.processes.append(process)
        deadline = time.monotonic() + 30
        probe = f"import socket; socket.create_connection(('127.0.0.1', {port}), timeout=1)"
        while time.monotonic() < deadline:
            probed = subprocess.run([*self.enter, sys.executable, "-c", probe], capture_output=True)
            if probed.returncode == 0:
                return f"http://127.0.0.1:{port}/"
            time.sleep(0.2)
        raise RuntimeError("the static server did not start in the namespace")

    def popen(self, command: list[str], **kwargs) -> subprocess.Popen:
        process = subprocess.Popen([*self.enter, *command], **kwargs)
        self.processes.append(process)
        return process

    # The Wi-Fi gone (for UDP: WebRTC's only traffic) and back. Every address of the namespace is
    # local, so phone-to-phone packets go over ``lo``; this kernel has no netem, no drop action
    # and no iptables, so UDP is classified into an HTB class whose queue holds nothing (every
    # packet dropped). TCP (the static server) passes as before.
    CUT = ("tc qdisc add dev lo root handle 1: htb default 1 && "
           "tc class add dev lo parent 1: classid 1:1 htb rate 10gbit && "
           "tc class add dev lo parent 1: classid 1:2 htb rate 8bit ceil 8bit && "
           "tc qdisc add dev lo parent 1:2 handle 20: pfifo limit 0 && "
           "tc filter add dev lo parent 1: protocol ip prio 1 u32 match ip protocol 17 0xff flowid 1:2")

    def cut_udp(self) -> None:
        subprocess.run([*self.enter, "sh", "-c", self.CUT], check=True, capture_output=True)

    def mend_udp(self) -> None:
        subprocess.run([*self.enter, "tc", "qdisc", "del", "dev", "lo", "root"], check=True,
                       capture_output=True)

    def udp_dropped(self) -> int:
        """Packets dropped by the cut so far (0 when there is none)."""
        shown = subprocess.run([*self.enter, "tc", "-s", "qdisc", "show", "dev", "lo"], capture_output=True,
                               text=True).stdout
        counts = [int(n) for n in re.findall(r"^qdisc pfifo 20:.*\n.*dropped (\d+)", shown, re.M)]
        return sum(counts)

    def close(self) -> None:
        for process in self.processes:
            with contextlib.suppress(ProcessLookupError):
                process.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(10)
        self.holder.kill()
        self.holder.wait()


def inside(candidate_line: str) -> bool:
    """Whether an ICE candidate names an address of the test's own namespace."""
    parts = candidate_line.split()
    return len(parts) > 5 and (parts[4] in ADDRESSES or parts[4].startswith("127."))


def qr_y4m(text: str, path: pathlib.Path, width: int = 640, height: int = 480, frames: int = 4) -> None:
    """``text`` as a QR code (segno, as the pad draws it) in a Y4M video for Chromium's fake camera."""
    matrix = segno.make(text, error="m").matrix
    border = 4
    size = len(matrix) + 2 * border
    scale = min(width, height) * 9 // 10 // size
    left, top = (width - size * scale) // 2, (height - size * scale) // 2
    luma = bytearray(b"\xff" * (width * height))
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            if dark:
                for dy in range(scale):
                    at = (top + (y + border) * scale + dy) * width + left + (x + border) * scale
                    luma[at:at + scale] = b"\x00" * scale
    chroma = b"\x80" * ((width // 2) * (height // 2) * 2)
    with open(path, "wb") as out:
        out.write(f"YUV4MPEG2 W{width} H{height} F30:1 Ip A1:1 C420jpeg\n".encode())
        for _ in range(frames):
            out.write(b"FRAME\n" + bytes(luma) + chroma)


def qr_png(text: str, path: pathlib.Path) -> None:
    """``text`` as a QR code photo (PNG) for the photo path."""
    segno.make(text, error="m").save(str(path), kind="png", scale=8, border=4)


def free_port() -> int:
    return ports.free_port()
