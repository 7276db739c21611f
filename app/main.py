"""Start Block 24: a thin main that opens the store and renders the app for each session.

:func:`app.server.serve` runs it as a web app (``python -m app.main`` too); on a
phone build, Flet calls ``main``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import sys

import flet as ft

from . import peers, server
from .state import AppState, Prefs, Told
from .state.prefs import DEVICE_TIMEOUT_S
from .store import Store
from .views.app_view import App

logger = logging.getLogger("block24.app")

FONTS = {"DejaVu Sans": "fonts/DejaVuSans.ttf", "Noto Emoji": "fonts/NotoEmoji.ttf"}
"""Shipped in ``assets/fonts`` (the offline build copies them): the glyphs Roboto lacks.

Flutter's web client fetches a missing glyph's font from Google's servers; offline
(and on a LAN without internet) it draws a box instead: "▯ Red" for the chosen
trump's "✓ Red", "▯ Dora ▯" for a name typed as "🃏 Dora 👑". DejaVu
Sans has the pad's signs (✓ → ♠ ≤, digits of other scripts), Noto Emoji the
emoji players type.
"""


def theme() -> ft.Theme:
    """The app's colours, and every text style falling back on the shipped fonts.

    One theme serves light and dark: the client builds ``page.theme`` with light
    brightness and ``page.dark_theme`` with dark, both from the seed, and resolves
    the colour names below in each. A text style given here replaces the client's
    whole default style, its colour too: without one, text is drawn black, on the
    dark theme's near-black as well (1.13:1).
    """
    def styles(colour: str) -> ft.TextTheme:
        style = ft.TextStyle(color=colour, font_family_fallback=["Roboto", *FONTS])
        return ft.TextTheme(**{name: style for name in (
            f"{size}_{kind}" for size in ("display", "headline", "title", "body", "label")
            for kind in ("large", "medium", "small"))})

    # Greyed out, but legible (3:1): Material's 38 % of the text colour read at 2.3:1.
    greyed = ft.Colors.with_opacity(0.6, ft.Colors.ON_SURFACE)
    disabled = ft.ButtonStyle(color={ft.ControlState.DISABLED: greyed},
                              icon_color={ft.ControlState.DISABLED: greyed})
    return ft.Theme(color_scheme_seed=ft.Colors.INDIGO, text_theme=styles(ft.Colors.ON_SURFACE),
                    primary_text_theme=styles(ft.Colors.ON_PRIMARY),
                    button_theme=ft.ButtonTheme(style=disabled),
                    filled_button_theme=ft.FilledButtonTheme(style=disabled),
                    outlined_button_theme=ft.OutlinedButtonTheme(style=disabled),
                    text_button_theme=ft.TextButtonTheme(style=disabled),
                    icon_button_theme=ft.IconButtonTheme(style=disabled))


def main(page: ft.Page, told: Told | None = None, fonts_in_client: bool = False) -> None:
    """Render the app for one session (a browser tab or the phone app).

    ``told``: the browser's languages and the device's settings, when the web build's own
    page told them with the start (``web/main.py``); else the client is asked.
    ``fonts_in_client``: the client loaded :data:`FONTS` at its own start (the web build); asked
    for with the first screen, they kept it blank until they came.
    """
    if not fonts_in_client:  # asked for ahead of the first screen, laid out in them (a scroll
        page.fonts = FONTS    # to a row made before they came lands short once they do)
    # Store.open keeps one store per folder per process: every session shares it.
    store = Store.open()
    # Who this device is: the websocket's peer as the server saw it, taken now, before the
    # session awaits anything of the client. Never page.client_ip: a client writes that itself.
    client = server.peer_address()
    # (a page that reconnected told its settings: a restarted server's questions before the
    # first frame go unanswered, and the page would stay blank while they wait)
    told = told or Told.read(server.client_told())
    # The device's own settings come first (one answer from the browser): then the first frame.
    page.run_task(_start_quietly, page, store, client, told)


def _dress(page: ft.Page) -> None:
    """The page's title, padding and theme: set with the first screen, so that they go to
    the client in one patch with it (set before it, they went first, and the client drew an empty
    themed page until the screen came: 0.4-3 s in the web build)."""
    page.title = "Block 24"
    page.padding = 6
    page.theme = theme()
    page.dark_theme = theme()


async def _browser_languages(page: ft.Page) -> list[str | None]:
    """The browser's languages, most wanted first (a phone app has none: the system's counts)."""
    if not page.web:
        return []
    try:
        info = await asyncio.wait_for(page.get_device_info(), DEVICE_TIMEOUT_S)
    except Exception:  # no answer, or any answer at all from a crafted client
        return []
    return [*(getattr(info, "languages", None) or []), getattr(info, "language", None)]


async def _start_quietly(page: ft.Page, store: Store, client: str | None, told: Told | None) -> None:
    """:func:`_start`; a client that left while it started (a reload, a closed connection) ends it."""
    try:
        await _start(page, store, client, told)
    except Exception as error:
        if not server.connection_ended():
            raise
        logger.info("session of %s ended while it started: %s", client, type(error).__name__)


async def _start(page: ft.Page, store: Store, client: str | None, told: Told | None) -> None:
    if told is None:  # three round trips to the client before the first frame
        device, languages = ft.SharedPreferences(), await _browser_languages(page)
    else:
        device, languages = told.device(ft.SharedPreferences()), told.languages
    prefs = await Prefs.load(device, languages,
                             store.get_setting("language", None), store.get_setting("dark", None))
    state = AppState.open(store, gate=server.gate, client=client, join_url=server.join_url, prefs=prefs)
    prefs.resize(_size(page.width), _size(page.height))
    follow_other_devices(page, state)
    follow_the_gate(page, state)
    if peers.on_start is not None:  # the offline pad: other phones with no computer
        peers.on_start(page, state)

    # The route is the screen: the browser's Back and Forward arrive here, the app's taps
    # tell the browser (so its history has every screen).
    def navigated(route: str) -> None:
        if page.route != route:
            page.run_task(_tell_browser, page, route)

    async def route_changed(e: ft.RouteChangeEvent) -> None:
        route = getattr(e, "route", None)  # a crafted event may carry anything
        if isinstance(route, str) and route != state.route:
            await go(state, route)

    state.navigated = navigated
    page.on_route_change = route_changed
    page.on_resize = lambda e: prefs.resize(_size(getattr(e, "width", None)),
                                            _size(getattr(e, "height", None)))
    _dress(page)
    page.render(App, state, prefs, state.join)
    if page.route not in ("", "/", state.route):
        await go(state, page.route)  # a reload or a link: that screen
    elif page.route != state.route:
        navigated(state.route)
    if not prefs.answered:  # (a tab back after a server restart: see prefs.FIRST_ASK_S)
        await prefs.recall(ft.SharedPreferences())
    if page.platform in (ft.PagePlatform.ANDROID, ft.PagePlatform.IOS):
        # Keep the screen awake while the pad is open (a locked phone at the table is a nuisance).
        await ft.Wakelock().enable()


async def _tell_browser(page: ft.Page, route: str) -> None:
    """The browser's address for the new screen (its history, its Back). A tab closed before it
    answered is told nothing: Flet ends the call when it ends the session (minutes later), and
    the failure was logged with a traceback."""
    try:
        await page.push_route(route)
    except RuntimeError as error:
        if str(error) != "Session closed":  # (Flet's word for a call its session ended)
            raise
        logger.info("a closed tab was not told its address %s", route)


def _size(value: object) -> float | None:
    """A window size from the client (a crafted one may send a word, or no number at all)."""
    if isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value):
        return value
    return None


async def go(state: AppState, route: str) -> None:
    """Show ``route`` from the browser (its address bar, Back, a link): one it cannot show stays home.

    Anything can arrive as a route (``/game/a\\x00b``): a refusal of the store
    is one line in the log, never an error screen in Flet.
    """
    try:
        await state.go(route)
    except Exception as error:  # whatever a crafted address makes the store or the rules raise
        logger.warning("route %.80r not shown: %s: %s", route, type(error).__name__, error)
        with contextlib.suppress(Exception):
            await state.go("/")


def follow_other_devices(page: ft.Page, state: AppState) -> None:
    """Every device on one game sees every change at once (pubsub within this server).

    The news arrives in the sender's context: ``run_task`` redraws this page,
    not the sender's. While this session's connection is away (a phone whose
    screen slept) it has no loop to run on and Flet drops its redraws: the
    newest version of each game is kept and caught up when it reconnects.
    A closed tab's session ends after ``server.SESSION_TIMEOUT_S`` and Flet's
    ``Session.close`` unsubscribes it then.
    """
    missed: dict[str, int] = {}

    async def refresh(game_id: str, version: int) -> None:
        state.game_changed(game_id, version)

    async def game_saved(message: tuple[str, int]) -> None:
        if page.session.connection is None:  # asleep: nothing can be drawn now
            game_id, version = message
            missed.pop(game_id, None)  # (in order of arrival: home's list is redrawn last)
            missed[game_id] = version
            return
        page.run_task(refresh, *message)

    async def reconnected(_: ft.Event) -> None:
        while missed:
            game_id = next(iter(missed))
            state.game_changed(game_id, missed.pop(game_id))

    page.on_connect = reconnected
    page.pubsub.subscribe(game_saved)
    state.table.announce = lambda game_id, version: page.pubsub.send_others((game_id, version))


def follow_the_gate(page: ft.Page, state: AppState) -> None:
    """``serve --lan``: a phone joined or was sent away, or the host made a new code.

    Each session re-checks its own place (a revoked phone sees the join screen at
    once; the host's list and code redraw) on its own loop. A closed session stops
    listening.
    """
    gate = state.join.gate
    if gate is None:
        return

    async def recheck() -> None:
        state.gate_changed()

    def changed() -> None:
        if page.session.connection is not None:
            page.run_task(recheck)

    caught_up = page.on_connect  # (a phone that slept missed the news: check on waking)

    async def connected(e: ft.Event) -> None:
        state.gate_changed()
        if caught_up is not None:
            await caught_up(e)

    page.on_connect = connected
    page.on_close = lambda _: stop()
    stop = gate.listen(changed)


if __name__ == "__main__":
    server.serve(main, lan="--lan" in sys.argv[1:])
