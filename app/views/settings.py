"""Settings: language and theme; backup (export all games, import a backup)."""

from __future__ import annotations

import flet as ft

from ..i18n import LANGUAGES
from ..state import AppState
from .backup import BackupPanel
from .top_bar import top_bar
from .view import view


@view()
def SettingsScreen(app: AppState) -> ft.Control:
    """Language (the rule book's three) and light or dark."""
    return ft.Column(
        [
            top_bar(app.t("settings"), app.go_home, app.t("back")),
            ft.Text(app.t("language"), size=16, weight=ft.FontWeight.BOLD),
            ft.Row(
                [
                    ft.Button(
                        content=name,
                        on_click=lambda _, code=code: app.set_language(code),
                        style=ft.ButtonStyle(
                            side=ft.BorderSide(3, ft.Colors.PRIMARY) if code == app.language else None
                        ),
                    )
                    for code, name in LANGUAGES.items()
                ],
                wrap=True,
            ),
            ft.Switch(label=app.t("dark_theme"), value=app.dark,
                      on_change=lambda e: app.set_dark(bool(e.control.value))),
            ft.Divider(),
            BackupPanel(app),
        ],
        scroll=ft.ScrollMode.AUTO,
        expand=True,
        spacing=16,
    )
