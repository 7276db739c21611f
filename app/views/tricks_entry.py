"""End of a round: tricks per player as one tap each (0–6), what is left shown."""

from __future__ import annotations

import flet as ft

from ..draft import RoundDraft
from ..state import AppState
from .view import view
from .widgets import message_text, wide_button


def _count_button(app: AppState, player: str, made: int, chosen: bool, auto: bool) -> ft.Control:
    return ft.Semantics(
        identifier=f"tricks-{player}-{made}",
        label=f"{player} {made}",
        selected=chosen,
        button=True,
        content=ft.Container(
            content=ft.Text(str(made), size=20, weight=ft.FontWeight.BOLD,
                            color=ft.Colors.ON_PRIMARY if chosen else ft.Colors.ON_SURFACE),
            width=44, height=48,
            alignment=ft.Alignment.CENTER,
            border_radius=10,
            bgcolor=(ft.Colors.TERTIARY if auto else ft.Colors.PRIMARY) if chosen
            else ft.Colors.SURFACE_CONTAINER_HIGHEST,
            on_click=lambda: app.set_tricks(player, made),
        ),
    )


def tricks_rows(app: AppState, draft: RoundDraft) -> list[ft.Control]:
    """One row per player who took part; players who sat out are shown as such."""
    rows: list[ft.Control] = []
    top = app.game.settings.rulebook.tricks_per_round
    for name in app.game.players:
        if name in draft.sat_out:
            rows.append(ft.Text(f"{name}: {app.t('sits_out')}", size=16, italic=True))
            continue
        made = draft.tricks.get(name)
        rows.append(
            ft.Column(
                [
                    ft.Text(name + (f" · {app.t('caller')}" if name == draft.caller else ""),
                            size=17, weight=ft.FontWeight.W_600),
                    ft.Row([_count_button(app, name, n, made == n, draft.auto == name)
                            for n in range(top + 1)], spacing=4),
                ],
                spacing=2,
            )
        )
    return rows


@view(lambda app: app.game is not None and app.draft is not None and app.draft.trump is not None)
def TricksEntry(app: AppState) -> ft.Control:
    """Count the tricks and confirm; the confirm button waits until the round is valid."""
    draft = app.draft
    problem = app.round_problem()
    return ft.Column(
        [
            ft.Text(app.t("tricks_of") + " · " + app.t("round_n", n=app.next_number), size=20,
                    weight=ft.FontWeight.BOLD),
            *tricks_rows(app, draft),
            ft.Semantics(identifier="tricks-left", label=app.tricks_status(),
                         content=ft.Text(app.tricks_status(), size=17, weight=ft.FontWeight.BOLD)),
            message_text(problem if draft.tricks else None),
            wide_button(app.t("confirm_round"), app.confirm_round, disabled=problem is not None,
                        icon=ft.Icons.CHECK),
            ft.TextButton(content=app.t("back_to_play"), on_click=app.back_to_play),
        ],
        scroll=ft.ScrollMode.AUTO,
        expand=True,
        spacing=10,
    )
