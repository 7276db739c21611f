"""Game over: the winner(s) in words, then the final Block, "Rematch"."""

from __future__ import annotations

import flet as ft

from ..state import AppState
from .view import view
from .widgets import wide_button


@view(lambda app: app.game is not None and app.game.outcome is not None)
def GameOver(app: AppState) -> ft.Control:
    """R13 spelled out: who won, shared wins, who ran past the limit."""
    lines = app.outcome_lines()
    return ft.Semantics(
        identifier="game-over",
        content=ft.Container(
            content=ft.Column(
                [
                    *[ft.Text(line, size=24 if i == len(lines) - 1 else 18,
                              weight=ft.FontWeight.BOLD) for i, line in enumerate(lines)],
                    wide_button(app.t("rematch"), app.rematch, icon=ft.Icons.REPLAY),
                ],
                spacing=6,
            ),
            bgcolor=ft.Colors.TERTIARY_CONTAINER,
            padding=12,
            border_radius=12,
        ),
    )
