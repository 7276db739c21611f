"""A served page that shows what the server knows of a device (for tests/test_lan_security.py).

Run as ``python tests/lan_probe.py [--lan]``: the real :func:`app.server.serve`
(uvicorn settings, Origin guard, join gate) with a one-line session instead
of the app, so the LAN tests check the server, not the screens.
"""

from __future__ import annotations

import sys
from pathlib import Path

import flet as ft

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from app import server


def main(page: ft.Page) -> None:
    gate = server.gate
    admitted = gate.admitted(page.client_ip) if gate else True
    page.add(ft.Text(f"probe client={page.client_ip} admitted={admitted}"))


if __name__ == "__main__":
    server.serve(lan="--lan" in sys.argv[1:], main=main)
