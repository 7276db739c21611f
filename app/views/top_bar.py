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


TITLE_ROOM = 100
"""Pixels a title such as "Runde 12" or "Ronde 12" needs at its size (84–88 px drawn)."""


def top_bar(title: str, on_back: Callable[[], Awaitable[Any] | Any], back_label: str,
            actions: list[ft.Control] | None = None, *, short_title: str | None = None,
            width: float = 0) -> ft.Control:
    """A row with a labelled back button, the title and actions. Where the buttons leave the title
    less than :data:`TITLE_ROOM` (six of them at 360 px: "Runde 11" was cut to "Run…"), it is drawn
    as ``short_title`` and still read whole (``width`` 0: not known yet)."""
    actions = actions or []
    short = short_title is not None and 0 < width - 48 * (1 + len(actions)) < TITLE_ROOM
    return ft.Row(
        [
            icon_action(ft.Icons.ARROW_BACK, back_label, on_back, "back"),
            ft.Text(short_title if short else title, semantics_label=title if short else None, size=20,
                    weight=ft.FontWeight.BOLD, expand=True, no_wrap=True, overflow=ft.TextOverflow.ELLIPSIS),
            *actions,
        ],
        spacing=0,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )
