"""The bar on top of every screen but home: back, a title, optional actions."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import flet as ft

from .widgets import one_control


def icon_action(icon: ft.IconData, label: str, on_click: Callable[[], Awaitable[Any] | Any] | None,
                identifier: str, disabled: bool = False) -> ft.Control:
    """A 48 px icon button with an accessible name (the icon has none), read once."""
    return one_control(ft.IconButton(icon, on_click=on_click, disabled=disabled, icon_size=26,
                                     width=48, height=48), label, identifier=identifier,
                       disabled=disabled)


def top_bar(title: str, on_back: Callable[[], Awaitable[Any] | Any], back_label: str,
            actions: list[ft.Control] | None = None) -> ft.Control:
    """A row with a labelled back button, the title and actions."""
    return ft.Row(
        [
            icon_action(ft.Icons.ARROW_BACK, back_label, on_back, "back"),
            ft.Text(title, size=20, weight=ft.FontWeight.BOLD, expand=True, no_wrap=True,
                    overflow=ft.TextOverflow.ELLIPSIS),
            *(actions or []),
        ],
        spacing=0,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )
