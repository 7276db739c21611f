"""Start Block 24: a thin main that opens the store and renders the app for each session.

:func:`app.server.serve` runs it as a web app (``python -m app.main`` too); on a
phone build, Flet calls ``main``.
"""

from __future__ import annotations

import sys

import flet as ft

from . import server
from .state import AppState
from .store import Store
from .views.app_view import App


def main(page: ft.Page) -> None:
    """Render the app for one session (a browser tab or the phone app)."""
    page.title = "Block 24"
    page.padding = 8
    page.theme = ft.Theme(color_scheme_seed=ft.Colors.INDIGO)
    page.dark_theme = ft.Theme(color_scheme_seed=ft.Colors.INDIGO)
    # Store.open keeps one store per folder per process: every session shares it.
    state = AppState.open(Store.open(), gate=server.gate, client=page.client_ip,
                           join_url=server.join_url)
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


if __name__ == "__main__":
    from .server import serve

    serve(lan="--lan" in sys.argv[1:])
