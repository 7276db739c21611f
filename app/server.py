"""Serve the app in the browser (``make run``, ``block24 serve [--lan]``).

Only this machine can reach it, unless ``--lan``: then it binds the LAN
address (or ``BLOCK24_HOST``) and other devices join with a code. The LAN
settings of this process live here; :func:`app.main.main` reads them for
every session.
"""

from __future__ import annotations

import os
import pathlib
import sys

import flet as ft

from .lan import JoinGate, lan_address

ASSETS = pathlib.Path(__file__).resolve().parent.parent / "assets"

gate: JoinGate | None = None
"""The join gate of ``serve --lan`` (None: this machine only)."""
join_url: str | None = None
"""The address other phones open (``serve --lan``)."""


def serve(lan: bool = False) -> None:
    """Serve the app in the browser; print the address."""
    global gate, join_url
    from .main import main

    port = int(os.environ.get("BLOCK24_PORT", "8550"))
    if lan:
        host = os.environ.get("BLOCK24_HOST") or lan_address()
        gate = JoinGate(host)
        join_url = f"http://{host}:{port}/"
        print(f"Join code for other phones: {gate.code}", flush=True)
    else:
        host = os.environ.get("BLOCK24_HOST", "127.0.0.1")
    print(f"Block 24 is served at http://{host}:{port}", flush=True)
    ft.run(
        main,
        view=ft.AppView.WEB_BROWSER,
        host=host,
        port=port,
        no_cdn=True,
        assets_dir=str(ASSETS),
    )


if __name__ == "__main__":
    serve(lan="--lan" in sys.argv[1:])
