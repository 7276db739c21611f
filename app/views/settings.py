"""Settings: language and theme; backup (export all games, import a backup)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import flet as ft

from ..i18n import LANGUAGES
from ..state import AppState, Prefs
from ..state.prefs import THEMES
from .backup import BackupPanel
from .top_bar import top_bar
from .view import view
from .widgets import act, message_text


def choices(chosen: str, named: dict[str, str], choose: Callable[[str], Awaitable[None]]) -> ft.Control:
    """One button per choice, the chosen one ticked and framed."""
    return ft.Row(
        [
            ft.Button(
                content=name,
                icon=ft.Icons.CHECK if key == chosen else None,  # (no ✓ glyph offline)
                on_click=act(choose, key),
                height=48,
                style=ft.ButtonStyle(side=ft.BorderSide(3, ft.Colors.PRIMARY) if key == chosen else None),
            )
            for key, name in named.items()
        ],
        wrap=True,
    )


@view()
def SettingsScreen(app: AppState, prefs: Prefs) -> ft.Control:
    """Language (the rule book's three) and the theme: as the phone (its own light or dark), light, dark."""
    themes = {"system": prefs.t("As the phone"), "light": prefs.t("Light"), "dark": prefs.t("Dark")}
    return ft.Column(
        [
            top_bar(prefs.t("Settings"), app.back, prefs.t("Back")),
            ft.Text(prefs.t("Language"), size=16, weight=ft.FontWeight.BOLD),
            choices(prefs.language, LANGUAGES, app.set_language),
            ft.Text(prefs.t("Theme"), size=16, weight=ft.FontWeight.BOLD),
            choices(prefs.theme, {key: themes[key] for key in THEMES}, app.set_theme),
            ft.Divider(),
            *([message_text(prefs.t("This browser may clear stored games when space runs low: "
                                    "keep a copy with “Export all games”."), error=False)]
              if app.evictable else []),
            BackupPanel(app.backup, app),
        ],
        scroll=ft.ScrollMode.AUTO,
        expand=True,
        spacing=16,
    )
