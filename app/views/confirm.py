"""A button whose command asks first ("Cancel round?", "Delete this game?"): an AlertDialog."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import flet as ft

from .widgets import one_control


@ft.component
def ConfirmButton(label: str, question: str, yes: str, no: str,
                  run: Callable[[], Awaitable[Any]], ask: bool = True,
                  identifier: str | None = None, icon: ft.IconData | None = None,
                  label_text: str | None = None) -> ft.Control:
    """``label`` runs ``run``; when ``ask``, only after ``question`` is answered with ``yes``.

    An icon-only button (empty ``label``) is named by ``label_text`` for screen readers.
    """
    asking, set_asking = ft.use_state(False)

    async def tapped() -> None:
        if ask:
            set_asking(True)
        else:
            await run()

    async def confirmed() -> None:
        set_asking(False)
        await run()

    ft.use_dialog(ft.AlertDialog(
        modal=True,
        content=ft.Text(question, size=18),
        actions=[
            ft.TextButton(content=ft.Text(no, size=17), on_click=lambda: set_asking(False), height=48),
            ft.FilledButton(content=ft.Text(yes, size=17), on_click=confirmed, height=48),
        ],
        on_dismiss=lambda: set_asking(False),
    ) if asking else None)
    if label:
        button: ft.Control = ft.TextButton(content=ft.Text(label, size=16), icon=icon,
                                           on_click=tapped, height=48)
    else:
        button = ft.IconButton(icon, on_click=tapped, width=48, height=48, icon_size=26)
    if label_text:  # an icon-only button: named once (a labelled wrapper would read as two)
        return one_control(button, label_text, identifier=identifier)
    return ft.Semantics(identifier=identifier, content=button) if identifier else button
