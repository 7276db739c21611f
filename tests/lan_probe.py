"""A served page that shows what the server knows of a device (for tests/test_lan_security.py).

Run as ``python tests/lan_probe.py [--lan]``: the real :func:`app.server.serve`
(uvicorn settings, Origin guard, join gate) with a one-line session instead
of the app, so the LAN tests check the server, not the screens. A button
counts the taps that reach the app, from every device: each new page shows
the count so far (``probe taps=N button=ID``).
"""

from __future__ import annotations

import sys

import flet as ft

from app import server

taps = 0


def main(page: ft.Page) -> None:
    gate = server.gate
    client = server.peer_address()
    admitted = gate.admitted(client) if gate else True

    def tapped(_: ft.Event) -> None:
        global taps
        taps += 1

    button = ft.Button("tap", on_click=tapped)
    page.add(ft.Text(f"probe client={client} admitted={admitted}"), button,
             ft.Text(f"probe taps={taps} button={button._i}"))


if __name__ == "__main__":
    server.serve(lan="--lan" in sys.argv[1:], main=main)
