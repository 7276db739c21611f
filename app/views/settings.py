"""Settings: language and theme; backup (export all games, import a backup)."""

from __future__ import annotations

import flet as ft

from ..i18n import LANGUAGES
from ..state import AppState, Prefs
from .backup import BackupPanel
from .top_bar import top_bar
from .view import view
from .widgets import act, message_text, on_value


@view()
def SettingsScreen(app: AppState, prefs: Prefs) -> ft.Control:
    """Language (the rule book's three) and light or dark."""
    return ft.Column(
        [
            top_bar(prefs.t("Settings"), app.back, prefs.t("Back")),
            ft.Text(prefs.t("Language"), size=16, weight=ft.FontWeight.BOLD),
            ft.Row(
                [
                    ft.Button(
                        content=name,
                        icon=ft.Icons.CHECK if code == prefs.language else None,  # (no ✓ glyph offline)
                        on_click=act(app.set_language, code),
                        height=48,
                        style=ft.ButtonStyle(
                            side=ft.BorderSide(3, ft.Colors.PRIMARY) if code == prefs.language else None
                        ),
                    )
                    for code, name in LANGUAGES.items()
                ],
                wrap=True,
            ),
            ft.Switch(label=prefs.t("Dark theme"), value=prefs.dark,
                      padding=ft.Padding.symmetric(horizontal=4, vertical=8),  # a 48 px tap target
                      on_change=on_value(app.set_dark)),
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
