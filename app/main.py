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
    page.padding = 6
    page.theme = ft.Theme(color_scheme_seed=ft.Colors.INDIGO)
    page.dark_theme = ft.Theme(color_scheme_seed=ft.Colors.INDIGO)
    # Store.open keeps one store per folder per process: every session shares it.
    state = AppState.open(Store.open(), gate=server.gate, client=page.client_ip,
                          join_url=server.join_url)
    state.prefs.resize(page.width, page.height)

    # Every device on one game sees every change at once (pubsub within this server).
    # The news arrives in the sender's context: run_task redraws this page, not the sender's.
    async def refresh(game_id: str, version: int) -> None:
        state.game_changed(game_id, version)

    async def game_saved(message: tuple[str, int]) -> None:
        page.run_task(refresh, *message)

    page.pubsub.subscribe(game_saved)
    state.table.announce = lambda game_id, version: page.pubsub.send_others((game_id, version))

    def closed(_: ft.Event | None = None) -> None:  # a closed tab stops listening
        page.pubsub.unsubscribe_all()

    page.on_close = closed  # (not on_disconnect: a phone whose screen slept comes back)

    # The route is the screen: the browser's Back and Forward arrive here, the app's taps
    # tell the browser (so its history has every screen).
    def navigated(route: str) -> None:
        if page.route != route:
            page.run_task(page.push_route, route)

    async def route_changed(e: ft.RouteChangeEvent) -> None:
        if e.route != state.route:
            await state.go(e.route)

    state.navigated = navigated
    page.on_route_change = route_changed
    page.on_resize = lambda e: state.prefs.resize(e.width, e.height)
    page.render(App, state, state.prefs)
    if page.route not in ("", "/", state.route):
        page.run_task(state.go, page.route)  # a reload or a link: that screen
    elif page.route != state.route:
        navigated(state.route)
    if page.platform in (ft.PagePlatform.ANDROID, ft.PagePlatform.IOS):
        # Keep the screen awake while the pad is open (a locked phone at the table is a nuisance).
        wakelock = ft.Wakelock()
        page.run_task(wakelock.enable)


if __name__ == "__main__":
    from .server import serve

    serve(lan="--lan" in sys.argv[1:])
