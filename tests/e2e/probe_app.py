"""A probe for the contrast test: a text in its background's colour, a greyed-out text too faint
even for a greyed-out control (2:1), and one that reads — in the light and the dark theme.

Served by the browser test (``python -m tests.e2e.probe_app``) as the app is: the
measuring must find the first two and only them.
"""

from __future__ import annotations

import flet as ft

from app.main import theme
from app.server import serve


def main(page: ft.Page) -> None:
    page.theme = theme()
    page.dark_theme = theme()
    page.theme_mode = ft.ThemeMode.SYSTEM
    page.padding = 16
    page.add(
        ft.Text("Invisible", size=20, color=ft.Colors.SURFACE),
        ft.Text("Readable", size=20),
        ft.Button("Faint", disabled=True, style=ft.ButtonStyle(
            bgcolor={ft.ControlState.DISABLED: ft.Colors.SURFACE},
            color={ft.ControlState.DISABLED: ft.Colors.with_opacity(0.3, ft.Colors.ON_SURFACE)})),
    )


if __name__ == "__main__":
    serve(main=main)
