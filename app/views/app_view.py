"""The root component: picks the screen the state asks for."""

from __future__ import annotations

import flet as ft

from ..state import AppState, Screen
from .game_screen import GameScreen
from .home import Home
from .join import JoinScreen
from .new_game import NewGame
from .round_editor import RoundEditor
from .settings import SettingsScreen
from .stats_screen import StatsScreen

MAX_WIDTH = 720


@ft.component
def App(app: AppState) -> ft.Control:
    """The whole app for one session."""
    ft.context.page.theme_mode = ft.ThemeMode.DARK if app.dark else ft.ThemeMode.LIGHT
    screens = {
        Screen.HOME: Home,
        Screen.NEW_GAME: NewGame,
        Screen.GAME: GameScreen,
        Screen.EDIT: RoundEditor,
        Screen.SETTINGS: SettingsScreen,
        Screen.STATS: StatsScreen,
    }
    screen = JoinScreen(app) if app.locked else screens[app.screen](app)
    if app.width > MAX_WIDTH:  # tablet or desktop: a phone-width column in the middle
        screen = ft.Row([ft.Container(screen, width=MAX_WIDTH)], alignment=ft.MainAxisAlignment.CENTER,
                        vertical_alignment=ft.CrossAxisAlignment.STRETCH, expand=True)
    return ft.SafeArea(expand=True, content=screen)
