"""Game over: the winner sentence, the ranking (place, name, score), "Rematch"; the final Block below."""

from __future__ import annotations

import re

import flet as ft

from ..i18n import format_score
from ..state import AppState, Table
from .view import view
from .widgets import act, wide_button

BEFORE_NUMBER = re.compile(r" (?=[−-]?\d)")


def kept_with_its_number(line: str) -> str:
    """``line`` with each number bound to the word before it (a no-break space): a narrow panel
    (a phone on its side) wrote "share the win at" / "0"."""
    return BEFORE_NUMBER.sub("\u00a0", line)


@view(lambda table: table.game is not None and table.game.outcome is not None)
def GameOver(table: Table, app: AppState) -> ft.Control:
    """R13 spelled out: who won, shared wins, who ran past the limit; every player's place."""
    lines = table.block.outcome_lines()
    ranking = [
        ft.Row([ft.Text(f"{place}.", size=17, width=30, weight=ft.FontWeight.BOLD),
                ft.Text(name, size=17, expand=True, no_wrap=True, overflow=ft.TextOverflow.ELLIPSIS),
                ft.Text(format_score(score), size=17, weight=ft.FontWeight.BOLD)])
        for place, name, score in table.block.ranking()
    ]
    return ft.Semantics(
        identifier="game-over",
        label=" ".join(lines),
        container=True,
        content=ft.Container(
            content=ft.Column(
                [
                    *[ft.Text(kept_with_its_number(line), size=22 if i == len(lines) - 1 else 17,
                              weight=ft.FontWeight.BOLD) for i, line in enumerate(lines)],
                    ft.Semantics(identifier="ranking", container=True,
                                 content=ft.Column(ranking, spacing=0)),
                    *([ft.Semantics(identifier="evening", content=ft.Text(evening, size=15))]
                      if (evening := table.block.evening_line()) else []),
                    wide_button(table.prefs.t("Rematch"), act(app.rematch), icon=ft.Icons.REPLAY),
                ],
                spacing=6,
            ),
            bgcolor=ft.Colors.TERTIARY_CONTAINER,
            padding=12,
            border_radius=12,
        ),
    )
