"""Start Block 24: a thin main that opens the store and renders the app for each session.

``serve()`` runs it as a web app on ``BLOCK24_HOST``:``BLOCK24_PORT`` (default
127.0.0.1:8550), without a CDN; on a phone build, Flet calls ``main``.
"""

from __future__ import annotations

import os
import pathlib
import threading

import flet as ft

from .state import AppState
from .store import Store
from .views.app_view import App

ASSETS = pathlib.Path(__file__).resolve().parent.parent / "assets"
_store: Store | None = None
_store_lock = threading.Lock()


def shared_store() -> Store:
    """The one store of this process (web mode serves many sessions from one process)."""
    global _store
    with _store_lock:
        if _store is None:
            _store = Store.open()
        return _store


def main(page: ft.Page) -> None:
    """Render the app for one session (a browser tab or the phone app)."""
    page.title = "Block 24"
    page.padding = 8
    page.theme = ft.Theme(color_scheme_seed=ft.Colors.INDIGO)
    page.dark_theme = ft.Theme(color_scheme_seed=ft.Colors.INDIGO)
    state = AppState.open(shared_store())
    state.resize(page.width)
    page.on_resize = lambda e: state.resize(e.width)
    page.render(App, state)
    if page.platform in (ft.PagePlatform.ANDROID, ft.PagePlatform.IOS):
        # Keep the screen awake while the pad is open (a locked phone at the table is a nuisance).
        wakelock = ft.Wakelock()
        page.run_task(wakelock.enable)


def serve() -> None:
    """Serve the app in the browser; print the address (``make run``, ``block24``)."""
    host = os.environ.get("BLOCK24_HOST", "127.0.0.1")
    port = int(os.environ.get("BLOCK24_PORT", "8550"))
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
    serve()
