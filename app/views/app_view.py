"""The root component: the screen of the route, the theme, and the offer or message above it."""

from __future__ import annotations

import flet as ft

from ..i18n import LANGUAGES
from ..state import AppState, Join, Prefs, Screen
from .game_screen import GameScreen
from .home import Home
from .join import JoinScreen
from .new_game import NewGame
from .round_editor import RoundEditor
from .settings import SettingsScreen
from .widgets import OFFER_S, Offer, act

THEME_MODES = {"system": ft.ThemeMode.SYSTEM, "light": ft.ThemeMode.LIGHT, "dark": ft.ThemeMode.DARK}
"""As the phone follows its own choice (in a browser ``prefers-color-scheme``, live)."""

MAX_WIDTH = 720
"""Screens other than the game are a phone-width column in the middle of a wide window."""


def _screen(app: AppState, prefs: Prefs) -> ft.Control:
    match app.screen:
        case Screen.NEW_GAME:
            return NewGame(app.form, app)
        case Screen.GAME:
            return GameScreen(app.table, app, prefs)
        case Screen.CHART:
            from .score_chart import ChartScreen  # flet_charts loads on first use (web start-up)

            return ChartScreen(app.table, app, prefs)
        case Screen.EDIT:
            return RoundEditor(app.table, app)
        case Screen.SETTINGS:
            return SettingsScreen(app, prefs)
        case Screen.STATS:
            from .stats_screen import StatsScreen  # flet_charts, as above

            return StatsScreen(app.stats, app)
    return Home(app, prefs)


@ft.component
def App(app: AppState, prefs: Prefs, join: Join) -> ft.Control:
    """The whole app for one session.

    ``join`` is passed (not only read through ``app``) so that the code typed
    right redraws this component: the join screen gives way to home.
    """
    page = ft.context.page
    page.theme_mode = THEME_MODES.get(prefs.theme, ft.ThemeMode.SYSTEM)
    # Flutter's own words (a text field's "6 characters remaining", tooltips) in the table's language.
    page.locale_configuration = ft.LocaleConfiguration(
        supported_locales=[ft.Locale(code) for code in LANGUAGES], current_locale=ft.Locale(prefs.language))
    if join.locked:
        return ft.SafeArea(expand=True, content=JoinScreen(join, app))
    screen = _screen(app, prefs)
    if app.notice:  # in the layout, over nothing; gone in a few seconds and with its screen
        notice = app.notice
        screen = ft.Column([
            Offer(notice.text, prefs.pt("snackbar: take back what was just done", "Undo")
                  if app.deleted is not None else None, act(app.restore_game),
                  lambda: app.dismiss(notice), notice, seconds=OFFER_S if app.deleted else 12),
            screen], expand=True, spacing=6)
    width = 1200 if app.screen in (Screen.GAME, Screen.CHART, Screen.STATS) else MAX_WIDTH
    if prefs.width > width:  # a wide window: a centred column, not stretched buttons
        screen = ft.Row([ft.Container(screen, width=width)], alignment=ft.MainAxisAlignment.CENTER,
                        vertical_alignment=ft.CrossAxisAlignment.STRETCH, expand=True)
    return ft.SafeArea(expand=True, content=screen)
