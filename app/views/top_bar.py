"""The bar on top of every screen but home: back, a title, optional actions."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft


def icon_action(icon: ft.IconData, label: str, on_click: Callable[[], None],
                identifier: str, disabled: bool = False) -> ft.Control:
    """An icon button with an accessible name (screen readers and tests find it by label)."""
    return ft.Semantics(
        identifier=identifier,
        label=label,
        button=True,
        content=ft.IconButton(icon, on_click=on_click, disabled=disabled, icon_size=28),
    )


def top_bar(title: str, on_back: Callable[[], None], back_label: str,
            actions: list[ft.Control] | None = None) -> ft.Control:
    """A row with a labelled back button, the title and actions."""
    return ft.Row(
        [
            icon_action(ft.Icons.ARROW_BACK, back_label, on_back, "back"),
            ft.Text(title, size=22, weight=ft.FontWeight.BOLD, expand=True),
            *(actions or []),
        ],
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )
