"""Several phones: the join screen of a new device, and the host's QR code and join code."""

from __future__ import annotations

import flet as ft

from ..lan import qr_png
from ..state import AppState
from .view import view
from .widgets import message_text, wide_button


@view(lambda app: app.locked)
def JoinScreen(app: AppState) -> ft.Control:
    """All a device sees before its join code is right (no game data)."""
    return ft.Column(
        [
            ft.Text(app.t("join_title"), size=26, weight=ft.FontWeight.BOLD),
            ft.Text(app.t("join_help"), size=16),
            ft.TextField(label=app.t("join_code"), value=app.join_text, max_length=6,
                         keyboard_type=ft.KeyboardType.NUMBER, text_size=28, width=220,
                         on_change=lambda e: app.set_join_text(e.control.value),
                         on_submit=lambda _: app.join()),
            message_text(app.join_error),
            wide_button(app.t("join"), app.join, icon=ft.Icons.LOGIN),
        ],
        spacing=16,
    )


@view(lambda app: app.gate is not None and not app.locked and app.join_url is not None)
def JoinPanel(app: AppState) -> ft.Control:
    """On the serving device: the address as a QR code, and the join code, big."""
    url, code = app.join_url, app.gate.code
    return ft.Semantics(
        identifier="join-panel",
        label=app.t("other_phones_help", url=url, code=code),
        content=ft.Container(
            content=ft.Row(
                [
                    ft.Image(src=qr_png(url), width=132, height=132),
                    ft.Column(
                        [
                            ft.Text(app.t("other_phones"), size=16, weight=ft.FontWeight.BOLD),
                            ft.Text(url, size=14, selectable=True),
                            ft.Text(f"{code[:3]} {code[3:]}", size=34, weight=ft.FontWeight.BOLD),
                        ],
                        spacing=2,
                        expand=True,
                    ),
                ],
            ),
            bgcolor=ft.Colors.SURFACE_CONTAINER,
            border_radius=12,
            padding=10,
        ),
    )
