"""Start Block 24: a thin main that opens the store and renders the app for each session.

``serve()`` runs it as a web app on ``BLOCK24_HOST``:``BLOCK24_PORT`` (default
127.0.0.1:8550), without a CDN; on a phone build, Flet calls ``main``.
"""

from __future__ import annotations

import os
import pathlib
import sys

import flet as ft

from .lan import JoinGate, lan_address
from .state import AppState
from .store import Store
from .views.app_view import App

ASSETS = pathlib.Path(__file__).resolve().parent.parent / "assets"
_gate: JoinGate | None = None
_join_url: str | None = None


def main(page: ft.Page) -> None:
    """Render the app for one session (a browser tab or the phone app)."""
    page.title = "Block 24"
    page.padding = 8
    page.theme = ft.Theme(color_scheme_seed=ft.Colors.INDIGO)
    page.dark_theme = ft.Theme(color_scheme_seed=ft.Colors.INDIGO)
    # Store.open keeps one store per folder per process: every session shares it.
    state = AppState.open(Store.open(), gate=_gate, client=page.client_ip, join_url=_join_url)
    state.resize(page.width)

    # Every device on one game sees every change at once (pubsub within this server).
    # The news arrives in the sender's context: run_task redraws this page, not the sender's.
    async def refresh(game_id: str, version: int) -> None:
        state.game_changed(game_id, version)

    async def game_saved(message: tuple[str, int]) -> None:
        page.run_task(refresh, *message)

    page.pubsub.subscribe(game_saved)
    state.announce = lambda game_id, version: page.pubsub.send_others((game_id, version))
    page.on_resize = lambda e: state.resize(e.width)
    page.render(App, state)
    if page.platform in (ft.PagePlatform.ANDROID, ft.PagePlatform.IOS):
        # Keep the screen awake while the pad is open (a locked phone at the table is a nuisance).
        wakelock = ft.Wakelock()
        page.run_task(wakelock.enable)


def serve(lan: bool = False) -> None:
    """Serve the app in the browser; print the address (``make run``, ``block24``).

    Only this machine can reach it, unless ``lan``: then it binds the LAN
    address (or ``BLOCK24_HOST``) and other devices join with a code.
    """
    global _gate, _join_url
    port = int(os.environ.get("BLOCK24_PORT", "8550"))
    if lan:
        host = os.environ.get("BLOCK24_HOST") or lan_address()
        _gate = JoinGate(host)
        _join_url = f"http://{host}:{port}/"
        print(f"Join code for other phones: {_gate.code}", flush=True)
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
